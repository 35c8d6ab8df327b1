/**
 * The main phase's tail moves (`mainTail`: the moves after the transforms) counted, and the one
 * drawn built, for the random pick (random-move.ts): a main phase lists, after its transforms, a
 * team's gifts and exchanges and the shown animal's powers — an Ox dozens of moves (every payment
 * of its Charges, its first swap with every other player for every pair of values), a Monkey
 * eleven Mimicries, a Snake or a Tiger a move per payment and target, a Rat a Sly Theft per value
 * everyone holds, a Dragon a move per run and choice, a Sheep a Bountiful per pair. The pick keeps
 * one: these are only counted. The order is `mainTail`'s, so index i is the i-th listed move.
 *
 * Held values are read as 6-bit masks (bit v − 1: value v held), so a count of pairs or kinds is
 * a table lookup instead of a loop.
 */
import { canUse, nearestAhead, squareOf, teammates, zodiacFree } from './board';
import { stealable } from './flow';
import { teamCount } from './options';
import { heldMask, sharedPayments, sharedSnakePayments } from './tokens';
import { ZODIACS, type Zodiac, type ZrMove, type ZrState } from './types';

/** Seats at a table, at most (`zodiacRace.maxPlayers`). */
export const MAX_SEATS = 6;

/** Every zodiac but the Monkey, in `ZODIACS` order: what a Monkey may mimic (in a team mode, those no teammate shows). */
const MIMICS: readonly Zodiac[] = ZODIACS.filter((z) => z !== 'monkey');

/** `POP[x]`: the set bits of a 6-bit mask. */
export const POP: Uint8Array = Uint8Array.from({ length: 64 }, (_, x) => {
  let n = 0;
  for (let b = 0; b < 6; b++) if (x & (1 << b)) n++;
  return n;
});

/** `NTH[x * 6 + k]`: the position of the k-th set bit (from 0) of the 6-bit mask x. */
export const NTH: Uint8Array = Uint8Array.from({ length: 64 * 6 }, (_, i) => {
  const x = (i / 6) | 0;
  let k = i % 6;
  for (let b = 0; b < 6; b++) if (x & (1 << b) && k-- === 0) return b;
  return 0;
});

/**
 * The moves of a power that carry no payment, one object per seat (and value or zodiac), shared
 * by every pick and frozen: a move is only ever read. Key order as listed, so the JSON is the same.
 */
const R2: readonly ZrMove[] = Array.from({ length: MAX_SEATS * 6 }, (_, i) => Object.freeze({ type: 'power', seat: (i / 6) | 0, power: 'R2', v: (i % 6) + 1 }) as ZrMove);
const RB: readonly ZrMove[] = Array.from({ length: MAX_SEATS }, (_, seat) => Object.freeze({ type: 'power', seat, power: 'RB' }) as ZrMove);
const M2: readonly ZrMove[] = Array.from({ length: MAX_SEATS }, (_, seat) => Object.freeze({ type: 'power', seat, power: 'M2' }) as ZrMove);
/** Index (seat × 6 + target) × 36 + (give − 1) × 6 + take − 1: an Ox's first swap (a few dozen listed a main phase). */
const O2: readonly ZrMove[] = Array.from({ length: MAX_SEATS * MAX_SEATS * 36 }, (_, i) =>
  Object.freeze({ type: 'power', seat: (i / (MAX_SEATS * 36)) | 0, power: 'O2', target: ((i / 36) | 0) % MAX_SEATS, give: (((i % 36) / 6) | 0) + 1, take: (i % 6) + 1 }) as ZrMove,
);
/** Index seat × 11 + k: Mimicry of `MIMICS[k]`. */
const M3: readonly ZrMove[] = Array.from({ length: MAX_SEATS * MIMICS.length }, (_, i) =>
  Object.freeze({ type: 'power', seat: (i / MIMICS.length) | 0, power: 'M3', to: MIMICS[i % MIMICS.length]! }) as ZrMove,
);

/** How many tail moves `seat` has in its main phase (`mainTail`'s length). */
export function tailCount(s: ZrState, seat: number): number {
  const gifts = teamCount(s.opts) > 0 ? giftCount(s, seat) : 0;
  return gifts + powerCount(s, seat);
}

/** Tail move `i` of `seat` (below `tailCount`), with a payment list of its own. */
export function tailAt(s: ZrState, seat: number, i: number): ZrMove {
  if (teamCount(s.opts) > 0) {
    const mine = heldMask(s.pieces[seat]!.tok);
    const sq = squareOf(s, s.pieces[seat]!.prog);
    for (let to = 0; to < s.n; to++) {
      if (!giftsTo(s, seat, to, sq)) continue;
      const theirs = heldMask(s.pieces[to]!.tok);
      const k = POP[mine]! + swapPairs(mine, theirs);
      if (i < k) return giftAt(seat, to, mine, theirs, i);
      i -= k;
    }
  }
  return powerAt(s, seat, i);
}

