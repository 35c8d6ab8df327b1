/**
 * Settlement and end of hand (spec §5.7, §6, §7.10–§7.11): the settlement scenarios of §9.5,
 * every scenario of §9.6, the 2v2 settlement scenarios of §9.7, and the deal-time, 流局 and 荒牌
 * outcomes of §9.1–§9.3, each named `9.x.y (T-nn) …` after its place in spec §9; then the
 * house interpretations HI-52/HI-58/HI-59/HI-65 and property checks on random settlements.
 */
import { describe, expect, it } from 'vitest';
import { CARD_BY_CODE, type Attr } from './cards';
import { DEFAULT_OPTIONS, type DoufuOptions } from './options';
import { areaScore, type ScoreArea } from './scoring';
import { deadHand, drawnHand, nirvanaMultiplier, settle, type Party, type PartyScore, type SettleInput } from './settlement';

function area(...specs: string[]): ScoreArea {
  return specs.map((s) => {
    const [code, attr] = s.split(':');
    return { code, attr: (attr ?? CARD_BY_CODE.get(code)!.attrs[0]) as Attr };
  });
}
const o = (patch: Partial<DoufuOptions>): DoufuOptions => ({ ...DEFAULT_OPTIONS, ...patch });
/** A party with an abstract score. */
const P = (fuqi: number, B = 0, H = 0, nizhu = false): Party => ({ fuqi, active: fuqi > 0, score: { B, H, nizhu } });
const ffa = (parties: Party[], declarer = 0, extra: Partial<SettleInput> = {}) =>
  settle({ mode: 'ffa', declarer, parties, win: { kind: 'area' }, nirvanaPending: 0, ...extra });

const FOUR_GOLD = area('TIG-JIN', 'TIG-Y1', 'ROO-JIN', 'ROO-Y1', 'MON-JIN', 'MON-Y1', 'DRA-JIN:金', 'DRA-Y1');
const ALL_RATS = area('RAT-FU', 'RAT-HE', 'RAT-Y1', 'RAT-Y2');

