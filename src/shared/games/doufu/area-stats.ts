/**
 * The part of an area's score the engine reads on every event: S (for 宣胜 windows and views),
 * whether it qualifies a declaration, and a loser's offset H / 泥猪癞狗 at settlement. One pass
 * over the area with per-card tables, no allocation beyond the result: `areaScore` (scoring.ts)
 * builds the whole settlement screen (rows, combo lines, checks) and costs ~20× more, so the engine
 * calls it only for the declarer.
 *
 * These are the closed forms of scoring.ts (`tally`, `named`, `familiesOf`, and the fields
 * `areaScore` derives from them), for valid areas only: anything `areaScore` would refuse (an
 * unknown card, a card twice, a wrong attribute, a bad bonus) is handed to `areaScore`, so it
 * throws the same error. area-stats.test.ts checks every field against `areaScore` on random
 * areas under every scoring option; a change to scoring.ts must be mirrored here.
 */
import { CARDS, ZODIACS, type CardCode } from './cards';
import type { DoufuOptions } from './options';
import { areaScore, type AreaScore } from './scoring';
import type { AreaCard } from './types';

/** What the engine needs of an area score (a subset of `AreaScore`, same values). */
export interface AreaStats {
  /** F1+…+F8. */
  readonly B: number;
  /** 人和 sets + 三叠 bonus. */
  readonly H: number;
  /** B + H. */
  readonly S: number;
  readonly sets: number;
  readonly nizhu: boolean;
  /** Some row 1–16 or a 人和 set (free-for-all may declare). */
  readonly hasWinningCombo: boolean;
  /** Scoring families F1..F7 + 人和 sets as `team_dazi_count_mode` counts them (2v2 threshold). */
  readonly daziCount: number;
}

// Attribute kinds, indexed like ATTR_KIND.
const GOLD = 0;
const JADE = 1;
const PURPLE = 2;
const RED = 3;
const HARMONY = 4;
const FU = 5;
const LUCK = 6;
const DOUBLE_LUCK = 7;
const ATTR_KIND: Readonly<Record<string, number>> = { 金: GOLD, 玉: JADE, 紫气: PURPLE, 红气: RED, 和气: HARMONY, 福: FU, 运: LUCK, 双运: DOUBLE_LUCK };

/** Named-card bits (`named` in scoring.ts): the card filed under the attribute the strict rule asks for. */
const NAMED: Readonly<Record<CardCode, { bit: number; attr: string }>> = {
  'SNA-FU': { bit: 1, attr: '福' },
  'DRA-JIN': { bit: 2, attr: '金' },
  'TIG-JIN': { bit: 4, attr: '金' },
  'RAT-FU': { bit: 8, attr: '福' },
  'RAB-FU': { bit: 16, attr: '福' },
  'GOA-FU': { bit: 32, attr: '福' },
  'DOG-FU': { bit: 64, attr: '福' },
  'PIG-FU': { bit: 128, attr: '福' },
};

interface CardInfo {
  index: number;
  zodiac: number;
  /** The card's attributes (a second one only for dual cards) and their kinds. */
  attr0: string;
  kind0: number;
  attr1: string | null;
  kind1: number;
  named: { bit: number; attr: string } | null;
}
/** Per card code; a prototype-less object (a string-keyed Map lookup was the slowest line here). */
const INFO: Readonly<Record<CardCode, CardInfo | undefined>> = Object.assign(
  Object.create(null) as Record<CardCode, CardInfo>,
  Object.fromEntries(
    CARDS.map((c, index): [CardCode, CardInfo] => [
      c.code,
      {
        index,
        zodiac: ZODIACS.indexOf(c.zodiac),
        attr0: c.attrs[0],
        kind0: ATTR_KIND[c.attrs[0]]!,
        attr1: c.attrs[1] ?? null,
        kind1: c.attrs[1] === undefined ? -1 : ATTR_KIND[c.attrs[1]]!,
        named: NAMED[c.code] ?? null,
      },
    ]),
  ),
);

const counts = new Int32Array(8);
const zodiacs = new Int32Array(12);

