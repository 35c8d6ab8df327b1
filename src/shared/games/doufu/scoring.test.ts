/**
 * Scoring (spec §5.1–§5.6): the scoring scenarios of §9.5 (T-59…T-66, T-72, T-73) and the score
 * values used by other scenarios, each named `9.x.y (T-nn) …` after its place in spec §9; then
 * property checks of the closed forms against the row-by-row table, over every reachable count
 * and over seeded random score areas.
 */
import { describe, expect, it } from 'vitest';
import { CARDS, CARD_BY_CODE, type Attr } from './cards';
import { DEFAULT_OPTIONS, type DoufuOptions } from './options';
import { areaCounts, areaScore, COMBOS, dealCombos, familyValues, qualifies, qualifyingRows, type ScoreArea } from './scoring';
import { settle } from './settlement';

/** `area('TIG-JIN', 'DRA-JIN:紫气')`: single-attribute cards take their attribute; dual cards must say theirs. */
function area(...specs: string[]): ScoreArea {
  return specs.map((s) => {
    const [code, attr] = s.split(':');
    const card = CARD_BY_CODE.get(code)!;
    if (!attr && card.attrs.length === 2) throw new Error(`test: dual card ${code} needs an attribute`);
    return { code, attr: (attr ?? card.attrs[0]) as Attr };
  });
}
const o = (patch: Partial<DoufuOptions>): DoufuOptions => ({ ...DEFAULT_OPTIONS, ...patch });
const names = (a: ScoreArea, opts?: DoufuOptions) => areaScore(a, 0, opts).combos.map((c) => c.name);

// Cards that make p 紫气, r 红气 and h 和气 with nothing else scoring (T-60 and the F2 property).
const ZI = ['RAB-ZI', 'SNA-ZI', 'GOA-ZI', 'DRA-JIN:紫气'];
const HONG = ['OX-HONG', 'TIG-HONG', 'MON-HONG', 'ROO-HONG:红气'];
const HE = ['RAT-HE', 'HOR-HE', 'DOG-HE', 'PIG-HE'];
const qi = (p: number, r: number, h: number) => area(...ZI.slice(0, p), ...HONG.slice(0, r), ...HE.slice(0, h));
// Twelve 运 of distinct zodiacs' plain luck cards plus the rest (T-64 and the F7 property).
const YUN = CARDS.filter((c) => c.attrs.length === 1 && c.attrs[0] === '运').map((c) => c.code);

