/**
 * How far undo may go back, for any game. A table knows which seats are people; bots replay the
 * same moves from the same seeds, so undo always returns to just before a person's decision and
 * takes the bots' moves after it along.
 *
 * - Designer: back to before the last decision of any person (the last move at an all-bot table).
 * - Player: back to before their own last decision, unless another person has moved since, or
 *   something since showed a person hidden information they did not already know (a draw, a
 *   flip, a peek; a card from their own hand turned face up is news only to the others, see
 *   `GameEvent.knownBy`). Bots' private draws block nobody: no person saw them.
 */
import { ENGINE_ERRORS, engineError } from './errors';
import type { EngineError, GameEvent } from './types';

/**
 * Who is undoing. `people` are the seats held by people (default: every seat, the cautious
 * reading when the caller does not know).
 */
export type UndoMode = { by: 'designer'; people?: readonly number[] } | { by: 'player'; seat: number; people?: readonly number[] };

/** What undo reads of a log entry. */
export interface UndoEntry {
  move: { seat: number };
  events: readonly GameEvent[];
}

/** The number of moves to keep, or why undo is refused. */
export type UndoTarget = { ok: true; step: number } | EngineError;

const refuse = (zh: string, en: string): EngineError => engineError(ENGINE_ERRORS.CANNOT_UNDO, zh, en);

/** Whether an event showed some person something they did not know before. */
export function revealsTo(ev: GameEvent, people: ReadonlySet<number>): boolean {
  if (ev.reveal === undefined) return false;
  const saw = ev.reveal === 'all' ? [...people] : ev.reveal;
  return saw.some((s) => people.has(s) && !(ev.knownBy ?? []).includes(s));
}

/**
 * Where undo in `mode` goes back to in a log of `players` seats.
 * @example undoTarget(match.log, { by: 'player', seat: 0, people: [0] }, 3) // { ok: true, step: 12 }
 */
export function undoTarget(log: readonly UndoEntry[], mode: UndoMode, players: number): UndoTarget {
  if (!log.length) return refuse('没有可以撤销的操作。', 'There is nothing to undo.');
  const people = new Set(mode.people ?? Array.from({ length: players }, (_, i) => i));
  if (mode.by === 'designer') {
    if (!people.size) return { ok: true, step: log.length - 1 };
    for (let i = log.length - 1; i >= 0; i--) if (people.has(log[i]!.move.seat)) return { ok: true, step: i };
    return refuse('还没有人做过决定，没有可以撤销的操作。', 'No person has made a decision yet; there is nothing to undo.');
  }
  const seat = mode.seat;
  if (!people.has(seat)) return refuse('只有玩家本人可以撤销自己的操作。', 'Only a player can undo their own decisions.');
  let mine = -1;
  for (let i = log.length - 1; i >= 0; i--) {
    const s = log[i]!.move.seat;
    if (s === seat) {
      mine = i;
      break;
    }
    if (people.has(s)) return refuse('其他玩家已经行动，不能撤销。', 'Another player has moved since; you cannot undo.');
  }
  if (mine < 0) return refuse('你还没有可以撤销的操作。', 'You have no move to undo.');
  for (let i = mine; i < log.length; i++)
    if (log[i]!.events.some((e) => revealsTo(e, people)))
      return refuse('之后已揭示隐藏信息（摸牌、翻牌、掷骰等），不能撤销；设计者模式可以。', 'Hidden information has been revealed since (a draw, a flip, a roll…), so a player cannot undo; designer mode can.');
  return { ok: true, step: mine };
}
