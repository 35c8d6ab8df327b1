// The 摸鱼王 measurements of `npm run bench` (bench/moyu-wang.ts runs them bundled, as the app
// ships the engine). Pure functions of this thread; rates are per CPU-second of this thread.
//
// Two ways to play random 4-player games (property.test.ts shows they play the same rules):
// - `contract`: the engine's `simulate` over the public `Game` contract — a fresh state per
//   `apply`, the random bot picking from `legalMw`'s full list. Baseline.
// - `table`: what `npm run cli -- simulate moyu-wang --bots random` runs (`playMwMatch`), with
//   each game's JSONL line built (`mwRecordLine`): the live table, plays drawn by count.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { randomBot, simulate } from '../src/shared/engine/simulate';
import { moyuWang } from '../src/shared/games/moyu-wang';
import { mwRecordLine, playMwMatch, resolveMwConfig } from '../src/main/services/simulation/moyu-wang';

export interface MwWindow {
  games: number;
  moves: number;
  bytes: number;
  ms: number;
}
export interface MwWayJob {
  way: 'contract' | 'table';
  bot: 'random' | 'heuristic';
  warmup: number;
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** One way of playing game `i` (4 players, default options): its moves and JSONL bytes. */
export function mwWay(way: 'contract' | 'table', bot: 'random' | 'heuristic'): (i: number) => { moves: number; bytes: number } {
  if (way === 'contract') {
    if (bot !== 'random') throw new Error('the contract way is measured with random bots');
    return (i) => {
      const r = simulate(moyuWang, { seed: `bench/${i}`, players: 4, options: moyuWang.defaultOptions, bots: randomBot, recordMoves: false });
      return { moves: r.steps, bytes: 0 };
    };
  }
  const cfg = resolveMwConfig({ bots: bot, seed: 'bench', matches: 1, players: 4 });
  if (!cfg.ok) throw new Error(cfg.error.message);
  return (i) => {
    const r = playMwMatch(cfg.value, i);
    return { moves: r.moves, bytes: mwRecordLine(r.record).length + 1 };
  };
}

// A measuring thread: warm up by work, then play one window of CPU time per message.
if (!isMainThread && (workerData as { mwWay?: MwWayJob } | null)?.mwWay) {
  const job = (workerData as { mwWay: MwWayJob }).mwWay;
  const play = mwWay(job.way, job.bot);
  for (let i = 0; i < job.warmup; i++) play(1_000_000 + i);
  let i = 0;
  parentPort!.on('message', (ms: number) => {
    const c0 = cpu();
    const w: MwWindow = { games: 0, moves: 0, bytes: 0, ms: 0 };
    while (w.ms < ms) {
      const r = play(i++);
      w.games++;
      w.moves += r.moves;
      w.bytes += r.bytes;
      w.ms = cpu() - c0;
    }
    parentPort!.postMessage(w);
  });
  parentPort!.postMessage('ready');
}

/** Best and median games per CPU-second over windows, and µs per move. */
export function mwRate(ws: readonly MwWindow[]): { best: number; median: number; usPerMove: number; movesPerGame: number; bytesPerGame: number } {
  const r = ws.map((w) => (w.games * 1000) / w.ms).sort((x, y) => x - y);
  const sum = (f: (w: MwWindow) => number) => ws.reduce((a, w) => a + f(w), 0);
  return { best: r[r.length - 1]!, median: r[Math.floor(r.length / 2)]!, usPerMove: (sum((w) => w.ms) * 1000) / sum((w) => w.moves), movesPerGame: sum((w) => w.moves) / sum((w) => w.games), bytesPerGame: sum((w) => w.bytes) / Math.max(1, sum((w) => w.games)) };
}
