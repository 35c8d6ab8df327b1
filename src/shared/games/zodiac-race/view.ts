/**
 * What a seat sees: everything on the table (pieces, squares, tokens, statuses, the turn, the
 * pending decision and its frame) — tokens are public (spec §6.4). The die's generator is left
 * out, so a view never tells the next roll. The same for every seat and for spectators.
 */
import { cloneFrame } from './apply';
import { squareOf } from './board';
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

function pieceView(this: ZrState, p: Piece): PieceView {
  return {
    zodiac: p.zodiac,
    prog: p.prog,
    laps: p.laps,
    tok: p.tok.slice(),
    team: p.team,
    roared: p.roared,
    poisonedBy: p.poisonedBy,
    proud: p.proud,
    rabbitPending: p.rabbitPending,
    attachedTo: p.attachedTo,
    justDetached: p.justDetached,
    barrier: p.barrier,
    square: squareOf(this, p.prog),
  };
}

/** Build a seat's view (a deep copy: a bot may keep or change it freely). */
export function viewOf(s: ZrState, seat: number | null): ZrView {
  const stars: number[] = [];
  for (let i = 0; i < s.opts.track_length; i += s.opts.star_spacing) stars.push(i); // the squares `isStar` names
  const t = s.turn;
  return {
    seat,
    players: s.n,
    opts: s.opts,
    phase: s.phase,
    turnNo: s.turnNo,
    // Explicit copies (spreads are slow here; the heuristic bot reads a view per decision).
    turn: { seat: t.seat, locked: t.locked, transformed: t.transformed, rolled: t.rolled, firstRoll: t.firstRoll, once: t.once.slice(), bonus: t.bonus, acted: t.acted },
    pieces: s.pieces.map(pieceView, s),
    stars,
    decision: decisionOf(s),
    stack: s.stack.map(cloneFrame),
    winners: s.winners ? s.winners.slice() : null,
  };
}