describe('9.5 scoring (spec §5.4)', () => {
  const gold = (...extra: string[]) => area('TIG-JIN', 'TIG-Y1', 'ROO-JIN', 'ROO-Y1', 'MON-JIN', 'MON-Y1', ...extra);
  it.each([
    ['3 金 → 5 连中三元', gold(), 5, '连中三元'],
    ['3 金 + 玉猪 → 7 小金玉满堂', gold('PIG-YU', 'PIG-Y1'), 7, '小金玉满堂'],
    ['4 金 → 8 四海平生', gold('DRA-JIN:金', 'DRA-Y1'), 8, '四海平生'],
    ['4 金 + 玉猪 → 10 金玉满堂', gold('DRA-JIN:金', 'DRA-Y1', 'PIG-YU', 'PIG-Y1'), 10, '金玉满堂'],
    ['金龙 filed 紫气 + 玉猪 → 7, p = 1', gold('DRA-JIN:紫气', 'DRA-Y1', 'PIG-YU', 'PIG-Y1'), 7, '小金玉满堂'],
  ] as const)('9.5.1 (T-59) 金 family: %s', (_, a, value, name) => {
    expect(familyValues(a).F1).toBe(value);
    expect(names(a)).toEqual([name]);
    if (name === '小金玉满堂' && a.some((c) => c.attr === '紫气')) expect(areaCounts(a).p).toBe(1);
  });

  it.each([
    [3, 0, 0, '紫气东来', 5], [3, 0, 2, '紫气东来', 7], [4, 0, 0, '大紫气东来', 7], [4, 1, 2, '大紫气东来', 10],
    [0, 3, 0, '气贯长虹', 5], [0, 4, 0, '大气贯长虹', 7], [3, 3, 0, '姹紫嫣红', 10], [3, 3, 1, '姹紫嫣红', 11],
    [4, 3, 0, '姹紫嫣红', 11], [4, 4, 0, '万紫千红', 14], [4, 4, 4, '万紫千红', 18], [2, 2, 1, '五气朝元', 1],
    [2, 2, 4, '五气朝元', 4], [3, 2, 4, '紫气东来', 11], [2, 2, 0, null, 0],
  ] as const)('9.5.2 (T-60) 气 family (p, r, h) = (%i, %i, %i): %s = %i', (p, r, h, name, value) => {
    const s = areaScore(qi(p, r, h), 0);
    expect(s.families.F2).toBe(value);
    expect(s.B).toBe(value);
    expect(s.combos.map((c) => [c.name, c.points])).toEqual(name ? [[name, value]] : []);
  });

  it('9.5.3 (T-61) 五福临门: 5 福 → 1, 7 福 → 3, 4 福 → 0', () => {
    expect(familyValues(area('RAT-FU', 'OX-FU', 'TIG-FU', 'HOR-FU', 'DOG-FU')).F3).toBe(1);
    expect(familyValues(area('RAT-FU', 'OX-FU', 'TIG-FU', 'HOR-FU', 'DOG-FU', 'MON-FU', 'ROO-FU')).F3).toBe(3);
    expect(names(area('RAT-FU', 'OX-FU', 'TIG-FU', 'HOR-FU', 'DOG-FU', 'MON-FU', 'ROO-FU'))).toEqual(['五福临门']);
    expect(familyValues(area('RAT-FU', 'OX-FU', 'TIG-FU', 'HOR-FU')).F3).toBe(0);
  });

  it('9.5.4 (T-62) 二龙戏珠 + 藏龙卧虎 = 6 with 福蛇 filed 福; 0 filed 双运; 6 by card identity', () => {
    const cards = (snake: Attr) => area('DRA-JIN:金', 'DRA-Y1', `SNA-FU:${snake}`, 'SNA-Y1', 'TIG-JIN', 'TIG-Y1');
    const s = areaScore(cards('福'), 0);
    expect([s.families.F4, s.families.F5, s.families.F1, s.B]).toEqual([3, 3, 0, 6]);
    expect(s.combos.map((c) => c.name)).toEqual(['二龙戏珠', '藏龙卧虎']);
    expect(areaScore(cards('双运'), 0).B).toBe(0);
    expect(areaScore(cards('双运'), 0, o({ named_combo_requires_assigned_attr: false })).B).toBe(6);
  });

  it('9.5.5 (T-63) 福星高照 overlaps 五福临门: 5 + 1 = 6', () => {
    const a = area('RAT-FU', 'RAT-Y1', 'RAB-FU', 'RAB-Y1', 'GOA-FU', 'GOA-Y1', 'HOR-FU', 'HOR-Y1', 'OX-FU', 'OX-Y1');
    const s = areaScore(a, 0);
    expect(s.B).toBe(6);
    expect(s.combos.map((c) => [c.row, c.points])).toEqual([[12, 1], [15, 5]]);
  });

  it('9.5.6 (T-64) 时来运转 with 双运: y = 11 → 2; with shuangyun_value = 1, y = 10 → 1', () => {
    const a = area('ROO-HONG:双运', 'ROO-Y1', 'RAT-Y1', 'RAT-Y2', 'OX-Y1', 'OX-Y2', 'RAB-Y1', 'RAB-Y2', 'GOA-Y1', 'GOA-Y2');
    expect(areaCounts(a).y).toBe(11);
    expect(familyValues(a).F7).toBe(2);
    const one = o({ shuangyun_value: 1 });
    expect(areaCounts(a, one).y).toBe(10);
    expect(familyValues(a, one).F7).toBe(1);
    expect(areaCounts(a, one).r).toBe(0); // filed 双运, it is not 红气
  });

  it('9.5.7 (T-65) 人和: all 4 鼠 and all 4 牛 → B = 0, sets = 2, S = 2, and W = 2 as declarer', () => {
    const s = areaScore(area('RAT-FU', 'RAT-HE', 'RAT-Y1', 'RAT-Y2', 'OX-FU', 'OX-HONG', 'OX-Y1', 'OX-Y2'), 0);
    expect([s.B, s.sets, s.H, s.S, s.hasWinningCombo]).toEqual([0, 2, 2, 2, true]);
    expect(s.combos).toEqual([
      { row: 19, name: '人和', en: 'Human Harmony', points: 1, zodiac: '鼠' },
      { row: 19, name: '人和', en: 'Human Harmony', points: 1, zodiac: '牛' },
    ]);
    const none = { B: 0, H: 0, nizhu: false };
    const r = settle({ mode: 'ffa', declarer: 0, win: { kind: 'area' }, nirvanaPending: 0,
      parties: [{ fuqi: 24, active: true, score: s }, { fuqi: 24, active: true, score: none }, { fuqi: 24, active: true, score: none }] });
    expect(r.W).toBe(2);
  });

  it('9.5.8 (T-66) 泥猪癞狗 on the declarer: 五福临门 1 − 1 → B = 0, W = 0; the declaration is legal, others lose 0', () => {
    const s = areaScore(area('DOG-FU', 'DOG-Y1', 'PIG-FU', 'PIG-Y1', 'OX-FU', 'OX-Y1', 'TIG-FU', 'TIG-Y1', 'HOR-FU', 'HOR-Y1'), 0);
    expect([s.families.F3, s.families.F8, s.B, s.nizhu, s.hasWinningCombo, qualifies(s, 'ffa')]).toEqual([1, -1, 0, true, true, true]);
    expect(s.combos.map((c) => [c.name, c.points])).toEqual([['五福临门', 1], ['泥猪癞狗', -1]]);
    const none = { B: 0, H: 0, nizhu: false };
    const r = settle({ mode: 'ffa', declarer: 0, win: { kind: 'area' }, nirvanaPending: 0,
      parties: [{ fuqi: 24, active: true, score: s }, { fuqi: 24, active: true, score: none }, { fuqi: 24, active: true, score: none }] });
    expect([r.W, ...r.loss]).toEqual([0, 0, 0, 0]);
  });

  it('9.5.14 (T-72) declining, then a new window: S 5 → 5 (no change, no window) → 8 (window, W = 8)', () => {
    const start = area('TIG-JIN', 'TIG-Y1', 'ROO-JIN', 'ROO-Y1', 'MON-JIN', 'MON-Y1');
    const s0 = areaScore(start, 0).S;
    const s1 = areaScore([...start, ...area('RAT-Y1', 'RAT-Y2')], 0).S;
    const s2 = areaScore([...start, ...area('RAT-Y1', 'RAT-Y2', 'DRA-JIN:金', 'DRA-Y1')], 0);
    expect([s0, s1, s2.S, s2.B]).toEqual([5, 5, 8, 8]);
  });

  it('9.5.15 (T-73) a steal lowers the victim: y 11 → 10, S 2 → 1, still qualifies, W = 1', () => {
    const before = area('RAT-Y1', 'RAT-Y2', 'OX-Y1', 'OX-Y2', 'RAB-Y1', 'RAB-Y2', 'GOA-Y1', 'GOA-Y2', 'HOR-Y1', 'HOR-Y2', 'DOG-Y1', 'DOG-HE');
    const after = before.filter((c) => c.code !== 'HOR-Y2');
    const [b, a] = [areaScore(before, 0), areaScore(after, 0)];
    expect([b.counts.y, b.S, a.counts.y, a.S, qualifies(a, 'ffa')]).toEqual([11, 2, 10, 1, true]);
  });
});

