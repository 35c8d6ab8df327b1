/**
 * Test kit: build a 斗福 table in a given position (hands, pool, deck top, score areas, …) and play
 * moves on it. Unmentioned cards go to the deck after the given top cards, so the 48-card
 * invariant always holds. Used by the scenario tests of spec §9; not part of the game surface.
 */
import type { GameEvent } from '../../engine/types';
import { Rng } from '../../util/rng';
import { CARD_BY_CODE, type Attr, type CardCode } from './cards';
import { drive } from './flow';
import { offerDealWindows, offerReshuffle, reshuffleQueue } from './setup';
import { doufu } from './game';
import { invariantProblems } from './invariant';
import type { DoufuOptions } from './options';
import { ALL_CODES, hasSkill, makeCtx } from './state';
import { PHASE, SKILL, type AreaCard, type DoufuMove, type DoufuState, type Modifier, type SkillState, type Task, type YuzhuState } from './types';

/** A score-area card: a code (first attribute, UNUSED if it has a skill) or a full object. */
export type AreaSpec = CardCode | { code: CardCode; attr?: Attr; skill?: SkillState };

/** A table position. Seats/sides default to a 3-player free-for-all with P0 as 福神 starting its turn. */
export interface TableSpec {
  players?: number;
  mode?: 'ffa' | '2v2';
  opts?: Partial<DoufuOptions>;
  hands?: Record<number, CardCode[]>;
  /** Pool entries; an array is a 三叠. */
  pool?: (CardCode | CardCode[])[];
  /** Deck top first; the remaining cards follow in spec order. */
  deck?: CardCode[];
  /** Use exactly this deck; the unmentioned cards are put out of play (`removed`), where they change nothing. */
  exactDeck?: boolean;
  /** Score areas by side. */
  areas?: Record<number, AreaSpec[]>;
  fuqi?: number[];
  out?: boolean[];
  fushen?: number;
  nirvana?: number;
  pending?: Record<number, Modifier[]>;
  santieSkip?: number[];
  santieBonus?: Record<number, number>;
  yuzhu?: Partial<YuzhuState>;
  fujiBan?: Record<number, number>;
  reshuffleUsed?: boolean[];
  /** The seat whose turn begins (default: the 福神). Ignored if `step` or `at` is given. */
  turn?: number;
  /** Start at the reshuffle offer or the 天时/地利 windows of a fresh deal instead of a turn. */
  at?: 'reshuffle' | 'dealWindows';
  /** Start at a raw step with these tasks queued instead of beginning a turn. */
  step?: DoufuState['step'];
  tasks?: Task[];
  phase?: DoufuState['phase'];
  spread?: CardCode[];
}

