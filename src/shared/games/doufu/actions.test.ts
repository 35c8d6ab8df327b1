// Spec §9.2 — actions (T-12 … T-25).
import { describe, expect, it } from 'vitest';
import { DOUFU_ERRORS } from './explain';
import { doufu } from './game';
import { areaCodes, legalTypes, play, playAll, refusal, skillOf, table } from './testing';
import { sideScore } from './state';

describe('9.2 actions', () => {
  it('9.2.1 T-12 摸牌 and the hand limit', () => {
    const full = table({ hands: { 0: ['RAT-Y1', 'OX-Y1', 'TIG-Y1', 'RAB-Y1', 'DRA-Y1'] }, pool: ['PIG-HE'] });
    expect(refusal(full, { type: 'draw', seat: 0 })).toBe(DOUFU_ERRORS.HAND_FULL);
    const s = table({ hands: { 0: ['RAT-Y1', 'TIG-Y1', 'RAB-Y1', 'DRA-Y1'] }, deck: ['OX-Y1'] });
    const after = play(s, { type: 'draw', seat: 0 });
    expect(after.hands[0]).toHaveLength(5);
    expect(after.hands[0]).toContain('OX-Y1');
    expect(after.deck).toHaveLength(s.deck.length - 1);
  });

  it('9.2.2 T-13 吃牌: both cards to the score area, S stays 0, no window', () => {
    const s = table({ hands: { 0: ['OX-Y1', 'RAT-Y1'] }, pool: ['OX-HONG', 'TIG-Y1'] });
    const after = play(s, { type: 'eat', seat: 0, card: 'OX-Y1', take: 'OX-HONG' });
    expect(areaCodes(after, 0).sort()).toEqual(['OX-HONG', 'OX-Y1']);
    expect(after.pool.flat()).toEqual(['TIG-Y1']);
    expect(after.hands[0]).toEqual(['RAT-Y1']);
    expect(sideScore(after, 0).S).toBe(0);
    expect(after.step).toMatchObject({ k: 'turn', seat: 1 });
  });

  it('9.2.3 T-14 eating one card of a pool pair', () => {
    const s = table({ hands: { 0: ['HOR-FU'] }, pool: ['HOR-HE', 'HOR-Y1'] });
    const after = play(s, { type: 'eat', seat: 0, card: 'HOR-FU', take: 'HOR-HE' });
    expect(areaCodes(after, 0).sort()).toEqual(['HOR-FU', 'HOR-HE']);
    expect(after.pool).toEqual([['HOR-Y1']]);
  });

  it('9.2.4 T-15 叠蒙 illegal when every hand zodiac is in the pool; 吃 legal; 摸 illegal (full)', () => {
    const s = table({
      hands: { 0: ['RAT-Y1', 'OX-Y1', 'TIG-Y1', 'RAB-Y1', 'DRA-Y1'] },
      pool: ['RAT-HE', 'OX-HONG', 'TIG-HONG', 'RAB-ZI', 'DRA-FU', 'SNA-ZI', 'HOR-HE'],
    });
    expect(legalTypes(s, 0)).toEqual(['eat']);
    expect(refusal(s, { type: 'stack', seat: 0, card: 'RAT-Y1' })).toBe(DOUFU_ERRORS.ZODIAC_IN_POOL);
    expect(refusal(s, { type: 'draw', seat: 0 })).toBe(DOUFU_ERRORS.HAND_FULL);
    expect(refusal(s, { type: 'flip', seat: 0, index: 0 })).toBe(DOUFU_ERRORS.WRONG_STEP);
  });

  it('9.2.5 T-16 hit on the stacked card, then steal one 单运 (not 双运); no 蒙换', () => {
    const s = table({
      players: 2,
      hands: { 0: ['RAT-Y1', 'OX-Y1'] },
      pool: ['TIG-Y1'],
      deck: ['RAT-HE'],
      areas: { 1: ['MON-JIN', 'MON-Y1', 'ROO-JIN', { code: 'ROO-HONG', attr: '双运' }] },
    });
    const hit = play(s, { type: 'stack', seat: 0, card: 'RAT-Y1' });
    expect(areaCodes(hit, 0).sort()).toEqual(['RAT-HE', 'RAT-Y1']);
    expect(hit.step).toEqual({ k: 'steal', seat: 0 });
    expect(doufu.legalMoves(hit, 0)).toEqual([
      { type: 'steal', seat: 0, card: 'MON-Y1' },
      { type: 'skipSteal', seat: 0 },
    ]);
    const after = play(hit, { type: 'steal', seat: 0, card: 'MON-Y1' });
    expect(areaCodes(after, 1)).toEqual(['MON-JIN', 'ROO-JIN', 'ROO-HONG']);
    expect(areaCodes(after, 0)).toContain('MON-Y1');
    expect(after.step).toMatchObject({ k: 'turn', seat: 1 }); // no 蒙换 after a hit
  });

  it('9.2.6 T-17 no 单运 to steal: the action ends after scoring the pair', () => {
    const s = table({
      players: 2,
      hands: { 0: ['RAT-Y1', 'OX-Y1'] },
      deck: ['RAT-HE'],
      areas: { 1: ['ROO-JIN', { code: 'ROO-HONG', attr: '双运' }] },
    });
    const after = play(s, { type: 'stack', seat: 0, card: 'RAT-Y1' });
    expect(areaCodes(after, 0).sort()).toEqual(['RAT-HE', 'RAT-Y1']);
    expect(after.step).toMatchObject({ k: 'turn', seat: 1 });
  });

  it('9.2.7 T-18 hit on a different pool card: score it with the flip; the stacked card stays; no steal, no 蒙换', () => {
    const s = table({ hands: { 0: ['HOR-Y1', 'OX-Y1'] }, pool: ['RAB-FU'], deck: ['RAB-ZI'], areas: { 1: ['TIG-Y1', 'TIG-HONG'] } });
    const after = play(s, { type: 'stack', seat: 0, card: 'HOR-Y1' });
    expect(areaCodes(after, 0).sort()).toEqual(['RAB-FU', 'RAB-ZI']);
    expect(after.pool).toEqual([['HOR-Y1']]);
    expect(after.step).toMatchObject({ k: 'turn', seat: 1 });
  });

  it('9.2.8 T-19 miss + 蒙换', () => {
    const s = table({ hands: { 0: ['DOG-Y1', 'DRA-Y1', 'RAT-Y1'] }, pool: ['TIG-JIN', 'OX-HONG'], deck: ['PIG-Y1'] });
    const miss = play(s, { type: 'stack', seat: 0, card: 'DOG-Y1' });
    expect(miss.step).toEqual({ k: 'swap', seat: 0 });
    const after = play(miss, { type: 'swap', seat: 0, give: 'DRA-Y1', take: 'TIG-JIN' });
    expect(after.pool.flat().sort()).toEqual(['DOG-Y1', 'DRA-Y1', 'OX-HONG', 'PIG-Y1']);
    expect(after.hands[0]!.sort()).toEqual(['RAT-Y1', 'TIG-JIN']);
    expect(after.areas[0]).toEqual([]);
    expect(after.step).toMatchObject({ k: 'turn', seat: 1 });
  });

  it('9.2.9 T-20 蒙换 creates a 三叠', () => {
    const s = table({ hands: { 0: ['SNA-Y2', 'DOG-Y1'] }, pool: ['SNA-ZI', 'SNA-Y1', 'OX-HONG'], deck: ['PIG-Y1'] });
    const miss = play(s, { type: 'stack', seat: 0, card: 'DOG-Y1' });
    const after = play(miss, { type: 'swap', seat: 0, give: 'SNA-Y2', take: 'OX-HONG' });
    expect(after.pool).toContainEqual(['SNA-ZI', 'SNA-Y1', 'SNA-Y2']);
  });

  it('9.2.10 T-21 蒙换 creates 荒牌: the hand is void (or play goes on with the option off)', () => {
    const spec = { hands: { 0: ['SNA-FU', 'DOG-Y1'] }, pool: [['SNA-ZI', 'SNA-Y1', 'SNA-Y2'], 'OX-HONG'], deck: ['PIG-Y1'], nirvana: 1 };
    const miss = play(table(spec), { type: 'stack', seat: 0, card: 'DOG-Y1' });
    const after = play(miss, { type: 'swap', seat: 0, give: 'SNA-FU', take: 'OX-HONG' });
    expect(after.lastHand).toEqual({ kind: 'huangpai', at: 'midhand' });
    expect(after.handNo).toBe(miss.handNo + 1);
    expect(after.fushen).toBe(0);
    expect(after.nirvana).toBe(1);
    expect(after.fuqi).toEqual([24, 24, 24]);
    const on = playAll(table({ ...spec, opts: { midhand_huangpai_voids_hand: false } }), [
      { type: 'stack', seat: 0, card: 'DOG-Y1' },
      { type: 'swap', seat: 0, give: 'SNA-FU', take: 'OX-HONG' },
    ]);
    expect(on.handNo).toBe(miss.handNo);
    expect(on.step).toMatchObject({ k: 'turn', seat: 1 });
  });

  it('9.2.11 T-22 a 三叠 cannot be split by 蒙换', () => {
    const s = table({ hands: { 0: ['DOG-Y1', 'OX-Y1'] }, pool: [['RAB-FU', 'RAB-ZI', 'RAB-Y1']], deck: ['PIG-Y1'] });
    const miss = play(s, { type: 'stack', seat: 0, card: 'DOG-Y1' });
    expect(refusal(miss, { type: 'swap', seat: 0, give: 'OX-Y1', take: 'RAB-FU' })).toBe(DOUFU_ERRORS.SANTIE);
    // With santie_splittable the swap is allowed and the rest become singles.
    const split = playAll(table({ hands: { 0: ['DOG-Y1', 'OX-Y1'] }, pool: [['RAB-FU', 'RAB-ZI', 'RAB-Y1']], deck: ['PIG-Y1'], opts: { santie_splittable: true } }), [
      { type: 'stack', seat: 0, card: 'DOG-Y1' },
      { type: 'swap', seat: 0, give: 'OX-Y1', take: 'RAB-FU' },
    ]);
    expect(split.pool).toContainEqual(['RAB-ZI']);
    expect(split.hands[0]).toContain('RAB-FU');
  });

  it('9.2.12 T-23 eating a 三叠: 4 cards, a set, +1 bonus, no window, next turn skipped, then skills', () => {
    let s = table({ turn: 1, hands: { 1: ['RAB-Y2', 'OX-Y1'] }, pool: [['RAB-FU', 'RAB-ZI', 'RAB-Y1']] });
    s = play(s, { type: 'eat', seat: 1, card: 'RAB-Y2', take: 'RAB-ZI' }); // any card of the 三叠 names it
    expect(areaCodes(s, 1).sort()).toEqual(['RAB-FU', 'RAB-Y1', 'RAB-Y2', 'RAB-ZI']);
    expect(skillOf(s, 'RAB-FU')).toBe('unused');
    expect(sideScore(s, 1)).toMatchObject({ sets: 1, T: 1, S: 2 });
    expect(s.santieSkip[1]).toBe(true);
    expect(s.step).toMatchObject({ k: 'turn', seat: 2 }); // S 0→2 but no window
    s = playAll(s, [
      { type: 'draw', seat: 2 },
      { type: 'draw', seat: 0 },
    ]);
    expect(s.step).toMatchObject({ k: 'turn', seat: 2 }); // P1's turn was skipped
    expect(s.santieSkip[1]).toBe(false);
    s = playAll(s, [
      { type: 'draw', seat: 2 },
      { type: 'draw', seat: 0 },
    ]);
    expect(s.step).toEqual({ k: 'turn', seat: 1, skills: true });
    expect(doufu.legalMoves(s, 1)).toContainEqual({ type: 'skill', seat: 1, card: 'RAB-FU', target: 1 });
  });

  it('9.2.13 T-24 the 三叠 bonus survives a break', () => {
    const s = table({
      hands: { 0: ['HOR-Y1', 'OX-Y1'] },
      deck: ['HOR-HE'],
      areas: { 1: ['RAB-Y2', 'RAB-FU', 'RAB-ZI', 'RAB-Y1'] },
      santieBonus: { 1: 1 },
    });
    expect(sideScore(s, 1).S).toBe(2);
    const after = playAll(s, [
      { type: 'stack', seat: 0, card: 'HOR-Y1' },
      { type: 'steal', seat: 0, card: 'RAB-Y1' },
    ]);
    expect(sideScore(after, 1)).toMatchObject({ sets: 0, T: 1, H: 1, S: 1 });
    expect(after.step).toMatchObject({ k: 'turn', seat: 1 }); // P1 has no qualifying combo: no window
  });

  it('9.2.14 T-25 a 三叠 taken by a flip', () => {
    const s = table({ hands: { 0: ['HOR-Y1', 'OX-Y1'] }, pool: [['RAB-FU', 'RAB-ZI', 'RAB-Y1']], deck: ['RAB-Y2'], areas: { 1: ['TIG-Y1', 'TIG-JIN'] } });
    const after = play(s, { type: 'stack', seat: 0, card: 'HOR-Y1' });
    expect(areaCodes(after, 0).sort()).toEqual(['RAB-FU', 'RAB-Y1', 'RAB-Y2', 'RAB-ZI']);
    expect(after.pool).toEqual([['HOR-Y1']]);
    expect(after.santieSkip[0]).toBe(true);
    expect(after.santieBonus[0]).toBe(1);
    expect(after.step).toMatchObject({ k: 'turn', seat: 1 });
  });
});
