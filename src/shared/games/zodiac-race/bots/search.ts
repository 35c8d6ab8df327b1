/**
 * The search bot: determinized Monte Carlo over the heuristic. The only hidden information is the
 * die's future, so a "world" is the seat's view with a freshly seeded generator. At a main-phase
 * or star decision with several candidates, each candidate (at most `maxCandidates`: the
 * heuristic's pick plus a sample of the rest) is applied in `iterations` sampled worlds and played
 * on by heuristic bots for `horizon` turns; the candidate with the best mean evaluation (own
 * progress and laps against the best opponent's, teams summed) wins. Other decisions go to the
 * heuristic. Deterministic given the bot's generator.
 */
import type { Bot, BotInput } from '../../../engine/types';
import { Rng, type RngState } from '../../../util/rng';
import { ZrTable } from '../table';
import type { Frame, ZrMove, ZrState } from '../types';
import type { ZrView } from '../view';
import { heuristicChoose } from './heuristic';

/** Search settings. */
export interface SearchParams {
  /** Sampled worlds per candidate. */
  iterations: number;
  /** Candidates searched at most (the heuristic's pick always among them). */
  maxCandidates: number;
  /** Turns played on after the candidate. */
  horizon: number;
}

/** The defaults (about a few ms per searched decision). */
export const DEFAULT_SEARCH: SearchParams = { iterations: 6, maxCandidates: 5, horizon: 4 };

/** A full state rebuilt from a view, with a sampled generator for the dice. */
export function worldFromView(v: ZrView, rng: RngState): ZrState {
  let maxId = 0;
  for (const f of v.stack) if ('id' in f) maxId = Math.max(maxId, f.id);
  return {
    opts: v.opts,
    n: v.players,
    rng,
    phase: v.phase,
    pieces: v.pieces.map(({ square: _sq, ...p }) => ({ ...p, tok: p.tok.slice() })),
    turn: { ...v.turn, once: v.turn.once.slice() },
    turnNo: v.turnNo,
    stack: JSON.parse(JSON.stringify(v.stack)) as Frame[],
    nextId: maxId + 1,
    winners: v.winners ? v.winners.slice() : null,
  };
}

/** Evaluation of a state for `me`: progress (laps weigh extra) against the best opposing side. */
export function evaluate(s: ZrState, me: number): number {
  if (s.winners) return s.winners.includes(me) ? 1e6 : -1e6;
  const side = (i: number) => (s.opts.mode === 'ffa' ? i : s.pieces[i]!.team);
  const score = new Map<number, number>();
  for (let i = 0; i < s.n; i++) {
    const p = s.pieces[i]!;
    const tok = p.tok.reduce((a, b) => a + b, 0);
    score.set(side(i), (score.get(side(i)) ?? 0) + p.prog + 4 * p.laps + 0.8 * tok);
  }
  const mine = score.get(side(me))!;
  let best = -Infinity;
  for (const [k, x] of score) if (k !== side(me)) best = Math.max(best, x);
  return mine - best;
}

/** Play on with heuristic bots for `turns` turns (or to the end), on a live table (the heuristic picks only listed moves). */
function rollout(t: ZrTable, turns: number): ZrState {
  const s = t.live;
  const stop = s.turnNo + turns;
  for (let k = 0; k < 5000 && !t.over && s.turnNo < stop; k++) {
    const seat = t.seat();
    const legal = t.legal();
    const view = { seat, players: s.n, opts: s.opts, phase: s.phase, turnNo: s.turnNo, turn: s.turn, pieces: s.pieces as ZrView['pieces'], stars: [], decision: { seat, kind: t.decision()! }, stack: s.stack, winners: s.winners };
    t.play(heuristicChoose({ seat, view, legal, rng: null as unknown as Rng }));
  }
  return s;
}

/** The searched decision (and how many candidates were weighed; 0 = the heuristic decided alone). */
export function searchDecision(input: BotInput<ZrView, ZrMove>, params: SearchParams = DEFAULT_SEARCH): { move: ZrMove; searched: number } {
  const { legal, view, rng, seat } = input;
  const h = heuristicChoose(input);
  const kind = view.decision?.kind;
  if (legal.length < 2 || (kind !== 'main' && kind !== 'star')) return { move: h, searched: 0 };
  const others = legal.filter((m) => m !== h);
  const cands = [h];
  while (cands.length < params.maxCandidates && others.length) cands.push(others.splice(rng.int(others.length), 1)[0]!);
  const seeds: RngState[] = [];
  for (let i = 0; i < params.iterations; i++) seeds.push([rng.nextUint32(), rng.nextUint32(), rng.nextUint32(), rng.nextUint32() | 1]);
  let best = h;
  let bestScore = -Infinity;
  for (const c of cands) {
    let sum = 0;
    for (const sd of seeds) {
      // The candidate is one of the listed moves: played on a live table from the sampled world.
      const t = ZrTable.from(worldFromView(view, sd), { quiet: true });
      t.play(c);
      sum += evaluate(rollout(t, params.horizon), seat);
    }
    // Ties keep the heuristic's pick (it comes first).
    if (sum > bestScore) {
      bestScore = sum;
      best = c;
    }
  }
  return { move: best, searched: cands.length };
}

/** A search bot with the given settings. */
export function createSearchBot(params: Partial<SearchParams> = {}): Bot<ZrView, ZrMove> {
  const p = { ...DEFAULT_SEARCH, ...params };
  return (input) => searchDecision(input, p).move;
}
