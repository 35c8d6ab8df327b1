/**
 * 斗十四's state and its mutable core: the deal, the exchange phase, the §7 loop (discard → claim
 * window → flip → claim window …), claims, 流局, the win and the payments. `step` changes a state in
 * place and never checks legality: `applyDs` (game.ts) checks the move against the legal list and
 * steps a copy; the simulator's table steps its own state directly (the fast path).
 *
 * Seats sit counterclockwise: the next seat (下家) of `s` is always `(s + 1) % players`.
 */
import type { GameEvent } from '../../engine/types';
import { Rng, type RngState } from '../../util/rng';
import { deckOf, isJoker, rankOf, sortCards, valueOf } from './cards';
import type { DsOptions } from './options';
import { payWin, scoreWin, winCheck, type FanItem, type Meld, type WinKind } from './rules';

export type DsPhase = 'piao' | 'stop' | 'exchange' | 'discard' | 'flip' | 'claim' | 'over';

/** Claim strength: 糊 3 > 杠 = 加杠 = 碰 2 > 吃 1 (§7.3). */
export const CLAIM_RANK = { hu: 3, gang: 2, 'add-gang': 2, peng: 2, chi: 1 } as const;
export type ClaimType = keyof typeof CLAIM_RANK;

export type DsMove =
  | { type: 'piao'; seat: number; piao: boolean }
  | { type: 'stop'; seat: number; call: boolean }
  | { type: 'exchange'; seat: number; kind: 'joker' | 'triple' | 'quad' | 'add'; cards: number[] }
  | { type: 'done'; seat: number }
  | { type: 'discard'; seat: number; card: number }
  | { type: 'tianzou'; seat: number }
  | { type: 'flip'; seat: number }
  | { type: 'hu'; seat: number }
  | { type: 'gang'; seat: number }
  | { type: 'add-gang'; seat: number }
  | { type: 'peng'; seat: number; cards: number[] }
  | { type: 'chi'; seat: number; card: number }
  | { type: 'pass'; seat: number };

/** An exposed card waiting for claims. */
export interface DsClaim {
  card: number;
  source: 'discard' | 'flip';
  by: number;
  /** The dealer's first discard of the hand (接地). */
  first: boolean;
  /** Seats still to answer (only seats with a legal claim are asked). */
  pending: number[];
  /** Per seat: the key of its strongest legal claim (rank × 16 − its place in turn order), −1 if none. */
  potential: number[];
  /** The strongest answer so far (secret until resolved). */
  best: { seat: number; move: DsMove; key: number } | null;
  /** Seats that answered with a claim (not a pass), in answer order. */
  claimed: number[];
}

/** One hand's result, public once settled. */
export interface DsHandResult {
  hand: number;
  dealer: number;
  winner: number | null;
  winType: WinKind | null;
  /** A void deal (the dealer did not call stop). */
  void: boolean;
  winningCard: number | null;
  /** The winner's whole concealed hand, the winning card included. */
  winnerHand: number[];
  red: number;
  fan: number;
  counted: number;
  items: FanItem[];
  value: number;
  payments: number[];
  piao: number[];
}

export interface DsState {
  v: 1;
  options: DsOptions;
  players: number;
  rng: RngState;
  /** The hand being played, from 0. */
  hand: number;
  dealer: number;
  phase: DsPhase;
  turn: number;
  /** Seats still to declare 漂. */
  queue: number[];
  piao: boolean[];
  concealed: number[][];
  melds: Meld[][];
  flowers: number[][];
  /** Unclaimed discards and flips between each seat and its 下家 (§4). */
  gaps: number[][];
  /** Face down; the top is the last card. */
  stock: number[];
  /** The cards each seat was dealt this hand (the simulator's record). */
  dealt: number[][];
  /** In the discard phase: the seat just took stock cards and may exchange (§6). */
  mayExchange: boolean;
  /** Cards taken in this exchange window that may not be exchanged again (chained exchanges off). */
  locked: number[];
  /** The dealer's first discard is still to come. */
  firstDiscard: boolean;
  claim: DsClaim | null;
  totals: number[];
  results: DsHandResult[];
}

export const nextSeat = (s: DsState, seat: number): number => (seat + 1) % s.players;

