// The simulator's fast path plays the same rules as the contract engine: the body generator counts
// exactly the contract's legal list and samples it uniformly, and live tables replayed move for
// move through `applyDl` give equal states after every move, with every option.
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../util/rng';
import { countsOf, parseCard } from './cards';
import { beats, classifyCounts } from './classify';
import { applyDl, legalDl, startDl, viewDl, type DlState } from './game';
import { playKey, playsOver } from './generate';
import { DEFAULT_OPTIONS, type DlOptions } from './options';
import { Bodies, TYPES, topOf } from './plays';
import { DlTable } from './table';

/** A random hand of `n` cards. */
function randomHand(rng: Rng, n: number): number[] {
  return rng.shuffle(Array.from({ length: 54 }, (_, i) => i)).slice(0, n);
}

describe('the body generator', () => {
  it('counts exactly the contract’s legal plays, for 300 random hands and tops', () => {
    const rng = new Rng(seedRng('bodies'));
    const b = new Bodies();
    for (let k = 0; k < 300; k++) {
      const cnt = countsOf(randomHand(rng, 8 + rng.int(13)));
      const all = playsOver(cnt, null);
      // Leading, and following a random legal play of another random hand.
      const other = playsOver(countsOf(randomHand(rng, 5 + rng.int(16))), null);
      const topCombo = other[rng.int(other.length)]!.combo;
      for (const top of [null, topCombo]) {
        const want = top ? all.filter((p) => beats(p.combo, top)) : all;
        expect(b.fill(cnt, topOf(top)).total).toBe(want.length);
        // Every body with every kicker choice written is one of them.
        const keys = new Set(want.map((p) => playKey(p.counts)));
        const v = new Int8Array(18);
        for (let i = 0; i < b.size; i++) {
          b.write(i, cnt, v, rng);
          const combo = classifyCounts(Array.from(v));
          expect(combo?.type).toBe(TYPES[b.t[i]!]);
          expect(keys.has(playKey(Array.from(v)))).toBe(true);
        }
      }
    }
  });

  it('samples the legal plays uniformly (each of a plane hand’s plays about equally often)', () => {
    const hand = ['7S', '7H', '7D', '8S', '8H', '8D', '3S', '5S', '9S', 'JS', '2S', 'BJ'].map(parseCard);
    const cnt = countsOf(hand);
    const plays = playsOver(cnt, null);
    const b = new Bodies().fill(cnt, null);
    expect(b.total).toBe(plays.length);
    const rng = new Rng(seedRng('uniform'));
    const seen = new Map<string, number>();
    const v = new Int8Array(18);
    const draws = plays.length * 400;
    for (let k = 0; k < draws; k++) {
      b.write(b.at(rng.int(b.total)), cnt, v, rng);
      const key = playKey(Array.from(v));
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect(seen.size).toBe(plays.length);
    // 400 expected each: a binomial's 5-sigma band is about ±100.
    for (const n of seen.values()) expect(Math.abs(n - 400)).toBeLessThan(110);
  });
});

/** Play a match on a live table with random moves, replaying each move through the contract. */
function replayMatch(seed: string, options: DlOptions): { moves: number; deals: number } {
  const table = DlTable.start(seed, options);
  table.trace = true;
  let state: DlState = startDl(seed, 3, options).state;
  expect(table.state()).toEqual(state);
  const rng = new Rng(seedRng(`${seed}/moves`));
  let moves = 0;
  while (!table.over) {
    const seat = table.turn;
    // Every few moves, check the table's own legal list against the contract's.
    if (moves % 7 === 0) {
      expect(table.legal()).toEqual(legalDl(state, seat));
      for (const s of [0, 1, 2, null]) expect(table.view(s)).toEqual(viewDl(state, s));
      for (const m of legalDl(state, seat)) expect(table.accepts(m)).toBe(true);
    }
    table.playRandom(rng);
    const move = table.lastMove!;
    const res = applyDl(state, move);
    if (!res.ok) throw new Error(`move ${moves} ${JSON.stringify(move)} refused: ${res.message.en}`);
    state = res.state;
    expect(table.state()).toEqual(state);
    moves++;
  }
  return { moves, deals: table.records.length };
}

describe('the live table against the contract engine', () => {
  it('plays 24 random matches of 3 deals move for move as applyDl does (default rules)', () => {
    let moves = 0;
    for (let g = 0; g < 24; g++) moves += replayMatch(`t/${g}`, { ...DEFAULT_OPTIONS, deals: 3 }).moves;
    expect(moves).toBeGreaterThan(24 * 3 * 20);
  });

  it('the same with every option changed: two bidding rounds, rob, doubling, show hand, Boss-only kitty, ×3 springs, literal payments, a bomb cap', () => {
    const o: DlOptions = { ...DEFAULT_OPTIONS, deals: 3, first_bidder: 'seat0', bid_rounds: 2, rob: true, doubling: true, show_hand: true, kitty_visible: 'boss', spring_factor: 3, payment: 'literal', bomb_cap: 1, base_score: 5 };
    for (let g = 0; g < 16; g++) replayMatch(`o/${g}`, o);
  });

  it('writes one record per deal, redeals included, with zero-sum scores and the deal’s cards as codes', () => {
    const table = DlTable.start('records', { ...DEFAULT_OPTIONS, deals: 20 });
    const rng = new Rng(seedRng('r'));
    while (!table.over) table.playRandom(rng);
    const played = table.records.filter((r) => r.boss !== null);
    expect(played).toHaveLength(20);
    for (const r of table.records) {
      expect(r.hands.map((h) => h.length)).toEqual([17, 17, 17]);
      expect(new Set([...r.hands.flat(), ...r.kitty]).size).toBe(54);
      expect(r.scores.reduce((a, b) => a + b, 0)).toBe(0);
      expect(r.combos).toHaveLength(r.plays.filter((p) => !('pass' in p)).length);
      if (r.boss === null) expect(r.bids.every((b) => b.bid === 0)).toBe(true);
      else expect(r.hands[r.winner!]!.length + (r.winner === r.boss ? 3 : 0)).toBe(r.plays.filter((p) => p.seat === r.winner && 'cards' in p).reduce((a, p) => a + (p as { cards: string[] }).cards.length, 0));
    }
    expect(played.map((r) => r.scores[0]! + r.scores[1]! + r.scores[2]!)).toEqual(new Array(20).fill(0));
  });
});
