// Spec §12's classification and comparison scenarios, by their numbers, and the move generator
// against a brute-force enumeration of every sub-multiset of random hands.
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../util/rng';
import { BIG_JOKER, countsOf, parseCard, RANK_SLOTS, SMALL_JOKER } from './cards';
import { beats, classify, classifyCounts, type Combo } from './classify';
import { allPlays, cardsFor, playKey } from './generate';

/** Cards from ranks as the spec prints them ("10", "J", "SJ", "BJ"), suits cycled so no card repeats. */
function hand(...ranks: (string | number)[]): number[] {
  const used = new Map<string, number>();
  return ranks.map((r) => {
    const s = String(r);
    if (s === 'SJ') return SMALL_JOKER;
    if (s === 'BJ') return BIG_JOKER;
    const ch = s === '10' ? 'T' : s;
    const k = used.get(ch) ?? 0;
    used.set(ch, k + 1);
    return parseCard(ch + 'SHDC'[k]!);
  });
}
const c = (...ranks: (string | number)[]) => classify(hand(...ranks));
const beat = (a: Combo | null, b: Combo | null) => beats(a!, b!);

describe('斗老闆 combinations (§6, §12)', () => {
  it('L-01 singles', () => {
    expect(c(3)).toEqual({ type: 'SINGLE', key: 3, n: 1 });
    expect(c('BJ')).toEqual({ type: 'SINGLE', key: 17, n: 1 });
  });
  it('L-02 rocket', () => expect(c('SJ', 'BJ')).toMatchObject({ type: 'ROCKET' }));
  it('L-03 a pair of 2s; the jokers are a rocket, never a pair', () => {
    expect(c(2, 2)).toEqual({ type: 'PAIR', key: 15, n: 2 });
    expect(c('SJ', 'BJ')!.type).toBe('ROCKET');
  });
  it('L-04 triple with one; bomb', () => {
    expect(c(6, 6, 6, 8)).toEqual({ type: 'TRIPLE_1', key: 6, n: 4 });
    expect(c(6, 6, 6, 6)).toEqual({ type: 'BOMB', key: 6, n: 4 });
  });
  it('L-05 triple with a pair beats a lower one', () => {
    expect(c('Q', 'Q', 'Q', 6, 6)).toEqual({ type: 'TRIPLE_2', key: 12, n: 5 });
    expect(beat(c('Q', 'Q', 'Q', 6, 6), c(10, 10, 10, 'K', 'K'))).toBe(true);
  });
  it('L-06 straights: 3..A only, at least 5', () => {
    expect(c(8, 9, 10, 'J', 'Q')).toEqual({ type: 'STRAIGHT', key: 12, n: 5 });
    expect(c(10, 'J', 'Q', 'K', 'A')).toEqual({ type: 'STRAIGHT', key: 14, n: 5 });
    expect(c('J', 'Q', 'K', 'A', 2)).toBeNull();
    expect(c(3, 4, 5, 6)).toBeNull();
  });
  it('L-07 pair chains', () => {
    expect(c(10, 10, 'J', 'J', 'Q', 'Q', 'K', 'K')).toEqual({ type: 'PAIR_CHAIN', key: 13, n: 8 });
    expect(c('Q', 'Q', 'K', 'K', 'A', 'A', 2, 2)).toBeNull();
    expect(c(3, 3, 4, 4)).toBeNull();
  });
  it('L-08 triple chains: no 2s in the body', () => {
    expect(c(4, 4, 4, 5, 5, 5)).toEqual({ type: 'TRIPLE_CHAIN', key: 5, n: 6 });
    expect(c('K', 'K', 'K', 'A', 'A', 'A', 2, 2, 2)).toBeNull();
  });
  it('L-09 planes with single kickers: 2s and jokers may be kickers; duplicate singles may not (K2)', () => {
    expect(c(7, 7, 7, 8, 8, 8, 3, 6)).toEqual({ type: 'PLANE_1', key: 8, n: 8 });
    expect(c(7, 7, 7, 8, 8, 8, 2, 'BJ')).toEqual({ type: 'PLANE_1', key: 8, n: 8 });
    expect(c(7, 7, 7, 8, 8, 8, 5, 5)).toBeNull();
  });
  it('L-10 planes with pair kickers: a pair of 2s may be; singles and pairs never mix (seed)', () => {
    expect(c(8, 8, 8, 9, 9, 9, 4, 4, 'J', 'J')).toEqual({ type: 'PLANE_2', key: 9, n: 10 });
    expect(c(8, 8, 8, 9, 9, 9, 2, 2, 4, 4)).toEqual({ type: 'PLANE_2', key: 9, n: 10 });
    expect(c(3, 3, 3, 4, 4, 4, 6, 7, 7)).toBeNull();
  });
  it('L-11 four with two singles, four with two pairs', () => {
    expect(c(6, 6, 6, 6, 8, 9)).toEqual({ type: 'FOUR_2', key: 6, n: 6 });
    expect(c('J', 'J', 'J', 'J', 9, 9, 'Q', 'Q')).toEqual({ type: 'FOUR_2PAIRS', key: 11, n: 8 });
  });
  it('L-12 any bomb beats a four-with-two; the two subtypes never beat each other; a higher quad of the same subtype does', () => {
    const top = c('A', 'A', 'A', 'A', 'K', 'Q');
    expect(beat(c(3, 3, 3, 3), top)).toBe(true);
    expect(beat(c('J', 'J', 'J', 'J', 9, 9, 'Q', 'Q'), top)).toBe(false);
    expect(beat(c(9, 9, 9, 9, 5, 6), c(8, 8, 8, 8, 3, 4))).toBe(true);
  });
  it('L-13 twelve cards of four consecutive triples are a triple chain, not a plane', () => {
    expect(c(3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6)).toEqual({ type: 'TRIPLE_CHAIN', key: 6, n: 12 });
  });
  it('L-14 same type and length, higher key', () => {
    expect(beat(c(9, 9, 9, 3), c(8, 8, 8, 'A'))).toBe(true);
    expect(beat(c(4, 5, 6, 7, 8, 9), c(3, 4, 5, 6, 7))).toBe(false);
  });
  it('L-15 a bomb beats a 12-card straight, a higher bomb beats it, the rocket beats that', () => {
    const straight = c(3, 4, 5, 6, 7, 8, 9, 10, 'J', 'Q', 'K', 'A');
    expect(straight).toEqual({ type: 'STRAIGHT', key: 14, n: 12 });
    expect(beat(c(5, 5, 5, 5), straight)).toBe(true);
    expect(beat(c(2, 2, 2, 2), c(5, 5, 5, 5))).toBe(true);
    expect(beat(c('SJ', 'BJ'), c(2, 2, 2, 2))).toBe(true);
    expect(beat(c(2, 2, 2, 2), c('SJ', 'BJ'))).toBe(false);
  });
  it('L-16 an equal key never beats', () => expect(beat(c(7, 7), c(7, 7))).toBe(false));
  it('L-26 four with a duplicate single kicker is illegal (K2)', () => expect(c(6, 6, 6, 6, 8, 8)).toBeNull());
  it('L-27 two kicker pairs of one rank are illegal (K3)', () => expect(c(3, 3, 3, 4, 4, 4, 7, 7, 7, 7)).toBeNull());
});

