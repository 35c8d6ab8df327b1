/**
 * What a bot reads: `Table`, the part of a seat's `DoufuView` the bots use. A real bot gets the
 * engine's view (which satisfies `Table`); the search bot's playouts, which run on a state it
 * sampled itself, build the same shape with `tableOf` without the view's deep copy.
 *
 * Invariant: `Table` is a `Pick` of `DoufuView`, so it can hold nothing a view does not (no other
 * seat's hand, no deck order). `tableOf(s, seat)` gives the same values as `doufu.view(s, seat)` for
 * these fields (table.test.ts); it shares arrays with the state, so callers must not mutate it.
 */
import type { CardCode } from '../cards';
import type { DoufuState } from '../types';
import { knownOf, type DoufuView, type PublicStep } from '../view';

/** The fields of a seat's view that the bots read. */
export type Table = Pick<
  DoufuView,
  | 'seat'
  | 'players'
  | 'opts'
  | 'sideOfSeat'
  | 'phase'
  | 'fushen'
  | 'nirvana'
  | 'fuqi'
  | 'out'
  | 'reshuffleUsed'
  | 'deckCount'
  | 'spreadCount'
  | 'removedCount'
  | 'pool'
  | 'areas'
  | 'yuzhu'
  | 'pending'
  | 'santieSkip'
  | 'santieBonus'
  | 'fujiBan'
  | 'skillUsed'
  | 'turnSeq'
  | 'active'
  | 'hand'
  | 'handCounts'
  | 'step'
  | 'peek'
  | 'discarded'
  | 'known'
>;

const SIDES = new Map<string, number[]>();
function sidesOf(n: number, mode: string): number[] {
  const key = `${n}/${mode}`;
  let v = SIDES.get(key);
  if (!v) SIDES.set(key, (v = Array.from({ length: n }, (_, i) => (mode === '2v2' ? i % 2 : i))));
  return v;
}

/** The table of `seat` read straight from a full state (shares its arrays: read only). */
export function tableOf(s: DoufuState, seat: number): Table {
  const st = s.step;
  const step: PublicStep = st.k !== 'arrange' ? st : st.seat === seat ? { ...st, count: st.cards.length } : { k: 'arrange', seat: st.seat, count: st.cards.length };
  return {
    seat,
    players: s.n,
    opts: s.opts,
    sideOfSeat: sidesOf(s.n, s.opts.mode),
    phase: s.phase,
    fushen: s.fushen,
    nirvana: s.nirvana,
    fuqi: s.fuqi,
    out: s.out,
    reshuffleUsed: s.reshuffleUsed,
    deckCount: s.deck.length,
    spreadCount: s.spread.length,
    removedCount: s.removed.length,
    pool: s.pool,
    areas: s.areas,
    yuzhu: s.yuzhu,
    pending: s.pending,
    santieSkip: s.santieSkip,
    santieBonus: s.santieBonus,
    fujiBan: s.fujiBan,
    skillUsed: s.skillUsed,
    turnSeq: s.turnSeq,
    active: s.active,
    hand: s.hands[seat] ?? [],
    handCounts: s.hands.map((h) => h.length),
    step,
    peek: st.k === 'ox' && st.seat === seat ? { target: st.target, hand: s.hands[st.target]! } : null,
    discarded: s.dogged && s.dogged.seat === seat ? s.dogged.card : null,
    known: knownOf(s, seat) as CardCode[][],
  };
}
