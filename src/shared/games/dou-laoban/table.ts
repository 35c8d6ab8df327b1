/**
 * The live table of the simulator: the same game as `applyDl`, on one mutable state (hands as
 * count vectors and suit masks, no state copy per move, no move list for a random seat).
 * `table.test.ts` plays tables and replays every move through the contract engine, checking the
 * two states equal after each one; `state()` exports the contract's `DlState`.
 *
 * Each deal (a redeal after three passes included) leaves a `DlDealRecord`: the simulator's
 * JSONL record, built as the deal is played.
 */
import { Rng, seedRng } from '../../util/rng';
import { cardCode } from './cards';
import { beats, classify, type Combo, type ComboType } from './classify';
import { cardsFor, playsOver } from './generate';
import { legalDl, type DealResult, type DlMove, type DlPhase, type DlState, type DlView } from './game';
import type { DlOptions } from './options';
import { Bodies, T, TYPES, type Top } from './plays';

const next = (s: number) => (s + 1) % 3;
/** A rank's card of suit index `b` (0–3; the jokers have only 0). */
const cardOf = (r: number, b: number) => (r === 16 ? 52 : r === 17 ? 53 : (r - 3) * 4 + b);
const rankOfCard = (c: number) => (c === 53 ? 17 : c === 52 ? 16 : (c >> 2) + 3);
/** Every card's code, once. */
const CODES: readonly string[] = Array.from({ length: 54 }, (_, c) => cardCode(c));
const codes = (cs: readonly number[]): string[] => {
  const out = new Array<string>(cs.length);
  for (let i = 0; i < cs.length; i++) out[i] = CODES[cs[i]!]!;
  return out;
};

/** One deal as the simulator writes it (cards as codes: "TS", "2H", "SJ", "BJ"). */
export interface DlDealRecord {
  game: 'dou-laoban';
  seed: string;
  deal: number;
  options: DlOptions;
  firstBidder: number;
  hands: string[][];
  kitty: string[];
  bids: { seat: number; bid: number }[];
  /** The Boss, or null when all three passed and the cards were redealt. */
  boss: number | null;
  plays: ({ seat: number; cards: string[] } | { seat: number; pass: true })[];
  combos: ComboType[];
  /** The seat that went out (null after a redeal). */
  winner: number | null;
  bombs: number;
  spring: boolean;
  antiSpring: boolean;
  /** bid × bomb multiplier × spring multiplier (0 after a redeal). */
  multiplier: number;
  scores: number[];
}

/** The record fields, in the order they are written. */
export const DL_RECORD_FIELDS = ['game', 'seed', 'deal', 'options', 'firstBidder', 'hands', 'kitty', 'bids', 'boss', 'plays', 'combos', 'winner', 'bombs', 'spring', 'antiSpring', 'multiplier', 'scores'] as const;

/** Scratch space shared by every table (each use is synchronous and finished before the next). */
const BODIES = new Bodies();
const BUF = new Int8Array(18);

export class DlTable {
  readonly options: DlOptions;
  readonly seed: string;
  readonly rng: Rng;
  deal = 0;
  firstBidder = 0;
  totals = [0, 0, 0];
  phase: DlPhase = 'bid';
  /** Cards per rank of each seat: `cnt[seat * 18 + rank]`. */
  readonly cnt = new Int8Array(54);
  /** Suits held per rank, a bit per suit index: `suits[seat * 18 + rank]`. */
  readonly suits = new Uint8Array(54);
  readonly left = [0, 0, 0];
  dealt: number[][] = [[], [], []];
  kitty: number[] = [];
  bids: { seat: number; bid: number }[] = [];
  highest: { seat: number; bid: number } | null = null;
  turn = 0;
  boss: number | null = null;
  queue: number[] = [];
  bidder: number | null = null;
  robs = 0;
  doubled = [false, false, false];
  shown = false;
  /** The play to beat (type index), null when leading. */
  top: Top | null = null;
  topBy = 0;
  passes = 0;
  playsBy = [0, 0, 0];
  bombs = 0;
  lastPlay: DlState['lastPlay'] = [null, null, null];
  played: number[] = [];
  results: DealResult[] = [];
  /** Finished deals' records (the caller may take and clear them). */
  records: DlDealRecord[] = [];
  /** Whether to build records (off for playouts). */
  recording = true;
  /** When set, `lastMove` is the contract move of the last move played (for tests and traces). */
  trace = false;
  lastMove: DlMove | null = null;
  private plays: DlDealRecord['plays'] = [];
  private combos: ComboType[] = [];
  private readonly bodies = BODIES;
  private readonly buf = BUF;

