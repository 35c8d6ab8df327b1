/**
 * Small helpers over the 斗福 state: seats and sides, deal sizes, the pool, scores, cloning, and
 * the working context a move is applied in.
 */
import type { GameEvent } from '../../engine/types';
import { Rng } from '../../util/rng';
import { CARDS, CARD_BY_CODE, ZODIACS, type Attr, type CardCode } from './cards';
import { areaStats, statsQualify, type AreaStats } from './area-stats';
import { areaScore, type AreaScore } from './scoring';
import type { AreaCard, DoufuState, EventFrame, SkillState } from './types';

/** Zodiac index (0 = 鼠 … 11 = 猪) of every card code. */
export const ZOD: Readonly<Record<CardCode, number>> = Object.assign(
  Object.create(null) as Record<CardCode, number>, // no prototype: a plain hash lookup (measurably faster here), no inherited keys
  Object.fromEntries(CARDS.map((c) => [c.code, ZODIACS.indexOf(c.zodiac)])),
);
/** All 48 codes in spec order. */
export const ALL_CODES: readonly CardCode[] = CARDS.map((c) => c.code);
/** The twelve 福 cards (skill cards besides 玉猪). */
export const FU_CARDS: readonly CardCode[] = CARDS.filter((c) => c.attrs[0] === '福').map((c) => c.code);
const FU_SET = new Set(FU_CARDS);

/**
 * The working context of one `apply`: the working copy of the state (`cloneState`), the events so
 * far (if wanted), the generator, and which shared parts of the state this apply has already
 * copied. The working copy shares its arrays with the input state until the engine writes to one: every
 * in-place change goes through `areaOf` / `setSkill` (score areas), `handOf` / `setHand` (hands),
 * `own` (the other arrays) or `ownEvent` (the open event), which copy on first use.
 */
export interface Ctx {
  s: DoufuState;
  /**
   * The events so far, or null when the caller does not read them (the simulator's random play):
   * every event is pushed as `c.ev?.push({ … })`, so with null its object is never even built.
   * The engine itself never reads them.
   */
  ev: GameEvent[] | null;
  rng: Rng;
  /** Bit `side` set: that area is already this apply's own copy. */
  owned: number;
  /** Bits of OWN / OWN_EVENT / OWN_HANDS: those fields are already this apply's own copies. */
  own: number;
  /** Bit `seat` set: that hand is already this apply's own copy. */
  ownHands: number;
}

/** A working context over `s` (the working copy: `cloneState` of the input, or a fresh state); `events` false: no event list. */
export function makeCtx(s: DoufuState, rng: Rng, events = true): Ctx {
  return { s, ev: events ? [] : null, rng, owned: 0, own: 0, ownHands: 0 };
}

/**
 * A working context over `s` itself, for a caller that keeps no other reference to it
 * (`Game.applyListed` with `reuse`): every copy-on-write field counts as this apply's own, so
 * nothing is copied and `s` becomes the result. Caches keyed by an area's identity stay right:
 * `areaOf`, the one way to change an area, drops the area from them first.
 */
export function reuseCtx(s: DoufuState, rng: Rng, events: boolean): Ctx {
  return { s, ev: events ? [] : null, rng, owned: ALL_BITS, own: ALL_BITS, ownHands: ALL_BITS };
}
const ALL_BITS = -1;

/** The array fields `cloneState` shares and the engine copies on first write (`own`), by bit. */
const OWN = { out: 1, reshuffleUsed: 2, santieSkip: 4, santieBonus: 8, fujiBan: 16, skillUsed: 32, spread: 64, removed: 128, deck: 256, pool: 512, pending: 1024, areas: 2048 } as const;
const OWN_EVENT = 4096;
const OWN_HANDS = 8192;
type OwnKey = keyof typeof OWN;

/**
 * An array field of the working state, ready to mutate in place: copied on first use in this
 * apply (shallowly: pool entries, modifier lists and areas stay shared, see `cloneState`).
 * Replacing a field with a fresh array needs nothing.
 */
