/**
 * 斗老闆 on the engine contract: the deal (17 each + a 3-card kitty), bidding (§4), the optional
 * extras of §9 (rob, doubling, show hand), counterclockwise play with tricks (§5), settlement with
 * bombs, spring and anti-spring (§8), and a match of N deals with running totals. Seats 0, 1, 2 sit
 * counterclockwise: the next seat is always `(s + 1) % 3`.
 */
import { ENGINE_ERRORS, engineError } from '../../engine/errors';
import type { ApplyResult, EngineError, Game, GameEvent, GameStatus } from '../../engine/types';
import { UsageError } from '../../util/assert';
import { Rng, seedRng, type RngState } from '../../util/rng';
import { countsOf, sortCards } from './cards';
import { beats, classify, isBomb, type Combo, type ComboType } from './classify';
import { cardsFor, playsOver } from './generate';
import { DEFAULT_OPTIONS, parseOptions, type DlOptions } from './options';

export const DL_RULES_VERSION = 'dou-laoban-1';
const next = (s: number) => (s + 1) % 3;

export type DlPhase = 'bid' | 'rob' | 'double' | 'show' | 'play' | 'over';

/** One deal's result, public once settled. */
export interface DealResult {
  deal: number;
  boss: number;
  bid: number;
  winner: number;
  bombs: number;
  spring: boolean;
  antiSpring: boolean;
  robs: number;
  doubled: boolean[];
  shown: boolean;
  /** bid × bomb multiplier × spring multiplier (the simulator's `multiplier`). */
  multiplier: number;
  /** The unit U = base × multiplier × robs × show, before each player's doubling. */
  unit: number;
  scores: number[];
}

export interface DlState {
  v: 1;
  options: DlOptions;
  rng: RngState;
  deal: number;
  firstBidder: number;
  totals: number[];
  phase: DlPhase;
  hands: number[][];
  /** The 17 cards each seat was dealt (the simulator's record). */
  dealt: number[][];
  kitty: number[];
  bids: { seat: number; bid: number }[];
  highest: { seat: number; bid: number } | null;
  turn: number;
  boss: number | null;
  /** Seats still to answer in the rob / double phases, in order. */
  queue: number[];
  /** The seat that won the bidding (it may rob back). */
  bidder: number | null;
  robs: number;
  doubled: boolean[];
  shown: boolean;
  trick: { top: Combo | null; topBy: number; passes: number };
  playsBy: number[];
  bombs: number;
  lastPlay: ({ cards: number[]; combo: ComboType } | 'pass' | null)[];
  played: number[];
  results: DealResult[];
}

export type DlMove =
  | { type: 'bid'; seat: number; bid: 0 | 1 | 2 | 3 }
  | { type: 'rob'; seat: number; rob: boolean }
  | { type: 'double'; seat: number; double: boolean }
  | { type: 'show'; seat: number; show: boolean }
  | { type: 'play'; seat: number; cards: number[] }
  | { type: 'pass'; seat: number };

const bad = (zh: string, en: string): EngineError => engineError(ENGINE_ERRORS.BAD_MOVE, zh, en);
const illegal = (zh: string, en: string): EngineError => engineError(ENGINE_ERRORS.ILLEGAL, zh, en);

/** Shuffle and deal a new hand: 17 each from the first bidder, the kitty last. */
function dealHand(s: DlState, events: GameEvent[]): DlState {
  const r = new Rng(s.rng);
  const deck = r.shuffle(Array.from({ length: 54 }, (_, i) => i));
  const hands = [0, 1, 2].map((k) => sortCards(deck.slice(k * 17, k * 17 + 17)));
  const kitty = sortCards(deck.slice(51));
  for (let seat = 0; seat < 3; seat++) events.push({ type: 'deal', seat, deal: s.deal, firstBidder: s.firstBidder, reveal: [seat], cards: hands[seat] });
  return {
    ...s,
    rng: r.state(),
    phase: 'bid',
    hands,
    dealt: hands.map((h) => [...h]),
    kitty,
    bids: [],
    highest: null,
    turn: s.firstBidder,
    boss: null,
    queue: [],
    bidder: null,
    robs: 0,
    doubled: [false, false, false],
    shown: false,
    trick: { top: null, topBy: s.firstBidder, passes: 0 },
    playsBy: [0, 0, 0],
    bombs: 0,
    lastPlay: [null, null, null],
    played: [],
  };
}

