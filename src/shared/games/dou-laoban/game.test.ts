// Spec §12's bidding, play and scoring scenarios by their numbers (L-17 … L-25), the options, and
// random matches with invariants on frozen states.
import { describe, expect, it } from 'vitest';
import { Match } from '../../engine/runner';
import { loadMatch, saveMatch } from '../../engine/save';
import type { GameEvent } from '../../engine/types';
import { Rng, seedRng } from '../../util/rng';
import { countsOf, parseCard, rankOf } from './cards';
import { applyDl, douLaoban, legalDl, startDl, statusDl, viewDl, type DlMove, type DlState } from './game';
import { DEFAULT_OPTIONS, parseOptions, type DlOptions } from './options';

function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}
const opts = (o: Partial<DlOptions> = {}): DlOptions => ({ ...DEFAULT_OPTIONS, first_bidder: 'seat0', ...o });
function ok(s: DlState, m: DlMove): { state: DlState; events: GameEvent[] } {
  const r = applyDl(deepFreeze(s), m);
  if (!r.ok) throw new Error(`${m.type}: ${r.message.en}`);
  return r;
}
/** Cards by code ("3S", "TH", "SJ"). */
const cards = (...codes: string[]) => codes.map(parseCard);

/** A state in play with chosen hands: Boss `boss`, its trick leading. */
function inPlay(hands: number[][], boss = 0, o: Partial<DlOptions> = {}): DlState {
  const s0 = startDl('fixed', 3, opts(o)).state;
  return { ...s0, phase: 'play', hands, kitty: [], boss, bidder: boss, highest: { seat: boss, bid: 1 }, bids: [{ seat: boss, bid: 1 }], turn: boss, trick: { top: null, topBy: boss, passes: 0 } };
}

describe('斗老闆 bidding (§4)', () => {
  it('deals 17 each and 3 to the kitty, each seat seeing only its own hand; the kitty hidden while bidding', () => {
    const { state, events } = startDl('deal', 3, opts());
    expect(state.hands.map((h) => h.length)).toEqual([17, 17, 17]);
    expect(state.kitty).toHaveLength(3);
    expect(new Set([...state.hands.flat(), ...state.kitty]).size).toBe(54);
    expect(events.map((e) => e.reveal)).toEqual([[0], [1], [2]]);
    const v = viewDl(state, 1);
    expect(v.hand).toEqual(state.hands[1]);
    expect(v.counts).toEqual([17, 17, 17]);
    expect(v.kitty).toBeNull();
    expect(v.open).toEqual([null, null, null]);
  });

  it('L-18 a 3× bid ends the bidding at once: that seat is Boss, the third never bids, the multiplier is 3', () => {
    let s = startDl('l18', 3, opts()).state;
    s = ok(s, { type: 'bid', seat: 0, bid: 1 }).state;
    const r = ok(s, { type: 'bid', seat: 1, bid: 3 });
    expect(r.state.boss).toBe(1);
    expect(r.state.phase).toBe('play');
    expect(r.state.bids).toEqual([{ seat: 0, bid: 1 }, { seat: 1, bid: 3 }]);
    expect(r.state.highest).toEqual({ seat: 1, bid: 3 });
    expect(r.state.turn).toBe(1);
  });

  it('L-19 a bid must exceed the current highest', () => {
    let s = startDl('l19', 3, opts()).state;
    s = ok(s, { type: 'bid', seat: 0, bid: 2 }).state;
    const r = applyDl(s, { type: 'bid', seat: 1, bid: 1 });
    expect(r).toMatchObject({ ok: false, code: 'move/illegal' });
    expect(legalDl(s, 1).map((m) => (m as { bid: number }).bid)).toEqual([0, 3]);
  });

  it('L-20 three passes redeal, and the first bidder moves one seat on', () => {
    let s = startDl('l20', 3, opts()).state;
    const first = s.hands;
    s = ok(s, { type: 'bid', seat: 0, bid: 0 }).state;
    s = ok(s, { type: 'bid', seat: 1, bid: 0 }).state;
    const r = ok(s, { type: 'bid', seat: 2, bid: 0 });
    expect(r.events.map((e) => e.type)).toEqual(['bid', 'redeal', 'deal', 'deal', 'deal']);
    expect(r.state.firstBidder).toBe(1);
    expect(r.state.turn).toBe(1);
    expect(r.state.hands).not.toEqual(first);
    expect(r.state.phase).toBe('bid');
  });

  it('L-25 the Boss holds 20 cards after the kitty, and the kitty is shown to all (or to the Boss only, as an option)', () => {
    let s = startDl('l25', 3, opts()).state;
    const kitty = s.kitty;
    s = ok(s, { type: 'bid', seat: 0, bid: 1 }).state;
    s = ok(s, { type: 'bid', seat: 1, bid: 0 }).state;
    const r = ok(s, { type: 'bid', seat: 2, bid: 0 });
    expect(r.state.boss).toBe(0);
    expect(r.state.hands[0]).toHaveLength(20);
    expect(r.events.find((e) => e.type === 'boss')).toMatchObject({ reveal: 'all', cards: kitty });
    expect(viewDl(r.state, 2).kitty).toEqual(kitty);
    let h = startDl('l25', 3, opts({ kitty_visible: 'boss' })).state;
    for (const [seat, bid] of [[0, 1], [1, 0], [2, 0]] as const) h = ok(h, { type: 'bid', seat, bid }).state;
    expect(viewDl(h, 2).kitty).toBeNull();
    expect(viewDl(h, 0).kitty).toEqual(kitty);
  });
});

