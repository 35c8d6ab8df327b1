/**
 * Small helpers over the 斗福 state: seats and sides, deal sizes, the pool, scores, cloning, and
 * the working context a move is applied in.
 */
import type { GameEvent } from '../../engine/types';
import { Rng } from '../../util/rng';
import { CARDS, CARD_BY_CODE, ZODIACS, type Attr, type CardCode } from './cards';
import { areaScore, qualifies, type AreaScore } from './scoring';
import type { AreaCard, DoufuState, Step, Task } from './types';

/** Zodiac index (0 = 鼠 … 11 = 猪) of every card code. */
export const ZOD: Readonly<Record<CardCode, number>> = Object.fromEntries(CARDS.map((c) => [c.code, ZODIACS.indexOf(c.zodiac)]));
/** All 48 codes in spec order. */
export const ALL_CODES: readonly CardCode[] = CARDS.map((c) => c.code);
/** The twelve 福 cards (skill cards besides 玉猪). */
export const FU_CARDS: readonly CardCode[] = CARDS.filter((c) => c.attrs[0] === '福').map((c) => c.code);
const FU_SET = new Set(FU_CARDS);

/**
 * The working context of one `apply`: a private copy of the state, the events so far, the
 * generator, and the score areas already copied by this apply (areas are copy-on-write: the
 * clone shares them with the input state until `areaOf` copies one for mutation).
 */
export interface Ctx {
  s: DoufuState;
  ev: GameEvent[];
  rng: Rng;
  owned: Set<number>;
}

/** A working context over `s` (which must already be this apply's private copy). */
export function makeCtx(s: DoufuState, rng: Rng): Ctx {
  return { s, ev: [], rng, owned: new Set() };
}

/**
 * A side's score area, ready to mutate: copied (cards included) on first use in this apply, so
 * the input state's area is never touched. Every area mutation must go through here.
 */
