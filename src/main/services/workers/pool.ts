/**
 * A small pool of worker threads for the heavy work of the app (layout, preflight, export), so the
 * main thread — every IPC request, the window — never waits on it.
 *
 * Invariants:
 * - a worker runs one task at a time; tasks wait in a queue, interactive ones (a page of the deck,
 *   a preflight) ahead of background ones (exports), each kind in arrival order;
 * - the queue is per project (`RunOptions.key`): one project never holds more than `size − 1`
 *   workers, nor more than `size − 2` (at least one) with background work, so another project's
 *   task, and the same project's preview during its export, always find a worker; among
 *   projects, the one with the fewest tasks running goes first;
 * - every task has a budget: time (`RunOptions.budgetMs`, by default the pool's per-task
 *   `budgets`) and memory (the worker's heap limit). A task over it fails with
 *   `worker/over-budget`, saying what it was working on (`workingOn`, read from memory the
 *   threads share, since a stuck worker cannot answer), and its worker is terminated; the next
 *   task gets a fresh one;
 * - a task started with `supersede` drops the queued tasks of the same key (a preview of the row
 *   being typed in, a preflight for options since changed): the user has moved on;
 * - workers start on demand and are unreferenced while idle, so an idle pool never keeps a process
 *   (the CLI, a test) alive;
 * - cancelling a queued task drops it; cancelling a running one asks its worker to abort, and a
 *   worker that has not answered within the grace time (2 s) is terminated and replaced;
 * - a worker that crashes (an uncaught error, running out of memory) fails only the task it was
 *   running, with a message saying so; the next task gets a fresh worker.
 */
import type { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './protocol';
import { spawnWorker, type WorkerEntry } from './spawn';
import { describeWorkItem } from '../../../shared/util/working-on';

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
  | 'worker/closed'
  /** The task went over its time or memory budget; its worker was stopped and replaced. */
  | 'worker/over-budget';

/** A task that did not return a value; `code` says why. */
export class WorkerTaskError extends Error {
  constructor(
    public readonly code: WorkerErrorCode,
    message: string,
    public readonly workerStack?: string,
    /** The message in Chinese, where the pool words one (budgets). */
    public readonly zh?: string,
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
  /** Heap limit of each worker in MB: a worker over it fails its task instead of the whole app (default 2,048). */
  maxHeapMb?: number;
  /** Time budget of each task by name, in ms (tasks not named: `defaultBudgetMs`). */
  budgets?: Readonly<Record<string, number>>;
  /** Time budget of a task the `budgets` do not name (default 60,000 ms). */
  defaultBudgetMs?: number;
  /** Told when a task ends, with how long it ran on its worker (for measurements and logs). */
  onTaskEnd?: (task: string, ms: number, outcome: 'done' | WorkerErrorCode) => void;
}

/** Options of one task. */
export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  /** `interactive` tasks (what the user is looking at) go ahead of queued `background` ones (default). */
  priority?: 'interactive' | 'background';
  /** Whose task it is (a project id): each key has its own share of the workers. */
  key?: string;
  /** A newer task with the same `supersede` value drops this one while it is still queued. */
  supersede?: string;
  /** This task's time budget in ms (default: the pool's budget for the task). */
  budgetMs?: number;
  /** What the task is about, for the over-budget message (e.g. `project "my-game"`). */
  label?: string;
}

/**
 * Worker threads of a pool: three, whatever the cores. With per-project shares (see `next`), three
 * is the fewest that let one project export, show its preview meanwhile, and still leave a worker
 * to another project; idle workers cost no CPU, and busy ones share the cores fairly.
 */
export function defaultPoolSize(): number {
  return 3;
}

/** Bytes of the memory a worker writes what it is working on into (see `workingOn`). */
export const WORKING_ON_BYTES = 512;

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
  startedAt?: number;
}