/** The match's first state, and the deal's events. */
export function startDl(seed: string, players: number, options: DlOptions): { state: DlState; events: GameEvent[] } {
  if (players !== 3) throw new UsageError(`斗老闆 is played by exactly 3 players, not ${players}.`);
  const rng = seedRng(seed);
  const r = new Rng(rng);
  const firstBidder = options.first_bidder === 'random' ? r.int(3) : 0;
  const events: GameEvent[] = [];
  const base: DlState = {
    v: 1, options, rng: r.state(), deal: 0, firstBidder, totals: [0, 0, 0], phase: 'bid', hands: [[], [], []], dealt: [[], [], []], kitty: [], bids: [], highest: null,
    turn: firstBidder, boss: null, queue: [], bidder: null, robs: 0, doubled: [false, false, false], shown: false, trick: { top: null, topBy: firstBidder, passes: 0 }, playsBy: [0, 0, 0], bombs: 0, lastPlay: [null, null, null], played: [], results: [],
  };
  return { state: dealHand(base, events), events };
}

/** The Boss is settled: it takes the kitty; then doubling, show hand, or play. */
function bossTakesKitty(s: DlState, boss: number, events: GameEvent[]): DlState {
  const hands = s.hands.map((h, k) => (k === boss ? sortCards([...h, ...s.kitty]) : h));
  events.push({ type: 'boss', seat: boss, bid: s.highest!.bid, cards: s.kitty, reveal: s.options.kitty_visible === 'all' ? 'all' : [boss] });
  const t: DlState = { ...s, hands, boss, trick: { top: null, topBy: boss, passes: 0 } };
  if (s.options.doubling) return { ...t, phase: 'double', queue: [next(boss), next(next(boss)), boss], turn: next(boss) };
  return afterDoubling(t);
}

function afterDoubling(s: DlState): DlState {
  if (s.options.show_hand) return { ...s, phase: 'show', queue: [s.boss!], turn: s.boss! };
  return { ...s, phase: 'play', queue: [], turn: s.boss! };
}

/** Bidding is over with a highest bid: robbing, if played, else the Boss takes the kitty. */
function biddingDone(s: DlState, events: GameEvent[]): DlState {
  const bidder = s.highest!.seat;
  if (s.options.rob) return { ...s, phase: 'rob', bidder, boss: bidder, queue: [next(bidder), next(next(bidder))], turn: next(bidder) };
  return bossTakesKitty({ ...s, bidder }, bidder, events);
}

/** The deal ends: payments, totals, then the next deal or the end of the match. */
function settle(s: DlState, winner: number, events: GameEvent[]): DlState {
  const o = s.options;
  const boss = s.boss!;
  const bossWins = winner === boss;
  const employees = [next(boss), next(next(boss))];
  const spring = bossWins && employees.every((e) => s.playsBy[e] === 0);
  const antiSpring = !bossWins && s.playsBy[boss] === 1;
  const bombDoublings = o.bomb_cap > 0 ? Math.min(s.bombs, o.bomb_cap) : s.bombs;
  const bombMult = 2 ** bombDoublings;
  const springMult = spring || antiSpring ? o.spring_factor : 1;
  const bid = s.highest!.bid;
  const multiplier = bid * bombMult * springMult;
  const unit = o.base_score * multiplier * 2 ** s.robs * (s.shown ? 2 : 1);
  const scores = [0, 0, 0];
  const sign = bossWins ? 1 : -1;
  for (const e of employees) {
    const stake = unit * (s.doubled[e] ? 2 : 1) * (s.doubled[boss] ? 2 : 1);
    if (o.payment === 'zero_sum') {
      scores[boss]! += sign * stake;
      scores[e]! -= sign * stake;
    } else {
      scores[e]! -= sign * 2 * stake;
    }
  }
  if (o.payment === 'literal') scores[boss] = sign * 2 * unit * (s.doubled[boss] ? 2 : 1);
  const result: DealResult = { deal: s.deal, boss, bid, winner, bombs: s.bombs, spring, antiSpring, robs: s.robs, doubled: [...s.doubled], shown: s.shown, multiplier, unit, scores };
  const totals = s.totals.map((t, k) => t + scores[k]!);
  events.push({ type: 'settle', seat: winner, ...result, totals, hands: s.hands, reveal: 'all' });
  const done: DlState = { ...s, totals, results: [...s.results, result] };
  if (s.deal + 1 >= o.deals) {
    events.push({ type: 'matchEnd', seat: winner, totals });
    return { ...done, phase: 'over', turn: winner };
  }
  return dealHand({ ...done, deal: s.deal + 1, firstBidder: next(s.firstBidder) }, events);
}

