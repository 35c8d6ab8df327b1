/**
 * 斗十四 on the engine contract: `start` (the first dealer by a turned card, the deal), `legalDs`,
 * `applyDs` (checks a move against the legal list, then steps a copy), `viewDs` (a seat's own hand;
 * the others' hands and the stock only as counts) and `statusDs`. The rules live in state.ts
 * (the loop), claims.ts (who may claim what) and rules.ts (the win and the score).
 */
import { ENGINE_ERRORS, engineError } from '../../engine/errors';
import type { ApplyResult, EngineError, Game, GameEvent, GameStatus } from '../../engine/types';
import { UsageError } from '../../util/assert';
import { Rng, seedRng } from '../../util/rng';
import { isJoker } from './cards';
import { claimMovesFor, claimPotentials, exchangeMoves } from './claims';
import { DEFAULT_OPTIONS, parseOptions, playersAllowed, type DsOptions } from './options';
import { pairsUp, type Meld } from './rules';
import { beginHand, chooseFirstDealer, cloneState, step, type DsHandResult, type DsMove, type DsPhase, type DsState } from './state';

export const DS_RULES_VERSION = 'dou-shisi-1';

/** The match's first state and the events of its setup (the turned cards, the deal). */
export function startDs(seed: string, players: number, options: DsOptions): { state: DsState; events: GameEvent[] } {
  if (!playersAllowed(players, options.jokers)) throw new UsageError(`斗十四 is played by 2–5 players, or 6 with 6 jokers (got ${players} players, ${options.jokers} jokers).`);
  const r = new Rng(seedRng(seed));
  const events: GameEvent[] = [];
  const dealer = chooseFirstDealer(r, players, options.jokers, options, events);
  const empty = () => Array.from({ length: players }, () => [] as number[]);
  const s: DsState = {
    v: 1, options, players, rng: r.state(), hand: 0, dealer, phase: 'piao', turn: dealer, queue: [], piao: new Array<boolean>(players).fill(false),
    concealed: empty(), melds: Array.from({ length: players }, () => [] as Meld[]), flowers: empty(), gaps: empty(), stock: [], dealt: empty(),
    mayExchange: false, locked: [], firstDiscard: true, claim: null, totals: new Array<number>(players).fill(0), results: [],
  };
  beginHand(s, events);
  return { state: s, events };
}

/** Every move `seat` may make now. */
export function legalDs(s: DsState, seat: number): DsMove[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'claim') {
    const c = s.claim!;
    if (!c.pending.includes(seat)) return [];
    return [...claimMovesFor(s, c, seat), { type: 'pass', seat }];
  }
  if (seat !== s.turn) return [];
  switch (s.phase) {
    case 'piao':
      return [{ type: 'piao', seat, piao: false }, { type: 'piao', seat, piao: true }];
    case 'stop':
      return [{ type: 'stop', seat, call: true }, { type: 'stop', seat, call: false }];
    case 'exchange':
      return [...exchangeMoves(s, seat), { type: 'done', seat }];
    case 'flip':
      return [{ type: 'flip', seat }];
    case 'discard':
      return discardPhaseMoves(s, seat);
  }
}

function discardPhaseMoves(s: DsState, seat: number): DsMove[] {
  const h = s.concealed[seat]!;
  const out: DsMove[] = s.mayExchange ? exchangeMoves(s, seat) : [];
  if (s.firstDiscard && seat === s.dealer && s.options.tianzou && pairsUp(h)) out.push({ type: 'tianzou', seat });
  let joker = false;
  for (const c of h) {
    if (isJoker(c)) {
      if (joker) continue;
      joker = true;
    }
    out.push({ type: 'discard', seat, card: c });
  }
  return out;
}

/** A move's identity, for matching a submitted move against the legal list. */
export function moveKey(m: DsMove): string {
  const x = m as { card?: unknown; cards?: unknown; kind?: unknown; piao?: unknown; call?: unknown };
  const cards = Array.isArray(x.cards) ? [...(x.cards as number[])].sort((a, b) => a - b).join(',') : '';
  return `${m.type}|${m.seat}|${x.card ?? ''}|${cards}|${x.kind ?? ''}|${x.piao ?? ''}|${x.call ?? ''}`;
}

const bad = (zh: string, en: string): EngineError => engineError(ENGINE_ERRORS.BAD_MOVE, zh, en);

