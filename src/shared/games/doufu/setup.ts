/**
 * Match setup, the first 福神 draw (spec §2.2), and the start of every hand: reset, the deal
 * (§2.3, counterclockwise from 后手), 荒牌 at deal, 三叠 stacking, reshuffle offers and the
 * 天时/地利 windows (§5.6).
 */
import { assert } from '../../util/assert';
import { Rng, seedRng } from '../../util/rng';
import { CARD_BY_CODE, type CardCode } from './cards';
import { dealCombos } from './scoring';
import { ALL_CODES, activeSeats, clockwiseFrom, dealSizes, emptyRows, filled, makeCtx, normalizePool, seatsOf, sideCount, sideOf, ZOD, type Ctx } from './state';
import { PHASE, RUN, type DoufuGameOptions, type DoufuState } from './types';

/** 福气 every side starts the match with. */
export const START_FUQI = 24;

/**
 * The first-福神 draw: each contender draws the next card of `deck`; the latest zodiac (猪 best)
 * wins; players tied for the best redraw, the others drop out [HI-07].
 * @example drawFirstFushen(['ROO-Y1', 'DOG-HE', 'DOG-FU', 'RAT-HE', 'OX-FU'], [0, 1, 2]).winner // → 2
 */
export function drawFirstFushen(deck: readonly CardCode[], contenders: readonly number[]): { winner: number; rounds: { seat: number; card: CardCode }[][] } {
  let pos = 0;
  let left = [...contenders];
  const rounds: { seat: number; card: CardCode }[][] = [];
  for (;;) {
    assert(pos + left.length <= deck.length, 'drawFirstFushen ran out of cards (more than 48 draws).');
    const round = left.map((seat) => ({ seat, card: deck[pos++]! }));
    rounds.push(round);
    const best = Math.max(...round.map((d) => ZOD[d.card]!));
    left = round.filter((d) => ZOD[d.card] === best).map((d) => d.seat);
    if (left.length === 1) return { winner: left[0]!, rounds };
  }
}

/**
 * A new match as a working context: the first-福神 draw done and hand 1 started (dealt, unless 2v2
 * must first pick its first player). The caller drives the task queue and stores `rng.state()`.
 */
export function initialState(seed: string, players: number, opts: DoufuGameOptions): Ctx {
  assert(Number.isInteger(players) && players >= 2 && players <= 4, `斗福 is played by 2–4 players; got ${players}.`);
  assert(opts.mode !== '2v2' || players === 4, `2v2 needs exactly 4 players; got ${players}.`);
  const rng = new Rng(seedRng(seed));
  const sides = opts.mode === '2v2' ? 2 : players;
  const s: DoufuState = {
    v: 1,
    opts,
    n: players,
    rng: rng.state(),
    fuqi: new Array(sides).fill(START_FUQI),
    out: new Array(sides).fill(false),
    reshuffleUsed: new Array(players).fill(false),
    fushen: 0,
    nirvana: 0,
    handNo: 0,
    handsDone: 0,
    lastHand: null,
    firstDraw: [],
    winners: null,
    phase: PHASE.DEAL,
    deck: [],
    hands: [],
    pool: [],
    areas: [],
    spread: [],
    removed: [],
    yuzhu: { holder: null, useSkills: false, sideways: false, inverted: false },
    pending: [],
    santieSkip: [],
    santieBonus: [],
    fujiBan: [],
    skillUsed: [],
    turnSeq: 0,
    seq: 0,
    active: 0,
    stacker: null,
    dogged: null,
    known: [],
    event: null,
    step: RUN,
    tasks: [],
  };
  const c = makeCtx(s, rng);
  // 2v2: one representative per team draws (seats 0 and 1) [§7.3].
  const contenders = opts.mode === '2v2' ? [0, 1] : [0, 1, 2, 3].slice(0, players);
  const { winner, rounds } = drawFirstFushen(rng.shuffle([...ALL_CODES]), contenders);
  s.firstDraw = rounds;
  s.fushen = winner;
  c.ev?.push({ type: 'firstDraw', rounds, fushen: winner, reveal: 'all' });
  startHand(c, true);
  return c;
}

/**
 * Start a hand: reset the per-hand state (§2.4), then (2v2 after a win or at the start) let the
 * 福神队 pick its first player, else deal. `choose` is ignored in free-for-all.
 */
export function startHand(c: Ctx, choose: boolean): void {
  const s = c.s;
  const n = s.n;
  const sides = sideCount(s);
  s.handNo++;
  s.phase = PHASE.DEAL;
  s.deck = [...ALL_CODES]; // everything is gathered; the deal shuffles it
  s.hands = emptyRows(n);
  s.pool = [];
  s.areas = emptyRows(sides);
  s.spread = [];
  s.removed = [];
  s.yuzhu = { holder: null, useSkills: false, sideways: false, inverted: false };
  s.pending = emptyRows(n);
  s.santieSkip = filled(n, false);
  s.santieBonus = filled(sides, 0);
  s.fujiBan = filled<number | null>(n, null);
  s.skillUsed = filled(n, false);
  s.seq = 0;
  s.stacker = null;
  s.dogged = null;
  s.known = [];
  s.event = null;
  s.tasks = [];
  s.active = s.fushen;
  c.ev?.push({ type: 'handStart', hand: s.handNo, fushen: s.fushen });
  if (s.opts.mode === '2v2' && choose) {
    s.step = { k: 'chooseFirst', seats: seatsOf(s, sideOf(s, s.fushen)) };
    return;
  }
  dealAndOffer(c);
}

