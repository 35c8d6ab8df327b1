import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { err } from '../../../shared/util/result';
import type { ExportTasks } from './export-tasks';
import type { ExportWorkerData } from './export-worker';
import { WorkerPool, WorkerTaskError, type PoolOptions, type RunOptions } from './pool';

/** The pool of export workers (layout, preflight, export, rulebooks). */
export type ExportPool = WorkerPool<ExportTasks>;

/**
 * The time budget of each task (ms): what the user waits for (a page of the deck, the row being
 * typed, a preflight) gets seconds, an export minutes. A task over it is stopped and its worker
 * restarted, with a message naming what it was working on (see pool.ts).
 */
export const EXPORT_TASK_BUDGETS: Readonly<Record<keyof ExportTasks, number>> = {
  render: 30_000,
  'render-row': 15_000,
  preflight: 60_000,
  'rulebook-render': 60_000,
  measure: 15_000,
  'list-fonts': 30_000,
  'inspect-font': 15_000,
  'read-sheet': 30_000,
  'save-cards': 60_000,
  'lab-report': 2 * 60_000,
  export: 10 * 60_000,
  'zodiac-kit': 5 * 60_000,
  'card-kit': 5 * 60_000,
  rulebook: 5 * 60_000,
};

/** A pool on `export-worker` (built as `out/main/export-worker.js`, bundled on the fly from sources). */
export function createExportPool(data: ExportWorkerData, opts: Omit<PoolOptions, 'entry' | 'workerData'> = {}): ExportPool {
  const source = join(dirname(fileURLToPath(import.meta.url)), 'export-worker.ts');
  return new WorkerPool<ExportTasks>({ entry: { source, built: 'export-worker.js' }, workerData: data, budgets: EXPORT_TASK_BUDGETS, ...opts });
}

/**
 * Run a task and answer its Result; a task the pool could not finish (cancelled, crashed worker)
 * becomes a failure with the pool's code (`worker/…`) and message instead of a throw.
 */
export async function runTask<K extends keyof ExportTasks>(pool: ExportPool, task: K, input: ExportTasks[K]['input'], opts: RunOptions = {}): Promise<ExportTasks[K]['output']> {
  try {
    return await pool.run(task, input, opts);
  } catch (e) {
    if (!(e instanceof WorkerTaskError)) throw e;
    // The user sees the message; the log keeps where in the worker it went wrong.
    if (e.code === 'worker/failed' || e.code === 'worker/crashed') console.error(`[workers] ${task}: ${e.workerStack ?? e.message}`);
    if (e.code === 'worker/over-budget') console.warn(`[workers] ${e.message}`);
    return err(e.code, e.message, e.zh ? { zh: e.zh } : undefined) as ExportTasks[K]['output'];
  }
}
