// Spec §9.1 — components and setup (T-01 … T-11).
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../util/rng';
import { CARDS } from './cards';
import { doufu } from './game';
import { invariantProblems } from './invariant';
import { dealCards, dealOrder, deal, drawFirstFushen, initialState, reshuffleQueue } from './setup';
import { makeCtx, normalizePool, poolMask, ZOD } from './state';
import { play, table } from './testing';
import type { DoufuState } from './types';

const ids = (pred: (c: (typeof CARDS)[number]) => boolean) => CARDS.filter(pred).map((c) => c.id);

describe('9.1 components and setup', () => {
  it('9.1.1 T-01 deck composition', () => {
    expect(CARDS).toHaveLength(48);
    for (let z = 0; z < 12; z++) expect(CARDS.filter((c) => ZOD[c.code] === z)).toHaveLength(4);
    expect(ids((c) => c.attrs[0] === '金')).toEqual([9, 17, 33, 37]);
    expect(ids((c) => c.attrs[0] === '玉')).toEqual([45]);
    expect(ids((c) => c.attrs[0] === '福')).toEqual([1, 5, 10, 13, 18, 21, 25, 29, 34, 38, 41, 46]);
    expect(ids((c) => c.attrs[0] === '和气')).toEqual([2, 26, 42, 47]);
    expect(ids((c) => c.attrs.length === 1 && c.attrs[0] === '红气')).toEqual([6, 11, 35]);
    expect(ids((c) => c.attrs.length === 1 && c.attrs[0] === '紫气')).toEqual([14, 22, 30]);
    expect(ids((c) => c.attrs.length === 1 && c.attrs[0] === '运')).toEqual([3, 4, 7, 8, 12, 15, 16, 19, 20, 23, 24, 27, 28, 31, 32, 36, 40, 43, 44, 48]);
    expect(CARDS.filter((c) => c.attrs.length === 2).map((c) => [c.id, c.attrs.join('/')])).toEqual([
      [17, '金/紫气'],
      [21, '福/双运'],
      [39, '红气/双运'],
    ]);
    expect(ids((c) => c.skill !== null)).toEqual([1, 5, 10, 13, 18, 21, 25, 29, 34, 38, 41, 45, 46]);
  });

  it('9.1.2 T-02 deal sizes for 2 / 3 / 4 players', () => {
    for (const [n, L, K, deck] of [
      [2, 6, 8, 28],
      [3, 5, 7, 26],
      [4, 4, 6, 26],
    ] as const) {
      const s = doufu.setup({ seed: `sizes-${n}`, players: n, options: doufu.defaultOptions });
      expect(s.hands.map((h) => h.length)).toEqual(new Array(n).fill(L));
      expect(s.pool.flat()).toHaveLength(K);
      expect(s.deck).toHaveLength(deck);
      expect(invariantProblems(s)).toEqual([]);
    }
  });

  it('9.1.3 T-03 dealing order: counterclockwise from 后手, the 福神 last, then the pool', () => {
    const s = table({ players: 3, fushen: 0 });
    expect(dealOrder(s)).toEqual([2, 1, 0]);
    const d = Array.from({ length: 48 }, (_, i) => `d${i + 1}`);
    const r = dealCards(d, dealOrder(s), 3, 5, 7);
    expect(r.hands[2]).toEqual(['d1', 'd4', 'd7', 'd10', 'd13']);
    expect(r.hands[1]).toEqual(['d2', 'd5', 'd8', 'd11', 'd14']);
    expect(r.hands[0]).toEqual(['d3', 'd6', 'd9', 'd12', 'd15']);
    expect(r.pool.flat()).toEqual(['d16', 'd17', 'd18', 'd19', 'd20', 'd21', 'd22']);
    expect(r.deck[0]).toBe('d23');
    expect(dealOrder({ ...s, fushen: 1 })).toEqual([0, 2, 1]);
  });

  it('9.1.4 T-04 first 福神 with a tie: only the tied redraw; all cards go back', () => {
    const r = drawFirstFushen(['ROO-Y1', 'DOG-HE', 'DOG-FU', 'RAT-HE', 'OX-FU'], [0, 1, 2]);
    expect(r.rounds.map((round) => round.map((d) => d.seat))).toEqual([[0, 1, 2], [1, 2]]);
    expect(r.winner).toBe(2);
    // In a real setup the drawn cards are back in the 48 before the deal.
    const s = doufu.setup({ seed: 'first', players: 3, options: doufu.defaultOptions });
    expect(s.firstDraw.length).toBeGreaterThanOrEqual(1);
    expect(s.fushen).toBe(drawFirstFushen(s.firstDraw.flat().map((d) => d.card), [0, 1, 2]).winner);
    expect(invariantProblems(s)).toEqual([]);
  });

  it('9.1.5 T-05 荒牌 at deal: no turn, a full redeal with the same 福神 and nothing else changed', () => {
    const s = table({ players: 2 });
    s.pool = ['HOR-FU', 'HOR-HE', 'HOR-Y1', 'HOR-Y2', 'RAT-Y1', 'OX-Y1', 'TIG-Y1', 'RAB-Y1'].map((x) => [x]);
    expect(normalizePool(s, 'deal')).toBe('huangpai');
    // Find a generator state whose first deal is a 荒牌 and check the redeal.
    for (let k = 0; k < 5000; k++) {
      const c = makeCtx(structuredClone(table({ players: 2, fushen: 1, nirvana: 1, reshuffleUsed: [true, false] })), new Rng(seedRng(`huang-${k}`)));
      deal(c);
      const events = c.ev!;
      if (!events.some((e) => e.type === 'huangpai')) continue;
      expect(events.filter((e) => e.type === 'deal')).toHaveLength(1);
      expect(c.s.fushen).toBe(1);
      expect(c.s.nirvana).toBe(1);
      expect(c.s.reshuffleUsed).toEqual([true, false]);
      expect(c.s.fuqi).toEqual([24, 24]);
      expect(c.s.pool.flat()).toHaveLength(8);
      expect(invariantProblems(c.s)).toEqual([]);
      return;
    }
    throw new Error('no deal-time 荒牌 found in 5000 seeds');
  });

  it('9.1.6 T-06 三叠 at deal', () => {
    const s = table();
    s.pool = ['RAB-FU', 'RAB-ZI', 'RAB-Y1', 'OX-Y1', 'TIG-Y1', 'DOG-Y1', 'PIG-Y1'].map((x) => [x]);
    expect(normalizePool(s, 'deal')).toBe('ok');
    expect(s.pool).toEqual([['RAB-FU', 'RAB-ZI', 'RAB-Y1'], ['OX-Y1'], ['TIG-Y1'], ['DOG-Y1'], ['PIG-Y1']]);
    expect(poolMask(s)[ZOD['RAB-FU']!]).toBe(true);
  });

  it('9.1.7 T-07 the reshuffle right is per player (and global with the option)', () => {
    const win = (spec: Parameters<typeof table>[0], seat: number): DoufuState => {
      const gold = ['TIG-JIN', 'TIG-Y1', 'ROO-JIN', 'ROO-Y1', 'MON-JIN', 'MON-Y1'];
      const s = table({ ...spec, areas: { [seat]: gold }, step: { k: 'window', seat, queue: [] } });
      return play(s, { type: 'declare', seat });
    };
    // P0 used its right in hand 1 and wins: no offer to P0 as 福神 of hand 2.
    const h2 = win({ reshuffleUsed: [true, false, false] }, 0);
    expect(h2.fushen).toBe(0);
    expect(h2.step.k).not.toBe('reshuffle');
    expect(reshuffleQueue(h2)).toEqual([]);
    // P1 wins hand 2: offered in hand 3.
    const h3 = win({ reshuffleUsed: [true, false, false] }, 1);
    expect(h3.fushen).toBe(1);
    expect(h3.step).toMatchObject({ k: 'reshuffle', seat: 1 });
    // Global scope: P0's use spent the table's only right.
    const g = win({ reshuffleUsed: [true, false, false], opts: { reshuffle_scope: 'global' } }, 1);
    expect(g.step.k).not.toBe('reshuffle');
    // Using it redeals and spends it.
    const r = play(h3, { type: 'reshuffle', seat: 1 });
    expect(r.reshuffleUsed).toEqual([true, true, false]);
    expect(r.step.k).not.toBe('reshuffle');
  });

  it('9.1.8 T-08 天时 (3p): declared at the deal window, W = 12', () => {
    const s = table({ hands: { 1: ['GOA-FU', 'GOA-ZI', 'GOA-Y1', 'GOA-Y2', 'RAT-HE'] }, at: 'dealWindows' });
    expect(s.step).toEqual({ k: 'dealWindow', seat: 1, queue: [] }); // P0 has nothing
    const after = play(s, { type: 'declare', seat: 1 });
    expect(after.fuqi).toEqual([12, 24, 12]);
    expect(after.fushen).toBe(1);
    expect(after.lastHand).toMatchObject({ kind: 'won', seat: 1, W: 12, deal: true });
  });

  it('9.1.9 T-09 地利 (2p only): three pairs, W = 10', () => {
    const hand = ['RAT-HE', 'RAT-Y1', 'OX-FU', 'OX-Y2', 'HOR-HE', 'HOR-Y1'];
    const s = table({ players: 2, hands: { 1: hand }, at: 'dealWindows' });
    expect(s.step).toMatchObject({ k: 'dealWindow', seat: 1 });
    expect(play(s, { type: 'declare', seat: 1 }).fuqi).toEqual([14, 24]);
    // Not evaluated with 3 or 4 players, nor in 2v2.
    expect(table({ players: 3, hands: { 1: hand.slice(0, 5) }, at: 'dealWindows' }).step.k).toBe('turn');
    expect(table({ players: 4, hands: { 1: hand.slice(0, 4) }, at: 'dealWindows' }).step.k).toBe('turn');
    expect(table({ mode: '2v2', hands: { 1: hand.slice(0, 4) }, at: 'dealWindows' }).step.k).toBe('turn');
  });

  it('9.1.10 T-10 天时 + 地利 under 涅槃 (2p): W = 44 ends the match; W = 24 without accumulation', () => {
    const hand = ['PIG-YU', 'PIG-FU', 'PIG-HE', 'PIG-Y1', 'DOG-Y1', 'DOG-Y2'];
    const s = play(table({ players: 2, hands: { 0: hand }, nirvana: 1, at: 'dealWindows' }), { type: 'declare', seat: 0 });
    expect(s.fuqi).toEqual([24, -20]);
    expect(s.out).toEqual([false, true]);
    expect(doufu.status(s)).toMatchObject({ over: true, winners: [0] });
    const v = play(table({ players: 2, hands: { 0: hand }, nirvana: 1, at: 'dealWindows', opts: { tianshi_dili_cumulative: false } }), { type: 'declare', seat: 0 });
    expect(v.fuqi).toEqual([24, 0]);
  });

  it('9.1.11 T-11 天时 cannot arise later in the hand', () => {
    const s = table({ hands: { 0: ['RAT-FU', 'RAT-HE', 'RAT-Y1'] }, deck: ['RAT-Y2'] });
    const after = play(s, { type: 'draw', seat: 0 });
    expect(after.hands[0]).toContain('RAT-Y2');
    expect(after.step).toMatchObject({ k: 'turn', seat: 1 }); // no window of any kind
  });

  it('a match can start in 2v2 (the 福神队 picks its first player before the deal)', () => {
    const s = doufu.setup({ seed: 'team', players: 4, options: { ...doufu.defaultOptions, mode: '2v2' } });
    expect(s.step.k).toBe('chooseFirst');
    expect(s.firstDraw[0]!.map((d) => d.seat)).toEqual([0, 1]);
    const c = initialState('team', 4, { ...doufu.defaultOptions, mode: '2v2' });
    expect(c.s.step.k).toBe('chooseFirst');
  });
});
