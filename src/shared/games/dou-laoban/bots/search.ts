/**
 * The search bot: determinized Monte Carlo (perfect-information sampling). At a play decision
 * with several choices it samples hidden hands consistent with what the seat knows — its own
 * hand, every card played so far, the kitty cards the Boss still holds when the kitty was shown,
 * a shown hand, and each seat's card count — then plays each candidate on live tables
 * (`DlTable.inPlay`) to the end of the deal with the heuristic policy at every seat, and picks
 * the candidate whose side wins most. Candidates are the bodies of the legal plays with the
 * policy's kickers, and pass; sequential halving spreads the playout budget over them (all in
 * the first round, the better half in each next one). Bids and the other answers go to the
 * heuristic. Deterministic given the bot's generator (unless a time budget is set).
 */
import type { Bot, BotInput } from '../../../engine/types';
import { Rng } from '../../../util/rng';
import { countsOf } from '../cards';
import type { DlMove, DlView } from '../game';
import { Bodies, topOf, type Top } from '../plays';
import { DlTable } from '../table';
import { heuristicMove, moveFor } from './heuristic';
import { choosePlay, leadScores, writeBody } from './policy';

/** Search settings. */
export interface DlSearchParams {
  /** Playouts per decision (spread over the candidates). */
  playouts: number;
  /** Leads searched at most (the policy's favourites). */
  maxCandidates: number;
  /** Optional time budget per decision in ms (the search stops early; results then vary with the machine). */
  timeMs?: number;
}

export const DEFAULT_DL_SEARCH: DlSearchParams = { playouts: 600, maxCandidates: 10 };

const next = (s: number) => (s + 1) % 3;

/** Hidden hands for the other two seats, consistent with the view (`rng` shuffles the unknown cards). */
export function sampleWorld(v: DlView, seat: number, rng: Rng): number[][] {
  const known: number[][] = [[], [], []];
  known[seat] = [...v.hand];
  const seen = new Uint8Array(54);
  for (const c of v.hand) seen[c] = 1;
  for (const c of v.played) seen[c] = 1;
  for (let s = 0; s < 3; s++) {
    const open = v.open[s];
    if (s !== seat && open) {
      known[s] = [...open];
      for (const c of open) seen[c] = 1;
    }
  }
  if (v.boss !== null && v.boss !== seat && v.kitty && !v.open[v.boss]) {
    for (const c of v.kitty) {
      if (!seen[c]) {
        seen[c] = 1;
        known[v.boss]!.push(c);
      }
    }
  }
  const unknown: number[] = [];
  for (let c = 0; c < 54; c++) if (!seen[c]) unknown.push(c);
  rng.shuffle(unknown);
  let at = 0;
  for (const s of [next(seat), next(next(seat))]) {
    const need = v.counts[s]! - known[s]!.length;
    for (let k = 0; k < need; k++) known[s]!.push(unknown[at++]!);
  }
  return known;
}

/** A search bot. */
export function createSearchBot(params: Partial<DlSearchParams> = {}): Bot<DlView, DlMove> {
  const p = { ...DEFAULT_DL_SEARCH, ...params };
  const b = new Bodies();
  const scratch = new Bodies();
  const out = new Int8Array(18);
  return (input: BotInput<DlView, DlMove>) => {
    const { view: v, seat, rng } = input;
    if (v.phase !== 'play' || v.boss === null) return heuristicMove(input, scratch, out);
    const cnt = countsOf(v.hand);
    const top = topOf(v.trick.top);
    // The candidates: the heuristic's choice first, then each body with the policy's kickers, then pass.
    const cands: (Int8Array | null)[] = [];
    const heur = choosePlay({ seat, boss: v.boss, cnt, left: v.counts, top, topBy: v.trick.topBy }, scratch, out) ? Int8Array.from(out) : null;
    cands.push(heur);
    b.fill(cnt, top);
    // Leading, only the bodies the policy likes best are searched (a 20-card hand leads some 40).
    let order = Array.from({ length: b.size }, (_, i) => i);
    if (!top && b.size > p.maxCandidates) {
      const scores = leadScores({ seat, boss: v.boss, cnt, left: v.counts, top, topBy: v.trick.topBy }, b);
      order = order.sort((x, y) => scores[y]! - scores[x]! || x - y).slice(0, p.maxCandidates);
    }
    for (const i of order) {
      const c = new Int8Array(18);
      writeBody(b, i, cnt, c);
      if (!heur || c.some((x, r) => x !== heur[r])) cands.push(c);
    }
    if (top && heur) cands.push(null);
    if (cands.length === 1) return moveFor(v, seat, heur);
    const wins = new Float64Array(cands.length);
    const runs = new Float64Array(cands.length);
    let alive = cands.map((_, i) => i);
    const rounds = Math.max(1, Math.ceil(Math.log2(cands.length)));
    const t0 = p.timeMs !== undefined ? performance.now() : 0;
    const bossSide = v.boss === seat;
    outer: for (let round = 0; round < rounds && alive.length > 1; round++) {
      const worlds = Math.max(1, Math.floor(p.playouts / rounds / alive.length));
      for (let w = 0; w < worlds; w++) {
        const hands = sampleWorld(v, seat, rng);
        for (const i of alive) {
          const t = DlTable.inPlay(v.options, { hands, boss: v.boss, bid: v.highest?.bid ?? 1, turn: seat, top, topBy: v.trick.topBy, passes: v.trick.passes, playsBy: [1, 1, 1], bombs: v.bombs }, rng);
          t.playCounts(cands[i]!);
          playout(t, v.boss, scratch, out);
          const winner = t.results[0]!.winner;
          runs[i]!++;
          if ((winner === v.boss) === bossSide) wins[i]!++;
        }
        if (p.timeMs !== undefined && performance.now() - t0 > p.timeMs) break outer;
      }
      alive.sort((x, y) => wins[y]! / runs[y]! - wins[x]! / runs[x]! || x - y);
      alive = alive.slice(0, Math.max(1, Math.ceil(alive.length / 2)));
    }
    alive.sort((x, y) => wins[y]! / Math.max(1, runs[y]!) - wins[x]! / Math.max(1, runs[x]!) || x - y);
    return moveFor(v, seat, cands[alive[0]!]!);
  };
}

/** Play a live table to the end of its deal with the heuristic policy at every seat. */
export function playout(t: DlTable, boss: number, b: Bodies, out: Int8Array): void {
  while (!t.over) {
    const seat = t.turn;
    const top: Top | null = t.top;
    t.playCounts(choosePlay({ seat, boss, cnt: t.counts(seat), left: t.left, top, topBy: t.topBy }, b, out) ? out : null);
  }
}
