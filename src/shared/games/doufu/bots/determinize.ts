/**
 * Determinization for the search bot: sample the cards a seat cannot see (other hands, the deck
 * order, the Roulette spread, cards out of play) consistently with what its view shows, and build
 * a full engine state from the view plus that sample, so the engine can play the position out.
 *
 * Consistency: every card the seat can see stays where it sees it (its hand, the pool, the areas, a
 * card being filed, a 福牛 peek, a 福鸡 peek at the deck top, its own 福狗 discard at the deck
 * bottom, a card it knows in another hand: taken by 蒙换 or seen with 福牛); hidden places get
 * exactly the sizes the view reports.
 *
 * The state is rebuilt only at the decisions the search bot searches (`REBUILDABLE`), where the
 * engine's continuation queue is known from the step alone:
 * - `turn`: nothing queued;
 * - `window`: the end of the turn (or, in Roulette, the flip's follow-up after a match);
 * - `swap` (蒙换 offer): the end of the 叠蒙 event, then the end of the turn.
 * determinize.test.ts checks, on thousands of random positions, that rebuilding from a view plus
 * the *true* hidden cards gives back the engine's own state (see `sameGame`).
 */
import type { Rng, RngState } from '../../../util/rng';
import { areaSignature, sideScore } from '../state';
import type { CardCode } from '../cards';
import type { DoufuState, EventFrame, Task } from '../types';
import { knownOf, type DoufuView } from '../view';
import { knowledgeOf, type Knowledge } from './knowledge';

/** Steps at which a state can be rebuilt from a view. */
export const REBUILDABLE: ReadonlySet<string> = new Set(['turn', 'window', 'swap']);

/** The hidden part of a state: every hand, the deck, the spread and the cards out of play. */
export interface Hidden {
  hands: CardCode[][];
  deck: CardCode[];
  spread: CardCode[];
  removed: CardCode[];
}

/** The true hidden cards of a state (for tests and for checking a sample's shape). */
export function hiddenOf(s: DoufuState): Hidden {
  return { hands: s.hands.map((h) => h.slice()), deck: s.deck.slice(), spread: s.spread.slice(), removed: s.removed.slice() };
}

/** Sample the unknown cards into their places, uniformly among the arrangements the view allows. */
export function sampleHidden(view: DoufuView, k: Knowledge, rng: Rng): Hidden {
  const pool = rng.shuffle(k.unknown.slice());
  let at = 0;
  const take = (n: number) => {
    const out = pool.slice(at, at + n);
    at += n;
    return out;
  };
  const hands = view.handCounts.map((_, i) =>
    i === view.seat ? (view.hand ?? []).slice() : k.peeked && k.peeked.seat === i ? k.peeked.hand.slice() : [...k.inHand[i]!, ...take(k.slots.hands[i]!)],
  );
  const deck = [...k.deckTop, ...take(k.slots.deckMiddle), ...k.deckBottom];
  const spread = take(k.slots.spread);
  const removed = take(k.slots.removed);
  return { hands, deck, spread, removed };
}

/** Whether `rebuildState` can rebuild the position of this view. */
export function canRebuild(view: DoufuView): boolean {
  return view.seat !== null && REBUILDABLE.has(view.step.k) && view.phase !== 'over';
}

/**
 * A full state from a seat's view and a sample of the hidden cards. `rng` seeds the engine's future
 * randomness (shuffles, 福狗 picks), which the seat cannot know either. Throws an Error for a step
 * outside `REBUILDABLE`.
 */
