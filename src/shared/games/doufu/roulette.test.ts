// Spec §9.3 — deck exhaustion and 轮盘蒙打 (T-26 … T-31).
import { describe, expect, it } from 'vitest';
import { doufu } from './game';
import { areaCodes, play, playAll, skillOf, table } from './testing';
import { MOD, PHASE } from './types';

describe('9.3 deck exhaustion and 轮盘蒙打', () => {
  it('9.3.1 T-26 the deck empties on 摸牌: modifiers and unused skills die, hands become the spread, P1 starts', () => {
    const s = table({
      exactDeck: true,
      deck: ['PIG-Y1'],
      hands: { 0: ['RAT-Y1', 'RAT-Y2', 'OX-Y1', 'OX-Y2'], 1: ['TIG-Y1', 'RAB-Y1', 'RAB-Y2'], 2: ['DRA-Y1', 'DRA-Y2', 'SNA-Y1', 'SNA-Y2'] },
      areas: { 2: ['DOG-FU', 'DOG-Y1'] },
      pending: { 1: [{ kind: MOD.ONLY_EAT, seq: 1, by: 0 }] },
    });
    const after = play(s, { type: 'draw', seat: 0 });
    expect(after.deck).toEqual([]);
    expect(after.phase).toBe(PHASE.ROULETTE);
    expect(after.pending[1]).toEqual([]);
    expect(skillOf(after, 'DOG-FU')).toBe('void');
    expect(after.spread).toHaveLength(12);
    expect(after.spread.sort()).toEqual([...s.hands.flat(), 'PIG-Y1'].sort());
    expect(after.hands).toEqual([[], [], []]);
    expect(after.step).toEqual({ k: 'roulette', seat: 1 });
  });

  it('9.3.2 T-27 the deck empties on 福兔 in the start phase: no 摸/叠蒙, eat or pass, Roulette starts with P1', () => {
    const s = table({ exactDeck: true, deck: ['PIG-Y1'], hands: { 0: ['RAT-Y1', 'OX-Y1', 'TIG-Y1'] }, areas: { 0: ['RAB-FU', 'RAB-Y1'] }, pool: ['HOR-HE'] });
    const after = play(s, { type: 'skill', seat: 0, card: 'RAB-FU', target: 0 });
    expect(after.hands.flat()).toEqual([]); // P0 drew the last card, could not act, passed; Roulette took the hands
    expect(after.spread.sort()).toEqual(['OX-Y1', 'PIG-Y1', 'RAT-Y1', 'TIG-Y1']);
    expect(after.step).toEqual({ k: 'roulette', seat: 1 });
    // With a matching card P0 may (only) eat.
    const canEat = table({ exactDeck: true, deck: ['HOR-Y1'], hands: { 0: ['RAT-Y1'] }, areas: { 0: ['RAB-FU', 'RAB-Y1'] }, pool: ['HOR-HE'] });
    const mid = play(canEat, { type: 'skill', seat: 0, card: 'RAB-FU', target: 0 });
    expect(doufu.legalMoves(mid, 0).map((m) => m.type)).toEqual(['eat']);
    expect(play(mid, { type: 'eat', seat: 0, card: 'HOR-Y1', take: 'HOR-HE' }).step).toEqual({ k: 'roulette', seat: 1 });
  });

  const rouletteAt = (opts = {}) =>
    table({
      exactDeck: true,
      phase: PHASE.ROULETTE,
      pool: ['HOR-Y1', 'DOG-FU', 'PIG-HE'],
      spread: ['DOG-Y2', 'RAT-Y1', 'OX-Y1'],
      step: { k: 'roulette', seat: 1 },
      opts,
    });

  it('9.3.3 T-28 a Roulette match lets the player flip again; a miss passes the turn', () => {
    let s = play(rouletteAt(), { type: 'flip', seat: 1, index: 0 });
    expect(areaCodes(s, 1).sort()).toEqual(['DOG-FU', 'DOG-Y2']);
    expect(skillOf(s, 'DOG-FU')).toBe('void'); // skills are dead in Roulette
    expect(s.step).toEqual({ k: 'roulette', seat: 1 });
    s = play(s, { type: 'flip', seat: 1, index: 0 }); // RAT-Y1: a miss
    expect(s.pool.flat()).toContain('RAT-Y1');
    expect(s.step).toEqual({ k: 'roulette', seat: 2 });
    const once = play(rouletteAt({ roulette_continue_on_match: false }), { type: 'flip', seat: 1, index: 0 });
    expect(once.step).toEqual({ k: 'roulette', seat: 2 });
  });

  it('9.3.4 T-29 Roulette takes a 三叠: bonus, no window, keeps flipping, next Roulette turn skipped', () => {
    let s = table({
      exactDeck: true,
      phase: PHASE.ROULETTE,
      pool: [['RAB-FU', 'RAB-ZI', 'RAB-Y1'], 'OX-Y1'],
      spread: ['RAB-Y2', 'PIG-Y1', 'DOG-Y1', 'TIG-Y1', 'GOA-Y1'],
      step: { k: 'roulette', seat: 2 },
    });
    s = play(s, { type: 'flip', seat: 2, index: 0 });
    expect(areaCodes(s, 2).sort()).toEqual(['RAB-FU', 'RAB-Y1', 'RAB-Y2', 'RAB-ZI']);
    expect(s.santieBonus[2]).toBe(1);
    expect(s.step).toEqual({ k: 'roulette', seat: 2 }); // no window, flips again
    s = play(s, { type: 'flip', seat: 2, index: 0 }); // PIG-Y1 misses
    s = play(s, { type: 'flip', seat: 0, index: 0 }); // DOG-Y1 misses
    s = play(s, { type: 'flip', seat: 1, index: 0 }); // TIG-Y1 misses
    expect(s.step).toEqual({ k: 'roulette', seat: 0 }); // P2's turn was skipped
  });

  it('9.3.5 T-30 流局: no 福气 change, 涅槃 pending, same 福神', () => {
    const s = table({ exactDeck: true, phase: PHASE.ROULETTE, pool: ['OX-Y1'], spread: ['RAT-Y1'], step: { k: 'roulette', seat: 2 } });
    const after = play(s, { type: 'flip', seat: 2, index: 0 });
    expect(after.lastHand).toEqual({ kind: 'liuju' });
    expect(after.fuqi).toEqual([24, 24, 24]);
    expect(after.nirvana).toBe(1);
    expect(after.fushen).toBe(0);
    expect(after.handNo).toBe(s.handNo + 1);
  });

  it('9.3.6 T-31 every hand empty when the deck runs out: 流局 at once', () => {
    const s = table({ exactDeck: true, deck: ['PIG-Y1'], hands: { 0: ['RAT-Y1'] }, pool: ['OX-Y1'] });
    const after = playAll(s, [{ type: 'stack', seat: 0, card: 'RAT-Y1' }]); // misses; no hand card left for 蒙换
    expect(after.lastHand).toEqual({ kind: 'liuju' });
    expect(after.nirvana).toBe(1);
  });
});
