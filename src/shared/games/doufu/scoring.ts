/**
 * 斗福 scoring (spec §5.1–§5.6): counting a score area, the eight combo families, the area's
 * score B / H / S, the list of scoring rows for the settlement screen, the deal-time combos
 * 天时 / 地利, and the 21-row combo table (COMBOS) for the UI and the simulator.
 *
 * Invariants:
 * - Pure and total over valid areas: a score area is a list of distinct cards, each filed under one
 *   of its own attributes. Anything else is a caller bug and throws a UsageError.
 * - Family values use the closed forms of §5.4; `qualifyingRows` evaluates each row on its own, and
 *   the best row of a family always equals the family value (tested for every reachable count).
 * - B (the part 涅槃 multiplies) = F1+…+F8; H = 人和 sets + 三叠 bonus T (never multiplied); S = B + H.
 */
import { assert, UsageError } from '../../util/assert';
import { CARD_BY_CODE, ZODIACS, type Attr, type CardCode, type Zodiac } from './cards';
import { DEFAULT_OPTIONS, type DoufuOptions } from './options';

/** Game mode: free-for-all (2–4 players) or 2v2 teams. */
export type Mode = 'ffa' | '2v2';
/** A row number of the combo table, 1–21. */
export type ComboRow = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20 | 21;
/** Where a row scores: a family F1–F8 (best row only), F9 人和 (per set), deal time, or the 涅槃 multiplier. */
export type ComboFamily = 'F1' | 'F2' | 'F3' | 'F4' | 'F5' | 'F6' | 'F7' | 'F8' | 'F9' | 'deal' | 'multiplier';
/** One row of the 搭子 table (spec §5.3), for the UI, the rulebook and the simulator. */
export interface ComboInfo {
  readonly row: ComboRow;
  /** 福名. */
  readonly name: string;
  readonly en: string;
  readonly requirement: { readonly zh: string; readonly en: string };
  /** 福分: base points; 人和 per set; −1 for 泥猪癞狗; 2 for 涅槃 (a multiplier, ×2). */
  readonly points: number;
  /** What each extra card of this kind adds 1 for, if anything. */
  readonly extraPer: '气' | '福' | '运' | null;
  readonly notes: { readonly zh: string; readonly en: string };
  readonly family: ComboFamily;
}

