// The 生肖赛跑 bots' races for bench/zodiac-bots.ts (bundled there, as the app ships the engine).
import type { Bot } from '../src/shared/engine/types';
import { createSearchBot, heuristicBot, randomBot } from '../src/shared/games/zodiac-race/bots';
import { zrDuel, type ZrDuelResult } from '../src/shared/games/zodiac-race/bots/duel';
import { DEFAULT_OPTIONS } from '../src/shared/games/zodiac-race/options';
import { POWER_ZODIAC, type ZrMove } from '../src/shared/games/zodiac-race/types';
import type { ZrView } from '../src/shared/games/zodiac-race/view';

/** Every power id (a Dog negation is `DG`). */
export const POWER_IDS = Object.keys(POWER_ZODIAC);

/** The table's levels, weakest first, with the bots behind them. */
export const LEVELS: { name: string; bot: () => Bot<ZrView, ZrMove> }[] = [
  { name: '入门 random', bot: () => randomBot },
  { name: '普通 heuristic', bot: () => heuristicBot },
  { name: '高手 search', bot: () => createSearchBot() },
];

/** `games` races of 4 heuristic bots in a mode. */
export function mirror(mode: 'ffa' | '2teams', games: number): ZrDuelResult & { mode: string } {
  return { mode, ...zrDuel([heuristicBot], { games, players: 4, seed: `bench-zr-${mode}`, options: { ...DEFAULT_OPTIONS, mode } }) };
}

/** Every pair of levels in `games` 2-player races: wins[i][j] = races level i won against level j. */
export function levels(games: number): { wins: number[][]; games: number[][] } {
  const k = LEVELS.length;
  const wins = Array.from({ length: k }, () => Array(k).fill(0) as number[]);
  const played = Array.from({ length: k }, () => Array(k).fill(0) as number[]);
  for (let i = 0; i < k; i++)
    for (let j = i + 1; j < k; j++) {
      const r = zrDuel([LEVELS[i]!.bot(), LEVELS[j]!.bot()], { games, players: 2, seed: `bench-zr-levels-${i}-${j}`, options: DEFAULT_OPTIONS });
      wins[i]![j] = r.botWins[0]!;
      wins[j]![i] = r.botWins[1]!;
      played[i]![j] = played[j]![i] = r.games - r.unfinished;
    }
  return { wins, games: played };
}
