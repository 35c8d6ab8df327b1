// What `npm start` needs before it opens the desktop window, each answered with one clear line
// instead of a stack trace: a Node that Electron's tooling supports, and Electron's binary (fetched
// from the internet the first time). Where either is missing, `npm run web` runs the same app in a
// browser meanwhile. Used by scripts/start.mjs; tested in tests/start-checks.test.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Electron 45's tooling (@electron/get, its installer) needs this Node or newer. */
export const DESKTOP_NODE = [22, 12, 0];

/** One line when `version` (e.g. "20.19.2") is older than DESKTOP_NODE; otherwise null. */
export function nodeProblem(version = process.versions.node) {
  const have = version.replace(/^v/, '').split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < 3; i++) {
    if (have[i] > DESKTOP_NODE[i]) return null;
    if (have[i] < DESKTOP_NODE[i]) {
      return `npm start needs Node.js ${DESKTOP_NODE.join('.')} or newer for the desktop app (this is Node ${version}): install Node 22 LTS or newer from https://nodejs.org, then run npm start again. Meanwhile \`npm run web\` runs the same app in your browser.`;
    }
  }
  return null;
}

/** Whether Electron's binary is in place in `electronDir` (node_modules/electron). */
export function electronInstalled(electronDir) {
  try {
    const exe = readFileSync(join(electronDir, 'path.txt'), 'utf8').trim();
    return exe !== '' && existsSync(join(electronDir, 'dist', exe));
  } catch {
    return false;
  }
}

/**
 * Fetch Electron's binary with its own installer when it is missing. Null when it is in place
 * afterwards; otherwise one line saying why (the installer's last error line) and what to do.
 */
export function electronProblem(electronDir, run = (file) => spawnSync(process.execPath, [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) {
  if (!existsSync(join(electronDir, 'package.json'))) {
    return 'Electron is not installed: run `npm install` first.';
  }
  if (electronInstalled(electronDir)) return null;
  const r = run(join(electronDir, 'install.js'));
  if (r.status === 0 && electronInstalled(electronDir)) return null;
  const why = `${r.stderr ?? ''}\n${r.error?.message ?? ''}`
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('at '))
    .pop();
  return `Electron's binary could not be downloaded${why ? ` (${why.slice(0, 160)})` : ''}: check the internet connection (or set ELECTRON_MIRROR to a mirror) and run npm start again. Meanwhile \`npm run web\` runs the same app in your browser.`;
}