interface Slot {
  worker: Worker;
  current?: Pending;
  killTimer?: NodeJS.Timeout;
  budgetTimer?: NodeJS.Timeout;
  /** Shared with the worker: a length (Int32) then UTF-8 of what it is working on. */
  workingOn: SharedArrayBuffer;
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
  /** Heap limit of each worker, MB. */
  readonly maxHeapMb: number;

  constructor(private readonly opts: PoolOptions) {
    this.size = Math.max(1, Math.floor(opts.size ?? defaultPoolSize()));
    this.maxHeapMb = opts.maxHeapMb ?? 2048;
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
      if (opts.supersede !== undefined)
        for (const q of this.queue.filter((x) => x.opts.supersede === opts.supersede)) {
          this.queue.splice(this.queue.indexOf(q), 1);
          this.settle(q, new WorkerTaskError('worker/cancelled', `"${q.task}" was dropped before it started: a newer request replaced it.`));
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
      const i = this.next();
      if (i < 0) return;
      let slot = this.slots.find((s) => !s.current && !s.stopping);
      if (!slot && this.slots.length < this.size) {
        try {
          slot = this.spawn();
        } catch (e) {
          const p = this.queue.splice(i, 1)[0]!;
          this.settle(p, new WorkerTaskError('worker/closed', `Could not start a worker thread for "${p.task}": ${(e as Error).message}`));
          continue;
        }
      }
      if (!slot) return;
      const p = this.queue.splice(i, 1)[0]!;
      slot.current = p;
      p.slot = slot;
      p.startedAt = performance.now();
      new Int32Array(slot.workingOn, 0, 1)[0] = 0;
      const budget = p.opts.budgetMs ?? this.budgetOf(p.task);
      slot.budgetTimer = setTimeout(() => this.overBudget(slot, p, budget), budget);
      slot.worker.ref();
      slot.worker.postMessage({ type: 'run', id: p.id, task: p.task, input: p.input, workingOn: slot.workingOn } satisfies ToWorker);
    }
  }

  /** The time budget of `task` (ms). */
  budgetOf(task: string): number {
    const b = this.opts.budgets;
    return b && Object.hasOwn(b, task) ? b[task]! : (this.opts.defaultBudgetMs ?? 60_000);
  }

  /**
   * The queue index of the task to start next, or -1 when none may start now. A key may hold at
   * most `size − 1` workers, and at most `size − 2` (one at least) with background tasks, so a
   * worker is always left for another key and for the key's own interactive tasks; among the
   * tasks that may start, interactive ones go first, then the key with the fewest running.
   */
  private next(): number {
    const running = new Map<string, { all: number; background: number }>();
    for (const s of this.slots) {
      const p = s.current;
      if (!p) continue;
      const r = running.get(p.opts.key ?? '') ?? { all: 0, background: 0 };
      r.all++;
      if (p.opts.priority !== 'interactive') r.background++;
      running.set(p.opts.key ?? '', r);
    }
    const maxAll = Math.max(1, this.size - 1);
    const maxBackground = Math.max(1, this.size - 2);
    let best = -1;
    let bestScore = Infinity;
    for (let i = 0; i < this.queue.length; i++) {
      const p = this.queue[i]!;
      const r = running.get(p.opts.key ?? '') ?? { all: 0, background: 0 };
      // Tasks without a key (tools, tests) share the workers freely.
      const capped = this.size > 1 && p.opts.key !== undefined;
      if (capped && r.all >= maxAll) continue;
      if (capped && p.opts.priority !== 'interactive' && r.background >= maxBackground) continue;
      const score = (p.opts.priority === 'interactive' ? 0 : 1000) + r.all;
      if (score < bestScore) ((best = i), (bestScore = score));
    }
    return best;
  }

