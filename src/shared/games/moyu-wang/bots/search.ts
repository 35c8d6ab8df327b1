/**
 * The search bot: determinized Monte Carlo. At a decision with several candidates it samples the
 * hidden information consistent with the seat's view — the other hands (their sizes are public)
 * and the draw pile's order from the cards not seen (every card played in earlier rounds and this
 * one, and every excuse played, is known to have left the game), and the secret roles in role
 * mode — then applies each candidate on a live table and plays to the end of the game with the
 * heuristic policy at every seat. A candidate scores its share of the win plus a quarter of the
 * fraction of opponents it finished ahead of; the best mean wins (ties: the heuristic's choice).
 * Candidates: the policy's cheapest plays (up to `maxCandidates`), or every excuse answer.
 * Deterministic given the bot's generator.
 */
import type { Bot, BotInput } from '../../../engine/types';
import { Rng } from '../../../util/rng';
import { DECK_SIZE } from '../cards';
import type { MwView } from '../game';
import type { MwMove, MwRole, MwState } from '../state';
import { MwTable } from '../table';
import { heuristicMove, policyMove, seenOfView } from './heuristic';
import { choosePlay } from './policy';

export interface MwSearchParams {
  /** Playouts per decision, spread over the candidates. */
  playouts: number;
  /** Plays searched at most (the policy's cheapest). */
  maxCandidates: number;
}

export const DEFAULT_MW_SEARCH: MwSearchParams = { playouts: 96, maxCandidates: 5 };

/** A full state consistent with the view: hidden hands, draw pile and secret roles sampled. */
export function sampleState(v: MwView, rng: Rng): MwState {
  const seat = v.seat!;
  const seen = new Uint8Array(DECK_SIZE);
  const gone: number[] = [];
  const see = (c: number) => {
    if (!seen[c]) {
      seen[c] = 1;
      gone.push(c);
    }
  };
  for (const r of v.rounds) {
    for (const p of r.plays) p.cards.forEach(see);
    for (const e of r.excuses) see(e.card);
  }
  for (const e of v.excuses) see(e.card);
  const onTable: number[] = [];
  for (const p of v.plays) for (const c of p.cards) {
    seen[c] = 1;
    onTable.push(c);
  }
  for (const c of v.hand) seen[c] = 1;
  const unknown: number[] = [];
  for (let c = 0; c < DECK_SIZE; c++) if (!seen[c]) unknown.push(c);
  rng.shuffle(unknown);
  const hands = v.counts.map((n, k) => (k === seat ? v.hand.slice() : unknown.splice(unknown.length - n, n)));
  let roles: MwRole[] | null = null;
  if (v.role !== null) {
    roles = Array<MwRole>(v.players).fill('employee');
    const rest: MwRole[] = [];
    const table: Record<number, readonly number[]> = { 4: [1, 1, 0, 2], 5: [1, 1, 1, 2], 6: [1, 1, 1, 3], 7: [1, 2, 1, 3], 8: [1, 2, 1, 4], 9: [1, 2, 1, 5] };
    const [, sec, oh, emp] = table[v.players]!;
    rest.push(...Array<MwRole>(sec!).fill('secretary'), ...Array<MwRole>(oh!).fill('old_hand'), ...Array<MwRole>(emp!).fill('employee'));
    rest.splice(rest.indexOf(v.role), v.role === 'boss' ? 0 : 1);
    rng.shuffle(rest);
    for (let k = 0; k < v.players; k++) roles[k] = k === v.boss ? 'boss' : k === seat ? v.role : rest.pop()!;
  }
  // Score piles: only their sizes matter to the rest of the game (the black tie-break is not tracked).
  const piles = v.pileCounts.map((n) => Array<number>(n).fill(0));
  return {
    v: 1, options: v.options, rng: [rng.nextUint32(), rng.nextUint32(), rng.nextUint32(), rng.nextUint32() | 1], players: v.players, phase: v.phase, round: v.round,
    startPlayer: v.leader, leader: v.leader, turn: v.turn, hands, piles, markers: v.markers.slice(), draw: unknown, discard: gone, plays: v.plays.slice(),
    overtimeColours: v.overtimeColours.slice(), firstSelected: null, selected: v.selected, excuses: v.excuses.slice(), rounds: [], drawLog: [], dealt: [], roles, votes: null, pendingBase: null, end: null,
  };
}

/** Play a table to the end with the policy at every seat. */
export function playout(t: MwTable, rng: Rng): void {
  while (!t.over) t.play(policyMove(t.s, t.s.turn, rng));
}

/** A search bot. */
export function createSearchBot(params: Partial<MwSearchParams> = {}): Bot<MwView, MwMove> {
  const p = { ...DEFAULT_MW_SEARCH, ...params };
  return (input: BotInput<MwView, MwMove>) => {
    const { view: v, seat, rng } = input;
    if (v.phase === 'vote' || v.phase === 'over') return heuristicMove(input);
    const first = heuristicMove(input);
    const cands: MwMove[] = [first];
    if (v.phase === 'play') {
      const all: { cards: number[]; cost: number }[] = [];
      choosePlay(seenOfView(v), all);
      all.sort((a, b) => a.cost - b.cost);
      const key = (cs: number[]) => cs.join(',');
      const have = new Set([key((first as { cards: number[] }).cards)]);
      for (const c of all) {
        if (cands.length >= p.maxCandidates) break;
        if (c.cost <= -1000) break;
        if (have.has(key(c.cards))) continue;
        have.add(key(c.cards));
        cands.push({ type: 'play', seat, cards: c.cards });
      }
    } else {
      for (const m of input.legal) if (JSON.stringify(m) !== JSON.stringify(first)) cands.push(m);
    }
    if (cands.length === 1) return first;
    const worlds = Math.max(1, Math.ceil(p.playouts / cands.length));
    const total = new Float64Array(cands.length);
    for (let w = 0; w < worlds; w++) {
      const s = sampleState(v, rng);
      for (let i = 0; i < cands.length; i++) {
        const t = new MwTable(i === cands.length - 1 ? s : cloneFor(s));
        t.play(cands[i]!);
        playout(t, rng);
        const e = t.s.end!;
        const mine = e.scores[seat]!;
        let ahead = 0;
        for (let k = 0; k < v.players; k++) if (k !== seat && e.scores[k]! > mine) ahead++;
        total[i]! += (e.winners.includes(seat) ? 1 / e.winners.length : 0) + (0.25 * ahead) / (v.players - 1);
      }
    }
    let best = 0;
    for (let i = 1; i < cands.length; i++) if (total[i]! > total[best]!) best = i;
    return cands[best]!;
  };
}

/** A copy of a sampled state the table may move. */
function cloneFor(s: MwState): MwState {
  return { ...s, hands: s.hands.map((h) => h.slice()), piles: s.piles.map((x) => x.slice()), markers: s.markers.slice(), draw: s.draw.slice(), discard: s.discard.slice(), plays: s.plays.slice(), excuses: s.excuses.slice(), rounds: [] };
}
