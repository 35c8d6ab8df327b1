/**
 * Headless simulation runs: play N seeded matches with bots, in this thread or split over worker
 * threads, and deliver each match's hand records in match order, plus a summary.
 *
 * Reproducibility: match i depends only on (run seed, i, options, bots), and results are
 * delivered and summarized in match order, so the records and the summary are identical for any
 * number of workers (simulation.test.ts compares workers 1 and 2 byte for byte). Only timings vary.
 */
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../workers/spawn';
import type { SimConfig } from './config';
import { playMatch, type MatchResult } from './match';
import { RECORD_FIELDS, type HandRecord } from './records';
import { SummaryBuilder, type SimSummary, type SimTiming } from './summary';
import { fieldsJson } from './run-parts';
import type { RunMessage } from './worker';
import { playZrMatch, zrRecordLine, ZrSummaryBuilder, type ZrMatchResult, type ZrSimConfig, type ZrSummary } from './zodiac';
import { dlRecordLine, DlSummaryBuilder, playDlMatch, type DlMatchResult, type DlSimConfig, type DlSummary } from './dou-laoban';
import { mwRecordLine, MwSummaryBuilder, playMwMatch, type MwMatchResult, type MwSimConfig, type MwSummary } from './moyu-wang';
import { dsRecordLine, DsSummaryBuilder, playDsMatch, type DsMatchResult, type DsSimConfig, type DsSummary } from './dou-shisi';

export { resolveConfig, matchSeed, type SimConfig, type SimInput } from './config';
export { playMatch, type MatchResult } from './match';
export { RECORD_FIELDS, HandRecorder, replayAreas, type HandRecord, type Outcome } from './records';
export { SummaryBuilder, formatSummary, wilson, type SimSummary, type SimTiming, type Rate } from './summary';
export { resolveDlConfig, playDlMatch, formatDlSummary, dlRecordLine, dlRecordJson, DlSummaryBuilder, type DlSimConfig, type DlSimInput, type DlSummary, type DlMatchResult } from './dou-laoban';
export { resolveMwConfig, playMwMatch, formatMwSummary, mwRecordLine, MwSummaryBuilder, mwSeatKinds, type MwSimConfig, type MwSimInput, type MwSummary, type MwMatchResult } from './moyu-wang';
export { resolveDsConfig, playDsMatch, formatDsSummary, DsSummaryBuilder, type DsSimConfig, type DsSimInput, type DsSummary, type DsMatchResult } from './dou-shisi';
export { resolveZrConfig, playZrMatch, formatZrSummary, zrRecordLine, ZrSummaryBuilder, ZR_RECORD_FIELDS, type ZrSimConfig, type ZrSimInput, type ZrRecord, type ZrSummary, type ZrMatchResult } from './zodiac';

/** Progress of a run. */
export interface SimProgress {
  matches: number;
  of: number;
  hands: number;
  ms: number;
}

/** Hooks of a run. */
export interface SimHooks {
  /** Each match's result, in match order (awaited before the next one is delivered). */
  onMatch?: (r: MatchResult) => void | Promise<void>;
  onProgress?: (p: SimProgress) => void;
}

/** Hooks of a run of any game: each result in order, and the progress. */
export interface GameSimHooks<R> {
  onMatch?: (r: R) => void | Promise<void>;
  onProgress?: (p: SimProgress) => void;
}

/** Timings of a run with bots that may search (they vary; kept apart from the summary). */
export interface BotTiming {
  ms: number;
  moves: number;
  searchDecisions: number;
  searchMs: number;
}
/** Timings of a zodiac-race run. */
export type ZrTiming = BotTiming;
/** Timings of a 斗老闆 run. */
export type DlTiming = BotTiming;

type AnySimConfig = SimConfig | ZrSimConfig | DlSimConfig | MwSimConfig | DsSimConfig;

/**
 * Play a run's games, here or over worker threads, and hand each result to `sb` and the hooks in
 * game order; `records` counts what a result holds for the progress (hands, deals; 1 a game).
 * Resolves with the run's wall-clock milliseconds.
 */
async function runGames<C extends AnySimConfig, R extends { index: number }>(
  cfg: C,
  play: (cfg: C, i: number) => R,
  sb: { add(r: R): void },
  hooks: GameSimHooks<R>,
  records: (r: R) => number = () => 1,
): Promise<number> {
  const t0 = performance.now();
  let done = 0;
  const deliver = async (r: R) => {
    sb.add(r);
    done += records(r);
    await hooks.onMatch?.(r);
    hooks.onProgress?.({ matches: r.index + 1, of: cfg.matches, hands: done, ms: performance.now() - t0 });
  };
  if (cfg.workers <= 1 || cfg.matches === 1) {
    for (let i = 0; i < cfg.matches; i++) await deliver(play(cfg, i));
  } else {
    await runInWorkers<R>(cfg, deliver);
  }
  return performance.now() - t0;
}