/** Apply one move. Pure; never throws for a bad move. */
export function applyDl(s: DlState, m: DlMove): ApplyResult<DlState> {
  if (typeof m !== 'object' || m === null || typeof (m as { type?: unknown }).type !== 'string' || !Number.isInteger((m as { seat?: unknown }).seat)) return bad('這不是斗老闆的動作。', 'That is not a Dou Laoban move.');
  if (s.phase === 'over') return engineError(ENGINE_ERRORS.GAME_OVER, '這場已經結束。', 'The match is over.');
  if (m.seat !== s.turn) return engineError(ENGINE_ERRORS.NOT_YOUR_TURN, `現在輪到座位 ${s.turn + 1}。`, `It is seat ${s.turn + 1}'s turn.`);
  const events: GameEvent[] = [];
  switch (s.phase) {
    case 'bid': {
      if (m.type !== 'bid') return illegal('現在是叫分：不叫，或叫一倍、兩倍、三倍。', 'Bidding now: pass, or bid 1×, 2× or 3×.');
      const bid = m.bid;
      if (![0, 1, 2, 3].includes(bid)) return bad('叫分只能是 0（不叫）到 3。', 'A bid is 0 (pass) to 3.');
      if (bid !== 0 && bid <= (s.highest?.bid ?? 0)) return illegal(`叫分必須高於目前的 ${s.highest!.bid} 倍。`, `A bid must be higher than the current ${s.highest!.bid}×.`);
      events.push({ type: 'bid', seat: m.seat, bid });
      const bids = [...s.bids, { seat: m.seat, bid }];
      const highest = bid > 0 ? { seat: m.seat, bid } : s.highest;
      let t: DlState = { ...s, bids, highest };
      if (bid === 3) return { ok: true, state: biddingDone(t, events), events };
      const turns = bids.length;
      const rounds = s.options.bid_rounds;
      // Round 2 (an option): only seats that can still raise bid, and bidding stops once both others passed after the highest.
      let over = turns >= 3 * rounds;
      if (!over && rounds === 2 && turns >= 3 && highest) {
        let at = bids.length - 1;
        while (at >= 0 && !(bids[at]!.bid === highest.bid && bids[at]!.seat === highest.seat)) at--;
        const since = bids.slice(at + 1);
        over = since.length >= 2;
      }
      if (over) {
        if (!highest) {
          events.push({ type: 'redeal', seat: m.seat, firstBidder: next(s.firstBidder) });
          return { ok: true, state: dealHand({ ...t, firstBidder: next(s.firstBidder) }, events), events };
        }
        return { ok: true, state: biddingDone(t, events), events };
      }
      let turn = next(m.seat);
      if (rounds === 2 && turns >= 3 && highest && turn === highest.seat) turn = next(turn);
      t = { ...t, turn };
      return { ok: true, state: t, events };
    }
    case 'rob': {
      if (m.type !== 'rob' || typeof m.rob !== 'boolean') return illegal('現在是搶老闆：搶，或不搶。', 'Robbing now: rob the Boss seat, or not.');
      events.push({ type: 'rob', seat: m.seat, rob: m.rob });
      const robs = s.robs + (m.rob ? 1 : 0);
      const boss = m.rob ? m.seat : s.boss!;
      let queue = s.queue.slice(1);
      // Once someone robbed, the seat that won the bidding may rob back, once, at the end.
      if (queue.length === 0 && robs > 0 && m.seat !== s.bidder && boss !== s.bidder && !s.queue.includes(s.bidder!)) queue = [s.bidder!];
      const t: DlState = { ...s, robs, boss, queue };
      if (queue.length) return { ok: true, state: { ...t, turn: queue[0]! }, events };
      return { ok: true, state: bossTakesKitty(t, boss, events), events };
    }
    case 'double': {
      if (m.type !== 'double' || typeof m.double !== 'boolean') return illegal('現在選擇是否加倍。', 'Choose whether to double now.');
      events.push({ type: 'double', seat: m.seat, double: m.double });
      const doubled = s.doubled.map((d, k) => (k === m.seat ? m.double : d));
      const queue = s.queue.slice(1);
      const t: DlState = { ...s, doubled, queue };
      return { ok: true, state: queue.length ? { ...t, turn: queue[0]! } : afterDoubling(t), events };
    }
    case 'show': {
      if (m.type !== 'show' || typeof m.show !== 'boolean') return illegal('老闆現在選擇是否明牌。', 'The Boss chooses whether to show the hand now.');
      events.push({ type: 'show', seat: m.seat, show: m.show, ...(m.show ? { reveal: 'all', knownBy: [m.seat], cards: s.hands[m.seat] } : {}) });
      return { ok: true, state: { ...s, shown: m.show, phase: 'play', queue: [], turn: s.boss! }, events };
    }
    case 'play': {
      if (m.type === 'pass') {
        if (!s.trick.top) return illegal('你是這一輪的領出者，不能不出。', 'You lead this trick: you cannot pass.');
        events.push({ type: 'pass', seat: m.seat });
        const lastPlay = s.lastPlay.map((p, k) => (k === m.seat ? ('pass' as const) : p));
        const passes = s.trick.passes + 1;
        if (passes >= 2) {
          events.push({ type: 'trick', seat: s.trick.topBy });
          return { ok: true, state: { ...s, lastPlay: [null, null, null], trick: { top: null, topBy: s.trick.topBy, passes: 0 }, turn: s.trick.topBy }, events };
        }
        return { ok: true, state: { ...s, lastPlay, trick: { ...s.trick, passes }, turn: next(m.seat) }, events };
      }
      if (m.type !== 'play') return illegal('現在出牌，或不出。', 'Play cards now, or pass.');
      const cards = m.cards;
      const hand = s.hands[m.seat]!;
      if (!Array.isArray(cards) || cards.length === 0 || cards.length > 20 || new Set(cards).size !== cards.length || !cards.every((c) => hand.includes(c))) return bad('出的牌不在你的手裡。', 'Those cards are not in your hand.');
      const combo = classify(cards);
      if (!combo) return illegal('這些牌不是合法的牌型。', 'Those cards are not a legal combination.');
      if (s.trick.top && !beats(combo, s.trick.top)) return illegal('要出同樣牌型、同樣張數而更大的牌，或炸彈、火箭。', 'Play the same type and number of cards, higher — or a bomb or the rocket.');
      const left = hand.filter((c) => !cards.includes(c));
      const bombs = s.bombs + (isBomb(combo) ? 1 : 0);
      const sorted = sortCards(cards);
      events.push({ type: 'play', seat: m.seat, cards: sorted, combo: combo.type, key: combo.key, left: left.length, reveal: 'all', knownBy: [m.seat, ...(s.shown && m.seat === s.boss ? [0, 1, 2] : [])] });
      const t: DlState = {
        ...s,
        hands: s.hands.map((h, k) => (k === m.seat ? left : h)),
        bombs,
        playsBy: s.playsBy.map((n, k) => (k === m.seat ? n + 1 : n)),
        lastPlay: s.lastPlay.map((p, k) => (k === m.seat ? { cards: sorted, combo: combo.type } : p)),
        played: [...s.played, ...sorted],
        trick: { top: combo, topBy: m.seat, passes: 0 },
        turn: next(m.seat),
      };
      return { ok: true, state: left.length === 0 ? settle(t, m.seat, events) : t, events };
    }
  }
  return bad('這不是斗老闆的動作。', 'That is not a Dou Laoban move.');
}

