/**
 * What the balance lab reads from a played game, whatever the game: who won, whether a move cap
 * stopped it, how long it was, the final scores, and the uses of the game's interesting counters
 * (combos, powers, tokens, roles) by seat. Each game declares a `LabHook` that turns its
 * simulator's match result into a `LabGame` — a few lines per game (`src/shared/games/<game>/lab.ts`).
 */

/** Two languages of a label. */
export interface Bilingual {
  zh: string;
  en: string;
}

/** One use of a counter in a game: its key, the seat that used it (−1 when no seat is known), how often. */
export type LabUse = [key: string, seat: number, count: number];

/** One played game, as the lab counts it. */
export interface LabGame {
  /** Game index in the run (game i is played on seed `${seed}/${i}`). */
  index: number;
  /** Bot kind per seat. */
  bots: string[];
  /** Winning seats (a team's members), or the seats sharing a draw; empty if the game was stopped. */
  winners: number[];
  draw: boolean;
  /** A move or hand cap stopped the game before its end (a dead end or a stall). */
  capped: boolean;
  moves: number;
  turns: number;
  rounds: number;
  /** Final score per seat. */
  scores: number[];
  /** Uses merged per (key, seat): at most one entry for a key and a seat (`UseTally` makes them). */
  uses: LabUse[];
}

/** How a game names its counters and lengths, and turns its simulator's match result into a LabGame. */
export interface LabHook<R> {
  game: string;
  /** The names of the three lengths: moves, turns, and the game's round (hands, laps, deals). */
  lengths: { moves: Bilingual; turns: Bilingual; rounds: Bilingual };
  /** What the score is (福气, lap points, points). */
  score: Bilingual;
  /** Counter groups in display order, with their names. */
  groups: Record<string, Bilingual>;
  /** Counters listed even when no game used them (the others appear once used). */
  declared: readonly string[];
  /** A counter's group (the part of its key before the first ':'). */
  label(key: string): Bilingual;
  /** The lab's record of one match. */
  fromMatch(r: R, bots: readonly string[]): LabGame;
}

/**
 * Collects uses and hands them out merged: one entry per (key, seat) with its total, so a game
 * crosses threads with a few dozen entries however long it was.
 */
export class UseTally {
  /** The entries in the order they first came. */
  private readonly entries: LabUse[] = [];
  /** Per key, each seat's entry at index seat + 1 (index 0: seat −1, a use no seat made). */
  private readonly bySeat = new Map<string, (LabUse | undefined)[]>();
  /**
   * Count `count` uses of `key` by `seat` (−1 when no seat made it). A hook that counts many uses
   * a game passes keys it made once (constants): a key built anew for each use is a new string
   * to hash.
   */
  add(key: string, seat: number, count = 1): void {
    let seats = this.bySeat.get(key);
    if (!seats) this.bySeat.set(key, (seats = []));
    const u = seats[seat + 1];
    if (u) u[2] += count;
    else this.entries.push((seats[seat + 1] = [key, seat, count]));
  }
  /** One entry per (key, seat), in the order they first came. */
  list(): LabUse[] {
    return this.entries;
  }
}

/** The group of a counter key: `combo:3` → `combo`. */
export function groupOf(key: string): string {
  const i = key.indexOf(':');
  return i < 0 ? key : key.slice(0, i);
}
