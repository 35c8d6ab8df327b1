import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium';
import { sessionCookieName } from './src/main/web-session';

/**
 * End-to-end tests in browser mode: the built app (`electron-vite build` first, as `npm run
 * test:e2e` does) served by main's web host on 127.0.0.1, driven with Debian's chromium (no
 * Playwright browser download on our machines; see design/environment.md).
 */
// FUQI_E2E_PORT lets two runs share a machine (each starts its own server).
const PORT = Number(process.env.FUQI_E2E_PORT ?? 5178);

// One export folder per run, shared by the runner and its workers: workers inherit this env var
// from the runner process, which evaluates this file first and creates the folder.
process.env.FUQI_E2E_EXPORT_DIR ??= mkdtempSync(join(tmpdir(), 'fuqi-e2e-'));
// The host's session key for this run, shared with the workers the same way. Pages start with the
// cookie the host would set after opening `/?key=…` (web-host.test.ts covers that exchange).
process.env.FUQI_E2E_SESSION_TOKEN ??= randomBytes(24).toString('base64url');
const SESSION_COOKIE = {
  name: sessionCookieName(PORT),
  value: process.env.FUQI_E2E_SESSION_TOKEN,
  domain: '127.0.0.1',
  path: '/',
  expires: -1,
  httpOnly: true,
  secure: false,
  sameSite: 'Strict' as const,
};

export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    colorScheme: 'light',
    // No transitions or spinners (the app honours reduced motion): software-rendered frames are
    // most of the browser's CPU on the 2-core build machine, and no spec asserts a motion.
    reducedMotion: 'reduce',
    storageState: { cookies: [SESSION_COOKIE], origins: [] },
    // No trace by default: recording one (screencast and DOM snapshots) doubled the browser's CPU
    // in every test, passing or not. A failure keeps a screenshot; to trace a failing spec, run it
    // again with `npx playwright test e2e/<spec> --trace on` and open it with `npx playwright show-trace`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
  webServer: {
    command: 'node out/main/web.js',
    url: `http://127.0.0.1:${PORT}/`,
    // Saves go inside the run's folder too (by default they would sit beside it, in the shared tmp).
    env: {
      FUQI_PORT: String(PORT),
      FUQI_EXPORT_DIR: process.env.FUQI_E2E_EXPORT_DIR,
      FUQI_SAVES_DIR: join(process.env.FUQI_E2E_EXPORT_DIR, 'saves'),
      // Projects the tests create live in the run's folder, never in the user's Documents.
      FUQI_PROJECTS_DIR: join(process.env.FUQI_E2E_EXPORT_DIR, 'projects'),
      FUQI_SESSION_TOKEN: process.env.FUQI_E2E_SESSION_TOKEN,
      // Decompressed fonts are cached in the run's folder, not the user's cache folder.
      FUQI_CACHE_DIR: join(process.env.FUQI_E2E_EXPORT_DIR, 'cache'),
    },
    // A server left on this port would export somewhere else; always start our own.
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
