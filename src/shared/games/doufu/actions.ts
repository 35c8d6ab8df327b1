/**
 * The three actions of a turn (spec §3.3: 摸牌, 吃牌, 叠蒙), their legality under pending 福鼠/福猴
 * restrictions (T5/T6), and the 蒙换 swap (step 5) with `normalizePool`.
 */
import type { CardCode } from './cards';
import { midhandHuangpai } from './hand-end';
import { addKnown, clockwiseFrom, dealSizes, forgetKnown, handOf, latestMod, normalizePool, own, removeCard, ZOD, type Ctx } from './state';
import { END_EVENT, MOD, type DoufuMove, type DoufuState } from './types';

type Move<T extends DoufuMove['type']> = Extract<DoufuMove, { type: T }>;

/** Legal action moves of `seat` in its turn, after the latest pending restriction (T5/T6). */
export function actionMoves(s: DoufuState, seat: number): DoufuMove[] {
  const out: DoufuMove[] = [];
  const m = latestMod(s, seat)?.kind;
  const hand = s.hands[seat]!;
  const deck = s.deck.length;
  if (!m && deck > 0 && hand.length < dealSizes(s).L) out.push({ type: 'draw', seat });
  const eat = !m || m === MOD.ONLY_EAT;
  const stack = (!m || m === MOD.ONLY_STACK) && deck > 0;
  if (!eat && !stack) return out;
  // The pool's zodiacs, read once for both kinds of action (each pool entry's zodiac is a lookup by
  // card code), into a scratch buffer: this runs for every turn.
  const pool = s.pool;
  const pz = POOL_ZODIACS;
  let mask = 0;
  for (let i = 0; i < pool.length; i++) mask |= 1 << (pz[i] = ZOD[pool[i]![0]!]!);
  if (eat) eatMoves(s, seat, pz, mask, out);
  if (stack) for (const card of hand) if (!(mask & (1 << ZOD[card]!))) out.push({ type: 'stack', seat, card });
  return out;
}

/** Scratch for `actionMoves`: the zodiac of each pool entry (the pool never holds more than the 48 cards). */
const POOL_ZODIACS = new Int32Array(48);

/** Whether `seat` has any action in its turn: `actionMoves(s, seat).length > 0`, without building the list. */
export function hasAction(s: DoufuState, seat: number): boolean {
  const m = latestMod(s, seat)?.kind;
  const hand = s.hands[seat]!;
  const deck = s.deck.length;
  if (!m && deck > 0 && hand.length < dealSizes(s).L) return true;
  if (!hand.length) return false;
  const zods = poolZodiacs(s);
  if (!m || m === MOD.ONLY_EAT) for (const card of hand) if (zods & (1 << ZOD[card]!)) return true;
  if ((!m || m === MOD.ONLY_STACK) && deck > 0) for (const card of hand) if (!(zods & (1 << ZOD[card]!))) return true;
  return false;
}

/**
 * Whether the canonical action move `mv` (draw / eat / stack) is one of `actionMoves(s, mv.seat)`,
 * without building the list (fields compared with ===, as `sameMove` does).
 */
export function isLegalAction(s: DoufuState, mv: DoufuMove): boolean {
  const seat = mv.seat;
  const m = latestMod(s, seat)?.kind;
  const hand = s.hands[seat]!;
  switch (mv.type) {
    case 'draw':
      return !m && s.deck.length > 0 && hand.length < dealSizes(s).L;
    case 'stack': {
      if (!((!m || m === MOD.ONLY_STACK) && s.deck.length > 0) || !hand.includes(mv.card)) return false;
      return !(poolZodiacs(s) & (1 << ZOD[mv.card]!));
    }
    case 'eat': {
      if (!(!m || m === MOD.ONLY_EAT) || !hand.includes(mv.card)) return false;
      const z = ZOD[mv.card];
      if (mv.split === undefined) {
        for (const e of s.pool) if (e[0] === mv.take && ZOD[e[0]!] === z) return true;
        return false;
      }
      if (mv.split !== true || !s.opts.santie_splittable) return false;
      for (const e of s.pool) if (e.length > 1 && ZOD[e[0]!] === z && e.includes(mv.take)) return true;
      return false;
    }
    default:
      return false;
  }
}

/** Zodiacs present in the pool as a 12-bit mask (bit z = zodiac z). */
function poolZodiacs(s: DoufuState): number {
  let mask = 0;
  for (const e of s.pool) mask |= 1 << ZOD[e[0]!]!;
  return mask;
}

/** Whether the canonical 蒙换 move is one of `swapMoves(s, seat)`: a hand card for a pool single (or a 三叠 card if splittable). */
export function isLegalSwap(s: DoufuState, mv: Move<'swap'>): boolean {
  if (!s.hands[mv.seat]!.includes(mv.give)) return false;
  for (const e of s.pool) {
    if (e.length === 1) {
      if (e[0] === mv.take) return true;
    } else if (s.opts.santie_splittable && e.includes(mv.take)) return true;
  }
  return false;
}

