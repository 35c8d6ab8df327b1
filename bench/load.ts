// Loading and saving a card table at the documented limit (PROJECT_LIMITS: 10,000 rows × 200
// columns), in a blank project in a temporary folder. BENCH_ONLY=load runs it alone.
//
//  1. `loadCardSet` on the project's files (what opening the project and every save run).
//     Baseline: papaparse of the same cards.csv text alone — the least any tool does to read it.
//  2. A whole save through the IPC layer (`projects:save-cards`: the payload's validation, the
//     table checked and loaded on a worker, then written): its time, and the longest stretch the
//     main thread could not answer anything else (sampled by a 1 ms timer). Baseline: the same
//     floor as 1. In browser mode the host also parses the request's JSON first; that is shown apart.
//
// Under tsx every module is compiled on its own, which slows cross-module calls: to profile, bundle
// a script calling `benchLoad` as the workers are bundled (`bundleForNode` in
// src/main/services/workers/node-bundle.mjs, packages left external) and run it with `node --cpu-prof`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { createServices } from '../src/main/services';
import { folderReader } from '../src/main/services/projects';
import { createHandlers } from '../src/main/ipc';
import { dispatch } from '../src/main/ipc/registry';
import { loadCardSet } from '../src/shared/cards/load';
import { PROJECT_LIMITS } from '../src/shared/cards/limits';
import { sized } from './scale';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/**
 * A table of `rows` × `columns`: id, copies, template, then fields of short text as a designer's
 * table has them — numbers, Chinese words, empty cells, and now and then a comma, a quote or a line
 * break (quoted in the CSV). About 12 MiB of CSV at the limit, under the 16 MiB file limit.
 */
export function bigTable(rows: number, columns: number): { columns: string[]; rows: string[][] } {
  const names = ['id', 'copies', 'template', 'name', 'text', ...Array.from({ length: Math.max(0, columns - 5) }, (_, i) => `f${i + 5}`)].slice(0, columns);
  const words = ['福', '和气', '鼠', '12', '', 'draw 2', '', '7', '叠蒙', 'a, b', 'say "hi"', 'x\ny'];
  const data = Array.from({ length: rows }, (_, r) =>
    names.map((c, i) => (c === 'id' ? `C${r + 1}` : c === 'copies' ? String(1 + (r % 3)) : c === 'template' ? 'front' : words[(r * 7 + i * 3) % words.length]!)),
  );
  return { columns: names, rows: data };
}

/** The longest gap between ticks of a 1 ms timer while `work` runs: how long the event loop could not answer. */
async function longestBlock(work: () => Promise<unknown>): Promise<{ ms: number; blocked: number }> {
  let last = performance.now();
  let blocked = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    blocked = Math.max(blocked, now - last);
    last = now;
  }, 1);
  const t0 = performance.now();
  await work();
  const took = performance.now() - t0;
  blocked = Math.max(blocked, performance.now() - last);
  clearInterval(timer);
  return { ms: took, blocked };
}

export async function benchLoad(): Promise<void> {
  const nRows = sized(PROJECT_LIMITS.rows, 50);
  const nCols = sized(PROJECT_LIMITS.columns, 12);
  const reps = sized(5, 1);
  const root = mkdtempSync(join(tmpdir(), 'fuqi-bench-load-'));
  const services = createServices({ mode: 'cli', projectsDir: root, exportDir: join(root, 'exports') });
  try {
    const made = services.editor.create({ name: 'Big table', card: { preset: 'poker' } });
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.summary.id;
    const dir = made.value.summary.dir!;
    const table = bigTable(nRows, nCols);
    const handlers = createHandlers(services, () => false);
    const first = services.editor.cards(id);
    if (!first.ok) throw new Error(first.error.message);
    let revision = first.value.revision;
    const save = async (): Promise<void> => {
      const r = await dispatch(handlers, 'projects:save-cards', { id, columns: table.columns, rows: table.rows, baseRevision: revision });
      if (!r.ok) throw new Error(r.error.message);
      revision = (r.value as { revision: string }).revision;
    };
    await save(); // warm: the worker started

    const saves: { ms: number; blocked: number }[] = [];
    for (let i = 0; i < reps; i++) {
      table.rows[i]![3] = `改${i}`; // an edit, so each save writes a new revision
      saves.push(await longestBlock(save));
    }
    // The same timer while the thread does nothing: what a busy machine alone adds to a stretch.
    const idle = await longestBlock(() => new Promise((resolve) => setTimeout(resolve, 1000)));
    // Loading after the saves: the garbage of a load on this thread is not collected during a save.
    const text = readFileSync(join(dir, 'cards.csv'), 'utf8');
    const loads: number[] = [];
    const parses: number[] = [];
    for (let i = 0; i < reps; i++) {
      const t0 = performance.now();
      const r = loadCardSet(folderReader(dir));
      loads.push(performance.now() - t0);
      if (!r.ok || r.value.cards.length !== nRows) throw new Error(`the ${nRows}-row project did not load: ${r.ok ? r.value.cards.length : r.error.message}`);
      const t1 = performance.now();
      Papa.parse(text, { skipEmptyLines: 'greedy' });
      parses.push(performance.now() - t1);
    }
    const floor = median(parses);
    const load = median(loads);
    const whole = median(saves.map((s) => s.ms));
    const blocked = median(saves.map((s) => s.blocked));
    const worst = Math.max(...saves.map((s) => s.blocked));
    // Browser mode parses the request's JSON on the main thread before any of the above.
    const body = JSON.stringify({ id, columns: table.columns, rows: table.rows, baseRevision: revision });
    const t0 = performance.now();
    JSON.parse(body);
    const bodyParse = performance.now() - t0;
    const size = `${nRows.toLocaleString('en')} × ${nCols}, ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MiB CSV`;
    console.log(`loadCardSet, ${size}: ${ms(load)} median of ${reps}`);
    console.log(`Baseline, papaparse of the same cards.csv: ${ms(floor)}; ratio ${(load / floor).toFixed(2)}×`);
    console.log(`Save through projects:save-cards (validate, check, write, load): ${ms(whole)} median; ratio ${(whole / floor).toFixed(2)}× the parse`);
    console.log(`Longest stretch the main thread could not answer during a save: ${ms(blocked)} median, ${ms(worst)} worst of ${reps}; ratio ${(blocked / floor).toFixed(2)}× the parse   [target: < 100 ms]`);
    console.log(`Baseline, the same timer over an idle second: longest stretch ${ms(idle.blocked)} (the machine's own delays)`);
    console.log(`Browser mode only, before that: JSON.parse of the ${(body.length / 1024 / 1024).toFixed(1)} MiB request body on the main thread, ${ms(bodyParse)}`);
  } finally {
    await services.workers.close();
    rmSync(root, { recursive: true, force: true });
  }
}
