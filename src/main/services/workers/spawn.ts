/**
 * Start a worker thread on a TypeScript entry, built or from sources.
 *
 * Built (electron-vite), the entry is a file of its own beside the main bundle
 * (`out/main/export-worker.js`), and the worker runs it directly. From sources (the CLI under tsx,
 * vitest) the entry is first bundled with esbuild, once per process and entry: Node 20 does not
 * carry the parent's TypeScript loader into workers, and a bundle runs the code as the app ships
 * it (tsx's per-file CommonJS turns every cross-module reference into a getter call, which costs
 * the engine about a third of its speed).
 *
 * The bundle is CommonJS with its packages left external, like the main bundle, required by their
 * absolute paths, and it is written to the app's cache folder, never into the install: sharp
 * (native), pdf-lib, fontkit and the font and icon files are then found at run time exactly as the
 * app finds them.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { cacheDir } from '../paths';
import { bundleForNodeSync } from './node-bundle.mjs';

/** A worker entry: its TypeScript source and the file name electron-vite gives the built entry. */
export interface WorkerEntry {
  /** Absolute path of the `.ts` entry. */
  source: string;
  /** File name of the built entry (e.g. `export-worker.js`), looked for beside and above `source`'s folder. */
  built: string;
}

/**
 * The file a worker runs for `entry`: the built entry when it exists, else a fresh bundle.
 * In the main bundle, modules may land in `out/main/chunks/`, so the folder above is tried too.
 */
export function workerFile(entry: WorkerEntry): string {
  const here = dirname(entry.source);
  const built = [join(here, entry.built), join(here, '..', entry.built)].find((f) => existsSync(f));
  return built ?? bundledEntry(entry.source);
}

/** Start a worker on `entry` (see `workerFile`). */
export function spawnWorker(entry: WorkerEntry, options: WorkerOptions = {}): Worker {
  return new Worker(workerFile(entry), options);
}

const bundles = new Map<string, string>();
let tempDir: string | undefined;

/**
 * Where bundles made from sources go: the app's cache folder (`FUQI_CACHE_DIR`, else the platform's;
 * see paths.ts), or a temporary folder of this process's own when caching is off. Never inside the
 * install, which may be read-only.
 */
function bundleDir(): string {
  const cache = cacheDir();
  if (cache) {
    const dir = join(cache, 'workers');
    mkdirSync(dir, { recursive: true });
    return dir;
  }
  if (!tempDir) {
    const d = (tempDir = mkdtempSync(join(tmpdir(), 'fuqi-workers-')));
    process.once('exit', () => rmSync(d, { recursive: true, force: true }));
  }
  return tempDir;
}

/**
 * `source` bundled for Node as one CommonJS file, rebuilt once per process (node-bundle.mjs: packages
 * required by absolute path, each module keeping its own `import.meta.url`). The file's name holds a
 * hash of the source path, so checkouts sharing one cache never overwrite each other's bundles and
 * the cache never grows.
 */
function bundledEntry(source: string): string {
  const hit = bundles.get(source);
  if (hit && existsSync(hit)) return hit;
  const tag = createHash('sha256').update(source).digest('hex').slice(0, 12);
  const outfile = join(bundleDir(), `${basename(source).replace(/\.ts$/, '')}-${tag}.cjs`);
  bundleForNodeSync({ entry: source, outfile, root: dirname(source) });
  bundles.set(source, outfile);
  return outfile;
}
