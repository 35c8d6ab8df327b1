/**
 * The fast move generator of the simulator and the bots' playouts. Where `generate.ts` lists
 * every legal play with every kicker choice (the contract's list), this one lists **bodies**: a
 * play without its kickers (a triple, a plane's body, a quad) plus how many kicker choices it
 * has, C(m, k) of the m spare ranks. Sampling a body by that weight and then k kicker ranks
 * uniformly gives exactly a uniform pick over the contract's list, without building it: a hand
 * of 20 cards lists some 30–60 bodies where the full list can hold thousands of plays.
 *
 * Everything works on count vectors (index = rank code 3..17, as `countsOf`).
 */
import type { Rng } from '../../util/rng';
import type { Combo, ComboType } from './classify';

/** The 14 types by index (the order of the type table of spec §6.2). */
export const TYPES: readonly ComboType[] = ['SINGLE', 'PAIR', 'TRIPLE', 'TRIPLE_1', 'TRIPLE_2', 'STRAIGHT', 'PAIR_CHAIN', 'TRIPLE_CHAIN', 'PLANE_1', 'PLANE_2', 'BOMB', 'ROCKET', 'FOUR_2', 'FOUR_2PAIRS'];
export const T = { SINGLE: 0, PAIR: 1, TRIPLE: 2, TRIPLE_1: 3, TRIPLE_2: 4, STRAIGHT: 5, PAIR_CHAIN: 6, TRIPLE_CHAIN: 7, PLANE_1: 8, PLANE_2: 9, BOMB: 10, ROCKET: 11, FOUR_2: 12, FOUR_2PAIRS: 13 } as const;
const TYPE_INDEX = new Map<ComboType, number>(TYPES.map((t, i) => [t, i]));
/** A type's index in `TYPES`. */
export const typeIndex = (t: ComboType): number => TYPE_INDEX.get(t)!;

/** Binomial coefficients C(n, k) for n ≤ 17, k ≤ 5 (the most kickers a play takes). */
const BINOM: number[][] = Array.from({ length: 18 }, (_, n) => Array.from({ length: 6 }, (_, k) => binom(n, k)));
function binom(n: number, k: number): number {
  if (k > n) return 0;
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return Math.round(r);
}

/** The top play to beat, as `{ t, key, n }` (type index), or null when leading. */
export interface Top {
  t: number;
  key: number;
  n: number;
}

export const topOf = (c: Combo | null): Top | null => (c ? { t: typeIndex(c.type), key: c.key, n: c.n } : null);

/**
 * A reusable list of bodies: type, lowest body rank, body ranks, cards per body rank, cards per
 * kicker rank (0: no kickers), kicker ranks, and the number of kicker choices (the weight).
 */
export class Bodies {
  size = 0;
  total = 0;
  readonly t = new Int8Array(256);
  readonly lo = new Int8Array(256);
  readonly len = new Int8Array(256);
  readonly mult = new Int8Array(256);
  readonly km = new Int8Array(256);
  readonly kk = new Int8Array(256);
  readonly weight = new Float64Array(256);

  /** The key (comparison rank) of body `i`. */
  key(i: number): number {
    return this.lo[i]! + this.len[i]! - 1;
  }
  /** The card count of body `i` with its kickers. */
  n(i: number): number {
    return this.len[i]! * this.mult[i]! + this.kk[i]! * this.km[i]!;
  }

  private add(t: number, lo: number, len: number, mult: number, km: number, kk: number, w: number, top: Top | null): void {
    if (w <= 0) return;
    if (top) {
      const key = lo + len - 1;
      const n = len * mult + kk * km;
      if (top.t === T.ROCKET) return;
      if (t === T.BOMB) {
        if (top.t === T.BOMB && key <= top.key) return;
      } else if (t !== T.ROCKET && (t !== top.t || n !== top.n || key <= top.key)) return;
    }
    const i = this.size++;
    this.t[i] = t;
    this.lo[i] = lo;
    this.len[i] = len;
    this.mult[i] = mult;
    this.km[i] = km;
    this.kk[i] = kk;
    this.weight[i] = w;
    this.total += w;
  }

