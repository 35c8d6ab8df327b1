/**
 * What an animal is worth to a seat, in squares of progress — the heuristic bot's yardstick for
 * picking a starting animal and for transforming on a star.
 *
 * - `standing(z)`: what showing `z` is worth turn after turn (its passives and its powers over a
 *   race), adjusted to the table: an opponent Rat seated earlier strips the tokens a Rat needs
 *   for Sly Theft, so a Dog (who negates it and moves 5) is the answer; a Pig feeds on fast
 *   racers passing it; a Monkey rides them; a Horse likes being behind.
 * - `now(z)`: what `z`'s powers would do this turn with the tokens held (a Dragon run of five, an
 *   Ox charge, a Tiger roar on the leader…), net of the tokens they cost.
 */
import type { Zodiac } from '../types';
import { payments, snakePayments } from '../tokens';
import type { ZrView } from '../view';

/** A token held is worth about this many squares (what a roll's token buys on average). */
export const TOKEN = 0.8;

/** The steady worth of each animal with nothing known about the table, in squares a turn. */
const BASE: Record<Zodiac, number> = {
  rooster: 4.2, rat: 4.0, rabbit: 3.3, horse: 2.6, pig: 2.6, dog: 2.4, dragon: 2.3, ox: 2.3, sheep: 2.2, tiger: 2.0, snake: 2.0, monkey: 1.9,
};

const FAST: readonly Zodiac[] = ['rooster', 'rat', 'rabbit', 'horse'];

export const total = (tok: readonly number[]) => tok.reduce((a, b) => a + b, 0);

/** Whether `other` plays against `me` (free-for-all: everyone else; teams: the other teams). */
export function isOpp(v: ZrView, me: number, other: number): boolean {
  return other !== me && (v.opts.mode === 'ffa' || v.pieces[other]!.team !== v.pieces[me]!.team);
}

/** Score of a side for "who leads": laps first, then progress. */
const standingOf = (v: ZrView, i: number) => v.pieces[i]!.laps * 1000 + v.pieces[i]!.prog;

/** The opponent furthest ahead (the one to slow down), or -1. */
export function leader(v: ZrView, me: number, ok: (i: number) => boolean = () => true): number {
  let best = -1;
  for (let i = 0; i < v.players; i++) if (isOpp(v, me, i) && ok(i) && (best < 0 || standingOf(v, i) > standingOf(v, best))) best = i;
  return best;
}

/** Squares from `me`'s piece forward to `other`'s (the loop's length when on the same square). */
export function ahead(v: ZrView, me: number, other: number): number {
  const n = v.opts.track_length;
  return (((v.pieces[other]!.prog - v.pieces[me]!.prog) % n) + n) % n || n;
}

/** Seats in turn order after `me` (the one who acts right after first). */
const after = (v: ZrView, me: number) => Array.from({ length: v.players - 1 }, (_, k) => (me + 1 + k) % v.players);

/** Whether seat `a` acts before seat `b` in a round starting at seat 0. */
const before = (a: number, b: number) => a < b;