export function own<K extends OwnKey>(c: Ctx, key: K): DoufuState[K] {
  // Spelled out per field: a computed `c.s[key]` read and write cost more than the copy.
  const s = c.s;
  const bit = OWN[key];
  const mine = (c.own & bit) !== 0;
  c.own |= bit;
  switch (key) {
    case 'deck':
      return (mine ? s.deck : (s.deck = s.deck.slice())) as DoufuState[K];
    case 'pool':
      return (mine ? s.pool : (s.pool = s.pool.slice())) as DoufuState[K];
    case 'pending':
      return (mine ? s.pending : (s.pending = s.pending.slice())) as DoufuState[K];
    case 'areas':
      return (mine ? s.areas : (s.areas = s.areas.slice())) as DoufuState[K];
    case 'out':
      return (mine ? s.out : (s.out = s.out.slice())) as DoufuState[K];
    case 'reshuffleUsed':
      return (mine ? s.reshuffleUsed : (s.reshuffleUsed = s.reshuffleUsed.slice())) as DoufuState[K];
    case 'santieSkip':
      return (mine ? s.santieSkip : (s.santieSkip = s.santieSkip.slice())) as DoufuState[K];
    case 'santieBonus':
      return (mine ? s.santieBonus : (s.santieBonus = s.santieBonus.slice())) as DoufuState[K];
    case 'fujiBan':
      return (mine ? s.fujiBan : (s.fujiBan = s.fujiBan.slice())) as DoufuState[K];
    case 'skillUsed':
      return (mine ? s.skillUsed : (s.skillUsed = s.skillUsed.slice())) as DoufuState[K];
    case 'spread':
      return (mine ? s.spread : (s.spread = s.spread.slice())) as DoufuState[K];
    case 'removed':
      return (mine ? s.removed : (s.removed = s.removed.slice())) as DoufuState[K];
    default:
      throw new Error(`doufu engine: no copy-on-write field ${String(key)}`);
  }
}

/** The open event, ready to mutate (copied on first use in this apply). */
export function ownEvent(c: Ctx): EventFrame {
  const e = c.s.event!;
  if (c.own & OWN_EVENT) return e;
  c.own |= OWN_EVENT;
  return (c.s.event = { kind: e.kind, before: e.before.slice(), cards: e.cards.slice(), santie: e.santie.slice() });
}

/** Open a new event frame (this apply's own). */
export function setEvent(c: Ctx, e: EventFrame): void {
  c.s.event = e;
  c.own |= OWN_EVENT;
}

/** A seat's hand, ready to mutate (copied on first use in this apply, and so is the list of hands). */
export function handOf(c: Ctx, seat: number): CardCode[] {
  const s = c.s;
  if (!(c.own & OWN_HANDS)) {
    s.hands = s.hands.slice();
    c.own |= OWN_HANDS;
  }
  if (!(c.ownHands & (1 << seat))) {
    s.hands[seat] = s.hands[seat]!.slice();
    c.ownHands |= 1 << seat;
  }
  return s.hands[seat]!;
}

/** Replace a seat's hand with a fresh array. */
export function setHand(c: Ctx, seat: number, hand: CardCode[]): void {
  const s = c.s;
  if (!(c.own & OWN_HANDS)) {
    s.hands = s.hands.slice();
    c.own |= OWN_HANDS;
  }
  s.hands[seat] = hand;
  c.ownHands |= 1 << seat;
}

/**
 * A side's score area, ready to mutate: the array is copied on first use in this apply, so the
 * input state's area is never touched; its card objects are shared, so a card's skill state
 * changes only through `setSkill`. Every area mutation must go through here.
 */
