/**
 * The search bot: determinized Monte Carlo. At a decision with real choices (which card to
 * discard; which claim to make, or none) it samples the hidden cards consistent with its view —
 * the others' hands by their counts and the stock order, from every card not in its hand or face
 * up — and plays each candidate on a copy of each sampled world to the end of the hand with the
 * heuristic policy at every seat (the engine's in-place `step`, no copies per move). It picks the
 * candidate with the best mean payment to itself — every candidate is played on the same worlds,
 * and a move other than the heuristic's is played only when it beats it by more than `margin`
 * standard errors of the paired difference (a noisy winner is not trusted).
 * A win (糊, 天走), exchanges, 漂 and the stop call go to the heuristic. Deterministic given the
 * bot's generator (unless a time budget is set).
 */
import type { Bot, BotInput } from '../../../engine/types';
import { Rng, seedRng } from '../../../util/rng';
import { deckOf, redOf, valueOf } from '../cards';
import { claimPotentials } from '../claims';
import { legalDs, moveKey, type DsView } from '../game';
import { cloneState, step, type DsClaim, type DsMove, type DsState } from '../state';
import { knowledgeOfView } from './heuristic';
import { keepScores, policyMove, type Knowledge } from './policy';

export interface DsSearchParams {
  /** Sampled worlds per decision (each candidate is played once on each). */
  worlds: number;
  /** Discards compared at most (those the heuristic values least). */
  discards: number;
  /** Standard errors by which a move must beat the heuristic's choice to be played instead. */
  margin: number;
  /** Optional time budget per decision in ms (the search stops early; results then vary with the machine). */
  timeMs?: number;
}

export const DEFAULT_DS_SEARCH: DsSearchParams = { worlds: 60, discards: 4, margin: 0.5 };

/** A full state consistent with what `seat` sees, the hidden cards dealt at random; the match ends with this hand. */
export function sampleWorld(v: DsView, seat: number, rng: Rng): DsState {
  const seen = new Uint8Array(52 + v.options.jokers);
  const mark = (c: number) => void (seen[c] = 1);
  v.concealed.forEach(mark);
  for (const ms of v.melds) for (const m of ms) m.cards.forEach(mark);
  v.flowers.forEach((f) => f.forEach(mark));
  v.gaps.forEach((g) => g.forEach(mark));
  if (v.claim) mark(v.claim.card);
  const unknown = deckOf(v.options.jokers).filter((c) => !seen[c]);
  rng.shuffle(unknown);
  let at = 0;
  const concealed = v.counts.map((n, k) => (k === seat ? v.concealed.slice() : unknown.slice(at, (at += n)).sort((a, b) => a - b)));
  const stock = unknown.slice(at);
  const s: DsState = {
    v: 1, options: { ...v.options, hands: v.hand + 1 }, players: v.players, rng: seedRng(rng.nextUint32()), hand: v.hand, dealer: v.dealer, phase: v.phase, turn: v.turn,
    queue: v.queue.slice(), piao: v.piao.slice(), concealed, melds: v.melds.map((ms) => ms.map((m) => ({ type: m.type, cards: m.cards.slice() }))), flowers: v.flowers.map((f) => f.slice()), gaps: v.gaps.map((g) => g.slice()), stock, dealt: [],
    mayExchange: v.mayExchange, locked: [], firstDiscard: v.firstDiscard, claim: null, totals: new Array<number>(v.players).fill(0), results: [],
  };
  if (v.claim) {
    const c: DsClaim = { ...v.claim, pending: v.claim.pending.slice(), potential: [], best: null, claimed: [] };
    s.claim = c;
    // Seats that already answered are taken to have passed (their answers are secret).
    c.potential = claimPotentials(s, c).map((p, k) => (c.pending.includes(k) ? p : -1));
    // A seat still to answer in the real game may hold nothing to claim with in this world.
    c.pending = c.pending.filter((k) => c.potential[k]! >= 0);
  }
  return s;
}

const knowledgeOfState = (s: DsState, seat: number): Knowledge => ({ hand: s.concealed[seat]!, melds: s.melds, flowers: s.flowers, gaps: s.gaps, options: s.options, seat });

