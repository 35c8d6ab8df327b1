/**
 * What one seat knows about where the 48 cards are, read from its table alone: its own hand, the
 * pool, the score areas, a card being filed (attribute choice), a 福牛 peek at another hand, the
 * cards it knows in other hands (taken by 蒙换, seen with 福牛), the deck top it is arranging with
 * 福鸡, and its own 福狗 discard. Every other card is *unknown*: it is
 * in another seat's hand, the deck, the Roulette spread or out of play, in numbers the table gives.
 *
 * Invariant: known + unknown = all 48 cards, each once, and the unknown cards exactly fill the
 * hidden places (`slots`); `knowledgeOf` throws an Error otherwise (an engine/view mismatch).
 */
import type { CardCode } from '../cards';
import { ALL_CODES } from '../state';
import { ZI } from './score';
import type { Table } from './table';

/** The hidden places a sample must fill, with their sizes. */
export interface Slots {
  /** Unknown cards in each seat's hand (own hand and a peeked hand: 0). */
  hands: number[];
  /** Deck cards between the known top and the known bottom. */
  deckMiddle: number;
  spread: number;
  removed: number;
}

/** A seat's knowledge of the cards. */
export interface Knowledge {
  /** Cards whose place this seat knows. */
  known: ReadonlySet<CardCode>;
  /** Unknown cards in spec order. */
  unknown: readonly CardCode[];
  /** Unknown cards per zodiac (12 counts). */
  unknownByZodiac: readonly number[];
  /** Deck top known from a 福鸡 peek, in order (index 0 = top). */
  deckTop: readonly CardCode[];
  /** The seat's own 福狗 discard, assumed at the deck bottom while the deck has cards. */
  deckBottom: readonly CardCode[];
  /** Another seat's hand seen with 福牛, while that skill resolves. */
  peeked: { seat: number; hand: readonly CardCode[] } | null;
  /** Per seat, the cards known to be in its hand besides a peek (taken by 蒙换, seen with 福牛 earlier). */
  inHand: readonly (readonly CardCode[])[];
  slots: Slots;
}

/** Work out what `t.seat` knows. */
export function knowledgeOf(t: Table): Knowledge {
  const known = new Set<CardCode>();
  const see = (c: CardCode) => known.add(c);
  for (const c of t.hand ?? []) see(c);
  for (const e of t.pool) for (const c of e) see(c);
  for (const a of t.areas) for (const c of a) see(c.code);
  const st = t.step;
  if (st.k === 'attr') see(st.card);
  const deckTop = st.k === 'arrange' && st.seat === t.seat && st.cards ? st.cards.slice() : [];
  for (const c of deckTop) see(c);
  const peeked = t.peek ? { seat: t.peek.target, hand: t.peek.hand.slice() } : null;
  if (peeked) for (const c of peeked.hand) see(c);
  const inHand = t.handCounts.map((_, i) => (i === t.seat || (peeked && peeked.seat === i) ? [] : (t.known[i] ?? []).filter((c) => !known.has(c))));
  for (const h of inHand) for (const c of h) see(c);
  const deckBottom: CardCode[] = [];
  if (t.discarded && !known.has(t.discarded) && t.deckCount > deckTop.length) {
    deckBottom.push(t.discarded);
    see(t.discarded);
  }
  const unknown = ALL_CODES.filter((c) => !known.has(c));
  const unknownByZodiac = new Array<number>(12).fill(0);
  for (const c of unknown) unknownByZodiac[ZI.get(c)!]!++;
  const hands = t.handCounts.map((k, i) => (i === t.seat || (peeked && peeked.seat === i) ? 0 : k - inHand[i]!.length));
  const slots: Slots = { hands, deckMiddle: t.deckCount - deckTop.length - deckBottom.length, spread: t.spreadCount, removed: t.removedCount };
  const room = hands.reduce((a, b) => a + b, 0) + slots.deckMiddle + slots.spread + slots.removed;
  if (room !== unknown.length || known.size + unknown.length !== 48)
    throw new Error(`doufu bots: seat ${t.seat} sees ${known.size} cards and ${unknown.length} unknown, but the hidden places hold ${room} (step ${st.k}).`);
  return { known, unknown, unknownByZodiac, deckTop, deckBottom, peeked, inHand, slots };
}
