/**
 * Building positions for tests: a game whose hands, draw pile and leader are given by card codes
 * ("R14", "RB05", "K:not_me#1"), and a shorthand to apply a move that must be accepted.
 */
import { parseCard } from './cards';
import { applyMw, startMw } from './game';
import { DEFAULT_OPTIONS, type MwOptions } from './options';
import type { MwMove, MwRole, MwState } from './state';

/** A card by code; throws on a typo (tests only). */
export function card(code: string): number {
  const c = parseCard(code);
  if (c < 0) throw new Error(`no card ${code}`);
  return c;
}

export interface Position {
  hands: string[][];
  leader?: number;
  /** The draw pile, next card first; default: every other card. */
  draw?: string[];
  options?: Partial<MwOptions>;
  roles?: MwRole[];
  markers?: number[];
  piles?: string[][];
}

/** A game at the start of a round in the given position. */
export function position(p: Position): MwState {
  const players = p.hands.length;
  const options: MwOptions = { ...DEFAULT_OPTIONS, start_player: 'seat0', ...p.options, roles: !!p.roles };
  const s = startMw('test', players, options).state;
  const hands = p.hands.map((h) => h.map(card));
  const piles = (p.piles ?? p.hands.map(() => [])).map((h) => h.map(card));
  const used = new Set([...hands.flat(), ...piles.flat()]);
  const draw = p.draw ? p.draw.map(card).reverse() : Array.from({ length: 101 }, (_, i) => 100 - i).filter((c) => !used.has(c));
  const leader = p.leader ?? 0;
  return { ...s, hands, piles, draw, dealt: hands.map((h) => [...h]), leader, turn: leader, startPlayer: leader, roles: p.roles ?? null, markers: p.markers ?? hands.map(() => 0) };
}

/** Apply a move that must be legal. */
export function must(s: MwState, m: MwMove): MwState {
  const r = applyMw(s, m);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(m)}: ${r.message.en}`);
  return r.state;
}

/** Play cards by code. */
export const play = (s: MwState, seat: number, ...codes: string[]): MwState => must(s, { type: 'play', seat, cards: codes.map(card) });

/** Play a whole round of single cards/groups, from the leader clockwise. */
export function round(s: MwState, ...plays: string[][]): MwState {
  let t = s;
  for (const codes of plays) t = play(t, t.turn, ...codes);
  return t;
}
