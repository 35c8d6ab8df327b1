// npm run bench (zodiac part; BENCH_ONLY=zodiac, or `npx tsx bench/zodiac.ts` alone) — 生肖赛跑
// engine and bot speed.
//
//  1. Random-bot games per CPU-second on one core (default options: 36 squares, first to 10 laps),
//     2 / 4 / 6 players, played three ways (bench/zodiac-speed.ts): the simulator's quiet live
//     table (`npm run cli -- simulate` and the balance lab's workers, records included, no events
//     built) against the baseline, the engine's `simulate` over the public contract (a fresh state
//     per move); and `simulate` with the game's lean random-bot path (`randomMove`, `applyListed`
//     building no events, `actor`) against the same contract without it (every move listed in full
//     and checked, its events built, the status after every move). The checked way runs the same
//     engine, so engine work that speeds every way (fewer allocations, squares by lookup) moves
//     these ratios little: compare the rates of runs at a similar load for that. Each way in its own
//     thread, warmed up by 300 games, then six alternating windows of 0.4 CPU-s each: the best
//     window and the median of each, their ratios, and the table against the ≥ 2,000 games/s
//     target. The load average is printed: on a shared machine read the ratios, not the rates.
//     Rates are per CPU-second of the benchmark's thread, so other processes on a shared machine
//     distort them less than wall-clock rates (they still share caches and cores).
//  2. Heuristic-bot games per CPU-second, 2 and 4 players, the same two ways.
//  3. Search bot: CPU ms per decision.
//  4. The bots' play and the levels' strength (bench/zodiac-bots.ts).
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { bundle } from '../scripts/bundle';
import type * as Speed from './zodiac-speed';
import { benchZodiacBots } from './zodiac-bots';
import { sized } from './scale';

const TARGET_RANDOM = 2000;

/** The two ways side by side, and the ratios table / contract (of the best windows and of the medians). */
interface Rates {
  contract: Speed.ZrRate;
  table: Speed.ZrRate;
  ratio: number;
  ratioMedian: number;
  /** The contract without the lean random-bot path (random bots only). */
  checked?: Speed.ZrRate;
}
const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en') : n.toFixed(1));

/** Run the zodiac-race benchmark and print its report. */
export async function benchZodiac(): Promise<void> {
  const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
  console.log(`\n生肖赛跑 Zodiac Race engine and bots (bundled; rates per CPU-second of one thread) — load average ${load()}\n`);
  const url = await bundle(new URL('./zodiac-speed.ts', import.meta.url));
  const { zrRate, zrSearchTiming } = (await import(url.href)) as typeof Speed;
  /** The two ways, each in its own thread, in alternating windows of `ms` CPU-ms (only one thread busy at a time). */
  const zrRates = async (players: number, bot: 'random' | 'heuristic', windows: number, ms: number, warmup: number): Promise<Rates> => {
    const start = (way: Speed.ZrWayName) =>
      new Promise<Worker>((resolve, reject) => {
        const w = new Worker(url, { workerData: { zrWay: { way, players, bot, warmup } satisfies Speed.ZrWayJob } });
        w.once('message', () => resolve(w));
        w.once('error', reject);
      });
    const window = (w: Worker) =>
      new Promise<Speed.ZrWindow>((resolve, reject) => {
        w.once('message', resolve);
        w.once('error', reject);
        w.postMessage(ms);
      });
    // Started one after the other: warming up is itself measured work for the other thread's clock.
    const ways: Speed.ZrWayName[] = bot === 'random' ? ['checked', 'contract', 'table'] : ['contract', 'table'];
    const threads: Worker[] = [];
    const got: Partial<Record<Speed.ZrWayName, Speed.ZrWindow[]>> = {};
    try {
      for (const way of ways) threads.push(await start(way));
      for (let k = 0; k < windows; k++) for (let w = 0; w < ways.length; w++) (got[ways[w]!] ??= []).push(await window(threads[w]!));
    } finally {
      await Promise.all(threads.map((w) => w.terminate()));
    }
    const c = zrRate(got.contract!);
    const t = zrRate(got.table!);
    return { contract: c, table: t, ratio: t.best / c.best, ratioMedian: t.median / c.median, checked: got.checked && zrRate(got.checked) };
  };
  const line = (what: string, r: Rates) => {
    const t = r.table;
    const c = r.contract;
    return `${what}: ${fmt(t.best)} games/s (median window ${fmt(t.median)}; ${fmt(t.movesPerGame)} moves/game, ${t.usPerMove.toFixed(2)} µs/move); baseline (simulate over the contract) ${fmt(c.best)} (median ${fmt(c.median)}; ${c.usPerMove.toFixed(2)} µs/move) = ${r.ratio.toFixed(2)}× the baseline (medians ${r.ratioMedian.toFixed(2)}×)`;
  };
  for (const players of [2, 4, 6]) {
    const r = await zrRates(players, 'random', sized(6, 1), sized(400, 20), sized(300, 5));
    console.log(`${line(`Random bots, ${players} players`, r)}; ${(r.table.best / TARGET_RANDOM).toFixed(2)}× the ${TARGET_RANDOM.toLocaleString('en')} games/s target (median ${(r.table.median / TARGET_RANDOM).toFixed(2)}×)`);
    const c = r.contract;
    const k = r.checked!;
    console.log(
      `  simulate's lean random-bot path, ${players} players: ${fmt(c.best)} games/s (median ${fmt(c.median)}) = ${(c.best / k.best).toFixed(2)}× the contract without it, every move listed and checked (${fmt(k.best)}, median ${fmt(k.median)}; medians ${(c.median / k.median).toFixed(2)}×); ${(c.best / TARGET_RANDOM).toFixed(2)}× the ${TARGET_RANDOM.toLocaleString('en')} games/s target; load average ${load()}`,
    );
  }
  for (const players of [2, 4]) console.log(line(`Heuristic bots, ${players} players`, await zrRates(players, 'heuristic', sized(5, 1), sized(400, 20), sized(100, 2))));
  console.log(`Search bot (default budget): ${zrSearchTiming(sized(200, 3)).toFixed(1)} ms per decision (2 players vs heuristic)`);
  await benchZodiacBots();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchZodiac().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
