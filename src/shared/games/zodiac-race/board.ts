/**
 * The track and the pieces on it (spec §3, §8): squares, stars, movement one step at a time with
 * attached Monkeys carried along, lap points as a high-water mark and the immediate win.
 * Everything here mutates the working copy `c.s` of an `apply`.
 */
import type { GameEvent } from '../../engine/types';
import type { Rng } from '../../util/rng';
import { teamCount } from './options';
import type { ZrTally } from './tally';
import type { Frame, Piece, ZrState, Zodiac } from './types';

/** The working copy of one `apply` (or a live table): the state being changed, the generator, the events so far. */
export interface Ctx {
  s: ZrState;
  rng: Rng;
  /**
   * The events so far, or null on a quiet table: its caller reads none, so none is built
   * (`c.ev?.push({…})` skips the object too). What such a caller needs is counted in `tally`.
   */
  ev: GameEvent[] | null;
  /** What a quiet table counts; undefined elsewhere (the engine's contexts set it all the same: one object shape). */
  tally?: ZrTally;
  /** The seats whose decisions the table draws itself (a live table's random seats); undefined elsewhere. */
  auto?: AutoSeats;
  /**
   * Each piece's square (`squareOf` its progress), by seat: kept by `shift`, the only move of a
   * piece, so that a step asks where the pieces stand without working out every piece's square
   * again. Not part of the state (its JSON is unchanged); `newCtx` works it out once.
   */
  at: number[];
  /** How many pieces ride a host (attached Monkeys): `shift` looks for riders only when there are some. */
  riders: number;
}

/** The context of one `apply` (or a live table) on state `s`: the pieces' squares and riders worked out from it. */
export function newCtx(s: ZrState, rng: Rng, ev: GameEvent[] | null, tally?: ZrTally, auto?: AutoSeats): Ctx {
  const at: number[] = [];
  let riders = 0;
  for (let i = 0; i < s.n; i++) {
    const p = s.pieces[i]!;
    at.push(squareOf(s, p.prog));
    if (p.attachedTo >= 0) riders++;
  }
  return { s, rng, ev, tally, auto, at, riders };
}

/** A context on state `s` whose squares and riders are known already (`at` is the context's own from now on). */
export function ctxWith(s: ZrState, rng: Rng, ev: GameEvent[] | null, at: number[], riders: number): Ctx {
  return { s, rng, ev, tally: undefined, auto: undefined, at, riders };
}

/**
 * Random seats whose two-way decisions the driver draws where they arise (`ZrTable.start` with
 * `auto`): a star's stop or go, drawn as the random bot's pick would (`rng.int(2)`, 0 = stop), so
 * the walk goes on without a round trip through the table for a move of no more than a coin.
 */
export interface AutoSeats {
  /** Each seat's generator, or null for a seat that decides for itself. */
  rngs: readonly (Rng | null)[];
  /** Decisions drawn here so far (each one a move of the game). */
  moves: number;
}

/** The top frame of the play stack, or undefined when it is empty (never `stack[-1]`: reading a negative index is a slow property lookup). */
export function topFrame(s: ZrState): Frame | undefined {
  const k = s.stack.length;
  return k > 0 ? s.stack[k - 1] : undefined;
}

/** Squares on the loop. */
export function trackLength(s: ZrState): number {
  return s.opts.track_length;
}

/**
 * The square of every progress value a race reaches, per track length (the options allow 36 and
 * 24): a lookup instead of a division, for the reads of a position without a context (the legal
 * moves, a view); a walk reads the squares `Ctx.at` keeps. `SQUARE_FROM` is the progress of entry
 * 0: ten laps back, far past any poison.
 */
const SQUARE_FROM = -360;
/** Past the finish of the longest race (50 laps of 36 squares) and a last move's overshoot. */
const SQUARE_TO = 51 * 36 + 100;
const squareTable = (n: number) => Uint8Array.from({ length: SQUARE_TO - SQUARE_FROM }, (_, i) => (((i + SQUARE_FROM) % n) + n) % n);
const SQUARES_36 = squareTable(36);
const SQUARES_24 = squareTable(24);

/** The square of a progress value. */
export function squareOf(s: ZrState, prog: number): number {
  const n = s.opts.track_length;
  const i = prog - SQUARE_FROM;
  if (i >= 0 && i < SQUARES_36.length) {
    if (n === 36) return SQUARES_36[i]!;
    if (n === 24) return SQUARES_24[i]!;
  }
  // One remainder; `+ 0` turns a -0 into 0.
  const r = prog % n;
  return r < 0 ? r + n : r + 0;
}

