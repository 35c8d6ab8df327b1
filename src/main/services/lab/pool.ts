/**
 * The balance lab's worker threads, kept warm between runs.
 *
 * A fresh worker plays its first few hundred games at a third of its speed while V8 compiles the
 * engine, and that compilation (about 0.4 CPU-s for 生肖赛跑) runs on helper threads that take a
 * core away from the other workers. A designer runs the lab again and again while trying a rule
 * change, so a run hands its workers back here when it finishes and the next run starts on
 * compiled code. Idle workers do not keep the process alive (unref'd) and are stopped after
 * `LAB_IDLE_MS`; a run that is cancelled or fails stops its workers instead (they may be
 * mid-game), so only workers that finished every game they were sent are ever reused.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';

/** How long an idle worker is kept for the next run. */
export const LAB_IDLE_MS = 3 * 60_000;

/** Warm workers waiting for the next run. */
export class LabWorkerPool {
  private idle: { w: Worker; onExit: () => void }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly spawn: () => Worker,
    /** Idle workers kept at most (more are stopped when handed back). */
    private readonly keep = availableParallelism(),
    private readonly idleMs = LAB_IDLE_MS,
  ) {}

  /** Workers waiting now. */
  get size(): number {
    return this.idle.length;
  }

  /** `n` workers for a run: warm ones first, new ones for the rest. */
  take(n: number): Worker[] {
    const out = this.idle.splice(0, n).map(({ w, onExit }) => {
      w.off('exit', onExit);
      w.ref();
      return w;
    });
    while (out.length < n) out.push(this.spawn());
    if (this.idle.length === 0) this.disarm();
    return out;
  }

  /**
   * Workers of a finished run, every batch answered and the run's listeners removed. Kept for the
   * next run up to `keep`; the rest are stopped.
   */
  give(workers: readonly Worker[]): void {
    for (const w of workers) {
      if (this.idle.length >= this.keep) {
        void w.terminate();
        continue;
      }
      // A worker that dies while idle (out of memory, killed) is simply forgotten.
      const onExit = () => {
        this.idle = this.idle.filter((x) => x.w !== w);
      };
      w.once('exit', onExit);
      w.unref();
      this.idle.push({ w, onExit });
    }
    if (this.idle.length) this.arm();
  }

  /** Stop every idle worker (the app is quitting, or a benchmark wants cold workers). */
  async close(): Promise<void> {
    this.disarm();
    const all = this.idle.splice(0);
    await Promise.all(
      all.map(({ w, onExit }) => {
        w.off('exit', onExit);
        return w.terminate();
      }),
    );
  }

  /** (Re)start the idle clock: the workers stop `idleMs` after the last run handed them back. */
  private arm(): void {
    this.disarm();
    this.timer = setTimeout(() => void this.close(), this.idleMs);
    this.timer.unref();
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