export function areaOf(c: Ctx, side: number): AreaCard[] {
  const s = c.s;
  const e = s.event;
  if (e && e.kind !== 'skill' && e.before[side] === null) {
    // First change of this side in the current event: remember S (and the cards) before it.
    const own = ownEvent(c);
    own.before[side] = sideStats(s, side).S;
    if (s.opts.declare_trigger === 'card_change') own.cards[side] = areaSignature(s.areas[side]!);
  }
  if (!(c.owned & (1 << side))) {
    own(c, 'areas')[side] = s.areas[side]!.slice(); // the card objects stay shared: change one only through setSkill
    c.owned |= 1 << side;
  }
  const area = s.areas[side]!;
  // About to change: drop it from the caches keyed by identity (it keeps its identity when the
  // apply reuses its input, see `reuseCtx`; the full-score cache is empty unless bots score).
  for (let i = 0; i < RECENT; i++) if (recentArea[i] === area) recentArea[i] = null;
  if (SCORE_CACHE.size) SCORE_CACHE.delete(area);
  return area;
}

/** `n` copies of `v` (a packed array: `new Array(n).fill(v)` and `Array.from` are slow paths in V8). */
export function filled<T>(n: number, v: T): T[] {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(v);
  return out;
}
/** `n` fresh empty arrays. */
export function emptyRows<T>(n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < n; i++) out.push([]);
  return out;
}

/** Set the skill state of the card at `index` of a side's area: a new card object (card objects are shared between states). */
export function setSkill(c: Ctx, side: number, index: number, skill: SkillState): void {
  const area = areaOf(c, side);
  area[index] = { ...area[index]!, skill };
}

/** The side (score area / 福气 owner) of a seat. */
export function sideOf(s: DoufuState, seat: number): number {
  return s.opts.mode === '2v2' ? seat % 2 : seat;
}
/** Number of sides. */
export function sideCount(s: DoufuState): number {
  return s.opts.mode === '2v2' ? 2 : s.n;
}
/** Seats of a side. */
export function seatsOf(s: DoufuState, side: number): number[] {
  return s.opts.mode === '2v2' ? [side, side + 2] : [side];
}
/** Whether a seat is still in the match. */
export function isIn(s: DoufuState, seat: number): boolean {
  return seat >= 0 && seat < s.n && !s.out[sideOf(s, seat)];
}
/** Active seats in seat order. */
export function activeSeats(s: DoufuState): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.n; i++) if (isIn(s, i)) out.push(i);
  return out;
}
/** The next active seat clockwise after `seat`. */
export function nextSeat(s: DoufuState, seat: number): number {
  for (let k = 1; k <= s.n; k++) {
    const x = (seat + k) % s.n;
    if (isIn(s, x)) return x;
  }
  return seat;
}
/** Active seats clockwise starting with `seat` itself. */
export function clockwiseFrom(s: DoufuState, seat: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < s.n; k++) {
    const x = (seat + k) % s.n;
    if (isIn(s, x)) out.push(x);
  }
  return out;
}

/** Players the deal table is read for: active players (or all seats with the option off); 2v2 is 4. */
export function dealPlayers(s: DoufuState): number {
  if (s.opts.mode === '2v2') return 4;
  if (!s.opts.deal_counts_by_active_players) return s.n;
  let k = 0;
  for (let i = 0; i < s.n; i++) if (isIn(s, i)) k++;
  return k;
}
/** Hand size = hand limit L and pool size K for the current deal (spec §2.1). */
export function dealSizes(s: DoufuState): { L: number; K: number } {
  const p = dealPlayers(s);
  return p <= 2 ? { L: 6, K: 8 } : p === 3 ? { L: 5, K: 7 } : { L: 4, K: 6 };
}

/** Zodiacs present in the pool, as a 12-slot mask. */
export function poolMask(s: DoufuState): boolean[] {
  const m = new Array<boolean>(12).fill(false);
  for (const e of s.pool) m[ZOD[e[0]!]!] = true;
  return m;
}
/** Pool entries of one zodiac. */
export function entriesOf(s: DoufuState, z: number): CardCode[][] {
  return s.pool.filter((e) => ZOD[e[0]!] === z);
}
/** The pool entry holding a card, or -1. */
export function entryIndex(s: DoufuState, code: CardCode): number {
  return s.pool.findIndex((e) => e.includes(code));
}

