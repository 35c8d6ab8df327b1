// `npm run cli`: the command line, bundled into one file and run with plain Node.
//
// Starting the sources through tsx cost ~1.6 s of every run (a loader, then a transform and a
// resolve for each of ~300 modules). The bundle is rebuilt only when a source file it was made
// from changed (esbuild's metafile lists them; their size and mtime are checked, ~5 ms), so a
// changed checkout never runs a stale CLI. It lives in node_modules/.cache/fuqi-cli, named by a
// hash of this checkout's path and this script (checkouts sharing a node_modules keep their own).
// The pure-JavaScript packages every run loads are bundled in too (see INLINE). Every module
// keeps its own `import.meta.url` (the file it came from), so paths resolved from it (the
// templates folder, worker entries, package files) are the same as when run from sources.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'src', 'main', 'cli.ts');
// Named by this checkout and by this script's own text: a changed build recipe is a new bundle.
const tag = createHash('sha256').update(root).update(readFileSync(fileURLToPath(import.meta.url))).digest('hex').slice(0, 12);
// FUQI_CLI_CACHE moves it (the tests use a folder of their own).
const dir = process.env.FUQI_CLI_CACHE ? resolve(process.env.FUQI_CLI_CACHE) : join(root, 'node_modules', '.cache', 'fuqi-cli');
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

/** esbuild plugin: `import.meta.url` of each source file becomes that file's own URL. */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      // Only the expression, not the words inside a string (spawn.ts names it in esbuild options).
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: text.replace(/(?<!['"])\bimport\.meta\.url\b(?!['"])/g, url), loader: 'ts' };
    });
  },
};

/**
 * Pure-JavaScript packages the CLI loads on every run, bundled in: one file to read and compile
 * instead of hundreds of package files to resolve and read (pdf-lib alone has ~200). What they
 * import from node_modules comes in with them. The rest stays external: native code and
 * WebAssembly (sharp, subset-font, fontverter), data files found by path (fonts, icon sets), and
 * what is loaded only when needed (fontkit, exceljs).
 */
const INLINE = new Set(['pdf-lib', 'zod', 'papaparse', 'linebreak', 'hyphen', 'marked', 'expr-eval-fork']);
const packageOf = (spec) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

/** esbuild plugin: packages external unless inlined (or imported by an inlined package). */
const externals = {
  name: 'externals',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      const fromPackage = /[\\/]node_modules[\\/]/.test(args.importer);
      return fromPackage || INLINE.has(packageOf(args.path)) ? undefined : { external: true };
    });
  },
};

async function build() {
  const esbuild = createRequire(import.meta.url)('esbuild');
  mkdirSync(dir, { recursive: true });
  const tmp = `${bundle}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      outfile: tmp,
      absWorkingDir: root,
      metafile: true,
      logLevel: 'error',
      plugins: [externals, ownUrl],
    });
    const inputs = {};
    for (const file of Object.keys(result.metafile.inputs)) {
      const st = statSync(join(root, file));
      inputs[file] = [st.size, st.mtimeMs];
    }
    // The inputs are written first: a bundle is only ever paired with the list it was made from
    // or an older one (which then fails the check and rebuilds).
    writeFileSync(`${inputsFile}.tmp`, JSON.stringify(inputs));
    renameSync(tmp, bundle);
    renameSync(`${inputsFile}.tmp`, inputsFile);
  } finally {
    rmSync(tmp, { force: true });
  }
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