export function statusDl(s: DlState): GameStatus {
  const over = s.phase === 'over';
  const best = Math.max(...s.totals);
  const winners = over ? [0, 1, 2].filter((k) => s.totals[k] === best) : [];
  return { over, winners, draw: over && winners.length > 1, scores: [...s.totals], toAct: over ? [] : [s.turn] };
}

/** Every move `seat` may make now: bids, answers, and in play every legal play (each kicker choice) plus pass when following. */
export function legalDl(s: DlState, seat: number): DlMove[] {
  if (s.phase === 'over' || seat !== s.turn) return [];
  switch (s.phase) {
    case 'bid':
      return ([0, 1, 2, 3] as const).filter((b) => b === 0 || b > (s.highest?.bid ?? 0)).map((bid) => ({ type: 'bid', seat, bid }));
    case 'rob':
      return [{ type: 'rob', seat, rob: false }, { type: 'rob', seat, rob: true }];
    case 'double':
      return [{ type: 'double', seat, double: false }, { type: 'double', seat, double: true }];
    case 'show':
      return [{ type: 'show', seat, show: false }, { type: 'show', seat, show: true }];
    case 'play': {
      const hand = s.hands[seat]!;
      const plays = playsOver(countsOf(hand), s.trick.top).map((p) => ({ type: 'play' as const, seat, cards: cardsFor(hand, p.counts)! }));
      return s.trick.top ? [...plays, { type: 'pass', seat }] : plays;
    }
  }
}