/**
 * `normalizePool` (spec §3.4, §3.6.1, §6.3), after the deal (`deal`), a 福虎 re-deal (`reset`) and
 * a 蒙换 or a flip onto a 三叠 (`play`). Returns 'huangpai' when a 4-of-a-kind has just formed:
 * - at the deal, or mid-hand with `midhand_huangpai_voids_hand` on, the hand is void: the pool is
 *   left as it lies (the caller logs it and redeals);
 * - mid-hand with the option off, play goes on: the four stay in the pool as singles (a 三叠 they
 *   joined comes apart), and every zodiac with exactly three cards is stacked into one 三叠.
 * Four singles of a zodiac already lying in the pool (formed earlier with the option off) are not a
 * new 荒牌; after a `reset` every card is freshly dealt, so any four are.
 */
export function normalizePool(s: DoufuState, at: 'deal' | 'reset' | 'play'): 'ok' | 'huangpai' {
  const counts = filled(12, 0);
  for (const e of s.pool) counts[ZOD[e[0]!]!] += e.length;
  const voids = at === 'deal' || s.opts.midhand_huangpai_voids_hand;
  // Four singles that stayed in the pool (option off) were reported when they formed.
  const stayed = (z: number) => at === 'play' && !voids && entriesOf(s, z).length === counts[z];
  let formed = false;
  for (let z = 0; z < 12; z++) if (counts[z]! >= 4 && !stayed(z)) formed = true;
  if (formed && voids) return 'huangpai';
  for (let z = 0; z < 12; z++) {
    if (counts[z]! < 3) continue;
    const group = entriesOf(s, z);
    const first = s.pool.findIndex((e) => ZOD[e[0]!] === z);
    if (counts[z]! >= 4) {
      // §6.3: with the option off the four stay as singles.
      if (group.length < counts[z]!) s.pool = s.pool.flatMap((e) => (ZOD[e[0]!] === z ? e.map((x) => [x]) : [e]));
      continue;
    }
    if (group.length === 1) continue; // already a 三叠
    const cards = group.flat();
    s.pool = s.pool.filter((e) => ZOD[e[0]!] !== z);
    s.pool.splice(first, 0, cards);
  }
  return formed ? 'huangpai' : 'ok';
}

/** The match is over in a shared draw [HI-59]: its winners are seats of more than one side. */
export function isSharedDraw(s: DoufuState): boolean {
  return !!s.winners && new Set(s.winners.map((seat) => sideOf(s, seat))).size > 1;
}

/** Whether a card filed under `attr` carries a skill (福 side of a 福 card; 双运 福蛇 only with the option) [HI-04]. */
export function hasSkill(s: DoufuState, code: CardCode, attr: Attr): boolean {
  if (!FU_SET.has(code)) return false;
  return attr === '福' || s.opts.dual_nonfu_side_keeps_skill;
}

/**
 * Full scores by area array, for callers outside the engine's hot path (bots, tests): areas are
 * shared between states until one changes (`areaOf` copies it), so repeated lookups hit. A plain
 * Map cleared when full, not a WeakMap: a large ephemeron table slows every young-generation GC.
 * The engine itself reads `sideStats`.
 */
const SCORE_CACHE = new Map<readonly AreaCard[], { bonus: number; opts: object; score: AreaScore }>();
const SCORE_CACHE_MAX = 4096;

/** The full scoring of a side's area (memoized; treat the result as read-only). */
export function sideScore(s: DoufuState, side: number): AreaScore {
  const area = s.areas[side]!;
  const bonus = s.santieBonus[side]!;
  const hit = SCORE_CACHE.get(area);
  if (hit && hit.bonus === bonus && hit.opts === s.opts) return hit.score;
  const score = areaScore(area, bonus, s.opts);
  if (SCORE_CACHE.size >= SCORE_CACHE_MAX) SCORE_CACHE.clear();
  SCORE_CACHE.set(area, { bonus, opts: s.opts, score });
  return score;
}

