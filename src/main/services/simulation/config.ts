/**
 * What a simulation run is: the game, seats, bots per seat, rule options, how many matches, the
 * seed, and how to split the work. `resolveConfig` validates loose input (from the CLI or the UI)
 * into a `SimConfig` or says what is wrong; rule options go through the game's `parseOptions`.
 */
import { doufu, type DoufuGameOptions } from '../../../shared/games/doufu';
import { BOT_KIND_LIST, DEFAULT_SEARCH, isBotKind, type BotKind } from '../../../shared/games/doufu/bots';
import { err, ok, type Result } from '../../../shared/util/result';

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
export interface SimInput {
  game?: string;
  players?: number;
  matches?: number;
  seed?: string;
  /** One kind for every seat, or a comma-separated kind per seat. */
  bots?: string;
  /** Rule options as a JSON string or an object. */
  options?: string | Record<string, unknown>;
  /** `ffa` or `2v2` (merged into the options). */
  mode?: string;
  workers?: number;
  maxHands?: number;
  searchIterations?: number;
  searchMs?: number;
}

/** The seed of match `index` of a run: depends only on the run seed and the index. */
export function matchSeed(seed: string, index: number): string {
  return `${seed}/${index}`;
}

const whole = (x: unknown, min: number, max = Number.MAX_SAFE_INTEGER): x is number => typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

/** Validate a run; errors name the bad value and what is accepted. */
export function resolveConfig(input: SimInput): Result<SimConfig> {
  const game = input.game ?? 'doufu';
  if (game !== 'doufu') return err('sim/game', `Unknown game "${game}"; the simulator knows: ${SIM_GAMES.join(', ')}.`);
  const players = input.players ?? 4;
  if (!whole(players, doufu.minPlayers, doufu.maxPlayers)) return err('sim/players', `--players must be ${doufu.minPlayers}–${doufu.maxPlayers} for ${game} (got ${players}).`);
  const matches = input.matches ?? 100;
  if (!whole(matches, 1)) return err('sim/games', `--games must be a whole number ≥ 1 (got ${matches}).`);
  const seed = input.seed ?? '1';
  if (seed.length === 0) return err('sim/seed', '--seed must not be empty.');
  const names = (input.bots ?? 'heuristic').split(',').map((s) => s.trim());
  const bad = names.find((b) => !isBotKind(b));
  if (bad !== undefined) return err('sim/bots', `Unknown bot "${bad}"; bots are: ${BOT_KIND_LIST.join(', ')}.`);
  if (names.length !== 1 && names.length !== players) return err('sim/bots', `--bots needs one bot for all seats or one per seat (${players}); got ${names.length}: ${names.join(',')}.`);
  const bots = (names.length === 1 ? new Array<string>(players).fill(names[0]!) : names) as BotKind[];
  let raw: unknown = input.options ?? {};
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch (e) {
      return err('sim/options', `--options is not valid JSON: ${(e as Error).message}`);
    }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return err('sim/options', '--options must be a JSON object, e.g. \'{"shuangyun_value":1}\'.');
  const merged = input.mode !== undefined ? { ...(raw as object), mode: input.mode } : raw;
  const parsed = doufu.parseOptions(merged);
  if (!parsed.ok) return err('sim/options', `Invalid rule options: ${parsed.message.en}`);
  if (parsed.options.mode === '2v2' && players !== 4) return err('sim/players', `2v2 is played by exactly 4 players (got --players ${players}).`);
  const workers = input.workers ?? 1;
  if (!whole(workers, 1, 64)) return err('sim/workers', `--workers must be 1–64 (got ${workers}).`);
  const maxHands = input.maxHands ?? 1000;
  if (!whole(maxHands, 1)) return err('sim/max-hands', `--max-hands must be a whole number ≥ 1 (got ${maxHands}).`);
  const iterations = input.searchIterations ?? DEFAULT_SEARCH.iterations;
  if (!whole(iterations, 1)) return err('sim/search', `--search-iterations must be a whole number ≥ 1 (got ${iterations}).`);
  if (input.searchMs !== undefined && !(typeof input.searchMs === 'number' && input.searchMs > 0)) return err('sim/search', `--search-ms must be a positive number (got ${input.searchMs}).`);
  return ok({
    game: 'doufu',
    players,
    matches,
    seed,
    bots,
    options: parsed.options,
    workers,
    maxHands,
    search: input.searchMs !== undefined ? { iterations, timeMs: input.searchMs } : { iterations },
    warnings: parsed.warnings,
  });
}
