/**
 * Test helpers: a table laid out by hand (pieces, squares, tokens, whose turn), dice forced by
 * choosing the generator state that rolls them, and moves applied with a loud failure.
 */
import type { GameEvent } from '../../engine/types';
import { Rng, seedRng, type RngState } from '../../util/rng';
import { startZr } from './game';
import { DEFAULT_OPTIONS, type ZrOptions } from './options';
import type { Piece, ZrMove, ZrState, Zodiac } from './types';
import { applyMove } from './apply';
import { legalMoves } from './legal';

/** A piece given by hand: zodiac, square (or progress) and tokens as a list of values. */
export interface PieceSpec {
  z: Zodiac;
  at?: number;
  prog?: number;
  laps?: number;
  tokens?: number[];
  extra?: Partial<Piece>;
}

/** A state in `seat`'s main phase with the pieces as given. */
export function table(pieces: PieceSpec[], opts: Partial<ZrOptions> = {}, seat = 0): ZrState {
  const options = { ...DEFAULT_OPTIONS, ...opts, starting_zodiacs: 'random' as const };
  const s = startZr({ seed: 'table', players: pieces.length, options }).state;
  pieces.forEach((p, i) => {
    const piece = s.pieces[i]!;
    piece.zodiac = p.z;
    piece.prog = p.prog ?? p.at ?? 0;
    piece.laps = p.laps ?? Math.max(0, Math.floor(piece.prog / options.track_length));
    piece.tok = [0, 0, 0, 0, 0, 0];
    for (const v of p.tokens ?? []) piece.tok[v - 1]!++;
    Object.assign(piece, p.extra ?? {});
  });
  s.turn = { seat, locked: null, transformed: false, rolled: false, firstRoll: false, once: [], bonus: 0, acted: false };
  s.stack = [];
  return s;
}

/** A generator state whose next `int(6) + 1` draws are `dice`. */
export function rngFor(dice: number[]): RngState {
  for (let i = 0; i < 1_000_000; i++) {
    const st = seedRng(`dice/${i}`);
    const r = new Rng(st);
    if (dice.every((d) => r.int(6) + 1 === d)) return st;
  }
  throw new Error(`no seed rolls ${dice}`);
}

/** The state with its next rolls forced. */
export function withDice(s: ZrState, dice: number[]): ZrState {
  return { ...s, rng: rngFor(dice) };
}

/** Apply a move that must be legal; returns the new state and the events. */
export function play(s: ZrState, move: ZrMove): { s: ZrState; ev: GameEvent[] } {
  const r = applyMove(s, move);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(move)}: ${r.code} ${r.message.en}; legal: ${JSON.stringify(legalMoves(s, move.seat)).slice(0, 400)}`);
  return { s: r.state, ev: r.events };
}

/** Apply moves in order. */
export function playAll(s: ZrState, moves: ZrMove[]): { s: ZrState; ev: GameEvent[] } {
  const ev: GameEvent[] = [];
  for (const m of moves) {
    const r = play(s, m);
    s = r.s;
    ev.push(...r.ev);
  }
  return { s, ev };
}

/** Tokens held as a sorted list of values. */
export function tokensOf(s: ZrState, seat: number): number[] {
  const out: number[] = [];
  s.pieces[seat]!.tok.forEach((k, i) => {
    for (let j = 0; j < k; j++) out.push(i + 1);
  });
  return out;
}

/** Square of a seat. */
export function sq(s: ZrState, seat: number): number {
  const n = s.opts.track_length;
  return ((s.pieces[seat]!.prog % n) + n) % n;
}
