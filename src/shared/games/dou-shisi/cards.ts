/**
 * 斗十四 cards as small integers: 0–51 are the number cards, `(value − 1) × 4 + suit` with the suits
 * ♠ ♥ ♣ ♦ (0–3; ♥ and ♦ are red), and 52… are the jokers (鬼). Values A = 1 … K = 13 sum in pairs
 * to 14 (吃); jokers have no value, no colour and no red points (spec §2).
 */

export const FIRST_JOKER = 52;
const RANKS = 'A23456789TJQK';
const SUITS = 'SHCD';

/** The deck of `jokers` jokers: 52 number cards then the jokers. */
export function deckOf(jokers: number): number[] {
  return Array.from({ length: 52 + jokers }, (_, i) => i);
}

export const isJoker = (c: number): boolean => c >= FIRST_JOKER;
/** A = 1 … K = 13; a joker 0. */
export const valueOf = (c: number): number => (c >= FIRST_JOKER ? 0 : (c >> 2) + 1);
/** What 碰 and 杠 match: the number (any suit); all jokers form one rank, 0. */
export const rankOf = valueOf;
export const isRed = (c: number): boolean => c < FIRST_JOKER && (c & 1) === 1;
export const isBlack = (c: number): boolean => c < FIRST_JOKER && (c & 1) === 0;

/** Red points (红点, §2.2): red A, J, Q, K 1; red 2–10 their number; black cards and jokers 0. */
export function redOf(c: number): number {
  if (!isRed(c)) return 0;
  const v = valueOf(c);
  return v === 1 || v > 10 ? 1 : v;
}

export function redPoints(cards: readonly number[]): number {
  let n = 0;
  for (const c of cards) n += redOf(c);
  return n;
}

/** Two number cards summing to 14 (§2.3); jokers never pair. */
export function isFourteenPair(a: number, b: number): boolean {
  return !isJoker(a) && !isJoker(b) && valueOf(a) + valueOf(b) === 14;
}

/** The card's code: rank + suit ("AS", "TD", "KH"), jokers "JK". */
export function cardCode(c: number): string {
  return c >= FIRST_JOKER ? 'JK' : RANKS[c >> 2]! + SUITS[c & 3]!;
}

/**
 * The card of a code; a joker code takes the first joker not in `taken` (jokers are alike).
 * `null` for a code that is not a card.
 */
export function parseCard(code: string, taken: readonly number[] = []): number | null {
  const s = code.trim().toUpperCase();
  if (s === 'JK') {
    for (let j = FIRST_JOKER; j < FIRST_JOKER + 6; j++) if (!taken.includes(j)) return j;
    return null;
  }
  if (s.length !== 2) return null;
  const r = RANKS.indexOf(s[0]!);
  const u = SUITS.indexOf(s[1]!);
  return r < 0 || u < 0 ? null : r * 4 + u;
}

/** Cards of codes (jokers distinct), for tests and records; throws on a bad code. */
export function cards(codes: string): number[] {
  const out: number[] = [];
  for (const code of codes.split(/\s+/).filter(Boolean)) {
    const c = parseCard(code, out);
    if (c === null) throw new Error(`not a 斗十四 card: ${code}`);
    out.push(c);
  }
  return out;
}

/** Sorted by value, jokers last. */
export function sortCards(cs: readonly number[]): number[] {
  return [...cs].sort((a, b) => a - b);
}