type Row = [string, string, string, string, number, ComboInfo['extraPer'], string, string, ComboFamily];
const ROWS: Row[] = [
  ['连中三元', 'Triple Laureate', '3金', '3 Gold', 5, null, '', '', 'F1'],
  ['小金玉满堂', 'Lesser Hall of Gold & Jade', '3金+玉猪', '3 Gold + Jade Pig', 7, null, '', '', 'F1'],
  ['四海平生', 'Peace Across Four Seas', '4金', '4 Gold', 8, null, '', '', 'F1'],
  ['金玉满堂', 'Hall Full of Gold & Jade', '4金+玉猪', '4 Gold + Jade Pig', 10, null, '', '', 'F1'],
  ['紫气东来', 'Purple Qi from the East', '3紫气', '3 Purple Qi', 5, '气', '每多一张气+1分', '+1 per extra Qi of any colour', 'F2'],
  ['大紫气东来', 'Great Purple Qi', '4紫气', '4 Purple Qi', 7, '气', '每多一张气+1分', '+1 per extra Qi of any colour', 'F2'],
  ['气贯长虹', 'Qi Spans the Rainbow', '3红气', '3 Red Qi', 5, '气', '每多一张气+1分', '+1 per extra Qi of any colour', 'F2'],
  ['大气贯长虹', 'Great Rainbow Qi', '4红气', '4 Red Qi', 7, '气', '每多一张气+1分', '+1 per extra Qi of any colour', 'F2'],
  ['姹紫嫣红', 'Riot of Purple & Red', '3紫气+3红气', '3 Purple + 3 Red Qi', 10, '气', '每多一张气+1分', '+1 per extra Qi of any colour', 'F2'],
  ['万紫千红', 'Myriad Purples & Reds', '4紫气+4红气', '4 Purple + 4 Red Qi', 14, '气', '每多一张气+1分', '+1 per extra Qi of any colour', 'F2'],
  ['五气朝元', 'Five Qi Return to Origin', '5任意气', '5 Qi of any colour', 1, '气', '每多一张气+1分', '+1 per extra Qi', 'F2'],
  ['五福临门', 'Five Fortunes at the Door', '5福', '5 Fortune', 1, '福', '每多一张福+1分', '+1 per extra Fortune', 'F3'],
  ['二龙戏珠', 'Two Dragons Play with a Pearl', '金龙+福蛇', 'Gold Dragon + Fortune Snake', 3, null, '金龙须归为金、福蛇须归为福', 'Gold Dragon filed as Gold, Snake as Fortune', 'F4'],
  ['藏龙卧虎', 'Hidden Dragon, Crouching Tiger', '金虎+福蛇', 'Gold Tiger + Fortune Snake', 3, null, '福蛇须归为福', 'Snake filed as Fortune', 'F5'],
  ['福星高照', 'Lucky Star Shines', '福鼠+福兔+福羊', 'Fortune Rat + Rabbit + Goat', 5, null, '', '', 'F6'],
  ['时来运转', 'Luck Turns', '10运', '10 Luck', 1, '运', '每多一张运+1分；双运计2', '+1 per extra Luck; double luck counts 2', 'F7'],
  ['天时', "Heaven's Timing", '一组同种生肖的4张牌', 'All 4 cards of one zodiac', 12, null, '开局时，手牌中即持有', 'In the opening hand only', 'deal'],
  ['地利', "Earth's Advantage", '三组配对【限2人局】', 'Three pairs (2 players only)', 10, null, '开局时，手牌中即持有', 'In the opening hand only', 'deal'],
  ['人和', 'Human Harmony', '得分区获得同种生肖4张牌', 'All 4 cards of one zodiac in the score area', 1, null, '宣胜玩家每套多+1分，未宣胜玩家每套多抵1分', 'Per set: +1 for the declarer, offsets 1 for others; never doubled', 'F9'],
  ['泥猪癞狗', 'Muddy Pig & Mangy Dog', '福狗+福猪', 'Fortune Dog + Fortune Pig', -1, null, '二者皆在得分区玩家', 'Every holder; a non-declarer loses 1 more', 'F8'],
  ['涅槃', 'Nirvana', '流局', 'After a drawn hand', 2, null, '下盘胜利者得分乘倍，人和的分数不乘倍', "×2 on the next winner's points except Human Harmony", 'multiplier'],
];
/** The 21 搭子 of spec §5.3, in row order (`COMBOS[row - 1]`). */
export const COMBOS: readonly ComboInfo[] = ROWS.map(([name, en, rz, re, points, extraPer, nz, ne, family], i) => ({
  row: (i + 1) as ComboRow, name, en, requirement: { zh: rz, en: re }, points, extraPer, notes: { zh: nz, en: ne }, family,
}));

/** One card in a score area, with the attribute it was filed under (a dual card carries its chosen side). */
export interface ScoredCard {
  readonly code: CardCode;
  readonly attr: Attr;
}
/** A player's (2v2: a team's) score area. */
export type ScoreArea = readonly ScoredCard[];

/** The counts of spec §5.1. */
export interface AreaCounts {
  /** 金 cards. */
  readonly g: number;
  /** Whether 玉猪 is present. */
  readonly j: boolean;
  /** 紫气, 红气, 和气 cards and their sum n. */
  readonly p: number; readonly r: number; readonly h: number; readonly n: number;
  /** 福 cards. */
  readonly f: number;
  /** 运 value: 单运 = 1, 双运 = `shuangyun_value`. */
  readonly y: number;
  /** Zodiacs with all 4 cards in the area (人和), and their number. */
  readonly sets: number;
  readonly setZodiacs: readonly Zodiac[];
}

