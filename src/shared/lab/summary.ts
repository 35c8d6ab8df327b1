/**
 * The lab's summary of a run, built game by game (a run streams; partial summaries are shown while
 * it plays): win rate by seat with Wilson intervals and a first-player verdict, length, score and
 * margin distributions, stalls (move cap hits), counter use with its win lift, and a bot strength
 * matrix. Games may arrive in any order: every number is a sum, so the summary of a set of games
 * does not depend on the order they were added in. The sums are the accumulator's whole state
 * (`LabTally`, plain JSON): the shards of a big run are merged into exactly the summary one run on
 * the same seeds gives.
 */
import { Histogram, sampleSize, wilson, type Distribution, type HistogramState, type Rate } from './stats';
import { groupOf, type Bilingual, type LabGame, type LabHook } from './types';
import { CoverageTally, type BotCoverage, type CoverageState } from './coverage';

/** Half-width (±3 points) under which a seat-0 interval that contains the fair share is called fair. */
export const FAIR_TOLERANCE = 0.03;

/** What the first-player test found. */
export type FirstPlayerVerdict = 'advantage' | 'disadvantage' | 'fair' | 'unclear';

/** One counter's use and its win lift. */
export interface CounterStats extends Bilingual {
  key: string;
  group: string;
  /** Uses over all games. */
  uses: number;
  perGame: number;
  /** Games in which some seat used it. */
  games: Rate;
  /** Seats that used it in a game, and won it; null when the game does not say who used it. */
  winWhenUsed: Rate | null;
  /** `winWhenUsed.rate` ÷ the average seat's win rate: above 1, using it goes with winning. */
  lift: number | null;
}

/** The lab's summary of a run (plain JSON). */
export interface LabSummary {
  game: string;
  games: number;
  finished: number;
  draws: number;
  /** Games a cap stopped (dead ends, stalls). */
  capped: Rate;
  winBySeat: (Rate & { seat: number; bots: string[] })[];
  firstPlayer: {
    seat0: Rate;
    /** Seat 0's rate if the game were fair: the average seat's share of the wins. */
    fair: number;
    verdict: FirstPlayerVerdict;
    /** Seats were played by different bots, so a seat's rate also measures its bot. */
    mixedBots: boolean;
    /** Games a ±3-point interval on seat 0 needs. */
    gamesForVerdict: number;
  };
  lengths: { moves: Distribution; turns: Distribution; rounds: Distribution };
  scores: { all: Distribution; winner: Distribution; margin: Distribution };
  counters: CounterStats[];
  /** Per bot kind: its seats' win rate. */
  bots: (Rate & { bot: string })[];
  /** Head to head: row bot beat column bot in games where exactly one of the two won. Empty with one kind. */
  matrix: { bots: string[]; cells: (Rate | null)[][] };
  /** Each bot kind's use of each counter next to random play's. */
  coverage: BotCoverage;
  labels: { lengths: LabHook<unknown>['lengths']; score: Bilingual; groups: Record<string, Bilingual> };
}

interface CounterTally {
  uses: number;
  games: number;
  seatUses: number;
  seatWins: number;
  seatKnown: boolean;
  /** The number of the last game `add` counted in `games` (not part of the state). */
  last: number;
}

/** An accumulator's whole state (plain JSON, keys in sorted order): what a shard file keeps to be merged. */
export interface LabTally {
  games: number;
  finished: number;
  draws: number;
  capped: number;
  /** Per seat: games won, and the bot kinds that sat there. */
  seatWins: number[];
  seatBots: string[][];
  /** Winning seats over all decided games, and seats over all games (the fair share's parts). */
  winnerSeats: number;
  seatGames: number;
  mixed: boolean;
  lengths: { moves: HistogramState; turns: HistogramState; rounds: HistogramState };
  scores: { all: HistogramState; winner: HistogramState; margin: HistogramState };
  counters: [key: string, uses: number, games: number, seatUses: number, seatWins: number, seatKnown: boolean][];
  /** Per bot kind: wins and games of its seats. */
  bots: [bot: string, wins: number, games: number][];
  /** Head to head: row bot, column bot, row's wins, games where exactly one of the two won. */
  h2h: [a: string, b: string, wins: number, of: number][];
  /** Uses by bot kind (the coverage table's counts). */
  coverage: CoverageState;
}

const byKey = <T extends readonly [string, ...unknown[]]>(x: T, y: T) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0);

/** Collects LabGames into a LabSummary. */
export class LabAccumulator {
  private n = 0;
  private finished = 0;
  private draws = 0;
  private capped = 0;
  private players = 0;
  private seatWins: number[] = [];
  private seatBots: Set<string>[] = [];
  private winnerSeats = 0;
  private seatGames = 0;
  private mixed = false;
  private lengths = { moves: new Histogram(), turns: new Histogram(), rounds: new Histogram() };
  private scoreAll = new Histogram();
  private scoreWinner = new Histogram();
  private margin = new Histogram();
  private counters = new Map<string, CounterTally>();
  private botGames = new Map<string, { wins: number; games: number }>();
  private h2h = new Map<string, { wins: number; of: number }>();
  /** Uses by bot kind (the coverage table). */
  readonly coverage = new CoverageTally();

