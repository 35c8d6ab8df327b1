/**
 * The 14 legal plays of 斗老闆 (spec §6) and which beats which (§7). A play is identified by its
 * count signature alone (suits never matter), so classifying needs no declaration, and with the
 * kicker rules K1–K4 every multiset of cards has at most one classification (§6.4).
 */
import { countsOf, RANK_SLOTS } from './cards';

export type ComboType =
  | 'SINGLE'
  | 'PAIR'
  | 'TRIPLE'
  | 'TRIPLE_1'
  | 'TRIPLE_2'
  | 'STRAIGHT'
  | 'PAIR_CHAIN'
  | 'TRIPLE_CHAIN'
  | 'PLANE_1'
  | 'PLANE_2'
  | 'BOMB'
  | 'ROCKET'
  | 'FOUR_2'
  | 'FOUR_2PAIRS';

/** A classified play: its type, its comparison key (a rank) and its card count (a chain's length). */
export interface Combo {
  type: ComboType;
  key: number;
  n: number;
}

/** Whether `rs` (ascending) are consecutive ranks within 3..14 (the chain-eligible ranks). */
function consecutive(rs: readonly number[]): boolean {
  if (rs.length === 0 || rs[0]! < 3 || rs[rs.length - 1]! > 14) return false;
  for (let i = 1; i < rs.length; i++) if (rs[i] !== rs[i - 1]! + 1) return false;
  return true;
}

/**
 * The combination a count vector forms (§6.3), or null when it is not a legal play.
 * @example classifyCounts(countsOf([0, 1, 2, 28])) // { type: 'TRIPLE_1', key: 3, n: 4 }
 */
export function classifyCounts(cnt: readonly number[]): Combo | null {
  const g: number[][] = [[], [], [], [], []];
  let n = 0;
  for (let r = 3; r < RANK_SLOTS; r++) {
    const c = cnt[r]!;
    if (c > 0) {
      if (c > 4) return null;
      g[c]!.push(r);
      n += c;
    }
  }
  const [, g1, g2, g3, g4] = g as [number[], number[], number[], number[], number[]];
  const ranks = g1.length + g2.length + g3.length + g4.length;
  if (n === 0) return null;
  if (n === 1) return { type: 'SINGLE', key: g1[0]!, n };
  if (n === 2) {
    if (g1.length === 2 && g1[0] === 16 && g1[1] === 17) return { type: 'ROCKET', key: 17, n };
    if (g2.length === 1 && g2[0]! <= 15) return { type: 'PAIR', key: g2[0]!, n };
    return null;
  }
  if (n === 3) return g3.length === 1 ? { type: 'TRIPLE', key: g3[0]!, n } : null;
  if (n === 4) {
    if (g4.length === 1) return { type: 'BOMB', key: g4[0]!, n };
    if (g3.length === 1 && g1.length === 1) return { type: 'TRIPLE_1', key: g3[0]!, n };
  }
  if (n === 5 && g3.length === 1 && g2.length === 1) return { type: 'TRIPLE_2', key: g3[0]!, n };
  if (n >= 5 && g1.length === n && consecutive(g1)) return { type: 'STRAIGHT', key: g1[n - 1]!, n };
  if (n >= 6 && n % 2 === 0 && g2.length === n / 2 && ranks === g2.length && consecutive(g2)) return { type: 'PAIR_CHAIN', key: g2[g2.length - 1]!, n };
  if (n >= 6 && n % 3 === 0 && g3.length === n / 3 && ranks === g3.length && consecutive(g3)) return { type: 'TRIPLE_CHAIN', key: g3[g3.length - 1]!, n };
  if (n % 4 === 0) {
    const k = n / 4;
    if (k >= 2 && g3.length === k && consecutive(g3) && g1.length === k && g2.length === 0 && g4.length === 0) return { type: 'PLANE_1', key: g3[k - 1]!, n };
  }
  if (n % 5 === 0) {
    const k = n / 5;
    if (k >= 2 && g3.length === k && consecutive(g3) && g2.length === k && g1.length === 0 && g4.length === 0) return { type: 'PLANE_2', key: g3[k - 1]!, n };
  }
  if (n === 6 && g4.length === 1 && g1.length === 2) return { type: 'FOUR_2', key: g4[0]!, n };
  if (n === 8 && g4.length === 1 && g2.length === 2) return { type: 'FOUR_2PAIRS', key: g4[0]!, n };
  return null;
}

/** The combination a set of cards forms, or null. */
export const classify = (cards: readonly number[]): Combo | null => classifyCounts(countsOf(cards));

/**
 * Whether `a` may be played on top of `b` (§7): a rocket beats everything; a bomb beats every
 * non-bomb and a lower bomb; otherwise the same type and card count with a strictly higher key.
 */
export function beats(a: Combo, b: Combo): boolean {
  if (a.type === 'ROCKET') return true;
  if (b.type === 'ROCKET') return false;
  if (a.type === 'BOMB') return b.type !== 'BOMB' || a.key > b.key;
  if (b.type === 'BOMB') return false;
  return a.type === b.type && a.n === b.n && a.key > b.key;
}

/** Bombs and rockets double the hand's bomb multiplier (§8.2). */
export const isBomb = (c: Combo): boolean => c.type === 'BOMB' || c.type === 'ROCKET';