/** Build the position and drive the engine to its first decision. */
export function table(spec: TableSpec = {}): DoufuState {
  const players = spec.players ?? (spec.mode === '2v2' ? 4 : 3);
  const mode = spec.mode ?? 'ffa';
  const options = { ...doufu.defaultOptions, ...spec.opts, mode };
  const s = JSON.parse(JSON.stringify(doufu.setup({ seed: 'table', players, options }))) as DoufuState;
  const used = new Set<CardCode>();
  const take = (c: CardCode): CardCode => {
    if (!CARD_BY_CODE.has(c)) throw new Error(`table(): unknown card ${c}`);
    if (used.has(c)) throw new Error(`table(): ${c} placed twice`);
    used.add(c);
    return c;
  };
  s.hands = Array.from({ length: players }, (_, i) => (spec.hands?.[i] ?? []).map(take));
  s.pool = (spec.pool ?? []).map((e) => (Array.isArray(e) ? e.map(take) : [take(e)]));
  s.areas = s.areas.map((_, side) => (spec.areas?.[side] ?? []).map((a) => areaCard(s, a, take)));
  s.spread = (spec.spread ?? []).map(take);
  const top = (spec.deck ?? []).map(take);
  const rest = ALL_CODES.filter((c) => !used.has(c));
  s.deck = spec.exactDeck ? top : [...top, ...rest];
  s.removed = spec.exactDeck ? rest : [];
  s.fuqi = spec.fuqi ?? s.fuqi;
  s.out = spec.out ?? s.fuqi.map((f) => f <= 0);
  s.fushen = spec.fushen ?? 0;
  s.nirvana = spec.nirvana ?? 0;
  s.pending = s.pending.map((_, i) => spec.pending?.[i] ?? []);
  s.santieSkip = s.santieSkip.map((_, i) => spec.santieSkip?.includes(i) ?? false);
  s.santieBonus = s.santieBonus.map((_, i) => spec.santieBonus?.[i] ?? 0);
  s.fujiBan = s.fujiBan.map((_, i) => spec.fujiBan?.[i] ?? null);
  s.reshuffleUsed = spec.reshuffleUsed ?? s.reshuffleUsed;
  s.seq = 10;
  s.turnSeq = 10;
  const holder = s.areas.findIndex((a) => a.some((c) => c.code === 'PIG-YU'));
  s.yuzhu = { holder: holder >= 0 ? holder : null, useSkills: holder >= 0, sideways: false, inverted: false, ...spec.yuzhu };
  s.phase = spec.phase ?? PHASE.NORMAL;
  s.event = null;
  s.dogged = null;
  s.step = spec.step ?? { k: 'run' };
  s.tasks = spec.tasks ?? (spec.step || spec.at ? [] : [{ t: 'beginTurn', seat: spec.turn ?? s.fushen }]);
  const c = makeCtx(s, new Rng(s.rng));
  if (spec.at) {
    s.phase = PHASE.DEAL;
    s.active = s.fushen;
    if (spec.at === 'reshuffle') offerReshuffle(c, reshuffleQueue(s));
    else offerDealWindows(c);
  }
  drive(c);
  s.rng = c.rng.state();
  const bad = invariantProblems(s);
  if (bad.length) throw new Error(`table(): ${bad.join('; ')}`);
  return s;
}

function areaCard(s: DoufuState, a: AreaSpec, take: (c: CardCode) => CardCode): AreaCard {
  const spec = typeof a === 'string' ? { code: a } : a;
  const code = take(spec.code);
  const attr = spec.attr ?? CARD_BY_CODE.get(code)!.attrs[0];
  const card: AreaCard = { code, attr };
  if (hasSkill(s, code, attr)) card.skill = spec.skill ?? SKILL.UNUSED;
  return card;
}

/** Apply a move that must be legal; returns the next state (and checks the invariant). */
export function play(s: DoufuState, move: DoufuMove): DoufuState {
  return playEv(s, move).state;
}

/** Like `play`, also returning the events. */
export function playEv(s: DoufuState, move: DoufuMove): { state: DoufuState; events: GameEvent[] } {
  const r = doufu.apply(s, move);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(move)}: ${r.code} ${r.message.en}`);
  const bad = invariantProblems(r.state);
  if (bad.length) throw new Error(`invariant after ${JSON.stringify(move)}: ${bad.join('; ')}`);
  return { state: r.state, events: r.events };
}

/** Apply a sequence of moves. */
export function playAll(s: DoufuState, moves: DoufuMove[]): DoufuState {
  return moves.reduce(play, s);
}

/** The refusal code of a move that must be refused. */
export function refusal(s: DoufuState, move: unknown): string {
  const r = doufu.apply(s, move as DoufuMove);
  if (r.ok) throw new Error(`expected ${JSON.stringify(move)} to be refused`);
  return r.code;
}

/** Move types legal for a seat now. */
export function legalTypes(s: DoufuState, seat: number): string[] {
  return [...new Set(doufu.legalMoves(s, seat).map((m) => m.type))];
}

/** Codes in a side's score area. */
export function areaCodes(s: DoufuState, side: number): CardCode[] {
  return s.areas[side]!.map((c) => c.code);
}

/** The skill state of a scored card, wherever it is. */
export function skillOf(s: DoufuState, code: CardCode): SkillState | undefined {
  for (const a of s.areas) for (const c of a) if (c.code === code) return c.skill;
  return undefined;
}
