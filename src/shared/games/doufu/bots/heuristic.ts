/**
 * The heuristic bot: scores every legal move from its seat's table with the evaluation of eval.ts
 * and plays the best (ties broken with its rng). In a turn it compares a sure 吃, the expected
 * result of a 叠蒙 over the cards it cannot see, and a 摸; it uses a skill when the skill is worth
 * enough (sooner as the deck runs out, since Roulette voids unused skills); it declares whenever
 * the settlement leaves it ahead (`declareMinW` can make it wait for a bigger win), except while it
 * holds for 四海平生, 金玉满堂, 姹紫嫣红 or 万紫千红 with the missing card still to be had (`holdFor`).
 *
 * `heuristicScores` is also the search bot's move ordering: within one decision, a higher score is
 * a better move; scores of different decisions are not comparable.
 */
import type { Bot, BotInput } from '../../../engine/types';
import type { Rng } from '../../../util/rng';
import type { CardCode } from '../cards';
import type { DoufuMove, SkillMove } from '../types';
import type { DoufuView } from '../view';
import { handValue, otherScores, skillValue } from './choices';
import { DEFAULT_PARAMS, gainOf, mayDeclare, sightOf, type HeuristicParams, type Sight } from './eval';
import { ZI } from './score';
import type { Table } from './table';
import { targetsInReach } from './targets';

type Move<T extends DoufuMove['type']> = Extract<DoufuMove, { type: T }>;

/** Score each legal move (same order as `legal`). */
export function heuristicScores(t: Table, legal: readonly DoufuMove[], params: HeuristicParams = DEFAULT_PARAMS): number[] {
  const st = t.step;
  switch (st.k) {
    case 'turn':
      return turnScores(sightOf(t), legal, params, skillValue);
    case 'window':
    case 'dealWindow': {
      const yes = shouldDeclare(sightOf(t), params, st.k === 'dealWindow');
      return legal.map((m) => (m.type === 'declare' ? (yes ? 1 : -1) : 0));
    }
    case 'reshuffle': {
      const bad = handValue(sightOf(t), t.hand ?? [], t.pool) < 0.3;
      return legal.map((m) => (m.type === 'reshuffle' ? (bad ? 1 : -1) : 0));
    }
    case 'chooseFirst':
      return legal.map((m) => (m.type === 'chooseFirst' && m.first === t.seat ? 1 : 0));
    case 'gift':
      return legal.map((m) => (m.type === 'accept' ? 1 : 0));
    case 'roulette':
      return legal.map(() => 0); // the spread is face down: every index is the same gamble
    default:
      return otherScores(sightOf(t), legal, params);
  }
}

/** Pick the best-scoring legal move; ties are broken with `rng`. */
export function heuristicChoose(t: Table, legal: readonly DoufuMove[], rng: Rng, params: HeuristicParams = DEFAULT_PARAMS): DoufuMove {
  if (legal.length === 1) return legal[0]!;
  return bestOf(legal, heuristicScores(t, legal, params), rng);
}

/** The move with the highest score (ties: a uniform pick with `rng`). */
export function bestOf<M>(legal: readonly M[], scores: readonly number[], rng: Rng): M {
  let best = -Infinity;
  for (const s of scores) if (s > best) best = s;
  const top: number[] = [];
  for (let i = 0; i < scores.length; i++) if (scores[i]! >= best - 1e-9) top.push(i);
  return legal[top.length === 1 ? top[0]! : rng.pick(top)]!;
}

/** A heuristic bot with the given style. It reads only its view. */
export function createHeuristicBot(params: Partial<HeuristicParams> = {}): Bot<DoufuView, DoufuMove> {
  const p = { ...DEFAULT_PARAMS, ...params };
  return ({ view, legal, rng }: BotInput<DoufuView, DoufuMove>) => heuristicChoose(view, legal, rng, p);
}

/** The heuristic bot with the default style. */
export const heuristicBot: Bot<DoufuView, DoufuMove> = createHeuristicBot();

// ---------------------------------------------------------------- declaring