/** Transform squares (★) by square, per star spacing (the options allow 3 and 2): a lookup instead of a division. */
const STARS_3 = Uint8Array.from({ length: 36 }, (_, sq) => (sq % 3 === 0 ? 1 : 0));
const STARS_2 = Uint8Array.from({ length: 36 }, (_, sq) => (sq % 2 === 0 ? 1 : 0));

/** Whether a square is a transform square (★). */
export function isStar(s: ZrState, sq: number): boolean {
  const k = s.opts.star_spacing;
  if (sq >= 0 && sq < 36) {
    if (k === 3) return STARS_3[sq] === 1;
    if (k === 2) return STARS_2[sq] === 1;
  }
  return sq % k === 0;
}

/** Seats whose pieces stand on a square, other than `except`. */
export function seatsOn(s: ZrState, sq: number, except: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.n; i++) if (i !== except && squareOf(s, s.pieces[i]!.prog) === sq) out.push(i);
  return out;
}

/** Whether a seat may use an effect of zodiac `z` now (spec §6.1–6.2): shows it, not ROARED or POISONED, and the turn's lock allows it. */
export function canUse(s: ZrState, seat: number, z: Zodiac): boolean {
  const p = s.pieces[seat]!;
  if (p.zodiac !== z || p.roared || p.poisonedBy >= 0) return false;
  return seat !== s.turn.seat || s.turn.locked === null || s.turn.locked === z;
}

/** Team targets: free-for-all `target_points`; a team size × target + 1. */
export function winnersNow(s: ZrState, seat: number): number[] | null {
  const t = teamCount(s.opts);
  if (!t) return s.pieces[seat]!.laps >= s.opts.target_points ? [seat] : null;
  const team = s.pieces[seat]!.team;
  const members: number[] = [];
  let sum = 0;
  for (let i = 0; i < s.n; i++)
    if (s.pieces[i]!.team === team) {
      members.push(i);
      sum += s.pieces[i]!.laps;
    }
  return sum >= members.length * s.opts.target_points + 1 ? members : null;
}

/** Raise the lap high-water mark after a forward change; ends the game on a win. */
function updateLaps(c: Ctx, seat: number): void {
  const p = c.s.pieces[seat]!;
  const n = c.s.opts.track_length;
  if (p.prog < (p.laps + 1) * n) return; // floor(prog / n) ≤ laps, without a division on every step
  // The race is over (spec §10, no simultaneous wins): a Monkey carried over the line by the
  // winning piece arrives after the win and scores nothing.
  if (c.s.winners) return;
  const l = Math.floor(p.prog / n);
  p.laps = l;
  c.ev?.push({ type: 'lap', seat, laps: l });
  const w = winnersNow(c.s, seat);
  if (w) {
    c.s.winners = w;
    c.s.phase = 'over';
    c.s.stack = [];
    c.ev?.push({ type: 'win', winners: w });
  }
}

/** Shift a piece by `d` (±), carrying the Monkeys attached to it (spec §7.9: carried moves make no events for them). */
export function shift(c: Ctx, seat: number, d: number, depth = 0): void {
  const p = c.s.pieces[seat]!;
  // A rider that moves by itself (a poisoner's mirror move, a Dog's +5 after transforming) leaves its host.
  if (depth === 0 && p.attachedTo >= 0) detach(c, seat, 'moved');
  p.prog += d;
  if (d === 1) {
    // A step (most moves of a piece): the next square, without a lookup.
    const sq = c.at[seat]! + 1;
    c.at[seat] = sq === c.s.opts.track_length ? 0 : sq;
  } else c.at[seat] = squareOf(c.s, p.prog);
  if (d > 0) updateLaps(c, seat);
  if (c.riders === 0 || depth > c.s.n) return;
  for (let i = 0; i < c.s.n; i++) if (c.s.pieces[i]!.attachedTo === seat) shift(c, i, d, depth + 1);
}

/** A backward move: no passing, no events besides the move (spec §8). */
export function moveBack(c: Ctx, seat: number, m: number, why: string): void {
  if (m <= 0) return;
  const from = c.s.pieces[seat]!.prog;
  shift(c, seat, -m);
  c.ev?.push({ type: 'move', seat, from: squareOf(c.s, from), to: squareOf(c.s, from - m), by: -m, why });
}

/** A fresh frame id. */
export function nextId(s: ZrState): number {
  return s.nextId++;
}

