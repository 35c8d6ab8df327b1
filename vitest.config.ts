import { svelte } from '@sveltejs/vite-plugin-svelte';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Fonts the tests decompress are cached in the run's reports folder, never in the user's cache
// folder (workers inherit the variable).
process.env.FUQI_CACHE_DIR ??= resolve(__dirname, 'reports', 'cache');

export default defineConfig({
  // Compiles runes in `*.svelte.ts` state classes so their tests run them as the app does.
  plugins: [svelte()],
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    // Vitest leaves one core free by default: on the 2-core build machine that is one file at a
    // time. Most files wait on I/O, workers or child processes part of the time, so use them all.
    maxWorkers: Math.max(2, availableParallelism()),
    // Files share their workers' module instances instead of importing everything afresh per
    // file: importing was a quarter of the suite's CPU (fontkit, pdf-lib, sharp, zod schemas and
    // the Svelte transform, again for each of ~120 files). A test that changes module state
    // (the interface language, say) puts it back when it ends.
    isolate: false,
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
