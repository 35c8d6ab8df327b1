// The 生肖赛跑 speed measurements of `npm run bench` (bench/zodiac.ts runs them bundled, as the app
// ships the engine). Pure functions of this thread; rates are per CPU-second of this thread.
import { simulate, randomBot } from '../src/shared/engine/simulate';
import type { Bot } from '../src/shared/engine/types';
import { zodiacRace, type ZrMove, type ZrView } from '../src/shared/games/zodiac-race';
import { heuristicBot, createSearchBot } from '../src/shared/games/zodiac-race/bots';

/** Rates measured in windows: best and median games per CPU-second, moves per game. */
export interface ZrRate {
  best: number;
  median: number;
  movesPerGame: number;
  usPerMove: number;
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Games per CPU-second of `players`-seat games with `bot` in every seat (default options), in `windows` windows of `ms`. */
export function zrRate(players: number, bot: 'random' | 'heuristic', windows: number, ms: number): ZrRate {
  const b = (bot === 'random' ? randomBot : heuristicBot) as Bot<ZrView, ZrMove>;
  const play = (i: number) => simulate(zodiacRace, { seed: `bench/${i}`, players, options: zodiacRace.defaultOptions, bots: b, recordMoves: false }).steps;
  const w0 = performance.now();
  for (let i = 0; performance.now() - w0 < 500; i++) play(1_000_000 + i);
  const rates: number[] = [];
  let games = 0;
  let moves = 0;
  let used = 0;
  let i = 0;
  for (let w = 0; w < windows; w++) {
    const c0 = cpu();
    const t0 = performance.now();
    let g = 0;
    while (performance.now() - t0 < ms) {
      moves += play(i++);
      g++;
    }
    const dt = cpu() - c0;
    used += dt;
    games += g;
    rates.push((g * 1000) / dt);
  }
  rates.sort((x, y) => x - y);
  return { best: rates[rates.length - 1]!, median: rates[Math.floor(rates.length / 2)]!, movesPerGame: moves / games, usPerMove: (used * 1000) / moves };
}

/** Search bot: ms per searched decision in 2-player games against the heuristic. */
export function zrSearchTiming(decisions: number): number {
  const search = createSearchBot();
  let n = 0;
  let spent = 0;
  const timed: Bot<ZrView, ZrMove> = (input) => {
    const t = cpu();
    const m = search(input);
    spent += cpu() - t;
    n++;
    return m;
  };
  for (let g = 0; n < decisions; g++) simulate(zodiacRace, { seed: `sb/${g}`, players: 2, options: zodiacRace.defaultOptions, bots: [timed, heuristicBot], recordMoves: false, stopWhen: () => n >= decisions });
  return spent / n;
}
