// The 斗老闆 measurements of `npm run bench` (bench/dou-laoban.ts runs them bundled, as the app
// ships the engine). Pure functions of this thread; rates are per CPU-second of this thread.
//
// Two ways to play random 3-player deals (table.test.ts shows they play the same rules):
// - `contract`: the engine's `simulate` over the public `Game` contract — a fresh state per
//   `apply`, the random bot picking from `legalDl`'s full list (every kicker choice). Baseline.
// - `table`: what `npm run cli -- simulate dou-laoban --bots random` runs (`playDlMatch`), with
//   each deal's JSONL line built (`dlRecordLine`): the live table, moves drawn from the bodies.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { randomBot, simulate } from '../src/shared/engine/simulate';
import { countsOf, douLaoban, playsOver, type DlState } from '../src/shared/games/dou-laoban';
import { Bodies } from '../src/shared/games/dou-laoban/plays';
import { dlRecordLine, playDlMatch, resolveDlConfig } from '../src/main/services/simulation/dou-laoban';
import { Rng, seedRng } from '../src/shared/util/rng';

export interface DlWindow {
  deals: number;
  moves: number;
  bytes: number;
  ms: number;
}
export interface DlWayJob {
  way: 'contract' | 'table';
  bot: 'random' | 'heuristic';
  warmup: number;
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** One way of playing: match `i` (default options: 6 deals), returning its played deals, moves and JSONL bytes. */
export function dlWay(way: 'contract' | 'table', bot: 'random' | 'heuristic'): (i: number) => { deals: number; moves: number; bytes: number } {
  if (way === 'contract') {
    if (bot !== 'random') throw new Error('the contract way is measured with random bots');
    return (i) => {
      const r = simulate(douLaoban, { seed: `bench/${i}`, players: 3, options: douLaoban.defaultOptions, bots: randomBot, recordMoves: false });
      return { deals: (r.state as DlState).results.length, moves: r.steps, bytes: 0 };
    };
  }
  const cfg = resolveDlConfig({ bots: bot, seed: 'bench', matches: 1 });
  if (!cfg.ok) throw new Error(cfg.error.message);
  return (i) => {
    const r = playDlMatch(cfg.value, i);
    let bytes = 0;
    let deals = 0;
    for (const rec of r.records) {
      bytes += dlRecordLine(rec).length + 1;
      if (rec.boss !== null) deals++;
    }
    return { deals, moves: r.moves, bytes };
  };
}

// A measuring thread: warm up by work, then play one window of CPU time per message.
if (!isMainThread && (workerData as { dlWay?: DlWayJob } | null)?.dlWay) {
  const job = (workerData as { dlWay: DlWayJob }).dlWay;
  const play = dlWay(job.way, job.bot);
  for (let i = 0; i < job.warmup; i++) play(1_000_000 + i);
  let i = 0;
  parentPort!.on('message', (ms: number) => {
    const c0 = cpu();
    const w: DlWindow = { deals: 0, moves: 0, bytes: 0, ms: 0 };
    while (w.ms < ms) {
      const r = play(i++);
      w.deals += r.deals;
      w.moves += r.moves;
      w.bytes += r.bytes;
      w.ms = cpu() - c0;
    }
    parentPort!.postMessage(w);
  });
  parentPort!.postMessage('ready');
}

/** Best and median deals per CPU-second over windows, and µs per move. */
export function dlRate(ws: readonly DlWindow[]): { best: number; median: number; usPerMove: number; movesPerDeal: number; bytesPerDeal: number } {
  const r = ws.map((w) => (w.deals * 1000) / w.ms).sort((x, y) => x - y);
  const sum = (f: (w: DlWindow) => number) => ws.reduce((a, w) => a + f(w), 0);
  return { best: r[r.length - 1]!, median: r[Math.floor(r.length / 2)]!, usPerMove: (sum((w) => w.ms) * 1000) / sum((w) => w.moves), movesPerDeal: sum((w) => w.moves) / sum((w) => w.deals), bytesPerDeal: sum((w) => w.bytes) / Math.max(1, sum((w) => w.deals)) };
}

/**
 * Legal-move listing per hand: µs per call of the contract's full list (`playsOver`, every kicker
 * choice) and of the fast body list (`Bodies.fill`), leading with `size`-card random hands.
 */
export function listingTiming(size: number, hands = 2000): { full: number; bodies: number; plays: number; bodiesPer: number } {
  const rng = new Rng(seedRng(`listing/${size}`));
  const cnts = Array.from({ length: hands }, () => countsOf(rng.shuffle(Array.from({ length: 54 }, (_, i) => i)).slice(0, size)));
  const b = new Bodies();
  let plays = 0;
  let bodies = 0;
  for (const c of cnts) playsOver(c, null);
  for (const c of cnts) b.fill(c, null);
  let t = cpu();
  for (let k = 0; k < 3; k++) for (const c of cnts) plays += playsOver(c, null).length;
  const full = ((cpu() - t) * 1000) / (3 * hands);
  t = cpu();
  for (let k = 0; k < 30; k++) for (const c of cnts) bodies += b.fill(c, null).size;
  const fast = ((cpu() - t) * 1000) / (30 * hands);
  return { full, bodies: fast, plays: plays / (3 * hands), bodiesPer: bodies / (30 * hands) };
}
