// The rule options the engine itself reads (spec Appendix B), each against its default. Options
// read only by scoring.ts / settlement.ts are tested there; the rest appear in the §9 tests.
import { describe, expect, it } from 'vitest';
import { dealSizes, sideScore } from './state';
import { play, playAll, skillOf, table } from './testing';
import { MOD } from './types';

describe('engine rule options', () => {
  it('gift_target_may_decline: the target of 福兔 / 福马 answers accept or decline', () => {
    const spec = { areas: { 0: ['RAB-FU', 'RAB-Y1'] }, hands: { 1: ['OX-Y1'] }, deck: ['PIG-Y1'] };
    expect(play(table(spec), { type: 'skill', seat: 0, card: 'RAB-FU', target: 1 }).hands[1]).toEqual(['OX-Y1', 'PIG-Y1']);
    const s = play(table({ ...spec, opts: { gift_target_may_decline: true } }), { type: 'skill', seat: 0, card: 'RAB-FU', target: 1 });
    expect(s.step).toEqual({ k: 'gift', seat: 1, user: 0, gift: 'draw' });
    expect(play(s, { type: 'decline', seat: 1 }).hands[1]).toEqual(['OX-Y1']);
    expect(play(s, { type: 'accept', seat: 1 }).hands[1]).toEqual(['OX-Y1', 'PIG-Y1']);
  });

  it('fuji_followup_mong_skill_caused: the flip after 福鸡 opens no window when on', () => {
    const luck = ['OX-Y1', 'OX-Y2', 'RAB-Y1', 'RAB-Y2', 'GOA-Y1', 'GOA-Y2', 'HOR-Y1', 'HOR-Y2', 'SNA-Y1']; // y = 9
    const spec = { turn: 1, areas: { 0: ['ROO-FU', 'ROO-JIN'], 1: luck }, hands: { 1: ['DRA-Y2'] }, deck: ['RAT-Y1', 'DRA-Y1'] };
    const run = (opts = {}) =>
      playAll(table({ ...spec, opts }), [
        { type: 'stack', seat: 1, card: 'DRA-Y2' },
        { type: 'skill', seat: 0, card: 'ROO-FU', target: 1 },
        { type: 'arrange', seat: 0, top: ['DRA-Y1', 'RAT-Y1'], bottom: [] },
      ]);
    expect(run().step).toEqual({ k: 'window', seat: 1, queue: [] });
    expect(run({ fuji_followup_mong_skill_caused: true }).step).toMatchObject({ k: 'turn', seat: 2 });
  });

  it('declare_trigger = card_change: new cards open a window even when S stays the same', () => {
    const spec = { areas: { 0: ['TIG-JIN', 'TIG-Y1', 'ROO-JIN', 'ROO-Y1', 'MON-JIN', 'MON-Y1'] }, hands: { 0: ['RAT-Y1'] }, pool: ['RAT-Y2'] };
    expect(play(table(spec), { type: 'eat', seat: 0, card: 'RAT-Y1', take: 'RAT-Y2' }).step).toMatchObject({ k: 'turn', seat: 1 });
    expect(play(table({ ...spec, opts: { declare_trigger: 'card_change' } }), { type: 'eat', seat: 0, card: 'RAT-Y1', take: 'RAT-Y2' }).step).toEqual({ k: 'window', seat: 0, queue: [] });
  });

  it('santie_taken_by_flip off: a flipped 4th card is a miss, four in the pool, 荒牌', () => {
    const s = play(table({ hands: { 0: ['HOR-Y1', 'OX-Y1'] }, pool: [['RAB-FU', 'RAB-ZI', 'RAB-Y1']], deck: ['RAB-Y2'], opts: { santie_taken_by_flip: false } }), {
      type: 'stack',
      seat: 0,
      card: 'HOR-Y1',
    });
    expect(s.lastHand).toEqual({ kind: 'huangpai', at: 'midhand' });
  });

  it('santie_skip_consumes_modifiers off: modifiers survive the skipped turn', () => {
    const spec = { turn: 1, hands: { 1: ['RAB-Y2', 'OX-Y1', 'TIG-Y1'] }, pool: [['RAB-FU', 'RAB-ZI', 'RAB-Y1']] };
    const run = (opts = {}) => {
      let s = play(table({ ...spec, opts }), { type: 'eat', seat: 1, card: 'RAB-Y2', take: 'RAB-FU' });
      s = { ...s, pending: s.pending.map((p, i) => (i === 1 ? [{ kind: MOD.ONLY_STACK, seq: 50, by: 0 }] : p)) };
      return playAll(s, [
        { type: 'draw', seat: 2 },
        { type: 'draw', seat: 0 },
      ]); // P1 skipped here
    };
    expect(run().pending[1]).toEqual([]);
    expect(run({ santie_skip_consumes_modifiers: false }).pending[1]).toHaveLength(1);
  });

  it('dual_nonfu_side_keeps_skill: 福蛇 filed as 双运 keeps 打草惊蛇 only with the option', () => {
    const spec = { hands: { 0: ['SNA-FU'] }, pool: ['SNA-Y1'] };
    const file = (opts = {}) =>
      playAll(table({ ...spec, opts }), [
        { type: 'eat', seat: 0, card: 'SNA-FU', take: 'SNA-Y1' },
        { type: 'chooseAttr', seat: 0, card: 'SNA-FU', attr: '双运' },
      ]);
    expect(skillOf(file(), 'SNA-FU')).toBeUndefined();
    expect(skillOf(file({ dual_nonfu_side_keeps_skill: true }), 'SNA-FU')).toBe('unused');
  });

  it('deal_counts_by_active_players off: the deal keeps the starting table row', () => {
    const gold = ['TIG-JIN', 'TIG-Y1', 'ROO-JIN', 'ROO-Y1', 'MON-JIN', 'MON-Y1', { code: 'DRA-JIN', attr: '金' as const }, 'DRA-Y1'];
    const on = play(table({ fuqi: [24, 20, 5], areas: { 0: gold }, step: { k: 'window', seat: 0, queue: [] } }), { type: 'declare', seat: 0 });
    expect(dealSizes(on)).toEqual({ L: 6, K: 8 });
    const off = play(table({ fuqi: [24, 20, 5], areas: { 0: gold }, step: { k: 'window', seat: 0, queue: [] }, opts: { deal_counts_by_active_players: false } }), { type: 'declare', seat: 0 });
    expect(dealSizes(off)).toEqual({ L: 5, K: 7 });
    expect(off.hands.map((h) => h.length)).toEqual([5, 5, 0]);
  });

  it('team_fuji_ban_scope: a 福鸡 ban blocks the whole team, or only its user', () => {
    // P0 (team A) is under a 福鸡 ban; its teammate P2 completes 连中三元 + a 鸡 set.
    const proper = { mode: '2v2' as const, turn: 2, fujiBan: { 0: 10 }, areas: { 0: ['TIG-JIN', 'TIG-Y1', 'MON-JIN', 'MON-Y1', 'ROO-JIN', 'ROO-FU'] }, hands: { 2: ['ROO-HONG'] }, pool: ['ROO-Y1'] };
    const go = (opts = {}) =>
      playAll(table({ ...proper, opts }), [
        { type: 'eat', seat: 2, card: 'ROO-HONG', take: 'ROO-Y1' },
        { type: 'chooseAttr', seat: 2, card: 'ROO-HONG', attr: '红气' },
      ]);
    expect(sideScore(go(), 0).daziCount).toBe(2);
    expect(go().step).toMatchObject({ k: 'turn', seat: 3 }); // team ban
    expect(go({ team_fuji_ban_scope: 'player' }).step).toEqual({ k: 'window', seat: 2, queue: [] });
  });
});
