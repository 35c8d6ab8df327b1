// Bundle a source file for Node as one ES module, the way the app ships its code (electron-vite
// bundles main and the renderer's bot worker). Under tsx every module is compiled to CommonJS on its
// own and each cross-module reference becomes a getter call; the engine's hot loops cross modules
// constantly, so timing it from sources would measure tsx rather than the engine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const dir = mkdtempSync(join(tmpdir(), 'fuqi-bench-bundle-'));
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));

/** `entry` (relative to bench/) bundled into a temporary `.mjs`; its file URL, ready for `import()` or a Worker. */
export async function bundle(entry: string): Promise<URL> {
  const source = fileURLToPath(new URL(entry, import.meta.url));
  const outfile = join(dir, basename(source).replace(/\.ts$/, '.mjs'));
  await build({ entryPoints: [source], bundle: true, format: 'esm', platform: 'node', target: 'node20', outfile, logLevel: 'error' });
  return pathToFileURL(outfile);
}