  private constructor(seed: string, options: DlOptions, rng: Rng) {
    this.seed = seed;
    this.options = options;
    this.rng = rng;
  }

  /** A match from its seed, as `startDl`. */
  static start(seed: string, options: DlOptions, recording = true): DlTable {
    const t = new DlTable(seed, options, new Rng(seedRng(seed)));
    t.recording = recording;
    t.firstBidder = options.first_bidder === 'random' ? t.rng.int(3) : 0;
    t.dealHand();
    return t;
  }

  /**
   * A deal in play from a position (the search bot's sampled worlds): hands as cards, the Boss,
   * whose turn, the trick. The match ends with this deal; nothing is recorded.
   */
  static inPlay(options: DlOptions, p: { hands: readonly (readonly number[])[]; boss: number; bid: number; turn: number; top: Top | null; topBy: number; passes: number; playsBy: readonly number[]; bombs: number }, rng: Rng): DlTable {
    const t = new DlTable('', { ...options, deals: 1 }, rng);
    t.recording = false;
    for (let s = 0; s < 3; s++) for (const c of p.hands[s]!) t.addCard(s, c);
    t.phase = 'play';
    t.boss = p.boss;
    t.bidder = p.boss;
    t.highest = { seat: p.boss, bid: p.bid };
    t.turn = p.turn;
    t.top = p.top;
    t.topBy = p.topBy;
    t.passes = p.passes;
    t.playsBy = [...p.playsBy];
    t.bombs = p.bombs;
    return t;
  }

  get over(): boolean {
    return this.phase === 'over';
  }

  private addCard(seat: number, c: number): void {
    const r = rankOfCard(c);
    const i = seat * 18 + r;
    this.cnt[i]!++;
    this.suits[i]! |= 1 << (r >= 16 ? 0 : c & 3);
    this.left[seat]!++;
  }

  /** A seat's cards, ascending (as the contract keeps hands). */
  hand(seat: number): number[] {
    const out: number[] = [];
    for (let r = 3; r <= 17; r++) {
      const m = this.suits[seat * 18 + r]!;
      if (m) for (let b = 0; b < 4; b++) if (m & (1 << b)) out.push(cardOf(r, b));
    }
    return out;
  }

  /** A seat's count vector (a view into the table: do not keep it across moves). */
  counts(seat: number): Int8Array {
    return this.cnt.subarray(seat * 18, seat * 18 + 18);
  }

  private dealHand(): void {
    const deck = this.rng.shuffle(Array.from({ length: 54 }, (_, i) => i));
    this.cnt.fill(0);
    this.suits.fill(0);
    this.left[0] = this.left[1] = this.left[2] = 0;
    for (let s = 0; s < 3; s++) for (let k = s * 17; k < s * 17 + 17; k++) this.addCard(s, deck[k]!);
    this.dealt = [this.hand(0), this.hand(1), this.hand(2)];
    this.kitty = deck.slice(51).sort((a, b) => a - b);
    this.phase = 'bid';
    this.bids = [];
    this.highest = null;
    this.turn = this.firstBidder;
    this.boss = null;
    this.queue = [];
    this.bidder = null;
    this.robs = 0;
    this.doubled = [false, false, false];
    this.shown = false;
    this.top = null;
    this.topBy = this.firstBidder;
    this.passes = 0;
    this.playsBy = [0, 0, 0];
    this.bombs = 0;
    this.lastPlay = [null, null, null];
    this.played = [];
    this.plays = [];
    this.combos = [];
  }

