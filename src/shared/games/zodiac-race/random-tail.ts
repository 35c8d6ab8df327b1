/**
 * The main phase's tail moves (`mainTail`: the powers after the transforms) counted, and the one
 * drawn built, for the random pick (random-move.ts): an Ox lists dozens of moves a main phase (every
 * payment of its Charges, its first swap with every other player for every pair of values), a
 * Monkey eleven Mimicries, a Snake or a Tiger a move per payment and target — about a dozen
 * objects a main phase, of which the pick keeps one. The order is `mainTail`'s, so index i is the i-th listed move.
 *
 * Only these animals in free-for-all: elsewhere (team gifts and exchanges come first) `tailCount`
 * says so and the caller lists the tail.
 */
import { canUse } from './board';
import { stealable } from './flow';
import { teamCount } from './options';
import { count, sharedPayments, sharedSnakePayments } from './tokens';
import { ZODIACS, type Zodiac, type ZrMove, type ZrState } from './types';

/** `tailCount`: the tail is not counted here (list it with `mainTail`). */
export const UNCOUNTED = -1;

/** Every zodiac but the Monkey, in `ZODIACS` order: what a Monkey may mimic in free-for-all. */
const MIMICS: readonly Zodiac[] = ZODIACS.filter((z) => z !== 'monkey');

/** How many tail moves `seat` has in its main phase, or `UNCOUNTED`. */
export function tailCount(s: ZrState, seat: number): number {
  if (teamCount(s.opts) > 0) return UNCOUNTED;
  const p = s.pieces[seat]!;
  switch (p.zodiac) {
    case 'ox':
    case 'monkey':
    case 'snake':
    case 'tiger':
      break;
    default:
      return UNCOUNTED;
  }
  if (!canUse(s, seat, p.zodiac)) return 0;
  const tok = p.tok;
  const t = s.turn;
  if (p.zodiac === 'ox') {
    // The Charges' payments (red2, ones3, red4 in the payment tables): counted from the red tokens held.
    const ones = tok[0]!;
    const fours = tok[3]!;
    let k = redPays(ones, fours, 2) + (ones >= 3 ? 1 : 0) + redPays(ones, fours, 4);
    if (!t.once.includes('O2') && count(tok) > 0) for (let i = 0; i < s.n; i++) if (i !== seat) k += swapPairs(tok, s.pieces[i]!.tok);
    return k;
  }
  if (p.zodiac === 'monkey') return (monkeySteals(s, seat) ? 1 : 0) + (t.transformed ? 0 : MIMICS.length);
  const targets = targetCount(s, seat);
  if (targets === 0) return 0;
  if (p.zodiac === 'tiger') return (tok[5]! >= 2 ? targets : 0) + (t.once.includes('T2') ? 0 : sharedPayments(tok, 'sum12').length * targets);
  return sharedSnakePayments(tok, !t.once.includes('S2')).length * targets;
}

/** Tail move `i` of `seat` (below `tailCount`), with a payment list of its own. */
export function tailAt(s: ZrState, seat: number, i: number): ZrMove {
  const p = s.pieces[seat]!;
  const tok = p.tok;
  if (p.zodiac === 'ox') {
    const red2 = sharedPayments(tok, 'red2');
    if (i < red2.length) return { type: 'power', seat, power: 'O1a', pay: red2[i]!.slice() };
    i -= red2.length;
    const ones3 = sharedPayments(tok, 'ones3');
    if (i < ones3.length) return { type: 'power', seat, power: 'O1b', pay: ones3[i]!.slice() };
    i -= ones3.length;
    const red4 = sharedPayments(tok, 'red4');
    if (i < red4.length) return { type: 'power', seat, power: 'O1b', pay: red4[i]!.slice() };
    i -= red4.length;
    for (let target = 0; target < s.n; target++) {
      if (target === seat) continue;
      const theirs = s.pieces[target]!.tok;
      const k = swapPairs(tok, theirs);
      if (i >= k) {
        i -= k;
        continue;
      }
      const pair = nthSwapPair(tok, theirs, i);
      return { type: 'power', seat, power: 'O2', target, give: pair >> 3, take: pair & 7 };
    }
  } else if (p.zodiac === 'monkey') {
    if (monkeySteals(s, seat) && i-- === 0) return { type: 'power', seat, power: 'M2' };
    return { type: 'power', seat, power: 'M3', to: MIMICS[i]! };
  } else if (p.zodiac === 'tiger') {
    // T1 (two 6s) at each target, then T2 by payment, then target.
    const targets = targetCount(s, seat);
    if (tok[5]! >= 2) {
      if (i < targets) return { type: 'power', seat, power: 'T1', target: nthTarget(s, seat, i), pay: [6, 6] };
      i -= targets;
    }
    const pay = sharedPayments(tok, 'sum12')[Math.floor(i / targets)]!;
    return { type: 'power', seat, power: 'T2', target: nthTarget(s, seat, i % targets), pay: pay.slice() };
  } else {
    const targets = targetCount(s, seat);
    const pay = sharedSnakePayments(tok, !s.turn.once.includes('S2'))[Math.floor(i / targets)]!;
    return { type: 'power', seat, power: 'S1', target: nthTarget(s, seat, i % targets), pay: pay.slice() };
  }
  throw new Error('zodiac-race: a tail move past the counted ones (engine bug).');
}

/** The payments of `size` red tokens (1s and 4s) out of `ones` 1s and `fours` 4s: one per number of 1s paid. */
function redPays(ones: number, fours: number, size: number): number {
  return Math.max(0, Math.min(ones, size) - Math.max(0, size - fours) + 1);
}

/** Whether a Monkey's Sly Steal is listed (as in `mainTail`). */
function monkeySteals(s: ZrState, seat: number): boolean {
  return !s.turn.acted && !s.pieces[seat]!.justDetached && stealable(s, seat);
}

/** Whether `seat` may target seat `i` with Tiger / Snake: another seat, not PROUD (spec §13 #20). */
function isTarget(s: ZrState, seat: number, i: number): boolean {
  return i !== seat && s.pieces[i]!.proud === 0;
}

function targetCount(s: ZrState, seat: number): number {
  let k = 0;
  for (let i = 0; i < s.n; i++) if (isTarget(s, seat, i)) k++;
  return k;
}

/** The k-th seat (from 0) that `seat` may target. */
function nthTarget(s: ZrState, seat: number, k: number): number {
  for (let target = 0; target < s.n; target++) if (isTarget(s, seat, target) && k-- === 0) return target;
  throw new Error('zodiac-race: a target past the counted ones (engine bug).');
}

/** The one-for-one swaps of an Ox holding `mine` with `theirs`: value g held, a different w they hold. */
export function swapPairs(mine: readonly number[], theirs: readonly number[]): number {
  let theirKinds = 0;
  for (let w = 0; w < 6; w++) if (theirs[w]! > 0) theirKinds++;
  let k = 0;
  for (let g = 0; g < 6; g++) if (mine[g]! > 0) k += theirs[g]! > 0 ? theirKinds - 1 : theirKinds;
  return k;
}

/** Swap `i` of `swapPairs` in listed order (g, then w, ascending) as give × 8 + take (values 1–6). */
export function nthSwapPair(mine: readonly number[], theirs: readonly number[], i: number): number {
  for (let g = 0; g < 6; g++) if (mine[g]! > 0) for (let w = 0; w < 6; w++) if (theirs[w]! > 0 && w !== g && i-- === 0) return (g + 1) * 8 + w + 1;
  throw new Error('zodiac-race: a swap past the counted pairs (engine bug).');
}
