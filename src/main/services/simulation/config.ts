/**
 * What a simulation run is: the game, seats, bots per seat, rule options, how many matches, the
 * seed, and how to split the work. `resolveConfig` validates loose input (from the CLI or the UI)
 * into a `SimConfig` or says what is wrong; rule options go through the game's `parseOptions`.
 */
import { doufu, type DoufuGameOptions } from '../../../shared/games/doufu';
import { BOT_KIND_LIST, DEFAULT_SEARCH, isBotKind, type BotKind } from '../../../shared/games/doufu/bots';
import { err, type Result } from '../../../shared/util/result';
import { botsFlag, gamesFlag, optionsFlag, playersFlag, refuse, resolving, searchIterationsFlag, searchMsFlag, seedFlag, whole, workersFlag, type RunFlags } from './run-parts';

/** Games the simulator knows. */
export const SIM_GAMES = ['doufu', 'zodiac-race', 'dou-laoban', 'moyu-wang', 'dou-shisi'] as const;

/** A validated run. */
export interface SimConfig {
  game: 'doufu';
  players: number;
  /** Matches to play (a match = hands until one player or team is left). */
  matches: number;
  /** Run seed; match i is played with seed `${seed}/${i}`. */
  seed: string;
  /** One bot kind per seat. */
  bots: BotKind[];
  options: DoufuGameOptions;
  /** Worker threads (1 = in this thread). Results do not depend on it. */
  workers: number;
  /** Safety stop: a match still running after this many hands is recorded as unfinished. */
  maxHands: number;
  /** Search bot budget: sampled worlds per decision, or a time budget (nondeterministic). */
  search: { iterations: number; timeMs?: number };
  /** Option warnings (unknown keys) from the game's parser. */
  warnings: string[];
}

/** Loose input, as the CLI or a form gives it. */
export interface SimInput extends RunFlags {
  game?: string;
  players?: number;
  /** `ffa` or `2v2` (merged into the options). */
  mode?: string;
  maxHands?: number;
  searchMs?: number;
}

export { matchSeed } from './run-parts';

/** Validate a run; errors name the bad value and what is accepted. */
export function resolveConfig(input: SimInput): Result<SimConfig> {
  const game = input.game ?? 'doufu';
  if (game !== 'doufu') return err('sim/game', `Unknown game "${game}"; the simulator knows: ${SIM_GAMES.join(', ')}.`);
  return resolving(() => {
    const players = playersFlag(input.players, doufu.minPlayers, doufu.maxPlayers, game);
    const matches = gamesFlag(input.matches);
    const seed = seedFlag(input.seed);
    const bots = botsFlag(input.bots, BOT_KIND_LIST, isBotKind, players);
    const mode = input.mode;
    const { options, warnings } = optionsFlag(input.options, doufu.parseOptions, { object: '{"shuangyun_value":1}' }, (raw) => (mode !== undefined ? { ...raw, mode } : raw));
    if (options.mode === '2v2' && players !== 4) refuse('sim/players', `2v2 is played by exactly 4 players (got --players ${players}).`);
    const workers = workersFlag(input.workers);
    const maxHands = input.maxHands ?? 1000;
    if (!whole(maxHands, 1)) refuse('sim/max-hands', `--max-hands must be a whole number ≥ 1 (got ${maxHands}).`);
    const iterations = searchIterationsFlag(input.searchIterations, DEFAULT_SEARCH.iterations);
    const timeMs = searchMsFlag(input.searchMs);
    return {
      game: 'doufu',
      players,
      matches,
      seed,
      bots,
      options,
      workers,
      maxHands,
      search: timeMs !== undefined ? { iterations, timeMs } : { iterations },
      warnings,
    };
  });
}