describe('斗老闆 play (§5)', () => {
  it('L-17 the seed’s trick: after two passes the last player to play leads anything', () => {
    // A (seat 0, Boss) 3339, B pass, C 5557, A KKKJ, B AAA3, C pass, A pass → B leads.
    const A = cards('3S', '3H', '3D', '9S', 'KS', 'KH', 'KD', 'JS', '8S', '8H');
    const B = cards('AS', 'AH', 'AD', '3C', '4S', '6S');
    const C = cards('5S', '5H', '5D', '7S', 'QS');
    let s = inPlay([A, B, C]);
    s = ok(s, { type: 'play', seat: 0, cards: cards('3S', '3H', '3D', '9S') }).state;
    s = ok(s, { type: 'pass', seat: 1 }).state;
    s = ok(s, { type: 'play', seat: 2, cards: cards('5S', '5H', '5D', '7S') }).state;
    s = ok(s, { type: 'play', seat: 0, cards: cards('KS', 'KH', 'KD', 'JS') }).state;
    s = ok(s, { type: 'play', seat: 1, cards: cards('AS', 'AH', 'AD', '3C') }).state;
    s = ok(s, { type: 'pass', seat: 2 }).state;
    const r = ok(s, { type: 'pass', seat: 0 });
    expect(r.events.map((e) => e.type)).toEqual(['pass', 'trick']);
    expect(r.state.turn).toBe(1);
    expect(r.state.trick.top).toBeNull();
    const lead = ok(r.state, { type: 'play', seat: 1, cards: cards('4S') });
    expect(lead.state.trick.top).toEqual({ type: 'SINGLE', key: 4, n: 1 });
  });

  it('L-24 the trick leader may not pass', () => {
    const s = inPlay([cards('3S'), cards('4S'), cards('5S')]);
    expect(applyDl(s, { type: 'pass', seat: 0 })).toMatchObject({ ok: false, code: 'move/illegal' });
    expect(legalDl(s, 0).some((m) => m.type === 'pass')).toBe(false);
  });

  it('refuses cards not in the hand, illegal combinations and plays that do not beat, in both languages', () => {
    const s = inPlay([cards('3S', '4S', '7S', '7H'), cards('5S', '5H'), cards('6S')]);
    for (const m of [
      { type: 'play', seat: 0, cards: cards('5S') },
      { type: 'play', seat: 0, cards: cards('3S', '4S') },
      { type: 'play', seat: 0, cards: [] },
      { type: 'bid', seat: 0, bid: 1 },
      { type: 'play', seat: 1, cards: cards('5S') },
    ] as DlMove[]) {
      const r = applyDl(s, m);
      expect(r.ok, JSON.stringify(m)).toBe(false);
      if (!r.ok) expect(r.message.zh).toMatch(/[\u4e00-\u9fff]/);
    }
    const t = ok(s, { type: 'play', seat: 0, cards: cards('7S', '7H') }).state;
    expect(applyDl(t, { type: 'play', seat: 1, cards: cards('5S', '5H') })).toMatchObject({ ok: false, code: 'move/illegal' });
  });
});

