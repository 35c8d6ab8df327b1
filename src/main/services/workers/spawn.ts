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
 * The bundle is CommonJS with its packages left external, like the main bundle, and it is written
 * under `node_modules/.cache/fuqi-workers`: sharp (native), pdf-lib, fontkit and the font and icon files are
 * then found at run time exactly as the app finds them, by walking up to `node_modules`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

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

/**
 * `source` bundled for Node as one CommonJS file, rebuilt once per process. The file's name holds a
 * hash of the source path, so checkouts sharing one node_modules never overwrite each other's
 * bundles and the cache never grows; it is written under a temporary name and renamed, so another
 * process starting a worker meanwhile never reads half a file.
 */
function bundledEntry(source: string): string {
  const hit = bundles.get(source);
  if (hit && existsSync(hit)) return hit;
  // A development dependency, present only where the sources are: loaded here, not at the top.
  const req = createRequire(import.meta.url);
  const esbuild = req('esbuild') as typeof import('esbuild');
  const esbuildPkg = req.resolve('esbuild/package.json');
  const nodeModules = esbuildPkg.slice(0, esbuildPkg.lastIndexOf(`${sep}node_modules${sep}`) + `${sep}node_modules`.length);
  const dir = join(nodeModules, '.cache', 'fuqi-workers');
  mkdirSync(dir, { recursive: true });
  const tag = createHash('sha256').update(source).digest('hex').slice(0, 12);
  const outfile = join(dir, `${basename(source).replace(/\.ts$/, '')}-${tag}.cjs`);
  const tmp = `${outfile}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    esbuild.buildSync({
      entryPoints: [source],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      outfile: tmp,
      logLevel: 'error',
      // CommonJS has no import.meta; modules that resolve package files from it get the bundle's URL.
      banner: { js: 'const __importMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
      define: { 'import.meta.url': '__importMetaUrl' },
    });
    renameSync(tmp, outfile);
  } finally {
    rmSync(tmp, { force: true });
  }
  bundles.set(source, outfile);
  return outfile;
}
