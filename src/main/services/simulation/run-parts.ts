/**
 * The parts every game's headless run shares: validating the run's flags (games, seed, bots,
 * rule options, workers, search budget: each error names the bad value and what is accepted), the
 * per-match set-up (a match's seed, its seats' bot generators, the bots, the search timing), and
 * the summary's tallies and printed rates.
 *
 * A game's `resolve…Config` validates its flags in its own order inside `resolving`: the first
 * refused flag becomes the run's `Result` error, so each game reports the same first error for
 * the same input as when it checked every flag by hand.
 */
import type { BaseMove, Bot, BotInput } from '../../../shared/engine/types';
import { Rng, seedRng } from '../../../shared/util/rng';
import { err, ok, type Result } from '../../../shared/util/result';
import type { Rate } from './summary';

/** The flags every game's run takes (loose input, as the CLI or the lab gives it). */
export interface RunFlags {
  /** Matches (games) to play. */
  matches?: number;
  seed?: string;
  /** One kind for every seat, or a comma-separated kind per seat. */
  bots?: string;
  /** Rule options as a JSON string or an object. */
  options?: string | Record<string, unknown>;
  workers?: number;
  searchIterations?: number;
}

/** A whole number in [min, max]. */
export const whole = (x: unknown, min: number, max = Number.MAX_SAFE_INTEGER): x is number => typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

/** A refused flag (thrown by the checks below, caught by `resolving`). */
class RunRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Refuse the run: `code` and `message` become the run's error. */
export function refuse(code: string, message: string): never {
  throw new RunRefusal(code, message);
}

/** Run a config's checks in order; the first refusal is the error. Other exceptions pass through. */
export function resolving<T>(build: () => T): Result<T> {
  try {
    return ok(build());
  } catch (e) {
    if (e instanceof RunRefusal) return err(e.code, e.message);
    throw e;
  }
}

/** `--games` (default 100). */
export function gamesFlag(flag: number | undefined): number {
  const matches = flag ?? 100;
  if (!whole(matches, 1)) refuse('sim/games', `--games must be a whole number ≥ 1 (got ${matches}).`);
  return matches;
}

/** `--seed` (default "1"). */
export function seedFlag(flag: string | undefined): string {
  const seed = flag ?? '1';
  if (seed.length === 0) refuse('sim/seed', '--seed must not be empty.');
  return seed;
}

/** `--players` for a game played by min…max players (default 4). */
export function playersFlag(flag: number | undefined, min: number, max: number, game: string): number {
  const players = flag ?? 4;
  if (!whole(players, min, max)) refuse('sim/players', `--players must be ${min}–${max} for ${game} (got ${players}).`);
  return players;
}

/** `--bots`: one kind for every seat, or a comma-separated kind per seat (default heuristic). */
export function botsFlag<K extends string>(flag: string | undefined, kinds: readonly K[], isKind: (k: string) => k is K, seats: number): K[] {
  const names = (flag ?? 'heuristic').split(',').map((s) => s.trim());
  const bad = names.find((b) => !isKind(b));
  if (bad !== undefined) refuse('sim/bots', `Unknown bot "${bad}"; bots are: ${kinds.join(', ')}.`);
  if (names.length !== 1 && names.length !== seats) refuse('sim/bots', `--bots needs one bot for all seats or one per seat (${seats}); got ${names.length}: ${names.join(',')}.`);
  return (names.length === 1 ? new Array<string>(seats).fill(names[0]!) : names) as K[];
}

/** What a game's option parser answers. */
type ParsedOptions<O> = { ok: true; options: O; warnings: string[] } | { ok: false; message: { en: string } };

/** How the options errors show a valid value: a full example after bad JSON (none: no example), a short one after a non-object. */
export interface OptionsExamples {
  json?: string;
  object: string;
}

/**
 * `--options`: a JSON string or an object, parsed by the game's rules (`prepare` may add flags to
 * the object first, as 斗福's `--mode`).
 */
export function optionsFlag<O>(options: string | Record<string, unknown> | undefined, parse: (raw: unknown) => ParsedOptions<O>, examples: OptionsExamples, prepare: (raw: object) => unknown = (raw) => raw): { options: O; warnings: string[] } {
  let raw: unknown = options ?? {};
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch (e) {
      refuse('sim/options', `--options is not valid JSON: ${(e as Error).message}` + (examples.json !== undefined ? `. Example: '${examples.json}'.` : ''));
    }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) refuse('sim/options', `--options must be a JSON object, e.g. '${examples.object}'.`);
  const parsed = parse(prepare(raw));
  if (!parsed.ok) refuse('sim/options', `Invalid rule options: ${parsed.message.en}`);
  return { options: parsed.options, warnings: parsed.warnings };
}

/** `--workers` (default 1). */
export function workersFlag(flag: number | undefined): number {
  const workers = flag ?? 1;
  if (!whole(workers, 1, 64)) refuse('sim/workers', `--workers must be 1–64 (got ${workers}).`);
  return workers;
}

