/**
 * The heuristic bot: spec §10's baseline (`policy.ts`) on a seat's view. Bids from hand strength,
 * robs and doubles with a strong hand, never shows its hand; in play it plays the policy's count
 * vector with the hand's cards (the move the legal list holds for it, so it never needs the list).
 */
import type { Bot, BotInput } from '../../../engine/types';
import { countsOf } from '../cards';
import { cardsFor } from '../generate';
import type { DlMove, DlView } from '../game';
import { Bodies, topOf } from '../plays';
import { chooseBid, choosePlay, handStrength } from './policy';

/**
 * The move playing count vector `v` from the view's hand (each rank's lowest suits, the cards the
 * legal list names), or passing when `v` is null. `v` is one of the legal plays.
 */
export function moveFor(view: DlView, seat: number, v: ArrayLike<number> | null): DlMove {
  if (v === null) return { type: 'pass', seat };
  return { type: 'play', seat, cards: cardsFor(view.hand, Array.from(v))! };
}

/** The heuristic's decision for any phase. */
export function heuristicMove(input: BotInput<DlView, DlMove>, b = new Bodies(), out = new Int8Array(18)): DlMove {
  const v = input.view;
  const cnt = countsOf(v.hand);
  if (v.phase === 'play') {
    const play = choosePlay({ seat: input.seat, boss: v.boss!, cnt, left: v.counts, top: topOf(v.trick.top), topBy: v.trick.topBy }, b, out);
    return moveFor(v, input.seat, play ? out : null);
  }
  // The other decisions are short lists.
  const legal = input.legal;
  const first = legal[0]!;
  if (legal.length === 1) return first;
  switch (first.type) {
    case 'bid': {
      const bid = chooseBid(cnt, v.highest?.bid ?? 0);
      return legal.find((m) => m.type === 'bid' && m.bid === bid) ?? first;
    }
    case 'rob':
      return legal.find((m) => m.type === 'rob' && m.rob === handStrength(cnt) >= 6)!;
    case 'double':
      return legal.find((m) => m.type === 'double' && m.double === handStrength(cnt) >= (v.boss === input.seat ? 8 : 6))!;
    case 'show':
      return legal.find((m) => m.type === 'show' && !m.show)!;
    default:
      return first;
  }
}

/** A heuristic bot (its scratch space its own). */
export function createHeuristicBot(): Bot<DlView, DlMove> {
  const b = new Bodies();
  const out = new Int8Array(18);
  return (input) => heuristicMove(input, b, out);
}

export const heuristicBot: Bot<DlView, DlMove> = createHeuristicBot();