  private record(winner: number | null, r: DealResult | null): void {
    if (!this.recording) return;
    this.records.push({
      game: 'dou-laoban',
      seed: this.seed,
      deal: this.deal,
      options: this.options,
      firstBidder: this.firstBidder,
      hands: this.dealt.map(codes),
      kitty: codes(this.kitty),
      bids: this.bids,
      boss: r ? r.boss : null,
      plays: this.plays,
      combos: this.combos,
      winner,
      bombs: r ? r.bombs : 0,
      spring: r ? r.spring : false,
      antiSpring: r ? r.antiSpring : false,
      multiplier: r ? r.multiplier : 0,
      scores: r ? r.scores : [0, 0, 0],
    });
  }

  // ------------------------------------------------------------ the phases (as game.ts)

  private bossTakesKitty(boss: number): void {
    for (const c of this.kitty) this.addCard(boss, c);
    this.boss = boss;
    this.top = null;
    this.topBy = boss;
    this.passes = 0;
    if (this.options.doubling) {
      this.phase = 'double';
      this.queue = [next(boss), next(next(boss)), boss];
      this.turn = next(boss);
    } else this.afterDoubling();
  }

  private afterDoubling(): void {
    if (this.options.show_hand) {
      this.phase = 'show';
      this.queue = [this.boss!];
    } else {
      this.phase = 'play';
      this.queue = [];
    }
    this.turn = this.boss!;
  }

  private biddingDone(): void {
    const bidder = this.highest!.seat;
    this.bidder = bidder;
    if (this.options.rob) {
      this.phase = 'rob';
      this.boss = bidder;
      this.queue = [next(bidder), next(next(bidder))];
      this.turn = next(bidder);
    } else this.bossTakesKitty(bidder);
  }

  private settle(winner: number): void {
    const o = this.options;
    const boss = this.boss!;
    const bossWins = winner === boss;
    const e1 = next(boss);
    const e2 = next(e1);
    const spring = bossWins && this.playsBy[e1] === 0 && this.playsBy[e2] === 0;
    const antiSpring = !bossWins && this.playsBy[boss] === 1;
    const bombMult = 2 ** (o.bomb_cap > 0 ? Math.min(this.bombs, o.bomb_cap) : this.bombs);
    const springMult = spring || antiSpring ? o.spring_factor : 1;
    const bid = this.highest!.bid;
    const multiplier = bid * bombMult * springMult;
    const unit = o.base_score * multiplier * 2 ** this.robs * (this.shown ? 2 : 1);
    const scores = [0, 0, 0];
    const sign = bossWins ? 1 : -1;
    for (const e of [e1, e2]) {
      const stake = unit * (this.doubled[e] ? 2 : 1) * (this.doubled[boss] ? 2 : 1);
      if (o.payment === 'zero_sum') {
        scores[boss]! += sign * stake;
        scores[e]! -= sign * stake;
      } else scores[e]! -= sign * 2 * stake;
    }
    if (o.payment === 'literal') scores[boss] = sign * 2 * unit * (this.doubled[boss] ? 2 : 1);
    const result: DealResult = { deal: this.deal, boss, bid, winner, bombs: this.bombs, spring, antiSpring, robs: this.robs, doubled: [...this.doubled], shown: this.shown, multiplier, unit, scores };
    for (let k = 0; k < 3; k++) this.totals[k]! += scores[k]!;
    this.results.push(result);
    this.record(winner, result);
    if (this.deal + 1 >= o.deals) {
      this.phase = 'over';
      this.turn = winner;
      return;
    }
    this.deal++;
    this.firstBidder = next(this.firstBidder);
    this.dealHand();
  }