describe('scores used by other §9 scenarios', () => {
  it('9.2.12 (T-23) eating a 三叠: S 0 → 2 (sets 1 + bonus 1); 9.2.13 (T-24) after a 运 is stolen: H = 1, no combo', () => {
    const rabbits = area('RAB-Y2', 'RAB-FU', 'RAB-ZI', 'RAB-Y1');
    expect(areaScore(rabbits, 1)).toMatchObject({ sets: 1, T: 1, H: 2, S: 2, hasWinningCombo: true });
    expect(areaScore(rabbits.filter((c) => c.code !== 'RAB-Y1'), 1)).toMatchObject({ sets: 0, H: 1, S: 1, hasWinningCombo: false });
  });
  it('9.4.15 (T-46) 福马 hit makes 紫气东来 S = 5; eating the 和气 pair makes 6', () => {
    const a = area('SNA-ZI', 'SNA-Y1', 'RAB-ZI', 'RAB-Y1', 'HOR-FU', 'HOR-Y1', 'GOA-Y1', 'GOA-ZI');
    expect(areaScore(a, 0).S).toBe(5);
    expect(areaScore([...a, ...area('DOG-Y1', 'DOG-HE')], 0).S).toBe(6);
  });
  it('9.4.18 (T-49) 金 3 gives S = 5, then 玉猪 gives 小金玉满堂 S = 7', () => {
    const a = area('ROO-FU', 'ROO-JIN', 'TIG-JIN', 'TIG-Y1', 'MON-JIN', 'MON-Y1');
    expect(areaScore(a, 0).S).toBe(5);
    expect(areaScore([...a, ...area('PIG-YU', 'PIG-Y1')], 0).S).toBe(7);
  });
  it('9.4.27 (T-58) y = 9 → S 0; a 运 from 福龙 → S 1; eating a 猪 pair → S 2', () => {
    const a = area('DRA-FU', 'DRA-JIN:金', 'RAT-Y1', 'RAT-Y2', 'OX-Y1', 'OX-Y2', 'RAB-Y1', 'RAB-Y2', 'GOA-Y1', 'GOA-ZI', 'HOR-Y1', 'HOR-HE', 'DOG-Y1', 'DOG-FU');
    expect([areaCounts(a).y, areaScore(a, 0).S]).toEqual([9, 0]);
    const b = [...a, ...area('SNA-Y1')];
    expect([areaCounts(b).y, areaScore(b, 0).S]).toEqual([10, 1]);
    const c = [...b, ...area('PIG-Y1', 'PIG-HE')];
    expect([areaCounts(c).y, areaScore(c, 0).S]).toEqual([11, 2]);
  });
  it('9.8.1 (T-84) 金龙 filed 紫气 stays 紫气: not 金, no 二龙戏珠', () => {
    const s = areaScore(area('DRA-JIN:紫气', 'DRA-Y1', 'SNA-FU:福', 'SNA-Y1', 'TIG-JIN', 'TIG-Y1', 'MON-JIN', 'MON-Y1'), 0);
    expect([s.counts.g, s.counts.p, s.families.F1, s.families.F4, s.families.F5]).toEqual([2, 1, 0, 0, 3]);
  });
  it('9.7.1 (T-78) 2v2: 连中三元 + a 人和 set = 2 combos → may declare (W = 6); 连中三元 alone → 1, may not', () => {
    const two = areaScore(area('TIG-JIN', 'TIG-Y1', 'MON-JIN', 'MON-Y1', 'ROO-JIN', 'ROO-FU', 'ROO-HONG:红气', 'ROO-Y1'), 0);
    expect([two.daziCount, qualifies(two, '2v2'), two.B + two.H]).toEqual([2, true, 6]);
    const one = areaScore(area('TIG-JIN', 'TIG-Y1', 'MON-JIN', 'MON-Y1', 'ROO-JIN', 'ROO-Y1'), 0);
    expect([one.daziCount, qualifies(one, '2v2'), qualifies(one, 'ffa')]).toEqual([1, false, true]);
    expect(qualifies(one, '2v2', o({ team_min_dazi: 1 }))).toBe(true);
  });
  it('HI-60 team_dazi_count_mode = distinct_rows counts all 人和 sets once', () => {
    const s = (opts?: DoufuOptions) => areaScore(area('RAT-FU', 'RAT-HE', 'RAT-Y1', 'RAT-Y2', 'OX-FU', 'OX-HONG', 'OX-Y1', 'OX-Y2'), 0, opts);
    expect(s().daziCount).toBe(2);
    expect(s(o({ team_dazi_count_mode: 'distinct_rows' })).daziCount).toBe(1);
  });
});

