/**
 * A balance-lab run on worker threads: the games are split into small batches over every worker
 * (two batches in flight each), each batch comes back added up (worker.ts) and is merged into the
 * running summaries as it arrives, and `status()` answers at any moment with the partial results,
 * progress, games/s and an ETA. Cancel stops the workers at once; the games already played stay
 * in the results. A run that finishes hands its workers, warm, to the next run (pool.ts).
 *
 * The summaries are sums, so they do not depend on the order games arrive in: a finished run
 * gives the same numbers for any number of workers (runner.test.ts). A sharded run plays only its
 * range of game indices; `tallies()` hands out the sums for `balance merge`.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { LAB_HOOKS, LabAccumulator, PairedAccumulator, type LabState, type LabStatus, type LabTallies } from '../../../shared/lab';
import { spawnWorker } from '../workers/spawn';
import type { LabRun } from './config';
import { LabWorkerPool } from './pool';
import type { LabBatch, LabRunMessage, LabWorkerReply } from './worker';

/** The file of the worker entry (built beside the main bundle as `lab-worker.js`). */
function spawnLabWorker(): Worker {
  return spawnWorker({ source: join(dirname(fileURLToPath(import.meta.url)), 'worker.ts'), built: 'lab-worker.js' });
}

/** A batch's games as JSONL: game indices `from` to `to` (excluded), `count` lines (every option set's). */
export interface LabLines {
  from: number;
  to: number;
  lines: string;
  count: number;
}

/** About how long a batch plays, once the run's rate is known. */
const BATCH_MS = 40;
/** Game indices a batch holds at most. */
const MAX_BATCH = 512;

/** The lab's warm workers, shared by every run of this process (pool.ts). */
export const labWorkers = new LabWorkerPool(spawnLabWorker);

/** One run. Starts on construction; poll `status()`, stop with `cancel()`, await `finished`. */
export class LabJob {
  private state: LabState = 'running';
  private readonly t0 = performance.now();
  private t1: number | null = null;
  private readonly acc: LabAccumulator[];
  private readonly paired: PairedAccumulator | null;
  private readonly perSide: number[];
  /** The all-random baseline of each option set (the coverage table's random column). */
  private readonly base: LabAccumulator[];
  private baseDone = 0;
  private played = 0;
  private first: { at: number; games: number } | null = null;
  /** Game indices played (each under every option set). */
  private indices = 0;
  private error: LabStatus['error'];
  private workers: Worker[] = [];
  /** Each worker's listeners, removed when the run hands it back to the pool. */
  private readonly listening: (() => void)[] = [];
  private resolve!: () => void;
  /** Settles when the run has ended (done, cancelled or failed). */
  readonly finished: Promise<void>;

  constructor(
    readonly run: LabRun,
    /**
     * The run keeps its raw games: each batch's JSONL lines (A before B for each game index).
     * Batches arrive in any order (`JsonlChunks` and `JsonlFile` put them back in game order).
     */
    private readonly onLines?: (batch: LabLines) => void,
    /** Called once when the run ends (done, cancelled or failed), before any status says so. */
    private readonly onEnd?: (job: LabJob) => void,
  ) {
    const hook = LAB_HOOKS[run.game];
    this.acc = run.configs.map(() => new LabAccumulator(hook));
    this.base = (run.baseline?.configs ?? []).map(() => new LabAccumulator(hook));
    this.perSide = run.configs.map(() => 0);
    this.paired = run.configs.length > 1 ? new PairedAccumulator() : null;
    this.finished = new Promise((r) => (this.resolve = r));
    try {
      this.start();
    } catch (e) {
      this.fail(e as Error);
    }
  }

  /** Game indices this job plays: the run's shard, or all of them. */
  private get range(): { from: number; to: number } {
    return this.run.shard ?? { from: 0, to: this.run.games };
  }

  /** Games this job plays per option set. */
  private get total(): number {
    return this.range.to - this.range.from;
  }

