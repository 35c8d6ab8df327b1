// npm run bench (games part; also `npx tsx bench/games.ts` alone) — 斗福 engine and bot speed, and
// the big soundness run.
//
//  1. Random-bot hands per second on one core: the engine's simulate() loop (the target, ≥ 10,000
//     hands/s, the mean of the four tables) and the simulator's match loop with its hand records,
//     2/3/4 players and 2v2, default options. Six 0.5 s windows each: the best window and the
//     median (other processes on a shared machine only ever slow a window down). The engine's loop
//     is simulate's lean path: `actor` for the acting seat, and `applyListed` told that nobody
//     reads the events and nobody else holds the state (random bots only, no callback), so 斗福
//     builds no events and turns the state itself into the next one. The baseline, in the same
//     process and the same windows: the same games with every move checked by `apply` (a fresh,
//     copied state and every event) and the status built after each one (simulate without
//     `applyListed` / `actor`). Each line also gives the best window per CPU-second of the process
//     (every thread, the collector's too), which other processes on a shared machine cannot
//     stretch the way they stretch wall time.
//     Measured on a bundle of bench/game-speed.ts (scripts/bundle.ts), as the app ships the engine;
//     one line from sources under tsx shows what per-file CommonJS costs.
//  2. Heuristic-bot hands per second on one core (same loop, every seat heuristic).
//  3. Search bot: time per move with the default budget (24 sampled worlds × ≤ 4 candidates),
//     in 3-player matches against two heuristic bots; and a 100 ms time budget to show it holds.
//  4. Bots' play: how often each combo is declared and each skill used in heuristic-vs-heuristic
//     play next to random-vs-random and planner-vs-planner (BENCH_PLAY_MATCHES matches of 3 players,
//     default 300), and the planner's match win rate against the heuristic (BENCH_DUEL_MATCHES
//     matches of 2 players, default 600, seats alternating), with its 95 % (Wilson) interval.
//     The table's levels 入门 < 普通 < 高手 (random, heuristic, search at its default budget): a
//     win-rate matrix of 2-player matches, BENCH_LEVEL_MATCHES per pair (default 60; the search
//     bot's pairs are the bench's slowest games), seats alternating, 95 % Wilson intervals. BENCH_ONLY=doufu-bots runs this part alone.
//  5. Soundness soak: BENCH_SOAK_HANDS (default 100,000) random hands over 2/3/4 players and 2v2
//     with random rule options, split over the cores: the 48-card invariant after every move,
//     every legal move of each position applied (a sample of 12 when there are more), an illegal
//     move refused as a value. Reports the hands checked.
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SEARCH, createPlannerBot, createSearchBot, heuristicBot, randomBot } from '../src/shared/games/doufu/bots';
import { duel, type DuelResult } from '../src/shared/games/doufu/bots/duel';
import { COMBOS } from '../src/shared/games/doufu/scoring';
import { wilson } from '../src/main/services/simulation/summary';
import type { SimInput } from '../src/main/services/simulation/config';
import * as fromSource from './game-speed';
import type { Windows } from './game-speed';
import { bundle } from '../scripts/bundle';
import { parallelSoak } from '../scripts/parallel-soak';
import { sized } from './scale';

const TARGET_RANDOM = 10_000;
/**
 * The checked baseline's hands/s on a quiet machine (mean of the four tables, every move listed,
 * checked by `apply`, the status after every move): ratio × this estimates the quiet rate. It
 * was measured before the engine-wide speed-ups the baseline shares (settlement and scoring
 * without eager messages, shared step and task constants), so the estimate understates.
 */
const QUIET_BASELINE = 7_592;
const TABLES: [string, SimInput][] = [
  ['2 players', { players: 2 }],
  ['3 players', { players: 3 }],
  ['4 players', { players: 4 }],
  ['2v2', { players: 4, mode: '2v2' }],
];
const fmt = (n: number) => Math.round(n).toLocaleString('en');

/**
 * Part 1, random-bot hands per second (BENCH_ONLY=doufu-random runs it alone): the lean engine
 * against its checked baseline in alternating windows, the simulator's loop, and the target line.
 * Returns the bundled speed module for the later parts.
 */
