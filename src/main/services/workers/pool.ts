/**
 * A small pool of worker threads for the heavy work of the app (layout, preflight, export), so the
 * main thread — every IPC request, the window — never waits on it.
 *
 * Invariants:
 * - a worker runs one task at a time; tasks wait in a queue, interactive ones (a page of the deck,
 *   a preflight) ahead of background ones (exports), each kind in arrival order;
 * - workers start on demand and are unreferenced while idle, so an idle pool never keeps a process
 *   (the CLI, a test) alive;
 * - cancelling a queued task drops it; cancelling a running one asks its worker to abort, and a
 *   worker that has not answered within the grace time (2 s) is terminated and replaced;
 * - a worker that crashes (an uncaught error, running out of memory) fails only the task it was
 *   running, with a message saying so; the next task gets a fresh worker.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './protocol';
import { spawnWorker, type WorkerEntry } from './spawn';

/** Input and output of each task a worker entry serves. */
export type TaskMap = Record<string, { input: unknown; output: unknown }>;

/** Why a task did not return a value. */
export type WorkerErrorCode =
  /** Cancelled before it started, or its worker did not stop in time and was terminated. */
  | 'worker/cancelled'
  /** The worker thread died while running it (uncaught error, out of memory, exit). */
  | 'worker/crashed'
  /** The task threw; the message is the task's own. */
  | 'worker/failed'
  /** The pool was closed before the task finished, or a worker could not be started. */
  | 'worker/closed';

/** A task that did not return a value; `code` says why. */
export class WorkerTaskError extends Error {
  constructor(
    public readonly code: WorkerErrorCode,
    message: string,
    public readonly workerStack?: string,
  ) {
    super(message);
    this.name = 'WorkerTaskError';
  }
}

/** Options of a pool. */
export interface PoolOptions {
  entry: WorkerEntry;
  /** Worker threads at most (default `defaultPoolSize()`). */
  size?: number;
  /** Given to every worker as `workerData` (paths it builds its services from). */
  workerData?: unknown;
  /** How long a cancelled task may take to stop before its worker is terminated (default 2,000 ms). */
  cancelGraceMs?: number;
  /** Heap limit of each worker in MB: a worker over it fails its task instead of the whole app (default 4,096). */
  maxHeapMb?: number;
}

/** Options of one task. */
export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  /** `interactive` tasks (what the user is looking at) go ahead of queued `background` ones (default). */
  priority?: 'interactive' | 'background';
}

/** Worker threads for a machine with `cores` cores: one core is left to the main thread, two at most. */
export function defaultPoolSize(cores: number = availableParallelism()): number {
  return Math.max(1, Math.min(2, cores - 1));
}

interface Pending {
  id: number;
  task: string;
  input: unknown;
  opts: RunOptions;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  onAbort?: () => void;
  slot?: Slot;
  done: boolean;
}

interface Slot {
  worker: Worker;
  current?: Pending;
  killTimer?: NodeJS.Timeout;
  error?: Error;
  /** Terminated by the pool (cancel timeout, close): its exit is not a crash. */
  stopping: boolean;
}

/** A pool of worker threads running the tasks of one worker entry (see the module comment). */
export class WorkerPool<T extends TaskMap> {
  private readonly queue: Pending[] = [];
  private readonly slots: Slot[] = [];
  private seq = 0;
  private closed = false;
  /** Worker threads at most. */
  readonly size: number;

  constructor(private readonly opts: PoolOptions) {
    this.size = Math.max(1, Math.floor(opts.size ?? defaultPoolSize()));
  }

  /** Worker threads alive now (they start on demand). */
  get threads(): number {
    return this.slots.length;
  }

  /** Tasks queued or running. */
  get pending(): number {
    return this.queue.length + this.slots.filter((s) => s.current).length;
  }

  /** Run `task` on a worker; rejects with a WorkerTaskError when it cannot return a value. */
  run<K extends keyof T & string>(task: K, input: T[K]['input'], opts: RunOptions = {}): Promise<T[K]['output']> {
    if (this.closed) return Promise.reject(new WorkerTaskError('worker/closed', `The worker pool is closed; "${task}" was not run.`));
    if (opts.signal?.aborted) return Promise.reject(cancelled(task, 'before it started'));
    return new Promise((resolve, reject) => {
      const p: Pending = { id: ++this.seq, task, input, opts, resolve: resolve as (v: unknown) => void, reject, done: false };
      if (opts.signal) {
        p.onAbort = () => this.cancel(p);
        opts.signal.addEventListener('abort', p.onAbort, { once: true });
      }
      const at = opts.priority === 'interactive' ? this.queue.findIndex((q) => q.opts.priority !== 'interactive') : -1;
      if (at < 0) this.queue.push(p);
      else this.queue.splice(at, 0, p);
      this.pump();
    });
  }

