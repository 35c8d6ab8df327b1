/**
 * What a seat sees: everything on the table (pieces, squares, tokens, statuses, the turn, the
 * pending decision and its frame) — tokens are public (spec §6.4). The die's generator is left
 * out, so a view never tells the next roll. The same for every seat and for spectators.
 */
import { cloneFrame } from './apply';
import { isStar, squareOf } from './board';
import { decisionOf, type Decision } from './legal';
import type { ZrOptions } from './options';
import type { Frame, Piece, TurnState, ZrState } from './types';

/** A piece as the table shows it: the state's piece plus its square. */
export type PieceView = Piece & { square: number };

/** The view of one seat (`seat = null`: a spectator). */
export interface ZrView {
  seat: number | null;
  players: number;
  opts: ZrOptions;
  phase: ZrState['phase'];
  turnNo: number;
  turn: TurnState;
  pieces: PieceView[];
  /** Squares of the loop that are transform squares (★). */
  stars: number[];
  /** Who decides now and about what (null when over). */
  decision: Decision | null;
  /** The play stack, top last (all public): what the decision is about. */
  stack: Frame[];
  winners: number[] | null;
}

/** Build a seat's view (a deep copy: a bot may keep or change it freely). */
export function viewOf(s: ZrState, seat: number | null): ZrView {
  const stars: number[] = [];
  for (let i = 0; i < s.opts.track_length; i++) if (isStar(s, i)) stars.push(i);
  return {
    seat,
    players: s.n,
    opts: s.opts,
    phase: s.phase,
    turnNo: s.turnNo,
    turn: { ...s.turn, once: s.turn.once.slice() },
    pieces: s.pieces.map((p) => ({ ...p, tok: p.tok.slice(), square: squareOf(s, p.prog) })),
    stars,
    decision: decisionOf(s),
    stack: s.stack.map(cloneFrame),
    winners: s.winners ? s.winners.slice() : null,
  };
}