/** Apply one move. Pure; never throws for a bad move. */
export function applyDs(s: DsState, m: DsMove): ApplyResult<DsState> {
  if (typeof m !== 'object' || m === null || typeof (m as { type?: unknown }).type !== 'string' || !Number.isInteger((m as { seat?: unknown }).seat)) return bad('這不是斗十四的動作。', 'That is not a Dou Shisi move.');
  if (s.phase === 'over') return engineError(ENGINE_ERRORS.GAME_OVER, '這場已經結束。', 'The match is over.');
  const legal = legalDs(s, m.seat);
  if (legal.length === 0) {
    const who = s.phase === 'claim' ? s.claim!.pending.map((k) => k + 1).join('、') : String(s.turn + 1);
    return engineError(ENGINE_ERRORS.NOT_YOUR_TURN, `現在輪到座位 ${who}。`, `It is seat ${who}'s turn.`);
  }
  const key = moveKey(m);
  const found = legal.find((k) => moveKey(k) === key);
  if (!found) return engineError(ENGINE_ERRORS.ILLEGAL, ILLEGAL[s.phase].zh, ILLEGAL[s.phase].en);
  const t = cloneState(s);
  const events: GameEvent[] = [];
  step(t, found, claimPotentials, events);
  return { ok: true, state: t, events };
}

const ILLEGAL: Record<DsPhase, { zh: string; en: string }> = {
  piao: { zh: '現在選擇漂或不漂。', en: 'Declare piao or not now.' },
  stop: { zh: '首家現在叫停（或沒叫）。', en: 'The dealer calls stop now (or does not).' },
  exchange: { zh: '投牌：把鬼放到花區、亮出手裡的三張或四張一樣的、加槓，或結束投牌。', en: 'Exchange: put a joker in your flowers, lay down a concealed triple or quad, add to a peng, or finish.' },
  discard: { zh: '打出手裡的一張牌（剛摸牌後也可以投牌）。', en: 'Discard one of your cards (right after taking cards you may also exchange).' },
  flip: { zh: '現在翻一張牌。', en: 'Flip a card now.' },
  claim: { zh: '這張牌你只能做列出的吃、碰、槓、糊，或過。', en: 'On this card you may only make one of the listed claims (吃, 碰, 杠, 糊) or pass.' },
  over: { zh: '這場已經結束。', en: 'The match is over.' },
};

export function statusDs(s: DsState): GameStatus {
  const over = s.phase === 'over';
  const best = Math.max(...s.totals);
  const seats = s.totals.map((_, k) => k);
  const winners = over ? seats.filter((k) => s.totals[k] === best) : [];
  const toAct = over ? [] : s.phase === 'claim' ? s.claim!.pending.slice() : [s.turn];
  return { over, winners, draw: over && winners.length > 1, scores: s.totals.slice(), toAct };
}

/** What a seat sees (§10): its own hand; the others' hands and the stock as counts; all that is face up. */
export interface DsView {
  seat: number | null;
  players: number;
  hand: number;
  dealer: number;
  phase: DsPhase;
  turn: number;
  concealed: number[];
  counts: number[];
  melds: Meld[][];
  flowers: number[][];
  gaps: number[][];
  stock: number;
  claim: { card: number; source: 'discard' | 'flip'; by: number; first: boolean; pending: number[] } | null;
  mayExchange: boolean;
  firstDiscard: boolean;
  piao: boolean[];
  /** Seats still to declare 漂. */
  queue: number[];
  totals: number[];
  results: DsHandResult[];
  options: DsOptions;
}

export function viewDs(s: DsState, seat: number | null): DsView {
  const c = s.claim;
  return {
    seat,
    players: s.players,
    hand: s.hand,
    dealer: s.dealer,
    phase: s.phase,
    turn: s.turn,
    concealed: seat === null ? [] : s.concealed[seat]!.slice(),
    counts: s.concealed.map((h) => h.length),
    melds: s.melds.map((ms) => ms.map((m) => ({ type: m.type, cards: m.cards.slice() }))),
    flowers: s.flowers.map((f) => f.slice()),
    gaps: s.gaps.map((g) => g.slice()),
    stock: s.stock.length,
    claim: c && { card: c.card, source: c.source, by: c.by, first: c.first, pending: c.pending.slice() },
    mayExchange: s.mayExchange && seat === s.turn,
    firstDiscard: s.firstDiscard,
    piao: s.phase === 'piao' ? s.piao.map((p, k) => p && !s.queue.includes(k)) : s.piao.slice(),
    queue: s.queue.slice(),
    totals: s.totals.slice(),
    results: s.results,
    options: s.options,
  };
}

export const douShisi: Game<DsState, DsMove, DsView, DsOptions> = {
  id: 'dou-shisi',
  rulesVersion: DS_RULES_VERSION,
  name: { zh: '斗十四', en: 'Dou Shisi' },
  minPlayers: 2,
  maxPlayers: 6,
  defaultOptions: DEFAULT_OPTIONS,
  parseOptions,
  setup: ({ seed, players, options }) => startDs(seed, players, options).state,
  start: ({ seed, players, options }) => startDs(seed, players, options),
  legalMoves: legalDs,
  apply: applyDs,
  view: viewDs,
  status: statusDs,
};