/**
 * Play a sampled world (`sampleWorld`: no hand settled yet) in place to the end of its hand with the
 * heuristic policy at every seat; the payment to `seat`.
 */
export function playout(s: DsState, seat: number): number {
  const hands = 0;
  for (let n = 0; s.results.length === hands; n++) {
    if (n > 5000) throw new Error('Dou Shisi playout did not end (an engine bug).');
    const at = s.phase === 'claim' ? s.claim!.pending[0]! : s.turn;
    const legal = legalDs(s, at);
    if (!legal.length) throw new Error(`Dou Shisi playout (an engine bug): seat ${at} has no move in ${s.phase} (turn ${s.turn}, claim ${JSON.stringify(s.claim)}, hand ${s.concealed[at]})`);
    step(s, legal.length === 1 ? legal[0]! : policyMove(knowledgeOfState(s, at), legal), claimPotentials, null);
  }
  return s.results[hands]!.payments[seat]!;
}

/** The moves worth comparing: one discard per (value, red points); every distinct claim and pass. */
function candidates(legal: readonly DsMove[]): DsMove[] {
  const out: DsMove[] = [];
  const seen = new Set<string>();
  for (const m of legal) {
    let key: string;
    if (m.type === 'discard') key = `d${valueOf(m.card)}/${redOf(m.card)}`;
    else if (m.type === 'chi') key = `c${redOf(m.card)}`;
    else if (m.type === 'peng') key = `p${redOf(m.cards[0]!) + redOf(m.cards[1]!)}`;
    else if (m.type === 'gang' || m.type === 'add-gang' || m.type === 'pass') key = m.type;
    else return [];
    if (!seen.has(key)) {
      seen.add(key);
      out.push(m);
    }
  }
  return out;
}

export function createSearchBot(params: Partial<DsSearchParams> = {}): Bot<DsView, DsMove> {
  const p = { ...DEFAULT_DS_SEARCH, ...params };
  return (input: BotInput<DsView, DsMove>) => {
    const { view: v, seat, legal, rng } = input;
    if (legal.length === 1) return legal[0]!;
    const k = knowledgeOfView(v, seat);
    const heur = policyMove(k, legal);
    if (heur.type === 'hu' || heur.type === 'tianzou') return heur;
    let cands = candidates(legal);
    if (cands.length < 2) return heur;
    // Discards: only the cards the heuristic values least are worth a look.
    if (cands[0]!.type === 'discard') {
      const keep = keepScores(k);
      const score = (m: DsMove) => keep[k.hand.indexOf((m as { card: number }).card)]!;
      cands = cands.sort((a, b) => score(a) - score(b)).slice(0, p.discards);
    }
    const heurKey = moveKey(heur);
    let h = cands.findIndex((m) => moveKey(m) === heurKey);
    if (h < 0) {
      cands.unshift(heur);
      h = 0;
    }
    // Every candidate on the same worlds; the payment difference to the heuristic's move, per world.
    const diff: number[][] = cands.map(() => []);
    const t0 = p.timeMs !== undefined ? performance.now() : 0;
    for (let w = 0; w < p.worlds; w++) {
      const world = sampleWorld(v, seat, rng);
      const pay = cands.map((m) => {
        const s = cloneState(world);
        step(s, m, claimPotentials, null);
        return playout(s, seat);
      });
      for (let i = 0; i < cands.length; i++) diff[i]!.push(pay[i]! - pay[h]!);
      if (p.timeMs !== undefined && performance.now() - t0 > p.timeMs) break;
    }
    // Leave the heuristic only for a move that is better by more than `margin` standard errors.
    let best = h;
    let bestMean = 0;
    for (let i = 0; i < cands.length; i++) {
      if (i === h) continue;
      const d = diff[i]!;
      const n = d.length;
      const mean = d.reduce((a, b) => a + b, 0) / n;
      const sd = Math.sqrt(d.reduce((a, x) => a + (x - mean) ** 2, 0) / Math.max(1, n - 1));
      if (mean > bestMean && mean > (p.margin * sd) / Math.sqrt(n)) {
        best = i;
        bestMean = mean;
      }
    }
    return cands[best]!;
  };
}