  private start(): void {
    const run = this.run;
    const { from, to } = this.range;
    // The first batches are small (progress shows at once, every worker gets some); later ones
    // hold about BATCH_MS of play at the rate seen so far, so the per-batch work (the sums, a
    // message each way) stays small beside the games whether a game takes 0.5 ms or 50.
    const first = Math.max(1, Math.min(16, Math.ceil(this.total / (run.workers * 8))));
    const count = Math.min(run.workers, Math.ceil(this.total / first));
    let next = from;
    const size = () => {
      const ms = performance.now() - (this.first?.at ?? 0);
      if (!this.first || ms < BATCH_MS) return first;
      // Game indices a worker plays in BATCH_MS, counted from the first batch's arrival; never
      // more than a share of what is left, so the last batches end together.
      const perWorker = ((this.indices - this.first.games) / ms / count) * BATCH_MS;
      return Math.max(1, Math.min(MAX_BATCH, Math.round(perWorker), Math.ceil((to - next) / (count * 2))));
    };
    const send = (w: Worker) => {
      if (next >= to || this.state !== 'running') return;
      const msg: LabRunMessage = { type: 'run', run, from: next, to: Math.min(to, next + size()), lines: this.onLines !== undefined };
      next = msg.to;
      w.postMessage(msg);
    };
    this.workers = labWorkers.take(count);
    for (const w of this.workers) {
      // One answer per batch: its games added up. The worker is then free for the next batch.
      const onMessage = (m: LabWorkerReply) => {
        if (this.state !== 'running') return;
        if (m.type === 'error') return this.fail(new Error(`game ${m.index} failed in a worker:\n${m.message}`));
        this.add(m);
        if (this.done() === this.total && this.baseDone === this.baseTotal()) this.end('done');
        else send(w);
      };
      const onError = (e: Error) => this.fail(e);
      const onExit = (code: number) => {
        if (this.state === 'running') this.fail(new Error(`a lab worker exited with code ${code}.`));
      };
      w.on('message', onMessage);
      w.on('error', onError);
      w.on('exit', onExit);
      this.listening.push(() => {
        w.off('message', onMessage);
        w.off('error', onError);
        w.off('exit', onExit);
      });
      send(w);
      send(w);
    }
  }

  private add(m: LabBatch): void {
    this.first ??= { at: performance.now(), games: m.games };
    this.indices += m.games;
    m.sets.forEach((t, side) => {
      this.acc[side]!.merge(t);
      this.perSide[side]! += m.games;
    });
    if (m.paired) this.paired?.merge(m.paired);
    m.base.forEach((t, side) => this.base[side]!.merge(t));
    this.baseDone += m.baseGames;
    this.played += m.games * m.sets.length + m.baseGames;
    if (m.lines !== null) this.onLines?.({ from: m.from, to: m.from + m.games, lines: m.lines, count: m.games * m.sets.length });
  }

  /** When the first batch came in (`performance.now()`) and its games per option set; null before. The workers' start ends there. */
  get firstBatch(): { at: number; games: number } | null {
    return this.first;
  }

  private done(): number {
    return Math.min(...this.perSide);
  }

  /** Baseline games this job plays: those of its range below the baseline's game count, per option set. */
  private baseTotal(): number {
    const { from, to } = this.range;
    return Math.max(0, Math.min(to, this.run.baseline?.games ?? 0) - from) * this.base.length;
  }

  /** The run has ended (done, cancelled or failed). */
  get ended(): boolean {
    return this.state !== 'running';
  }

  /** Stop the run; the games already played stay in the results. False if it had already ended. */
  cancel(): boolean {
    if (this.state !== 'running') return false;
    this.end('cancelled');
    return true;
  }

  private fail(e: Error): void {
    if (this.state !== 'running') return;
    console.error('[lab] run failed', e);
    const first = (e.message ?? String(e)).split('\n')[0]!;
    this.error = { zh: `模拟出错，已停止：${first}`, en: `The run stopped on an error: ${first}` };
    this.end('failed');
  }

  private end(state: LabState): void {
    this.state = state;
    this.t1 = performance.now();
    try {
      this.onEnd?.(this);
    } catch (e) {
      console.error('[lab] after the run ended', e);
    }
    const ws = this.workers;
    this.workers = [];
    for (const off of this.listening.splice(0)) off();
    if (state === 'done') {
      // Every batch sent has been answered (the run is done only when all its games are in):
      // the workers are idle and warm, kept for the next run.
      labWorkers.give(ws);
      this.resolve();
      return;
    }
    // Cancelled or failed: the workers may be mid-game; stop them at once.
    void Promise.all(ws.map((w) => w.terminate())).finally(() => this.resolve());
  }

  /** The accumulators' whole state (what a shard file keeps for `balance merge`). */
  tallies(): LabTallies {
    const t: LabTallies = { a: this.acc[0]!.state() };
    if (this.acc[1]) t.b = this.acc[1].state();
    if (this.paired) t.paired = this.paired.state();
    return t;
  }

  /** Progress and the results so far. */
  status(): LabStatus {
    const elapsedMs = (this.t1 ?? performance.now()) - this.t0;
    const done = this.done();
    const gamesPerSec = elapsedMs > 0 ? (this.played * 1000) / elapsedMs : 0;
    const total = this.total * this.run.configs.length + this.baseTotal();
    const etaMs = this.state !== 'running' ? 0 : this.played > 0 ? ((total - this.played) * elapsedMs) / this.played : null;
    const s: LabStatus = { state: this.state, game: this.run.game, games: this.total, done, elapsedMs, gamesPerSec, etaMs, workers: this.run.workers, a: this.acc[0]!.summary(this.base[0]), warnings: this.run.warnings };
    if (this.acc[1]) s.b = this.acc[1].summary(this.base[1]);
    if (this.paired) s.paired = this.paired.summary();
    if (this.error) s.error = this.error;
    return s;
  }
}
