// The 斗福 speed measurements of `npm run bench` (bench/games.ts runs them bundled, as the app
// ships the engine, and from sources under tsx for comparison). Pure functions of this thread.
import { simulate, randomBot } from '../src/shared/engine/simulate';
import { doufu } from '../src/shared/games/doufu';
import { heuristicBot, searchDecision, type SearchParams } from '../src/shared/games/doufu/bots';
import { resolveConfig, type SimInput } from '../src/main/services/simulation/config';
import { playMatch } from '../src/main/services/simulation/match';
import type { BotInput } from '../src/shared/engine/types';
import type { DoufuMove, DoufuView } from '../src/shared/games/doufu';

/** Matches of the simulator loop for `ms` milliseconds (after a warm-up); hands per second. */
export function simRate(input: SimInput, ms: number): { hands: number; rate: number; usPerMove: number } {
  const cfg = resolveConfig({ ...input, seed: 'bench' });
  if (!cfg.ok) throw new Error(cfg.error.message);
  const w0 = performance.now();
  for (let i = 0; performance.now() - w0 < 1000; i++) playMatch(cfg.value, 10_000 + i); // warm-up: JIT
  let hands = 0;
  let moves = 0;
  const t0 = performance.now();
  for (let i = 0; performance.now() - t0 < ms; i++) {
    const r = playMatch(cfg.value, i);
    hands += r.records.length;
    moves += r.moves;
  }
  const dt = performance.now() - t0;
  return { hands, rate: (hands * 1000) / dt, usPerMove: (dt * 1000) / moves };
}

/** The engine's own `simulate` with random bots (no hand records; a view is built only when a bot reads it). */
export function engineRate(players: number, mode: 'ffa' | '2v2', ms: number): number {
  const options = { ...doufu.defaultOptions, mode };
  let hands = 0;
  const t0 = performance.now();
  for (let i = 0; performance.now() - t0 < ms; i++) hands += simulate(doufu, { seed: `e${i}`, players, options, bots: randomBot, recordMoves: false }).state.handsDone;
  return (hands * 1000) / (performance.now() - t0);
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

