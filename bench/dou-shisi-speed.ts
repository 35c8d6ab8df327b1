// The 斗十四 measurements of `npm run bench` (bench/dou-shisi.ts runs them bundled, as the app
// ships the engine). Rates are per CPU-second of this thread.
//
// Two ways to play random 4-player hands (matches of one hand):
// - `contract`: the engine's `simulate` over the public `Game` contract — a copy of the state per
//   `apply`, each move checked against the legal list, the random bot picking from it. Baseline.
// - `table`: what `npm run cli -- simulate dou-shisi --bots random` runs (`playDsMatch`: one state
//   stepped in place), with each hand's JSONL line built (`dsRecordLine`).
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { playDsMatch, resolveDsConfig, type DsMatchResult } from '../src/main/services/simulation/dou-shisi';
import { randomBot, simulate } from '../src/shared/engine/simulate';
import { douShisi, dsRecordLine, type DsState } from '../src/shared/games/dou-shisi';

export interface DsWindow {
  hands: number;
  moves: number;
  bytes: number;
  ms: number;
}
export interface DsWayJob {
  way: 'contract' | 'table';
  bot: 'random' | 'heuristic';
  warmup: number;
}

export const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** One way of playing: match `i` (one hand, 4 players), returning its hands, moves and JSONL bytes. */
export function dsWay(way: 'contract' | 'table', bot: 'random' | 'heuristic'): (i: number) => { hands: number; moves: number; bytes: number } {
  const options = { ...douShisi.defaultOptions, hands: 1 };
  if (way === 'contract') {
    if (bot !== 'random') throw new Error('the contract way is measured with random bots');
    return (i) => {
      const r = simulate(douShisi, { seed: `bench/${i}`, players: 4, options, bots: randomBot, recordMoves: false });
      return { hands: (r.state as DsState).results.length, moves: r.steps, bytes: 0 };
    };
  }
  const cfg = resolveDsConfig({ bots: bot, seed: 'bench', matches: 1, options: { hands: 1 } });
  if (!cfg.ok) throw new Error(cfg.error.message);
  return (i) => {
    const r: DsMatchResult = playDsMatch(cfg.value, i);
    let bytes = 0;
    for (const rec of r.records) bytes += dsRecordLine(rec).length + 1;
    return { hands: r.records.length, moves: r.moves, bytes };
  };
}

// A measuring thread: warm up by work, then play one window of CPU time per message.
if (!isMainThread && (workerData as { dsWay?: DsWayJob } | null)?.dsWay) {
  const job = (workerData as { dsWay: DsWayJob }).dsWay;
  const play = dsWay(job.way, job.bot);
  for (let i = 0; i < job.warmup; i++) play(1_000_000 + i);
  let i = 0;
  parentPort!.on('message', (ms: number) => {
    const c0 = cpu();
    const w: DsWindow = { hands: 0, moves: 0, bytes: 0, ms: 0 };
    while (w.ms < ms) {
      const r = play(i++);
      w.hands += r.hands;
      w.moves += r.moves;
      w.bytes += r.bytes;
      w.ms = cpu() - c0;
    }
    parentPort!.postMessage(w);
  });
  parentPort!.postMessage('ready');
}

/** Best and median hands per CPU-second over windows, and µs per move. */
export function dsRate(ws: readonly DsWindow[]): { best: number; median: number; usPerMove: number; movesPerHand: number; bytesPerHand: number } {
  const r = ws.map((w) => (w.hands * 1000) / w.ms).sort((x, y) => x - y);
  const sum = (f: (w: DsWindow) => number) => ws.reduce((a, w) => a + f(w), 0);
  return { best: r[r.length - 1]!, median: r[Math.floor(r.length / 2)]!, usPerMove: (sum((w) => w.ms) * 1000) / sum((w) => w.moves), movesPerHand: sum((w) => w.moves) / sum((w) => w.hands), bytesPerHand: sum((w) => w.bytes) / Math.max(1, sum((w) => w.hands)) };
}
