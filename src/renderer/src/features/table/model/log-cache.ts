/**
 * The table's log lines, cached per move and reader: a long match re-renders its log on every
 * move, and each move's lines depend only on its events and on who reads them.
 */
import type { LogEntry } from '../../../../../shared/engine/runner';
import type { GameEvent } from '../../../../../shared/engine/types';
import { logLines, type LogLine } from './log';

/** What the cache reads of a match. */
export interface LoggedMatch {
  readonly log: readonly LogEntry<{ type: string; seat: number }>[];
  readonly init: { options: { mode: 'ffa' | '2v2' } };
  /** The events of setup: the first 福神 draw and the first deal. */
  readonly setupEvents: readonly GameEvent[];
}

/** Log lines of a match, cached. Call `forget(step)` when moves from `step` on are undone. */
export class LogCache {
  readonly #lines = new Map<string, LogLine[]>();

  /** The lines of the first `upTo` moves for `viewer`, after the setup's own lines. */
  lines(m: LoggedMatch, upTo: number, viewer: number | null): LogLine[] {
    const mode = m.init.options.mode;
    const out: LogLine[] = [...this.#intro(m, mode)];
    for (const e of m.log.slice(0, upTo)) {
      const key = `${e.index}/${viewer}`;
      let lines = this.#lines.get(key);
      if (!lines) this.#lines.set(key, (lines = logLines(e.index, e.events, { mode, viewer })));
      out.push(...lines);
    }
    return out;
  }

  /**
   * The lines of move `index` alone, up to the start of the next hand: what the log shows of the
   * move that ended a hand while its hand-end screen is up (that move also dealt the next hand).
   */
  untilNextHand(m: LoggedMatch, index: number, viewer: number | null): LogLine[] {
    const e = m.log[index];
    if (!e) return [];
    const cut = e.events.findIndex((ev) => ev.type === 'handStart');
    return logLines(e.index, cut < 0 ? e.events : e.events.slice(0, cut), { mode: m.init.options.mode, viewer });
  }

  /** Drop the lines of moves from `step` on (they were undone). */
  forget(step: number): void {
    for (const key of [...this.#lines.keys()]) if (key !== 'intro' && Number(key.split('/')[0]) >= step) this.#lines.delete(key);
  }

  /** Drop everything (another match). */
  clear(): void {
    this.#lines.clear();
  }

  /** The setup's lines (the first 福神 draw, the first deal), from the events setup reported. */
  #intro(m: LoggedMatch, mode: 'ffa' | '2v2'): LogLine[] {
    let lines = this.#lines.get('intro');
    if (!lines) this.#lines.set('intro', (lines = logLines(-1, m.setupEvents, { mode, viewer: null })));
    return lines;
  }
}

/**
 * The card the last 蒙 (flip) turned up in the current turn, looking back a few moves from `upTo`
 * (a 叠蒙 flips inside the move that stacks, or after a 福鸡 answer); null once a new turn began.
 */
export function lastFlipIn(log: readonly { events: readonly { type: string; card?: unknown }[] }[], upTo: number): string | null {
  for (let i = upTo - 1; i >= Math.max(0, upTo - 4); i--) {
    const evs = log[i]!.events;
    for (let k = evs.length - 1; k >= 0; k--) {
      if (evs[k]!.type === 'flip') return String(evs[k]!.card);
      if (evs[k]!.type === 'turn' || evs[k]!.type === 'handStart') return null;
    }
  }
  return null;
}
