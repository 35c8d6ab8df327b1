/**
 * The sandbox table's log for the seat on screen: every event in both languages through the
 * engine's own phrasing (shared/games/sandbox/log.ts), naming cards only to a reader who may know
 * them, with the playtest's notes placed after the move they were written at.
 */
import type { Match } from '../../../../shared/engine';
import type { GameEvent } from '../../../../shared/engine/types';
import { groupEvents, narrateGroup, type SandboxMove, type SandboxOptions, type SandboxState, type SandboxView } from '../../../../shared/games/sandbox';
import type { PlaytestNote } from '../../../../shared/ipc/contract';
import type { TableLines } from '../../state/step-log';
import type { LogLine } from '../table/model/log';

export type SandboxMatch = Match<SandboxState, SandboxMove, SandboxView, SandboxOptions>;

/** One event, or a deal round the table told as one (`groupEvents`), as a log line for `reader` (null: the public log; 'all': a designer's report). */
export function eventLine(group: GameEvent | readonly GameEvent[], move: number, options: SandboxOptions, reader: number | null | 'all', name: (id: string) => string): LogLine {
  const events = Array.isArray(group) ? (group as readonly GameEvent[]) : [group as GameEvent];
  const e = events[0]!;
  const kind: LogLine['kind'] = e.type === 'pass' ? 'turn' : e.type === 'counter' ? 'score' : 'action';
  return { move, kind, ...(typeof e.seat === 'number' ? { seat: e.seat } : {}), text: { zh: narrateGroup(events, options, 'zh', reader, name), en: narrateGroup(events, options, 'en', reader, name) } };
}

/** The log lines of one move's events. */
export const eventLines = (events: readonly GameEvent[], move: number, options: SandboxOptions, reader: number | null | 'all', name: (id: string) => string): LogLine[] =>
  groupEvents(events).map((g) => eventLine(g, move, options, reader, name));

/** A note as a log line (the same words in both languages: the designer's own). */
export function noteLine(n: PlaytestNote): LogLine {
  const at = new Date(n.at);
  const hm = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  return { move: n.step - 1, kind: 'info', text: { zh: `笔记 ${hm}：${n.text}`, en: `Note ${hm}: ${n.text}` } };
}

/** The log of a sandbox match, narrated for whoever reads it. */
export class SandboxLines implements TableLines<SandboxMatch> {
  constructor(
    private readonly name: (id: string) => string,
    private readonly notes: () => readonly PlaytestNote[],
  ) {}

  lines(m: SandboxMatch, upTo: number, viewer: number | null | 'all'): LogLine[] {
    const options = m.init.options;
    const notes = [...this.notes()].sort((a, b) => a.step - b.step || a.at - b.at);
    let k = 0;
    const out: LogLine[] = eventLines(m.setupEvents, -1, options, viewer, this.name);
    const last = Math.min(upTo, m.length);
    for (; k < notes.length && notes[k]!.step <= 0; k++) out.push(noteLine(notes[k]!));
    for (let i = 0; i < last; i++) {
      out.push(...eventLines(m.log[i]!.events, i, options, viewer, this.name));
      for (; k < notes.length && notes[k]!.step <= i + 1; k++) out.push(noteLine(notes[k]!));
    }
    return out;
  }

  forget(): void {}

  clear(): void {}
}
