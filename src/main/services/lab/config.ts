/**
 * What a balance-lab run is: a game, players, a bot per seat, option set A (and B for an A/B on
 * paired seeds), games, seed, workers. `resolveLabRun` validates it through each game's simulator
 * config (the same checks and messages as `simulate`) into one simulator config per option set.
 */
import { availableParallelism } from 'node:os';
import { BASELINE_GAMES, isLabGame, parseShard, shardRange, type LabGameId, type LabRunSettings, type LabShard } from '../../../shared/lab';
import { err, ok, type Result } from '../../../shared/util/result';
import { resolveConfig, resolveDlConfig, resolveDsConfig, resolveMwConfig, resolveZrConfig, type DlSimConfig, type DsSimConfig, type MwSimConfig, type SimConfig, type ZrSimConfig } from '../simulation';

/** A simulator config of any lab game. */
export type AnySimConfig = SimConfig | ZrSimConfig | DlSimConfig | MwSimConfig | DsSimConfig;

/** A lab run as the page or the CLI asks for it. */
export interface LabRequest {
  game: string;
  players?: number;
  /** One bot kind for every seat, or one per seat, comma-separated. */
  bots?: string;
  /** Option set A (rule options as the game's `parseOptions` takes them). */
  options?: Record<string, unknown>;
  /** Option set B: when given, every game is also played under B on the same seed. */
  vs?: Record<string, unknown>;
  games?: number;
  seed?: string;
  /** Rotate the bots one seat per game (game i: seat s plays bot (s + i) mod n), so no bot keeps the first seat. */
  rotate?: boolean;
  /** Worker threads; every core by default. */
  workers?: number;
  /** Search bot strength: sampled worlds / playouts per decision. */
  searchIterations?: number;
  /** Play only shard K of N of the run's games (`K/N`, K from 0), for a run spread over machines. */
  shard?: string;
  /**
   * When no seat is random, also play an all-random run on the first seeds (BASELINE_GAMES at
   * most) so the bot-coverage table has random play's rate beside each bot's.
   */
  baseline?: boolean;
}

/** A validated lab run. */
export interface LabRun {
  game: LabGameId;
  games: number;
  seed: string;
  rotate: boolean;
  workers: number;
  /** A, and B when comparing (same game, players, bots and seed; only the options differ). */
  configs: [AnySimConfig] | [AnySimConfig, AnySimConfig];
  /** The all-random run of the coverage table: games 0 … games − 1 of each option set with every seat random. */
  baseline?: { games: number; configs: AnySimConfig[] };
  warnings: string[];
  /** The part of the games this process plays (all of them when absent). */
  shard?: LabShard;
}

/** The most games one run plays (a bigger question is split into runs, or run from the CLI). */
export const MAX_LAB_GAMES = 1_000_000;

