/**
 * 摸鱼王 on the engine contract: 2–9 players, the 101 cards, rounds of plays under the colour
 * rule, settlement with holiday exclusion, the excuse chain, overtime, the end by an empty hand or
 * the third overtime, and the optional hidden-role mode with its vote. Seats sit clockwise: the
 * next seat is `(s + 1) % players`; "the player on your right" is `(s − 1) % players`.
 */
import { ENGINE_ERRORS, engineError } from '../../engine/errors';
import type { ApplyResult, EngineError, Game, GameEvent, GameStatus } from '../../engine/types';
import { UsageError } from '../../util/assert';
import { Rng, seedRng } from '../../util/rng';
import { BLACK, colourOf, COLOURS, DECK_SIZE, sortCards } from './cards';
import { DEFAULT_OPTIONS, parseOptions, type MwOptions } from './options';
import { applyInPlace } from './rules';
import { allowedColours, excuseMoves, excuseOf, playProblem, ROLE_TABLE, scoreOf, type MwEnd, type MwExcuse, type MwMove, type MwPhase, type MwPlay, type MwRole, type MwRound, type MwState } from './state';

export const MW_RULES_VERSION = 'moyu-wang-1';

const bad = (zh: string, en: string): EngineError => engineError(ENGINE_ERRORS.BAD_MOVE, zh, en);
const illegal = (zh: string, en: string): EngineError => engineError(ENGINE_ERRORS.ILLEGAL, zh, en);

/** The first state and the deal's events: shuffle, deal `hand_size` each, roles in role mode. */
export function startMw(seed: string, players: number, options: MwOptions, withEvents = true): { state: MwState; events: GameEvent[] } {
  if (!Number.isInteger(players) || players < 2 || players > 9) throw new UsageError(`摸鱼王 is played by 2–9 players, not ${players}.`);
  if (options.roles && players < 4) throw new UsageError(`The hidden-role mode of 摸鱼王 needs 4–9 players, not ${players}.`);
  if (players * options.hand_size > DECK_SIZE) throw new UsageError(`${players} hands of ${options.hand_size} need more than ${DECK_SIZE} cards.`);
  const r = new Rng(seedRng(seed));
  const draw = r.shuffle(Array.from({ length: DECK_SIZE }, (_, i) => i));
  const hands: number[][] = [];
  for (let k = 0; k < players; k++) {
    const h: number[] = [];
    for (let i = 0; i < options.hand_size; i++) h.push(draw.pop()!);
    hands.push(h);
  }
  const startPlayer = options.start_player === 'random' ? r.int(players) : 0;
  let roles: MwRole[] | null = null;
  if (options.roles) {
    const [b, sec, oh, emp] = ROLE_TABLE[players]!;
    roles = r.shuffle([...Array<MwRole>(b).fill('boss'), ...Array<MwRole>(sec).fill('secretary'), ...Array<MwRole>(oh).fill('old_hand'), ...Array<MwRole>(emp).fill('employee')]);
  }
  const dealt = hands.map((h) => sortCards(h));
  const events: GameEvent[] = [];
  if (withEvents) for (let seat = 0; seat < players; seat++) events.push({ type: 'deal', seat, cards: dealt[seat], reveal: [seat] });
  if (roles && withEvents) {
    for (let seat = 0; seat < players; seat++) events.push({ type: 'role', seat, role: roles[seat], reveal: roles[seat] === 'boss' ? 'all' : [seat] });
  }
  if (withEvents) events.push({ type: 'round', seat: startPlayer, round: 0 });
  const state: MwState = {
    v: 1, options, rng: r.state(), players, phase: 'play', round: 0, startPlayer, leader: startPlayer, turn: startPlayer,
    hands, piles: hands.map(() => []), markers: hands.map(() => 0), draw, discard: [], plays: [], overtimeColours: [], firstSelected: null,
    selected: null, excuses: [], rounds: [], drawLog: [], dealt, roles, votes: null, pendingBase: null, end: null,
  };
  return { state, events };
}

/** A copy the rules may mutate (past plays and rounds are never changed, so they are shared). */
export function cloneMw(s: MwState): MwState {
  return {
    ...s,
    hands: s.hands.map((h) => h.slice()),
    piles: s.piles.map((h) => h.slice()),
    markers: s.markers.slice(),
    draw: s.draw.slice(),
    discard: s.discard.slice(),
    plays: s.plays.slice(),
    excuses: s.excuses.slice(),
    rounds: s.rounds.slice(),
    drawLog: s.drawLog.slice(),
    votes: s.votes ? s.votes.slice() : null,
  };
}

