/**
 * The heuristic bot (policy.ts on the seat's view), and the same policy on a live table's full
 * state for the search bot's playouts.
 */
import type { Bot, BotInput } from '../../../engine/types';
import type { Rng } from '../../../util/rng';
import type { MwView } from '../game';
import { excuseMoves, type MwMove, type MwState } from '../state';
import { chooseExcuse, choosePlay, type Seen } from './policy';

/** A view as the policy reads it. */
export function seenOfView(v: MwView): Seen {
  return { seat: v.seat!, players: v.players, hand: v.hand, plays: v.plays, counts: v.counts, markers: v.markers, pileCounts: v.pileCounts, drawCount: v.drawCount, leader: v.leader, selected: v.selected, options: v.options, role: v.role };
}

/** A seat's knowledge read from the full state (playouts: every seat plays the policy). */
export function seenOfState(s: MwState, seat: number): Seen {
  return {
    seat,
    players: s.players,
    hand: s.hands[seat]!,
    plays: s.plays,
    counts: s.hands.map((h) => h.length),
    markers: s.markers,
    pileCounts: s.piles.map((p) => p.length),
    drawCount: s.draw.length,
    leader: s.leader,
    selected: s.selected,
    options: s.options,
    role: s.roles ? s.roles[seat]! : null,
  };
}

const scoresOf = (x: Seen) => x.counts.map((h, k) => x.pileCounts[k]! + h * x.players);

/** The heuristic's move for a seat's view (votes: a uniform pick). */
export function heuristicMove({ view: v, seat, legal, rng }: BotInput<MwView, MwMove>): MwMove {
  if (v.phase === 'play') return { type: 'play', seat, cards: choosePlay(seenOfView(v)) };
  if (v.phase === 'excuse') {
    const x = seenOfView(v);
    return chooseExcuse(x, legal.filter((m) => m.type === 'excuse'), scoresOf(x));
  }
  return legal[rng.int(legal.length)]!;
}

/** The heuristic bot. */
export const heuristicBot: Bot<MwView, MwMove> = heuristicMove;

/** The policy's move on a full state, for the seat to act (playouts). */
export function policyMove(s: MwState, seat: number, rng: Rng): MwMove {
  if (s.phase === 'play') return { type: 'play', seat, cards: choosePlay(seenOfState(s, seat)) };
  if (s.phase === 'excuse') {
    const x = seenOfState(s, seat);
    return chooseExcuse(x, excuseMoves(s, seat), scoresOf(x));
  }
  const targets: number[] = [];
  s.roles!.forEach((r, k) => r !== 'boss' && k !== seat && targets.push(k));
  return { type: 'vote', seat, target: targets[rng.int(targets.length)]! };
}
