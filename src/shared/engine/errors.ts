import type { EngineError, LocalText } from './types';

/** Error codes shared by every game and the runner. Games add their own under their own namespace. */
export const ENGINE_ERRORS = {
  /** The move object is not a move of this game (wrong shape or unknown type). */
  BAD_MOVE: 'move/bad-shape',
  /** It is not this seat's decision now. */
  NOT_YOUR_TURN: 'move/not-your-turn',
  /** The move is well-formed but the rules forbid it now. */
  ILLEGAL: 'move/illegal',
  /** The game is over. */
  GAME_OVER: 'move/game-over',
  /** Nothing to undo, or undo would cross a reveal / another player's move. */
  CANNOT_UNDO: 'undo/refused',
  /** A saved file is not valid JSON or not a match record. */
  CORRUPT: 'match/corrupt',
  /** A saved file was written by a newer version of the app. */
  NEWER_FORMAT: 'match/newer-format',
  /** A saved file belongs to another game. */
  WRONG_GAME: 'match/wrong-game',
  /** A saved file was recorded under other rules (its moves would replay differently). */
  RULES_VERSION: 'match/rules-version',
  /** A saved file's options or player count are invalid. */
  BAD_SETUP: 'match/bad-setup',
  /** A saved file's move list does not replay (a move is refused, or the engine fails on it). */
  BAD_MOVES: 'match/bad-moves',
} as const;

/** Build an error value. */
export function engineError(code: string, zh: string, en: string): EngineError {
  return { ok: false, code, message: { zh, en } satisfies LocalText };
}