  constructor(private readonly hook: LabHook<never>) {
    for (const k of hook.declared) this.tally(k);
  }

  get games(): number {
    return this.n;
  }

  add(g: LabGame): void {
    this.n++;
    const players = g.bots.length;
    while (this.players < players) {
      this.seatWins.push(0);
      this.seatBots.push(new Set());
      this.players++;
    }
    if (!g.capped) this.finished++;
    else this.capped++;
    if (g.draw) this.draws++;
    const won = (seat: number) => !g.draw && g.winners.includes(seat);
    for (let s = 1; s < players && !this.mixed; s++) if (g.bots[s] !== g.bots[0]) this.mixed = true;
    for (let s = 0; s < players; s++) {
      this.seatBots[s]!.add(g.bots[s]!);
      const w = won(s);
      if (w) this.seatWins[s]!++;
      const b = this.botGames.get(g.bots[s]!) ?? { wins: 0, games: 0 };
      b.games++;
      if (w) b.wins++;
      this.botGames.set(g.bots[s]!, b);
      for (let t = 0; t < players; t++) {
        if (t === s || g.bots[t] === g.bots[s] || w === won(t)) continue;
        const key = `${g.bots[s]}\u0000${g.bots[t]}`;
        const c = this.h2h.get(key) ?? { wins: 0, of: 0 };
        c.of++;
        if (w) c.wins++;
        this.h2h.set(key, c);
      }
    }
    this.seatGames += players;
    if (!g.draw) this.winnerSeats += g.winners.length;
    this.lengths.moves.add(g.moves);
    this.lengths.turns.add(g.turns);
    this.lengths.rounds.add(g.rounds);
    for (const sc of g.scores) this.scoreAll.add(sc);
    if (!g.capped && !g.draw && g.winners.length) {
      let best = -Infinity;
      let rest = -Infinity;
      for (let s = 0; s < g.scores.length; s++) {
        if (won(s)) best = Math.max(best, g.scores[s]!);
        else rest = Math.max(rest, g.scores[s]!);
      }
      this.scoreWinner.add(best);
      if (rest > -Infinity) this.margin.add(best - rest);
    }
    this.coverage.add(g);
    // Uses come merged per (key, seat) (UseTally), so each entry is one seat's use in this game;
    // a counter counts the game once (`last` holds the number of the game it last counted).
    for (const [key, seat, count] of g.uses) {
      if (count <= 0) continue;
      const t = this.tally(key);
      t.uses += count;
      if (t.last !== this.n) {
        t.last = this.n;
        t.games++;
      }
      if (seat >= 0) {
        t.seatKnown = true;
        t.seatUses++;
        if (won(seat)) t.seatWins++;
      }
    }
  }

