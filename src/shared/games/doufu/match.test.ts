// Spec §9.6 end of match (T-74 … T-77), §9.8 miscellaneous (T-84 … T-86), and the two window
// scenarios of §9.5 that the engine (not pure scoring) decides: T-72 and T-73.
import { describe, expect, it } from 'vitest';
import { doufu } from './game';
import { dealSizes, sideScore } from './state';
import { Match } from '../../engine/runner';
import { areaCodes, play, playAll, playEv, table } from './testing';
import { MOD } from './types';

const FOUR_GOLD = ['TIG-JIN', 'TIG-Y1', 'ROO-JIN', 'ROO-Y1', 'MON-JIN', 'MON-Y1', { code: 'DRA-JIN', attr: '金' as const }, 'DRA-Y1']; // W = 8
const FIVE_FU = ['HOR-FU', 'HOR-HE', 'OX-FU', 'OX-HONG', 'TIG-FU', 'TIG-HONG', 'DOG-FU', 'DOG-HE', 'ROO-FU', 'ROO-Y1']; // 五福临门, W = 1
const set = (z: string) => (z === 'RAT' ? ['RAT-FU', 'RAT-HE', 'RAT-Y1', 'RAT-Y2'] : z === 'GOA' ? ['GOA-FU', 'GOA-ZI', 'GOA-Y1', 'GOA-Y2'] : z === 'SNA' ? ['SNA-FU', 'SNA-ZI', 'SNA-Y1', 'SNA-Y2'] : ['RAB-FU', 'RAB-ZI', 'RAB-Y1', 'RAB-Y2']);
const declareAt = (spec: Parameters<typeof table>[0], seat = 0) => play(table({ ...spec, step: { k: 'window', seat, queue: [] } }), { type: 'declare', seat });

describe('9.5 windows decided by the engine', () => {
  it('9.5.14 T-72 declining, then a new window only after the score changes', () => {
    const base = ['TIG-JIN', 'TIG-Y1', 'ROO-JIN', 'ROO-Y1', 'MON-JIN', 'MON-Y1'];
    let s = table({ areas: { 0: base }, step: { k: 'window', seat: 0, queue: [] }, tasks: [{ t: 'endTurn', seat: 0 }], hands: { 0: ['RAT-Y1', 'DRA-Y1'] }, pool: ['RAT-Y2', 'DRA-JIN'] });
    s = play(s, { type: 'decline', seat: 0 });
    s = playAll(s, [{ type: 'draw', seat: 1 }, { type: 'draw', seat: 2 }, { type: 'eat', seat: 0, card: 'RAT-Y1', take: 'RAT-Y2' }]);
    expect(sideScore(s, 0).S).toBe(5);
    expect(s.step).toMatchObject({ k: 'turn', seat: 1 });
    s = playAll(s, [{ type: 'draw', seat: 1 }, { type: 'draw', seat: 2 }, { type: 'eat', seat: 0, card: 'DRA-Y1', take: 'DRA-JIN' }]);
    expect(s.step).toEqual({ k: 'attr', seat: 0, card: 'DRA-JIN' });
    s = play(s, { type: 'chooseAttr', seat: 0, card: 'DRA-JIN', attr: '金' });
    expect(sideScore(s, 0).S).toBe(8);
    expect(s.step).toEqual({ k: 'window', seat: 0, queue: [] });
    expect(play(s, { type: 'declare', seat: 0 }).fuqi).toEqual([24, 16, 16]);
  });

  it('9.5.15 T-73 an out-of-turn window after a steal (active player first); none with the option off', () => {
    const p1 = ['RAT-Y1', 'RAT-Y2', 'OX-Y1', 'OX-Y2', 'RAB-Y1', 'RAB-Y2', 'GOA-Y1', 'GOA-Y2', 'HOR-Y1', 'HOR-Y2', 'DOG-Y1', 'DOG-HE'];
    const spec = { areas: { 1: p1 }, hands: { 0: ['PIG-Y1', 'TIG-Y1'] }, deck: ['PIG-HE'] };
    let s = table(spec);
    expect(sideScore(s, 1).S).toBe(2);
    s = playAll(s, [{ type: 'stack', seat: 0, card: 'PIG-Y1' }, { type: 'steal', seat: 0, card: 'HOR-Y2' }]);
    expect(sideScore(s, 1).S).toBe(1);
    expect(s.step).toEqual({ k: 'window', seat: 1, queue: [] }); // P0 does not qualify, so P1 is asked
    expect(play(s, { type: 'declare', seat: 1 }).fuqi).toEqual([23, 24, 23]);
    const off = playAll(table({ ...spec, opts: { declare_out_of_turn: false } }), [
      { type: 'stack', seat: 0, card: 'PIG-Y1' },
      { type: 'steal', seat: 0, card: 'HOR-Y2' },
    ]);
    expect(off.step).toMatchObject({ k: 'turn', seat: 1 });
  });
});

