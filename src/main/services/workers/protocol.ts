/**
 * The messages between a worker pool and its workers, and the worker side of them (`serveTasks`).
 *
 * Main → worker: `run` one task, `cancel` it. Worker → main: `progress` (0..1), then exactly one
 * of `done` (the task's value) or `failed` (it threw). A worker runs one task at a time; the pool
 * never sends a second `run` before the first one answered.
 */
import { parentPort } from 'node:worker_threads';
import { setWorkingOnSink } from '../../../shared/util/working-on';

let sharedWith: SharedArrayBuffer | undefined;

/**
 * Write what this worker works on (`workingOn`) into `buf`, which the pool reads when a task runs
 * over its budget: an Int32 length, then the UTF-8 text (cut to fit).
 */
function shareWorkingOn(buf: SharedArrayBuffer): void {
  if (sharedWith === buf) return;
  sharedWith = buf;
  const len = new Int32Array(buf, 0, 1);
  const bytes = new Uint8Array(buf, 4);
  const enc = new TextEncoder();
  setWorkingOnSink((what) => {
    const { written } = enc.encodeInto(what, bytes);
    Atomics.store(len, 0, written);
  });
}

/** Messages the pool sends. */
export type ToWorker = { type: 'run'; id: number; task: string; input: unknown; workingOn?: SharedArrayBuffer } | { type: 'cancel'; id: number };

/** Messages a worker sends. */
export type FromWorker =
  | { type: 'progress'; id: number; fraction: number }
  | { type: 'done'; id: number; value: unknown }
  | { type: 'failed'; id: number; message: string; stack?: string };

/** What a task handler gets besides its input. */
export interface TaskContext {
  /** Aborted when the pool cancels the task; handlers pass it on to the work they do. */
  signal: AbortSignal;
  /** Report progress (0..1); cheap to call often, at most one message per percent is sent. */
  progress(fraction: number): void;
}

/** The tasks a worker entry serves: name → handler. Values must survive structured cloning. */
export type TaskHandlers = Record<string, (input: never, ctx: TaskContext) => unknown>;

/** Serve `handlers` on this worker's parent port (call once, at the top of a worker entry). */
export function serveTasks(handlers: TaskHandlers): void {
  const port = parentPort;
  if (!port) throw new Error('A worker entry must run in a worker thread (start it through WorkerPool).');
  const running = new Map<number, AbortController>();
  port.on('message', (msg: ToWorker) => {
    if (msg.type === 'cancel') {
      running.get(msg.id)?.abort();
      return;
    }
    const abort = new AbortController();
    running.set(msg.id, abort);
    if (msg.workingOn) shareWorkingOn(msg.workingOn);
    let sent = -1;
    const ctx: TaskContext = {
      signal: abort.signal,
      progress(fraction) {
        const pct = Math.floor(Math.min(1, Math.max(0, fraction)) * 100);
        if (pct === sent) return;
        sent = pct;
        port.postMessage({ type: 'progress', id: msg.id, fraction: pct / 100 } satisfies FromWorker);
      },
    };
    const handler = Object.hasOwn(handlers, msg.task) ? handlers[msg.task] : undefined;
    void (async () => {
      try {
        if (!handler) throw new Error(`This worker has no task "${msg.task}"; it serves ${Object.keys(handlers).join(', ')}.`);
        const value = await handler(msg.input as never, ctx);
        port.postMessage({ type: 'done', id: msg.id, value } satisfies FromWorker);
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e));
        port.postMessage({ type: 'failed', id: msg.id, message: error.message, ...(error.stack ? { stack: error.stack } : {}) } satisfies FromWorker);
      } finally {
        running.delete(msg.id);
      }
    })();
  });
}