describe('§9.5 settlement scenarios', () => {
  it('9.5.9 (T-67) W = 8; P1 with one 人和 set 24 → 17, P2 24 → 16, the declarer stays 24', () => {
    const r = ffa([
      { fuqi: 24, active: true, score: areaScore(FOUR_GOLD, 0) },
      { fuqi: 24, active: true, score: areaScore(ALL_RATS, 0) },
      { fuqi: 24, active: true, score: areaScore([], 0) },
    ]);
    expect([r.W, r.m, ...r.fuqiAfter]).toEqual([8, 1, 24, 17, 16]);
    expect(r.combos.map((c) => [c.name, c.points])).toEqual([['四海平生', 8]]);
    expect(r.lines.map((l) => [l.offset, l.paysW, l.rebound, l.loss])).toEqual([[0, 0, 0, 0], [1, 7, 0, 7], [0, 8, 0, 8]]);
    expect([r.matchOver, r.nextFortuneGod, r.nirvanaPending]).toEqual([false, 0, 0]);
  });

  it('9.5.10 (T-68) rebound: W = 1; P1 H = 2 sets + 1 三叠 = 3 loses 0, P2 loses 1, the declarer loses 2 → 22 / 24 / 23', () => {
    const p0 = areaScore(area('HOR-FU', 'HOR-HE', 'OX-FU', 'OX-HONG', 'TIG-FU', 'TIG-HONG', 'DOG-FU', 'DOG-HE', 'ROO-FU', 'ROO-Y1'), 0);
    const p1 = areaScore(area('MON-JIN', 'MON-FU', 'MON-HONG', 'MON-Y1', 'GOA-FU', 'GOA-ZI', 'GOA-Y1', 'GOA-Y2'), 1);
    expect([p0.B, p1.H]).toEqual([1, 3]);
    const r = ffa([{ fuqi: 24, active: true, score: p0 }, { fuqi: 24, active: true, score: p1 }, P(24)]);
    expect([r.W, r.rebound, ...r.loss, ...r.fuqiAfter]).toEqual([1, 2, 2, 0, 1, 22, 24, 23]);
    expect(r.lines[1]).toMatchObject({ offset: 3, paysW: 0, rebound: 2, loss: 0 });
  });

  it('9.5.11 (T-69) 涅槃: W = 2·6 + 1 = 13; P1 loses 13, P2 (4 鼠 as a 三叠, H = 2) loses 11; 涅槃 is used up', () => {
    const p0 = areaScore(area('SNA-ZI', 'SNA-Y1', 'RAB-ZI', 'RAB-Y1', 'GOA-ZI', 'GOA-Y1', 'HOR-FU', 'HOR-HE', 'HOR-Y1', 'HOR-Y2'), 0);
    expect([p0.B, p0.H]).toEqual([6, 1]);
    const r = ffa([{ fuqi: 24, active: true, score: p0 }, P(24), { fuqi: 24, active: true, score: areaScore(ALL_RATS, 1) }], 0, { nirvanaPending: 1 });
    expect([r.m, r.W, ...r.loss, r.nirvanaPending]).toEqual([2, 13, 0, 13, 11, 0]);
  });

  it('9.5.12 (T-70) two 流局 in a row, then a win: m = 2; with nirvana_stacking m = 4', () => {
    const twice = (opts?: DoufuOptions) => {
      const first = drawnHand({ nirvanaPending: 0, fortuneGod: 0 }, opts);
      return drawnHand({ nirvanaPending: first.nirvanaPending, fortuneGod: first.nextFortuneGod }, opts);
    };
    expect(twice()).toMatchObject({ nirvanaPending: 2, m: 2 });
    expect(twice(o({ nirvana_stacking: true }))).toMatchObject({ nirvanaPending: 2, m: 4 });
    expect(ffa([P(24, 5), P(24), P(24)], 0, { nirvanaPending: 2 }).W).toBe(10);
    expect(ffa([P(24, 5), P(24), P(24)], 0, { nirvanaPending: 2, opts: o({ nirvana_stacking: true }) }).W).toBe(20);
  });

  it('9.5.13 (T-71) 泥猪癞狗 on a non-declarer: W = 8, P1 loses 9; with the option off, 8', () => {
    const p1 = areaScore(area('DOG-FU', 'DOG-Y1', 'PIG-FU', 'PIG-Y1'), 0);
    const parties = [{ fuqi: 24, active: true, score: areaScore(FOUR_GOLD, 0) }, { fuqi: 24, active: true, score: p1 }, P(24)];
    expect(ffa(parties).loss[1]).toBe(9);
    expect(ffa(parties).lines[1]).toMatchObject({ paysW: 8, nizhu: 1, rebound: 0, loss: 9 });
    expect(ffa(parties, 0, { opts: o({ nizhu_applies_to_non_declarers: false }) }).loss[1]).toBe(8);
  });

  it('9.5.15 (T-73) P1 declares out of turn after the steal: W = 1, P0 and P2 lose 1, P1 is the next 福神', () => {
    const p1 = areaScore(area('RAT-Y1', 'RAT-Y2', 'OX-Y1', 'OX-Y2', 'RAB-Y1', 'RAB-Y2', 'GOA-Y1', 'GOA-Y2', 'HOR-Y1', 'DOG-Y1', 'DOG-HE'), 0);
    const r = ffa([P(24), { fuqi: 24, active: true, score: p1 }, P(24)], 1);
    expect([r.W, ...r.loss, r.nextFortuneGod]).toEqual([1, 1, 0, 1, 1]);
  });

  it('9.4.15 (T-46) and 9.4.27 (T-58): W = 6 and W = 2, each other player loses it', () => {
    expect(ffa([P(24, 6), P(24), P(24)]).loss).toEqual([0, 6, 6]);
    expect(ffa([P(24, 2), P(24), P(24)]).loss).toEqual([0, 2, 2]);
  });
});