/** What showing `z` is worth to `me` turn after turn, given the others' animals and the race. */
export function standing(v: ZrView, me: number, z: Zodiac, choosing = false): number {
  let x = BASE[z];
  const others = after(v, me).filter((i) => !choosing || i < me); // while choosing, only the picks made so far are known
  const opp = others.filter((i) => isOpp(v, me, i));
  const rats = opp.filter((i) => v.pieces[i]!.zodiac === 'rat');
  const mates = others.filter((i) => !isOpp(v, me, i));
  if (z === 'rat') {
    // Sly Theft needs every player to hold the value; an opponent Rat acting earlier strips it first.
    for (const r of rats) x -= before(r, me) || !choosing ? 1.6 : 0.8;
    // …and a Dog opposite negates it.
    x -= 1.2 * opp.filter((i) => v.pieces[i]!.zodiac === 'dog').length;
  }
  if (z === 'dog') {
    // Every opposing paid power is a target worth a +5.
    x += 1.6 * rats.length;
    x += 0.5 * opp.filter((i) => ['dragon', 'tiger', 'ox', 'snake', 'rooster'].includes(v.pieces[i]!.zodiac)).length;
    // Guards a teammate's powers against the other side's Dogs.
    x += 0.3 * mates.length;
  }
  const held = total(v.pieces[me]!.tok);
  // Sheep: a roll of a value not held pays two tokens.
  if (z === 'sheep' && !choosing) x += 0.15 * v.pieces[me]!.tok.filter((n) => n === 0).length;
  if (z === 'pig') {
    // Grabs from fast racers passing it; +4 a turn on a hand of 8 or more.
    x += 0.4 * opp.filter((i) => FAST.includes(v.pieces[i]!.zodiac)).length;
    if (!choosing) x += held >= 8 ? 3 : held >= 6 ? 1 : -0.5;
  }
  if (z === 'monkey') {
    // Rides a fast piece (its own roll is lost, one token a turn is paid).
    const fast = others.filter((i) => FAST.includes(v.pieces[i]!.zodiac));
    x += 0.3 * fast.length;
    if (!choosing) x += 0.9 * fast.filter((i) => ahead(v, me, i) <= 6).length;
  }
  if (z === 'horse') {
    // Behind the field: more pieces to overtake, and the last-place doubling with the fewest tokens.
    if (choosing) x += (0.4 * me) / Math.max(1, v.players - 1);
    else {
      x += 0.4 * v.pieces.filter((p, i) => i !== me && ahead(v, me, i) <= 8).length;
      const fewest = v.pieces.every((p, i) => i === me || total(p.tok) > held);
      const last = v.pieces.every((p, i) => i === me || p.prog >= v.pieces[me]!.prog);
      if (fewest) x += held * 0.5 + (last ? 3 : 0);
    }
  }
  if (z === 'rooster' && rats.length === 0 && opp.filter((i) => v.pieces[i]!.zodiac === 'rooster').length >= 2) x -= 0.3; // a crowd of Roosters feeds a Pig
  return x;
}

/** A power this seat could use now with its tokens as `z`, and what it is worth (squares, net of its cost). */
export interface Plan {
  z: Zodiac;
  worth: number;
}

/** What `z`'s powers would do this turn with tokens `tok` (0 when nothing useful is affordable). */
export function now(v: ZrView, me: number, z: Zodiac, tok: readonly number[], rolled: boolean): number {
  const lead = leader(v, me, (i) => v.pieces[i]!.proud === 0);
  const dogs = v.pieces.filter((p, i) => isOpp(v, me, i) && p.zodiac === 'dog' && p.tok[4]! > 0 && !p.roared && p.poisonedBy < 0).length;
  const risk = dogs > 0 ? 0.6 : 1; // an opposing Dog may negate it
  switch (z) {
    case 'dragon':
      return payments(tok, 'run5').length ? risk * 12 - 5 * TOKEN : 0;
    case 'ox': {
      // Charges one after the other while the reds last: three 1s or four reds for 10, two reds for 4.
      let ones = tok[0]!;
      let red = tok[0]! + tok[3]!;
      let x = 0;
      for (;;) {
        if (ones >= 3) [ones, red, x] = [ones - 3, red - 3, x + risk * 10 - 3 * TOKEN];
        else if (red >= 4) [ones, red, x] = [0, red - 4, x + risk * 10 - 4 * TOKEN];
        else if (red >= 2) [red, x] = [red - 2, x + risk * 4 - 2 * TOKEN];
        else return x;
      }
    }
    case 'tiger':
      if (lead < 0) return 0;
      // The leader's next turn is a single square (about 5 lost) and T2 walks the Tiger 6.
      if (payments(tok, 'sum12').length) return risk * 10 - Math.min(...payments(tok, 'sum12').map((p) => p.length)) * TOKEN;
      return tok[5]! >= 2 ? risk * 5.5 - 2 * TOKEN : 0;
    case 'snake':
      // The leader's roll runs backward and the Snake walks it forward: a swing of about two rolls.
      return lead >= 0 && snakePayments(tok, true).length ? risk * 10 - 4 * TOKEN : 0;
    case 'sheep': {
      // Every pair of 3 or more becomes its value in squares (and a value held no more doubles the next gain of it).
      let x = 0;
      for (let k = 3; k <= 6; k++) x += Math.floor(tok[k - 1]! / 2) * (risk * k - 2 * TOKEN + 0.4);
      return x;
    }
    case 'rabbit':
      return rolled || v.pieces[me]!.rabbitPending ? 0 : 3;
    default:
      return 0;
  }
}

/** Tokens after paying one token of value `pay`. */
export function minus(tok: readonly number[], pay: number): number[] {
  const t = tok.slice();
  t[pay - 1]!--;
  return t;
}
