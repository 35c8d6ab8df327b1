// npm run bench (zodiac part; also `npx tsx bench/zodiac.ts` alone) — 生肖赛跑 engine and bot speed.
//
//  1. Random-bot games per CPU-second on one core (default options: 36 squares, first to 10 laps),
//     2 / 4 / 6 players; target ≥ 2,000 games/s. Six 0.5 s windows: the best and the median.
//     Rates are per CPU-second of the benchmark's thread, so other processes on a shared machine
//     distort them less than wall-clock rates (they still share caches and cores).
//  2. Heuristic-bot games per CPU-second, 2 and 4 players.
//  3. Search bot: CPU ms per decision.
import { fileURLToPath } from 'node:url';
import { bundle } from '../scripts/bundle';
import type * as Speed from './zodiac-speed';

const TARGET_RANDOM = 2000;
const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en') : n.toFixed(1));

/** Run the zodiac-race benchmark and print its report. */
export async function benchZodiac(): Promise<void> {
  console.log('\n生肖赛跑 Zodiac Race engine and bots (bundled; rates per CPU-second of one thread)\n');
  const { zrRate, zrSearchTiming } = (await import((await bundle(new URL('./zodiac-speed.ts', import.meta.url))).href)) as typeof Speed;
  for (const players of [2, 4, 6]) {
    const r = zrRate(players, 'random', 6, 500);
    console.log(
      `Random bots, ${players} players: ${fmt(r.best)} games/s (median window ${fmt(r.median)}; ${fmt(r.movesPerGame)} moves/game, ${r.usPerMove.toFixed(1)} µs/move) = ${(r.best / TARGET_RANDOM).toFixed(3)}× the ${TARGET_RANDOM.toLocaleString('en')} games/s target`,
    );
  }
  for (const players of [2, 4]) {
    const r = zrRate(players, 'heuristic', 5, 500);
    console.log(`Heuristic bots, ${players} players: ${fmt(r.best)} games/s (median ${fmt(r.median)}; ${fmt(r.movesPerGame)} moves/game, ${r.usPerMove.toFixed(1)} µs/move)`);
  }
  console.log(`Search bot (default budget): ${zrSearchTiming(200).toFixed(1)} ms per decision (2 players vs heuristic)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchZodiac().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