/**
 * The last few areas `sideStats` computed, by identity (a ring): the S an event records before
 * changing an area is usually the one computed when the previous event ended, and areas are shared
 * between states until they change.
 */
const RECENT = 16;
const recentArea: (readonly AreaCard[] | null)[] = new Array(RECENT).fill(null);
const recentBonus: number[] = new Array(RECENT).fill(0);
const recentOpts: (object | null)[] = new Array(RECENT).fill(null);
const recentStats: (AreaStats | null)[] = new Array(RECENT).fill(null);
let recentNext = 0;

/** S, qualification and settlement offset of a side's area (`areaStats`: the same values as `sideScore`, computed directly). */
export function sideStats(s: DoufuState, side: number): AreaStats {
  const area = s.areas[side]!;
  const bonus = s.santieBonus[side]!;
  for (let i = 0; i < RECENT; i++) if (recentArea[i] === area && recentBonus[i] === bonus && recentOpts[i] === s.opts) return recentStats[i]!;
  const stats = areaStats(area, bonus, s.opts);
  const k = recentNext;
  recentNext = (k + 1) % RECENT;
  recentArea[k] = area;
  recentBonus[k] = bonus;
  recentOpts[k] = s.opts;
  recentStats[k] = stats;
  return stats;
}
/** Whether a side's area lets it declare (ffa: any combo; 2v2: enough 搭子). */
export function sideQualifies(s: DoufuState, side: number): boolean {
  return statsQualify(sideStats(s, side), s.opts);
}
/** A card signature of a side's area (for `declare_trigger = card_change`). */
export function areaSignature(area: readonly AreaCard[]): string {
  return area
    .map((c) => `${c.code}:${c.attr}`)
    .sort()
    .join(',');
}

/** Find a card in score areas: its side and index, or null. */
export function findInAreas(s: DoufuState, code: CardCode): { side: number; i: number } | null {
  for (let side = 0; side < s.areas.length; side++) {
    const i = s.areas[side]!.findIndex((c) => c.code === code);
    if (i >= 0) return { side, i };
  }
  return null;
}

/** Whether a card code exists. */
export function isCard(x: unknown): x is CardCode {
  return typeof x === 'string' && CARD_BY_CODE.has(x);
}

/**
 * The working copy `apply` mutates: a new state object that shares everything with the input
 * state (structural sharing; the input is never mutated) except the task queue, which every apply
 * consumes. Shared until first written (copy-on-write, see `Ctx`): the deck, pool, hands, score
 * areas (and their card objects), modifier lists, flag arrays, spread, `removed` and the open
 * event. Shared because they are only ever replaced, never mutated: pool entries, each seat's
 * modifier list (`addMod`), `yuzhu`, `fuqi`, `lastHand`, `firstDraw`, `winners`, `dogged`, `step`
 * (a 福鸡 queue is copied before use) and queued tasks (a `fujiOffers` queue is copied when the
 * task runs). The determinism test deep-freezes every input state, so a missed copy throws there.
 */