/** A copy that `step` may change without touching the original. */
export function cloneState(s: DsState): DsState {
  return {
    ...s,
    queue: s.queue.slice(),
    piao: s.piao.slice(),
    concealed: s.concealed.map((h) => h.slice()),
    melds: s.melds.map((ms) => ms.map((m) => ({ type: m.type, cards: m.cards.slice() }))),
    flowers: s.flowers.map((f) => f.slice()),
    gaps: s.gaps.map((g) => g.slice()),
    stock: s.stock.slice(),
    locked: s.locked.slice(),
    totals: s.totals.slice(),
    claim: s.claim && { ...s.claim, pending: s.claim.pending.slice(), potential: s.claim.potential.slice(), claimed: s.claim.claimed.slice() },
  };
}

/** The first dealer (§5): seat 0 turns cards until a number; counting seat 0 as 1, the seat reached deals. */
export function chooseFirstDealer(r: Rng, players: number, jokers: number, opts: Pick<DsOptions, 'dealer_joker'>, events: GameEvent[] | null): number {
  for (;;) {
    const card = r.int(52 + jokers);
    const n = isJoker(card) ? (opts.dealer_joker === 'fourteen' ? 14 : 0) : valueOf(card);
    events?.push({ type: 'dealer-flip', seat: 0, card, reveal: 'all' });
    if (n > 0) return countDealer(n, players);
  }
}

/** Counting the turner (seat 0) as 1 and going round in seat order, the seat reached at `n` (§5). */
export const countDealer = (n: number, players: number): number => (n - 1) % players;

/** Start a hand: 漂 declarations if played, else the deal. */
export function beginHand(s: DsState, events: GameEvent[] | null): void {
  s.piao = new Array<boolean>(s.players).fill(false);
  s.concealed = s.concealed.map(() => []);
  s.melds = s.melds.map(() => []);
  s.flowers = s.flowers.map(() => []);
  s.gaps = s.gaps.map(() => []);
  s.stock = [];
  s.claim = null;
  if (s.options.piao) {
    s.phase = 'piao';
    s.queue = Array.from({ length: s.players }, (_, k) => (s.dealer + k) % s.players);
    s.turn = s.queue[0]!;
    return;
  }
  deal(s, events);
}

/** Shuffle and deal: the dealer 8 cards, the others 7, in turn from the dealer (§5). */
export function deal(s: DsState, events: GameEvent[] | null): void {
  const r = new Rng(s.rng);
  const deck = r.shuffle(deckOf(s.options.jokers));
  s.rng = r.state();
  let at = 0;
  const hands: number[][] = s.concealed.map(() => []);
  for (let k = 0; k < s.players; k++) {
    const seat = (s.dealer + k) % s.players;
    const n = k === 0 ? 8 : 7;
    hands[seat] = sortCards(deck.slice(at, at + n));
    at += n;
  }
  s.concealed = hands;
  s.dealt = hands.map((h) => h.slice());
  s.stock = deck.slice(at);
  s.firstDiscard = true;
  s.mayExchange = false;
  s.locked = [];
  if (events) for (let seat = 0; seat < s.players; seat++) events.push({ type: 'deal', seat, hand: s.hand, dealer: s.dealer, cards: hands[seat], stock: s.stock.length, reveal: [seat] });
  if (s.options.stop_call) {
    s.phase = 'stop';
    s.turn = s.dealer;
    return;
  }
  openExchange(s, s.dealer);
}

/** Whether `seat` has any exchange it may make now. */
const COUNT = new Int8Array(14);

export function canExchange(s: DsState, seat: number): boolean {
  const h = s.concealed[seat]!;
  if (s.stock.length === 0) return false;
  const count = COUNT.fill(0);
  const locked = s.locked.length > 0;
  for (const c of h) if (!locked || !s.locked.includes(c)) count[rankOf(c)]!++;
  if (count[0]! > 0) return true;
  for (let v = 1; v <= 13; v++) if (count[v]! >= 3) return true;
  if (s.options.add_gang) for (const m of s.melds[seat]!) if (m.type === 'peng' && count[rankOf(m.cards[0]!)]! > 0) return true;
  return false;
}

/** The exchange windows from `seat` on (§6); seats with nothing to exchange are passed over. */
function openExchange(s: DsState, seat: number): void {
  for (let k = seat < 0 ? s.players : (seat - s.dealer + s.players) % s.players; k < s.players; k++) {
    const at = (s.dealer + k) % s.players;
    if (canExchange(s, at)) {
      s.phase = 'exchange';
      s.turn = at;
      s.locked = [];
      return;
    }
  }
  s.phase = 'discard';
  s.turn = s.dealer;
  s.mayExchange = false;
  s.locked = [];
}

