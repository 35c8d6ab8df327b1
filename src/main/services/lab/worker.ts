/**
 * Worker-thread entry of the balance lab: plays the games it is sent under each option set (the
 * same seed for A and B) and posts each game back already reduced by the game's lab hook, so a
 * game crosses threads as a few numbers instead of its full record.
 * In: `{ type: 'run', run, from, to }`. Out: one `{ type: 'games', games: [side, LabGame][] }` per
 * batch (its answer: the worker is free for the next), or `{ type: 'error', index, message }` if a
 * game throws. A worker keeps nothing of a run between batches, so a warm one serves the next run
 * (pool.ts).
 */
import { parentPort } from 'node:worker_threads';
import { playLabGame } from './play';
import type { LabRun } from './config';
import type { LabGame } from '../../../shared/lab';

/** Option set A (0) or B (1), or the all-random baseline of A (2) or B (3). */
export type LabSide = 0 | 1 | 2 | 3;

/** A batch of games for a worker. */
export interface LabRunMessage {
  type: 'run';
  run: LabRun;
  from: number;
  to: number;
}

/** What a worker answers. */
export type LabWorkerReply = { type: 'games'; games: [LabSide, LabGame][] } | { type: 'error'; index: number; message: string };

const port = parentPort;
if (!port) throw new Error('lab/worker.ts must run in a worker thread.');
port.on('message', (msg: LabRunMessage) => {
  const out: [LabSide, LabGame][] = [];
  const base = msg.run.baseline;
  for (let i = msg.from; i < msg.to; i++) {
    try {
      msg.run.configs.forEach((cfg, side) => out.push([side as LabSide, playLabGame(cfg, i, msg.run.rotate)]));
      if (base && i < base.games) base.configs.forEach((cfg, side) => out.push([(2 + side) as LabSide, playLabGame(cfg, i, false)]));
    } catch (e) {
      port.postMessage({ type: 'error', index: i, message: (e as Error).stack ?? String(e) } satisfies LabWorkerReply);
      return;
    }
  }
  port.postMessage({ type: 'games', games: out } satisfies LabWorkerReply);
});
