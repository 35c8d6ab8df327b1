/**
 * The live table of the simulator and the search bot's playouts: one `MwState` moved in place by
 * the same rule steps as the contract's `apply` (rules.ts), without copies or events. A random
 * seat's play is drawn without listing: the count of legal plays is Σ (2^n − 1) over the allowed
 * colours (n = the seat's cards of that colour), a number below it picks the colour and, as a
 * bitmask, the subset — a uniform pick of the contract's `legalMw` list.
 */
import { Rng, seedRng } from '../../util/rng';
import { BLACK, COLOURS, colourOf } from './cards';
import { checkMove, legalMw, startMw, viewMw, cloneMw, type MwView } from './game';
import type { MwOptions } from './options';
import { applyInPlace } from './rules';
import { allowedColours, excuseMoves, type MwMove, type MwState } from './state';

/** One game's JSONL record (`npm run cli -- simulate moyu-wang`). */
export interface MwRecord {
  game: 'moyu-wang';
  seed: string;
  players: number;
  options: MwOptions;
  startPlayer: number;
  roles: MwState['roles'];
  hands: number[][];
  rounds: MwState['rounds'];
  reason: 'empty' | 'overtime';
  winners: number[];
  base: number[];
  scores: number[];
  markers: number[];
  piles: number[];
  left: number[];
  black: number[];
  votedOut: number[] | null;
  /** Every draw after the deal, by round. */
  draws: MwState['drawLog'];
  /** The cards left in each hand. */
  finalHands: number[][];
  /** Black cards per seat in hand + score pile at the end (whatever `tie_black` counts). */
  blackCards: number[];
}

/** The fields of a record's JSON line, in order (`mwRecordLine` in the simulator writes them). */
export const MW_RECORD_FIELDS = ['game', 'seed', 'players', 'options', 'startPlayer', 'roles', 'hands', 'rounds', 'markers', 'scorePiles', 'handsLeft', 'finalHands', 'blackCards', 'base', 'scores', 'winners', 'endedBy', 'votedOut'] as const;

/** The fields of each round in a record's JSON line, in order. */
export const MW_ROUND_FIELDS = ['leader', 'plays', 'overtimeColours', 'selected', 'excuses', 'overtimePlayer', 'overtimePlayers', 'draws', 'outcome'] as const;

const byColour = new Int32Array(COLOURS);

export class MwTable {
  readonly s: MwState;
  moves = 0;

  constructor(state: MwState) {
    this.s = state;
  }

  /** A new game (the contract's `setup`). */
  static start(seed: string, players: number, options: MwOptions): MwTable {
    return new MwTable(startMw(seed, players, options, false).state);
  }

  /** A copy of the table (playouts). */
  clone(): MwTable {
    return new MwTable(cloneMw(this.s));
  }

  get over(): boolean {
    return this.s.phase === 'over';
  }

  /** The seat to decide now (in the vote, the first who has not voted). */
  get turn(): number {
    return this.s.turn;
  }

  legal(): MwMove[] {
    return legalMw(this.s, this.s.turn);
  }

  view(seat: number): MwView {
    return viewMw(this.s, seat);
  }

  /** The state as the contract holds it (a copy). */
  state(): MwState {
    return cloneMw(this.s);
  }

  /** Whether the rules accept the move now. */
  accepts(m: MwMove): boolean {
    return checkMove(this.s, m) === null;
  }

  /** Apply a move the rules accept. */
  play(m: MwMove): void {
    applyInPlace(this.s, m, null);
    this.moves++;
  }

  /** The number of legal plays of the seat to play (Σ 2^n − 1 over the allowed colours). */
  playCount(): number {
    const s = this.s;
    const seat = s.turn;
    const allowed = allowedColours(s, seat);
    byColour.fill(0);
    for (const c of s.hands[seat]!) byColour[colourOf(c)]!++;
    let total = 0;
    for (let col = 0; col < COLOURS; col++) if (allowed & (1 << col) && byColour[col]! > 0) total += 2 ** byColour[col]! - 1;
    return total;
  }

  /** A uniformly random legal move (the engine's random bot's distribution), applied. */
  playRandom(rng: Rng): void {
    const s = this.s;
    const seat = s.turn;
    if (s.phase !== 'play') {
      const legal = s.phase === 'excuse' ? [...excuseMoves(s, seat), { type: 'accept', seat } as MwMove] : legalMw(s, seat);
      this.play(legal[rng.int(legal.length)]!);
      return;
    }
    let r = rng.int(this.playCount());
    const allowed = allowedColours(s, seat);
    let col = 0;
    for (; col < COLOURS; col++) {
      if (!(allowed & (1 << col)) || byColour[col] === 0) continue;
      const n = 2 ** byColour[col]! - 1;
      if (r < n) break;
      r -= n;
    }
    // The subset of that colour's cards (in hand order) whose bits are set in r + 1.
    const mask = r + 1;
    const cards: number[] = [];
    let i = 0;
    for (const c of s.hands[seat]!) if (colourOf(c) === col && mask & (1 << i++)) cards.push(c);
    this.play({ type: 'play', seat, cards });
  }

  /** The finished game's record. */
  record(seed: string): MwRecord {
    const s = this.s;
    const e = s.end!;
    return {
      game: 'moyu-wang',
      seed,
      players: s.players,
      options: s.options,
      startPlayer: s.startPlayer,
      roles: s.roles,
      hands: s.dealt,
      rounds: s.rounds,
      reason: e.reason,
      winners: e.winners,
      base: e.base,
      scores: e.scores,
      markers: s.markers,
      piles: s.piles.map((p) => p.length),
      left: s.hands.map((h) => h.length),
      black: e.black,
      votedOut: e.votedOut ?? null,
      draws: s.drawLog,
      finalHands: s.hands.map((h) => h.slice()),
      blackCards: s.hands.map((h, k) => h.filter((c) => colourOf(c) === BLACK).length + s.piles[k]!.filter((c) => colourOf(c) === BLACK).length),
    };
  }
}

/** A table seeded like the simulator's match `seed` (used by tests and the bench). */
export const mwBotRng = (seed: string, seat: number): Rng => new Rng(seedRng(`${seed}/bot/${seat}`));