/** What a declaration by the seat's side would do now (spec §5.7): W, each side's loss, the match. */
export function declareOutcome(sg: Sight, deal = false): { W: number; loss: number[]; relGain: number; winsMatch: boolean; diesByIt: boolean } {
  const { t, opts } = sg;
  const m = t.nirvana === 0 ? 1 : opts.nirvana_stacking ? 2 ** t.nirvana : 2;
  let W: number;
  if (deal) W = m * dealPoints(t);
  else if (opts.settlement_value === 'declared_combo_only') {
    const fam = m * sg.me.score.best;
    W = sg.me.score.sets > 0 && 1 > fam ? 1 : fam;
  } else W = Math.max(0, m * sg.me.score.B + sg.me.score.H);
  const loss = t.fuqi.map(() => 0);
  let rebound = 0;
  for (const o of sg.opponents) {
    const H = deal ? 0 : o.score.H;
    const nizhu = !deal && o.counts.dogFu && o.counts.pigFu && opts.nizhu_applies_to_non_declarers ? 1 : 0;
    loss[o.side] = Math.max(0, W - H) + nizhu;
    rebound += Math.max(0, H - W);
  }
  loss[sg.side] = rebound;
  const opp = sg.opponents.length || 1;
  const relGain = sg.opponents.reduce((a, o) => a + loss[o.side]!, 0) / opp - rebound;
  const after = t.fuqi.map((f, i) => f - loss[i]!);
  const diesByIt = after[sg.side]! <= 0;
  const winsMatch = !diesByIt && sg.opponents.every((o) => after[o.side]! <= 0);
  return { W, loss, relGain, winsMatch, diesByIt };
}

function dealPoints(t: Table): number {
  const per = new Array<number>(12).fill(0);
  for (const c of t.hand ?? []) per[ZI.get(c)!]!++;
  const tianshi = per.some((k) => k === 4);
  const pairs = per.reduce((a, k) => a + (k === 4 && !t.opts.dili_quad_as_two_pairs ? 1 : Math.floor(k / 2)), 0);
  const dili = t.opts.mode === 'ffa' && t.out.filter((o) => !o).length === 2 && pairs >= 3;
  if (tianshi && dili) return t.opts.tianshi_dili_cumulative ? 22 : 12;
  return tianshi ? 12 : dili ? 10 : 0;
}

/** Declare when the settlement leaves the side ahead, and the win is big enough or waiting is risky. */
export function shouldDeclare(sg: Sight, params: HeuristicParams, deal = false): boolean {
  const o = declareOutcome(sg, deal);
  if (o.winsMatch) return true;
  if (o.diesByIt || o.relGain <= 0) return false;
  const t = sg.t;
  const late = t.phase === 'roulette' || t.deckCount <= 2 * t.players;
  if (!deal && !late && holds(sg, o, params)) return false;
  if (o.W >= params.declareMinW) return true;
  return late || sg.opponents.some((x) => x.score.qualifies) || o.loss.some((l, i) => l > 0 && t.fuqi[i]! - l <= 0);
}

/**
 * Whether to keep building instead: a big 搭子 (四海平生, 金玉满堂, the 气 rows up to 万紫千红) in reach whose completion
 * is worth at least `holdFor` and a quarter of W now, the deck at least a third full, no opponent
 * able to declare and nobody knocked out by declaring. One card away counts in full; two away only
 * when one of them can be taken at the seat's next 吃 (in its hand with a pool entry of its zodiac,
 * or in the pool with a hand card of it), at 0.6 unless both can.
 */
function holds(sg: Sight, o: ReturnType<typeof declareOutcome>, params: HeuristicParams): boolean {
  const t = sg.t;
  if (params.holdFor <= 0 || t.deckCount < 3 * t.players + 4) return false;
  if (sg.opponents.some((x) => x.score.qualifies) || o.loss.some((l, i) => l > 0 && t.fuqi[i]! - l <= 0)) return false;
  const hand = t.hand ?? [];
  const takeable = (c: CardCode) => {
    const z = ZI.get(c)!;
    if (hand.includes(c)) return !!sg.poolByZ[z];
    return !!sg.poolByZ[z]?.some((e) => e.includes(c)) && hand.some((h) => ZI.get(h) === z);
  };
  for (const r of targetsInReach(sg, 2)) {
    const sure = r.missing.filter(takeable).length;
    if (r.missing.length === 2 && sure === 0) continue;
    const value = r.gain * 0.6 ** (r.missing.length - Math.max(1, sure));
    if (value >= params.holdFor && value >= o.W / 4) return true;
  }
  return false;
}