describe('斗老闆 scoring (§8)', () => {
  it('L-21 base 1, bid 2, a bomb and the rocket, the Boss wins without spring: U = 8, Boss +16, Employees −8 each', () => {
    let s = inPlay([cards('4S', '4H', '4D', '4C', 'SJ', 'BJ', '9S'), cards('5S', '6S', 'KS'), cards('7S', '8S', 'QS')]);
    s = { ...s, highest: { seat: 0, bid: 2 }, playsBy: [0, 0, 0] };
    s = ok(s, { type: 'play', seat: 0, cards: cards('9S') }).state;
    s = ok(s, { type: 'play', seat: 1, cards: cards('KS') }).state; // an Employee plays: no spring
    s = ok(s, { type: 'pass', seat: 2 }).state;
    s = ok(s, { type: 'play', seat: 0, cards: cards('4S', '4H', '4D', '4C') }).state;
    s = ok(s, { type: 'pass', seat: 1 }).state;
    s = ok(s, { type: 'pass', seat: 2 }).state;
    const r = ok(s, { type: 'play', seat: 0, cards: cards('SJ', 'BJ') });
    const settle = r.events.find((e) => e.type === 'settle')!;
    expect(settle).toMatchObject({ winner: 0, bombs: 2, spring: false, antiSpring: false, multiplier: 8, unit: 8, scores: [16, -8, -8] });
  });

  it('L-22 the Boss goes out and the Employees never played: spring ×2', () => {
    let s = inPlay([cards('9S', '9H'), cards('3S'), cards('4S')]);
    s = ok(s, { type: 'play', seat: 0, cards: cards('9S') }).state;
    s = ok(s, { type: 'pass', seat: 1 }).state;
    s = ok(s, { type: 'pass', seat: 2 }).state;
    const settle = ok(s, { type: 'play', seat: 0, cards: cards('9H') }).events.find((e) => e.type === 'settle')!;
    expect(settle).toMatchObject({ spring: true, multiplier: 2, scores: [4, -2, -2] });
  });

  it('L-23 the Boss played only the opening lead and an Employee goes out: anti-spring ×2, Boss −2U', () => {
    let s = inPlay([cards('3S', '3H'), cards('KS'), cards('AS')]);
    s = ok(s, { type: 'play', seat: 0, cards: cards('3S') }).state;
    const settle = ok(s, { type: 'play', seat: 1, cards: cards('KS') }).events.find((e) => e.type === 'settle')!;
    expect(settle).toMatchObject({ winner: 1, antiSpring: true, multiplier: 2, scores: [-4, 2, 2] });
  });

  it('options: the spring factor ×3, the seed’s literal payments, a bomb cap', () => {
    let s = inPlay([cards('9S', '9H'), cards('3S'), cards('4S')], 0, { spring_factor: 3, payment: 'literal' });
    s = ok(s, { type: 'play', seat: 0, cards: cards('9S') }).state;
    s = ok(s, { type: 'pass', seat: 1 }).state;
    s = ok(s, { type: 'pass', seat: 2 }).state;
    expect(ok(s, { type: 'play', seat: 0, cards: cards('9H') }).events.find((e) => e.type === 'settle')).toMatchObject({ multiplier: 3, scores: [6, -6, -6] });
    let c = inPlay([cards('4S', '4H', '4D', '4C', '5S', '5H', '5D', '5C'), cards('3S'), cards('3H')], 0, { bomb_cap: 1 });
    c = ok(c, { type: 'play', seat: 0, cards: cards('4S', '4H', '4D', '4C') }).state;
    c = ok(c, { type: 'pass', seat: 1 }).state;
    c = ok(c, { type: 'pass', seat: 2 }).state;
    expect(ok(c, { type: 'play', seat: 0, cards: cards('5S', '5H', '5D', '5C') }).events.find((e) => e.type === 'settle')).toMatchObject({ bombs: 2, multiplier: 2 * 2 });
  });

  it('a match of N deals keeps running totals and ends after the last; the next deal’s first bidder moves on', () => {
    const m = Match.create(douLaoban, { seed: 'match', players: 3, options: opts({ deals: 2 }) });
    const rng = new Rng(seedRng('m'));
    const firsts: number[] = [m.state.firstBidder];
    while (!m.status().over) {
      const seat = m.status().toAct[0]!;
      const legal = douLaoban.legalMoves(m.state, seat);
      const deal = m.state.deal;
      expect(m.apply(rng.pick(legal)).ok).toBe(true);
      if (m.state.deal !== deal && !m.status().over) firsts.push(m.state.firstBidder);
    }
    expect(m.state.results).toHaveLength(2);
    expect(m.state.totals).toEqual([0, 1, 2].map((k) => m.state.results.reduce((t, r) => t + r.scores[k]!, 0)));
    expect(statusDl(m.state).scores).toEqual(m.state.totals);
    expect(firsts[1]).toBe((m.state.results[0]!.deal === 0 ? (firsts[0]! + 1) % 3 : firsts[1]));
  });

  it('rob, doubling and show hand (options, off by default) change who is Boss and the stakes', () => {
    let s = startDl('extras', 3, opts({ rob: true, doubling: true, show_hand: true })).state;
    s = ok(s, { type: 'bid', seat: 0, bid: 1 }).state;
    s = ok(s, { type: 'bid', seat: 1, bid: 0 }).state;
    s = ok(s, { type: 'bid', seat: 2, bid: 0 }).state;
    expect(s.phase).toBe('rob');
    s = ok(s, { type: 'rob', seat: 1, rob: true }).state;
    s = ok(s, { type: 'rob', seat: 2, rob: false }).state;
    expect(s.turn).toBe(0); // the bidder may rob back
    s = ok(s, { type: 'rob', seat: 0, rob: false }).state;
    expect(s.boss).toBe(1);
    expect(s.robs).toBe(1);
    expect(s.phase).toBe('double');
    for (const seat of [2, 0, 1]) s = ok(s, { type: 'double', seat, double: seat === 2 }).state;
    expect(s.phase).toBe('show');
    const shown = ok(s, { type: 'show', seat: 1, show: true });
    expect(shown.events[0]).toMatchObject({ reveal: 'all' });
    expect(viewDl(shown.state, 0).open[1]).toEqual(shown.state.hands[1]);
  });
});