/** Validate a lab request; errors name the bad value and what is accepted. */
export function resolveLabRun(req: LabRequest): Result<LabRun> {
  if (!isLabGame(req.game)) return err('lab/game', `The balance lab has no game "${req.game}"; it knows doufu, zodiac-race, dou-laoban, moyu-wang and dou-shisi.`, { zh: `平衡实验室没有「${req.game}」这个游戏；它认识 doufu、zodiac-race、dou-laoban、moyu-wang 和 dou-shisi。` });
  const games = req.games ?? 1000;
  let shard: LabShard | undefined;
  if (req.shard !== undefined) {
    const k = parseShard(req.shard);
    if (!k.ok) return k;
    if (!Number.isSafeInteger(games) || games < 1) return err('lab/games', `--games must be a whole number ≥ 1 (got ${games}).`, { zh: `--games 必须是不小于 1 的整数（现在是 ${games}）。` });
    if (k.value.count > games) return err('lab/shard', `--shard ${req.shard}: ${k.value.count} shards of ${games} games would leave shards with no game; use at most ${games} shards or play more games.`, { zh: `--shard ${req.shard}：${games} 局分成 ${k.value.count} 片会有空分片；请最多分 ${games} 片，或多下几局。` });
    shard = { ...k.value, ...shardRange(games, k.value.index, k.value.count) };
    if (shard.to - shard.from > MAX_LAB_GAMES) return err('lab/shard', `--shard ${req.shard}: a shard may play at most ${MAX_LAB_GAMES} games (this one ${shard.to - shard.from}); split the run into more shards.`, { zh: `--shard ${req.shard}：一个分片最多 ${MAX_LAB_GAMES} 局（这一片 ${shard.to - shard.from} 局）；请分成更多片。` });
  } else if (!Number.isInteger(games) || games < 1 || games > MAX_LAB_GAMES)
    return err('lab/games', `--games must be a whole number from 1 to ${MAX_LAB_GAMES} (got ${games}); a bigger run is split with --shard K/N.`, { zh: `--games 必须是 1 到 ${MAX_LAB_GAMES} 的整数（现在是 ${games}）；更大的测试请用 --shard K/N 分片。` });
  const workers = req.workers ?? Math.max(1, Math.min(64, availableParallelism()));
  const one = (options: Record<string, unknown> | undefined): Result<AnySimConfig> => {
    const base = { matches: games, seed: req.seed, bots: req.bots, options: options ?? {}, workers, searchIterations: req.searchIterations };
    if (req.game === 'doufu') return resolveConfig({ ...base, game: 'doufu', players: req.players });
    if (req.game === 'zodiac-race') return resolveZrConfig({ ...base, players: req.players });
    // The lab rotates bots itself (botsOf), the same way for every game.
    if (req.game === 'moyu-wang') return resolveMwConfig({ ...base, players: req.players, rotate: false });
    if (req.game === 'dou-shisi') return resolveDsConfig({ ...base, players: req.players });
    if (req.players !== undefined && req.players !== 3) return err('sim/players', `dou-laoban is played by exactly 3 players (got ${req.players}).`);
    return resolveDlConfig(base);
  };
  const a = one(req.options);
  if (!a.ok) return a;
  const configs: LabRun['configs'] = [a.value];
  const warnings = [...a.value.warnings];
  if (req.vs !== undefined) {
    const b = one(req.vs);
    if (!b.ok) return err(b.error.code, `Option set B: ${b.error.message}`);
    configs.push(b.value);
    warnings.push(...b.value.warnings.map((w) => `B: ${w}`));
  }
  const run: LabRun = { game: req.game, games, seed: a.value.seed, rotate: req.rotate ?? false, workers: a.value.workers, configs, warnings };
  if (shard) run.shard = shard;
  if (req.baseline && !a.value.bots.includes('random' as never)) run.baseline = { games: Math.min(games, BASELINE_GAMES), configs: configs.map(allRandom) };
  return ok(run);
}

/** A config with every seat played by the random bot (and no bot-by-role). */
function allRandom(c: AnySimConfig): AnySimConfig {
  const out = { ...c, bots: c.bots.map(() => 'random') } as AnySimConfig & { byRole?: unknown };
  delete out.byRole;
  return out;
}

/**
 * What a run file records about the run: the settings as given (to show and to repeat the command)
 * and the simulator configs they resolved to, without the worker count (results do not depend on it).
 */
export function labRunSettings(run: LabRun, given: { options?: Record<string, unknown>; vs?: Record<string, unknown>; searchIterations?: number }): LabRunSettings {
  const cfg = run.configs[0];
  const s: LabRunSettings = {
    game: run.game,
    games: run.games,
    seed: run.seed,
    players: cfg.bots.length,
    bots: [...cfg.bots],
    rotate: run.rotate,
    options: given.options ?? {},
    resolved: run.configs.map(({ workers: _w, matches: _m, warnings: _x, ...rest }) => JSON.parse(JSON.stringify(rest)) as Record<string, unknown>),
  };
  if (run.configs.length > 1) s.vs = given.vs ?? {};
  if (given.searchIterations !== undefined) s.searchIterations = given.searchIterations;
  return s;
}

/** The bots of game `index`: rotated one seat per game when asked. */
export function botsOf<B extends string>(bots: readonly B[], index: number, rotate: boolean): B[] {
  if (!rotate) return bots.slice();
  const n = bots.length;
  return bots.map((_, s) => bots[(s + index) % n]!);
}