/** Whether `seat` lists gifts and exchanges with seat `to`: a teammate on its square `sq`. */
function giftsTo(s: ZrState, seat: number, to: number, sq: number): boolean {
  return teammates(s, seat, to) && squareOf(s, s.pieces[to]!.prog) === sq;
}

/** Team gifts and exchanges: per teammate on the square, per value v held, a gift of v then an exchange of v for each other value w it holds. */
function giftCount(s: ZrState, seat: number): number {
  const mine = heldMask(s.pieces[seat]!.tok);
  if (mine === 0) return 0;
  const sq = squareOf(s, s.pieces[seat]!.prog);
  let k = 0;
  for (let to = 0; to < s.n; to++) if (giftsTo(s, seat, to, sq)) k += POP[mine]! + swapPairs(mine, heldMask(s.pieces[to]!.tok));
  return k;
}

/** Gift or exchange `i` with teammate `to` (in listed order). */
function giftAt(seat: number, to: number, mine: number, theirs: number, i: number): ZrMove {
  for (let v = 1; v <= 6; v++) {
    if (!(mine & (1 << (v - 1)))) continue;
    if (i-- === 0) return { type: 'give', seat, to, v };
    const others = theirs & ~(1 << (v - 1));
    const k = POP[others]!;
    if (i < k) return { type: 'exchange', seat, to, give: v, take: NTH[others * 6 + i]! + 1 };
    i -= k;
  }
  throw new Error('zodiac-race: a gift past the counted ones (engine bug).');
}

/** How many power moves the main phase lists (the tail after any gifts). */
function powerCount(s: ZrState, seat: number): number {
  const p = s.pieces[seat]!;
  const zodiac = p.zodiac;
  switch (zodiac) {
    case 'horse':
    case 'rooster':
    case 'dog':
    case 'pig':
      return 0; // no main-phase power
    default:
      break;
  }
  if (!canUse(s, seat, zodiac)) return 0;
  const tok = p.tok;
  const t = s.turn;
  switch (zodiac) {
    case 'rat':
      return used(t.once, 'R2') ? 0 : POP[everyoneHolds(s)]!;
    case 'ox': {
      // The Charges' payments (red2, ones3, red4 in the payment tables): counted from the red tokens held.
      const ones = tok[0]!;
      const fours = tok[3]!;
      let k = redPays(ones, fours, 2) + (ones >= 3 ? 1 : 0) + redPays(ones, fours, 4);
      if (!used(t.once, 'O2')) {
        const mine = heldMask(tok);
        if (mine !== 0) for (let i = 0; i < s.n; i++) if (i !== seat) k += swapPairs(mine, heldMask(s.pieces[i]!.tok));
      }
      return k;
    }
    case 'tiger': {
      const targets = targetCount(s, seat);
      if (targets === 0) return 0;
      return (tok[5]! >= 2 ? targets : 0) + (used(t.once, 'T2') ? 0 : sharedPayments(tok, 'sum12').length * targets);
    }
    case 'rabbit':
      return !t.rolled && !used(t.once, 'RB') ? 1 : 0;
    case 'dragon': {
      const runs = runCount(heldMask(tok));
      return runs === 0 ? 0 : nearestAhead(s, seat) > 0 ? runs * 2 : runs;
    }
    case 'snake': {
      const targets = targetCount(s, seat);
      return targets === 0 ? 0 : sharedSnakePayments(tok, !used(t.once, 'S2')).length * targets;
    }
    case 'sheep':
      return (tok[0]! >= 2 ? 1 : 0) + (tok[1]! >= 2 ? 1 : 0) + (tok[2]! >= 2 ? 1 : 0) + (tok[3]! >= 2 ? 1 : 0) + (tok[4]! >= 2 ? 1 : 0) + (tok[5]! >= 2 ? 1 : 0);
    case 'monkey':
      return (monkeySteals(s, seat) ? 1 : 0) + (t.transformed ? 0 : teamCount(s.opts) > 0 ? freeMimics(s, seat) : MIMICS.length);
    default:
      return 0;
  }
}