/** `--search-iterations` (the search bot's budget per decision; `fallback` when not given). */
export function searchIterationsFlag(iterations: number | undefined, fallback: number): number {
  const n = iterations ?? fallback;
  if (!whole(n, 1)) refuse('sim/search', `--search-iterations must be a whole number ≥ 1 (got ${n}).`);
  return n;
}

/** `--search-ms` (a time budget per decision instead: not reproducible), if given. */
export function searchMsFlag(ms: number | undefined): number | undefined {
  if (ms !== undefined && !(typeof ms === 'number' && ms > 0)) refuse('sim/search', `--search-ms must be a positive number (got ${ms}).`);
  return ms;
}

// ---------------------------------------------------------------- one match

/** The seed of match `index` of a run: depends only on the run seed and the index. */
export function matchSeed(seed: string, index: number): string {
  return `${seed}/${index}`;
}

/** A match's wall-clock time and its search bots' time (they vary between runs). */
export interface MatchTiming {
  ms: number;
  searchDecisions: number;
  searchMs: number;
}

/** What every match starts with: its seed, each seat's bot generator, and a zeroed timing. */
export interface MatchStart {
  t0: number;
  seed: string;
  timing: MatchTiming;
  /** Seat s draws from `${seed}/bot/${s}`. */
  rngs: Rng[];
}

/** Start match `index` of a run seeded `runSeed` with `seats` seats. */
export function startMatch(runSeed: string, index: number, seats: number): MatchStart {
  const t0 = performance.now();
  const seed = matchSeed(runSeed, index);
  const rngs = Array.from({ length: seats }, (_, seat) => new Rng(seedRng(`${seed}/bot/${seat}`)));
  return { t0, seed, timing: { ms: 0, searchDecisions: 0, searchMs: 0 }, rngs };
}

/** One bot per kind in `kinds` (a kind seated twice shares its bot). */
export function botsByKind<K, B>(kinds: Iterable<K>, make: (kind: K) => B): Map<K, B> {
  return new Map([...new Set(kinds)].map((k) => [k, make(k)]));
}

/** One bot per seat; a search bot's decisions are timed into `timing`. */
export function timedSeatBots<K extends string, V, M extends BaseMove>(kinds: readonly K[], make: (kind: K) => Bot<V, M>, timing: MatchTiming): Bot<V, M>[] {
  return kinds.map((kind) => {
    const bot = make(kind);
    if (kind !== 'search') return bot;
    return (input: BotInput<V, M>) => {
      const t = performance.now();
      const m = bot(input);
      timing.searchMs += performance.now() - t;
      timing.searchDecisions++;
      return m;
    };
  });
}

// ---------------------------------------------------------------- summaries

/** Moves and search time summed over a run's results (the run's timing reads them). */
export class BotTally {
  moves = 0;
  searchDecisions = 0;
  searchMs = 0;

  protected tally(r: { moves: number; timing: { searchDecisions: number; searchMs: number } }): void {
    this.moves += r.moves;
    this.searchDecisions += r.timing.searchDecisions;
    this.searchMs += r.timing.searchMs;
  }
}

/** A share as a percentage with one decimal ("41.7%"). */
export const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
/** A rate with its 95 % interval ("41.7% [38.2%, 45.3%]"). */
export const ci = (r: Rate): string => `${pct(r.rate)} [${pct(r.lo)}, ${pct(r.hi)}]`;

/** A run's timings as the CLI prints them. */
export interface PrintedTiming {
  ms: number;
  moves: number;
  searchDecisions: number;
  searchMs: number;
}

/**
 * The summary's time line: seconds, `done` units (`unit`: deals, hands, games) per second as
 * `rate` writes it (whole by default), moves, and the search bot's time per decision if it played.
 */
export function timeLine(t: PrintedTiming, done: number, unit: string, rate: (perSecond: number) => string = (x) => String(Math.round(x))): string {
  return `Time: ${(t.ms / 1000).toFixed(1)} s, ${rate((done * 1000) / Math.max(1, t.ms))} ${unit}/s, ${t.moves} moves` + (t.searchDecisions ? `; search bot ${(t.searchMs / t.searchDecisions).toFixed(2)} ms per decision (${t.searchDecisions} decisions)` : '');
}

/** A record as one JSON line with `fields` in their documented order. */
export function fieldsJson<R>(fields: readonly (keyof R & string)[], r: R): string {
  const o: Record<string, unknown> = {};
  for (const k of fields) o[k] = r[k];
  return JSON.stringify(o);
}

/** `JSON.stringify`, kept per object (a run writes the same options object on every line). */
export function jsonOnce<O extends object>(): (o: O) => string {
  const cache = new WeakMap<O, string>();
  return (o) => {
    let s = cache.get(o);
    if (s === undefined) cache.set(o, (s = JSON.stringify(o)));
    return s;
  };
}
