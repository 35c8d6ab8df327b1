/**
 * Worker-thread entry of the balance lab: plays the games it is sent under each option set (the
 * same seed for A and B), reduces each by the game's lab hook and adds it up here, so a batch
 * crosses threads as its sums (the accumulators' states, which the run merges: every number is a
 * sum, so merging gives exactly what adding each game would) and, when the run keeps its raw
 * games, their JSONL lines as one string. The window's thread then does a few merges a batch
 * instead of a summary update and a copy of every game.
 * In: `{ type: 'run', run, from, to, lines }`. Out: one `{ type: 'games', … }` per batch (its
 * answer: the worker is free for the next), or `{ type: 'error', index, message }` if a game
 * throws. A worker keeps nothing of a run between batches, so a warm one serves the next run
 * (pool.ts).
 */
import { parentPort } from 'node:worker_threads';
import { playLabGame } from './play';
import type { LabRun } from './config';
import { LAB_HOOKS, LabAccumulator, labGameJsonl, PairedAccumulator, type LabTally, type PairedTally } from '../../../shared/lab';

/** A batch of games for a worker. */
export interface LabRunMessage {
  type: 'run';
  run: LabRun;
  from: number;
  to: number;
  /** Send the games' JSONL lines too (the run keeps its raw games). */
  lines: boolean;
}

/** A batch's results: its games added up per option set, and the all-random baseline's. */
export interface LabBatch {
  type: 'games';
  /** The batch's first game index and its number of games per option set. */
  from: number;
  games: number;
  /** Per option set (A, B): the sums of its games. */
  sets: LabTally[];
  /** A/B on the same seeds: the batch's pairs (every pair is played in one batch). */
  paired: PairedTally | null;
  /** Per option set: the sums of its all-random baseline's games, and how many were played. */
  base: LabTally[];
  baseGames: number;
  /** The games as JSONL lines, A before B for each index (`lines` asked for), else null. */
  lines: string | null;
}

/** What a worker answers. */
export type LabWorkerReply = LabBatch | { type: 'error'; index: number; message: string };

const port = parentPort;
if (!port) throw new Error('lab/worker.ts must run in a worker thread.');
port.on('message', (msg: LabRunMessage) => {
  const { run } = msg;
  const hook = LAB_HOOKS[run.game];
  const sets = run.configs.map(() => new LabAccumulator(hook));
  const paired = run.configs.length > 1 ? new PairedAccumulator() : null;
  const baseline = run.baseline;
  const base = (baseline?.configs ?? []).map(() => new LabAccumulator(hook));
  const named = run.configs.length > 1;
  let lines = msg.lines ? '' : null;
  let baseGames = 0;
  for (let i = msg.from; i < msg.to; i++) {
    try {
      for (let side = 0; side < run.configs.length; side++) {
        const g = playLabGame(run.configs[side]!, i, run.rotate);
        sets[side]!.add(g);
        paired?.add(side as 0 | 1, g);
        if (lines !== null) lines += labGameJsonl(named ? (side ? 'B' : 'A') : '', g);
      }
      if (baseline && i < baseline.games)
        for (let side = 0; side < baseline.configs.length; side++) {
          base[side]!.add(playLabGame(baseline.configs[side]!, i, false));
          baseGames++;
        }
    } catch (e) {
      port.postMessage({ type: 'error', index: i, message: (e as Error).stack ?? String(e) } satisfies LabWorkerReply);
      return;
    }
  }
  port.postMessage({ type: 'games', from: msg.from, games: msg.to - msg.from, sets: sets.map((a) => a.state()), paired: paired?.state() ?? null, base: base.map((a) => a.state()), baseGames, lines } satisfies LabWorkerReply);
});