describe('deal-time combos 天时 / 地利 (spec §5.6)', () => {
  it('9.1.8 (T-08) 天时 in 3p: four 羊 → B = 12, declarable', () => {
    expect(dealCombos(['GOA-FU', 'GOA-ZI', 'GOA-Y1', 'GOA-Y2', 'RAT-HE'], 3, 'ffa')).toMatchObject({ tianshi: true, dili: false, B: 12, declarable: true });
  });
  it('9.1.9 (T-09) 地利 in 2p: three pairs → 10; never in 3p / 4p / 2v2', () => {
    const hand = ['RAT-HE', 'RAT-Y1', 'OX-FU', 'OX-Y2', 'HOR-HE', 'HOR-Y1'];
    expect(dealCombos(hand, 2, 'ffa')).toMatchObject({ tianshi: false, dili: true, B: 10, declarable: true });
    expect(dealCombos(hand.slice(0, 5), 3, 'ffa')).toMatchObject({ dili: false, B: 0, declarable: false });
    expect(dealCombos(hand.slice(0, 4), 4, 'ffa').dili).toBe(false);
    expect(dealCombos(hand.slice(0, 4), 4, '2v2').dili).toBe(false);
  });
  it('9.1.10 (T-10) 天时 + 地利: 22 (a quad is two pairs); 12 if not cumulative; no 地利 if a quad is not two pairs', () => {
    const hand = ['PIG-YU', 'PIG-FU', 'PIG-HE', 'PIG-Y1', 'DOG-Y1', 'DOG-Y2'];
    const both = dealCombos(hand, 2, 'ffa');
    expect(both).toMatchObject({ tianshi: true, dili: true, B: 22 });
    expect(both.combos.map((c) => c.name)).toEqual(['天时', '地利']);
    expect(dealCombos(hand, 2, 'ffa', o({ tianshi_dili_cumulative: false }))).toMatchObject({ B: 12 });
    expect(dealCombos(hand, 2, 'ffa', o({ dili_quad_as_two_pairs: false }))).toMatchObject({ dili: false, B: 12 });
  });
  it('9.7.6 (T-83) 天时 in 2v2: declarable (W 12) unless team_tianshi_exempt = false', () => {
    const hand = ['HOR-FU', 'HOR-HE', 'HOR-Y1', 'HOR-Y2'];
    expect(dealCombos(hand, 4, '2v2')).toMatchObject({ tianshi: true, B: 12, declarable: true });
    expect(dealCombos(hand, 4, '2v2', o({ team_tianshi_exempt: false })).declarable).toBe(false);
  });
  it('rejects unknown cards, duplicates and impossible table sizes', () => {
    expect(() => dealCombos(['RAT-XX'], 3, 'ffa')).toThrow(/Unknown card code "RAT-XX"/);
    expect(() => dealCombos(['RAT-HE', 'RAT-HE'], 3, 'ffa')).toThrow(/once/);
    expect(() => dealCombos([], 5, 'ffa')).toThrow(/2–4/);
    expect(() => dealCombos([], 3, '2v2')).toThrow(/exactly 4/);
  });
});