/** Take `n` stock cards into the hand; `lock`: taken by an exchange (chained exchanges off: not exchangeable again in this window). */
function take(s: DsState, seat: number, n: number, events: GameEvent[] | null, lock = false): number[] {
  const got = s.stock.splice(s.stock.length - n, n);
  const h = s.concealed[seat]!;
  for (const c of got) h.push(c);
  h.sort((a, b) => a - b);
  if (lock && !s.options.chain_exchange) s.locked.push(...got);
  events?.push({ type: 'take', seat, cards: got, stock: s.stock.length, reveal: [seat] });
  return got;
}

const removeCards = (h: number[], cs: readonly number[]): void => {
  for (const c of cs) h.splice(h.indexOf(c), 1);
};

/** The stock is empty when someone must flip: 流局, no payments (§7.5). */
function drawnHand(s: DsState, events: GameEvent[] | null): void {
  const result: DsHandResult = { hand: s.hand, dealer: s.dealer, winner: null, winType: null, void: false, winningCard: null, winnerHand: [], red: 0, fan: 0, counted: 0, items: [], value: 0, payments: new Array<number>(s.players).fill(0), piao: piaoSeats(s) };
  events?.push({ type: 'drawn', seat: s.turn, hands: s.concealed.map((h) => h.slice()), reveal: 'all' });
  endHand(s, result, s.options.draw_dealer === 'stay' ? s.dealer : nextSeat(s, s.dealer), events);
}

const piaoSeats = (s: DsState): number[] => s.piao.flatMap((p, k) => (p ? [k] : []));

function endHand(s: DsState, result: DsHandResult, dealer: number, events: GameEvent[] | null): void {
  s.totals = s.totals.map((t, k) => t + result.payments[k]!);
  s.results = [...s.results, result];
  s.claim = null;
  events?.push({ type: 'settle', seat: result.winner ?? s.dealer, ...result, totals: s.totals.slice() });
  if (s.hand + 1 >= s.options.hands) {
    s.phase = 'over';
    events?.push({ type: 'match-end', seat: dealer, totals: s.totals.slice() });
    return;
  }
  s.hand++;
  s.dealer = dealer;
  beginHand(s, events);
}

/** The seat `F` must flip: 流局 if the stock is empty. */
function toFlip(s: DsState, seat: number, events: GameEvent[] | null): void {
  s.claim = null;
  s.turn = seat;
  if (s.stock.length === 0) return drawnHand(s, events);
  s.phase = 'flip';
}

/** The winning claims of seat `seat` on card `x` (claims.ts lists them); here only the win. */
export function huCheck(s: DsState, seat: number, x: number, heaven: boolean) {
  const h = s.concealed[seat]!;
  return winCheck([...h, x], s.melds[seat]!, s.flowers[seat]!, s.options, heaven);
}

/** The hand is won: score, pay, next hand (§8–§9). */
function win(s: DsState, seat: number, kind: WinKind, x: number | null, events: GameEvent[] | null): void {
  const hand = x === null ? s.concealed[seat]!.slice() : sortCards([...s.concealed[seat]!, x]);
  const check = winCheck(hand, s.melds[seat]!, s.flowers[seat]!, s.options, kind === 'tianzou' || kind === 'jiedi');
  const selfFlip = kind === 'flip' && s.claim?.by === seat;
  const score = scoreWin({ melds: s.melds[seat]!, flowers: s.flowers[seat]! }, check, kind, selfFlip, s.options);
  const others = Array.from({ length: s.players }, (_, k) => k).filter((k) => k !== seat);
  const payers = (kind === 'discard' || kind === 'jiedi') && s.options.discard_pays === 'discarder' ? [s.claim!.by] : others;
  const payments = payWin(s.players, seat, payers, score.value, s.piao);
  s.concealed[seat] = hand;
  events?.push({ type: 'hu', seat, card: x, kind, cards: hand, from: s.claim?.by ?? null, reveal: 'all', knownBy: [seat] });
  const result: DsHandResult = { hand: s.hand, dealer: s.dealer, winner: seat, winType: kind, void: false, winningCard: x, winnerHand: hand, red: check.red, fan: score.fan, counted: score.counted, items: score.items, value: score.value, payments, piao: piaoSeats(s) };
  events?.push({ type: 'hands', seat, hands: s.concealed.map((h) => h.slice()), reveal: 'all' });
  endHand(s, result, seat, events);
}