  /** Apply a move the contract lists as legal now (no checks: the simulator plays listed or sampled moves). */
  play(m: DlMove): void {
    if (this.trace) this.lastMove = m;
    switch (m.type) {
      case 'bid':
        return this.bid(m.bid);
      case 'rob': {
        const robs = this.robs + (m.rob ? 1 : 0);
        const boss = m.rob ? m.seat : this.boss!;
        let queue = this.queue.slice(1);
        if (queue.length === 0 && robs > 0 && m.seat !== this.bidder && boss !== this.bidder && !this.queue.includes(this.bidder!)) queue = [this.bidder!];
        this.robs = robs;
        this.boss = boss;
        this.queue = queue;
        if (queue.length) this.turn = queue[0]!;
        else this.bossTakesKitty(boss);
        return;
      }
      case 'double': {
        this.doubled[m.seat] = m.double;
        this.queue = this.queue.slice(1);
        if (this.queue.length) this.turn = this.queue[0]!;
        else this.afterDoubling();
        return;
      }
      case 'show':
        this.shown = m.show;
        this.phase = 'play';
        this.queue = [];
        this.turn = this.boss!;
        return;
      case 'pass':
        return this.pass();
      case 'play': {
        const v = this.buf;
        v.fill(0);
        for (const c of m.cards) v[rankOfCard(c)]!++;
        return this.playCards(v, m.cards);
      }
    }
  }

  private bid(bid: number): void {
    const seat = this.turn;
    if (this.trace) this.lastMove = { type: 'bid', seat, bid: bid as 0 | 1 | 2 | 3 };
    this.bids.push({ seat, bid });
    if (bid > 0) this.highest = { seat, bid };
    const highest = this.highest;
    if (bid === 3) return this.biddingDone();
    const turns = this.bids.length;
    const rounds = this.options.bid_rounds;
    let over = turns >= 3 * rounds;
    if (!over && rounds === 2 && turns >= 3 && highest) {
      let at = this.bids.length - 1;
      while (at >= 0 && !(this.bids[at]!.bid === highest.bid && this.bids[at]!.seat === highest.seat)) at--;
      over = this.bids.length - (at + 1) >= 2;
    }
    if (over) {
      if (!highest) {
        this.record(null, null);
        this.firstBidder = next(this.firstBidder);
        return this.dealHand();
      }
      return this.biddingDone();
    }
    let turn = next(seat);
    if (rounds === 2 && turns >= 3 && highest && turn === highest.seat) turn = next(turn);
    this.turn = turn;
  }

  private pass(): void {
    const seat = this.turn;
    if (this.trace) this.lastMove = { type: 'pass', seat };
    if (this.recording) this.plays.push({ seat, pass: true });
    this.passes++;
    if (this.passes >= 2) {
      this.lastPlay = [null, null, null];
      this.top = null;
      this.passes = 0;
      this.turn = this.topBy;
      return;
    }
    this.lastPlay[seat] = 'pass';
    this.turn = next(seat);
  }

  /**
   * Play the cards of count vector `v` from the turn's hand (`cards` if known, else each rank's
   * lowest suits). The vector must be a legal play that beats the top.
   */
  private playCards(v: Int8Array, cards: readonly number[] | null): void {
    const seat = this.turn;
    const base = seat * 18;
    let picked = cards ? [...cards].sort((a, b) => a - b) : null;
    let n = 0;
    if (!picked) {
      picked = [];
      for (let r = 3; r <= 17; r++) {
        let need = v[r]!;
        if (!need) continue;
        let m = this.suits[base + r]!;
        for (let b = 0; need > 0; b++) {
          if (m & (1 << b)) {
            picked.push(cardOf(r, b));
            m &= ~(1 << b);
            need--;
          }
        }
        this.suits[base + r] = m;
        this.cnt[base + r]! -= v[r]!;
        n += v[r]!;
      }
    } else {
      for (const c of picked) {
        const r = rankOfCard(c);
        this.suits[base + r]! &= ~(1 << (r >= 16 ? 0 : c & 3));
        this.cnt[base + r]!--;
      }
      n = picked.length;
    }
    if (this.trace) this.lastMove = { type: 'play', seat, cards: [...picked] };
    const combo = classifyVec(v, n);
    this.left[seat]! -= n;
    if (combo.t === T.BOMB || combo.t === T.ROCKET) this.bombs++;
    this.playsBy[seat]!++;
    const type = TYPES[combo.t]!;
    this.lastPlay[seat] = { cards: picked, combo: type };
    for (const c of picked) this.played.push(c);
    this.top = combo;
    this.topBy = seat;
    this.passes = 0;
    this.turn = next(seat);
    if (this.recording) {
      this.plays.push({ seat, cards: codes(picked) });
      this.combos.push(type);
    }
    if (this.left[seat] === 0) this.settle(seat);
  }