/** Family values of spec §5.4: F1 金, F2 气, F3 五福临门, F4 二龙戏珠, F5 藏龙卧虎, F6 福星高照, F7 时来运转, F8 泥猪癞狗. */
export interface FamilyValues {
  readonly F1: number; readonly F2: number; readonly F3: number; readonly F4: number;
  readonly F5: number; readonly F6: number; readonly F7: number; readonly F8: number;
}
const FAMILIES = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7'] as const;

/** One scoring row as the settlement screen shows it. */
export interface ComboLine {
  readonly row: ComboRow;
  readonly name: string;
  readonly en: string;
  /** Points before 涅槃 (extras included). */
  readonly points: number;
  /** For 人和 lines: the zodiac of the set. */
  readonly zodiac?: Zodiac;
}

/** A settlement-screen line for a row of {@link COMBOS}. */
export function comboLine(row: ComboRow, points: number = COMBOS[row - 1].points, zodiac?: Zodiac): ComboLine {
  const { name, en } = COMBOS[row - 1];
  return zodiac ? { row, name, en, points, zodiac } : { row, name, en, points };
}

/** The full scoring of one area (spec §5.4). */
export interface AreaScore {
  readonly counts: AreaCounts;
  readonly families: FamilyValues;
  /** F1+…+F8: the part 涅槃 multiplies. */
  readonly B: number;
  /** 人和 sets + T: never multiplied; a non-declarer's offset. */
  readonly H: number;
  /** B + H: the score compared to open declaration windows. */
  readonly S: number;
  /** The owner's 三叠 bonus. */
  readonly T: number;
  readonly sets: number;
  /** Holds 福狗 + 福猪 (泥猪癞狗). */
  readonly nizhu: boolean;
  /** The best family value F1..F7 (the single best combo other than 人和). */
  readonly bestFamily: number;
  /** Some row 1–16 or a 人和 set qualifies: a free-for-all player may declare. */
  readonly hasWinningCombo: boolean;
  /** Families F1..F7 with points + 人和 sets (2v2 threshold; see `team_dazi_count_mode`). */
  readonly daziCount: number;
  /** The best row of each scoring family, one line per 人和 set, and 泥猪癞狗, in row order. */
  readonly combos: readonly ComboLine[];
}

/** Throws a UsageError unless every card is known, appears once, and is filed under one of its own attributes. */
function checkArea(area: ScoreArea): void {
  assert(Array.isArray(area), 'A score area is an array of { code, attr }.');
  // Seen cards as bits of their spec id (two words: ids 1–24 and 25–48). Each message is built only
  // when its check fails: this runs for every declaration the simulator settles.
  let seenLo = 0;
  let seenHi = 0;
  for (const c of area) {
    const card = CARD_BY_CODE.get(c?.code);
    if (!card) throw new UsageError(`Unknown card code ${JSON.stringify(c?.code)} in a score area; use the codes of cards.ts such as "RAT-FU".`);
    const bit = 1 << ((card.id - 1) % 24);
    const seen = card.id <= 24 ? seenLo : seenHi;
    if (seen & bit) throw new UsageError(`Card ${c.code} appears twice in one score area; every card exists once.`);
    if (card.id <= 24) seenLo |= bit;
    else seenHi |= bit;
    if (!(card.attrs as readonly Attr[]).includes(c.attr))
      throw new UsageError(`Card ${c.code} cannot be filed as ${c.attr}; choose one of ${card.attrs.join(' / ')}.`);
  }
}

/**
 * Count a score area (spec §5.1).
 * @example areaCounts([{ code: 'ROO-HONG', attr: '双运' }, { code: 'ROO-Y1', attr: '运' }], DEFAULT_OPTIONS).y // → 3
 */
