// Spec §9.7 — the 2v2 team variant (T-78 … T-83).
import { describe, expect, it } from 'vitest';
import { stealable } from './acquire';
import { doufu } from './game';
import { reshuffleQueue } from './setup';
import { sideOf } from './state';
import { play, playAll, skillOf, table } from './testing';
import type { SkillMove } from './types';

const skills = (s: ReturnType<typeof table>, seat: number, card: string) =>
  doufu.legalMoves(s, seat).filter((m): m is SkillMove => m.type === 'skill' && m.card === card);

describe('9.7 2v2', () => {
  it('9.7.1 T-78 a team needs two combos: 连中三元 + one 人和 set may declare (W = 6)', () => {
    let s = table({ mode: '2v2', areas: { 0: ['TIG-JIN', 'TIG-Y1', 'MON-JIN', 'MON-Y1', 'ROO-JIN', 'ROO-FU'] }, hands: { 0: ['ROO-Y1'] }, pool: ['ROO-HONG'] });
    s = play(s, { type: 'eat', seat: 0, card: 'ROO-Y1', take: 'ROO-HONG' });
    s = play(s, { type: 'chooseAttr', seat: 0, card: 'ROO-HONG', attr: '红气' });
    expect(s.step).toEqual({ k: 'window', seat: 0, queue: [2] }); // either member may declare
    s = play(s, { type: 'decline', seat: 0 });
    expect(s.step).toEqual({ k: 'window', seat: 2, queue: [] });
    const won = play(s, { type: 'declare', seat: 2 });
    expect(won.fuqi).toEqual([24, 18]);
    expect(won.lastHand).toMatchObject({ kind: 'won', declarer: 0, seat: 2, W: 6 });
    // One combo is not enough.
    const one = play(table({ mode: '2v2', areas: { 0: ['TIG-JIN', 'TIG-Y1', 'MON-JIN', 'MON-Y1'] }, hands: { 0: ['ROO-Y1'] }, pool: ['ROO-JIN'] }), {
      type: 'eat',
      seat: 0,
      card: 'ROO-Y1',
      take: 'ROO-JIN',
    });
    expect(one.step).toMatchObject({ k: 'turn', seat: 1 });
  });

  it('9.7.2 T-79 shared skills: either member may use a team card, once', () => {
    let s = table({ mode: '2v2', turn: 2, areas: { 0: ['OX-FU', 'OX-Y1'] }, hands: { 1: ['RAT-Y1'], 2: ['TIG-Y1'] } });
    expect(skills(s, 2, 'OX-FU').map((m) => m.target)).toEqual([0, 1, 3]); // the teammate P0 included
    s = play(s, { type: 'skill', seat: 2, card: 'OX-FU', target: 1 });
    s = play(s, { type: 'skipSwap', seat: 2 });
    expect(skillOf(s, 'OX-FU')).toBe('used');
    s = playAll(s, [{ type: 'draw', seat: 2 }, { type: 'draw', seat: 3 }]);
    expect(s.step).toMatchObject({ k: 'turn', seat: 0 });
    expect(skills(s, 0, 'OX-FU')).toEqual([]);
  });

  it('9.7.3 T-80 targets: 福龙 and the steal hit the other team; 福蛇 spans both teams; 福牛 may look at a teammate', () => {
    const s = table({
      mode: '2v2',
      areas: { 0: ['DRA-FU', 'DRA-Y1', { code: 'SNA-FU', attr: '福' }, 'SNA-Y1', 'OX-FU', 'OX-Y2'], 1: ['SNA-Y2', 'SNA-ZI', 'RAT-Y1', 'RAT-Y2'] },
      hands: { 2: ['HOR-Y1'] },
    });
    expect(new Set(skills(s, 0, 'DRA-FU').map((m) => m.target))).toEqual(new Set([1, 3]));
    expect(skills(s, 0, 'SNA-FU').every((m) => sideOf(s, m.target!) !== sideOf(s, m.target2!))).toBe(true);
    expect(skills(s, 0, 'SNA-FU').length).toBeGreaterThan(0);
    expect(skills(s, 0, 'OX-FU').map((m) => m.target)).toContain(2);
    expect(stealable(s, 0).sort()).toEqual(['RAT-Y1', 'RAT-Y2', 'SNA-Y2']);
    expect(stealable(s, 1).sort()).toEqual(['DRA-Y1', 'OX-Y2', 'SNA-Y1']);
  });

  it('9.7.4 T-81 reshuffles in 2v2: one per member, the first player never changes', () => {
    let s = table({ mode: '2v2', step: { k: 'chooseFirst', seats: [0, 2] } });
    expect(doufu.status(s).toAct).toEqual([0, 2]);
    s = play(s, { type: 'chooseFirst', seat: 0, first: 2 });
    expect(s.fushen).toBe(2);
    expect(s.step).toEqual({ k: 'reshuffle', seat: 2, queue: [0] });
    s = play(s, { type: 'reshuffle', seat: 2 });
    expect(s.step).toEqual({ k: 'reshuffle', seat: 0, queue: [] });
    s = play(s, { type: 'reshuffle', seat: 0 });
    expect(s.fushen).toBe(2);
    expect(s.reshuffleUsed).toEqual([true, false, true, false]);
    expect(s.step.k).not.toBe('reshuffle');
    expect(reshuffleQueue({ ...s, fushen: 0 })).toEqual([]);
  });

  it('9.7.5 T-82 the end of a 2v2 match', () => {
    const s = play(
      table({ mode: '2v2', fuqi: [24, 4], areas: { 0: ['TIG-JIN', 'TIG-Y1', 'MON-JIN', 'MON-Y1', 'ROO-JIN', 'ROO-FU', { code: 'ROO-HONG', attr: '红气' }, 'ROO-Y1'] }, step: { k: 'window', seat: 0, queue: [] } }),
      { type: 'declare', seat: 0 },
    );
    expect(s.fuqi).toEqual([24, -2]);
    expect(doufu.status(s)).toMatchObject({ over: true, winners: [0, 2], scores: [24, -2, 24, -2] });
  });

  it('9.7.6 T-83 天时 in 2v2 (exempt from the two-combo rule unless the option is off)', () => {
    const hands = { 1: ['HOR-FU', 'HOR-HE', 'HOR-Y1', 'HOR-Y2'] };
    const s = table({ mode: '2v2', hands, at: 'dealWindows' });
    expect(s.step).toEqual({ k: 'dealWindow', seat: 1, queue: [] });
    expect(play(s, { type: 'declare', seat: 1 }).fuqi).toEqual([12, 24]);
    expect(table({ mode: '2v2', hands, at: 'dealWindows', opts: { team_tianshi_exempt: false } }).step.k).toBe('turn');
  });
});