  /** `p` ran past its budget: fail it naming what it was working on, and replace its worker. */
  private overBudget(slot: Slot, p: Pending, budget: number): void {
    if (slot.current !== p) return;
    slot.current = undefined;
    const what = this.workingOn(slot);
    const s = Math.round(budget / 100) / 10;
    const on = p.opts.label ? ` of ${p.opts.label}` : '';
    const onZh = p.opts.label ? `（${p.opts.label}）` : '';
    this.ended(p, 'worker/over-budget');
    this.settle(
      p,
      new WorkerTaskError(
        'worker/over-budget',
        `"${p.task}"${on} took longer than its ${s} s budget${what ? ` while working on ${what.en}` : ''}, so it was stopped (the worker was restarted). ${what ? 'Make that layer or file lighter' : 'Make the project lighter'} (fewer or smaller tables, filters and images), or export fewer cards at a time.`,
        undefined,
        `“${p.task}”${onZh}超过了 ${s} 秒的时间上限${what ? `（当时正在处理${what.zh}）` : ''}，已停止（工作线程已重启）。请${what ? '简化该图层或文件' : '简化项目'}（更少或更小的表格、滤镜和图片），或一次导出更少的牌。`,
      ),
    );
    void this.stop(slot);
    this.pump();
  }

  /** What a worker last said it was working on. */
  private workingOn(slot: Slot): { en: string; zh: string } | undefined {
    const len = Atomics.load(new Int32Array(slot.workingOn, 0, 1), 0);
    if (len <= 0 || len > WORKING_ON_BYTES - 4) return undefined;
    const text = new TextDecoder().decode(new Uint8Array(slot.workingOn, 4, len).slice());
    return describeWorkItem(text);
  }

  private spawn(): Slot {
    const worker = spawnWorker(this.opts.entry, {
      workerData: this.opts.workerData,
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
    });
    const slot: Slot = { worker, stopping: false, workingOn: new SharedArrayBuffer(WORKING_ON_BYTES) };
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
    this.ended(p, m.type === 'done' ? 'done' : 'worker/failed');
    if (m.type === 'done') this.settle(p, undefined, m.value);
    else this.settle(p, new WorkerTaskError('worker/failed', m.message, m.stack));
    this.pump();
  }

  private onExit(slot: Slot, code: number): void {
    clearTimeout(slot.killTimer);
    clearTimeout(slot.budgetTimer);
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    const p = slot.current;
    slot.current = undefined;
    if (p && !slot.stopping) {
      if ((slot.error as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        // Over the memory budget: say what it was working on, like the time budget does.
        const what = this.workingOn(slot);
        const mb = this.maxHeapMb;
        const on = p.opts.label ? ` of ${p.opts.label}` : '';
        this.ended(p, 'worker/over-budget');
        this.settle(
          p,
          new WorkerTaskError(
            'worker/over-budget',
            `"${p.task}"${on} needed more than its ${mb} MB of memory${what ? ` while working on ${what.en}` : ''}, so it was stopped (the worker was restarted). Make that ${what ? 'layer or file' : 'project'} lighter, or export fewer cards at a time.`,
            slot.error?.stack,
            `“${p.task}”${p.opts.label ? `（${p.opts.label}）` : ''}需要超过 ${mb} MB 内存${what ? `（当时正在处理${what.zh}）` : ''}，已停止（工作线程已重启）。请简化${what ? '该图层或文件' : '项目'}，或一次导出更少的牌。`,
          ),
        );
      } else {
        const why = slot.error ? describeCrash(slot.error) : `it exited with code ${code}`;
        this.ended(p, 'worker/crashed');
        this.settle(p, new WorkerTaskError('worker/crashed', `The worker thread running "${p.task}" stopped unexpectedly: ${why}. A new worker takes the next task; try again.`, slot.error?.stack));
      }
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
    clearTimeout(slot.budgetTimer);
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    return slot.worker.terminate();
  }

  /** The worker finished its task: idle again, and no longer keeping the process alive. */
  private release(slot: Slot): void {
    slot.current = undefined;
    clearTimeout(slot.killTimer);
    clearTimeout(slot.budgetTimer);
    slot.worker.unref();
  }

  /** Report a task's run time to `onTaskEnd`. */
  private ended(p: Pending, outcome: 'done' | WorkerErrorCode): void {
    if (p.startedAt !== undefined) this.opts.onTaskEnd?.(p.task, performance.now() - p.startedAt, outcome);
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