  /** The whole state, in a canonical order (the same sums give the same JSON). */
  state(): LabTally {
    return {
      games: this.n,
      finished: this.finished,
      draws: this.draws,
      capped: this.capped,
      seatWins: [...this.seatWins],
      seatBots: this.seatBots.map((b) => [...b].sort()),
      winnerSeats: this.winnerSeats,
      seatGames: this.seatGames,
      mixed: this.mixed,
      lengths: { moves: this.lengths.moves.state(), turns: this.lengths.turns.state(), rounds: this.lengths.rounds.state() },
      scores: { all: this.scoreAll.state(), winner: this.scoreWinner.state(), margin: this.margin.state() },
      counters: [...this.counters.entries()].map(([k, t]) => [k, t.uses, t.games, t.seatUses, t.seatWins, t.seatKnown] as LabTally['counters'][number]).sort(byKey),
      bots: [...this.botGames.entries()].map(([k, b]) => [k, b.wins, b.games] as LabTally['bots'][number]).sort(byKey),
      h2h: [...this.h2h.entries()]
        .map(([k, c]) => {
          const [a, b] = k.split('\u0000') as [string, string];
          return [a, b, c.wins, c.of] as LabTally['h2h'][number];
        })
        .sort((x, y) => byKey(x, y) || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0)),
      coverage: this.coverage.state(),
    };
  }

  /** Add another accumulator's state (a shard of the same run): the sums add up. */
  merge(t: LabTally): this {
    this.n += t.games;
    this.finished += t.finished;
    this.draws += t.draws;
    this.capped += t.capped;
    while (this.players < t.seatWins.length) {
      this.seatWins.push(0);
      this.seatBots.push(new Set());
      this.players++;
    }
    t.seatWins.forEach((w, s) => (this.seatWins[s]! += w));
    t.seatBots.forEach((bots, s) => bots.forEach((b) => this.seatBots[s]!.add(b)));
    this.winnerSeats += t.winnerSeats;
    this.seatGames += t.seatGames;
    this.mixed ||= t.mixed;
    this.lengths.moves.merge(t.lengths.moves);
    this.lengths.turns.merge(t.lengths.turns);
    this.lengths.rounds.merge(t.lengths.rounds);
    this.scoreAll.merge(t.scores.all);
    this.scoreWinner.merge(t.scores.winner);
    this.margin.merge(t.scores.margin);
    for (const [key, uses, games, seatUses, seatWins, seatKnown] of t.counters) {
      const c = this.tally(key);
      c.uses += uses;
      c.games += games;
      c.seatUses += seatUses;
      c.seatWins += seatWins;
      c.seatKnown ||= seatKnown;
    }
    for (const [bot, wins, games] of t.bots) {
      const b = this.botGames.get(bot) ?? { wins: 0, games: 0 };
      b.wins += wins;
      b.games += games;
      this.botGames.set(bot, b);
    }
    for (const [a, b, wins, of] of t.h2h) {
      const key = `${a}\u0000${b}`;
      const c = this.h2h.get(key) ?? { wins: 0, of: 0 };
      c.wins += wins;
      c.of += of;
      this.h2h.set(key, c);
    }
    this.coverage.merge(t.coverage);
    return this;
  }

  /**
   * The summary so far. `baseline` (an all-random run on the same seeds) gives the coverage
   * table its random column when no seat of this run is random.
   */
  summary(baseline?: LabAccumulator): LabSummary {
    const n = this.n;
    const fair = this.seatGames ? this.winnerSeats / this.seatGames : 0;
    const seat0 = wilson(this.seatWins[0] ?? 0, n);
    const verdict: FirstPlayerVerdict = n === 0 ? 'unclear' : seat0.lo > fair ? 'advantage' : seat0.hi < fair ? 'disadvantage' : (seat0.hi - seat0.lo) / 2 <= FAIR_TOLERANCE ? 'fair' : 'unclear';
    const sd = Math.sqrt(Math.max(seat0.rate * (1 - seat0.rate), 0.0025));
    const kinds = [...this.botGames.keys()].sort();
    const counters = [...this.counters.entries()].map(([key, t]): CounterStats => {
      const winWhenUsed = t.seatKnown ? wilson(t.seatWins, t.seatUses) : null;
      return {
        key,
        group: groupOf(key),
        ...this.hook.label(key),
        uses: t.uses,
        perGame: n ? t.uses / n : 0,
        games: wilson(t.games, n),
        winWhenUsed,
        lift: winWhenUsed && winWhenUsed.of > 0 && fair > 0 ? winWhenUsed.rate / fair : null,
      };
    });
    const order = Object.keys(this.hook.groups);
    counters.sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group) || b.uses - a.uses || (a.key < b.key ? -1 : 1));
    // Counters only random play used still get a coverage row (this run's bots never used them).
    const base = this.coverage.seatsOf('random') ? undefined : baseline?.coverage;
    const onlyBase = (base?.keys() ?? []).filter((k) => !this.counters.has(k)).sort().map((key) => ({ key, group: groupOf(key), ...this.hook.label(key), uses: 0 }));
    const covered = [...counters, ...onlyBase].sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group));
    return {
      game: this.hook.game,
      games: n,
      finished: this.finished,
      draws: this.draws,
      capped: wilson(this.capped, n),
      winBySeat: this.seatWins.map((w, seat) => ({ seat, bots: [...this.seatBots[seat]!].sort(), ...wilson(w, n) })),
      firstPlayer: { seat0, fair, verdict, mixedBots: this.mixed, gamesForVerdict: sampleSize(sd, FAIR_TOLERANCE) },
      lengths: { moves: this.lengths.moves.summary(), turns: this.lengths.turns.summary(), rounds: this.lengths.rounds.summary() },
      scores: { all: this.scoreAll.summary(), winner: this.scoreWinner.summary(), margin: this.margin.summary() },
      counters,
      bots: kinds.map((bot) => ({ bot, ...wilson(this.botGames.get(bot)!.wins, this.botGames.get(bot)!.games) })),
      matrix: {
        bots: kinds.length > 1 ? kinds : [],
        cells: kinds.length > 1 ? kinds.map((a) => kinds.map((b) => (a === b ? null : this.cell(a, b)))) : [],
      },
      coverage: this.coverage.summary(covered, base),
      labels: { lengths: this.hook.lengths, score: this.hook.score, groups: this.hook.groups },
    };
  }

  private cell(a: string, b: string): Rate | null {
    const c = this.h2h.get(`${a}\u0000${b}`);
    return c ? wilson(c.wins, c.of) : null;
  }

  private tally(key: string): CounterTally {
    let t = this.counters.get(key);
    if (!t) this.counters.set(key, (t = { uses: 0, games: 0, seatUses: 0, seatWins: 0, seatKnown: false, last: 0 }));
    return t;
  }
}
