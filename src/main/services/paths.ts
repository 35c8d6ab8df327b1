import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the app's files are. Built-in projects live in `templates/` at the repository root in
 * development and beside the bundle (`out/main/../../templates`) when built; packaged apps carry
 * them as extra resources. `FUQI_TEMPLATES_DIR` overrides for tests.
 */
export function templatesDir(): string {
  const env = process.env.FUQI_TEMPLATES_DIR;
  if (env) return resolve(env);
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [
    join(here, '..', '..', 'templates'), // out/main → repo, or src/main → repo
    join(here, '..', '..', '..', 'templates'), // src/main/services → repo
    join(process.cwd(), 'templates'),
  ];
  // Packaged Electron apps put templates under process.resourcesPath.
  const rp = (process as { resourcesPath?: string }).resourcesPath;
  if (rp) candidates.unshift(join(rp, 'templates'));
  const found = candidates.find((c) => existsSync(join(c, 'doufu', 'project.json')));
  if (!found) throw new Error(`Built-in projects not found (looked in ${candidates.join(', ')}); set FUQI_TEMPLATES_DIR to the templates folder.`);
  return found;
}

/** Where exports go unless the user chose a file: `FUQI_EXPORT_DIR`, else ~/Documents/Fuqi Workshop/exports. */
export function exportDir(): string {
  return resolve(process.env.FUQI_EXPORT_DIR ?? join(homedir(), 'Documents', 'Fuqi Workshop', 'exports'));
}

/**
 * Where saved matches go: `FUQI_SAVES_DIR`, else a `saves` folder beside the export folder
 * (~/Documents/Fuqi Workshop/saves by default).
 */
export function savesDir(exports: string = exportDir()): string {
  return resolve(process.env.FUQI_SAVES_DIR ?? join(dirname(resolve(exports)), 'saves'));
}

/**
 * Where saved balance-lab runs go (a folder per project inside): `FUQI_LAB_RUNS_DIR`, else a
 * `balance-runs` folder beside the saves folder (~/Documents/Fuqi Workshop/balance-runs by
 * default). Never inside a project: built-in projects are read-only and a project folder is not
 * the app's to write.
 */
export function labRunsDir(saves: string = savesDir()): string {
  return resolve(process.env.FUQI_LAB_RUNS_DIR ?? join(dirname(resolve(saves)), 'balance-runs'));
}

/**
 * Where the user's projects live: `FUQI_PROJECTS_DIR`, else ~/Documents/Fuqi Workshop/projects.
 * Nothing creates it until the first project is written (then 0700).
 */
export function projectsDir(): string {
  return resolve(process.env.FUQI_PROJECTS_DIR ?? join(homedir(), 'Documents', 'Fuqi Workshop', 'projects'));
}

/**
 * Where the app keeps work it can redo, between runs (decompressed fonts, bundles made from
 * sources): see cache-dir.mjs.
 */
export { cacheDir } from './cache-dir.mjs';