/** Start a forward move of `m` squares as a frame (resolved step by step by the driver). */
export function pushMove(c: Ctx, seat: number, m: number, ownTurn: boolean, why: string): void {
  if (m <= 0 || c.s.winners) return;
  c.ev?.push({ type: 'moveStart', seat, by: m, why });
  // Every field from the start, the optional ones undefined (absent from the JSON): one object
  // shape for every move frame, instead of one more for each field added during the walk.
  const f: Frame = { k: 'move', id: nextId(c.s), seat, left: m, ownTurn, why, walked: 0, from: c.at[seat]!, at: 'go', queue: [], passAt: undefined, stop: undefined, bouncePig: undefined };
  c.s.stack.push(f);
}

/**
 * The small frames (gain, discard, steal, swap, offer, monkeyStart) as one object shape: every
 * field of all six in one order that keeps each kind's own order, the fields a kind lacks
 * undefined (absent from the JSON, so a state's JSON is unchanged). With the roll, move and act
 * frames that makes four shapes, so the driver's read of the top frame's kind (and `decide`'s) is a
 * polymorphic read instead of a megamorphic one over eight shapes.
 */
type Small = Extract<Frame, { k: 'gain' | 'discard' | 'steal' | 'swap' | 'offer' | 'monkeyStart' }>;
function small(k: Small['k'], seat: number, values: number[] | undefined, sheep: boolean | undefined, left: number | undefined, target: number | undefined, to: number | undefined, give: number | undefined, take: number | undefined): Frame {
  return { k, seat, values, sheep, left, target, to, give, take } as Small;
}

/** A roll's token reward, waiting its turn on the stack. */
export function gainFrame(seat: number, values: number[], sheep: boolean): Frame {
  return small('gain', seat, values, sheep, undefined, undefined, undefined, undefined, undefined);
}

/** A discard down to the cap, or a Monkey's start-of-turn choice (the kinds that are only a seat). */
export function seatFrame(k: 'discard' | 'monkeyStart', seat: number): Frame {
  return small(k, seat, undefined, undefined, undefined, undefined, undefined, undefined, undefined);
}

/** A Monkey's Sly Steal with `left` tokens to take. */
export function stealFrame(seat: number, left: number): Frame {
  return small('steal', seat, undefined, undefined, left, undefined, undefined, undefined, undefined);
}

/** An Ox's further swaps with `target`. */
export function swapFrame(seat: number, target: number): Frame {
  return small('swap', seat, undefined, undefined, undefined, target, undefined, undefined, undefined);
}

/** A team exchange waiting for the teammate's consent. */
export function offerFrame(seat: number, to: number, give: number, take: number): Frame {
  return small('offer', seat, undefined, undefined, undefined, undefined, to, give, take);
}

/** Detach an attached Monkey (spec §7.9). */
export function detach(c: Ctx, seat: number, why: string): void {
  const p = c.s.pieces[seat]!;
  if (p.attachedTo < 0) return;
  c.ev?.push({ type: 'detach', seat, host: p.attachedTo, why });
  p.attachedTo = -1;
  c.riders--;
  p.justDetached = true;
}

/** Nearest piece ahead (smallest positive forward distance), or 0 if every other piece shares the square (spec §7.5a). */
export function nearestAhead(s: ZrState, seat: number): number {
  const n = s.opts.track_length;
  const me = squareOf(s, s.pieces[seat]!.prog);
  let best = 0;
  for (let i = 0; i < s.n; i++) {
    if (i === seat) continue;
    const d = (((squareOf(s, s.pieces[i]!.prog) - me) % n) + n) % n;
    if (d > 0 && (best === 0 || d < best)) best = d;
  }
  return best;
}

/** Seats ranked last by progress (ties count as last, spec §3). */
export function isLast(s: ZrState, seat: number): boolean {
  const me = s.pieces[seat]!.prog;
  for (const p of s.pieces) if (p.prog < me) return false;
  return true;
}

/** Whether two seats are teammates (never in free-for-all). */
export function teammates(s: ZrState, a: number, b: number): boolean {
  return a !== b && teamCount(s.opts) > 0 && s.pieces[a]!.team === s.pieces[b]!.team;
}

/** Whether a seat may show zodiac `z` (team mode: no teammate shows it, spec §11). */
export function zodiacFree(s: ZrState, seat: number, z: Zodiac): boolean {
  for (let i = 0; i < s.n; i++) if (teammates(s, seat, i) && s.pieces[i]!.zodiac === z) return false;
  return true;
}

/** A fresh piece at the start. */
export function newPiece(team: number, zodiac: Zodiac): Piece {
  return { zodiac, prog: 0, laps: 0, tok: [0, 0, 0, 0, 0, 0], team, roared: false, poisonedBy: -1, proud: 0, rabbitPending: false, attachedTo: -1, justDetached: false, barrier: 0 };
}