describe('9.6 end of match', () => {
  it('9.6.1 T-74 elimination and a smaller deal', () => {
    const s = declareAt({ fuqi: [24, 20, 5], areas: { 0: FOUR_GOLD } });
    expect(s.fuqi).toEqual([24, 12, -3]);
    expect(s.out).toEqual([false, false, true]);
    expect(s.fushen).toBe(0);
    expect(dealSizes(s)).toEqual({ L: 6, K: 8 });
    expect(s.hands.map((h) => h.length)).toEqual([6, 6, 0]);
    expect(s.pool.flat()).toHaveLength(8);
    expect(doufu.status(s).over).toBe(false);
    // P2 is skipped in turn order.
    const t = table({ fuqi: [24, 12, -3], out: [false, false, true], turn: 1 });
    expect(play(t, { type: 'draw', seat: 1 }).step).toMatchObject({ k: 'turn', seat: 0 });
  });

  it('9.6.2 T-75 winning the match', () => {
    const s = declareAt({ fuqi: [10, 3, -1], out: [false, false, true], areas: { 0: ['TIG-JIN', 'TIG-Y1', 'ROO-JIN', 'ROO-Y1', 'MON-JIN', 'MON-Y1'] } });
    expect(s.fuqi).toEqual([10, -2, -1]);
    expect(doufu.status(s)).toMatchObject({ over: true, winners: [0], toAct: [] });
    expect(doufu.legalMoves(s, 0)).toEqual([]);
  });

  it('9.6.3 T-76 the declarer is eliminated by a rebound; the next 福神 is the next player in', () => {
    const s = declareAt({ fuqi: [2, 24, 24], areas: { 0: FIVE_FU, 1: [...set('RAT'), ...set('GOA'), ...set('SNA'), ...set('RAB')] } });
    expect(s.fuqi).toEqual([-1, 24, 23]);
    expect(s.out).toEqual([true, false, false]);
    expect(s.fushen).toBe(1);
    expect(doufu.status(s).over).toBe(false);
  });

  it('9.6.4 T-77 everyone at ≤ 0 at once (2p): the higher 福气 wins', () => {
    const p0 = ['HOR-FU', 'HOR-HE', 'OX-FU', 'OX-HONG', 'TIG-FU', 'TIG-HONG', 'ROO-FU', 'ROO-Y1', 'RAB-FU', 'RAB-Y1'];
    const p1 = [...set('RAT'), ...set('GOA'), 'MON-FU', 'MON-JIN', 'MON-HONG', 'MON-Y1', 'DOG-FU', 'DOG-Y1', 'PIG-FU', 'PIG-Y1'];
    const s = declareAt({ players: 2, fuqi: [1, 1], areas: { 0: p0, 1: p1 } });
    expect(s.fuqi).toEqual([-1, 0]);
    expect(doufu.status(s)).toMatchObject({ over: true, winners: [1] });
  });
});

