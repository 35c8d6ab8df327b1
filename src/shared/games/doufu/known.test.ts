// What seats remember about other hands (DoufuView.known): a card taken by 蒙换 is known to every
// seat, a 福牛 user knows the hand it looked at and the cards its swap moved, and nobody keeps
// "knowing" a card once it has left that hand.
import { describe, expect, it } from 'vitest';
import { doufu } from './game';
import { invariantProblems } from './invariant';
import { play, table } from './testing';
import type { DoufuMove } from './types';

const skill = (seat: number, card: string, extra: Record<string, unknown> = {}) => ({ type: 'skill', seat, card, ...extra }) as DoufuMove;

describe('known hand cards', () => {
  it('蒙换: every seat (and a spectator) knows the taken card is in the swapper\'s hand, until it leaves', () => {
    const s = table({ hands: { 0: ['DOG-Y1', 'DRA-Y1', 'RAT-Y1'], 1: ['MON-Y1', 'GOA-Y1'] }, pool: ['TIG-JIN', 'OX-HONG'], deck: ['PIG-Y1'] });
    const miss = play(s, { type: 'stack', seat: 0, card: 'DOG-Y1' });
    const after = play(miss, { type: 'swap', seat: 0, give: 'DRA-Y1', take: 'TIG-JIN' });
    expect(doufu.view(after, 1).known).toEqual([['TIG-JIN'], [], []]);
    expect(doufu.view(after, 2).known).toEqual([['TIG-JIN'], [], []]);
    expect(doufu.view(after, null).known).toEqual([['TIG-JIN'], [], []]);
    expect(doufu.view(after, 0).known).toEqual([[], [], []]); // its own hand it sees anyway
    expect(invariantProblems(after)).toEqual([]);
    // Seat 1 passes its turn by drawing; seat 2 draws; seat 0 eats with the known card: nobody knows it in a hand any more.
    let t = play(after, { type: 'draw', seat: 1 });
    t = play(t, { type: 'draw', seat: 2 });
    expect(doufu.view(t, 1).known[0]).toEqual(['TIG-JIN']);
    const stacked = play(t, { type: 'stack', seat: 0, card: 'TIG-JIN' });
    expect(stacked.known).toEqual([]);
    expect(doufu.view(stacked, 1).known).toEqual([[], [], []]);
  });

  it('福牛: the user knows the hand it looked at; after a swap both seats know where the two cards went; others learn nothing', () => {
    let s = table({ areas: { 0: ['OX-FU', 'OX-Y2'] }, hands: { 0: ['OX-Y1'], 1: ['RAT-Y1', 'GOA-ZI', 'MON-Y1'] } });
    s = play(s, skill(0, 'OX-FU', { target: 1 }));
    expect(doufu.view(s, 0).known[1]!.sort()).toEqual(['GOA-ZI', 'MON-Y1', 'RAT-Y1']);
    expect(doufu.view(s, 2).known).toEqual([[], [], []]);
    s = play(s, { type: 'swap', seat: 0, give: 'OX-Y1', take: 'GOA-ZI' });
    expect(doufu.view(s, 0).known[1]!.sort()).toEqual(['MON-Y1', 'OX-Y1', 'RAT-Y1']);
    expect(doufu.view(s, 1).known[0]).toEqual(['GOA-ZI']); // the target saw which card it lost
    expect(doufu.view(s, 1).known[1]).toEqual([]);
    expect(doufu.view(s, 2).known).toEqual([[], [], []]);
    expect(doufu.view(s, null).known).toEqual([[], [], []]);
    expect(invariantProblems(s)).toEqual([]);
  });

  it('a new hand forgets everything', () => {
    let s = table({ areas: { 0: ['OX-FU', 'OX-Y2'] }, hands: { 0: ['OX-Y1'], 1: ['RAT-Y1'] } });
    s = play(s, skill(0, 'OX-FU', { target: 1 }));
    s = play(s, { type: 'skipSwap', seat: 0 });
    expect(s.known.length).toBe(1);
    const next = doufu.setup({ seed: 'known', players: 3, options: doufu.defaultOptions });
    expect(next.known).toEqual([]);
  });
});
