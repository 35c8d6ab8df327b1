// Spec §6.3 with `midhand_huangpai_voids_hand = false` (a mid-hand 4-of-a-kind stays in the pool as
// singles, and §3.3.3 step 5 / §3.4 / §4.5 keep forming 三叠 afterwards), and §6.4 [HI-59] (a
// shared draw names the seats sharing it in the state, the event and the status).
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../engine/types';
import { seedRng } from '../../util/rng';
import { doufu } from './game';
import { normalizePool } from './state';
import { play, playEv, table } from './testing';
import type { DoufuMove, DoufuState } from './types';

const OFF = { midhand_huangpai_voids_hand: false };
const huangpai = (events: GameEvent[]) => events.filter((e) => e.type === 'huangpai');
const snakes = (s: DoufuState) => s.pool.filter((e) => e[0]!.startsWith('SNA-'));

/** P0 has stacked DOG-Y1 and missed (the deck top PIG-Y1 stays in the pool): the 蒙换 offer. */
function afterMiss(hand: string[], pool: (string | string[])[], deck: string[] = ['PIG-Y1'], more: Parameters<typeof table>[0] = {}): DoufuState {
  return play(table({ hands: { 0: ['DOG-Y1', ...hand] }, pool, deck, opts: OFF, ...more }), { type: 'stack', seat: 0, card: 'DOG-Y1' });
}

describe('§6.3 荒牌 with midhand_huangpai_voids_hand = false', () => {
  it('§6.3: a 蒙换 that adds the 4th card to a 三叠 leaves the four as singles and logs one huangpai(voided=false)', () => {
    const miss = afterMiss(['SNA-FU'], [['SNA-ZI', 'SNA-Y1', 'SNA-Y2'], 'OX-HONG']);
    const { state, events } = playEv(miss, { type: 'swap', seat: 0, give: 'SNA-FU', take: 'OX-HONG' });
    expect(huangpai(events)).toEqual([expect.objectContaining({ at: 'midhand', voided: false })]);
    expect(snakes(state)).toEqual([['SNA-ZI'], ['SNA-Y1'], ['SNA-Y2'], ['SNA-FU']]);
    expect(state.handNo).toBe(miss.handNo);
    expect(state.step).toMatchObject({ k: 'turn', seat: 1 });
  });

  it('§3.3.3 step 5 / §3.4: with four singles lying in the pool, a later 蒙换 still forms a 三叠 and logs no 荒牌', () => {
    // Four 蛇 singles already lie in the pool (formed earlier); two 马 in the pool, the third in hand.
    const miss = afterMiss(['HOR-Y2'], ['SNA-ZI', 'SNA-Y1', 'SNA-Y2', 'SNA-FU', 'HOR-FU', 'HOR-HE', 'OX-HONG']);
    const { state, events } = playEv(miss, { type: 'swap', seat: 0, give: 'HOR-Y2', take: 'OX-HONG' });
    expect(huangpai(events)).toEqual([]);
    expect(state.pool).toContainEqual(['HOR-FU', 'HOR-HE', 'HOR-Y2']);
    expect(snakes(state)).toHaveLength(4);
  });

  it('§3.3.3 step 5: taking one of the four back by 蒙换 leaves three, which stack into a 三叠', () => {
    const miss = afterMiss(['OX-Y1'], ['SNA-ZI', 'SNA-Y1', 'SNA-Y2', 'SNA-FU']);
    const { state, events } = playEv(miss, { type: 'swap', seat: 0, give: 'OX-Y1', take: 'SNA-FU' });
    expect(huangpai(events)).toEqual([]);
    expect(snakes(state)).toEqual([['SNA-ZI', 'SNA-Y1', 'SNA-Y2']]);
    expect(state.hands[0]).toContain('SNA-FU');
  });

  it('§4.5 福虎: a reset stacks 三叠 even when the four of a zodiac it dealt stay in the pool', () => {
    // Scan generator states for a reset that deals all four of one zodiac and three of another.
    const s = table({ areas: { 0: ['TIG-FU', 'TIG-Y1'] }, pool: ['RAT-Y1', 'OX-Y1', 'RAB-Y1', 'DRA-Y1', 'SNA-Y1', 'HOR-Y1', 'GOA-Y1', 'MON-Y1', 'ROO-Y1', 'DOG-Y1', 'PIG-Y1'], opts: OFF });
    const move: DoufuMove = { type: 'skill', seat: 0, card: 'TIG-FU' };
    for (let k = 0; k < 200_000; k++) {
      const r = doufu.apply({ ...s, rng: seedRng(`tiger-off-${k}`) }, move);
      if (!r.ok) throw new Error(r.code);
      const quad = r.state.pool.filter((e) => e.length === 1).map((e) => e[0]!.slice(0, 3));
      const four = [...new Set(quad)].filter((z) => quad.filter((x) => x === z).length === 4);
      if (!four.length || !r.state.pool.some((e) => e.length === 3)) continue;
      expect(huangpai(r.events)).toEqual([expect.objectContaining({ voided: false })]);
      expect(r.state.handNo).toBe(s.handNo);
      expect(r.state.pool.flat()).toHaveLength(11);
      return;
    }
    throw new Error('no reset with both a 4-of-a-kind and a 三叠 in 200,000 generator states');
  });

  it('§3.4 normalizePool: a voiding 荒牌 leaves the pool as it lies; with the option off only a new four is reported', () => {
    const on = table({ pool: ['SNA-ZI', 'SNA-Y1', 'SNA-Y2', 'SNA-FU', 'HOR-FU', 'HOR-HE', 'HOR-Y1'] });
    expect(normalizePool(on, 'play')).toBe('huangpai');
    expect(on.pool).toHaveLength(7);
    const off = table({ pool: ['SNA-ZI', 'SNA-Y1', 'SNA-Y2', 'SNA-FU', 'HOR-FU', 'HOR-HE', 'HOR-Y1'], opts: OFF });
    expect(normalizePool(off, 'play')).toBe('ok'); // the four singles were reported when they formed
    expect(off.pool).toEqual([['SNA-ZI'], ['SNA-Y1'], ['SNA-Y2'], ['SNA-FU'], ['HOR-FU', 'HOR-HE', 'HOR-Y1']]);
    const dealt = table({ pool: ['SNA-ZI', 'SNA-Y1', 'SNA-Y2', 'SNA-FU'], opts: OFF });
    expect(normalizePool(dealt, 'reset')).toBe('huangpai'); // every card of a reset is freshly dealt
    expect(normalizePool(dealt, 'deal')).toBe('huangpai');
  });
});