describe('斗老闆 options and saves', () => {
  it('parses options with defaults, refuses bad values in both languages, warns about unknown keys', () => {
    expect(parseOptions({})).toEqual({ ok: true, options: DEFAULT_OPTIONS, warnings: [] });
    expect(parseOptions({ base_score: 0 })).toMatchObject({ ok: false, code: 'match/bad-setup' });
    expect(parseOptions({ spring_factor: 4 })).toMatchObject({ ok: false });
    const w = parseOptions({ deals: 3, wild: 1 });
    expect(w).toMatchObject({ ok: true, options: { deals: 3 }, warnings: ['Unknown option "wild" ignored.'] });
  });
  it('a saved match loads to the same state', () => {
    const m = Match.create(douLaoban, { seed: 'save', players: 3, options: DEFAULT_OPTIONS });
    const rng = new Rng(seedRng('save'));
    for (let i = 0; i < 40 && !m.status().over; i++) m.apply(rng.pick(douLaoban.legalMoves(m.state, m.status().toAct[0]!)));
    const loaded = loadMatch(douLaoban, saveMatch(m));
    expect(loaded.ok && loaded.match.state).toEqual(m.state);
  });
});

describe('random matches', () => {
  it('300 random deals: 54 cards always accounted for, every play legal, zero-sum payments, every deal ends', () => {
    const rng = new Rng(seedRng('dl-property'));
    let deals = 0;
    for (let g = 0; deals < 300; g++) {
      let s = startDl(`p${g}`, 3, opts({ deals: 5, first_bidder: 'random', rob: g % 3 === 0, doubling: g % 4 === 0 })).state;
      for (let step = 0; step < 2000 && s.phase !== 'over'; step++) {
        const legal = legalDl(deepFreeze(s), s.turn);
        expect(legal.length).toBeGreaterThan(0);
        const r = applyDl(s, rng.pick(legal));
        if (!r.ok) throw new Error(r.message.en);
        for (const e of r.events) if (e.type === 'settle') {
          deals++;
          expect((e.scores as number[]).reduce((a, b) => a + b, 0)).toBe(0);
        }
        s = r.state;
        if (s.phase !== 'over') {
          const all = [...s.hands.flat(), ...s.played, ...(s.boss === null || s.phase === 'rob' ? s.kitty : [])];
          expect(all.length).toBe(54);
          expect(new Set(all).size).toBe(54);
          expect(s.hands.every((h, k) => countsOf(h).every((c) => c <= 4) && (h.length <= 20 || k < 0))).toBe(true);
        }
      }
      expect(s.phase).toBe('over');
    }
    expect(rankOf(parseCard('2S'))).toBe(15);
  });
});