describe('§9.6 end of match', () => {
  it('9.6.1 (T-74) P2 (5) is eliminated at −3, P1 20 → 12; the next hand is 2-player with P0 as 福神', () => {
    const r = ffa([P(24, 8), P(20), P(5)]);
    expect([...r.fuqiAfter, ...r.eliminated, ...r.active]).toEqual([24, 12, -3, 2, 0, 1]);
    expect(r.lines[2]).toMatchObject({ after: -3, eliminated: true });
    expect([r.nextHandPlayers, r.nextFortuneGod, r.matchOver]).toEqual([2, 0, false]);
    expect(ffa([P(24, 8), P(20), P(5)], 0, { opts: o({ deal_counts_by_active_players: false }) }).nextHandPlayers).toBe(3);
  });

  it('9.6.2 (T-75) two players left, P1 (3) loses 5 → −2: P0 wins the match', () => {
    const r = ffa([P(24, 5), P(3), { fuqi: -3, active: false }]);
    expect([...r.fuqiAfter, r.matchOver, ...r.winners, r.draw, r.nextFortuneGod]).toEqual([24, -2, -3, true, 0, false, null]);
    expect(r.lines.map((l) => l.party)).toEqual([0, 1]); // the eliminated seat takes no part
  });

  it('9.6.3 (T-76) the declarer (2) is eliminated by a rebound of 3; P1 is the next 福神 and play goes on', () => {
    const r = ffa([P(2, 1), P(24, 0, 4), P(24)]);
    expect([...r.loss, ...r.fuqiAfter]).toEqual([3, 0, 1, -1, 24, 23]);
    expect([r.eliminated, r.nextFortuneGod, r.matchOver]).toEqual([[0], 1, false]);
  });

  it('9.6.4 (T-77) everyone at ≤ 0 (2p): P1 1 → 0, P0 1 → −1; P1 has more 福气 and wins', () => {
    const r = ffa([P(1, 1), P(1, 0, 3, true)]);
    expect([...r.fuqiAfter, r.matchOver, ...r.winners, r.draw]).toEqual([-1, 0, true, 1, false]);
    expect(r.lines[1]).toMatchObject({ paysW: 0, nizhu: 1, rebound: 2, loss: 1 });
  });
});

describe('§9.7 2v2 settlement (parties are teams: 0 = P0 + P2, 1 = P1 + P3)', () => {
  const team = (fuqi: number, score: PartyScore): Party => ({ fuqi, active: true, score });
  it('9.7.1 (T-78) 连中三元 + 人和 → W = 6, team B loses 6', () => {
    const a = areaScore(area('TIG-JIN', 'TIG-Y1', 'MON-JIN', 'MON-Y1', 'ROO-JIN', 'ROO-FU', 'ROO-HONG:红气', 'ROO-Y1'), 0);
    const r = settle({ mode: '2v2', declarer: 0, parties: [team(24, a), team(24, areaScore([], 0))], win: { kind: 'area' }, nirvanaPending: 0 });
    expect([r.W, ...r.fuqiAfter, r.nextFortuneGod]).toEqual([6, 24, 18, 0]);
  });
  it('9.7.5 (T-82) team B (4) loses 6 → −2: team A wins', () => {
    const r = settle({ mode: '2v2', declarer: 0, parties: [team(24, { B: 6, H: 0, nizhu: false }), team(4, { B: 0, H: 0, nizhu: false })], win: { kind: 'area' }, nirvanaPending: 0 });
    expect([...r.fuqiAfter, r.matchOver, ...r.winners, r.draw]).toEqual([24, -2, true, 0, false]);
  });
  it('9.7.6 (T-83) 天时 by P1 at deal time: team B declares, W = 12', () => {
    const r = settle({ mode: '2v2', declarer: 1, parties: [{ fuqi: 24, active: true }, { fuqi: 24, active: true }], win: { kind: 'deal', tianshi: true, dili: false }, nirvanaPending: 0 });
    expect([r.W, ...r.fuqiAfter, r.nextFortuneGod]).toEqual([12, 12, 24, 1]);
  });
  it('HI-65: both teams ≤ 0 — the higher wins; on a tie the declaring team wins', () => {
    const run = (a: number) => settle({ mode: '2v2', declarer: 0, win: { kind: 'area' }, nirvanaPending: 0,
      parties: [team(a, { B: 1, H: 0, nizhu: false }), team(1, { B: 0, H: 4, nizhu: true })] });
    expect(run(2)).toMatchObject({ fuqiAfter: [-1, 0], matchOver: true, winners: [1], draw: false });
    expect(run(3)).toMatchObject({ fuqiAfter: [0, 0], matchOver: true, winners: [0], draw: false });
  });
});

