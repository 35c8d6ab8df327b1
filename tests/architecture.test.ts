// The dependency rules of docs/architecture (shared ← main, shared ← renderer, preload knows only
// shared/ipc, games never import each other, cards never import print or games), checked on every
// import of every source file. A violation fails the tests with the file, the import and the rule.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const SRC = join(ROOT, 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(ts|svelte)$/.test(n) ? [p] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

/** Every import of a file: the specifier and, for relative ones, the resolved path under src/. */
function imports(file: string): { spec: string; target?: string }[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => {
    const spec = (m[1] ?? m[2] ?? m[3])!;
    return spec.startsWith('.') ? { spec, target: relative(SRC, resolve(dirname(file), spec)) } : { spec };
  });
}

// Pure packages only (no node:*, no DOM): hyphen/en-us is Liang's algorithm with its patterns; expr-eval-fork
// parses and interprets binding expressions (its evaluate only; see shared/cards/expr.ts); Observable
// Plot draws the balance lab's plots into a document the caller passes in (shared/lab/plots.ts).
const SHARED_PACKAGES = new Set(['zod', 'papaparse', 'linebreak', 'marked', 'hyphen/en-us', 'hyphen/en-us/index.js', 'expr-eval-fork', '@observablehq/plot', 'jsonc-parser']);
const isTest = (f: string) => /\.test\.ts$/.test(f);

interface Violation {
  file: string;
  spec: string;
  rule: string;
}

function check(): Violation[] {
  const out: Violation[] = [];
  for (const abs of files(SRC)) {
    const file = relative(SRC, abs);
    for (const { spec, target } of imports(abs)) {
      const bad = (rule: string) => out.push({ file, spec, rule });
      if (target?.startsWith('renderer') && !file.startsWith('renderer')) bad('nothing outside the renderer imports the renderer');
      if (file.startsWith('shared/')) {
        if (isTest(file)) continue; // tests may read fixtures from disk
        if (target === undefined && !SHARED_PACKAGES.has(spec)) bad(`src/shared is pure: it may import only src/shared and ${[...SHARED_PACKAGES].join(', ')}`);
        if (target !== undefined && !target.startsWith('shared/')) bad('src/shared imports only src/shared');
        const game = file.match(/^shared\/games\/([^/]+)\//)?.[1];
        const tgame = target?.match(/^shared\/games\/([^/]+)\//)?.[1];
        if (game && tgame && game !== tgame) bad('games never import each other');
        if (file.startsWith('shared/cards/') && (target?.startsWith('shared/games') || target?.startsWith('shared/print') || target?.startsWith('shared/engine')))
          bad('cards sit under print and games: they never import them');
        if (file.startsWith('shared/util/') && target && !target.startsWith('shared/util/')) bad('util is the bottom layer');
        if (file.startsWith('shared/print/') && (target?.startsWith('shared/games') || target?.startsWith('shared/engine'))) bad('print never imports games or the engine');
      } else if (file.startsWith('preload/')) {
        if (target === undefined && spec !== 'electron') bad('the preload imports only electron and shared/ipc');
        if (target !== undefined && !target.startsWith('shared/ipc') && !target.startsWith('preload/')) bad('the preload imports only electron and shared/ipc');
      } else if (file.startsWith('renderer/')) {
        if (target !== undefined && !target.startsWith('renderer/') && !target.startsWith('shared/')) bad('the renderer reaches main only through window.api');
        // Unit tests beside renderer code (house style) may also import the test runner, and read
        // fixtures from disk (node's built-ins, the CSV parser), as shared's tests do.
        // zod only to configure it once (jitless, for the CSP); its schemas come from shared.
        const zodSetup = spec === 'zod' && file === 'renderer/src/features/editor/zod-jitless.ts';
        if (target === undefined && !zodSetup && !/^(svelte(\/.*)?|@fontsource\/.+)$/.test(spec) && !(isTest(file) && (spec === 'vitest' || spec.startsWith('node:') || spec === 'papaparse'))) bad('the renderer imports only svelte, fonts and shared');
      } else if (file.startsWith('main/')) {
        if (target !== undefined && !target.startsWith('main/') && !target.startsWith('shared/')) bad('main imports only main and shared');
        if (file.startsWith('main/services/') && spec === 'electron') bad('services stay free of electron so the CLI, the web host and tests can run them');
      }
    }
  }
  return out;
}

describe('architecture', () => {
  it('every import follows the dependency rules', () => {
    const v = check();
    expect(v.map((x) => `${x.file}: "${x.spec}" — ${x.rule}`)).toEqual([]);
  });

  it('the checker sees real imports (it is not vacuous)', () => {
    const all = files(SRC).flatMap((f) => imports(f));
    expect(all.some((i) => i.spec === 'zod')).toBe(true);
    expect(all.some((i) => i.target === 'shared/cards/draw-list')).toBe(true);
    expect(all.some((i) => i.spec === 'electron')).toBe(true);
  });
});