/** Open the claim window on an exposed card; nobody can claim → it goes to the gap and the next seat flips. */
function openClaim(s: DsState, card: number, source: 'discard' | 'flip', by: number, potentials: (s: DsState, claim: DsClaim) => number[], events: GameEvent[] | null): void {
  const claim: DsClaim = { card, source, by, first: source === 'discard' && s.firstDiscard && by === s.dealer, pending: [], potential: [], best: null, claimed: [] };
  if (source === 'discard' && by === s.dealer) s.firstDiscard = false;
  s.claim = claim;
  claim.potential = potentials(s, claim);
  const start = source === 'flip' ? by : nextSeat(s, by);
  for (let k = 0; k < s.players; k++) {
    const seat = (start + k) % s.players;
    if (claim.potential[seat]! >= 0) claim.pending.push(seat);
  }
  if (claim.pending.length === 0) return unclaimed(s, events);
  s.phase = 'claim';
  claim.pending.sort((a, b) => claim.potential[b]! - claim.potential[a]!);
  s.turn = claim.pending[0]!;
}

function unclaimed(s: DsState, events: GameEvent[] | null): void {
  const c = s.claim!;
  s.gaps[c.by]!.push(c.card);
  events?.push({ type: 'unclaimed', seat: c.by, card: c.card });
  toFlip(s, nextSeat(s, c.by), events);
}

/** The claimer discards next (after taking stock cards it may exchange first). */
function toDiscard(s: DsState, seat: number, mayExchange: boolean): void {
  s.claim = null;
  s.phase = 'discard';
  s.turn = seat;
  s.mayExchange = mayExchange;
  if (!mayExchange) s.locked = [];
}

/** The winning answer of a claim window does what it claims (§7.4). */
function resolve(s: DsState, events: GameEvent[] | null): void {
  const c = s.claim!;
  if (!c.best) return unclaimed(s, events);
  const { seat, move } = c.best;
  const x = c.card;
  // A claim that lost to a stronger one changed nothing: it is told as a pass, before the winner.
  if (events) for (const k of c.claimed) if (k !== seat) events.push({ type: 'pass', seat: k, card: x, lost: true });
  const h = s.concealed[seat]!;
  s.locked = [];
  switch (move.type) {
    case 'hu': {
      const kind: WinKind = c.source === 'flip' ? 'flip' : c.first && s.options.jiedi ? 'jiedi' : 'discard';
      return win(s, seat, kind, x, events);
    }
    case 'chi':
      removeCards(h, [move.card]);
      s.melds[seat]!.push({ type: 'chi', cards: [move.card, x] });
      events?.push({ type: 'chi', seat, card: x, cards: [move.card], from: c.by, source: c.source });
      return toDiscard(s, seat, false);
    case 'peng':
      removeCards(h, move.cards);
      s.melds[seat]!.push({ type: 'peng', cards: [...move.cards, x] });
      events?.push({ type: 'peng', seat, card: x, cards: move.cards, from: c.by, source: c.source });
      take(s, seat, 1, events);
      return toDiscard(s, seat, true);
    case 'gang': {
      const own = h.filter((k) => rankOf(k) === rankOf(x));
      removeCards(h, own);
      s.melds[seat]!.push({ type: 'gang', cards: [...own, x] });
      events?.push({ type: 'gang', seat, card: x, cards: own, from: c.by, source: c.source });
      take(s, seat, 2, events);
      return toDiscard(s, seat, true);
    }
    case 'add-gang': {
      const m = s.melds[seat]!.find((k) => k.type === 'peng' && rankOf(k.cards[0]!) === rankOf(x))!;
      m.type = 'gang';
      m.cards.push(x);
      events?.push({ type: 'add-gang', seat, card: x, cards: [], from: c.by, source: c.source });
      take(s, seat, 1, events);
      return toDiscard(s, seat, true);
    }
  }
}

/**
 * Apply a move known to be legal, in place. `potentials` lists each seat's strongest claim on a
 * newly exposed card (claims.ts); it is passed in to keep this module free of the claim rules.
 */