  /**
   * A uniformly random legal move of the seat to act — the same distribution as a uniform pick
   * of `legalDl`'s list, drawn from the bodies without listing kicker choices — and play it.
   */
  playRandom(rng: Rng): void {
    switch (this.phase) {
      case 'bid': {
        const h = this.highest?.bid ?? 0;
        const k = rng.int(4 - h);
        return this.bid(k === 0 ? 0 : h + k);
      }
      case 'rob':
        return this.play({ type: 'rob', seat: this.turn, rob: rng.int(2) === 1 });
      case 'double':
        return this.play({ type: 'double', seat: this.turn, double: rng.int(2) === 1 });
      case 'show':
        return this.play({ type: 'show', seat: this.turn, show: rng.int(2) === 1 });
      case 'play': {
        const cnt = this.counts(this.turn);
        const b = this.bodies.fill(cnt, this.top);
        const u = rng.int(b.total + (this.top ? 1 : 0));
        if (u === b.total) return this.pass();
        const i = b.at(u);
        b.write(i, cnt, this.buf, rng);
        return this.playCards(this.buf, null);
      }
      case 'over':
        return;
    }
  }

  /** Play count vector `v` (a legal play for the turn; null = pass): the playouts' move. */
  playCounts(v: Int8Array | null): void {
    if (v === null) this.pass();
    else this.playCards(v, null);
  }

  /** The contract's state (hands rebuilt from the count vectors). */
  state(): DlState {
    const top: Combo | null = this.top ? { type: TYPES[this.top.t]!, key: this.top.key, n: this.top.n } : null;
    return {
      v: 1,
      options: this.options,
      rng: this.rng.state(),
      deal: this.deal,
      firstBidder: this.firstBidder,
      totals: [...this.totals],
      phase: this.phase,
      hands: [this.hand(0), this.hand(1), this.hand(2)],
      dealt: this.dealt.map((h) => [...h]),
      kitty: [...this.kitty],
      bids: this.bids.map((b) => ({ ...b })),
      highest: this.highest ? { ...this.highest } : null,
      turn: this.turn,
      boss: this.boss,
      queue: [...this.queue],
      bidder: this.bidder,
      robs: this.robs,
      doubled: [...this.doubled],
      shown: this.shown,
      trick: { top, topBy: this.topBy, passes: this.passes },
      playsBy: [...this.playsBy],
      bombs: this.bombs,
      lastPlay: this.lastPlay.map((p) => (p && p !== 'pass' ? { cards: [...p.cards], combo: p.combo } : p)),
      played: [...this.played],
      results: this.results.map((r) => ({ ...r, doubled: [...r.doubled], scores: [...r.scores] })),
    };
  }

  /** The seat's legal moves, exactly `legalDl`'s list (for bots that read it). */
  legal(): DlMove[] {
    if (this.phase !== 'play') return legalDl(this.state(), this.turn);
    const seat = this.turn;
    const hand = this.hand(seat);
    const top = this.top ? { type: TYPES[this.top.t]!, key: this.top.key, n: this.top.n } : null;
    const plays: DlMove[] = playsOver(Array.from(this.counts(seat)), top).map((p) => ({ type: 'play', seat, cards: cardsFor(hand, p.counts)! }));
    if (top) plays.push({ type: 'pass', seat });
    return plays;
  }

