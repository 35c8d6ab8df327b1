// `npm start` on a machine that cannot open the desktop app yet says so in one line (what to
// install, or `npm run web` meanwhile), never with a stack trace.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { electronInstalled, electronProblem, nodeProblem } from '../scripts/start-checks.mjs';

const ROOT = resolve(__dirname, '..');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A stand-in for node_modules/electron: its package.json, and the binary when `withBinary`. */
function electronDir(withBinary: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'fuqi-electron-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'package.json'), '{"name":"electron","version":"45.5.0"}');
  if (withBinary) {
    writeFileSync(join(dir, 'path.txt'), 'electron');
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'electron'), '');
  }
  return dir;
}

describe('the Node version npm start needs', () => {
  it('refuses Node older than 22.12 in one line naming both versions and npm run web', () => {
    for (const v of ['20.19.2', '22.11.9', '18.0.0', 'v21.7.3']) {
      const line = nodeProblem(v);
      expect(line, v).toMatch(/Node\.js 22\.12\.0 or newer/);
      expect(line).toContain(`Node ${v}`);
      expect(line).toContain('npm run web');
      expect(line).not.toContain('\n');
    }
  });
  it('accepts 22.12 and newer', () => {
    for (const v of ['22.12.0', '22.20.1', '24.0.0', 'v23.1.0']) expect(nodeProblem(v), v).toBeNull();
  });
  it('`node scripts/start.mjs` on this machine answers as the check does, in one line, no stack trace', () => {
    const expected = nodeProblem(process.versions.node);
    if (expected === null) return; // This Node can run Electron's tooling: the next test covers the binary.
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(expected);
    expect(r.stdout).toBe('');
  });
});

describe('Electron’s binary', () => {
  it('is found where its installer puts it', () => {
    expect(electronInstalled(electronDir(true))).toBe(true);
    expect(electronInstalled(electronDir(false))).toBe(false);
  });
  it('is not fetched again when it is in place', () => {
    let ran = 0;
    expect(electronProblem(electronDir(true), () => (ran++, { status: 0, stderr: '' }))).toBeNull();
    expect(ran).toBe(0);
  });
  it('a failed download becomes one line with the installer’s reason, not its stack', () => {
    const stderr = 'RequestError: getaddrinfo ENOTFOUND github.com\n    at ClientRequest.<anonymous> (/x/got/index.js:1:1)\n    at Object.onceWrapper (node:events:1:1)\n';
    const line = electronProblem(electronDir(false), () => ({ status: 1, stderr }));
    expect(line).toBe(
      "Electron's binary could not be downloaded (RequestError: getaddrinfo ENOTFOUND github.com): check the internet connection (or set ELECTRON_MIRROR to a mirror) and run npm start again. Meanwhile `npm run web` runs the same app in your browser.",
    );
  });
  it('a missing electron package says to run npm install', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fuqi-electron-'));
    dirs.push(dir);
    expect(electronProblem(dir)).toBe('Electron is not installed: run `npm install` first.');
  });
});