const botTiming = (sb: { moves: number; searchDecisions: number; searchMs: number }, ms: number): BotTiming => ({ ms, moves: sb.moves, searchDecisions: sb.searchDecisions, searchMs: sb.searchMs });

/** Run a 斗福 simulation; resolves with the summary and the timings. */
export async function runSimulation(cfg: SimConfig, hooks: SimHooks = {}): Promise<{ summary: SimSummary; timing: SimTiming }> {
  const sb = new SummaryBuilder(cfg);
  const ms = await runGames(cfg, playMatch, sb, hooks, (r) => r.records.length);
  return { summary: sb.summary(), timing: sb.timing(ms) };
}

/**
 * Run a 斗福 simulation and stream every hand record to `out` as JSON lines. The lines go to
 * `<out>.tmp`, renamed to `out` only when the run has finished, so `out` never holds a partial run.
 */
export async function runToFile(cfg: SimConfig, out: string, hooks: Omit<SimHooks, 'onMatch'> = {}): Promise<{ summary: SimSummary; timing: SimTiming }> {
  return withGameLines(out, cfg, hooks, runSimulation, (r) => lines(r.records, recordLine));
}

/** Run a zodiac-race simulation: results in game order (any number of workers gives the same). */
export async function runZrSimulation(cfg: ZrSimConfig, hooks: GameSimHooks<ZrMatchResult> = {}): Promise<{ summary: ZrSummary; timing: ZrTiming }> {
  const sb = new ZrSummaryBuilder(cfg);
  const ms = await runGames(cfg, playZrMatch, sb, hooks);
  return { summary: sb.summary(), timing: botTiming(sb, ms) };
}

/** Run a zodiac-race simulation and write one JSON line per game to `out` (via `out.tmp`). */
export async function runZrToFile(cfg: ZrSimConfig, out: string, hooks: { onProgress?: (p: SimProgress) => void } = {}): Promise<{ summary: ZrSummary; timing: ZrTiming }> {
  return withGameLines(out, cfg, hooks, runZrSimulation, (r) => zrRecordLine(r.record) + '\n');
}

/** Run a 斗老闆 simulation: results in match order (any number of workers gives the same). */
export async function runDlSimulation(cfg: DlSimConfig, hooks: GameSimHooks<DlMatchResult> = {}): Promise<{ summary: DlSummary; timing: DlTiming }> {
  const sb = new DlSummaryBuilder(cfg);
  const ms = await runGames(cfg, playDlMatch, sb, hooks, (r) => r.records.length);
  return { summary: sb.summary(), timing: botTiming(sb, ms) };
}

/** Run a 斗老闆 simulation and write one JSON line per deal to `out` (via `out.tmp`). */
export async function runDlToFile(cfg: DlSimConfig, out: string, hooks: { onProgress?: (p: SimProgress) => void } = {}): Promise<{ summary: DlSummary; timing: DlTiming }> {
  return withGameLines(out, cfg, hooks, runDlSimulation, (r) => lines(r.records, dlRecordLine));
}

/** Run a 摸鱼王 simulation: results in game order (any number of workers gives the same). */
export async function runMwSimulation(cfg: MwSimConfig, hooks: GameSimHooks<MwMatchResult> = {}): Promise<{ summary: MwSummary; timing: BotTiming }> {
  const sb = new MwSummaryBuilder(cfg);
  const ms = await runGames(cfg, playMwMatch, sb, hooks);
  return { summary: sb.summary(), timing: botTiming(sb, ms) };
}

/** Run a 摸鱼王 simulation and write one JSON line per game to `out` (via `out.tmp`). */
export async function runMwToFile(cfg: MwSimConfig, out: string, hooks: { onProgress?: (p: SimProgress) => void } = {}): Promise<{ summary: MwSummary; timing: BotTiming }> {
  return withGameLines(out, cfg, hooks, runMwSimulation, (r) => mwRecordLine(r.record) + '\n');
}

/** Run a 斗十四 simulation: results in match order (any number of workers gives the same). */
export async function runDsSimulation(cfg: DsSimConfig, hooks: GameSimHooks<DsMatchResult> = {}): Promise<{ summary: DsSummary; timing: BotTiming }> {
  const sb = new DsSummaryBuilder(cfg);
  const ms = await runGames(cfg, playDsMatch, sb, hooks, (r) => r.records.length);
  return { summary: sb.summary(), timing: botTiming(sb, ms) };
}