export function areaOf(c: Ctx, side: number): AreaCard[] {
  const s = c.s;
  const e = s.event;
  if (e && e.kind !== 'skill' && e.before[side] === null) {
    // First change of this side in the current event: remember S (and the cards) before it.
    e.before[side] = sideScore(s, side).S;
    if (s.opts.declare_trigger === 'card_change') e.cards[side] = areaSignature(s.areas[side]!);
  }
  if (!c.owned.has(side)) {
    s.areas[side] = s.areas[side]!.map((x) => ({ ...x }));
    c.owned.add(side);
  }
  SCORE_CACHE.delete(s.areas[side]!);
  return s.areas[side]!;
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
  return s.opts.deal_counts_by_active_players ? activeSeats(s).length : s.n;
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
 * `normalizePool` (spec §3.4): four of a zodiac → 荒牌 (returned; the caller voids the hand if the
 * rules say so); exactly three singles of a zodiac → stacked into one 三叠 entry.
 */
export function normalizePool(s: DoufuState): 'ok' | 'huangpai' {
  const counts = new Array<number>(12).fill(0);
  for (const e of s.pool) counts[ZOD[e[0]!]!] += e.length;
  if (counts.some((c) => c >= 4)) return 'huangpai';
  for (let z = 0; z < 12; z++) {
    if (counts[z] !== 3) continue;
    const group = entriesOf(s, z);
    if (group.length === 1) continue; // already a 三叠
    const cards = group.flat();
    const first = s.pool.findIndex((e) => ZOD[e[0]!] === z);
    s.pool = s.pool.filter((e) => ZOD[e[0]!] !== z);
    s.pool.splice(first, 0, cards);
  }
  return 'ok';
}

/** Whether a card filed under `attr` carries a skill (福 side of a 福 card; 双运 福蛇 only with the option) [HI-04]. */
export function hasSkill(s: DoufuState, code: CardCode, attr: Attr): boolean {
  if (!FU_SET.has(code)) return false;
  return attr === '福' || s.opts.dual_nonfu_side_keeps_skill;
}

/**
 * Scores by area array. Windows compare S before and after every event for every side, and areas
 * are shared between states until one changes (`areaOf`), so most lookups hit. `areaOf` drops the
 * entry of an area it hands out for mutation; the bonus and options are checked on every hit.
 */
const SCORE_CACHE = new WeakMap<readonly AreaCard[], { bonus: number; opts: object; score: AreaScore }>();

/** The scoring of a side's area (memoized; treat the result as read-only). */
export function sideScore(s: DoufuState, side: number): AreaScore {
  const area = s.areas[side]!;
  const bonus = s.santieBonus[side]!;
  const hit = SCORE_CACHE.get(area);
  if (hit && hit.bonus === bonus && hit.opts === s.opts) return hit.score;
  const score = areaScore(area, bonus, s.opts);
  SCORE_CACHE.set(area, { bonus, opts: s.opts, score });
  return score;
}
/** Whether a side's area lets it declare (ffa: any combo; 2v2: enough 搭子). */
export function sideQualifies(s: DoufuState, side: number): boolean {
  return qualifies(sideScore(s, side), s.opts.mode, s.opts);
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

/** A deep copy (hand-written: faster than structuredClone, and the state shape is fixed). */
export function cloneState(s: DoufuState): DoufuState {
  // Every field spelled out (not `...s`): V8 builds one fixed-shape object, much faster, and a
  // field added to DoufuState without a line here is a type error.
  return {
    v: s.v,
    opts: s.opts,
    n: s.n,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    fuqi: s.fuqi.slice(),
    out: s.out.slice(),
    reshuffleUsed: s.reshuffleUsed.slice(),
    fushen: s.fushen,
    nirvana: s.nirvana,
    handNo: s.handNo,
    handsDone: s.handsDone,
    lastHand: s.lastHand, // replaced, never mutated
    firstDraw: s.firstDraw, // never mutated after setup
    winners: s.winners, // replaced, never mutated
    phase: s.phase,
    deck: s.deck.slice(),
    hands: rows(s.hands),
    pool: rows(s.pool),
    areas: s.areas.slice(), // copy-on-write per area: see areaOf
    spread: s.spread.slice(),
    removed: s.removed.slice(),
    yuzhu: { holder: s.yuzhu.holder, useSkills: s.yuzhu.useSkills, sideways: s.yuzhu.sideways, inverted: s.yuzhu.inverted },
    pending: rows(s.pending), // modifiers themselves are never mutated
    santieSkip: s.santieSkip.slice(),
    santieBonus: s.santieBonus.slice(),
    fujiBan: s.fujiBan.slice(),
    skillUsed: s.skillUsed.slice(),
    turnSeq: s.turnSeq,
    seq: s.seq,
    active: s.active,
    stacker: s.stacker,
    dogged: s.dogged, // replaced, never mutated
    event: s.event && { kind: s.event.kind, before: s.event.before.slice(), cards: s.event.cards.slice(), santie: s.event.santie.slice() },
    step: copyStep(s.step),
    todo: s.todo.map(copyTask),
  };
}

function rows<T>(a: readonly (readonly T[])[]): T[][] {
  const out: T[][] = new Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]!.slice();
  return out;
}

function copyStep(st: Step): Step {
  const c = { ...st } as Record<string, unknown>;
  for (const k of ['queue', 'seats', 'options', 'cards'] as const) if (Array.isArray(c[k])) c[k] = (c[k] as unknown[]).slice();
  return c as unknown as Step;
}
function copyTask(t: Task): Task {
  if (t.t === 'acquire') return { ...t, cards: t.cards.slice() };
  if (t.t === 'fujiOffers') return { ...t, queue: t.queue.slice() };
  return { ...t };
}

/** Remove one card from an array (must be present). */
export function removeCard(arr: CardCode[], code: CardCode): void {
  const i = arr.indexOf(code);
  if (i < 0) throw new Error(`internal: ${code} not found`);
  arr.splice(i, 1);
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
