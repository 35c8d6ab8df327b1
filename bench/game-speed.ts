// The 斗福 speed measurements of `npm run bench` (bench/games.ts runs them bundled, as the app
// ships the engine, and from sources under tsx for comparison). Pure functions of this thread.
import { simulate, randomBot } from '../src/shared/engine/simulate';
import { doufu } from '../src/shared/games/doufu';
import { heuristicBot, searchDecision, type SearchParams } from '../src/shared/games/doufu/bots';
import { resolveConfig, type SimInput } from '../src/main/services/simulation/config';
import { playMatch } from '../src/main/services/simulation/match';
import type { BotInput } from '../src/shared/engine/types';
import type { DoufuMove, DoufuView } from '../src/shared/games/doufu';

/** A rate measured in several windows: the median window and the best one (interference only slows a window down). */
export interface Windows {
  median: number;
  best: number;
  /**
   * The best window's rate per CPU-second of this process (every thread, the collector's too):
   * on a shared machine a window's wall time includes time other processes took, its CPU time does not.
   */
  bestCpu: number;
  /** Microseconds per move over all windows. */
  usPerMove: number;
}

/**
 * Run `play(i)` (one match: its hands and moves) in `windows` windows of `ms` each, after a 1 s
 * warm-up for the JIT; hands per second per window. On a shared machine other processes steal
 * time from some windows, so the best window is the closest to what the engine does on a free core.
 */
function windowed(play: (i: number) => { hands: number; moves: number }, windows: number, ms: number, warmMs = 1000): Windows {
  const w0 = performance.now();
  for (let i = 0; performance.now() - w0 < warmMs; i++) play(1_000_000 + i);
  const rates: number[] = [];
  let bestCpu = 0;
  let moves = 0;
  let total = 0;
  let i = 0;
  for (let w = 0; w < windows; w++) {
    let hands = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    while (performance.now() - t0 < ms) {
      const r = play(i++);
      hands += r.hands;
      moves += r.moves;
    }
    const dt = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    total += dt;
    rates.push((hands * 1000) / dt);
    bestCpu = Math.max(bestCpu, (hands * 1e6) / Math.max(1, cpu.user + cpu.system));
  }
  rates.sort((x, y) => x - y);
  return { median: rates[Math.floor(rates.length / 2)]!, best: rates[rates.length - 1]!, bestCpu, usPerMove: (total * 1000) / moves };
}

/** The simulator's match loop (bots, hand records for the JSONL): hands per second. */
export function simRate(input: SimInput, windows: number, ms: number): Windows {
  const cfg = resolveConfig({ ...input, seed: 'bench' });
  if (!cfg.ok) throw new Error(cfg.error.message);
  return windowed((i) => {
    const r = playMatch(cfg.value, i);
    return { hands: r.records.length, moves: r.moves };
  }, windows, ms);
}

/**
 * The game as a caller outside the simulator sees it: every move checked by `apply` and the
 * status built after every move (`simulate` falls back to both without `applyListed` / `actor`).
 * The same games move for move: the baseline of `engineRate`.
 */
const checkedDoufu = { ...doufu, applyListed: undefined, actor: undefined };

/**
 * The engine's own `simulate` with random bots in every seat (no records; no views, random bots
 * read none): hands per second. `checked`: the baseline, every move through `apply`. `warmMs`: the
 * warm-up before the windows (shorter when the same code has just run).
 */
export function engineRate(players: number, mode: 'ffa' | '2v2', windows: number, ms: number, checked = false, warmMs = 1000): Windows {
  const options = { ...doufu.defaultOptions, mode };
  const game = checked ? checkedDoufu : doufu;
  return windowed((i) => {
    const r = simulate(game, { seed: `e${i}`, players, options, bots: randomBot, recordMoves: false });
    return { hands: r.state.handsDone, moves: r.steps };
  }, windows, ms, warmMs);
}

/** Time per search-bot move over matches of 3 players (search vs 2 heuristic). */
export function searchTiming(params: SearchParams, decisions: number): { perMove: number; perSearched: number; maxSearched: number; searched: number; moves: number; iterations: number } {
  let moves = 0;
  let searched = 0;
  let total = 0;
  let searchedMs = 0;
  let maxMs = 0;
  let iterations = 0;
  const bot = (input: BotInput<DoufuView, DoufuMove>) => {
    const t = performance.now();
    const { move, report } = searchDecision(input, params);
    const dt = performance.now() - t;
    total += dt;
    moves++;
    if (report) {
      searched++;
      searchedMs += dt;
      maxMs = Math.max(maxMs, dt);
      iterations += report.iterations;
    }
    return move;
  };
  for (let g = 0; searched < decisions; g++)
    simulate(doufu, { seed: `s${g}`, players: 3, options: doufu.defaultOptions, bots: [bot, heuristicBot, heuristicBot], recordMoves: false, stopWhen: () => searched >= decisions });
  return { perMove: total / moves, perSearched: searchedMs / searched, maxSearched: maxMs, searched, moves, iterations: iterations / searched };
}

