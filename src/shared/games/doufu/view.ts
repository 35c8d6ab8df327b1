/**
 * What one seat may see (spec §4, A.1 "hidden information"): its own hand, counts of the others'
 * hands, the deck and the Roulette spread; everything on the table; a 福牛 user sees the target's
 * hand only while that skill resolves; a 福鸡 user sees the peeked cards while arranging; the owner
 * of a 福狗 discard knows which card it was. Teammates in 2v2 do not see each other's hands. What a
 * seat saw go into another hand stays known to it (`known`): a card taken by 蒙换 (everyone), a
 * hand seen with 福牛 and the cards its swap moved (the two seats).
 */
import type { CardCode } from './cards';
import { sideCount, sideOf, sideStats } from './state';
import type { AreaCard, DoufuGameOptions, DoufuState, HandEnd, Modifier, Phase, Step, YuzhuState } from './types';

/** A step as a seat sees it: the 福鸡 peek is replaced by its size for everyone but the user. */
export type PublicStep = Exclude<Step, { k: 'arrange' }> | { k: 'arrange'; seat: number; cards?: CardCode[]; count: number };

/** The view of one seat (or a spectator: `seat = null`). */
export interface DoufuView {
  seat: number | null;
  players: number;
  opts: DoufuGameOptions;
  /** Side (福气 / score-area owner) of each seat. */
  sideOfSeat: number[];
  phase: Phase;
  handNo: number;
  fushen: number;
  nirvana: number;
  fuqi: number[];
  out: boolean[];
  reshuffleUsed: boolean[];
  lastHand: HandEnd | null;
  firstDraw: { seat: number; card: CardCode }[][];
  winners: number[] | null;
  deckCount: number;
  spreadCount: number;
  removedCount: number;
  pool: CardCode[][];
  areas: AreaCard[][];
  /** Window score S of each side (public: computed from the areas). */
  scores: number[];
  yuzhu: YuzhuState;
  pending: Modifier[][];
  santieSkip: boolean[];
  santieBonus: number[];
  fujiBan: (number | null)[];
  skillUsed: boolean[];
  turnSeq: number;
  active: number;
  /** Own hand (null for a spectator). */
  hand: CardCode[] | null;
  handCounts: number[];
  step: PublicStep;
  /** 福牛: the target's hand, for the user only, while the skill resolves. */
  peek: { target: number; hand: CardCode[] } | null;
  /** 福狗: the discarded card, for its owner only. */
  discarded: CardCode | null;
  /**
   * Per seat, the cards this seat knows are in that seat's hand (never its own hand, which it sees
   * whole): taken by 蒙换, or seen with 福牛. A spectator knows only what every seat saw.
   */
  known: CardCode[][];
}

const NO_KNOWN: readonly (readonly CardCode[])[][] = [0, 1, 2, 3, 4].map((n) => Object.freeze(Array.from({ length: n }, () => Object.freeze([] as CardCode[]))) as CardCode[][]);

/**
 * The cards `viewer` knows in each other seat's hand (see `DoufuView.known`). With nothing known —
 * almost always — a shared frozen value, so the bots' playouts pay nothing for it.
 */
export function knownOf(s: DoufuState, viewer: number | null): readonly (readonly CardCode[])[] {
  if (s.known.length === 0) return NO_KNOWN[s.n]!;
  const all = (1 << s.n) - 1;
  const out: CardCode[][] = emptyRowsOf(s.n);
  for (const k of s.known) {
    if (k.seat === viewer) continue;
    if (viewer === null ? k.by === all : (k.by & (1 << viewer)) !== 0) out[k.seat]!.push(k.card);
  }
  return out;
}

function emptyRowsOf(n: number): CardCode[][] {
  const out: CardCode[][] = [];
  for (let i = 0; i < n; i++) out.push([]);
  return out;
}

/** The view of `seat` (`null` = spectator: public information only). */
export function viewOf(s: DoufuState, seat: number | null): DoufuView {
  const st = s.step;
  const step: PublicStep =
    st.k !== 'arrange' ? st : st.seat === seat ? { ...st, cards: [...st.cards], count: st.cards.length } : { k: 'arrange', seat: st.seat, count: st.cards.length };
  const sides = sideCount(s);
  const scores: number[] = [];
  for (let side = 0; side < sides; side++) scores.push(s.areas[side] ? sideStats(s, side).S : 0);
  const sideOfSeat: number[] = [];
  for (let i = 0; i < s.n; i++) sideOfSeat.push(sideOf(s, i));
  // Copies, not references: a caller may keep or mutate its view without touching the state.
  return {
    seat,
    players: s.n,
    opts: s.opts, // frozen
    sideOfSeat,
    phase: s.phase,
    handNo: s.handNo,
    fushen: s.fushen,
    nirvana: s.nirvana,
    fuqi: s.fuqi.slice(),
    out: s.out.slice(),
    reshuffleUsed: s.reshuffleUsed.slice(),
    lastHand: s.lastHand && (jsonCopy(s.lastHand) as HandEnd),
    firstDraw: s.firstDraw.map((r) => r.map((d) => ({ ...d }))),
    winners: s.winners && s.winners.slice(),
    deckCount: s.deck.length,
    spreadCount: s.spread.length,
    removedCount: s.removed.length,
    pool: rows(s.pool),
    areas: s.areas.map((a) => a.map((c) => ({ ...c }))),
    scores,
    yuzhu: { ...s.yuzhu },
    pending: s.pending.map((p) => p.map((m) => ({ ...m }))),
    santieSkip: s.santieSkip.slice(),
    santieBonus: s.santieBonus.slice(),
    fujiBan: s.fujiBan.slice(),
    skillUsed: s.skillUsed.slice(),
    turnSeq: s.turnSeq,
    active: s.active,
    hand: seat === null ? null : (s.hands[seat] ?? []).slice(),
    handCounts: s.hands.map((h) => h.length),
    step: jsonCopy(step) as PublicStep,
    peek: st.k === 'ox' && st.seat === seat ? { target: st.target, hand: s.hands[st.target]!.slice() } : null,
    discarded: s.dogged && s.dogged.seat === seat ? s.dogged.card : null,
    known: rows(knownOf(s, seat)),
  };
}

function rows<T>(a: readonly (readonly T[])[]): T[][] {
  const out: T[][] = new Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]!.slice();
  return out;
}

/**
 * `JSON.parse(JSON.stringify(x))` for the plain JSON data of the state (steps, hand results),
 * without the string round trip: keys in the same order, `undefined` members dropped (in arrays
 * they become null), non-finite numbers become null and -0 becomes 0.
 */
function jsonCopy(x: unknown): unknown {
  if (typeof x === 'number') return Number.isFinite(x) ? x + 0 : null;
  if (typeof x !== 'object' || x === null) return x;
  if (Array.isArray(x)) {
    const out: unknown[] = new Array(x.length);
    for (let i = 0; i < x.length; i++) {
      const v = x[i];
      out[i] = v === undefined || typeof v === 'function' || typeof v === 'symbol' ? null : jsonCopy(v);
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(x)) {
    const v = (x as Record<string, unknown>)[k];
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    out[k] = jsonCopy(v);
  }
  return out;
}
