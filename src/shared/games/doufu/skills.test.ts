// Spec §9.4 — skills (T-32 … T-58).
import { describe, expect, it } from 'vitest';
import { seedRng } from '../../util/rng';
import { DOUFU_ERRORS } from './explain';
import { doufu } from './game';
import { sideScore } from './state';
import { areaCodes, legalTypes, play, playAll, playEv, refusal, skillOf, table } from './testing';
import { MOD } from './types';

const skill = (seat: number, card: string, extra: Record<string, unknown> = {}) => ({ type: 'skill' as const, seat, card, ...extra });

describe('9.4 skills', () => {
  it('9.4.1 T-32 福鼠 forces 叠蒙', () => {
    let s = table({ areas: { 0: ['RAT-FU', 'RAT-Y1'] }, hands: { 0: ['PIG-Y1'], 1: ['OX-Y1', 'TIG-Y1'] }, pool: ['OX-HONG'] });
    s = play(s, skill(0, 'RAT-FU', { target: 1 }));
    expect(skillOf(s, 'RAT-FU')).toBe('used');
    expect(s.pending[1]).toEqual([{ kind: MOD.ONLY_STACK, seq: 11, by: 0 }]);
    s = play(s, { type: 'draw', seat: 0 });
    expect(doufu.legalMoves(s, 1)).toEqual([{ type: 'stack', seat: 1, card: 'TIG-Y1' }]);
    expect(refusal(s, { type: 'eat', seat: 1, card: 'OX-Y1', take: 'OX-HONG' })).toBe(DOUFU_ERRORS.RESTRICTED);
    expect(refusal(s, { type: 'draw', seat: 1 })).toBe(DOUFU_ERRORS.RESTRICTED);
  });

  it('9.4.2 T-33 福鼠 leads to a skip when 叠蒙 is impossible (or the hand is empty)', () => {
    for (const hand of [['OX-Y1'], []]) {
      let s = table({ areas: { 0: ['RAT-FU', 'RAT-Y1'] }, hands: { 0: ['PIG-Y1'], 1: hand }, pool: ['OX-HONG'] });
      s = playAll(s, [skill(0, 'RAT-FU', { target: 1 }), { type: 'draw', seat: 0 }]);
      expect(s.step).toMatchObject({ k: 'turn', seat: 2 });
      expect(s.pending[1]).toEqual([]);
    }
  });

  it('9.4.3 T-34 福猴 forces 吃 (or skips)', () => {
    let s = table({ areas: { 0: ['MON-FU', 'MON-Y1'] }, hands: { 0: ['PIG-Y1'], 2: ['HOR-Y1', 'DOG-Y1'] }, pool: ['DOG-HE'] });
    s = playAll(s, [skill(0, 'MON-FU', { target: 2 }), { type: 'draw', seat: 0 }, { type: 'draw', seat: 1 }]);
    expect(doufu.legalMoves(s, 2)).toEqual([{ type: 'eat', seat: 2, card: 'DOG-Y1', take: 'DOG-HE' }]);
    let v = table({ areas: { 0: ['MON-FU', 'MON-Y1'] }, hands: { 0: ['PIG-Y1'], 2: ['HOR-Y1', 'DOG-Y1'] }, pool: ['OX-HONG'] });
    v = playAll(v, [skill(0, 'MON-FU', { target: 2 }), { type: 'draw', seat: 0 }, { type: 'draw', seat: 1 }]);
    expect(v.step).toMatchObject({ k: 'turn', seat: 0 }); // P2 skipped
  });

  it('9.4.4 T-35 后发先制: the later 福猴 beats the earlier 福鼠', () => {
    let s = table({ areas: { 0: ['RAT-FU', 'RAT-Y1'], 1: ['MON-FU', 'MON-Y1'] }, hands: { 2: ['DOG-Y1', 'HOR-Y1'] }, pool: ['DOG-HE'] });
    s = playAll(s, [skill(0, 'RAT-FU', { target: 2 }), { type: 'draw', seat: 0 }, skill(1, 'MON-FU', { target: 2 }), { type: 'draw', seat: 1 }]);
    expect(s.pending[2]!.map((m) => m.kind)).toEqual([MOD.ONLY_STACK, MOD.ONLY_EAT]);
    expect(legalTypes(s, 2)).toEqual(['eat']);
    s = play(s, { type: 'eat', seat: 2, card: 'DOG-Y1', take: 'DOG-HE' });
    expect(s.pending[2]).toEqual([]); // all cleared
  });

  it('9.4.5 T-36 overriding with a self-applied skill', () => {
    let s = table({ areas: { 1: ['MON-FU', 'MON-Y1'], 2: ['RAT-FU', 'RAT-Y1'] }, turn: 1, hands: { 2: ['DOG-Y1', 'HOR-Y1'] }, pool: ['DOG-HE'] });
    s = playAll(s, [skill(1, 'MON-FU', { target: 2 }), { type: 'draw', seat: 1 }, skill(2, 'RAT-FU', { target: 2 })]);
    expect(legalTypes(s, 2)).toEqual(['stack']);
  });

  it('9.4.6 T-37 福猪 skips the next turn entirely; the turn after is normal', () => {
    let s = table({ areas: { 0: ['PIG-FU', 'PIG-Y1'], 1: ['OX-FU', 'OX-Y1'] } });
    s = playAll(s, [skill(0, 'PIG-FU', { target: 1 }), { type: 'draw', seat: 0 }]);
    expect(s.step).toMatchObject({ k: 'turn', seat: 2 }); // P1 skipped at T3, OX-FU unusable
    expect(s.pending[1]).toEqual([]);
    expect(skillOf(s, 'OX-FU')).toBe('unused');
    s = playAll(s, [{ type: 'draw', seat: 2 }, { type: 'draw', seat: 0 }]);
    expect(s.step).toEqual({ k: 'turn', seat: 1, skills: true });
  });

  it('9.4.7 T-38 福猪 overridden by a later modifier', () => {
    let s = table({ areas: { 0: ['PIG-FU', 'PIG-Y1'], 1: ['RAT-FU', 'RAT-Y1'], 2: ['OX-FU', 'OX-Y1'] }, hands: { 2: ['DOG-Y1'] } });
    s = playAll(s, [skill(0, 'PIG-FU', { target: 2 }), { type: 'draw', seat: 0 }, skill(1, 'RAT-FU', { target: 2 }), { type: 'draw', seat: 1 }]);
    expect(s.step).toEqual({ k: 'turn', seat: 2, skills: true }); // not skipped; may use a skill
    expect(legalTypes(s, 2)).toEqual(['stack', 'skill']);
  });

  it('9.4.8 T-39 a latest SKIP cannot be overridden by the victim', () => {
    let s = table({ areas: { 1: ['PIG-FU', 'PIG-Y1'], 2: ['RAT-FU', 'RAT-Y1'] }, turn: 1 });
    s = playAll(s, [skill(1, 'PIG-FU', { target: 2 }), { type: 'draw', seat: 1 }]);
    expect(s.step).toMatchObject({ k: 'turn', seat: 0 });
    expect(skillOf(s, 'RAT-FU')).toBe('unused');
  });

  it('9.4.9 T-40 福牛: look, optionally swap one card; never on self', () => {
    let s = table({ areas: { 0: ['OX-FU', 'OX-Y2'] }, hands: { 0: ['OX-Y1'], 1: ['RAT-Y1', 'GOA-ZI', 'MON-Y1'] } });
    expect(refusal(s, skill(0, 'OX-FU', { target: 0 }))).toBe(DOUFU_ERRORS.SKILL_TARGET);
    s = play(s, skill(0, 'OX-FU', { target: 1 }));
    expect(s.step).toEqual({ k: 'ox', seat: 0, target: 1 });
    expect(doufu.view(s, 0).peek).toEqual({ target: 1, hand: ['RAT-Y1', 'GOA-ZI', 'MON-Y1'] });
    expect(doufu.view(s, 2).peek).toBeNull();
    s = play(s, { type: 'swap', seat: 0, give: 'OX-Y1', take: 'GOA-ZI' });
    expect(s.hands[0]).toEqual(['GOA-ZI']);
    expect(s.hands[1]).toEqual(['RAT-Y1', 'OX-Y1', 'MON-Y1']);
    expect(doufu.view(s, 0).peek).toBeNull(); // only while the skill resolves
  });

  it('9.4.10 T-41 福虎: the pool into the deck, reshuffled, dealt back; normalizePool runs', () => {
    const s = table({ areas: { 0: ['TIG-FU', 'TIG-Y1'] }, pool: [['RAB-FU', 'RAB-ZI', 'RAB-Y1'], 'OX-Y1', 'DOG-Y1', 'PIG-Y1', 'GOA-Y1'] });
    const deck = s.deck.length;
    const { state, events } = playEv(s, skill(0, 'TIG-FU'));
    expect(state.pool.flat()).toHaveLength(7);
    expect(state.deck).toHaveLength(deck);
    expect(events.some((e) => e.type === 'poolReset')).toBe(true);
    expect(state.pool.every((e) => e.length === 1 || e.length === 3)).toBe(true);
    // Seeded variants: scan generator states for a 三叠 and a 荒牌 after the reset.
    let santie = false;
    let huang = false;
    for (let k = 0; k < 20000 && !(santie && huang); k++) {
      const t = { ...s, rng: seedRng(`tiger-${k}`) };
      const r = doufu.apply(t, skill(0, 'TIG-FU'));
      if (!r.ok) throw new Error(r.code);
      if (r.events.some((e) => e.type === 'huangpai')) huang = r.state.lastHand?.kind === 'huangpai';
      else if (r.state.pool.some((e) => e.length === 3)) santie = true;
    }
    expect(santie && huang).toBe(true);
  });

  it('9.4.11 T-42 福兔: draws the deck top; refused on a full hand', () => {
    const s = table({ areas: { 0: ['RAB-FU', 'RAB-Y1'] }, hands: { 0: ['RAT-Y1', 'OX-Y1', 'TIG-Y1', 'DRA-Y1'], 1: ['HOR-Y1', 'GOA-Y1', 'MON-Y1', 'ROO-Y1', 'DOG-Y1'] }, deck: ['PIG-Y1'] });
    expect(refusal(s, skill(0, 'RAB-FU', { target: 1 }))).toBe(DOUFU_ERRORS.SKILL_TARGET);
    const after = play(s, skill(0, 'RAB-FU', { target: 0 }));
    expect(after.hands[0]).toHaveLength(5);
    expect(after.hands[0]).toContain('PIG-Y1');
  });

  it('9.4.12 T-43 福龙 takes a non-金/玉 card (by assigned attribute); a 福 card arrives VOID; no window', () => {
    const p1 = [{ code: 'ROO-FU', skill: 'used' as const }, 'ROO-JIN', 'TIG-JIN', 'TIG-Y1', 'PIG-YU', 'PIG-HE', { code: 'DRA-JIN', attr: '紫气' as const }, 'DRA-Y1'];
    const s = table({ areas: { 0: ['DRA-FU', 'DRA-Y2'], 1: p1 } });
    const takes = doufu
      .legalMoves(s, 0)
      .filter((m) => m.type === 'skill' && m.card === 'DRA-FU' && m.target === 1)
      .map((m) => (m as { take: string }).take);
    expect(takes.sort()).toEqual(['DRA-JIN', 'DRA-Y1', 'PIG-HE', 'ROO-FU', 'TIG-Y1']);
    const after = play(s, skill(0, 'DRA-FU', { target: 1, take: 'ROO-FU' }));
    expect(areaCodes(after, 0)).toContain('ROO-FU');
    expect(skillOf(after, 'ROO-FU')).toBe('void');
    expect(after.step).toMatchObject({ k: 'turn', seat: 0, skills: false });
    const id = table({ areas: { 0: ['DRA-FU', 'DRA-Y2'], 1: p1 }, opts: { fulong_exclusion_basis: 'card_identity' } });
    expect(refusal(id, skill(0, 'DRA-FU', { target: 1, take: 'DRA-JIN' }))).toBe(DOUFU_ERRORS.SKILL_TARGET);
  });

  it('9.4.13 T-44 福蛇 moves 玉猪: the lock follows it, its use-skills are void, the old holder is released', () => {
    let s = table({
      areas: {
        0: ['PIG-YU', 'PIG-HE', { code: 'RAB-FU', skill: 'void' }, 'RAB-Y1'],
        1: ['PIG-Y1', { code: 'PIG-FU', skill: 'used' }, 'HOR-FU', 'HOR-Y1'],
        2: [{ code: 'SNA-FU', attr: '福' }, 'SNA-Y1'],
      },
      turn: 2,
      hands: { 0: ['MON-Y1'] },
      pool: ['MON-FU'],
    });
    s = play(s, skill(2, 'SNA-FU', { target: 0, target2: 1, take: 'PIG-YU', take2: 'PIG-Y1' }));
    expect(areaCodes(s, 0).sort()).toEqual(['PIG-HE', 'PIG-Y1', 'RAB-FU', 'RAB-Y1']);
    expect(skillOf(s, 'RAB-FU')).toBe('void');
    expect(areaCodes(s, 1).sort()).toEqual(['HOR-FU', 'HOR-Y1', 'PIG-FU', 'PIG-YU']);
    expect(s.yuzhu).toMatchObject({ holder: 1, useSkills: false });
    expect(skillOf(s, 'HOR-FU')).toBe('void');
    expect(skillOf(s, 'PIG-FU')).toBe('used');
    expect(s.step).toMatchObject({ k: 'turn', seat: 2, skills: false }); // no windows
    s = playAll(s, [{ type: 'draw', seat: 2 }, { type: 'eat', seat: 0, card: 'MON-Y1', take: 'MON-FU' }]);
    expect(skillOf(s, 'MON-FU')).toBe('unused');
  });

  it('9.4.14 T-45 福蛇 illegal targets: no shared zodiac; the same player twice', () => {
    const s = table({ areas: { 0: [{ code: 'SNA-FU', attr: '福' }, 'SNA-Y1'], 1: ['RAT-Y1', 'RAT-Y2'], 2: ['OX-Y1', 'OX-Y2'] } });
    expect(refusal(s, skill(0, 'SNA-FU', { target: 1, target2: 2, take: 'RAT-Y1', take2: 'OX-Y1' }))).toBe(DOUFU_ERRORS.SKILL_NO_TARGET);
    expect(refusal(s, skill(0, 'SNA-FU', { target: 1, target2: 1, take: 'RAT-Y1', take2: 'RAT-Y2' }))).toBe(DOUFU_ERRORS.SKILL_NO_TARGET);
    // any_cards makes the first one legal.
    const any = table({ areas: { 0: [{ code: 'SNA-FU', attr: '福' }, 'SNA-Y1'], 1: ['RAT-Y1', 'RAT-Y2'], 2: ['OX-Y1', 'OX-Y2'] }, opts: { fushe_swap_rule: 'any_cards' } });
    expect(areaCodes(play(any, skill(0, 'SNA-FU', { target: 2, target2: 1, take: 'OX-Y1', take2: 'RAT-Y1' })), 1)).toContain('OX-Y1');
  });

  it('9.4.15 T-46 a 福马 hit is skill-caused (no window); the next action-caused change opens one', () => {
    let s = table({
      areas: { 0: ['SNA-ZI', 'SNA-Y1', 'RAB-ZI', 'RAB-Y1', 'HOR-FU', 'HOR-Y1'] },
      pool: ['GOA-ZI', 'DOG-HE'],
      deck: ['GOA-Y1'],
      hands: { 0: ['DOG-Y1'] },
    });
    s = play(s, skill(0, 'HOR-FU', { target: 0 }));
    expect(areaCodes(s, 0)).toEqual(expect.arrayContaining(['GOA-Y1', 'GOA-ZI']));
    expect(sideScore(s, 0).S).toBe(5);
    expect(s.step).toMatchObject({ k: 'turn', seat: 0 });
    s = play(s, { type: 'eat', seat: 0, card: 'DOG-Y1', take: 'DOG-HE' });
    expect(sideScore(s, 0).S).toBe(6);
    expect(s.step).toEqual({ k: 'window', seat: 0, queue: [] });
    s = play(s, { type: 'declare', seat: 0 });
    expect(s.fuqi).toEqual([24, 18, 18]);
  });

  it('9.4.16 T-47 a 福马 miss stays in the pool; no 蒙换; then the normal action', () => {
    const s = table({ areas: { 0: ['HOR-FU', 'HOR-Y1'] }, pool: ['OX-Y1'], deck: ['RAT-Y1'], hands: { 0: ['TIG-Y1'] } });
    const after = play(s, skill(0, 'HOR-FU', { target: 0 }));
    expect(after.pool.flat()).toEqual(['OX-Y1', 'RAT-Y1']);
    expect(after.step).toEqual({ k: 'turn', seat: 0, skills: false });
    expect(refusal(after, { type: 'swap', seat: 0, give: 'TIG-Y1', take: 'RAT-Y1' })).toBe(DOUFU_ERRORS.WRONG_STEP);
  });

  it('9.4.17 T-48 福羊: the hand into the deck, shuffle, redraw the same number', () => {
    const s = table({ areas: { 0: ['GOA-FU', 'GOA-Y1'] }, hands: { 1: ['RAT-Y1', 'OX-Y1', 'TIG-Y1'] } });
    const deck = s.deck.length;
    const after = play(s, skill(0, 'GOA-FU', { target: 1 }));
    expect(after.hands[1]).toHaveLength(3);
    expect(after.deck).toHaveLength(deck);
    const removed = play(table({ areas: { 0: ['GOA-FU', 'GOA-Y1'] }, hands: { 1: ['RAT-Y1', 'OX-Y1', 'TIG-Y1'] }, opts: { fuyang_discard_to: 'removed' } }), skill(0, 'GOA-FU', { target: 1 }));
    expect(removed.removed.sort()).toEqual(['OX-Y1', 'RAT-Y1', 'TIG-Y1']);
    expect(removed.deck).toHaveLength(deck - 3);
  });

  it('9.4.18 T-49 福鸡 out of turn, then the ban (no skills next turn, no window until it is served)', () => {
    let s = table({
      turn: 1,
      areas: { 0: ['ROO-FU', 'ROO-JIN', 'TIG-JIN', 'TIG-Y1', 'OX-FU', 'OX-Y1'] },
      hands: { 0: ['MON-Y1', 'PIG-Y1'], 1: ['HOR-Y2', 'DRA-Y1'] },
      pool: ['MON-JIN', 'PIG-YU'],
      deck: ['HOR-HE', 'RAT-Y2'],
    });
    s = play(s, { type: 'stack', seat: 1, card: 'HOR-Y2' });
    expect(s.step).toEqual({ k: 'fuji', seat: 0, stacker: 1, queue: [] });
    s = play(s, skill(0, 'ROO-FU', { target: 1 }));
    expect(s.step).toEqual({ k: 'arrange', seat: 0, cards: ['HOR-HE', 'RAT-Y2'] });
    expect(doufu.view(s, 1).step).toEqual({ k: 'arrange', seat: 0, count: 2 });
    s = play(s, { type: 'arrange', seat: 0, top: ['RAT-Y2'], bottom: ['HOR-HE'] });
    expect(s.pool.flat()).toContain('RAT-Y2');
    expect(s.deck[s.deck.length - 1]).toBe('HOR-HE');
    expect(skillOf(s, 'ROO-FU')).toBe('used');
    expect(s.step).toEqual({ k: 'swap', seat: 1 });
    s = playAll(s, [{ type: 'skipSwap', seat: 1 }, { type: 'draw', seat: 2 }]);
    expect(s.step).toEqual({ k: 'turn', seat: 0, skills: false }); // OX-FU is unused but banned
    s = play(s, { type: 'eat', seat: 0, card: 'MON-Y1', take: 'MON-JIN' });
    expect(sideScore(s, 0).S).toBe(5);
    expect(s.step).toMatchObject({ k: 'turn', seat: 1 }); // no window: the ban
    s = playAll(s, [{ type: 'draw', seat: 1 }, { type: 'draw', seat: 2 }]);
    expect(s.step).toEqual({ k: 'turn', seat: 0, skills: true }); // served
    s = play(s, { type: 'eat', seat: 0, card: 'PIG-Y1', take: 'PIG-YU' });
    expect(sideScore(s, 0).S).toBe(7);
    expect(s.step).toEqual({ k: 'window', seat: 0, queue: [] });
  });

  it('9.4.19 T-50 福鸡 on yourself gives no instant win (no window this turn or next)', () => {
    const luck = ['OX-Y1', 'OX-Y2', 'RAB-Y1', 'RAB-Y2', 'GOA-Y1', 'GOA-Y2', 'HOR-Y1', 'HOR-Y2']; // + ROO-Y1: y = 9
    let s = table({ areas: { 0: ['ROO-FU', 'ROO-Y1', ...luck] }, hands: { 0: ['DRA-Y2', 'PIG-Y1'] }, pool: ['PIG-HE'], deck: ['RAT-Y1', 'DRA-Y1'] });
    s = playAll(s, [{ type: 'stack', seat: 0, card: 'DRA-Y2' }, skill(0, 'ROO-FU', { target: 0 }), { type: 'arrange', seat: 0, top: ['DRA-Y1', 'RAT-Y1'], bottom: [] }]);
    expect(areaCodes(s, 0)).toEqual(expect.arrayContaining(['DRA-Y1', 'DRA-Y2']));
    expect(sideScore(s, 0).S).toBe(2); // y = 11
    expect(s.step.k).not.toBe('window');
    s = playAll(s, [{ type: 'draw', seat: 1 }, { type: 'draw', seat: 2 }]);
    s = play(s, { type: 'eat', seat: 0, card: 'PIG-Y1', take: 'PIG-HE' });
    expect(sideScore(s, 0).S).toBe(3);
    expect(s.step).toMatchObject({ k: 'turn', seat: 1 }); // still banned in the next own turn
  });

  it('9.4.20 T-51 one skill per turn also counts 福鸡 at your own 叠', () => {
    let s = table({ areas: { 0: ['ROO-FU', 'ROO-Y1', 'RAB-FU', 'RAB-Y1'] }, hands: { 0: ['DRA-Y2'] } });
    s = playAll(s, [skill(0, 'RAB-FU', { target: 0 }), { type: 'stack', seat: 0, card: 'DRA-Y2' }]);
    expect(s.step.k).not.toBe('fuji');
    expect(skillOf(s, 'ROO-FU')).toBe('unused');
  });

  it('9.4.21 T-52 福狗: a blind card of the target to the deck bottom; only the target learns it', () => {
    const s = table({ areas: { 0: ['DOG-FU', 'DOG-Y1'] }, hands: { 2: ['GOA-Y1', 'MON-Y1', 'PIG-HE'] } });
    expect(doufu.legalMoves(s, 0).filter((m) => m.type === 'skill' && m.target === 2)).toHaveLength(3); // indices 0..2
    const after = play(s, skill(0, 'DOG-FU', { target: 2, index: 1 }));
    const gone = after.deck[after.deck.length - 1]!;
    expect(['GOA-Y1', 'MON-Y1', 'PIG-HE']).toContain(gone);
    expect(after.hands[2]).toHaveLength(2);
    expect(after.deck).toHaveLength(s.deck.length + 1);
    expect(doufu.view(after, 2).discarded).toBe(gone);
    expect(doufu.view(after, 0).discarded).toBeNull();
    expect(doufu.view(after, 1).discarded).toBeNull();
  });

  it('9.4.22 T-53 the 玉猪 lock voids unused 福 skills now and later, not used ones', () => {
    let s = table({ areas: { 0: [{ code: 'OX-FU', skill: 'used' }, 'OX-Y1', 'RAB-FU', 'RAB-Y1'] }, hands: { 0: ['PIG-HE', 'HOR-Y1'] }, pool: ['PIG-YU', 'HOR-FU'] });
    s = play(s, { type: 'eat', seat: 0, card: 'PIG-HE', take: 'PIG-YU' });
    expect(skillOf(s, 'RAB-FU')).toBe('void');
    expect(skillOf(s, 'OX-FU')).toBe('used');
    expect(s.yuzhu).toEqual({ holder: 0, useSkills: true, sideways: false, inverted: false });
    s = playAll(s, [{ type: 'draw', seat: 1 }, { type: 'draw', seat: 2 }, { type: 'eat', seat: 0, card: 'HOR-Y1', take: 'HOR-FU' }]);
    expect(skillOf(s, 'HOR-FU')).toBe('void');
  });

  const imitation = () =>
    table({
      areas: { 0: ['PIG-YU', 'PIG-HE', { code: 'ROO-FU', skill: 'used' }, 'ROO-Y1'], 1: [{ code: 'TIG-FU', skill: 'used' }, 'TIG-Y1', 'OX-FU', 'OX-Y1', { code: 'DOG-FU', skill: 'void' }, 'DOG-Y1'] },
      pool: ['RAT-Y1', 'GOA-Y1'],
    });

  it('9.4.23 T-54 照猫画虎 imitates a USED 福 card of another player', () => {
    const s = imitation();
    expect(refusal(s, skill(0, 'PIG-YU', { imitate: 'OX-FU', target: 1 }))).toBe(DOUFU_ERRORS.SKILL_TARGET);
    expect(refusal(s, skill(0, 'PIG-YU', { imitate: 'DOG-FU', target: 1, index: 0 }))).toBe(DOUFU_ERRORS.SKILL_TARGET);
    expect(refusal(s, skill(0, 'PIG-YU', { imitate: 'ROO-FU', target: 0 }))).toBe(DOUFU_ERRORS.SKILL_TARGET);
    const { state, events } = playEv(s, skill(0, 'PIG-YU', { imitate: 'TIG-FU' }));
    expect(events.some((e) => e.type === 'poolReset')).toBe(true);
    expect(state.yuzhu.sideways).toBe(true);
    expect(skillOf(state, 'TIG-FU')).toBe('used');
  });

  it('9.4.24 T-55 废文任武 voids an UNUSED 福 card; not in the same turn as 照猫画虎', () => {
    let s = play(imitation(), skill(0, 'PIG-YU', { imitate: 'TIG-FU' }));
    expect(refusal(s, skill(0, 'PIG-YU', { annul: 'OX-FU' }))).toBe(DOUFU_ERRORS.SKILL_ONCE); // one skill per turn; start phase over
    s = playAll(s, [{ type: 'draw', seat: 0 }, { type: 'draw', seat: 1 }, { type: 'draw', seat: 2 }]);
    s = play(s, skill(0, 'PIG-YU', { annul: 'OX-FU' }));
    expect(skillOf(s, 'OX-FU')).toBe('void');
    expect(s.yuzhu).toMatchObject({ sideways: true, inverted: true });
  });

  it('9.4.25 T-56 imitating 福鸡 out of turn at another player’s 叠', () => {
    let s = table({ turn: 2, areas: { 0: ['PIG-YU', 'PIG-HE'], 1: [{ code: 'ROO-FU', skill: 'used' }, 'ROO-Y1'] }, hands: { 2: ['DRA-Y2'] } });
    s = play(s, { type: 'stack', seat: 2, card: 'DRA-Y2' });
    expect(s.step).toEqual({ k: 'fuji', seat: 0, stacker: 2, queue: [1] });
    s = play(s, skill(0, 'PIG-YU', { imitate: 'ROO-FU', target: 2 }));
    expect(s.step.k).toBe('arrange');
    expect(s.yuzhu.sideways).toBe(true);
    expect(s.fujiBan[0]).not.toBeNull();
  });

  it('9.4.26 T-57 one skill per turn', () => {
    let s = table({ areas: { 0: ['RAT-FU', 'RAT-Y1', 'OX-FU', 'OX-Y1'] } });
    s = play(s, skill(0, 'RAT-FU', { target: 1 }));
    expect(refusal(s, skill(0, 'OX-FU', { target: 1 }))).toBe(DOUFU_ERRORS.SKILL_ONCE);
    expect(doufu.legalMoves(s, 0).some((m) => m.type === 'skill')).toBe(false);
  });

  it('9.4.27 T-58 a skill-caused change gives no window; an action-caused one does', () => {
    const area = ['DRA-FU', { code: 'DRA-JIN', attr: '金' as const }, 'RAT-Y1', 'RAT-Y2', 'OX-Y1', 'OX-Y2', 'RAB-Y1', 'RAB-Y2', 'GOA-Y1', 'GOA-ZI', 'HOR-Y1', 'HOR-HE', 'DOG-Y1', 'DOG-FU'];
    let s = table({ areas: { 0: area, 1: ['SNA-Y1', 'SNA-Y2'] }, hands: { 0: ['PIG-Y1'] }, pool: ['PIG-HE'] });
    expect(sideScore(s, 0)).toMatchObject({ S: 0 });
    s = play(s, skill(0, 'DRA-FU', { target: 1, take: 'SNA-Y1' }));
    expect(sideScore(s, 0).S).toBe(1);
    expect(s.step).toMatchObject({ k: 'turn', seat: 0 });
    s = play(s, { type: 'eat', seat: 0, card: 'PIG-Y1', take: 'PIG-HE' });
    expect(sideScore(s, 0).S).toBe(2);
    expect(s.step).toEqual({ k: 'window', seat: 0, queue: [] });
    expect(play(s, { type: 'declare', seat: 0 }).fuqi).toEqual([24, 22, 22]);
  });
});