/** What a seat sees: its own hand; the others' card counts (the Boss's cards when shown); the kitty once shown to it. */
export interface DlView {
  seat: number | null;
  deal: number;
  phase: DlPhase;
  turn: number;
  firstBidder: number;
  hand: number[];
  counts: number[];
  /** Hands a seat may see besides its own (a shown Boss hand; every hand once the match is over). */
  open: (number[] | null)[];
  kitty: number[] | null;
  bids: { seat: number; bid: number }[];
  highest: { seat: number; bid: number } | null;
  boss: number | null;
  robs: number;
  doubled: boolean[];
  shown: boolean;
  trick: { top: Combo | null; topBy: number; passes: number };
  lastPlay: DlState['lastPlay'];
  played: number[];
  bombs: number;
  totals: number[];
  results: DealResult[];
  options: DlOptions;
}

export function viewDl(s: DlState, seat: number | null): DlView {
  const seesKitty = s.boss !== null && (s.options.kitty_visible === 'all' || seat === s.boss) && s.phase !== 'bid' && s.phase !== 'rob';
  return {
    seat,
    deal: s.deal,
    phase: s.phase,
    turn: s.turn,
    firstBidder: s.firstBidder,
    hand: seat === null ? [] : [...s.hands[seat]!],
    counts: s.hands.map((h) => h.length),
    open: s.hands.map((h, k) => (s.phase === 'over' || (s.shown && k === s.boss) ? [...h] : null)),
    kitty: seesKitty ? [...s.kitty] : null,
    bids: s.bids,
    highest: s.highest,
    boss: s.boss,
    robs: s.robs,
    doubled: s.doubled,
    shown: s.shown,
    trick: s.trick,
    lastPlay: s.lastPlay,
    played: s.played,
    bombs: s.bombs,
    totals: s.totals,
    results: s.results,
    options: s.options,
  };
}

export const douLaoban: Game<DlState, DlMove, DlView, DlOptions> = {
  id: 'dou-laoban',
  rulesVersion: DL_RULES_VERSION,
  name: { zh: '斗老闆', en: 'Dou Laoban' },
  minPlayers: 3,
  maxPlayers: 3,
  defaultOptions: DEFAULT_OPTIONS,
  parseOptions,
  setup: ({ seed, players, options }) => startDl(seed, players, options).state,
  start: ({ seed, players, options }) => startDl(seed, players, options),
  legalMoves: legalDl,
  apply: applyDl,
  view: viewDl,
  status: statusDl,
};