export function areaCounts(area: ScoreArea, opts: DoufuOptions = DEFAULT_OPTIONS): AreaCounts {
  checkArea(area);
  return tally(area, opts);
}

// The internal helpers below take an area already checked by a public entry point, so that
// areaScore validates and counts once (the simulator scores every area after every event).
function tally(area: ScoreArea, opts: DoufuOptions): AreaCounts {
  // One pass, counting attributes and cards per zodiac (spec order of ZODIACS).
  let g = 0, j = false, p = 0, r = 0, h = 0, f = 0, y1 = 0, y2 = 0;
  const perZodiac = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (const c of area) {
    switch (c.attr) {
      case '金': g++; break;
      case '玉': j = true; break;
      case '紫气': p++; break;
      case '红气': r++; break;
      case '和气': h++; break;
      case '福': f++; break;
      case '运': y1++; break;
      case '双运': y2++; break;
    }
    perZodiac[ZODIAC_INDEX.get(CARD_BY_CODE.get(c.code)!.zodiac)!]++;
  }
  const setZodiacs: Zodiac[] = [];
  for (let z = 0; z < 12; z++) if (perZodiac[z] === 4) setZodiacs.push(ZODIACS[z]!);
  return { g, j, p, r, h, n: p + r + h, f, y: y1 + opts.shuangyun_value * y2, sets: setZodiacs.length, setZodiacs };
}
const ZODIAC_INDEX: ReadonlyMap<Zodiac, number> = new Map(ZODIACS.map((z, i) => [z, i]));

/** Which named-card combos hold (rows 13, 14, 15, 20). Option `named_combo_requires_assigned_attr` [HI-50]. */
function named(area: ScoreArea, opts: DoufuOptions): { erlong: boolean; canglong: boolean; fuxing: boolean; nizhu: boolean } {
  const strict = opts.named_combo_requires_assigned_attr;
  const has = (code: CardCode, attr: Attr) => area.some((c) => c.code === code && (!strict || c.attr === attr));
  const snake = has('SNA-FU', '福');
  return {
    erlong: has('DRA-JIN', '金') && snake,
    canglong: has('TIG-JIN', '金') && snake,
    fuxing: has('RAT-FU', '福') && has('RAB-FU', '福') && has('GOA-FU', '福'),
    nizhu: has('DOG-FU', '福') && has('PIG-FU', '福'),
  };
}

/** F1 金 closed form. */
function goldFamily(g: number, j: boolean): number {
  if (g === 4) return j ? 10 : 8;
  if (g === 3) return j ? 7 : 5;
  return 0;
}
/** F2 气 closed form [HI-48]: every 气 beyond those the pattern needs adds 1, so the first matching line is the maximum. */
function qiFamily(p: number, r: number, n: number): number {
  if (p === 4 && r === 4) return n + 6;
  if (p >= 3 && r >= 3) return n + 4;
  if (p === 4 || r === 4) return n + 3;
  if (p >= 3 || r >= 3) return n + 2;
  return n >= 5 ? n - 4 : 0;
}

/**
 * The family values F1..F8 of spec §5.4 (closed forms).
 * @example familyValues([...4 紫气, ...4 红气 cards]).F2 // → 14 (万紫千红)
 */
export function familyValues(area: ScoreArea, opts: DoufuOptions = DEFAULT_OPTIONS): FamilyValues {
  checkArea(area);
  return familiesOf(area, tally(area, opts), opts);
}
function familiesOf(area: ScoreArea, c: AreaCounts, opts: DoufuOptions): FamilyValues {
  const k = named(area, opts);
  return {
    F1: goldFamily(c.g, c.j), F2: qiFamily(c.p, c.r, c.n), F3: c.f >= 5 ? c.f - 4 : 0,
    F4: k.erlong ? 3 : 0, F5: k.canglong ? 3 : 0, F6: k.fuxing ? 5 : 0, F7: c.y >= 10 ? c.y - 9 : 0, F8: k.nizhu ? -1 : 0,
  };
}

