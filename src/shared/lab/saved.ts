/**
 * A saved balance-lab run: the settings that reproduce it (same settings and seed, same numbers),
 * its results as they were when it ended, when, and where it stopped. Every finished or cancelled
 * run is saved by the app, per project, in a folder of the app's own (never the project folder).
 * The schemas check a saved file before the Balance page ever draws it: a damaged or edited file
 * is listed with its problem, never shown half-read.
 */
import { z } from 'zod';
import { dict } from '../util/dict';
import type { LabStatus } from './run';

/** The format name and version of a saved run file. A newer version is listed as "made by a newer app". */
export const LAB_SAVED_FORMAT = 'fuqi-lab-run';
export const LAB_SAVED_FORMAT_VERSION = 1;
/** The longest name a saved run may be given. */
export const LAB_RUN_NAME_MAX = 80;

/** Rule options of a lab run: a game's option names with plain values (each game's parser checks them). */
export const LabOptionsSchema = dict(z.string().min(1).max(64), z.union([z.string().max(200), z.number(), z.boolean()])).refine((o) => Object.keys(o).length <= 64, 'send at most 64 options');

/** What a run is asked with (everything but the project): what re-runs it. */
export const LabSettingsSchema = z.strictObject({
  players: z.number().int().min(1).max(12),
  bots: z.array(z.string().regex(/^[a-z-]{1,32}$/, 'use a bot kind such as random, heuristic or search')).min(1).max(12),
  options: LabOptionsSchema,
  vs: LabOptionsSchema.optional(),
  games: z.number().int().min(1, 'play at least 1 game').max(1_000_000, 'play at most 1,000,000 games in one run'),
  seed: z.string().min(1, 'give a seed').max(200, 'use a seed of at most 200 characters'),
  rotate: z.boolean().optional(),
  searchIterations: z.number().int().min(1).max(100_000).optional(),
});
export type LabSettings = z.infer<typeof LabSettingsSchema>;

const num = z.number();
/** Interval ends may be ±Infinity (too few pairs), which JSON writes as null. */
const lo = z.number().nullable().transform((x) => x ?? -Infinity);
const hi = z.number().nullable().transform((x) => x ?? Infinity);
const Bi = z.strictObject({ zh: z.string().max(400), en: z.string().max(400) });
const RateS = z.strictObject({ count: num, of: num, rate: num, lo: num, hi: num });
const Dist = z.strictObject({ n: num, mean: num, min: num, p10: num, median: num, p90: num, max: num, hist: z.array(z.tuple([num, num])).max(100_000) });
const BotUseS = z.strictObject({ uses: num, perGame: num, games: RateS });
const Key = z.string().max(200);

const SummaryS = z.strictObject({
  game: z.string().max(64),
  games: num,
  finished: num,
  draws: num,
  capped: RateS,
  winBySeat: z.array(RateS.extend({ seat: num, bots: z.array(z.string().max(32)).max(12) })).max(16),
  firstPlayer: z.strictObject({ seat0: RateS, fair: num, verdict: z.enum(['advantage', 'disadvantage', 'fair', 'unclear']), mixedBots: z.boolean(), gamesForVerdict: num }),
  lengths: z.strictObject({ moves: Dist, turns: Dist, rounds: Dist }),
  scores: z.strictObject({ all: Dist, winner: Dist, margin: Dist }),
  counters: z.array(z.strictObject({ key: Key, group: Key, zh: z.string().max(400), en: z.string().max(400), uses: num, perGame: num, games: RateS, winWhenUsed: RateS.nullable(), lift: num.nullable() })).max(5000),
  bots: z.array(RateS.extend({ bot: z.string().max(32) })).max(16),
  matrix: z.strictObject({ bots: z.array(z.string().max(32)).max(16), cells: z.array(z.array(RateS.nullable()).max(16)).max(16) }),
  coverage: z.strictObject({
    bots: z.array(z.string().max(32)).max(16),
    seatGames: dict(z.string().max(32), num),
    rows: z.array(z.strictObject({ key: Key, group: Key, zh: z.string().max(400), en: z.string().max(400), byBot: dict(z.string().max(32), BotUseS), random: BotUseS.nullable() })).max(5000),
    random: z.strictObject({ source: z.enum(['run', 'baseline']), games: num, seatGames: num }).nullable(),
  }),
  labels: z.strictObject({ lengths: z.strictObject({ moves: Bi, turns: Bi, rounds: Bi }), score: Bi, groups: dict(Key, Bi) }),
});

