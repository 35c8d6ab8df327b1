// `npm run cli`: the command line, bundled into one file and run with plain Node.
//
// Starting the sources through tsx cost ~1.6 s of every run (a loader, then a transform and a
// resolve for each of ~300 modules). The bundle is rebuilt only when a source file it was made
// from changed (esbuild's metafile lists them; their size and mtime are checked, ~5 ms), so a
// changed checkout never runs a stale CLI. It lives in the app's cache folder (cli/ in
// FUQI_CACHE_DIR or the platform's cache folder; FUQI_CLI_CACHE moves it), never in the install,
// which may be read-only; it is named by a hash of this checkout's path and this script
// (checkouts sharing a cache keep their own). Packages left out of it are required by absolute
// path (src/main/services/workers/node-bundle.mjs), so it runs from wherever it is.
// The pure-JavaScript packages every run loads are bundled in too (see INLINE). Every module
// keeps its own `import.meta.url` (the file it came from), so paths resolved from it (the
// templates folder, worker entries, package files) are the same as when run from sources.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir } from '../src/main/services/cache-dir.mjs';
import { bundleForNode } from '../src/main/services/workers/node-bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'src', 'main', 'cli.ts');
// Named by this checkout and by this script's own text: a changed build recipe is a new bundle.
const tag = createHash('sha256').update(root).update(readFileSync(fileURLToPath(import.meta.url))).digest('hex').slice(0, 12);
// FUQI_CLI_CACHE moves it (the tests use a folder of their own); with caching off, a folder in the
// system's temporary folder.
const cache = cacheDir();
const dir = process.env.FUQI_CLI_CACHE ? resolve(process.env.FUQI_CLI_CACHE) : cache ? join(cache, 'cli') : join(tmpdir(), 'fuqi-workshop-cli');
const bundle = join(dir, `cli-${tag}.cjs`);
const inputsFile = join(dir, `cli-${tag}.inputs.json`);

/** Whether the bundle exists and every file it was built from is as it was then. */
function fresh() {
  let inputs;
  try {
    statSync(bundle);
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return false;
  }
  return Object.entries(inputs).every(([file, [size, mtime]]) => {
    try {
      const st = statSync(join(root, file));
      return st.size === size && st.mtimeMs === mtime;
    } catch {
      return false;
    }
  });
}

/**
 * Pure-JavaScript packages the CLI loads on every run, bundled in: one file to read and compile
 * instead of hundreds of package files to resolve and read (pdf-lib alone has ~200). What they
 * import from node_modules comes in with them. The rest stays external: native code and
 * WebAssembly (sharp, subset-font, fontverter), data files found by path (fonts, icon sets), and
 * what is loaded only when needed (fontkit, exceljs).
 */
const INLINE = new Set(['pdf-lib', 'zod', 'papaparse', 'linebreak', 'hyphen', 'marked', 'expr-eval-fork']);

async function build() {
  mkdirSync(dir, { recursive: true });
  // A run meanwhile may pair the new bundle with the old list of inputs; the list then fails the
  // check (the sources changed since it was made) and that run builds again.
  const tmpInputs = `${inputsFile}.${process.pid}.tmp`;
  const metafile = await bundleForNode({ entry, outfile: bundle, root, inline: INLINE });
  const inputs = {};
  for (const file of Object.keys(metafile.inputs)) {
    const st = statSync(join(root, file));
    inputs[file] = [st.size, st.mtimeMs];
  }
  writeFileSync(tmpInputs, JSON.stringify(inputs));
  renameSync(tmpInputs, inputsFile);
}

/** Bundles of other checkouts or older recipes not rebuilt for this long are removed after a build. */
const STALE_MS = 7 * 24 * 3600 * 1000;

/** Remove this cache's stale bundles (only files named as this script names them; never ours). */
function prune() {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    const m = /^cli-([0-9a-f]{12})\.(cjs|inputs\.json)$/.exec(name);
    if (!m || m[1] === tag) continue;
    try {
      if (now - statSync(join(dir, name)).mtimeMs > STALE_MS) rmSync(join(dir, name), { force: true });
    } catch {
      // Another run removed it first.
    }
  }
}

if (!fresh()) {
  await build();
  prune();
}
createRequire(import.meta.url)(bundle);