/**
 * Every row of §5.3 whose requirement the area meets, each valued on its own (base + its extras),
 * not only the best of each family: rows 1–16, 19 (points = sets) and 20. For the simulator's
 * statistics and to check the closed forms.
 */
export function qualifyingRows(area: ScoreArea, opts: DoufuOptions = DEFAULT_OPTIONS): { row: ComboRow; points: number }[] {
  checkArea(area);
  return rowsOf(area, tally(area, opts), opts);
}
function rowsOf(area: ScoreArea, { g, j, p, r, n, f, y, sets }: AreaCounts, opts: DoufuOptions): { row: ComboRow; points: number }[] {
  const k = named(area, opts);
  const rows: [ComboRow, boolean, number][] = [
    [1, g >= 3, 5], [2, g >= 3 && j, 7], [3, g === 4, 8], [4, g === 4 && j, 10],
    [5, p >= 3, 5 + (n - 3)], [6, p === 4, 7 + (n - 4)], [7, r >= 3, 5 + (n - 3)], [8, r === 4, 7 + (n - 4)],
    [9, p >= 3 && r >= 3, 10 + (n - 6)], [10, p === 4 && r === 4, 14 + (n - 8)], [11, n >= 5, 1 + (n - 5)],
    [12, f >= 5, 1 + (f - 5)], [13, k.erlong, 3], [14, k.canglong, 3], [15, k.fuxing, 5], [16, y >= 10, 1 + (y - 10)],
    [19, sets > 0, sets], [20, k.nizhu, -1],
  ];
  return rows.filter(([, ok]) => ok).map(([row, , points]) => ({ row, points }));
}

/**
 * Score an area (spec §5.4). `santieBonus` is the owner's 三叠 bonus T (§3.6).
 * @example areaScore(tigerRoosterMonkeyGold, 0).combos // → [{ row: 1, name: '连中三元', en: 'Triple Laureate', points: 5 }]
 */
export function areaScore(area: ScoreArea, santieBonus: number, opts: DoufuOptions = DEFAULT_OPTIONS): AreaScore {
  if (!Number.isInteger(santieBonus) || santieBonus < 0)
    throw new UsageError(`santieBonus is the owner's count of 三叠 taken this hand, a whole number ≥ 0 (got ${santieBonus}).`);
  checkArea(area);
  const counts = tally(area, opts);
  const families = familiesOf(area, counts, opts);
  const { F1, F2, F3, F4, F5, F6, F7, F8 } = families;
  const B = F1 + F2 + F3 + F4 + F5 + F6 + F7 + F8;
  const H = counts.sets + santieBonus;
  const rows = rowsOf(area, counts, opts);
  // Plain loops: a declaration is scored at the end of most hands the simulator plays.
  const combos: ComboLine[] = [];
  let scoring = 0;
  let bestFamily = 0;
  for (const fam of FAMILIES) {
    const value = families[fam];
    if (value <= 0) continue;
    scoring++;
    if (value > bestFamily) bestFamily = value;
    // Best row of the family; on a tie the later (more specific) row names it.
    let best: { row: ComboRow; points: number } | null = null;
    for (const x of rows) if (COMBOS[x.row - 1].family === fam && (!best || x.points >= best.points)) best = x;
    if (!best || best.points !== value) throw new UsageError(`Internal: ${fam} closed form ${value} ≠ best row ${best?.row} (${best?.points}).`);
    combos.push(comboLine(best.row, best.points));
  }
  // Already in row order: families F1–F7 own rows 1–16 in that order, then 人和 (19), then 泥猪癞狗 (20).
  for (const z of counts.setZodiacs) combos.push(comboLine(19, 1, z));
  if (F8 < 0) combos.push(comboLine(20));
  const sets = counts.sets;
  return {
    counts, families, B, H, S: B + H, T: santieBonus, sets, nizhu: F8 < 0,
    bestFamily,
    hasWinningCombo: scoring > 0 || sets > 0,
    daziCount: scoring + (opts.team_dazi_count_mode === 'distinct_rows' ? Math.min(sets, 1) : sets),
    combos,
  };
}