const StatusS = z.strictObject({
  state: z.enum(['done', 'cancelled', 'failed', 'running']),
  game: z.string().max(64),
  games: num,
  done: num,
  elapsedMs: num,
  gamesPerSec: num,
  etaMs: num.nullable(),
  workers: num,
  a: SummaryS,
  b: SummaryS.optional(),
  paired: z
    .strictObject({
      pairs: num,
      measures: z.array(z.strictObject({ key: Key, n: num, mean: num, sd: num, lo, hi, a: num, b: num, significant: z.boolean() })).max(100),
    })
    .optional(),
  warnings: z.array(z.string().max(2000)).max(100),
  error: Bi.optional(),
});

/** A saved run's id: the run's own id (a UUID, made by main). */
export const LabRunIdSchema = z.uuid();

/** A saved run file. */
export const SavedLabRunSchema = z.strictObject({
  format: z.literal(LAB_SAVED_FORMAT),
  formatVersion: z.literal(LAB_SAVED_FORMAT_VERSION),
  id: LabRunIdSchema,
  projectId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/),
  game: z.string().regex(/^[a-z0-9-]{1,64}$/),
  /** The name the user gave it, if any. */
  name: z.string().min(1).max(LAB_RUN_NAME_MAX).optional(),
  /** When the run ended (ISO). */
  savedAt: z.iso.datetime(),
  /** The game's rules version the run was played with. */
  rulesVersion: z.string().max(64).optional(),
  settings: LabSettingsSchema,
  status: StatusS,
});

/** A saved run, as the store reads and writes it. */
export interface SavedLabRun {
  format: typeof LAB_SAVED_FORMAT;
  formatVersion: typeof LAB_SAVED_FORMAT_VERSION;
  id: string;
  projectId: string;
  game: string;
  name?: string;
  savedAt: string;
  rulesVersion?: string;
  settings: LabSettings;
  /** The results when it ended; `state` and `done` say where it stopped. */
  status: LabStatus;
}

/** A saved run in the list: what tells runs apart, and the headline numbers. */
export interface SavedLabRunInfo {
  id: string;
  savedAt: string;
  name?: string;
  game: string;
  state: LabStatus['state'];
  /** Seeds played, of `games` asked. */
  done: number;
  games: number;
  players: number;
  bots: string[];
  seed: string;
  /** An A/B of two option sets. */
  ab: boolean;
  /** Seat 1's win rate (A), the fair share, and the first-player verdict. */
  seat0: { rate: number; lo: number; hi: number; fair: number; verdict: string } | null;
  /** A/B: the seat whose win rate B moved most, with its interval. */
  shift: { seat: number; mean: number; lo: number; hi: number; significant: boolean } | null;
  /** A file that cannot be opened: why, in both languages. */
  problem?: { code: string; message: { zh: string; en: string } };
}

/** The list's entry of a readable run. */
export function savedRunInfo(r: SavedLabRun): SavedLabRunInfo {
  const st = r.status;
  const fp = st.a.games ? st.a.firstPlayer : null;
  const wins = (st.paired?.measures ?? []).filter((m) => m.key.startsWith('win:') && m.n > 0);
  const top = wins.reduce<(typeof wins)[number] | null>((best, m) => (!best || Math.abs(m.mean) > Math.abs(best.mean) ? m : best), null);
  return {
    id: r.id,
    savedAt: r.savedAt,
    ...(r.name ? { name: r.name } : {}),
    game: r.game,
    state: st.state,
    done: st.done,
    games: st.games,
    players: r.settings.players,
    bots: r.settings.bots,
    seed: r.settings.seed,
    ab: !!st.b,
    seat0: fp ? { rate: fp.seat0.rate, lo: fp.seat0.lo, hi: fp.seat0.hi, fair: fp.fair, verdict: fp.verdict } : null,
    shift: top ? { seat: Number(top.key.slice(4)), mean: top.mean, lo: top.lo, hi: top.hi, significant: top.significant } : null,
  };
}