/** Every sub-multiset of a hand's counts that classifies: the brute-force list of legal plays. */
function bruteForce(cnt: readonly number[]): Set<string> {
  const out = new Set<string>();
  const v = new Array<number>(RANK_SLOTS).fill(0);
  const walk = (r: number) => {
    if (r === RANK_SLOTS) {
      if (classifyCounts(v)) out.add(playKey(v));
      return;
    }
    for (let k = 0; k <= (cnt[r] ?? 0); k++) {
      v[r] = k;
      walk(r + 1);
    }
    v[r] = 0;
  };
  walk(3);
  return out;
}

describe('the move generator', () => {
  it('lists exactly the plays a brute-force search over every sub-multiset finds, each once, for 200 random hands of 8–20 cards', () => {
    const rng = new Rng(seedRng('dou-laoban generator'));
    for (let t = 0; t < 200; t++) {
      const deck = Array.from({ length: 54 }, (_, i) => i);
      rng.shuffle(deck);
      const cards = deck.slice(0, 8 + rng.int(13));
      const cnt = countsOf(cards);
      const got = allPlays(cnt).map((p) => playKey(p.counts));
      expect(new Set(got).size, 'no play twice').toBe(got.length);
      expect(new Set(got)).toEqual(bruteForce(cnt));
      for (const p of allPlays(cnt).slice(0, 20)) expect(classify(cardsFor(cards, p.counts)!)).toEqual(p.combo);
    }
  });
  it('lists every kicker choice: a plane with two single kickers from five spare ranks is ten plays', () => {
    const plays = allPlays(countsOf(hand(7, 7, 7, 8, 8, 8, 3, 5, 'J', 2, 'BJ'))).filter((p) => p.combo.type === 'PLANE_1');
    expect(plays).toHaveLength(10);
  });
});
