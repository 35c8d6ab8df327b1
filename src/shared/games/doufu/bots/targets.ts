/**
 * The big 搭子 a side builds toward over many turns (spec §5.3 rows 3, 4, 6, 8, 9, 10: 四海平生, 金玉满堂,
 * the great 气 rows, 姹紫嫣红, 万紫千红) and how far the deciding side is from each. A target is *in reach* when every card it
 * still needs is in no score area (it is in a hand, the pool, the deck or the spread), so the side
 * can still take it. The heuristic holds its declaration for one in reach one card away; the planner
 * weighs those one or two cards away against the risk of waiting.
 */
import type { Attr, CardCode } from '../cards';
import type { Sight } from './eval';
import { addCard, copyCounts, scoreOf } from './score';

const JIN: [CardCode, Attr][] = [['TIG-JIN', '金'], ['DRA-JIN', '金'], ['MON-JIN', '金'], ['ROO-JIN', '金']];
const ZI_QI: [CardCode, Attr][] = [['RAB-ZI', '紫气'], ['SNA-ZI', '紫气'], ['GOA-ZI', '紫气'], ['DRA-JIN', '紫气']];
const HONG_QI: [CardCode, Attr][] = [['OX-HONG', '红气'], ['TIG-HONG', '红气'], ['MON-HONG', '红气'], ['ROO-HONG', '红气']];
/** The four ways to leave one card out of four. */
const threesOf = <T>(four: readonly T[]): T[][] => four.map((_, skip) => four.filter((__, i) => i !== skip));

/**
 * The big 搭子, as the cards and the attributes they need: 四海平生, 金玉满堂, the two great 气
 * (大紫气东来, 大气贯长虹), 姹紫嫣红 (any three of each colour) and 万紫千红. The 气 rows are steps of
 * one another, so a side holding at 紫气东来 for 大紫气东来 or 姹紫嫣红 keeps the road to 万紫千红 open.
 */
export const TARGETS: readonly (readonly [CardCode, Attr])[][] = [
  JIN, // 四海平生
  [...JIN, ['PIG-YU', '玉']], // 金玉满堂
  ZI_QI, // 大紫气东来
  HONG_QI, // 大气贯长虹
  ...threesOf(ZI_QI).flatMap((zi) => threesOf(HONG_QI).map((hong) => [...zi, ...hong])), // 姹紫嫣红
  [...ZI_QI, ...HONG_QI], // 万紫千红
];

/** A target the side could still complete: the cards it misses and the S it would gain. */
export interface InReach {
  missing: CardCode[];
  gain: number;
}

/** The targets in reach with at most `maxMissing` cards missing (none already complete). */
export function targetsInReach(sg: Sight, maxMissing: number): InReach[] {
  const mine = new Map(sg.t.areas[sg.side]!.map((c) => [c.code, c.attr] as const));
  const bonus = sg.t.santieBonus[sg.side]!;
  const out: InReach[] = [];
  for (const target of TARGETS) {
    const missing = target.filter(([code, attr]) => mine.get(code) !== attr);
    if (missing.length === 0 || missing.length > maxMissing) continue;
    if (missing.some(([code]) => mine.has(code) || sg.t.areas.some((a, side) => side !== sg.side && a.some((c) => c.code === code)))) continue;
    const c = copyCounts(sg.me.counts);
    for (const [code, attr] of missing) addCard(c, code, attr, sg.opts);
    out.push({ missing: missing.map(([code]) => code), gain: scoreOf(c, bonus, sg.opts).S - sg.me.score.S });
  }
  return out;
}

/**
 * Points of the best target in reach: its S gain, at 0.6 for a second missing card (`maxMissing` 2)
 * since both must still come.
 */
export function targetUpside(sg: Sight, maxMissing = 2): number {
  let best = 0;
  for (const r of targetsInReach(sg, maxMissing)) best = Math.max(best, r.gain * (r.missing.length === 1 ? 1 : 0.6));
  return best;
}