/** Power move `i` of `seat` (below `powerCount`), with a payment list of its own. */
function powerAt(s: ZrState, seat: number, i: number): ZrMove {
  const p = s.pieces[seat]!;
  const tok = p.tok;
  switch (p.zodiac) {
    case 'rat': {
      const all = everyoneHolds(s);
      return R2[seat * 6 + NTH[all * 6 + i]!]!;
    }
    case 'ox': {
      // The Charges (red2, ones3, red4), counted as in `powerCount`: a payment table is read only for the one drawn.
      const ones = tok[0]!;
      const fours = tok[3]!;
      const red2 = redPays(ones, fours, 2);
      if (i < red2) return { type: 'power', seat, power: 'O1a', pay: sharedPayments(tok, 'red2')[i]!.slice() };
      i -= red2;
      if (ones >= 3 && i-- === 0) return { type: 'power', seat, power: 'O1b', pay: [1, 1, 1] };
      const red4 = redPays(ones, fours, 4);
      if (i < red4) return { type: 'power', seat, power: 'O1b', pay: sharedPayments(tok, 'red4')[i]!.slice() };
      i -= red4;
      const mine = heldMask(tok);
      for (let target = 0; target < s.n; target++) {
        if (target === seat) continue;
        const theirs = heldMask(s.pieces[target]!.tok);
        const k = swapPairs(mine, theirs);
        if (i < k) return O2[(seat * MAX_SEATS + target) * 36 + nthSwapPair(mine, theirs, i)]!;
        i -= k;
      }
      break;
    }
    case 'tiger': {
      // T1 (two 6s) at each target, then T2 by payment, then target.
      const targets = targetCount(s, seat);
      if (tok[5]! >= 2) {
        if (i < targets) return { type: 'power', seat, power: 'T1', target: nthTarget(s, seat, i), pay: [6, 6] };
        i -= targets;
      }
      const pay = sharedPayments(tok, 'sum12')[Math.floor(i / targets)]!;
      return { type: 'power', seat, power: 'T2', target: nthTarget(s, seat, i % targets), pay: pay.slice() };
    }
    case 'rabbit':
      return RB[seat]!;
    case 'dragon': {
      // Per run held (1–5, then 2–6): choice a (when a piece is ahead), then b.
      const mask = heldMask(tok);
      const per = nearestAhead(s, seat) > 0 ? 2 : 1;
      const run = Math.floor(i / per);
      const from = run === 0 && (mask & RUN_LOW) === RUN_LOW ? 1 : 2;
      return { type: 'power', seat, power: 'D', pay: [from, from + 1, from + 2, from + 3, from + 4], choice: per === 2 && i % 2 === 0 ? 'a' : 'b' };
    }
    case 'snake': {
      const targets = targetCount(s, seat);
      const pay = sharedSnakePayments(tok, !used(s.turn.once, 'S2'))[Math.floor(i / targets)]!;
      return { type: 'power', seat, power: 'S1', target: nthTarget(s, seat, i % targets), pay: pay.slice() };
    }
    case 'sheep':
      for (let v = 1; v <= 6; v++) if (tok[v - 1]! >= 2 && i-- === 0) return { type: 'power', seat, power: 'SH2', pay: [v, v] };
      break;
    case 'monkey': {
      if (monkeySteals(s, seat) && i-- === 0) return M2[seat]!;
      if (teamCount(s.opts) === 0) return M3[seat * MIMICS.length + i]!;
      for (let k = 0; k < MIMICS.length; k++) if (zodiacFree(s, seat, MIMICS[k]!) && i-- === 0) return M3[seat * MIMICS.length + k]!;
      break;
    }
    default:
      break;
  }
  throw new Error('zodiac-race: a tail move past the counted ones (engine bug).');
}

/** Whether a once-per-turn use (R2, O2, T2, RB, S2) was made this turn (a loop: most turns have none). */
function used(once: readonly string[], id: string): boolean {
  for (let k = 0; k < once.length; k++) if (once[k] === id) return true;
  return false;
}

/** The values every piece holds (a Rat's Sly Theft takes one of each from everyone), as a mask. */
function everyoneHolds(s: ZrState): number {
  let all = 63;
  for (let i = 0; i < s.n && all !== 0; i++) all &= heldMask(s.pieces[i]!.tok);
  return all;
}

/** The runs of five (run5: 1–5, 2–6) in a held-values mask. */
const RUN_LOW = 0b011111;
const RUN_HIGH = 0b111110;
function runCount(mask: number): number {
  return ((mask & RUN_LOW) === RUN_LOW ? 1 : 0) + ((mask & RUN_HIGH) === RUN_HIGH ? 1 : 0);
}

/** The payments of `size` red tokens (1s and 4s) out of `ones` 1s and `fours` 4s: one per number of 1s paid. */
function redPays(ones: number, fours: number, size: number): number {
  return Math.max(0, Math.min(ones, size) - Math.max(0, size - fours) + 1);
}

/** Whether a Monkey's Sly Steal is listed (as in `mainTail`). */
function monkeySteals(s: ZrState, seat: number): boolean {
  return !s.turn.acted && !s.pieces[seat]!.justDetached && stealable(s, seat);
}

/** The zodiacs a Monkey in a team mode may mimic: those no teammate shows. */
function freeMimics(s: ZrState, seat: number): number {
  let k = 0;
  for (const z of MIMICS) if (zodiacFree(s, seat, z)) k++;
  return k;
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

/** The one-for-one swaps between held-values masks `mine` and `theirs`: a value g of mine, a different w of theirs. */
export function swapPairs(mine: number, theirs: number): number {
  return POP[mine]! * POP[theirs]! - POP[mine & theirs]!;
}

/** Swap `i` of `swapPairs` in listed order (g, then w, ascending) as (give − 1) × 6 + take − 1 (values 1–6). */
export function nthSwapPair(mine: number, theirs: number, i: number): number {
  for (let g = 0; g < 6; g++) {
    if (!(mine & (1 << g))) continue;
    const others = theirs & ~(1 << g);
    const k = POP[others]!;
    if (i < k) return g * 6 + NTH[others * 6 + i]!;
    i -= k;
  }
  throw new Error('zodiac-race: a swap past the counted pairs (engine bug).');
}