export function cloneState(s: DoufuState): DoufuState {
  // Every field spelled out (not `...s`): V8 builds one fixed-shape object, much faster, and a
  // field added to DoufuState without a line here is a type error.
  return {
    v: s.v,
    opts: s.opts,
    n: s.n,
    rng: s.rng, // never mutated: apply reads it into an Rng and stores a new array
    fuqi: s.fuqi, // replaced, never mutated
    out: s.out, // copy-on-write: own()
    reshuffleUsed: s.reshuffleUsed, // copy-on-write: own()
    fushen: s.fushen,
    nirvana: s.nirvana,
    handNo: s.handNo,
    handsDone: s.handsDone,
    lastHand: s.lastHand, // replaced, never mutated
    firstDraw: s.firstDraw, // never mutated after setup
    winners: s.winners, // replaced, never mutated
    phase: s.phase,
    deck: s.deck, // copy-on-write: own()
    hands: s.hands, // copy-on-write: handOf()
    pool: s.pool, // copy-on-write: own(); entries are replaced, never mutated
    areas: s.areas, // copy-on-write: own(), and each area by areaOf
    spread: s.spread, // copy-on-write: own()
    removed: s.removed, // copy-on-write: own()
    yuzhu: s.yuzhu, // replaced, never mutated
    pending: s.pending, // copy-on-write: own(); a seat's list is replaced, never mutated (see addMod)
    santieSkip: s.santieSkip, // copy-on-write: own()
    santieBonus: s.santieBonus, // copy-on-write: own()
    fujiBan: s.fujiBan, // copy-on-write: own()
    skillUsed: s.skillUsed, // copy-on-write: own()
    turnSeq: s.turnSeq,
    seq: s.seq,
    active: s.active,
    stacker: s.stacker,
    dogged: s.dogged, // replaced, never mutated
    known: s.known, // replaced, never mutated (addKnown / forgetKnown / forgetHand)
    event: s.event, // copy-on-write: ownEvent()
    step: s.step, // replaced, never mutated
    tasks: s.tasks.slice(), // tasks are not mutated (fujiOffers copies its queue)
  };
}

/** Remove one card from an array (must be present). */
export function removeCard(arr: CardCode[], code: CardCode): void {
  const i = arr.indexOf(code);
  if (i < 0) throw new Error(`internal: ${code} not found`);
  arr.splice(i, 1);
}

/** `card` left the hand it was known in: nobody knows where it is from that entry any more. */
export function forgetKnown(s: DoufuState, card: CardCode): void {
  if (s.known.length) s.known = s.known.filter((k) => k.card !== card);
}

/**
 * Seats `by` (a bit mask, or `'all'`) now know that `card` is in `seat`'s hand: they saw it go in,
 * or saw the hand. Whoever knew it there before still does; an entry for another hand is dropped.
 */
export function addKnown(s: DoufuState, card: CardCode, seat: number, by: number | 'all'): void {
  const mask = by === 'all' ? (1 << s.n) - 1 : by;
  const prev = s.known.find((k) => k.card === card && k.seat === seat);
  s.known = [...s.known.filter((k) => k.card !== card), { card, seat, by: mask | (prev ? prev.by : 0) }];
}

/** A seat's whole hand left (福羊) or every hand did (Roulette, a new deal): forget what was known of it. */
export function forgetHand(s: DoufuState, seat: number | 'all'): void {
  if (s.known.length) s.known = seat === 'all' ? [] : s.known.filter((k) => k.seat !== seat);
}

/**
 * Clear a seat's pending modifiers (T5). A list already empty is left as it is: lists are
 * replaced, never mutated, so there is nothing to copy.
 */
export function clearMods(c: Ctx, seat: number): void {
  if (c.s.pending[seat]!.length) own(c, 'pending')[seat] = [];
}

/** The latest pending modifier of a seat. */
export function latestMod(s: DoufuState, seat: number): DoufuState['pending'][number][number] | null {
  let best = null;
  for (const m of s.pending[seat]!) if (!best || m.seq > best.seq) best = m;
  return best;
}

/** Whether a seat is under a 福鸡 declaration ban (2v2 with team scope: any member) [HI-64]. */
export function declareBanned(s: DoufuState, seat: number): boolean {
  if (s.fujiBan[seat] !== null) return true;
  if (s.opts.mode === '2v2' && s.opts.team_fuji_ban_scope === 'team') return s.fujiBan[(seat + 2) % 4] !== null;
  return false;
}
/** Whether this is the seat's banned next own turn (no skills) [HI-41]. */
export function skillBanned(s: DoufuState, seat: number): boolean {
  const b = s.fujiBan[seat];
  return b !== null && b !== undefined && s.turnSeq > b;
}
