/**
 * The planner bot: the heuristic's moves with two changes that make it play the whole game.
 *
 * - **Declaring.** The heuristic declares at the first window that leaves it ahead. The planner
 *   weighs W now against what its area can still become (its *upside*: the points the best
 *   obtainable cards would add, e.g. the 4th 金 of 四海平生 or the 玉猪 of 金玉满堂, discounted by how
 *   much of the deck is left) and against the risk of waiting (opponents able to declare, each
 *   costing it their W). It waits while the upside is worth more than the risk, and declares at
 *   once when the win ends the match, in Roulette, or when W is already big.
 * - **Skills.** Every skill gets a value for the situations where it helps: 福虎 when a fresh pool
 *   should fit its hand better than the current one (or an opponent is close), 福羊 on itself when
 *   a fresh hand should fit better, 福猴 against a threatening opponent (only 吃, or nothing); and
 *   a lower threshold, since an unused skill is voided by Roulette.
 *
 * Everything else (actions, attributes, picks, steals, 蒙换, 福牛, 福鸡) is the heuristic's choice.
 */
import type { Bot, BotInput } from '../../../engine/types';
import type { Rng } from '../../../util/rng';
import type { Attr, CardCode } from '../cards';
import type { DoufuMove, SkillMove } from '../types';
import type { DoufuView } from '../view';
import { handValue, skillValue } from './choices';
import { DEFAULT_PARAMS, gainOf, sightOf, type HeuristicParams, type Sight } from './eval';
import { bestOf, declareOutcome, heuristicScores, turnScores } from './heuristic';
import { ATTRS_OF, addCard, copyCounts, scoreOf, ZI } from './score';
import type { Table } from './table';

/** The planner's knobs: the heuristic's, plus how it weighs waiting against declaring. */
export interface PlannerParams extends HeuristicParams {
  /** How much of its upside (points still obtainable) a full deck is worth against W now. */
  greed: number;
  /** Points of risk per opponent able to declare, per point of that opponent's score. */
  caution: number;
  /** Declare at once from this W on. */
  bigW: number;
  /** Wait only for an upside of at least this many points (a bigger 搭子 in reach, not a trickle of 运). */
  minUpside: number;
  /** Value skills as the planner does, or as the heuristic does (for comparisons). */
  skillValues: 'planner' | 'heuristic';
}

/** The planner's default style (tuned against the heuristic; see README.md). */
export const DEFAULT_PLANNER: PlannerParams = { ...DEFAULT_PARAMS, skillThreshold: 0.15, greed: 0.5, caution: 1, bigW: 10, minUpside: 6, skillValues: 'planner' };

/** Score each legal move (same order as `legal`): the heuristic's, except declarations and skills. */
export function plannerScores(t: Table, legal: readonly DoufuMove[], params: PlannerParams = DEFAULT_PLANNER): number[] {
  const st = t.step;
  if (st.k === 'window' || st.k === 'dealWindow') {
    const yes = plannerDeclares(sightOf(t), params, st.k === 'dealWindow');
    return legal.map((m) => (m.type === 'declare' ? (yes ? 1 : -1) : 0));
  }
  if (st.k === 'turn') return turnScores(sightOf(t), legal, params, params.skillValues === 'planner' ? plannerSkillValue : skillValue);
  return heuristicScores(t, legal, params);
}

/** Pick the best-scoring legal move; ties are broken with `rng`. */
export function plannerChoose(t: Table, legal: readonly DoufuMove[], rng: Rng, params: PlannerParams = DEFAULT_PLANNER): DoufuMove {
  if (legal.length === 1) return legal[0]!;
  return bestOf(legal, plannerScores(t, legal, params), rng);
}

/** A planner bot with the given style. It reads only its view. */
export function createPlannerBot(params: Partial<PlannerParams> = {}): Bot<DoufuView, DoufuMove> {
  const p = { ...DEFAULT_PLANNER, ...params };
  return ({ view, legal, rng }: BotInput<DoufuView, DoufuMove>) => plannerChoose(view, legal, rng, p);
}

// ---------------------------------------------------------------- declaring

