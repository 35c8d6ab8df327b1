/**
 * Bot coverage: how often each bot kind uses each of the game's counters (powers, combos,
 * excuses…) next to random play's rate. A bot that never transforms, or always picks the same
 * zodiac, shows up here as a row far below random's rate; that is what makes a lab result
 * trustworthy or not. Only counters whose uses name the seat count (a seat's bot is known then).
 *
 * Random's column comes from the run's own random seats when the run has any; otherwise from an
 * extra all-random run on the same seeds (the lab plays one of `BASELINE_GAMES` games), marked so.
 */
import { wilson, type Rate } from './stats';
import type { Bilingual, LabGame } from './types';

/** Games of the extra all-random run that gives random's rates when no seat of the run is random. */
export const BASELINE_GAMES = 200;

/** One bot kind's use of one counter. */
export interface BotUse {
  /** Uses over all the seats the bot played. */
  uses: number;
  /** Uses per seat-game (one seat in one game). */
  perGame: number;
  /** Seat-games in which the bot used it at least once, with a Wilson interval. */
  games: Rate;
}

/** One counter's row: each bot kind's use, and random's. */
export interface CoverageRow extends Bilingual {
  key: string;
  group: string;
  byBot: Record<string, BotUse>;
  /** Random play's use (from the run or the baseline); null when there is none. */
  random: BotUse | null;
}

/** The coverage table of a run (or an option set of it). */
export interface BotCoverage {
  /** The bot kinds that played, sorted. */
  bots: string[];
  /** Seat-games each kind played. */
  seatGames: Record<string, number>;
  rows: CoverageRow[];
  /**
   * Where the random column comes from: `run` (the run's own random seats), `baseline` (an extra
   * all-random run of `games` games on the run's first seeds), or null (no random rate).
   */
  random: { source: 'run' | 'baseline'; games: number; seatGames: number } | null;
}

interface Tally {
  uses: number;
  seatGames: number;
}

/** A coverage tally as plain JSON: games, seat-games per bot kind, and (counter, bot, uses, seat-games) rows. */
export interface CoverageState {
  games: number;
  seatGames: [string, number][];
  uses: [string, string, number, number][];
}

/** Counts uses by (counter, bot kind) and seat-games by bot kind. */
export class CoverageTally {
  private readonly seatGames = new Map<string, number>();
  private readonly byKey = new Map<string, Map<string, Tally>>();
  private n = 0;

  get games(): number {
    return this.n;
  }

  add(g: LabGame): void {
    this.n++;
    for (const b of g.bots) this.seatGames.set(b, (this.seatGames.get(b) ?? 0) + 1);
    // Uses come merged per (key, seat): each entry is one seat-game of the seat's bot.
    for (const [key, seat, count] of g.uses) {
      if (seat < 0 || count <= 0) continue;
      const bot = g.bots[seat];
      if (bot === undefined) continue;
      let m = this.byKey.get(key);
      if (!m) this.byKey.set(key, (m = new Map()));
      const t = m.get(bot);
      if (t) {
        t.uses += count;
        t.seatGames++;
      } else m.set(bot, { uses: count, seatGames: 1 });
    }
  }

  /** The whole state in a canonical order (plain JSON: the same counts give the same text). */
  state(): CoverageState {
    const byKey = (a: [string, ...unknown[]], b: [string, ...unknown[]]): number => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
    return {
      games: this.n,
      seatGames: [...this.seatGames.entries()].sort(byKey),
      uses: [...this.byKey.entries()]
        .flatMap(([key, m]) => [...m.entries()].map(([bot, t]): CoverageState['uses'][number] => [key, bot, t.uses, t.seatGames]))
        .sort((a, b) => byKey(a, b) || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)),
    };
  }

  /** Add another tally's state (a shard of the same run): the counts add up. */
  merge(s: CoverageState): this {
    this.n += s.games;
    for (const [bot, n] of s.seatGames) this.seatGames.set(bot, (this.seatGames.get(bot) ?? 0) + n);
    for (const [key, bot, uses, seatGames] of s.uses) {
      let m = this.byKey.get(key);
      if (!m) this.byKey.set(key, (m = new Map()));
      const t = m.get(bot) ?? { uses: 0, seatGames: 0 };
      t.uses += uses;
      t.seatGames += seatGames;
      m.set(bot, t);
    }
    return this;
  }

  /** The counters some seat used. */
  keys(): string[] {
    return [...this.byKey.keys()];
  }

  /** Whether some seat's use of `key` was counted. */
  seen(key: string): boolean {
    return this.byKey.has(key);
  }

  /** `bot`'s use of `key`; null when that bot played no seat. */
  use(key: string, bot: string): BotUse | null {
    const seats = this.seatGames.get(bot) ?? 0;
    if (!seats) return null;
    const t = this.byKey.get(key)?.get(bot) ?? { uses: 0, seatGames: 0 };
    return { uses: t.uses, perGame: t.uses / seats, games: wilson(t.seatGames, seats) };
  }

  /** Seat-games `bot` played. */
  seatsOf(bot: string): number {
    return this.seatGames.get(bot) ?? 0;
  }

  /**
   * The table for `counters` (in display order; those whose uses never named a seat are left out
   * unless nobody used them), with random's column from this run or from `baseline`.
   */
  summary(counters: readonly (Bilingual & { key: string; group: string; uses: number })[], baseline?: CoverageTally): BotCoverage {
    const bots = [...this.seatGames.keys()].sort();
    const inRun = this.seatsOf('random') > 0;
    const base = inRun ? this : baseline && baseline.seatsOf('random') > 0 ? baseline : null;
    const rows = counters
      .filter((c) => this.seen(c.key) || c.uses === 0 || (base !== this && base?.seen(c.key)))
      .map(
        (c): CoverageRow => ({
          key: c.key,
          group: c.group,
          zh: c.zh,
          en: c.en,
          byBot: Object.fromEntries(bots.map((b) => [b, this.use(c.key, b)!])),
          random: base ? base.use(c.key, 'random') : null,
        }),
      );
    return {
      bots,
      seatGames: Object.fromEntries(bots.map((b) => [b, this.seatsOf(b)])),
      rows,
      random: base ? { source: inRun ? 'run' : 'baseline', games: base.games, seatGames: base.seatsOf('random') } : null,
    };
  }
}

/** A bot's rate relative to random's (uses per seat-game); null when random never used it. */
export function coverageRatio(bot: BotUse, random: BotUse | null): number | null {
  return random && random.perGame > 0 ? bot.perGame / random.perGame : null;
}