/**
 * Append the 吃牌 moves: a hand card with a same-zodiac pool entry; a 三叠 is named by its first
 * card [HI-23]. `pz`: the zodiac of each pool entry; `mask`: the pool's zodiacs as bits.
 */
function eatMoves(s: DoufuState, seat: number, pz: Int32Array, mask: number, out: DoufuMove[]): void {
  const pool = s.pool;
  for (const card of s.hands[seat]!) {
    const z = ZOD[card]!;
    if (!(mask & (1 << z))) continue;
    for (let i = 0; i < pool.length; i++) {
      if (pz[i] !== z) continue;
      const e = pool[i]!;
      out.push({ type: 'eat', seat, card, take: e[0]! });
      if (e.length > 1 && s.opts.santie_splittable) for (const x of e) out.push({ type: 'eat', seat, card, take: x, split: true });
    }
  }
}

/** 蒙换 moves after a miss: a hand card for a pool single (or, with `santie_splittable`, a 三叠 card) [HI-25]. */
export function swapMoves(s: DoufuState, seat: number): DoufuMove[] {
  const out: DoufuMove[] = [];
  for (const give of s.hands[seat]!)
    for (const e of s.pool) {
      if (e.length === 1) out.push({ type: 'swap', seat, give, take: e[0]! });
      else if (s.opts.santie_splittable) for (const take of e) out.push({ type: 'swap', seat, give, take });
    }
  return out;
}

/** 摸牌: the deck top into the hand. */
export function doDraw(c: Ctx, seat: number): void {
  const card = own(c, 'deck').shift()!;
  handOf(c, seat).push(card);
  c.ev?.push({ type: 'draw', seat, card, reveal: [seat] });
  c.s.tasks.unshift(END_EVENT, { t: 'endTurn', seat });
}

/** 吃牌: the hand card and the pool single (or the whole 三叠) into the score area. */
export function doEat(c: Ctx, m: Move<'eat'>): void {
  const s = c.s;
  removeCard(handOf(c, m.seat), m.card);
  forgetKnown(s, m.card);
  const i = s.pool.findIndex((e) => e.includes(m.take));
  const entry = s.pool[i]!;
  c.ev?.push({ type: 'eat', seat: m.seat, card: m.card, take: entry.length > 1 && !m.split ? [...entry] : [m.take], reveal: 'all', knownBy: [m.seat] });
  let cards: CardCode[];
  let santie = false;
  if (entry.length === 1) {
    own(c, 'pool').splice(i, 1);
    cards = [m.card, m.take];
  } else if (m.split) {
    own(c, 'pool').splice(i, 1, ...entry.filter((x) => x !== m.take).map((x) => [x]));
    cards = [m.card, m.take];
  } else {
    own(c, 'pool').splice(i, 1);
    cards = [m.card, ...entry];
    santie = true;
  }
  s.tasks.unshift({ t: 'acquire', seat: m.seat, cards, santie }, END_EVENT, { t: 'endTurn', seat: m.seat });
}

/** 叠蒙: stack the card, offer 福鸡, then flip (the flip task resolves hit / steal / miss / 蒙换). */
export function doStack(c: Ctx, m: Move<'stack'>): void {
  const s = c.s;
  removeCard(handOf(c, m.seat), m.card);
  forgetKnown(s, m.card);
  own(c, 'pool').push([m.card]);
  s.stacker = m.seat;
  c.ev?.push({ type: 'stack', seat: m.seat, card: m.card, reveal: 'all', knownBy: [m.seat] });
  s.tasks.unshift(
    { t: 'fujiOffers', stacker: m.seat, queue: clockwiseFrom(s, s.active) },
    { t: 'flip', seat: m.seat, stacked: m.card, via: 'stack' },
    END_EVENT,
    { t: 'endTurn', seat: m.seat },
  );
}

/** 蒙换: swap a hand card with a pool card, then `normalizePool` (三叠 / 荒牌). */
export function doSwap(c: Ctx, m: Move<'swap'>): void {
  const s = c.s;
  const hand = handOf(c, m.seat);
  removeCard(hand, m.give);
  const i = s.pool.findIndex((e) => e.includes(m.take));
  const entry = s.pool[i]!;
  const pool = own(c, 'pool');
  pool.splice(i, 1, ...entry.filter((x) => x !== m.take).map((x) => [x]));
  pool.push([m.give]);
  hand.push(m.take);
  forgetKnown(s, m.give);
  addKnown(s, m.take, m.seat, 'all');
  c.ev?.push({ type: 'swap', seat: m.seat, give: m.give, take: m.take, reveal: 'all', knownBy: [m.seat] });
  if (normalizePool(s, 'play') === 'huangpai') midhandHuangpai(c);
}
