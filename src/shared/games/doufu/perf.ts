/**
 * Engine speed: random-bot playouts through `simulate` in this process, counted in hands (a hand
 * ends with a win, a 流局 or a mid-hand 荒牌). `npm run bench` prints these; they are not tests.
 * @example randomHandsPerSecond({ players: 3, seconds: 2 }).handsPerSecond // ≈ hands per second on one core
 */
import { randomBot, simulate } from '../../engine/simulate';
import { doufu } from './game';
import type { DoufuGameOptions } from './types';

/** What `randomHandsPerSecond` measures. */
export interface HandsPerSecondInput {
  /** Seats, 2–4. */
  players: number;
  /** `'2v2'` needs 4 players. Default `'ffa'`. */
  mode?: 'ffa' | '2v2';
  /** Wall-clock budget; whole matches are played until it is spent. Default 2. */
  seconds?: number;
  /** Rule options on top of the defaults. */
  options?: Partial<DoufuGameOptions>;
  /** Seed prefix of the matches (`${seed}-${i}`). Default `'bench'`. */
  seed?: string;
  /** Untimed matches first, so the JIT has warmed up. Default 3. */
  warmupMatches?: number;
}

/** The result of `randomHandsPerSecond`. */
export interface HandsPerSecondResult {
  players: number;
  mode: 'ffa' | '2v2';
  hands: number;
  matches: number;
  moves: number;
  ms: number;
  handsPerSecond: number;
  movesPerSecond: number;
}

const clock: () => number = (() => {
  const p = (globalThis as { performance?: { now(): number } }).performance;
  return p ? () => p.now() : () => Date.now();
})();

/** Play whole seeded matches with `randomBot` in every seat for about `seconds`; hands (and moves) per second. */
export function randomHandsPerSecond(input: HandsPerSecondInput): HandsPerSecondResult {
  const { players, mode = 'ffa', seconds = 2, seed = 'bench', warmupMatches = 3 } = input;
  const options: DoufuGameOptions = Object.freeze({ ...doufu.defaultOptions, ...input.options, mode });
  const play = (i: number) => simulate(doufu, { seed: `${seed}-${i}`, players, options, bots: randomBot, recordMoves: false });
  for (let i = 0; i < warmupMatches; i++) play(-1 - i);
  let hands = 0;
  let moves = 0;
  let matches = 0;
  const t0 = clock();
  let ms = 0;
  do {
    const r = play(matches++);
    hands += r.state.handsDone;
    moves += r.steps;
    ms = clock() - t0;
  } while (ms < seconds * 1000);
  return { players, mode, hands, matches, moves, ms, handsPerSecond: (hands * 1000) / ms, movesPerSecond: (moves * 1000) / ms };
}

/** The four table shapes the README quotes: 2, 3 and 4 players free-for-all, and 2v2. */
export const BENCH_TABLES: readonly { players: number; mode: 'ffa' | '2v2' }[] = [
  { players: 2, mode: 'ffa' },
  { players: 3, mode: 'ffa' },
  { players: 4, mode: 'ffa' },
  { players: 4, mode: '2v2' },
];

/** `randomHandsPerSecond` for every table of `BENCH_TABLES`. */
export function benchAllTables(seconds = 2): HandsPerSecondResult[] {
  return BENCH_TABLES.map((t) => randomHandsPerSecond({ ...t, seconds }));
}