export async function benchRandomSpeed(): Promise<typeof fromSource> {
  const mod = (await import((await bundle(new URL('./game-speed.ts', import.meta.url))).href)) as typeof fromSource;
  const { simRate, engineRate } = mod;
  let sumBest = 0;
  let sumMedian = 0;
  let sumBase = 0;
  let sumCpu = 0;
  let sumBaseCpu = 0;
  for (const [name, input] of TABLES) {
    const mode = input.mode === '2v2' ? '2v2' : 'ffa';
    // Windows of the engine and of its baseline alternate, so a change in the machine's load hits both.
    const runs = sized(3, 1);
    const e: Windows[] = [];
    const b: Windows[] = [];
    for (let k = 0; k < runs; k++) {
      const warm = k === 0 ? 1000 : 200;
      e.push(engineRate(input.players!, mode, 2, sized(500, 20), false, warm));
      b.push(engineRate(input.players!, mode, 2, sized(500, 20), true, warm));
    }
    const best = Math.max(...e.map((w) => w.best));
    const base = Math.max(...b.map((w) => w.best));
    const median = e.map((w) => w.median).sort((x, y) => x - y)[Math.floor(runs / 2)]!;
    const cpu = Math.max(...e.map((w) => w.bestCpu));
    const baseCpu = Math.max(...b.map((w) => w.bestCpu));
    const r = simRate({ ...input, bots: 'random' }, sized(6, 1), sized(500, 20));
    sumBest += best;
    sumMedian += median;
    sumBase += base;
    sumCpu += cpu;
    sumBaseCpu += baseCpu;
    console.log(
      `Random bots, ${name.padEnd(9)}: ${fmt(best).padStart(6)} hands/s (median ${fmt(median)}; ${e[0]!.usPerMove.toFixed(1)} µs/move) = ${(best / base).toFixed(2)}× the baseline, every move checked by apply (${fmt(base)}); per CPU-second ${fmt(cpu)} (baseline ${fmt(baseCpu)}); with the simulator's hand records ${fmt(r.best)} (median ${fmt(r.median)})`,
    );
  }
  const best = sumBest / TABLES.length;
  const median = sumMedian / TABLES.length;
  const base = sumBase / TABLES.length;
  const cpu = sumCpu / TABLES.length;
  console.log(
    `Random bots, mean over tables: ${fmt(best)} hands/s on one core (best windows; medians ${fmt(median)}) = ${(best / TARGET_RANDOM).toFixed(2)}× the ${fmt(TARGET_RANDOM)} hands/s target (medians ${(median / TARGET_RANDOM).toFixed(2)}×); ${(best / base).toFixed(2)}× the checked baseline (${fmt(base)}); per CPU-second of this process ${fmt(cpu)} hands (${(cpu / TARGET_RANDOM).toFixed(2)}× the target; baseline ${fmt(sumBaseCpu / TABLES.length)})`,
  );
  // The ratio against the checked baseline is what this machine can measure while others load it
  // (per CPU-second: other processes stretch a window's wall time, not its CPU time); times the
  // baseline of a quiet machine it estimates the quiet rate the target speaks of.
  const ratio = cpu / (sumBaseCpu / TABLES.length);
  const estimate = ratio * QUIET_BASELINE;
  console.log(
    `Random bots, target ${fmt(TARGET_RANDOM)} hands/s: estimated ${fmt(estimate)} hands/s on a quiet core (${ratio.toFixed(2)}× the checked baseline per CPU-second × ${fmt(QUIET_BASELINE)} hands/s, its quiet-machine mean before the lean path) — ${estimate >= TARGET_RANDOM ? 'met' : `${fmt(TARGET_RANDOM - estimate)} short`}`,
  );
  const src = fromSource.engineRate(3, 'ffa', sized(3, 1), sized(500, 20));
  console.log(`  (for comparison, 3 players run from sources under tsx, one CommonJS module per file: ${fmt(src.best)} hands/s)`);

  return mod;
}

/** Run the games benchmark and print its report. */
export async function benchGames(): Promise<void> {
  console.log(`\n斗福 engine and bots — node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}\n`);
  const { simRate, searchTiming } = await benchRandomSpeed();
  for (const [name, input] of [TABLES[0]!, TABLES[2]!]) {
    const r = simRate({ ...input, bots: 'heuristic' }, sized(5, 1), sized(600, 20));
    console.log(`Heuristic bots, ${name}: ${fmt(r.best)} hands/s on one core (median ${fmt(r.median)}; ${r.usPerMove.toFixed(0)} µs/move)`);
  }

  const s = searchTiming(DEFAULT_SEARCH, sized(60, 2));
  console.log(
    `Search bot (${DEFAULT_SEARCH.iterations} worlds × ≤ ${DEFAULT_SEARCH.maxCandidates} candidates, 3 players vs 2 heuristic): ${s.perSearched.toFixed(0)} ms per searched move (max ${s.maxSearched.toFixed(0)} ms, ${s.searched} searched), ${s.perMove.toFixed(0)} ms per move over all its ${s.moves} moves`,
  );
  const b = searchTiming({ ...DEFAULT_SEARCH, timeMs: 100 }, sized(20, 1));
  console.log(`Search bot with a 100 ms budget: ${b.perSearched.toFixed(0)} ms per searched move (max ${b.maxSearched.toFixed(0)} ms), ${b.iterations.toFixed(1)} worlds per move`);

  benchBotPlay(Number(process.env.BENCH_PLAY_MATCHES ?? sized(300, 2)), Number(process.env.BENCH_DUEL_MATCHES ?? sized(600, 2)));
  benchLevels(Number(process.env.BENCH_LEVEL_MATCHES ?? sized(60, 2)));

  const hands = Number(process.env.BENCH_SOAK_HANDS ?? sized(100_000, 50));
  const workers = Math.max(1, cpus().length);
  const soak = await parallelSoak({
    hands,
    threads: workers,
    seed: 'bench-soak',
    onProgress: (h) => process.stderr.isTTY && process.stderr.write(`\r  soak: ${fmt(h)} / ${fmt(hands)} hands\x1b[K`),
  });
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  console.log(
    `Soundness soak: ${fmt(soak.hands)} hands checked (${fmt(soak.matches)} matches, ${fmt(soak.moves)} moves; ${fmt(soak.alternatives)} legal alternatives applied, ${fmt(soak.refused)} illegal moves refused, ${fmt(soak.settlements)} settlements checked against §5.7) in ${(soak.wallMs / 1000).toFixed(1)} s on ${workers} threads (${fmt((soak.hands * 1000) / soak.ms)} hands/s per thread); by table: ${Object.entries(soak.byMode).map(([k, v]) => `${k} ${fmt(v)}`).join(', ')}`,
  );
}