export function step(s: DsState, m: DsMove, potentials: (s: DsState, claim: DsClaim) => number[], events: GameEvent[] | null): void {
  switch (m.type) {
    case 'piao': {
      s.piao[m.seat] = m.piao;
      events?.push({ type: 'piao', seat: m.seat, piao: m.piao });
      s.queue.shift();
      if (s.queue.length) s.turn = s.queue[0]!;
      else deal(s, events);
      return;
    }
    case 'stop': {
      events?.push({ type: 'stop', seat: m.seat, call: m.call });
      if (m.call) return openExchange(s, s.dealer);
      // The next player overdraws: the deal is void, the dealer pays the base to each player.
      const payments = new Array<number>(s.players).fill(0);
      for (let k = 0; k < s.players; k++) {
        if (k === s.dealer) continue;
        const amount = s.options.base_score * (s.piao[k] ? 2 : 1) * (s.piao[s.dealer] ? 2 : 1);
        payments[k]! += amount;
        payments[s.dealer]! -= amount;
      }
      const result: DsHandResult = { hand: s.hand, dealer: s.dealer, winner: null, winType: null, void: true, winningCard: null, winnerHand: [], red: 0, fan: 0, counted: 0, items: [], value: 0, payments, piao: piaoSeats(s) };
      return endHand(s, result, s.dealer, events);
    }
    case 'exchange': {
      const seat = m.seat;
      removeCards(s.concealed[seat]!, m.cards);
      if (m.kind === 'joker') s.flowers[seat]!.push(m.cards[0]!);
      else if (m.kind === 'add') {
        const meld = s.melds[seat]!.find((k) => k.type === 'peng' && rankOf(k.cards[0]!) === rankOf(m.cards[0]!))!;
        meld.type = 'gang';
        meld.cards.push(m.cards[0]!);
      } else s.melds[seat]!.push({ type: m.kind === 'quad' ? 'gang' : 'peng', cards: m.cards.slice() });
      events?.push({ type: 'exchange', seat, kind: m.kind, cards: m.cards, reveal: 'all', knownBy: [seat] });
      take(s, seat, m.kind === 'quad' ? 2 : 1, events, true);
      if (s.phase === 'exchange' && !canExchange(s, seat)) openExchange(s, nextWindow(s, seat));
      return;
    }
    case 'done':
      events?.push({ type: 'done', seat: m.seat });
      return openExchange(s, nextWindow(s, m.seat));
    case 'tianzou':
      return win(s, m.seat, 'tianzou', null, events);
    case 'discard': {
      const seat = m.seat;
      removeCards(s.concealed[seat]!, [m.card]);
      s.mayExchange = false;
      s.locked = [];
      events?.push({ type: 'discard', seat, card: m.card, reveal: 'all', knownBy: [seat] });
      return openClaim(s, m.card, 'discard', seat, potentials, events);
    }
    case 'flip': {
      const seat = m.seat;
      const x = s.stock.pop()!;
      events?.push({ type: 'flip', seat, card: x, stock: s.stock.length, reveal: 'all' });
      if (isJoker(x)) {
        // A flipped joker: the flipper's flower, and a card from the stock (§7.4).
        s.flowers[seat]!.push(x);
        events?.push({ type: 'flower', seat, card: x });
        if (s.stock.length === 0) return drawnHand(s, events);
        s.locked = [];
        take(s, seat, 1, events);
        return toDiscard(s, seat, true);
      }
      return openClaim(s, x, 'flip', seat, potentials, events);
    }
    default: {
      // A claim answer.
      const c = s.claim!;
      c.pending.splice(c.pending.indexOf(m.seat), 1);
      if (m.type === 'pass') events?.push({ type: 'pass', seat: m.seat, card: c.card });
      else {
        const key = claimKey(s, c, m.seat, m.type);
        if (!c.best || key > c.best.key) c.best = { seat: m.seat, move: m, key };
        c.claimed.push(m.seat);
        events?.push({ type: 'answer', seat: m.seat });
      }
      const best = c.best?.key ?? -1;
      if (c.pending.length === 0 || c.pending.every((p) => c.potential[p]! < best)) return resolve(s, events);
      s.turn = c.pending[0]!;
    }
  }
}

/** The key of a claim: its rank, then the seat's place in turn order from the flipper (flip) or the discarder's 下家 (discard). */
export function claimKey(s: DsState, c: Pick<DsClaim, 'source' | 'by'>, seat: number, type: ClaimType): number {
  const start = c.source === 'flip' ? c.by : (c.by + 1) % s.players;
  const place = (seat - start + s.players) % s.players;
  return CLAIM_RANK[type] * 16 - place;
}

function nextWindow(s: DsState, seat: number): number {
  const k = (seat - s.dealer + s.players) % s.players;
  return k + 1 >= s.players ? -1 : (seat + 1) % s.players;
}
