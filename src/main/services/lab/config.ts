/**
 * What a balance-lab run is: a game, players, a bot per seat, option set A (and B for an A/B on
 * paired seeds), games, seed, workers. `resolveLabRun` validates it through each game's simulator
 * config (the same checks and messages as `simulate`) into one simulator config per option set.
 */
import { availableParallelism } from 'node:os';
import { BASELINE_GAMES, isLabGame, type LabGameId } from '../../../shared/lab';
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
}

/** The most games one run plays (a bigger question is split into runs, or run from the CLI). */
export const MAX_LAB_GAMES = 1_000_000;

/** Validate a lab request; errors name the bad value and what is accepted. */
export function resolveLabRun(req: LabRequest): Result<LabRun> {
  if (!isLabGame(req.game)) return err('lab/game', `The balance lab has no game "${req.game}"; it knows doufu, zodiac-race, dou-laoban, moyu-wang and dou-shisi.`);
  const games = req.games ?? 1000;
  if (!Number.isInteger(games) || games < 1 || games > MAX_LAB_GAMES) return err('lab/games', `--games must be a whole number from 1 to ${MAX_LAB_GAMES} (got ${games}).`);
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
  const out: LabRun = { game: req.game, games, seed: a.value.seed, rotate: req.rotate ?? false, workers: a.value.workers, configs, warnings };
  if (req.baseline && !a.value.bots.includes('random' as never)) out.baseline = { games: Math.min(games, BASELINE_GAMES), configs: configs.map(allRandom) };
  return ok(out);
}

/** A config with every seat played by the random bot (and no bot-by-role). */
function allRandom(c: AnySimConfig): AnySimConfig {
  const out = { ...c, bots: c.bots.map(() => 'random') } as AnySimConfig & { byRole?: unknown };
  delete out.byRole;
  return out;
}

/** The bots of game `index`: rotated one seat per game when asked. */
export function botsOf<B extends string>(bots: readonly B[], index: number, rotate: boolean): B[] {
  if (!rotate) return bots.slice();
  const n = bots.length;
  return bots.map((_, s) => bots[(s + index) % n]!);
}