/** Declare now, or keep building: W now against the discounted upside and the risk of waiting. */
export function plannerDeclares(sg: Sight, params: PlannerParams, deal = false): boolean {
  const o = declareOutcome(sg, deal);
  if (o.winsMatch) return true;
  if (o.diesByIt || o.relGain <= 0) return false;
  const t = sg.t;
  if (deal || t.phase === 'roulette' || o.W >= params.bigW) return true;
  // Someone would be knocked out by it: take the sure elimination.
  if (o.loss.some((l, i) => l > 0 && t.fuqi[i]! - l <= 0)) return true;
  const up = upside(sg);
  if (up < params.minUpside) return true;
  const left = Math.min(1, t.deckCount / deckAtStart(t));
  const wait = params.greed * left * up;
  const risk = sg.opponents.reduce((a, x) => a + (x.score.qualifies ? params.caution * (1 + x.score.S) : 0.1 * x.threat), 0);
  return wait <= risk;
}

/** Deck size right after the deal (spec §2.1): 48 less the hands and the pool. */
function deckAtStart(t: Table): number {
  const p = t.opts.mode === '2v2' ? 4 : t.out.filter((o) => !o).length;
  const [L, K] = p <= 2 ? [6, 8] : p === 3 ? [5, 7] : [4, 6];
  return Math.max(1, 48 - p * L - K);
}

/** The big 搭子 worth waiting for (spec §5.3 rows 3, 4, 10), as the cards and attributes they need. */
const TARGETS: readonly (readonly [CardCode, Attr])[][] = [
  [['TIG-JIN', '金'], ['DRA-JIN', '金'], ['MON-JIN', '金'], ['ROO-JIN', '金']], // 四海平生
  [['TIG-JIN', '金'], ['DRA-JIN', '金'], ['MON-JIN', '金'], ['ROO-JIN', '金'], ['PIG-YU', '玉']], // 金玉满堂
  [['RAB-ZI', '紫气'], ['SNA-ZI', '紫气'], ['GOA-ZI', '紫气'], ['DRA-JIN', '紫气'], ['OX-HONG', '红气'], ['TIG-HONG', '红气'], ['MON-HONG', '红气'], ['ROO-HONG', '红气']], // 万紫千红
];

/**
 * Points the area could still gain: the larger of (a) the S gain of the best obtainable card (one
 * in no score area) plus half the next best after it, and (b) the gain of completing one of the
 * big 搭子 (四海平生, 金玉满堂, 万紫千红) that is one or two cards away with those cards obtainable,
 * at 0.6 for a second missing card.
 */
export function upside(sg: Sight): number {
  return Math.max(cardsUpside(sg), targetUpside(sg));
}

function targetUpside(sg: Sight): number {
  const mine = new Map(sg.t.areas[sg.side]!.map((c) => [c.code, c.attr] as const));
  const elsewhere = new Set<CardCode>();
  sg.t.areas.forEach((a, side) => side !== sg.side && a.forEach((c) => elsewhere.add(c.code)));
  const bonus = sg.t.santieBonus[sg.side]!;
  let best = 0;
  for (const target of TARGETS) {
    const missing = target.filter(([code, attr]) => mine.get(code) !== attr);
    if (missing.length === 0 || missing.length > 2 || missing.some(([code]) => elsewhere.has(code) || mine.has(code))) continue;
    const c = copyCounts(sg.me.counts);
    for (const [code, attr] of missing) addCard(c, code, attr, sg.opts);
    best = Math.max(best, (scoreOf(c, bonus, sg.opts).S - sg.me.score.S) * (missing.length === 1 ? 1 : 0.6));
  }
  return best;
}

function cardsUpside(sg: Sight): number {
  const bonus = sg.t.santieBonus[sg.side]!;
  const S0 = sg.me.score.S;
  const inAreas = new Set<CardCode>();
  for (const a of sg.t.areas) for (const c of a) inAreas.add(c.code);
  let best = 0;
  let bestCard: CardCode | null = null;
  for (const code of ZI.keys()) {
    if (inAreas.has(code)) continue;
    const g = cardGain(sg.me.counts, bonus, code, sg, S0);
    if (g > best) [best, bestCard] = [g, code];
  }
  if (!bestCard) return 0;
  const c1 = copyCounts(sg.me.counts);
  addBest(c1, bonus, bestCard, sg);
  const S1 = scoreOf(c1, bonus, sg.opts).S;
  let second = 0;
  for (const code of ZI.keys()) if (!inAreas.has(code) && code !== bestCard) second = Math.max(second, cardGain(c1, bonus, code, sg, S1));
  return best + 0.5 * second;
}