  /** A seat's view, equal to `viewDl`'s of `state()` (table.test.ts), built without the state. */
  view(seat: number | null): DlView {
    const seesKitty = this.boss !== null && (this.options.kitty_visible === 'all' || seat === this.boss) && this.phase !== 'bid' && this.phase !== 'rob';
    const over = this.phase === 'over';
    return {
      seat,
      deal: this.deal,
      phase: this.phase,
      turn: this.turn,
      firstBidder: this.firstBidder,
      hand: seat === null ? [] : this.hand(seat),
      counts: [...this.left],
      open: [0, 1, 2].map((k) => (over || (this.shown && k === this.boss) ? this.hand(k) : null)),
      kitty: seesKitty ? [...this.kitty] : null,
      bids: this.bids.map((b) => ({ ...b })),
      highest: this.highest ? { ...this.highest } : null,
      boss: this.boss,
      robs: this.robs,
      doubled: [...this.doubled],
      shown: this.shown,
      trick: { top: this.top ? { type: TYPES[this.top.t]!, key: this.top.key, n: this.top.n } : null, topBy: this.topBy, passes: this.passes },
      lastPlay: this.lastPlay.map((p) => (p && p !== 'pass' ? { cards: [...p.cards], combo: p.combo } : p)),
      played: [...this.played],
      bombs: this.bombs,
      totals: [...this.totals],
      results: this.results,
      options: this.options,
    };
  }

  /**
   * Whether the contract would accept `m` now, checked by the rules rather than by listing every
   * play (cards held and distinct, a legal combination that beats the top; no pass when leading).
   */
  accepts(m: DlMove): boolean {
    if (typeof m !== 'object' || m === null || m.seat !== this.turn || this.phase === 'over') return false;
    if (this.phase !== 'play') return legalDl(this.state(), this.turn).some((x) => JSON.stringify(x) === JSON.stringify(m));
    if (m.type === 'pass') return this.top !== null;
    if (m.type !== 'play' || !Array.isArray(m.cards) || m.cards.length === 0) return false;
    const hand = new Set(this.hand(m.seat));
    if (new Set(m.cards).size !== m.cards.length || !m.cards.every((c) => hand.has(c))) return false;
    const combo = classify(m.cards);
    return combo !== null && (this.top === null || beats(combo, { type: TYPES[this.top.t]!, key: this.top.key, n: this.top.n }));
  }
}

/** The classification of a legal play's count vector, as a `Top` (type index). */
function classifyVec(v: Int8Array, n: number): Top {
  // Reading the signature is enough: the vector is a legal play (spec §6.4, one class per signature).
  let lo4 = 0;
  let g1 = 0;
  let g2 = 0;
  let g3 = 0;
  let hi3 = 0;
  let hi2 = 0;
  let hi1 = 0;
  for (let r = 3; r <= 17; r++) {
    const c = v[r]!;
    if (c === 1) {
      g1++;
      hi1 = r;
    } else if (c === 2) {
      g2++;
      hi2 = r;
    } else if (c === 3) {
      g3++;
      hi3 = r;
    } else if (c === 4) lo4 = r;
  }
  if (lo4) return { t: n === 4 ? T.BOMB : n === 6 ? T.FOUR_2 : T.FOUR_2PAIRS, key: lo4, n };
  if (g3 > 0) {
    if (g3 === 1) return { t: n === 3 ? T.TRIPLE : n === 4 ? T.TRIPLE_1 : T.TRIPLE_2, key: hi3, n };
    // Several triples: a chain, the plane's body the consecutive run (kickers never triple).
    return { t: n === 3 * g3 ? T.TRIPLE_CHAIN : g1 > 0 ? T.PLANE_1 : T.PLANE_2, key: hi3, n };
  }
  if (g2 > 0) return { t: g2 === 1 ? T.PAIR : T.PAIR_CHAIN, key: hi2, n };
  if (n === 2) return { t: T.ROCKET, key: 17, n };
  return { t: n === 1 ? T.SINGLE : T.STRAIGHT, key: hi1, n };
}
