/**
 * The random bot's pick without the full legal list: exactly `rng.pick(legalMoves(s, seat))` (the
 * same draw from `rng`, an equal move), for the simulator (`zodiacRace.randomMove`) and the live
 * table (`ZrTable.pickRandom`). random-move.test.ts checks it against the plain path.
 *
 * What it saves, per move of a random game (about 2,000 moves a 4-player game):
 * - the main phase (two thirds of the moves) is never listed: its roll and end, its transforms (up
 *   to 66: twelve animals × six values), a team's gifts and exchanges and the animal's powers
 *   (random-tail.ts) are counted, and only the move drawn is built — or, for a move without a
 *   payment (roll, end, a transform, a Sly Theft, a Mimicry…), shared;
 * - an Ox's further swaps, the subsets of a roll's passives and the two-move decisions are counted
 *   likewise;
 * - the few decisions still listed (a Dog's or Pig's answer, a grab, a discard…) list the payment
 *   tables' own lists instead of a copy each (the one drawn is copied).
 */
import type { Rng } from '../../util/rng';
import { MAIN_END, MAIN_ROLL, mainBits, movesFor, subset, type DecisionKind } from './legal';
import { MAX_SEATS, NTH, nthSwapPair, POP, swapPairs, tailAt, tailCount } from './random-tail';
import { heldMask } from './tokens';
import { ZODIACS, type Frame, type ZrMove, type ZrState } from './types';

/** A uniformly random legal move of the decision `kind` of `seat` (`decisionKind` and `decisionSeat` of `s`). */
export function randomMove(s: ZrState, kind: DecisionKind, seat: number, rng: Rng): ZrMove {
  switch (kind) {
    case 'main':
      break;
    // Two-move decisions (a star square's stop or go alone is a sixth of a random game's moves):
    // the draw of `rng.pick` on a list of two, and only the move drawn is built.
    case 'star':
      return (rng.int(2) === 0 ? STOP : GO)[seat]!;
    case 'gallop':
      return (rng.int(2) === 0 ? GALLOP : GO)[seat]!;
    case 'bonus':
      return (rng.int(2) === 0 ? BONUS : SKIP_BONUS)[seat]!;
    case 'offer':
      return (rng.int(2) === 0 ? ACCEPT : DECLINE)[seat]!;
    case 'swap':
      return randomSwap(s, seat, rng);
    // Every subset of the offered passives, listed by bit mask: the mask drawn is the subset's index.
    case 'mods': {
      const offer = (s.stack[s.stack.length - 1] as Extract<Frame, { k: 'roll' }>).offer;
      return { type: 'mods', seat, use: subset(offer, rng.int(1 << offer.length)) };
    }
    default:
      return own(rng.pick(movesFor(s, kind, seat, false)));
  }
  const bits = mainBits(s, seat);
  const head = (bits & MAIN_ROLL ? 1 : 0) + (bits & MAIN_END ? 1 : 0);
  const values = bits & 63;
  const zodiacs = (bits >> 6) & 4095;
  const perZodiac = POP[values]!;
  const transforms = perZodiac * (POP[zodiacs & 63]! + POP[zodiacs >> 6]!);
  // The tail (a team's gifts, the animal's powers: random-tail.ts) is counted; only the move drawn is built.
  const tails = tailCount(s, seat);
  // The listed order is head (roll, end), transforms (zodiac-major, then value), tail: index i of that list.
  const i = rng.int(head + transforms + tails);
  if (i < head) return (i === 0 && bits & MAIN_ROLL ? ROLL : END)[seat]!;
  const j = i - head;
  if (j >= transforms) return tailAt(s, seat, j - transforms);
  const k = (j / perZodiac) | 0;
  return TRANSFORM[(seat * ZODIACS.length + nthZodiac(zodiacs, k)) * 6 + NTH[values * 6 + j - k * perZodiac]!]!;
}

/**
 * The moves that are only a type and a seat (roll, end, a star's stop or go…: two thirds of a random
 * game's moves), one object per seat, shared by every pick and frozen: a move is only ever read.
 */
const bySeat = (type: 'roll' | 'end' | 'stop' | 'go' | 'gallop' | 'bonus' | 'skipBonus' | 'accept' | 'decline' | 'done'): readonly ZrMove[] =>
  Array.from({ length: MAX_SEATS }, (_, seat) => Object.freeze({ type, seat }) as ZrMove);
const ROLL = bySeat('roll');
const END = bySeat('end');
const STOP = bySeat('stop');
const GO = bySeat('go');
const GALLOP = bySeat('gallop');
const BONUS = bySeat('bonus');
const SKIP_BONUS = bySeat('skipBonus');
const ACCEPT = bySeat('accept');
const DECLINE = bySeat('decline');
const DONE = bySeat('done');
/**
 * The transforms likewise (a tenth of a random game's moves), by seat, then zodiac, then value paid:
 * index (seat × 12 + zodiac) × 6 + value − 1. The key order is the listed move's, so is its JSON.
 */
const TRANSFORM: readonly ZrMove[] = Array.from({ length: MAX_SEATS * ZODIACS.length * 6 }, (_, i) =>
  Object.freeze({ type: 'transform', seat: Math.floor(i / (ZODIACS.length * 6)), to: ZODIACS[Math.floor(i / 6) % ZODIACS.length]!, pay: (i % 6) + 1 }) as ZrMove,
);

/** An Ox's further swaps likewise: index seat × 36 + (give − 1) × 6 + take − 1. */
const SWAP_PICK: readonly ZrMove[] = Array.from({ length: MAX_SEATS * 36 }, (_, i) =>
  Object.freeze({ type: 'swapPick', seat: (i / 36) | 0, give: (((i % 36) / 6) | 0) + 1, take: (i % 6) + 1 }) as ZrMove,
);

/**
 * An Ox's further swap (a tenth of a random 4-player game's moves, a dozen listed moves each):
 * the listed order is every pair (give g held, take w ≠ g held by the target), g then w
 * ascending, then `done`; the pairs are counted, and the one drawn is shared.
 */
function randomSwap(s: ZrState, seat: number, rng: Rng): ZrMove {
  const mine = heldMask(s.pieces[seat]!.tok);
  const theirs = heldMask(s.pieces[(s.stack[s.stack.length - 1] as Extract<Frame, { k: 'swap' }>).target]!.tok);
  const pairs = swapPairs(mine, theirs);
  const i = rng.int(pairs + 1);
  if (i === pairs) return DONE[seat]!;
  return SWAP_PICK[seat * 36 + nthSwapPair(mine, theirs, i)]!;
}

/** The move with a payment list of its own (listed moves share the payment tables' lists). */
function own(m: ZrMove): ZrMove {
  // The spread keeps the key order, so the move's JSON is the listed move's.
  return 'pay' in m && Array.isArray(m.pay) ? ({ ...m, pay: m.pay.slice() } as ZrMove) : m;
}

/** The zodiac of the k-th set bit (from 0) of a 12-bit zodiac mask. */
function nthZodiac(zodiacs: number, k: number): number {
  const low = zodiacs & 63;
  const below = POP[low]!;
  return k < below ? NTH[low * 6 + k]! : 6 + NTH[(zodiacs >> 6) * 6 + k - below]!;
}
