/**
 * The random bot's pick with as little of the legal list built as possible: exactly
 * `rng.pick(legalMoves(s, seat))` (the same single draw `rng.int(length)` from `rng`, an equal
 * move), for the simulator (`doufu.randomMove`). random-move.test.ts checks it against the list.
 *
 * What it saves: the decisions whose list is a plain product or copy of the state are counted and
 * only the drawn move is built — above all a 蒙换 after a miss (every hand card × every pool
 * card, two dozen moves, a tenth of a random match's decisions), the 福牛 swap, and the two-way
 * offers (windows, 福鸡, gifts, reshuffles). A turn (actions and start-phase skills, about five
 * moves) and the rarer lists are still listed in full: their moves are cheap next to the skill
 * checks that decide them, and counting them would duplicate those rules.
 */
import type { Rng } from '../../util/rng';
import { CARD_BY_CODE } from './cards';
import { legalMoves } from './legal';
import type { DoufuMove, DoufuState } from './types';

/** A uniformly random move of `legalMoves(s, seat)` (`seat` must act: `actorOf(s)` or a chooseFirst seat). */
export function randomMove(s: DoufuState, seat: number, rng: Rng): DoufuMove {
  const st = s.step;
  // No seat's decision, or not this seat's: the list's own answer (empty, and rng.pick refuses it).
  if (st.k === 'over' || st.k === 'run' || st.k === 'chooseFirst' || st.seat !== seat) return rng.pick(legalMoves(s, seat));
  switch (st.k) {
    // Two-move offers, listed as [yes, no]: the draw of `rng.pick` on a list of two.
    case 'reshuffle':
      return rng.int(2) === 0 ? { type: 'reshuffle', seat } : { type: 'decline', seat };
    case 'dealWindow':
    case 'window':
      return rng.int(2) === 0 ? { type: 'declare', seat } : { type: 'decline', seat };
    case 'gift':
      return rng.int(2) === 0 ? { type: 'accept', seat } : { type: 'decline', seat };
    // One move per element of a list in the state, in its order.
    case 'pick':
      if (!st.options.length) break;
      return { type: 'pick', seat, take: st.options[rng.int(st.options.length)]! };
    case 'attr': {
      const attrs = CARD_BY_CODE.get(st.card)!.attrs;
      if (!attrs.length) break;
      return { type: 'chooseAttr', seat, card: st.card, attr: attrs[rng.int(attrs.length)]! };
    }
    case 'roulette':
      if (!s.spread.length) break;
      return { type: 'flip', seat, index: rng.int(s.spread.length) };
    case 'swap':
      return randomSwap(s, seat, rng);
    case 'ox':
      return randomOxSwap(s, seat, st.target, rng);
    default:
      break;
  }
  // A turn, the 福鸡 window, an arrangement, a steal (and an empty list, which rng.pick refuses):
  // the full list.
  return rng.pick(legalMoves(s, seat));
}

/**
 * 蒙换 after a miss. Listed order (`swapMoves`, then `skipSwap`): for each hand card, for each
 * pool entry, the single (or with `santie_splittable` each card of a 三叠); the pairs are the
 * hand × the pool cards it may take, so index i is hand card ⌊i / takes⌋ and take i mod takes.
 */
function randomSwap(s: DoufuState, seat: number, rng: Rng): DoufuMove {
  const hand = s.hands[seat]!;
  const split = s.opts.santie_splittable;
  let takes = 0;
  for (const e of s.pool) {
    if (e.length === 1) takes++;
    else if (split) takes += e.length;
  }
  const i = rng.int(hand.length * takes + 1);
  if (i === hand.length * takes) return { type: 'skipSwap', seat };
  const give = hand[Math.floor(i / takes)]!;
  let k = i % takes;
  for (const e of s.pool) {
    if (e.length === 1) {
      if (k-- === 0) return { type: 'swap', seat, give, take: e[0]! };
    } else if (split) {
      if (k < e.length) return { type: 'swap', seat, give, take: e[k]! };
      k -= e.length;
    }
  }
  throw new Error('doufu: a 蒙换 pick past the listed pairs (engine bug).');
}

/** 福牛 swap. Listed order: each of the user's cards × each of the target's, then `skipSwap`. */
function randomOxSwap(s: DoufuState, seat: number, target: number, rng: Rng): DoufuMove {
  const mine = s.hands[seat]!;
  const theirs = s.hands[target]!;
  const pairs = mine.length * theirs.length;
  const i = rng.int(pairs + 1);
  if (i === pairs) return { type: 'skipSwap', seat };
  return { type: 'swap', seat, give: mine[Math.floor(i / theirs.length)]!, take: theirs[i % theirs.length]! };
}