const isSeat = (s: MwState, x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0 && (x as number) < s.players;

/** Why a move is refused now, or null. */
export function checkMove(s: MwState, m: MwMove): EngineError | null {
  if (typeof m !== 'object' || m === null || typeof (m as { type?: unknown }).type !== 'string' || !isSeat(s, (m as { seat?: unknown }).seat)) return bad('这不是摸鱼王的动作。', 'That is not a 摸鱼王 (King of Slackers) move.');
  if (s.phase === 'over') return engineError(ENGINE_ERRORS.GAME_OVER, '这局已经结束。', 'The game is over.');
  if (s.phase === 'vote') {
    if (m.type !== 'vote') return illegal('现在是投票环节：投给你认为是秘书的玩家。', 'Voting now: vote for the player you think is a Secretary.');
    if (s.roles![m.seat] === 'boss' || s.votes![m.seat] !== null) return engineError(ENGINE_ERRORS.NOT_YOUR_TURN, '你不用再投票了。', 'You have no vote to cast.');
    if (!isSeat(s, m.target) || m.target === m.seat || s.roles![m.target] === 'boss') return illegal('投给除老板和你自己以外的一位玩家。', 'Vote for a player other than the Boss and yourself.');
    return null;
  }
  if (m.seat !== s.turn) return engineError(ENGINE_ERRORS.NOT_YOUR_TURN, `现在轮到座位 ${s.turn + 1}。`, `It is seat ${s.turn + 1}'s turn.`);
  if (s.phase === 'play') {
    if (m.type !== 'play') return illegal('现在是出牌阶段：出一张牌，或同色的多张牌。', 'Play phase: play one card, or several cards of one colour.');
    if (!Array.isArray(m.cards) || m.cards.length > DECK_SIZE || !m.cards.every((c) => Number.isInteger(c))) return bad('出的牌不在你的手里。', 'Those cards are not in your hand.');
    const p = playProblem(s, m.seat, m.cards);
    return p ? (p[1].startsWith('Those') ? bad(p[0], p[1]) : illegal(p[0], p[1])) : null;
  }
  // The excuse window.
  if (m.type === 'accept') return null;
  if (m.type !== 'excuse') return illegal('你被选中加班：出一张黑色借口牌，或接受加班。', 'You are selected for overtime: play a black excuse card, or accept.');
  if (!Number.isInteger(m.card) || !s.hands[m.seat]!.includes(m.card) || colourOf(m.card) !== BLACK) return bad('这张借口牌不在你的手里。', 'That excuse card is not in your hand.');
  const options = excuseMoves(s, m.seat);
  if (options.length === 0 || !options.some((o) => o.type === 'excuse' && sameKind(s, o.card, m.card))) return illegal('这张借口牌现在不能出（空白借口没有效果；“不，就是你”只能反弹给用借口让你加班的人）。', 'That excuse cannot be played now (the Blank Excuse has no effect; No, It’s You only bounces to whoever made you work overtime with an excuse).');
  const wants = options.filter((o) => o.type === 'excuse' && sameKind(s, o.card, m.card)).map((o) => (o as { target?: number }).target);
  if (!wants.includes(m.target)) return illegal(wants[0] === undefined ? '这张借口牌不指定玩家。' : '请指定一位可以指定的玩家。', wants[0] === undefined ? 'This excuse names no player.' : 'Name a player this excuse may name.');
  return null;
}

/** Two black cards of the same effect (copies are interchangeable). */
const sameKind = (s: MwState, a: number, b: number): boolean => excuseOf(a, s.options) === excuseOf(b, s.options);

/** Apply one move. Pure; never throws for a bad move. */
export function applyMw(s: MwState, m: MwMove): ApplyResult<MwState> {
  const problem = checkMove(s, m);
  if (problem) return problem;
  const t = cloneMw(s);
  const events: GameEvent[] = [];
  const move: MwMove = m.type === 'play' ? { type: 'play', seat: m.seat, cards: m.cards.slice() } : m;
  applyInPlace(t, move, events);
  return { ok: true, state: t, events };
}

/** Every legal play of `seat`: every non-empty subset of its cards of each allowed colour. */
export function legalPlays(s: MwState, seat: number): MwMove[] {
  const allowed = allowedColours(s, seat);
  const byColour: number[][] = Array.from({ length: COLOURS }, () => []);
  for (const c of sortCards(s.hands[seat]!)) byColour[colourOf(c)]!.push(c);
  const out: MwMove[] = [];
  for (let col = 0; col < COLOURS; col++) {
    const cs = byColour[col]!;
    if (!(allowed & (1 << col)) || cs.length === 0) continue;
    for (let mask = 1; mask < 1 << cs.length; mask++) out.push({ type: 'play', seat, cards: cs.filter((_, i) => mask & (1 << i)) });
  }
  return out;
}

/** Every move `seat` may make now. */
export function legalMw(s: MwState, seat: number): MwMove[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'vote') {
    if (!s.roles || s.roles[seat] === 'boss' || s.votes![seat] !== null) return [];
    return s.roles.flatMap((r, k) => (r === 'boss' || k === seat ? [] : [{ type: 'vote' as const, seat, target: k }]));
  }
  if (seat !== s.turn) return [];
  if (s.phase === 'play') return legalPlays(s, seat);
  return [...excuseMoves(s, seat), { type: 'accept', seat }];
}