/**
 * Whether a score qualifies its holder to declare (spec §5.5 3(e)): free-for-all needs a row 1–16
 * or a 人和 set; 2v2 needs `team_min_dazi` combos [HI-60]. The other window conditions (a change,
 * not skill-caused, no 三叠 this event, no 福鸡 ban, turn order) are the engine's.
 */
export function qualifies(score: AreaScore, mode: Mode, opts: DoufuOptions = DEFAULT_OPTIONS): boolean {
  return mode === 'ffa' ? score.hasWinningCombo : score.daziCount >= opts.team_min_dazi;
}

/** Deal-time combos of one opening hand (spec §5.6). */
export interface DealCombos {
  /** 天时: all 4 cards of one zodiac in hand. */
  readonly tianshi: boolean;
  /** 地利: the hand is three same-zodiac pairs; 2-player free-for-all only. */
  readonly dili: boolean;
  /** Points: 12 / 10 / 22 (or 12 when `tianshi_dili_cumulative` is off). 涅槃 applies in settlement. */
  readonly B: number;
  /** The holder may declare now (in 2v2, 天时 alone needs `team_tianshi_exempt` or `team_min_dazi` ≤ 1). */
  readonly declarable: boolean;
  readonly combos: readonly ComboLine[];
}

/** Points of the deal-time combos, by `tianshi_dili_cumulative` [HI-19]. */
export function dealValue(tianshi: boolean, dili: boolean, opts: DoufuOptions = DEFAULT_OPTIONS): number {
  if (tianshi && dili) return opts.tianshi_dili_cumulative ? 22 : 12;
  return tianshi ? 12 : dili ? 10 : 0;
}

/**
 * Check an opening hand for 天时 / 地利 (spec §5.6, [HI-19], [HI-61]). Call it only right after the
 * final deal: neither combo exists later in the hand.
 * @example dealCombos(['GOA-FU', 'GOA-ZI', 'GOA-Y1', 'GOA-Y2', 'RAT-HE'], 3, 'ffa', DEFAULT_OPTIONS).B // → 12
 */
export function dealCombos(hand: readonly CardCode[], players: number, mode: Mode, opts: DoufuOptions = DEFAULT_OPTIONS): DealCombos {
  assert([2, 3, 4].includes(players), `players is the number of active players, 2–4 (got ${players}).`);
  assert(mode === 'ffa' || players === 4, `2v2 is played by exactly 4 players (got ${players}).`);
  assert(new Set(hand).size === hand.length, 'A hand holds each card once.');
  const perZodiac = ZODIACS.map((z) => hand.filter((code) => {
    const card = CARD_BY_CODE.get(code);
    assert(card, `Unknown card code ${JSON.stringify(code)} in a hand; use the codes of cards.ts.`);
    return card.zodiac === z;
  }).length);
  const tianshi = perZodiac.some((k) => k === 4);
  const pairs = perZodiac.reduce((a, k) => a + (k === 4 && !opts.dili_quad_as_two_pairs ? 1 : Math.floor(k / 2)), 0);
  const dili = players === 2 && mode === 'ffa' && pairs >= 3;
  const B = dealValue(tianshi, dili, opts);
  const rows: ComboRow[] = tianshi && dili && !opts.tianshi_dili_cumulative ? [17] : [...(tianshi ? [17 as const] : []), ...(dili ? [18 as const] : [])];
  const teamOk = mode === 'ffa' || opts.team_tianshi_exempt || opts.team_min_dazi <= 1;
  return {
    tianshi, dili, B, declarable: B > 0 && teamOk,
    combos: rows.map((row) => comboLine(row)),
  };
}