describe('score areas are validated', () => {
  it('names the card and the fix', () => {
    expect(() => areaScore([{ code: 'NOPE', attr: '运' }], 0)).toThrow(/Unknown card code "NOPE"/);
    expect(() => areaScore(area('RAT-Y1', 'RAT-Y1'), 0)).toThrow(/RAT-Y1 appears twice/);
    expect(() => areaScore([{ code: 'DRA-JIN', attr: '福' }], 0)).toThrow(/DRA-JIN cannot be filed as 福; choose one of 金 \/ 紫气/);
    expect(() => areaScore([{ code: 'RAT-Y1', attr: '双运' }], 0)).toThrow(/choose one of 运/);
    expect(() => areaScore([], -1)).toThrow(/santieBonus/);
  });
});

describe('COMBOS table (spec §5.3)', () => {
  it('has the 21 rows in order with the spec points and families', () => {
    expect(COMBOS.map((c) => c.row)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(COMBOS.map((c) => c.points)).toEqual([5, 7, 8, 10, 5, 7, 5, 7, 10, 14, 1, 1, 3, 3, 5, 1, 12, 10, 1, -1, 2]);
    expect(COMBOS.map((c) => c.family).join(' ')).toBe('F1 F1 F1 F1 F2 F2 F2 F2 F2 F2 F2 F3 F4 F5 F6 F7 deal deal F9 F8 multiplier');
    expect(COMBOS[9]).toMatchObject({ name: '万紫千红', en: 'Myriad Purples & Reds', extraPer: '气' });
    for (const c of COMBOS) expect(c.name && c.en && c.requirement.zh && c.requirement.en).toBeTruthy();
  });
});

/** A small seeded generator for the property checks (mulberry32). */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rowsOf = (a: ScoreArea, fam: string, opts = DEFAULT_OPTIONS) => qualifyingRows(a, opts).filter((r) => COMBOS[r.row - 1].family === fam);
const maxRow = (a: ScoreArea, fam: string, opts = DEFAULT_OPTIONS) => Math.max(0, ...rowsOf(a, fam, opts).map((r) => r.points));

describe('properties: closed forms equal the best row of their family', () => {
  it('F2 for every (p, r, h) in 0..4³ equals the max over rows 5–11, and n−4 ≤ F2 ≤ n+6', () => {
    for (let p = 0; p <= 4; p++)
      for (let r = 0; r <= 4; r++)
        for (let h = 0; h <= 4; h++) {
          const a = qi(p, r, h);
          const f2 = familyValues(a).F2;
          expect(f2, `(${p},${r},${h})`).toBe(maxRow(a, 'F2'));
          if (p + r + h >= 5) expect(f2).toBeGreaterThanOrEqual(p + r + h - 4);
          expect(f2).toBeLessThanOrEqual(p + r + h + 6);
        }
  });
  it('F1 for every g in 0..4 with and without 玉猪', () => {
    const golds = ['TIG-JIN', 'ROO-JIN', 'MON-JIN', 'DRA-JIN:金'];
    for (let g = 0; g <= 4; g++)
      for (const jade of [false, true]) {
        const a = area(...golds.slice(0, g), ...(jade ? ['PIG-YU'] : []));
        expect(familyValues(a).F1).toBe(maxRow(a, 'F1'));
        expect(familyValues(a).F1).toBe([0, 0, 0, jade ? 7 : 5, jade ? 10 : 8][g]);
      }
  });
  it('F3 for f in 0..12 and F7 for y in 0..24 (both 双运 values)', () => {
    const fu = CARDS.filter((c) => c.attrs[0] === '福').map((c) => (c.code === 'SNA-FU' ? 'SNA-FU:福' : c.code));
    for (let f = 0; f <= 12; f++) expect(familyValues(area(...fu.slice(0, f))).F3).toBe(Math.max(0, f - 4));
    for (const sv of [1, 2] as const)
      for (let k = 0; k <= 22; k++) {
        const a = area(...YUN.slice(0, Math.min(k, 20)), ...(k > 20 ? ['SNA-FU:双运'] : []), ...(k > 21 ? ['ROO-HONG:双运'] : []));
        const opts = o({ shuangyun_value: sv });
        const y = Math.min(k, 20) + sv * Math.max(0, k - 20);
        expect(areaCounts(a, opts).y).toBe(y);
        expect(familyValues(a, opts).F7).toBe(Math.max(0, y - 9));
        expect(familyValues(a, opts).F7).toBe(maxRow(a, 'F7', opts));
      }
  });
  it('on 3000 seeded random areas: families = best rows, B = Σ rows, S = B + H, counts add up', () => {
    const next = rng(20240607);
    for (let i = 0; i < 3000; i++) {
      const a: ScoreArea = CARDS.filter(() => next() < 0.45).map((c) => ({ code: c.code, attr: c.attrs[next() < 0.5 ? 0 : c.attrs.length - 1] }));
      const T = Math.floor(next() * 3);
      const opts = o({ shuangyun_value: next() < 0.5 ? 2 : 1, named_combo_requires_assigned_attr: next() < 0.7 });
      const s = areaScore(a, T, opts);
      const fam = s.families;
      for (const f of ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7'] as const) expect(fam[f]).toBe(maxRow(a, f, opts));
      expect(s.B).toBe(Object.values(fam).reduce((x, v) => x + v, 0));
      expect(s.B).toBe(s.combos.filter((c) => c.row !== 19).reduce((x, c) => x + c.points, 0));
      expect(s.combos.filter((c) => c.row === 19)).toHaveLength(s.sets);
      expect([s.H, s.S]).toEqual([s.sets + T, s.B + s.sets + T]);
      const c = s.counts;
      expect(c.g + (c.j ? 1 : 0) + c.n + c.f + a.filter((x) => x.attr === '运' || x.attr === '双运').length).toBe(a.length);
      expect(s.hasWinningCombo).toBe(qualifyingRows(a, opts).some((r) => r.row <= 16 || r.row === 19));
      expect(s.daziCount).toBe(s.combos.filter((x) => x.row <= 16).length + s.sets);
    }
  });
});