  /** Stop every worker; queued and running tasks reject with `worker/closed`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) this.settle(p, new WorkerTaskError('worker/closed', `The worker pool closed before "${p.task}" started.`));
    await Promise.all(
      [...this.slots].map((s) => {
        if (s.current) this.settle(s.current, new WorkerTaskError('worker/closed', `The worker pool closed while "${s.current.task}" was running.`));
        return this.stop(s);
      }),
    );
  }

  /** Hand queued tasks to idle workers, starting workers up to `size`. */
  private pump(): void {
    while (this.queue.length && !this.closed) {
      let slot = this.slots.find((s) => !s.current && !s.stopping);
      if (!slot && this.slots.length < this.size) {
        try {
          slot = this.spawn();
        } catch (e) {
          const p = this.queue.shift()!;
          this.settle(p, new WorkerTaskError('worker/closed', `Could not start a worker thread for "${p.task}": ${(e as Error).message}`));
          continue;
        }
      }
      if (!slot) return;
      const p = this.queue.shift()!;
      slot.current = p;
      p.slot = slot;
      slot.worker.ref();
      slot.worker.postMessage({ type: 'run', id: p.id, task: p.task, input: p.input } satisfies ToWorker);
    }
  }

  private spawn(): Slot {
    const worker = spawnWorker(this.opts.entry, {
      workerData: this.opts.workerData,
      resourceLimits: { maxOldGenerationSizeMb: this.opts.maxHeapMb ?? 4096 },
    });
    const slot: Slot = { worker, stopping: false };
    worker.on('message', (m: FromWorker) => this.onMessage(slot, m));
    // An 'error' is always followed by 'exit'; keep it for the message.
    worker.on('error', (e) => (slot.error = e));
    worker.on('exit', (code) => this.onExit(slot, code));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private onMessage(slot: Slot, m: FromWorker): void {
    const p = slot.current;
    if (!p || p.id !== m.id) return;
    if (m.type === 'progress') {
      p.opts.onProgress?.(m.fraction);
      return;
    }
    this.release(slot);
    if (m.type === 'done') this.settle(p, undefined, m.value);
    else this.settle(p, new WorkerTaskError('worker/failed', m.message, m.stack));
    this.pump();
  }

  private onExit(slot: Slot, code: number): void {
    clearTimeout(slot.killTimer);
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    const p = slot.current;
    slot.current = undefined;
    if (p && !slot.stopping) {
      const why = slot.error ? describeCrash(slot.error) : `it exited with code ${code}`;
      this.settle(p, new WorkerTaskError('worker/crashed', `The worker thread running "${p.task}" stopped unexpectedly: ${why}. A new worker takes the next task; try again.`, slot.error?.stack));
    }
    this.pump();
  }

  /** Ask the worker to abort `p`; terminate it if it has not answered within the grace time. */
  private cancel(p: Pending): void {
    if (p.done) return;
    const q = this.queue.indexOf(p);
    if (q >= 0) {
      this.queue.splice(q, 1);
      this.settle(p, cancelled(p.task, 'before it started'));
      return;
    }
    const slot = p.slot;
    if (!slot || slot.current !== p) return;
    slot.worker.postMessage({ type: 'cancel', id: p.id } satisfies ToWorker);
    slot.killTimer = setTimeout(() => {
      if (slot.current !== p) return;
      slot.current = undefined;
      this.settle(p, cancelled(p.task, `and did not stop within ${this.opts.cancelGraceMs ?? 2000} ms, so its worker was stopped`));
      void this.stop(slot);
      this.pump();
    }, this.opts.cancelGraceMs ?? 2000);
  }

  /** Terminate a worker on purpose (its exit then fails nothing). */
  private stop(slot: Slot): Promise<number> {
    slot.stopping = true;
    clearTimeout(slot.killTimer);
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    return slot.worker.terminate();
  }

  /** The worker finished its task: idle again, and no longer keeping the process alive. */
  private release(slot: Slot): void {
    slot.current = undefined;
    clearTimeout(slot.killTimer);
    slot.worker.unref();
  }

  private settle(p: Pending, error: Error | undefined, value?: unknown): void {
    if (p.done) return;
    p.done = true;
    if (p.onAbort) p.opts.signal?.removeEventListener('abort', p.onAbort);
    if (error) p.reject(error);
    else p.resolve(value);
  }
}

function cancelled(task: string, when: string): WorkerTaskError {
  return new WorkerTaskError('worker/cancelled', `"${task}" was cancelled ${when}.`);
}

function describeCrash(e: Error): string {
  if ((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') return 'it ran out of memory (the work is too big for one task; print fewer cards at a time)';
  return e.message;
}
