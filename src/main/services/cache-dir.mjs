// Where the app keeps work it can redo between runs. Plain JavaScript: the CLI's launcher
// (scripts/cli.mjs) reads it before anything is compiled; paths.ts re-exports it for the app.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * `FUQI_CACHE_DIR`, else the platform's cache folder (~/.cache/fuqi-workshop,
 * ~/Library/Caches/fuqi-workshop, %LOCALAPPDATA%\fuqi-workshop\Cache). `FUQI_CACHE_DIR=off` (or 0)
 * keeps nothing: undefined. Deleting it is always safe: everything in it is rebuilt on the next run.
 */
export function cacheDir(env = process.env, platform = process.platform) {
  const set = env.FUQI_CACHE_DIR;
  if (set === 'off' || set === '0') return undefined;
  if (set) return resolve(set);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'fuqi-workshop');
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'fuqi-workshop', 'Cache');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'fuqi-workshop');
}
