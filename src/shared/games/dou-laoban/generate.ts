/**
 * Every legal play in a hand (§7's move generation). Suits never matter, so a play is a count
 * vector (how many cards of each rank); the generator lists each distinct one once, with every
 * kicker choice (not one per type): kickers are combinations of distinct spare ranks (K1–K4).
 * `cardsFor` turns a play into the hand's actual cards (the lowest suits of each rank).
 */
import { RANK_SLOTS, rankOf } from './cards';
import { beats, classifyCounts, type Combo } from './classify';

/** A play: how many cards of each rank (index = rank code) and what it is. */
export interface Play {
  counts: number[];
  combo: Combo;
}

/** Choose `k` of `items` (combinations, in order). */
function choose(items: readonly number[], k: number, from = 0, acc: number[] = [], out: number[][] = []): number[][] {
  if (acc.length === k) {
    out.push([...acc]);
    return out;
  }
  for (let i = from; i <= items.length - (k - acc.length); i++) {
    acc.push(items[i]!);
    choose(items, k, i + 1, acc, out);
    acc.pop();
  }
  return out;
}

/** A count vector with `c` cards of each rank in `ranks` (and `extra` added). */
function vec(ranks: readonly number[], c: number, extra?: { ranks: readonly number[]; c: number }): number[] {
  const v = new Array<number>(RANK_SLOTS).fill(0);
  for (const r of ranks) v[r] = c;
  if (extra) for (const r of extra.ranks) v[r] = (v[r] ?? 0) + extra.c;
  return v;
}

/**
 * Every legal play a hand with counts `cnt` can make, each distinct count vector once.
 * @example allPlays(countsOf(hand)).length
 */
export function allPlays(cnt: readonly number[]): Play[] {
  const out: Play[] = [];
  const push = (v: number[]) => {
    const combo = classifyCounts(v);
    if (combo) out.push({ counts: v, combo });
  };
  const has = (r: number, c: number) => (cnt[r] ?? 0) >= c;
  const ranksWith = (c: number, max = 17) => {
    const rs: number[] = [];
    for (let r = 3; r <= max; r++) if (has(r, c)) rs.push(r);
    return rs;
  };
  const singles = ranksWith(1);
  const pairs = ranksWith(2, 15);
  const triples = ranksWith(3, 15);
  const quads = ranksWith(4, 15);
  for (const r of singles) push(vec([r], 1));
  for (const r of pairs) push(vec([r], 2));
  for (const r of triples) push(vec([r], 3));
  for (const r of quads) push(vec([r], 4));
  if (has(16, 1) && has(17, 1)) push(vec([16, 17], 1));
  for (const r of triples) {
    for (const s of singles) if (s !== r) push(vec([r], 3, { ranks: [s], c: 1 }));
    for (const s of pairs) if (s !== r) push(vec([r], 3, { ranks: [s], c: 2 }));
  }
  // Chains: runs of consecutive chain-eligible ranks (3..14) holding at least c cards each.
  const runs = (c: number, minLen: number, maxLen: number, each: (body: number[]) => void) => {
    for (let a = 3; a <= 14; a++) {
      const body: number[] = [];
      for (let r = a; r <= 14 && has(r, c) && body.length < maxLen; r++) {
        body.push(r);
        if (body.length >= minLen) each([...body]);
      }
    }
  };
  runs(1, 5, 12, (b) => push(vec(b, 1)));
  runs(2, 3, 10, (b) => push(vec(b, 2)));
  runs(3, 2, 6, (b) => {
    push(vec(b, 3));
    const k = b.length;
    if (4 * k <= 20) for (const ks of choose(singles.filter((r) => !b.includes(r)), k)) push(vec(b, 3, { ranks: ks, c: 1 }));
    if (5 * k <= 20) for (const ks of choose(pairs.filter((r) => !b.includes(r)), k)) push(vec(b, 3, { ranks: ks, c: 2 }));
  });
  for (const r of quads) {
    for (const ks of choose(singles.filter((s) => s !== r), 2)) push(vec([r], 4, { ranks: ks, c: 1 }));
    for (const ks of choose(pairs.filter((s) => s !== r), 2)) push(vec([r], 4, { ranks: ks, c: 2 }));
  }
  return out;
}

/** The plays that may follow `top` (all plays when leading, `top` null). */
export function playsOver(cnt: readonly number[], top: Combo | null): Play[] {
  const all = allPlays(cnt);
  return top ? all.filter((p) => beats(p.combo, top)) : all;
}

/** The hand's cards for a play: for each rank, its lowest cards (suits never matter). */
export function cardsFor(hand: readonly number[], counts: readonly number[]): number[] | null {
  const need = [...counts];
  const out: number[] = [];
  for (const c of [...hand].sort((a, b) => a - b)) {
    const r = rankOf(c);
    if (need[r]! > 0) {
      need[r]!--;
      out.push(c);
    }
  }
  return need.every((x) => x === 0) ? out : null;
}

/** A play's identity, for sets and tests: the count vector as text. */
export const playKey = (counts: readonly number[]): string => counts.slice(3).join('');
