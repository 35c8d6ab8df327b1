/**
 * The log of a match whose lines are the same for every seat, narrated step by step through the
 * game's own phrasing and cached until an undo drops the steps. A game with private lines (a hand
 * that only its owner reads) brings its own cache with the same three methods (see
 * features/table/model/log-cache.ts).
 */
import type { LogEntry } from '../../../shared/engine/runner';
import type { GameEvent } from '../../../shared/engine/types';
import type { LogLine } from '../features/table/model/log';

/** What a table's log needs of a match: the events of its setup and of each move. */
export interface NarratedMatch {
  readonly setupEvents: readonly GameEvent[];
  readonly log: readonly Pick<LogEntry<{ seat: number }>, 'events'>[];
  readonly length: number;
}

/** The lines of a match's log for a seat (null: the public log). */
export interface TableLines<Mt = NarratedMatch> {
  /** Every line up to (and including) move `upTo`, with the setup's first. */
  lines(m: Mt, upTo: number, viewer: number | null): LogLine[];
  /** Moves from `step` on were undone. */
  forget(step: number): void;
  /** Another match. */
  clear(): void;
}

/**
 * A game's phrasing of one event as log lines (none: the event is not logged). `move` is the index
 * of the move that caused it (-1: the setup).
 * @example (e, move) => (e.type === 'roll' ? [{ move, kind: 'action', seat: e.seat, text: { zh: '掷骰', en: 'Rolled' } }] : [])
 */
export type Narrate = (event: GameEvent, move: number) => LogLine[];

/** A public log narrated event by event (index 0: what setup did; i ≥ 1: move i's events). */
export class StepLog implements TableLines {
  #steps: LogLine[][] = [];
  readonly #narrate: Narrate;

  constructor(narrate: Narrate) {
    this.#narrate = narrate;
  }

  lines(m: NarratedMatch, upTo: number): LogLine[] {
    const out: LogLine[] = [];
    for (let i = 0; i <= Math.min(upTo, m.length); i++) out.push(...this.#linesOf(m, i));
    return out;
  }

  forget(step: number): void {
    this.#steps.length = Math.min(this.#steps.length, step + 1);
  }

  clear(): void {
    this.#steps = [];
  }

  #linesOf(m: NarratedMatch, i: number): LogLine[] {
    let got = this.#steps[i];
    if (!got) {
      const events = i === 0 ? m.setupEvents : m.log[i - 1]!.events;
      got = events.flatMap((e) => this.#narrate(e, i - 1));
      this.#steps[i] = got;
    }
    return got;
  }
}
