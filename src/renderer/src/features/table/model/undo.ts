/**
 * Undo at the table. Designers may undo anything; players only their own last decision, and never
 * past something that showed a person hidden information (a draw, a flip, a peek): the table
 * already knows it. A card a person plays from their own hand is news only to the others. Bots'
 * moves after a person's decision are undone with it (the bots make the same moves again from the
 * same seeds), but bots' private draws do not block a person's undo, since no person saw them.
 */
import type { GameEvent } from '../../../../../shared/engine/types';
import type { Text } from './log';

/** Who may undo how far: `player` (back to the last reveal) or `designer` (anything). */
export type UndoPolicy = 'player' | 'designer';

/** What undo needs of a log entry. */
export interface UndoEntry {
  move: { seat: number };
  events: readonly GameEvent[];
}

/** The number of moves to keep, or why undo is refused (in both languages). */
export type UndoTarget = { ok: true; step: number } | { ok: false; why: Text };

const refuse = (zh: string, en: string): UndoTarget => ({ ok: false, why: { zh, en } });

/**
 * Events whose only hidden part is a card from the acting seat's own hand, turned face up as it is
 * played (吃, 叠, 蒙换). They are news to every seat but that one, so they block only when another
 * person saw them: at a table of one person and bots, eating or stacking the wrong card can be
 * undone; in hot-seat play the other people have seen the card, so it cannot.
 */
const OWN_CARD_SHOWN: ReadonlySet<string> = new Set(['eat', 'stack', 'swap']);

/** Whether an event showed some person (a human seat) something they did not know. */
function revealsTo(ev: GameEvent, humans: ReadonlySet<number>): boolean {
  if (ev.reveal === undefined) return false;
  const knew = OWN_CARD_SHOWN.has(ev.type) && typeof ev.seat === 'number' ? ev.seat : null;
  const saw = ev.reveal === 'all' ? [...humans] : (ev.reveal as readonly number[]);
  return saw.some((s) => s !== knew && humans.has(s));
}

/**
 * Where undo goes back to: to just before the last decision of a person (`seat` for a player; any
 * person for a designer; the last move at an all-bot table).
 * @example undoTarget(log, [0], 'designer', 0) // { ok: true, step: 12 }
 */
export function undoTarget(log: readonly UndoEntry[], humans: readonly number[], policy: UndoPolicy, seat: number | null): UndoTarget {
  if (!log.length) return refuse('没有可以撤销的操作。', 'There is nothing to undo.');
  const people = new Set(humans);
  if (policy === 'designer') {
    if (!people.size) return { ok: true, step: log.length - 1 };
    for (let i = log.length - 1; i >= 0; i--) if (people.has(log[i]!.move.seat)) return { ok: true, step: i };
    return refuse('还没有人做过决定，没有可以撤销的操作。', 'No person has made a decision yet; there is nothing to undo.');
  }
  if (seat === null || !people.has(seat)) return refuse('只有玩家本人可以撤销自己的操作。', 'Only a player can undo their own decisions.');
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
      return refuse('之后已揭示隐藏信息（摸牌、翻牌等），不能撤销；设计者模式可以。', 'Hidden information has been revealed since (a draw, a flip…), so a player cannot undo; designer mode can.');
  return { ok: true, step: mine };
}
