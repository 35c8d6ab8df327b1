/**
 * Position evaluation for the heuristic bot: the *potential* of a score area (its score S plus
 * partial credit for combos one or two cards away), the best attribute for a dual card, a side's
 * threat, and the decision context (`Sight`) built once per decision from the seat's table.
 *
 * The weights are hand-tuned in "points" (the unit of S); `HeuristicParams` exposes the few that
 * decide the bot's style so the bench and the balance lab can try variants.
 */
import type { Attr, CardCode } from '../cards';
import type { DoufuGameOptions } from '../types';
import { knowledgeOf, type Knowledge } from './knowledge';
import { ATTRS_OF, addCard, copyCounts, scoreOf, tally, ZI, type Counts, type FastScore } from './score';
import type { Table } from './table';

/** The knobs of the heuristic (defaults in `DEFAULT_PARAMS`). */
export interface HeuristicParams {
  /** Declare only when the declaration is worth at least this W (or when something forces it). */
  declareMinW: number;
  /** Use a start-phase skill when its value is at least this (falls to 0 as the deck runs out). */
  skillThreshold: number;
  /** Points an open declaration window is worth on top of the score change (ending a hand ahead). */
  windowBonus: number;
  /** Bias toward 叠蒙 (its chances to hit and to steal) over a sure 吃 or a 摸. */
  stackBonus: number;
  /** Bias toward doing a 蒙换 rather than skipping it. */
  swapBonus: number;
  /**
   * Hold a declaration while a big 搭子 (四海平生, 金玉满堂, 万紫千红) is one obtainable card away and
   * would add at least this many points, the deck is not nearly spent and no opponent can declare
   * (0: never hold).
   */
  holdFor: number;
}

/** The bot's default style. */
export const DEFAULT_PARAMS: HeuristicParams = { declareMinW: 1, skillThreshold: 0.35, windowBonus: 0.5, stackBonus: -1, swapBonus: 0, holdFor: 3 };

/** Potential of counts: S plus partial credit for near combos, plus unused skills. */
export function potential(c: Counts, bonus: number, opts: DoufuGameOptions, unusedSkills = 0): number {
  const sc = scoreOf(c, bonus, opts);
  let v = sc.S + (sc.qualifies ? 1 : 0);
  if (c.g < 3) v += c.g === 2 ? (c.j ? 2 : 1.5) : c.g === 1 ? 0.4 : 0;
  else if (c.g === 3) v += c.j ? 1.5 : 1; // one 金 from 四海平生 / 金玉满堂
  const pr = Math.max(c.p, c.r);
  if (pr < 3) v += pr === 2 ? 1.2 : pr === 1 ? 0.3 : 0;
  else if (Math.min(c.p, c.r) === 2) v += 1.5; // one away from 姹紫嫣红
  else if (Math.min(c.p, c.r) >= 3 && c.p + c.r < 8) v += c.p + c.r === 7 ? 2 : 0.8; // toward 万紫千红 (+2 on top of 姹紫嫣红)
  const n = c.p + c.r + c.h;
  if (pr < 3 && n >= 3 && n < 5) v += (n - 2) * 0.4;
  if (c.f < 5) v += c.f === 4 ? 1.2 : c.f === 3 ? 0.5 : 0;
  if (c.y < 10 && c.y >= 5) v += (c.y - 4) * 0.3;
  const fx = (c.ratFu ? 1 : 0) + (c.rabFu ? 1 : 0) + (c.goaFu ? 1 : 0);
  if (fx === 2) v += 1.5;
  else if (fx === 1) v += 0.2;
  if (c.snaFu && !(c.draJin && c.tigJin)) v += 0.8;
  else if (!c.snaFu && (c.draJin || c.tigJin)) v += 0.2;
  for (let z = 0; z < 12; z++) if (c.z[z] === 3) v += 0.6;
  if (c.dogFu !== c.pigFu) v -= 0.1; // half of 泥猪癞狗
  return v + unusedSkills * 0.4;
}

/** The best attribute to file `code` under in `c` (its potential after), and the value. */
export function bestAttr(c: Counts, bonus: number, code: CardCode, opts: DoufuGameOptions): { attr: Attr; pot: number } {
  const attrs = ATTRS_OF.get(code)!;
  let best: { attr: Attr; pot: number } | null = null;
  for (const attr of attrs) {
    const x = copyCounts(c);
    addCard(x, code, attr, opts);
    const pot = potential(x, bonus, opts);
    if (!best || pot > best.pot) best = { attr, pot };
  }
  return best!;
}

