/**
 * The search bot: determinized Monte Carlo. At a turn, a declaration window or a 蒙换 offer it
 * takes the heuristic's best few moves as candidates; then, per iteration, it samples the hidden
 * cards consistently with its view (determinize.ts), plays each candidate in that same sampled
 * world and plays the hand out with a rollout policy for every seat (the heuristic by default),
 * and scores the hand's 福气 change for its side against the average opponent. It plays the
 * candidate with the best mean. Other decisions (attributes, picks, steals, …) are the heuristic's.
 *
 * Budget: `iterations` sampled worlds per decision (deterministic given the bot's rng: use it for
 * tests and simulations), or `timeMs` per decision (at least one world; depends on machine speed,
 * so not reproducible). Candidates share each world and the rollout generator (common random
 * numbers), which makes differences between them far less noisy than independent samples.
 */
import type { Bot, BotInput } from '../../../engine/types';
import { Rng } from '../../../util/rng';
import { doufu } from '../game';
import type { DoufuMove, DoufuState } from '../types';
import type { DoufuView } from '../view';
import { canRebuild, determinize } from './determinize';
import { DEFAULT_PARAMS, potential, type HeuristicParams } from './eval';
import { heuristicChoose, heuristicScores } from './heuristic';
import { knowledgeOf } from './knowledge';
import { tally } from './score';
import { tableOf } from './table';

/** Search settings. */
export interface SearchParams {
  /** Sampled worlds per decision (ignored when `timeMs` is set). */
  iterations: number;
  /** Wall-clock budget per decision in ms; makes the bot nondeterministic. */
  timeMs?: number;
  /** Candidates taken from the heuristic's ordering. */
  maxCandidates: number;
  /** Policy of every seat in the playouts. */
  rollout: 'heuristic' | 'random';
  /** Playout length cap; a hand still running then is scored by area potential. */
  maxRolloutMoves: number;
  /** Style of the heuristic (candidates, playouts and the decisions not searched). */
  heuristic: HeuristicParams;
}

/** Default search settings: 24 worlds × up to 4 candidates, heuristic playouts. */
export const DEFAULT_SEARCH: SearchParams = { iterations: 24, maxCandidates: 4, rollout: 'heuristic', maxRolloutMoves: 400, heuristic: DEFAULT_PARAMS };

/** What one decision's search saw (for the bench and the lab). */
export interface SearchReport {
  candidates: DoufuMove[];
  means: number[];
  iterations: number;
  rollouts: number;
  ms: number;
}

/** Search one decision: the chosen move and what was measured. */
export function searchDecision(input: BotInput<DoufuView, DoufuMove>, params: SearchParams = DEFAULT_SEARCH): { move: DoufuMove; report: SearchReport | null } {
  const { view, legal, rng, seat } = input;
  if (legal.length === 1 || !canRebuild(view)) return { move: heuristicChoose(view, legal, rng, params.heuristic), report: null };
  const scores = heuristicScores(view, legal, params.heuristic);
  const order = legal.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
  const candidates = order.slice(0, Math.max(1, params.maxCandidates)).map((i) => legal[i]!);
  if (candidates.length === 1) return { move: candidates[0]!, report: null };
  const t0 = Date.now();
  const k = knowledgeOf(view);
  const sums = candidates.map(() => 0);
  let iterations = 0;
  let rollouts = 0;
  for (;;) {
    const world = determinize(view, rng, k);
    const rolloutSeed = [rng.nextUint32(), rng.nextUint32(), rng.nextUint32(), rng.nextUint32()] as const;
    for (let c = 0; c < candidates.length; c++) {
      const res = doufu.apply(world, candidates[c]!);
      // A legal move of the seat is legal in every world consistent with its view (tested).
      if (!res.ok) throw new Error(`doufu search: ${JSON.stringify(candidates[c])} refused in a sampled world (${res.code}).`);
      sums[c]! += playout(res.state, world, seat, new Rng(rolloutSeed), params);
      rollouts++;
    }
    iterations++;
    if (params.timeMs !== undefined ? Date.now() - t0 >= params.timeMs : iterations >= params.iterations) break;
  }
  const means = sums.map((s) => s / iterations);
  let best = 0;
  for (let c = 1; c < candidates.length; c++) if (means[c]! > means[best]! + 1e-9) best = c;
  return { move: candidates[best]!, report: { candidates, means, iterations, rollouts, ms: Date.now() - t0 } };
}

/**
 * Play the hand out from `s` and score it for `seat`'s side: its 福气 change minus the mean change
 * of the sides that were in at the start (`start` = the world before the candidate move).
 */
function playout(s: DoufuState, start: DoufuState, seat: number, rng: Rng, params: SearchParams): number {
  const hand = start.handNo;
  let moves = 0;
  while (s.step.k !== 'over' && s.handNo === hand && moves < params.maxRolloutMoves) {
    const who = doufu.status(s).toAct[0]!;
    const legal = doufu.legalMoves(s, who);
    const move = params.rollout === 'random' || legal.length === 1 ? rng.pick(legal) : heuristicChoose(tableOf(s, who), legal, rng, params.heuristic);
    const res = doufu.apply(s, move);
    if (!res.ok) throw new Error(`doufu search: playout move refused (${res.code}).`);
    s = res.state;
    moves++;
  }
  const side = start.opts.mode === '2v2' ? seat % 2 : seat;
  let others = 0;
  let count = 0;
  for (let x = 0; x < start.fuqi.length; x++) {
    if (x === side || start.out[x]) continue;
    others += s.fuqi[x]! - start.fuqi[x]!;
    count++;
  }
  let v = s.fuqi[side]! - start.fuqi[side]! - others / Math.max(1, count);
  if (s.step.k !== 'over' && s.handNo === hand) v += 0.25 * (sidePotential(s, side) - meanPotential(s, side));
  return v;
}

function sidePotential(s: DoufuState, side: number): number {
  return potential(tally(s.areas[side]!, s.opts), s.santieBonus[side]!, s.opts);
}
function meanPotential(s: DoufuState, side: number): number {
  let sum = 0;
  let n = 0;
  for (let x = 0; x < s.areas.length; x++) {
    if (x === side || s.out[x]) continue;
    sum += sidePotential(s, x);
    n++;
  }
  return sum / Math.max(1, n);
}

/** A search bot with the given settings. It reads only its view (and samples the rest). */
export function createSearchBot(params: Partial<SearchParams> = {}): Bot<DoufuView, DoufuMove> {
  const p = { ...DEFAULT_SEARCH, ...params };
  return (input) => searchDecision(input, p).move;
}
