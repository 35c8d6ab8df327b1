// Bundle a source file for Node as one ES module, the way the app ships its code (electron-vite
// bundles main and the renderer's bot worker). Under tsx or vitest every module is compiled on its
// own and each cross-module reference becomes a getter call; the engine's hot loops cross modules
// constantly, so timing (or soaking) it from sources would measure the loader rather than the engine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

let dir: string | undefined;

/** `source` bundled into a temporary `.mjs` (removed when the process exits); its file URL, ready for `import()` or a Worker. */
export async function bundle(source: URL): Promise<URL> {
  if (!dir) {
    const d = (dir = mkdtempSync(join(tmpdir(), 'fuqi-bundle-')));
    process.once('exit', () => rmSync(d, { recursive: true, force: true }));
  }
  const file = fileURLToPath(source);
  const outfile = join(dir, basename(file).replace(/\.ts$/, '.mjs'));
  await build({ entryPoints: [file], bundle: true, format: 'esm', platform: 'node', target: 'node20', outfile, logLevel: 'error' });
  return pathToFileURL(outfile);
}