/** Counts after adding cards (each dual under its best attribute), with their score. */
export function withCards(c: Counts, bonus: number, cards: readonly CardCode[], opts: DoufuGameOptions): { counts: Counts; score: FastScore } {
  const x = copyCounts(c);
  for (const code of cards) {
    const attrs = ATTRS_OF.get(code)!;
    addCard(x, code, attrs.length === 1 ? attrs[0]! : bestAttr(x, bonus, code, opts).attr, opts);
  }
  return { counts: x, score: scoreOf(x, bonus, opts) };
}

/** One side as the deciding seat sees it. */
export interface SideInfo {
  side: number;
  counts: Counts;
  score: FastScore;
  pot: number;
  /** How dangerous the side is to the others: near or able to declare. */
  threat: number;
}

/** Everything a decision needs, computed once. */
export interface Sight {
  t: Table;
  /** The deciding seat. */
  seat: number;
  opts: DoufuGameOptions;
  side: number;
  /** Sides still in, by index (undefined for sides that are out). */
  sides: (SideInfo | undefined)[];
  me: SideInfo;
  /** Active opponent sides. */
  opponents: SideInfo[];
  k: Knowledge;
  /** Unknown cards (in others' hands, the deck, the spread). */
  U: number;
  /** Unknown cards by zodiac, as codes. */
  unknownByZ: CardCode[][];
  /** Zodiac → pool entries of that zodiac. */
  poolByZ: (CardCode[][] | undefined)[];
  /** Hand limit L. */
  L: number;
  /** My potential without the skill credit (the base of every gain). */
  basePot: number;
  /** Memo: the best steal after a hit on a stacked card. */
  steal?: number;
}

/** Hand limit for the table (spec §2.1, [HI-57]). */
export function handLimit(t: Table): number {
  const p = t.opts.mode === '2v2' ? 4 : t.opts.deal_counts_by_active_players ? t.out.filter((o, i) => !o && t.sideOfSeat.includes(i)).length : t.players;
  return p <= 2 ? 6 : p === 3 ? 5 : 4;
}

/** Build the decision context of the table's seat. */
export function sightOf(t: Table): Sight {
  if (t.seat === null) throw new Error('doufu bots: a spectator view cannot choose moves.');
  const seat = t.seat;
  const opts = t.opts;
  const side = t.sideOfSeat[seat]!;
  const sides: (SideInfo | undefined)[] = [];
  for (let i = 0; i < t.areas.length; i++) {
    if (t.out[i]) continue;
    const counts = tally(t.areas[i]!, opts);
    const score = scoreOf(counts, t.santieBonus[i]!, opts);
    const unused = t.areas[i]!.reduce((a, c) => a + (c.skill === 'unused' ? 1 : 0), 0);
    const pot = potential(counts, t.santieBonus[i]!, opts, unused);
    const threat = score.qualifies ? 3 + score.S * 0.5 : Math.max(0, pot - score.S) * 0.4 + score.S * 0.2;
    sides[i] = { side: i, counts, score, pot, threat };
  }
  const me = sides[side]!;
  const opponents = sides.filter((x): x is SideInfo => !!x && x.side !== side);
  const k = knowledgeOf(t);
  const poolByZ: (CardCode[][] | undefined)[] = new Array(12);
  for (const e of t.pool) {
    const z = ZI.get(e[0]!)!;
    (poolByZ[z] ??= []).push(e);
  }
  const unknownByZ: CardCode[][] = Array.from({ length: 12 }, () => []);
  for (const c of k.unknown) unknownByZ[ZI.get(c)!]!.push(c);
  const basePot = potential(me.counts, t.santieBonus[side]!, opts);
  return { t, seat, opts, side, sides, me, opponents, k, U: Math.max(1, k.unknown.length), unknownByZ, poolByZ, L: handLimit(t), basePot };
}

/** Potential of my side after adding cards (and a 三叠 bonus), minus my potential now. */
export function gainOf(sg: Sight, cards: readonly CardCode[], santie = false): { gain: number; score: FastScore } {
  const bonus = sg.t.santieBonus[sg.side]! + (santie ? 1 : 0);
  const { counts, score } = withCards(sg.me.counts, bonus, cards, sg.opts);
  return { gain: potential(counts, bonus, sg.opts) - sg.basePot, score };
}

/** Whether my side may declare right now if a window opened (not under a 福鸡 ban). */
export function mayDeclare(sg: Sight): boolean {
  const t = sg.t;
  if (t.fujiBan[sg.seat] !== null) return false;
  if (t.opts.mode === '2v2' && t.opts.team_fuji_ban_scope === 'team' && t.fujiBan[(sg.seat + 2) % 4] !== null) return false;
  return true;
}