describe('9.8 miscellaneous', () => {
  it('9.8.1 T-84 a dual attribute stays fixed after a transfer', () => {
    const s = table({ areas: { 0: ['DRA-FU', 'DRA-Y1', { code: 'SNA-FU', attr: '福' }, 'SNA-Y1'], 1: [{ code: 'DRA-JIN', attr: '紫气' }, 'DRA-Y2'] } });
    const after = play(s, { type: 'skill', seat: 0, card: 'DRA-FU', target: 1, take: 'DRA-JIN' });
    expect(after.areas[0]!.find((c) => c.code === 'DRA-JIN')).toEqual({ code: 'DRA-JIN', attr: '紫气' });
    expect(sideScore(after, 0).families.F4).toBe(0); // no 二龙戏珠
    expect(sideScore(after, 0).counts.g).toBe(0);
  });

  it('9.8.2 T-85 a declaration ends the hand at once; the next hand starts clean', () => {
    const s = table({
      areas: { 0: ['TIG-JIN', 'TIG-Y1', 'ROO-JIN', 'ROO-Y1'] },
      hands: { 0: ['MON-Y1'] },
      pool: ['MON-JIN'],
      pending: { 1: [{ kind: MOD.ONLY_STACK, seq: 3, by: 2 }] },
      santieSkip: [2],
      fujiBan: { 2: 5 },
    });
    const w = play(s, { type: 'eat', seat: 0, card: 'MON-Y1', take: 'MON-JIN' });
    expect(w.step).toEqual({ k: 'window', seat: 0, queue: [] });
    const after = play(w, { type: 'declare', seat: 0 });
    expect(after.handNo).toBe(s.handNo + 1);
    expect(after.fuqi).toEqual([24, 19, 19]);
    expect(after.pending).toEqual([[], [], []]);
    expect(after.santieSkip).toEqual([false, false, false]);
    expect(after.fujiBan).toEqual([null, null, null]);
    expect(after.areas).toEqual([[], [], []]);
  });

  it('9.8.3 T-86 hit on a pool pair: choose one single; the stacked card stays; no steal, no 蒙换', () => {
    let s = table({ hands: { 0: ['OX-Y1', 'RAT-Y1'] }, pool: ['TIG-HONG', 'TIG-Y1'], deck: ['TIG-JIN'], areas: { 1: ['DOG-Y1', 'DOG-Y2'] } });
    s = play(s, { type: 'stack', seat: 0, card: 'OX-Y1' });
    expect(s.step).toMatchObject({ k: 'pick', seat: 0, options: ['TIG-HONG', 'TIG-Y1'], flipped: 'TIG-JIN' });
    s = play(s, { type: 'pick', seat: 0, take: 'TIG-HONG' });
    expect(areaCodes(s, 0).sort()).toEqual(['TIG-HONG', 'TIG-JIN']);
    expect(s.pool.flat().sort()).toEqual(['OX-Y1', 'TIG-Y1']);
    expect(s.step).toMatchObject({ k: 'turn', seat: 1 });
  });
});

describe('setup events', () => {
  it('Match.create keeps what setup did (the first 福神 draw, the deal) for the log; start() and setup() agree', () => {
    const init = { seed: 'setup-events', players: 3, options: doufu.defaultOptions };
    const started = doufu.start!(init);
    expect(started.state).toEqual(doufu.setup(init));
    const m = Match.create(doufu, init);
    const types = m.setupEvents.map((e) => e.type);
    expect(types.slice(0, 2)).toEqual(['firstDraw', 'handStart']);
    expect(types).toContain('deal');
    const deal = m.setupEvents.find((e) => e.type === 'deal')!;
    expect(deal.pool).toEqual(m.state.pool);
    expect(deal.fushen).toBe(m.state.fushen);
  });

  it('a declaration carries the whole settlement', () => {
    const s = declareAt({ areas: { 0: FOUR_GOLD } });
    expect(s.lastHand).toMatchObject({ kind: 'won', W: 8 });
    const { events } = playEvAt({ areas: { 0: FOUR_GOLD } });
    const ev = events.find((e) => e.type === 'declare')!;
    const st = ev.settlement as { W: number; lines: unknown[]; fuqiAfter: number[]; rebound: number };
    expect(st.W).toBe(8);
    expect(st.lines).toHaveLength(3); // one line per active party
    expect(st.fuqiAfter).toEqual(ev.fuqi);
    expect(typeof st.rebound).toBe('number');
  });
});

function playEvAt(spec: Parameters<typeof table>[0]) {
  return playEv(table({ ...spec, step: { k: 'window', seat: 0, queue: [] } }), { type: 'declare', seat: 0 });
}