  /**
   * List the bodies of every legal play of a hand with counts `cnt` that beats `top` (every
   * play when `top` is null), with their weights; `total` is the number of plays (the length of
   * the contract's list without pass).
   */
  fill(cnt: ArrayLike<number>, top: Top | null): this {
    this.size = 0;
    this.total = 0;
    if (top && top.t === T.ROCKET) return this;
    // Spare ranks for kickers: singles may be any rank (3..17), pairs ranks ≤ 15.
    let nS = 0;
    let nP = 0;
    for (let r = 3; r <= 17; r++) {
      const c = cnt[r]!;
      if (c >= 1) nS++;
      if (c >= 2 && r <= 15) nP++;
    }
    const only = top ? top.t : -1;
    const want = (t: number) => only < 0 || only === t;
    for (let r = 3; r <= 17; r++) {
      const c = cnt[r]!;
      if (c === 0) continue;
      if (want(T.SINGLE)) this.add(T.SINGLE, r, 1, 1, 0, 0, 1, top);
      if (r > 15) continue;
      if (c >= 2 && want(T.PAIR)) this.add(T.PAIR, r, 1, 2, 0, 0, 1, top);
      if (c >= 3) {
        if (want(T.TRIPLE)) this.add(T.TRIPLE, r, 1, 3, 0, 0, 1, top);
        if (want(T.TRIPLE_1)) this.add(T.TRIPLE_1, r, 1, 3, 1, 1, nS - 1, top);
        if (want(T.TRIPLE_2)) this.add(T.TRIPLE_2, r, 1, 3, 2, 1, nP - 1, top);
      }
      if (c === 4) {
        this.add(T.BOMB, r, 1, 4, 0, 0, 1, top);
        if (want(T.FOUR_2)) this.add(T.FOUR_2, r, 1, 4, 1, 2, BINOM[nS - 1]![2]!, top);
        if (want(T.FOUR_2PAIRS)) this.add(T.FOUR_2PAIRS, r, 1, 4, 2, 2, BINOM[nP - 1]![2]!, top);
      }
    }
    if (cnt[16]! >= 1 && cnt[17]! >= 1) this.add(T.ROCKET, 16, 2, 1, 0, 0, 1, top);
    // Chains: from each start, while the next rank still holds enough cards.
    const chains = want(T.STRAIGHT) || want(T.PAIR_CHAIN) || want(T.TRIPLE_CHAIN) || want(T.PLANE_1) || want(T.PLANE_2);
    if (!chains) return this;
    for (let a = 3; a <= 14; a++) {
      if (cnt[a]! === 0) continue;
      let m2 = true;
      let m3 = true;
      for (let len = 1; a + len - 1 <= 14; len++) {
        const c = cnt[a + len - 1]!;
        if (c < 1) break;
        if (c < 2) m2 = false;
        if (c < 3) m3 = false;
        if (len >= 5 && len <= 12 && want(T.STRAIGHT)) this.add(T.STRAIGHT, a, len, 1, 0, 0, 1, top);
        if (m2 && len >= 3 && len <= 10 && want(T.PAIR_CHAIN)) this.add(T.PAIR_CHAIN, a, len, 2, 0, 0, 1, top);
        if (m3 && len >= 2) {
          if (len <= 6 && want(T.TRIPLE_CHAIN)) this.add(T.TRIPLE_CHAIN, a, len, 3, 0, 0, 1, top);
          if (len <= 5 && want(T.PLANE_1)) this.add(T.PLANE_1, a, len, 3, 1, len, BINOM[nS - len]![len]!, top);
          if (len <= 4 && want(T.PLANE_2)) this.add(T.PLANE_2, a, len, 3, 2, len, BINOM[nP - len]![len]!, top);
        }
      }
    }
    return this;
  }

  /** The body holding play number `u` (0 ≤ u < total). */
  at(u: number): number {
    let i = 0;
    for (; i < this.size - 1; i++) {
      u -= this.weight[i]!;
      if (u < 0) return i;
    }
    return i;
  }

  /**
   * Write body `i` into `out` (a count vector, cleared first), its kickers chosen uniformly among
   * its spare ranks with `rng` (or the lowest spare ranks when `rng` is null).
   */
  write(i: number, cnt: ArrayLike<number>, out: Int8Array | number[], rng: Rng | null): void {
    out.fill(0);
    const lo = this.lo[i]!;
    const len = this.len[i]!;
    const mult = this.mult[i]!;
    if (this.t[i] === T.ROCKET) {
      out[16] = 1;
      out[17] = 1;
      return;
    }
    for (let r = lo; r < lo + len; r++) out[r] = mult;
    const km = this.km[i]!;
    const kk = this.kk[i]!;
    if (km === 0) return;
    const spare = SPARE;
    let m = 0;
    const max = km === 1 ? 17 : 15;
    for (let r = 3; r <= max; r++) if (cnt[r]! >= km && out[r] === 0) spare[m++] = r;
    for (let j = 0; j < kk; j++) {
      const pick = rng ? j + rng.int(m - j) : j;
      const r = spare[pick]!;
      spare[pick] = spare[j]!;
      spare[j] = r;
      out[r] = km;
    }
  }
}
const SPARE = new Int8Array(18);
