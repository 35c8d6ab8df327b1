/**
 * The three actions of a turn (spec §3.3: 摸牌, 吃牌, 叠蒙), their legality under pending 福鼠/福猴
 * restrictions (T5/T6), and the 蒙换 swap (step 5) with `normalizePool`.
 */
import type { CardCode } from './cards';
import { midhandHuangpai } from './hand-end';
import { clockwiseFrom, dealSizes, latestMod, normalizePool, poolMask, removeCard, ZOD, type Ctx } from './state';
import { MOD, type DoufuMove, type DoufuState } from './types';

type Move<T extends DoufuMove['type']> = Extract<DoufuMove, { type: T }>;

/** Legal action moves of `seat` in its turn, after the latest pending restriction (T5/T6). */
export function actionMoves(s: DoufuState, seat: number): DoufuMove[] {
  const out: DoufuMove[] = [];
  const m = latestMod(s, seat)?.kind;
  const hand = s.hands[seat]!;
  const deck = s.deck.length;
  if (!m && deck > 0 && hand.length < dealSizes(s).L) out.push({ type: 'draw', seat });
  if (!m || m === MOD.ONLY_EAT) out.push(...eatMoves(s, seat));
  if ((!m || m === MOD.ONLY_STACK) && deck > 0) {
    const mask = poolMask(s);
    for (const card of hand) if (!mask[ZOD[card]!]) out.push({ type: 'stack', seat, card });
  }
  return out;
}

/** 吃牌 moves: a hand card with a same-zodiac pool entry; a 三叠 is named by its first card [HI-23]. */
function eatMoves(s: DoufuState, seat: number): DoufuMove[] {
  const out: DoufuMove[] = [];
  for (const card of s.hands[seat]!) {
    const z = ZOD[card];
    for (const e of s.pool) {
      if (ZOD[e[0]!] !== z) continue;
      out.push({ type: 'eat', seat, card, take: e[0]! });
      if (e.length > 1 && s.opts.santie_splittable) for (const x of e) out.push({ type: 'eat', seat, card, take: x, split: true });
    }
  }
  return out;
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
  const card = c.s.deck.shift()!;
  c.s.hands[seat]!.push(card);
  c.ev.push({ type: 'draw', seat, card, reveal: [seat] });
  c.s.todo.unshift({ t: 'endEvent' }, { t: 'endTurn', seat });
}

/** 吃牌: the hand card and the pool single (or the whole 三叠) into the score area. */
export function doEat(c: Ctx, m: Move<'eat'>): void {
  const s = c.s;
  removeCard(s.hands[m.seat]!, m.card);
  const i = s.pool.findIndex((e) => e.includes(m.take));
  const entry = s.pool[i]!;
  c.ev.push({ type: 'eat', seat: m.seat, card: m.card, take: entry.length > 1 && !m.split ? [...entry] : [m.take], reveal: 'all' });
  let cards: CardCode[];
  let santie = false;
  if (entry.length === 1) {
    s.pool.splice(i, 1);
    cards = [m.card, m.take];
  } else if (m.split) {
    s.pool.splice(i, 1, ...entry.filter((x) => x !== m.take).map((x) => [x]));
    cards = [m.card, m.take];
  } else {
    s.pool.splice(i, 1);
    cards = [m.card, ...entry];
    santie = true;
  }
  s.todo.unshift({ t: 'acquire', seat: m.seat, cards, santie }, { t: 'endEvent' }, { t: 'endTurn', seat: m.seat });
}

/** 叠蒙: stack the card, offer 福鸡, then flip (the flip task resolves hit / steal / miss / 蒙换). */
export function doStack(c: Ctx, m: Move<'stack'>): void {
  const s = c.s;
  removeCard(s.hands[m.seat]!, m.card);
  s.pool.push([m.card]);
  s.stacker = m.seat;
  c.ev.push({ type: 'stack', seat: m.seat, card: m.card, reveal: 'all' });
  s.todo.unshift(
    { t: 'fujiOffers', stacker: m.seat, queue: clockwiseFrom(s, s.active) },
    { t: 'flip', seat: m.seat, stacked: m.card, via: 'stack' },
    { t: 'endEvent' },
    { t: 'endTurn', seat: m.seat },
  );
}

/** 蒙换: swap a hand card with a pool card, then `normalizePool` (三叠 / 荒牌). */
export function doSwap(c: Ctx, m: Move<'swap'>): void {
  const s = c.s;
  const hand = s.hands[m.seat]!;
  removeCard(hand, m.give);
  const i = s.pool.findIndex((e) => e.includes(m.take));
  const entry = s.pool[i]!;
  s.pool.splice(i, 1, ...entry.filter((x) => x !== m.take).map((x) => [x]));
  s.pool.push([m.give]);
  hand.push(m.take);
  c.ev.push({ type: 'swap', seat: m.seat, give: m.give, take: m.take, reveal: 'all' });
  if (normalizePool(s) === 'huangpai') midhandHuangpai(c);
}
