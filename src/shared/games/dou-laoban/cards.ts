/**
 * 斗老闆's 54 cards. A card is a number 0–53: the 52 suited cards as rank index × 4 + suit (rank
 * index 0 = 3 … 12 = 2; suits S H D C, which never matter), then 52 = 小怪 (small joker) and
 * 53 = 大怪 (big joker). A card's **rank** is the spec's engine code (§2): 3–10, J 11, Q 12, K 13,
 * A 14, 2 15, 小怪 16, 大怪 17. Written as rank + suit ("TS", "2H"), "SJ" and "BJ" (the
 * simulator's and the saves' notation).
 */

export const SMALL_JOKER = 52;
export const BIG_JOKER = 53;
export const DECK_SIZE = 54;
/** Ranks 3..17; index 0–2 of a count vector are unused. */
export const RANK_SLOTS = 18;
const RANK_CHARS = '3456789TJQKA2';
const SUIT_CHARS = 'SHDC';

/** The rank code (3–17) of a card. */
export const rankOf = (card: number): number => (card === BIG_JOKER ? 17 : card === SMALL_JOKER ? 16 : (card >> 2) + 3);

/** A card's code: "TS", "2H", "SJ", "BJ". */
export function cardCode(card: number): string {
  if (card === SMALL_JOKER) return 'SJ';
  if (card === BIG_JOKER) return 'BJ';
  return RANK_CHARS[card >> 2]! + SUIT_CHARS[card & 3]!;
}

/** The card of a code, or -1. */
export function parseCard(code: string): number {
  if (code === 'SJ') return SMALL_JOKER;
  if (code === 'BJ') return BIG_JOKER;
  if (code.length !== 2) return -1;
  const r = RANK_CHARS.indexOf(code[0]!);
  const s = SUIT_CHARS.indexOf(code[1]!);
  return r < 0 || s < 0 ? -1 : r * 4 + s;
}

/** A rank as printed: 3–10, J, Q, K, A, 2, 小怪 / 大怪 (or SJ / BJ in English). */
export function rankLabel(rank: number, lang: 'zh' | 'en' = 'zh'): string {
  if (rank === 16) return lang === 'zh' ? '小怪' : 'Small Joker';
  if (rank === 17) return lang === 'zh' ? '大怪' : 'Big Joker';
  if (rank === 15) return '2';
  if (rank === 14) return 'A';
  if (rank === 13) return 'K';
  if (rank === 12) return 'Q';
  if (rank === 11) return 'J';
  return String(rank);
}

/** How many cards of each rank (index = rank code). */
export function countsOf(cards: readonly number[]): number[] {
  const c = new Array<number>(RANK_SLOTS).fill(0);
  for (const x of cards) c[rankOf(x)]!++;
  return c;
}

/** Cards sorted as a hand is held: by rank, then suit. */
export const sortCards = (cards: readonly number[]): number[] => [...cards].sort((a, b) => rankOf(a) - rankOf(b) || a - b);