/** Run a 斗十四 simulation and write one JSON line per hand to `out` (via `out.tmp`). */
export async function runDsToFile(cfg: DsSimConfig, out: string, hooks: { onProgress?: (p: SimProgress) => void } = {}): Promise<{ summary: DsSummary; timing: BotTiming }> {
  return withGameLines(out, cfg, hooks, runDsSimulation, (r) => lines(r.records, dsRecordLine));
}

/** Records as JSON lines, each ended by a newline ('' for none). */
function lines<T>(records: readonly T[], line: (r: T) => string): string {
  let text = '';
  for (const rec of records) text += line(rec) + '\n';
  return text;
}

/** Run a game and stream each result's lines (`text`: '' writes nothing) to `out` via `withLineFile`. */
function withGameLines<C, R, T>(out: string, cfg: C, hooks: { onProgress?: (p: SimProgress) => void }, run: (cfg: C, hooks: GameSimHooks<R>) => Promise<T>, text: (r: R) => string): Promise<T> {
  return withLineFile(out, (write) =>
    run(cfg, {
      ...hooks,
      onMatch: async (r) => {
        const t = text(r);
        if (t) await write(t);
      },
    }),
  );
}

/** Stream lines to `<out>.tmp` and rename it to `out` when `run` succeeds (removed if it fails). */
async function withLineFile<T>(out: string, run: (write: (text: string) => Promise<void>) => Promise<T>): Promise<T> {
  const tmp = `${out}.tmp`;
  const stream = createWriteStream(tmp, { encoding: 'utf8' });
  const failed = new Promise<never>((_, reject) => stream.once('error', reject));
  failed.catch(() => undefined);
  const write = async (text: string) => {
    if (!stream.write(text)) await Promise.race([new Promise<void>((r) => stream.once('drain', () => r())), failed]);
  };
  try {
    const res = await run(write);
    await Promise.race([new Promise<void>((r) => stream.end(r)), failed]);
    renameSync(tmp, out);
    return res;
  } catch (e) {
    stream.destroy();
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** One record as a JSONL line, fields in the documented order. */
export function recordLine(r: HandRecord): string {
  return fieldsJson(RECORD_FIELDS, r);
}

// ---------------------------------------------------------------- workers

/** A worker on `worker.ts` (built, or bundled from sources: see `workers/spawn.ts`). */
function spawnSimWorker(): Worker {
  return spawnWorker({ source: join(dirname(fileURLToPath(import.meta.url)), 'worker.ts'), built: 'sim-worker.js' });
}

type WorkerReply<R> = { type: 'match'; result: R } | { type: 'done'; from: number; to: number } | { type: 'error'; index: number; message: string };

/** Matches in batches over `cfg.workers` threads (two batches in flight each); results in order. */
async function runInWorkers<R extends { index: number }>(cfg: AnySimConfig, deliver: (r: R) => Promise<void>): Promise<void> {
  const batch = Math.max(1, Math.min(16, Math.ceil(cfg.matches / (cfg.workers * 8))));
  const count = Math.min(cfg.workers, Math.ceil(cfg.matches / batch));
  const workers = Array.from({ length: count }, spawnSimWorker);
  let nextBatch = 0;
  let nextDeliver = 0;
  const ready = new Map<number, R>();
  let chain = Promise.resolve();
  try {
    await new Promise<void>((resolve, reject) => {
      let finished = false;
      const fail = (e: Error) => {
        if (!finished) {
          finished = true;
          reject(e);
        }
      };
      const send = (w: Worker) => {
        if (nextBatch >= cfg.matches) return;
        const msg: RunMessage = { type: 'run', config: cfg, from: nextBatch, to: Math.min(cfg.matches, nextBatch + batch) };
        nextBatch = msg.to;
        w.postMessage(msg);
      };
      for (const w of workers) {
        w.on('message', (m: WorkerReply<R>) => {
          if (m.type === 'error') return fail(new Error(`simulation: match ${m.index} failed in a worker:\n${m.message}`));
          if (m.type === 'done') return send(w);
          ready.set(m.result.index, m.result);
          chain = chain.then(async () => {
            while (ready.has(nextDeliver)) {
              const r = ready.get(nextDeliver)!;
              ready.delete(nextDeliver);
              nextDeliver++;
              await deliver(r);
            }
            if (nextDeliver === cfg.matches && !finished) {
              finished = true;
              resolve();
            }
          });
          chain.catch(fail);
        });
        w.on('error', fail);
        w.on('exit', (code) => {
          if (code !== 0) fail(new Error(`simulation: a worker exited with code ${code}.`));
        });
        send(w);
        send(w);
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
