import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'electron-vite';
import { injectCsp } from './src/shared/security/csp';

/**
 * Build for the three Electron targets (electron-vite 6 on Vite 8 / rolldown).
 *
 * - main: three entries. `index` is the Electron composition root; `web` is the browser-mode host
 *   (the same handlers over HTTP on 127.0.0.1) and must land at `out/main/web.js` because
 *   `npm run web` and the Playwright config start it from there; `export-worker` is the entry of
 *   the worker threads that lay out and export (services/workers), found beside the main bundle
 *   as `out/main/export-worker.js`. Dependencies stay external:
 *   sharp has a native binary, and pdf-lib, fontkit, subset-font (HarfBuzz wasm) and the
 *   @fontsource font files are read from node_modules at run time.
 * - preload: CommonJS, everything bundled, because a sandboxed preload can neither load ESM nor
 *   `require` anything but `electron` (electron-vite's own note on sandbox).
 * - renderer: Svelte 5, root `src/renderer`, output `out/renderer`, two pages: index.html (the app)
 *   and join.html (the LAN table's page for a seat's own device, which shares no code with the
 *   app's API). Both get their CSP <meta> from src/shared/security/csp.ts, the policy main also
 *   sends as a header (one source of truth).
 *
 * electron-vite 6 reads entries from `build.rolldownOptions.input` (it aliases `rollupOptions` to
 * it); `build.lib` is only used when no input is given, so multiple entries go through `input`.
 */
export default defineConfig({
  main: {
    build: {
      externalizeDeps: {
        // These must never be bundled: native addons, wasm and font files resolved on disk.
        include: ['sharp', 'pdf-lib', '@pdf-lib/fontkit', 'subset-font', '@fontsource/noto-sans-sc', '@fontsource/ma-shan-zheng'],
      },
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          web: resolve(__dirname, 'src/main/web.ts'),
          'export-worker': resolve(__dirname, 'src/main/services/workers/export-worker.ts'),
          'sim-worker': resolve(__dirname, 'src/main/services/simulation/worker.ts'),
          'lab-worker': resolve(__dirname, 'src/main/services/lab/worker.ts'),
        },
        output: {
          format: 'cjs',
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
        },
      },
    },
  },
  preload: {
    build: {
      // Sandboxed preload: bundle shared/ipc into one CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].js' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [
      svelte(),
      // Before Vite's own %ENV% replacement, which would otherwise warn about the placeholder.
      { name: 'fuqi-csp', transformIndexHtml: { order: 'pre', handler: injectCsp } },
    ],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'src/renderer/index.html'),
          // The LAN table's join page: what a player's phone or laptop opens from a seat's link.
          join: resolve(__dirname, 'src/renderer/join.html'),
        },
      },
    },
  },
});
