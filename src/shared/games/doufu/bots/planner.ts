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
import type { CardCode } from '../cards';
import type { DoufuMove, SkillMove } from '../types';
import type { DoufuView } from '../view';
import { skillValue } from './choices';
import { DEFAULT_PARAMS, sightOf, type HeuristicParams, type Sight } from './eval';
import { bestOf, declareOutcome, heuristicScores, turnScores } from './heuristic';
import { ATTRS_OF, addCard, copyCounts, scoreOf, ZI } from './score';
import { targetUpside } from './targets';
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
}

/** The planner's default style (tuned against the heuristic; see README.md). */
export const DEFAULT_PLANNER: PlannerParams = { ...DEFAULT_PARAMS, skillThreshold: 0.15, greed: 0.5, caution: 1, bigW: 10, minUpside: 6 };

/** Score each legal move (same order as `legal`): the heuristic's, except declarations and skills. */
export function plannerScores(t: Table, legal: readonly DoufuMove[], params: PlannerParams = DEFAULT_PLANNER): number[] {
  const st = t.step;
  if (st.k === 'window' || st.k === 'dealWindow') {
    const yes = plannerDeclares(sightOf(t), params, st.k === 'dealWindow');
    return legal.map((m) => (m.type === 'declare' ? (yes ? 1 : -1) : 0));
  }
  if (st.k === 'turn') return turnScores(sightOf(t), legal, params, skillValue);
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

/**
 * Points the area could still gain: the larger of (a) the S gain of the best obtainable card (one
 * in no score area) plus half the next best after it, and (b) the gain of completing one of the
 * big 搭子 (四海平生, 金玉满堂, 万紫千红) that is one or two cards away with those cards obtainable,
 * at 0.6 for a second missing card.
 */
export function upside(sg: Sight): number {
  return Math.max(cardsUpside(sg), targetUpside(sg));
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

/** Skill values: the heuristic's (which value 福虎, 福羊 and 福猴 where they help). */
export const plannerSkillValue: (sg: Sight, m: SkillMove) => number = skillValue;
