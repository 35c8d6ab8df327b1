// One recipe for the bundles the app makes from its sources at run time: the CLI (scripts/cli.mjs)
// and worker entries started from sources (workers/spawn.ts, under tsx or vitest). Plain JavaScript
// so the CLI's launcher can load it before anything is compiled.
//
// A bundle may live anywhere (the user's cache folder, a temporary folder), never inside the
// install, which may be read-only (a packaged app, a checkout on a read-only disk): so every
// package it leaves external is required by its absolute path, resolved from the importing source
// file, and every module keeps its own `import.meta.url` (the file it came from), so the paths
// resolved from it (the templates folder, worker entries, font and icon files) are those of the
// sources, wherever the bundle is.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageOf = (spec) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

/** esbuild plugin: `import.meta.url` of each source file (not packages) becomes that file's own URL. */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.(ts|mjs)$/ }, (args) => {
      if (/[\\/]node_modules[\\/]/.test(args.path)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      // Only the expression, not the words inside a string.
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: text.replace(/(?<!['"])\bimport\.meta\.url\b(?!['"])/g, url), loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

/**
 * esbuild plugin: packages stay external (unless in `inline`, or imported by an inlined package) and
 * are required by absolute path, resolved from the importing file as Node would resolve it there.
 */
function externals(inline) {
  return {
    name: 'absolute-externals',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:')) return { external: true };
        const fromPackage = /[\\/]node_modules[\\/]/.test(args.importer);
        if (fromPackage || inline.has(packageOf(args.path))) return undefined;
        try {
          return { path: createRequire(join(args.resolveDir, 'x.js')).resolve(args.path), external: true };
        } catch {
          // Not installed (an optional package): left to fail, with Node's own message, if it is ever loaded.
          return { external: true };
        }
      });
    },
  };
}

/**
 * Bundle `entry` for Node as one CommonJS file at `outfile`, written under a temporary name and
 * renamed, so another process never reads half a file. Returns esbuild's metafile (its inputs).
 * `inline` names packages bundled in rather than left external.
 */
export async function bundleForNode({ entry, outfile, root = dirname(entry), inline = new Set() }) {
  const esbuild = createRequire(import.meta.url)('esbuild');
  const tmp = `${outfile}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    const result = await esbuild.build(options({ entry, tmp, root, inline }));
    renameSync(tmp, outfile);
    return result.metafile;
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * As `bundleForNode`, synchronously, for callers that cannot wait (starting a worker): esbuild's
 * synchronous API takes no plugins, so the build runs in a child Node process and this waits for it.
 */
export function bundleForNodeSync({ entry, outfile, root = dirname(entry) }) {
  const r = spawnSync(process.execPath, [join(dirname(fileURLToPath(import.meta.url)), 'node-bundle-child.mjs'), entry, outfile, root], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`Could not bundle ${entry}: ${(r.stderr || r.error?.message || '').trim()}`);
}

function options({ entry, tmp, root, inline }) {
  return {
    entryPoints: [entry],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outfile: tmp,
    absWorkingDir: root,
    metafile: true,
    logLevel: 'error',
    plugins: [externals(inline), ownUrl],
  };
}