describe('deal-time wins, 流局 and 荒牌 (§9.1–§9.3)', () => {
  const deal = (tianshi: boolean, dili: boolean) => ({ kind: 'deal' as const, tianshi, dili });
  const blank = (fuqi = 24): Party => ({ fuqi, active: true });
  it('9.1.8 (T-08) 天时 by P1 in 3p: W = 12; P0 and P2 24 → 12; P1 is the next 福神', () => {
    const r = settle({ mode: 'ffa', declarer: 1, parties: [blank(), blank(), blank()], win: deal(true, false), nirvanaPending: 0 });
    expect([r.W, ...r.fuqiAfter, r.nextFortuneGod]).toEqual([12, 12, 24, 12, 1]);
    expect(r.combos.map((c) => c.name)).toEqual(['天时']);
  });
  it('9.1.9 (T-09) 地利 by P1 in 2p: W = 10, P0 24 → 14', () => {
    const r = settle({ mode: 'ffa', declarer: 1, parties: [blank(), blank()], win: deal(false, true), nirvanaPending: 0 });
    expect([r.W, ...r.fuqiAfter]).toEqual([10, 14, 24]);
  });
  it('9.1.10 (T-10) 天时 + 地利 under 涅槃: W = 44, P1 → −20, P0 wins; not cumulative: W = 24', () => {
    const r = settle({ mode: 'ffa', declarer: 0, parties: [blank(), blank()], win: deal(true, true), nirvanaPending: 1 });
    expect([r.W, r.B, r.m, ...r.fuqiAfter, r.matchOver, ...r.winners]).toEqual([44, 22, 2, 24, -20, true, 0]);
    const v = settle({ mode: 'ffa', declarer: 0, parties: [blank(), blank()], win: deal(true, true), nirvanaPending: 1, opts: o({ tianshi_dili_cumulative: false }) });
    expect([v.W, v.combos.map((c) => c.name)]).toEqual([24, ['天时']]);
  });
  it('9.1.5 (T-05) 荒牌 at deal: void and redealt, same 福神, 涅槃 unchanged', () => {
    expect(deadHand({ nirvanaPending: 1, fortuneGod: 2 }, 'deal')).toEqual({ kind: 'huangpai', voided: true, nirvanaPending: 1, nextFortuneGod: 2 });
    expect(deadHand({ nirvanaPending: 0, fortuneGod: 0 }, 'deal', o({ midhand_huangpai_voids_hand: false })).voided).toBe(true);
  });
  it('9.2.10 (T-21) 荒牌 after 蒙换 voids the hand; with midhand_huangpai_voids_hand = false play goes on', () => {
    expect(deadHand({ nirvanaPending: 0, fortuneGod: 0 }, 'midhand')).toMatchObject({ voided: true, nirvanaPending: 0, nextFortuneGod: 0 });
    expect(deadHand({ nirvanaPending: 0, fortuneGod: 0 }, 'midhand', o({ midhand_huangpai_voids_hand: false })).voided).toBe(false);
  });
  it('9.3.5 (T-30) 流局: 涅槃 pending, the same 福神 deals again', () => {
    expect(drawnHand({ nirvanaPending: 0, fortuneGod: 0 })).toEqual({ kind: 'liuju', nirvanaPending: 1, m: 2, nextFortuneGod: 0 });
  });
});