/** Deal (with 荒牌 redeals), then offer reshuffles, then 天时/地利 windows, then the first turn. */
export function dealAndOffer(c: Ctx): void {
  deal(c);
  offerReshuffle(c, reshuffleQueue(c.s));
}

/** The dealing order for the current 福神: 后手 first, counterclockwise, the 福神 last (f−1, f−2, …, f) [HI-08]. */
export function dealOrder(s: DoufuState): number[] {
  const cw = clockwiseFrom(s, s.fushen);
  return [...cw.slice(1).reverse(), s.fushen];
}

/**
 * Deal from a shuffled deck (index 0 = top): one card at a time in `order`, `L` rounds, then `K`
 * pool cards. Pure.
 * @example dealCards(d1to48, [2, 1, 0], 3, 5, 7).hands[2] // → [d1, d4, d7, d10, d13]
 */
export function dealCards(deck: readonly CardCode[], order: readonly number[], seats: number, L: number, K: number): { hands: CardCode[][]; pool: CardCode[][]; deck: CardCode[] } {
  const hands: CardCode[][] = emptyRows(seats);
  let k = 0;
  for (let r = 0; r < L; r++) for (const seat of order) hands[seat]!.push(deck[k++]!); // past the end: undefined, as shift() gives
  k = Math.min(k, deck.length);
  const pool: CardCode[][] = [];
  for (const end = Math.min(k + K, deck.length); k < end; k++) pool.push([deck[k]!]);
  return { hands, pool, deck: deck.slice(k) };
}

/** Shuffle all 48 and deal: hands counterclockwise from 后手, then K pool cards; redeal on 荒牌. */
export function deal(c: Ctx): void {
  const s = c.s;
  const { L, K } = dealSizes(s);
  const order = dealOrder(s);
  for (;;) {
    const d = dealCards(c.rng.shuffle([...ALL_CODES]), order, s.n, L, K);
    s.hands = d.hands;
    s.pool = d.pool;
    s.deck = d.deck;
    if (normalizePool(s, 'deal') === 'ok') break;
    c.ev?.push({ type: 'huangpai', at: 'deal', pool: s.pool.flat(), reveal: 'all' });
  }
  c.ev?.push({ type: 'deal', fushen: s.fushen, pool: s.pool.map((e) => [...e]), handSize: L, reveal: 'all' });
}

/** Seats that may demand a reshuffle now, in offer order (the 福神 first; 2v2: then the partner) [HI-09][HI-63]. */
export function reshuffleQueue(s: DoufuState): number[] {
  const who = s.opts.mode === '2v2' ? [s.fushen, (s.fushen + 2) % 4] : [s.fushen];
  if (s.opts.reshuffle_scope === 'global') return s.reshuffleUsed.some(Boolean) ? [] : who;
  return who.filter((seat) => !s.reshuffleUsed[seat]);
}

/** Offer the reshuffle to the first seat of `queue`, or move on to the deal-time windows. */
export function offerReshuffle(c: Ctx, queue: number[]): void {
  if (queue.length) {
    c.s.step = { k: 'reshuffle', seat: queue[0]!, queue: queue.slice(1) };
    return;
  }
  offerDealWindows(c);
}

/** Seats whose opening hand holds a declarable 天时/地利, in turn order from the 福神 [HI-19]. */
export function dealWindowQueue(s: DoufuState): number[] {
  const players = activeSeats(s).length;
  return clockwiseFrom(s, s.fushen).filter((seat) => mayHoldDealCombo(s.hands[seat]!, players, s.opts.mode) && dealCombos(s.hands[seat]!, players, s.opts.mode, s.opts).declarable);
}

/**
 * A cheap necessary condition for a declarable 天时/地利 (so `dealCombos` runs only on the few
 * hands that pass): 天时 needs four of a zodiac; 地利 needs 2-player free-for-all and at least
 * three pairs (counting a quad as two, the most any option counts). Without either, B = 0.
 */
function mayHoldDealCombo(hand: readonly CardCode[], players: number, mode: DoufuState['opts']['mode']): boolean {
  const counts = filled(12, 0);
  let pairs = 0;
  for (const code of hand) {
    const z = CARD_BY_CODE.has(code) ? ZOD[code]! : -1;
    if (z < 0) return true; // not a card: let dealCombos refuse it
    const k = ++counts[z]!;
    if (k === 4) return true;
    if (k % 2 === 0) pairs++;
  }
  return players === 2 && mode === 'ffa' && pairs >= 3;
}

/** Open the 天时/地利 windows, or start the first turn. */
export function offerDealWindows(c: Ctx): void {
  const q = dealWindowQueue(c.s);
  if (q.length) {
    c.s.step = { k: 'dealWindow', seat: q[0]!, queue: q.slice(1) };
    return;
  }
  c.s.phase = PHASE.NORMAL;
  c.s.step = RUN;
  c.s.tasks.unshift({ t: 'beginTurn', seat: c.s.fushen });
}