/** `areaScore(area, santieBonus, opts)`'s B, H, S, sets, nizhu, hasWinningCombo and daziCount. */
export function areaStats(area: readonly AreaCard[], santieBonus: number, opts: DoufuOptions): AreaStats {
  if (!Array.isArray(area) || !Number.isInteger(santieBonus) || santieBonus < 0) return fromScore(areaScore(area, santieBonus, opts));
  counts.fill(0);
  zodiacs.fill(0);
  const strict = opts.named_combo_requires_assigned_attr;
  let seenLo = 0;
  let seenHi = 0;
  let named = 0;
  for (const c of area) {
    const info = typeof c === 'object' && c !== null && typeof c.code === 'string' ? INFO[c.code] : undefined;
    const kind = info === undefined ? -1 : c.attr === info.attr0 ? info.kind0 : c.attr === info.attr1 ? info.kind1 : -1;
    if (info === undefined || kind < 0) return fromScore(areaScore(area, santieBonus, opts));
    const i = info.index;
    if (i < 24) {
      if (seenLo & (1 << i)) return fromScore(areaScore(area, santieBonus, opts));
      seenLo |= 1 << i;
    } else {
      if (seenHi & (1 << (i - 24))) return fromScore(areaScore(area, santieBonus, opts));
      seenHi |= 1 << (i - 24);
    }
    counts[kind]++;
    zodiacs[info.zodiac]++;
    if (info.named && (!strict || c.attr === info.named.attr)) named |= info.named.bit;
  }
  const g = counts[GOLD]!;
  const j = counts[JADE]! > 0;
  const p = counts[PURPLE]!;
  const r = counts[RED]!;
  const n = p + r + counts[HARMONY]!;
  const f = counts[FU]!;
  const y = counts[LUCK]! + opts.shuangyun_value * counts[DOUBLE_LUCK]!;
  let sets = 0;
  for (let z = 0; z < 12; z++) if (zodiacs[z] === 4) sets++;
  const snake = (named & 1) !== 0;
  const F1 = g === 4 ? (j ? 10 : 8) : g === 3 ? (j ? 7 : 5) : 0;
  const F2 = p === 4 && r === 4 ? n + 6 : p >= 3 && r >= 3 ? n + 4 : p === 4 || r === 4 ? n + 3 : p >= 3 || r >= 3 ? n + 2 : n >= 5 ? n - 4 : 0;
  const F3 = f >= 5 ? f - 4 : 0;
  const F4 = snake && (named & 2) !== 0 ? 3 : 0;
  const F5 = snake && (named & 4) !== 0 ? 3 : 0;
  const F6 = (named & (8 | 16 | 32)) === (8 | 16 | 32) ? 5 : 0;
  const F7 = y >= 10 ? y - 9 : 0;
  const nizhu = (named & (64 | 128)) === (64 | 128);
  const B = F1 + F2 + F3 + F4 + F5 + F6 + F7 + (nizhu ? -1 : 0);
  const H = sets + santieBonus;
  const scoring = (F1 > 0 ? 1 : 0) + (F2 > 0 ? 1 : 0) + (F3 > 0 ? 1 : 0) + (F4 > 0 ? 1 : 0) + (F5 > 0 ? 1 : 0) + (F6 > 0 ? 1 : 0) + (F7 > 0 ? 1 : 0);
  return {
    B,
    H,
    S: B + H,
    sets,
    nizhu,
    hasWinningCombo: scoring > 0 || sets > 0,
    daziCount: scoring + (opts.team_dazi_count_mode === 'distinct_rows' ? Math.min(sets, 1) : sets),
  };
}

function fromScore(s: AreaScore): AreaStats {
  return { B: s.B, H: s.H, S: s.S, sets: s.sets, nizhu: s.nizhu, hasWinningCombo: s.hasWinningCombo, daziCount: s.daziCount };
}

/** `qualifies` (scoring.ts) on stats: free-for-all needs a combo; 2v2 needs `team_min_dazi` combos. */
export function statsQualify(st: AreaStats, opts: DoufuOptions & { mode: 'ffa' | '2v2' }): boolean {
  return opts.mode === 'ffa' ? st.hasWinningCombo : st.daziCount >= opts.team_min_dazi;
}