describe('§6.4 [HI-59] a shared draw', () => {
  it('§6.4: everyone at ≤ 0, the declarer not among the tied: the state, the matchOver event and status() name the seats sharing the draw', () => {
    // P0 declares W = 1 (one 人和 set). P1 offsets 3 (rebound 2 to P0) but pays 1 for 泥猪癞狗; P2 pays 1.
    const s = table({
      fuqi: [1, 1, 1],
      hands: { 0: ['OX-Y2'] },
      pool: ['OX-FU'],
      areas: { 0: ['OX-HONG', 'OX-Y1'], 1: ['DOG-FU', 'DOG-HE', 'DOG-Y1', 'DOG-Y2', 'PIG-YU', 'PIG-FU', 'PIG-HE', 'PIG-Y1', 'RAT-FU', 'RAT-HE', 'RAT-Y1', 'RAT-Y2'] },
    });
    const window = play(s, { type: 'eat', seat: 0, card: 'OX-Y2', take: 'OX-FU' });
    expect(window.step).toMatchObject({ k: 'window', seat: 0 });
    const { state, events } = playEv(window, { type: 'declare', seat: 0 });
    expect(state.fuqi).toEqual([-1, 0, 0]);
    const settled = events.find((e) => e.type === 'declare')!;
    expect(settled.settlement).toMatchObject({ matchOver: true, draw: true, winners: [1, 2] });
    expect(state.winners).toEqual([1, 2]);
    expect(events.find((e) => e.type === 'matchOver')).toMatchObject({ winners: [1, 2], draw: true });
    expect(doufu.status(state)).toMatchObject({ over: true, draw: true, winners: [1, 2] });
  });

  it('§6.4: a single winner is not a draw', () => {
    const s = table({ players: 2, fuqi: [5, 1], hands: { 0: ['OX-Y2'] }, pool: ['OX-FU'], areas: { 0: ['OX-HONG', 'OX-Y1'] } });
    const state = play(play(s, { type: 'eat', seat: 0, card: 'OX-Y2', take: 'OX-FU' }), { type: 'declare', seat: 0 });
    expect(doufu.status(state)).toMatchObject({ over: true, draw: false, winners: [0] });
  });
});