export function rebuildState(view: DoufuView, hidden: Hidden, rng: RngState): DoufuState {
  const st = view.step;
  if (!REBUILDABLE.has(st.k)) throw new Error(`doufu bots: cannot rebuild a state at step "${st.k}".`);
  const maxSeq = view.pending.reduce((a, p) => Math.max(a, ...p.map((m) => m.seq)), 0);
  const s: DoufuState = {
    v: 1,
    opts: view.opts,
    n: view.players,
    rng,
    fuqi: view.fuqi.slice(),
    out: view.out.slice(),
    reshuffleUsed: view.reshuffleUsed.slice(),
    fushen: view.fushen,
    nirvana: view.nirvana,
    handNo: view.handNo,
    handsDone: 0, // not in the view; the search bot counts hands by handNo
    lastHand: view.lastHand,
    firstDraw: view.firstDraw,
    winners: view.winners,
    phase: view.phase,
    deck: hidden.deck.slice(),
    hands: hidden.hands.map((h) => h.slice()),
    pool: view.pool.map((e) => e.slice()),
    areas: view.areas.map((a) => a.map((c) => ({ ...c }))),
    spread: hidden.spread.slice(),
    removed: hidden.removed.slice(),
    yuzhu: { ...view.yuzhu },
    pending: view.pending.map((p) => p.map((m) => ({ ...m }))),
    santieSkip: view.santieSkip.slice(),
    santieBonus: view.santieBonus.slice(),
    fujiBan: view.fujiBan.slice(),
    skillUsed: view.skillUsed.slice(),
    turnSeq: view.turnSeq,
    seq: maxSeq, // only the order of pending modifiers matters, and new ones get seq + 1
    active: view.active,
    stacker: st.k === 'swap' ? st.seat : null, // written by 叠蒙, never read back
    dogged: view.discarded !== null && view.seat !== null ? { seat: view.seat, card: view.discarded } : null,
    // What this seat knows of other hands (what others know is not in its view; sameGame compares this seat's part).
    known: view.known.flatMap((cards, i) => cards.map((card) => ({ card, seat: i, by: 1 << view.seat! }))),
    event: null,
    step: { ...st } as DoufuState['step'],
    tasks: [],
  };
  if (st.k === 'window') s.tasks = [s.phase === 'roulette' ? { t: 'rouletteAfter', seat: s.active, matched: true } : { t: 'endTurn', seat: s.active }];
  if (st.k === 'window') s.step = { k: 'window', seat: st.seat, queue: st.queue.slice() };
  if (st.k === 'swap') {
    s.tasks = [{ t: 'endEvent' }, { t: 'endTurn', seat: st.seat }] satisfies Task[];
    s.event = actionFrame(s);
  }
  return s;
}

/**
 * The event frame of a 叠蒙 that missed: no area has changed in it yet, so no side has its "S
 * before" snapshot (the engine takes it lazily, at a side's first change in the event).
 */
function actionFrame(s: DoufuState): EventFrame {
  const sides = s.areas.length;
  // With fuji_followup_mong_skill_caused a 福鸡 used on this 叠 turned the event skill-caused; a
  // ban stamped with this turn's number shows that it was used now.
  const fuji = s.opts.fuji_followup_mong_skill_caused && s.fujiBan.some((b) => b === s.turnSeq);
  return { kind: fuji ? 'skill' : 'action', before: new Array<null>(sides).fill(null), cards: new Array<null>(sides).fill(null), santie: new Array<boolean>(sides).fill(false) };
}

/** Sample the hidden cards and rebuild: one determinization of the view. */
export function determinize(view: DoufuView, rng: Rng, k: Knowledge = knowledgeOf(view)): DoufuState {
  const hidden = sampleHidden(view, k, rng);
  const seed: RngState = [rng.nextUint32(), rng.nextUint32(), rng.nextUint32(), rng.nextUint32() | 1];
  return rebuildState(view, hidden, seed);
}

/**
 * Differences between a rebuilt state and the engine's state, as the rules see them: everything
 * except bookkeeping the rules never read (`handsDone`, `seq` beyond the order of pending
 * modifiers, `stacker`, the generator) and another seat's 福狗 discard, which only that seat knows.
 * Empty = the same position for `seat`. For tests.
 */
export function sameGame(rebuilt: DoufuState, truth: DoufuState, seat: number): string[] {
  const skip = new Set(['handsDone', 'seq', 'stacker', 'rng', 'dogged', 'known']);
  const diffs: string[] = [];
  for (const key of Object.keys(truth) as (keyof DoufuState)[]) {
    if (skip.has(key)) continue;
    const a = key === 'event' ? untouched(rebuilt) : rebuilt[key];
    const b = key === 'event' ? untouched(truth) : truth[key];
    if (JSON.stringify(a) !== JSON.stringify(b)) diffs.push(`${key}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
  }
  const own = (s: DoufuState) => JSON.stringify(s.dogged && s.dogged.seat === seat ? s.dogged : null);
  if (own(rebuilt) !== own(truth)) diffs.push(`dogged: ${own(rebuilt)} ≠ ${own(truth)}`);
  const knows = (s: DoufuState) => JSON.stringify(knownOf(s, seat));
  if (knows(rebuilt) !== knows(truth)) diffs.push(`known (to seat ${seat}): ${knows(rebuilt)} ≠ ${knows(truth)}`);
  return diffs;
}

/**
 * The event frame with snapshots equal to the side's current S (and cards) cleared: such a side
 * was touched without changing (a 福鸡 card turned sideways), which opens no window, exactly like
 * an untouched side, as long as nothing else in the event changes its area — true at a 蒙换 offer.
 */
function untouched(s: DoufuState): EventFrame | null {
  const e = s.event;
  if (!e) return null;
  const same = (side: number) => e.before[side] === sideScore(s, side).S && (e.cards[side] ?? null) === (s.opts.declare_trigger === 'card_change' ? areaSignature(s.areas[side]!) : null);
  return { ...e, before: e.before.map((b, i) => (b !== null && same(i) ? null : b)), cards: e.cards.map((c, i) => (e.before[i] !== null && same(i) ? null : c)) };
}