// ---------------------------------------------------------------- the turn

/**
 * Scores of a turn's moves: each action by its value; a start-phase skill as "the skill (valued by
 * `skill`), then the best action", less a threshold that falls to 0 as the deck runs out.
 */
export function turnScores(sg: Sight, legal: readonly DoufuMove[], params: HeuristicParams, skill: (sg: Sight, m: SkillMove) => number): number[] {
  const scores = legal.map((m) => {
    switch (m.type) {
      case 'draw':
        return drawValue(sg);
      case 'eat':
        return eatValue(sg, m, params);
      case 'stack':
        return stackValue(sg, m, params);
      default:
        return m.type === 'pass' ? 0 : NaN;
    }
  });
  const actions = scores.filter((v) => !Number.isNaN(v));
  const bestAction = actions.length ? Math.max(...actions) : 0;
  // A skill comes before the action of the same turn: it scores "skill, then the best action".
  const tau = params.skillThreshold * Math.min(1, sg.t.deckCount / (3 * sg.t.players));
  return scores.map((v, i) => (Number.isNaN(v) ? bestAction + skill(sg, legal[i] as SkillMove) - tau : v));
}

function drawValue(sg: Sight): number {
  let p = 0;
  for (let z = 0; z < 12; z++) if (sg.poolByZ[z]) p += sg.k.unknownByZodiac[z]! / sg.U;
  return 0.2 + 0.8 * p * (sg.t.hand!.length < sg.L - 1 ? 1 : 0.8);
}

/** An open declaration window after my own action, worth ending the hand on. */
function windowValue(sg: Sight, after: { S: number; qualifies: boolean }, params: HeuristicParams): number {
  if (!after.qualifies || !mayDeclare(sg)) return 0;
  if (sg.t.opts.declare_trigger === 'score_change' && after.S === sg.me.score.S) return 0;
  return params.windowBonus + 0.5 * after.S;
}

function entryCards(sg: Sight, take: CardCode, split: boolean): { cards: CardCode[]; santie: boolean } {
  const e = sg.t.pool.find((x) => x.includes(take))!;
  return e.length > 1 && !split ? { cards: [...e], santie: true } : { cards: [take], santie: false };
}

function eatValue(sg: Sight, m: Move<'eat'>, params: HeuristicParams): number {
  const { cards, santie } = entryCards(sg, m.take, !!m.split);
  const { gain, score } = gainOf(sg, [m.card, ...cards], santie);
  return 0.3 + gain + (santie ? -0.8 : windowValue(sg, score, params));
}

/** Expected result of 叠蒙 with `card`: hit on it (+ steal), hit on a pool entry, or a miss. */
function stackValue(sg: Sight, m: Move<'stack'>, params: HeuristicParams): number {
  const z = ZI.get(m.card)!;
  let v = 0;
  let pMiss = 1;
  const self = sg.unknownByZ[z]!;
  if (self.length) {
    const steal = bestStealValue(sg);
    let sum = 0;
    for (const c of self) {
      const { gain, score } = gainOf(sg, [m.card, c]);
      sum += gain + windowValue(sg, score, params) + steal;
    }
    v += (self.length / sg.U) * (sum / self.length);
    pMiss -= self.length / sg.U;
  }
  for (let ze = 0; ze < 12; ze++) {
    const entries = sg.poolByZ[ze];
    const cand = sg.unknownByZ[ze]!;
    if (!entries || ze === z || !cand.length) continue;
    let sum = 0;
    for (const c of cand) {
      let best = -Infinity;
      for (const e of entries) {
        const santie = e.length > 1;
        const { gain, score } = gainOf(sg, [c, ...e], santie);
        best = Math.max(best, gain + (santie ? -0.8 : windowValue(sg, score, params)));
      }
      sum += best;
    }
    v += (cand.length / sg.U) * (sum / cand.length);
    pMiss -= cand.length / sg.U;
  }
  return v + pMiss * -0.1 + params.stackBonus;
}

function bestStealValue(sg: Sight): number {
  if (sg.steal !== undefined) return sg.steal;
  let best = 0;
  for (const o of sg.opponents)
    for (const c of sg.t.areas[o.side]!) if (c.attr === '运') best = Math.max(best, gainOf(sg, [c.code]).gain + 0.3);
  return (sg.steal = best);
}