/** Combo and skill frequencies by bot kind, and the planner's win rate against the heuristic. */
export function benchBotPlay(matches: number, duelMatches: number): void {
  const pct = (k: number, n: number) => `${((100 * k) / Math.max(1, n)).toFixed(1)}%`.padStart(6);
  const t0 = performance.now();
  const play: [string, DuelResult][] = [
    ['random', duel([randomBot], { matches, players: 3, seed: 'bench-play' })],
    ['heuristic', duel([heuristicBot], { matches, players: 3, seed: 'bench-play' })],
    ['planner', duel([createPlannerBot()], { matches, players: 3, seed: 'bench-play' })],
  ];
  console.log(`\nBots' play, ${matches} matches of 3 players each (share of declared hands with the combo; skills per 100 hands):`);
  console.log(`  ${'combo'.padEnd(34)}${play.map(([k]) => k.padStart(11)).join('')}`);
  for (const c of COMBOS.filter((x) => x.row <= 20))
    console.log(`  ${`${c.row}. ${c.name} ${c.en}`.padEnd(34)}${play.map(([, r]) => pct(r.sides[0]!.rows[c.row]!, r.sides[0]!.declared).padStart(11)).join('')}`);
  console.log(`  ${'declared hands'.padEnd(34)}${play.map(([, r]) => `${r.sides[0]!.declared}/${r.hands}`.padStart(11)).join('')}`);
  const skills = [...new Set(play.flatMap(([, r]) => Object.keys(r.sides[0]!.skills)))].sort();
  for (const k of skills) console.log(`  ${k.padEnd(34)}${play.map(([, r]) => ((100 * (r.sides[0]!.skills[k] ?? 0)) / Math.max(1, r.hands)).toFixed(1).padStart(11)).join('')}`);
  const d = duel([createPlannerBot(), heuristicBot], { matches: duelMatches, players: 2, seed: 'bench-duel' });
  const w = wilson(d.sides[0]!.wins, d.matches - d.draws);
  console.log(
    `Planner vs heuristic, ${d.matches} matches of 2 players: the planner won ${d.sides[0]!.wins}, the heuristic ${d.sides[1]!.wins} (${d.draws} shared draws) = ${(100 * w.rate).toFixed(1)}% of decided matches, 95% interval ${(100 * w.lo).toFixed(1)}–${(100 * w.hi).toFixed(1)}% (${((performance.now() - t0) / 1000).toFixed(0)} s for this part)`,
  );
}

/** The table's levels against each other: row's match win rate against the column, 2 players. */
export function benchLevels(matches: number): void {
  const t0 = performance.now();
  const levels = [
    { name: '入门 random', bot: () => randomBot },
    { name: '普通 heuristic', bot: () => heuristicBot },
    { name: '高手 search', bot: () => createSearchBot() },
  ];
  const cell = (k: number, n: number) => {
    const w = wilson(k, n);
    return `${(100 * w.rate).toFixed(1)}% (${(100 * w.lo).toFixed(1)}–${(100 * w.hi).toFixed(1)}%)`;
  };
  const wins = levels.map(() => levels.map(() => 0));
  const decided = levels.map(() => levels.map(() => 0));
  for (let i = 0; i < levels.length; i++)
    for (let j = i + 1; j < levels.length; j++) {
      const d = duel([levels[i]!.bot(), levels[j]!.bot()], { matches, players: 2, seed: `bench-levels-${i}-${j}` });
      wins[i]![j] = d.sides[0]!.wins;
      wins[j]![i] = d.sides[1]!.wins;
      decided[i]![j] = decided[j]![i] = d.matches - d.draws;
    }
  console.log(`\n斗福 bot levels, ${matches} 2-player matches per pair, seats alternating (row's win rate against the column among decided matches, 95% Wilson interval):`);
  console.log(`  ${''.padEnd(16)}${levels.map((l) => l.name.padStart(24)).join('')}`);
  levels.forEach((a, i) => console.log(`  ${a.name.padEnd(16)}${levels.map((_, j) => (i === j ? '—' : cell(wins[i]![j]!, decided[i]![j]!)).padStart(24)).join('')}`));
  console.log(`  (${((performance.now() - t0) / 1000).toFixed(0)} s for the levels)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchGames().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