export function statusMw(s: MwState): GameStatus {
  const over = s.phase === 'over';
  const winners = over ? s.end!.winners : [];
  const toAct = over ? [] : s.phase === 'vote' ? s.votes!.flatMap((v, k) => (v === null && s.roles![k] !== 'boss' ? [k] : [])) : [s.turn];
  return { over, winners: [...winners], draw: over && winners.length > 1, scores: s.hands.map((_, k) => scoreOf(s, k)), toAct };
}

/** What a seat sees: its hand; every hand's size, score pile sizes, markers; the plays and past rounds; its role and the Boss. */
export interface MwView {
  seat: number | null;
  players: number;
  phase: MwPhase;
  round: number;
  leader: number;
  turn: number;
  hand: number[];
  counts: number[];
  /** Score pile sizes (the cards are face down; who took which is in `rounds`). */
  pileCounts: number[];
  markers: number[];
  drawCount: number;
  plays: MwPlay[];
  overtimeColours: number[];
  selected: { seat: number; madeBy: number | null } | null;
  /** Excuses played in this round's settlement so far. */
  excuses: MwExcuse[];
  rounds: MwRound[];
  /** Your role (role mode). */
  role: MwRole | null;
  /** The Boss's seat (role mode; public). */
  boss: number | null;
  /** Every role and every hand, once the game is over. */
  roles: MwRole[] | null;
  open: number[][] | null;
  /** Your own vote (role mode). */
  vote: number | null;
  end: MwEnd | null;
  options: MwOptions;
}

export function viewMw(s: MwState, seat: number | null): MwView {
  const over = s.phase === 'over';
  return {
    seat,
    players: s.players,
    phase: s.phase,
    round: s.round,
    leader: s.leader,
    turn: s.turn,
    hand: seat === null ? [] : sortCards(s.hands[seat]!),
    counts: s.hands.map((h) => h.length),
    pileCounts: s.piles.map((p) => p.length),
    markers: s.markers.slice(),
    drawCount: s.draw.length,
    plays: s.plays,
    overtimeColours: s.overtimeColours,
    selected: s.selected,
    excuses: s.excuses,
    rounds: s.rounds,
    role: s.roles && seat !== null ? s.roles[seat]! : null,
    boss: s.roles ? s.roles.indexOf('boss') : null,
    roles: s.roles && over ? s.roles.slice() : null,
    open: over ? s.hands.map((h) => sortCards(h)) : null,
    vote: s.votes && seat !== null ? s.votes[seat]! : null,
    end: s.phase === 'over' || s.phase === 'vote' ? s.end : null,
    options: s.options,
  };
}

export const moyuWang: Game<MwState, MwMove, MwView, MwOptions> = {
  id: 'moyu-wang',
  rulesVersion: MW_RULES_VERSION,
  name: { zh: '摸鱼王！', en: 'King of Slackers' },
  minPlayers: 2,
  maxPlayers: 9,
  defaultOptions: DEFAULT_OPTIONS,
  parseOptions,
  setup: ({ seed, players, options }) => startMw(seed, players, options).state,
  start: ({ seed, players, options }) => startMw(seed, players, options),
  legalMoves: legalMw,
  apply: applyMw,
  view: viewMw,
  status: statusMw,
};