function addBest(c: ReturnType<typeof copyCounts>, bonus: number, code: CardCode, sg: Sight): void {
  let bestAttr = ATTRS_OF.get(code)![0]!;
  let bestS = -Infinity;
  for (const attr of ATTRS_OF.get(code)!) {
    const x = copyCounts(c);
    addCard(x, code, attr, sg.opts);
    const S = scoreOf(x, bonus, sg.opts).S;
    if (S > bestS) [bestS, bestAttr] = [S, attr];
  }
  addCard(c, code, bestAttr, sg.opts);
}

function cardGain(c: ReturnType<typeof copyCounts>, bonus: number, code: CardCode, sg: Sight, S0: number): number {
  let best = 0;
  for (const attr of ATTRS_OF.get(code)!) {
    const x = copyCounts(c);
    addCard(x, code, attr, sg.opts);
    best = Math.max(best, scoreOf(x, bonus, sg.opts).S - S0);
  }
  return best;
}

// ---------------------------------------------------------------- skills

/** The heuristic's skill values, with 福虎, 福羊 and 福猴 valued where they help. */
export function plannerSkillValue(sg: Sight, m: SkillMove): number {
  const effect = m.card === 'PIG-YU' && !m.annul ? m.imitate! : m.card;
  const self = m.target === sg.t.seat;
  const opp = m.target !== undefined && sg.t.sideOfSeat[m.target] !== sg.side;
  switch (effect) {
    case 'TIG-FU': {
      const now = handValue(sg, sg.t.hand!, sg.t.pool);
      const close = sg.opponents.some((x) => x.score.qualifies) ? 0.3 : 0;
      return freshPoolValue(sg) - now + close;
    }
    case 'GOA-FU':
      if (self) return freshHandValue(sg, sg.t.hand!.length) - handValue(sg, sg.t.hand!, sg.t.pool);
      return skillValue(sg, m);
    case 'MON-FU': {
      // Only 吃: a lost turn if the target cannot eat, a forced (often welcome) 吃 if it can.
      if (!opp) return -1;
      const pEat = eatChance(sg, sg.t.handCounts[m.target!]!);
      return (1 - pEat) * (0.3 + 0.25 * (sg.sides[sg.t.sideOfSeat[m.target!]!]?.threat ?? 0)) - pEat * 0.4;
    }
    default:
      return skillValue(sg, m);
  }
}

/** Chance that a hand of `n` unknown cards holds one whose zodiac is in the pool (so it can 吃). */
function eatChance(sg: Sight, n: number): number {
  let p = 0;
  for (let z = 0; z < 12; z++) if (sg.poolByZ[z]) p += sg.unknownByZ[z]!.length / sg.U;
  return 1 - Math.pow(1 - Math.min(1, p), n);
}

/** What one card of zodiac `z` in hand is worth with the pool as it is (as `handValue` counts it). */
function fitOf(sg: Sight, code: CardCode, entries: readonly (readonly CardCode[])[] | undefined): number {
  if (!entries) return 0.05;
  let best = 0.05;
  for (const e of entries) best = Math.max(best, 0.6 * gainOf(sg, [code, ...e]).gain + 0.2);
  return best;
}

/** Expected hand fit after 福虎: the pool's cards go back among the unknown ones and as many come out. */
function freshPoolValue(sg: Sight): number {
  const k = sg.t.pool.reduce((a, e) => a + e.length, 0);
  if (k === 0) return handValue(sg, sg.t.hand!, sg.t.pool);
  const byZ = sg.k.unknownByZodiac.slice();
  for (const e of sg.t.pool) byZ[ZI.get(e[0]!)!]! += e.length;
  const N = Math.max(1, sg.t.deckCount + k);
  const U = Math.max(1, sg.U + k);
  let v = 0;
  for (const h of sg.t.hand!) {
    const z = ZI.get(h)!;
    // Only the deck's share of the unknown cards can come out.
    const n = (byZ[z]! * N) / U;
    const p = 1 - Math.pow(Math.max(0, 1 - n / N), k);
    v += 0.05 + p * 0.75;
  }
  return v;
}

/** Expected fit of `k` cards drawn from the unknown ones (福羊 on itself). */
function freshHandValue(sg: Sight, k: number): number {
  let per = 0;
  for (let z = 0; z < 12; z++) {
    const cand = sg.unknownByZ[z]!;
    if (!cand.length) continue;
    per += (cand.length / sg.U) * fitOf(sg, cand[0]!, sg.poolByZ[z]);
  }
  return k * per;
}