describe('house interpretations', () => {
  it('HI-52 declared_combo_only: W is the single best combo (family ×m, or one 人和 set)', () => {
    const opts = o({ settlement_value: 'declared_combo_only' });
    const t69 = areaScore(area('SNA-ZI', 'SNA-Y1', 'RAB-ZI', 'RAB-Y1', 'GOA-ZI', 'GOA-Y1', 'HOR-FU', 'HOR-HE', 'HOR-Y1', 'HOR-Y2'), 0);
    const r = ffa([{ fuqi: 24, active: true, score: t69 }, P(24), P(24)], 0, { nirvanaPending: 1, opts });
    expect([r.W, r.combos.map((c) => c.name)]).toEqual([12, ['紫气东来']]);
    const rats = ffa([{ fuqi: 24, active: true, score: areaScore(ALL_RATS, 1) }, P(24), P(24)], 0, { nirvanaPending: 1, opts });
    expect([rats.W, rats.combos.map((c) => c.name)]).toEqual([1, ['人和']]);
    const d = settle({ mode: 'ffa', declarer: 0, parties: [{ fuqi: 24, active: true }, { fuqi: 24, active: true }], win: { kind: 'deal', tianshi: true, dili: true }, nirvanaPending: 0, opts });
    expect(d.W).toBe(12);
    expect(() => ffa([P(24, 5), P(24)], 0, { opts })).toThrow(/bestFamily/);
  });
  it('§5.7 W is clamped at 0: one 人和 set + 泥猪癞狗 under 涅槃 gives 0, and an offset rebounds in full', () => {
    const a = areaScore([...ALL_RATS, ...area('DOG-FU', 'DOG-Y1', 'PIG-FU', 'PIG-Y1')], 0);
    expect([a.B, a.H]).toEqual([-1, 1]);
    const r = ffa([{ fuqi: 24, active: true, score: a }, P(24, 0, 2), P(24)], 0, { nirvanaPending: 1 });
    expect([r.W, r.rebound, ...r.loss]).toEqual([0, 2, 2, 0, 0]);
  });
  it('HI-59 (3p) all ≤ 0: tied non-declarers share a draw; a declarer among the tied wins', () => {
    const draw = ffa([P(1, 1), P(1, 0, 3, true), P(1, 0, 3, true)]);
    expect([...draw.fuqiAfter, draw.matchOver, draw.draw, ...draw.winners]).toEqual([-3, 0, 0, true, true, 1, 2]);
    const tie = ffa([P(3, 1), P(1, 0, 4, true), P(1)]);
    expect([...tie.fuqiAfter, tie.draw, ...tie.winners]).toEqual([0, 0, 0, false, 0]);
  });
  it('HI-58 wraps clockwise past eliminated seats', () => {
    const r = ffa([{ fuqi: -1, active: false }, P(20), P(24), P(2, 1, 0)], 3);
    expect(r.nextFortuneGod).toBe(3);
    const reb = ffa([{ fuqi: -1, active: false }, P(20), P(24, 0, 5), P(2, 1, 0)], 3);
    expect([reb.fuqiAfter[3], reb.nextFortuneGod]).toEqual([-2, 1]);
  });
  it('nirvanaMultiplier: 1, then 2 (or 2^k when stacking)', () => {
    expect([0, 1, 3].map((k) => nirvanaMultiplier(k))).toEqual([1, 2, 2]);
    expect([0, 1, 3].map((k) => nirvanaMultiplier(k, o({ nirvana_stacking: true })))).toEqual([1, 2, 8]);
    expect(() => nirvanaMultiplier(-1)).toThrow(/whole number/);
  });
  it('misuse throws a UsageError that says how to fix it', () => {
    expect(() => ffa([P(24, 1), { fuqi: 24, active: true }])).toThrow(/needs its area score/);
    expect(() => ffa([P(24, 1), P(24)], 2)).toThrow(/index of an active party/);
    expect(() => ffa([P(24, 1), { fuqi: 0, active: true, score: { B: 0, H: 0, nizhu: false } }])).toThrow(/eliminated/);
    expect(() => settle({ mode: '2v2', declarer: 0, parties: [P(24, 1), P(24), P(24)], win: { kind: 'area' }, nirvanaPending: 0 })).toThrow(/2 teams/);
    expect(() => ffa([P(24, 1), { fuqi: -2, active: false }])).toThrow(/at least 2 active/);
  });
});

describe('properties of random settlements', () => {
  it('conserves: declarer pays Σ max(0, H − W); others pay max(0, W − H) + 泥猪癞狗; eliminated ⇔ after ≤ 0', () => {
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let i = 0; i < 2000; i++) {
      const n = 2 + next(3);
      const parties = Array.from({ length: n }, () => P(1 + next(24), next(30) - 1, next(5), next(4) === 0));
      const k = next(3);
      const r = ffa(parties, next(n), { nirvanaPending: k, opts: o({ nirvana_stacking: next(2) === 0 }) });
      const d = parties[r.declarer].score!;
      expect(r.W).toBe(Math.max(0, r.m * d.B + d.H));
      const reb = parties.reduce((a, p, j) => a + (j === r.declarer ? 0 : Math.max(0, p.score!.H - r.W)), 0);
      expect([r.rebound, r.loss[r.declarer]]).toEqual([reb, reb]);
      parties.forEach((p, j) => {
        if (j !== r.declarer) expect(r.loss[j]).toBe(Math.max(0, r.W - p.score!.H) + (p.score!.nizhu ? 1 : 0));
        expect(r.fuqiAfter[j]).toBe(p.fuqi - r.loss[j]);
        expect(r.eliminated.includes(j)).toBe(r.fuqiAfter[j] <= 0);
      });
      expect(r.matchOver).toBe(r.active.length <= 1);
      if (r.matchOver) expect(r.winners.length).toBeGreaterThan(0);
      else expect(r.active).toContain(r.nextFortuneGod);
    }
  });
});
