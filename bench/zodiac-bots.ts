// npm run bench (zodiac part, or BENCH_ONLY=zodiac-bots alone) — how the 生肖赛跑 bots play and how
// strong each level is.
//
//  1. Mirror races of 4 heuristic bots, free-for-all and two teams (BENCH_ZR_PLAY_GAMES races each,
//     default 400; bots rotate seats): each seat's / team's win rate with its 95 % Wilson interval
//     (the goal: none over 60 %), the starting animals, and the share of races in which each of the
//     24 powers was used (the goal: every one in ≥ 1 %).
//  2. The levels 入门 < 普通 < 高手 (random, heuristic, search): a win-rate matrix of 2-player races,
//     each pair BENCH_ZR_DUEL_GAMES races (default 100), seats alternating, 95 % Wilson intervals.
// Played from a bundle, as the app ships the engine.
import { sized } from './scale';
import { fileURLToPath } from 'node:url';
import { bundle } from '../scripts/bundle';
import { wilson } from '../src/main/services/simulation/summary';
import type * as Play from './zodiac-play';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const rate = (k: number, n: number) => {
  const w = wilson(k, n);
  return `${pct(w.rate)} (${pct(w.lo)}–${pct(w.hi)})`;
};

/** Run the bots' part and print its report. */
export async function benchZodiacBots(): Promise<void> {
  const games = Number(process.env.BENCH_ZR_PLAY_GAMES ?? sized(400, 4));
  const duelGames = Number(process.env.BENCH_ZR_DUEL_GAMES ?? sized(100, 2));
  const { mirror, levels, POWER_IDS, LEVELS } = (await import((await bundle(new URL('./zodiac-play.ts', import.meta.url))).href)) as typeof Play;
  const t0 = performance.now();
  console.log(`\n生肖赛跑 bots' play: ${games} mirror races of 4 heuristic bots per mode (seats rotate; 95% Wilson intervals)`);
  const runs = [mirror('ffa', games), mirror('2teams', games)] as const;
  for (const r of runs) {
    const who = r.mode === 'ffa' ? r.seatWins.map((w, i) => `seat ${i + 1} ${rate(w, r.games)}`) : r.teamWins.map((w, i) => `team ${i + 1} (seats ${i + 1}+${i + 3}) ${rate(w, r.games)}`);
    const top = Math.max(...(r.mode === 'ffa' ? r.seatWins : r.teamWins)) / r.games;
    console.log(`  ${r.mode === 'ffa' ? 'Free-for-all' : 'Two teams'}: ${who.join(', ')}; the most winning ${pct(top)} [goal ≤ 60%]; ${r.turns.toFixed(0)} player-turns a race${r.unfinished ? `; ${r.unfinished} unfinished` : ''}`);
    console.log(`    starting animals: ${Object.entries(r.picks).sort((a, b) => b[1] - a[1]).map(([z, n]) => `${z} ${n}`).join(', ')}`);
  }
  console.log(`  Races with each power used (free-for-all / teams) [goal ≥ 1% each]:`);
  const rows: string[] = [];
  let rare = 0;
  for (const p of POWER_IDS) {
    const a = (runs[0].powerGames[p] ?? 0) / runs[0].games;
    const b = (runs[1].powerGames[p] ?? 0) / runs[1].games;
    if (Math.min(a, b) < 0.01) rare++;
    rows.push(`${p} ${pct(a)}/${pct(b)}`);
  }
  for (let i = 0; i < rows.length; i += 6) console.log(`    ${rows.slice(i, i + 6).join(', ')}`);
  console.log(`  ${rare === 0 ? 'Every power' : `${POWER_IDS.length - rare} of ${POWER_IDS.length} powers`} used in ≥ 1% of the races of both modes`);

  console.log(`\n生肖赛跑 bot levels, 2-player races, ${duelGames} per pair, seats alternating (row's win rate against the column, 95% Wilson interval):`);
  const m = levels(duelGames);
  console.log(`  ${''.padEnd(18)}${LEVELS.map((l) => l.name.padStart(26)).join('')}`);
  LEVELS.forEach((a, i) => {
    const cells = LEVELS.map((_, j) => (i === j ? '—' : rate(m.wins[i]![j]!, m.games[i]![j]!)).padStart(26));
    console.log(`  ${a.name.padEnd(18)}${cells.join('')}`);
  });
  console.log(`  (${((performance.now() - t0) / 1000).toFixed(0)} s for the bots' part)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchZodiacBots().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
