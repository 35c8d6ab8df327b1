/**
 * "Since your last turn": what the others did between a person's last move and now, as the lines
 * of that person's own log (so it tells nothing their log would not) and the seats that moved. A
 * table shows it when the screen is handed to someone (the pass-and-play curtain lifts) and, in a
 * game against bots, when the person's decision comes round; each game marks those moves on its
 * table. Shared by every game's table.
 */
import type { LogLine } from '../features/table/model/log';

/** What the others did since a person's last move. */
export interface SinceLastTurn {
  /** The person it is for. */
  seat: number;
  /** The first move after theirs (index into the match's moves). */
  from: number;
  /** Moves made when it was taken (the summary covers moves `from` … `to - 1`). */
  to: number;
  /** The seats that moved meanwhile, in the order they first did. */
  movers: number[];
  /** Their log lines (no turn headers), oldest first. */
  lines: LogLine[];
}

/**
 * The summary for `seat` from the match's moves (each with the seat that made it) and that seat's
 * log lines; null when nobody else moved since its last move.
 * @example sinceLastTurn([{ seat: 0 }, { seat: 1 }], 0, lines) // { from: 1, to: 2, movers: [1], … }
 */
export function sinceLastTurn(moves: readonly { readonly seat?: unknown }[], seat: number, lines: readonly LogLine[]): SinceLastTurn | null {
  let last = -1;
  for (let i = moves.length - 1; i >= 0; i--)
    if (moves[i]!.seat === seat) {
      last = i;
      break;
    }
  const movers: number[] = [];
  for (let i = last + 1; i < moves.length; i++) {
    const s = moves[i]!.seat;
    if (typeof s === 'number' && s !== seat && !movers.includes(s)) movers.push(s);
  }
  if (!movers.length) return null;
  return { seat, from: last + 1, to: moves.length, movers, lines: lines.filter((l) => l.move > last && l.move < moves.length && l.kind !== 'turn') };
}

/** Card codes in a value (an event's fields), for marking the cards a move touched. */
const CODE = /^[A-Z]{2,3}-[A-Z0-9]+$/;

/**
 * The cards the moves `from` … `to - 1` touched, as far as `viewer` may know: from public events,
 * and from hidden ones only when they were revealed to the viewer.
 */
export function touchedCards(log: readonly { readonly events: readonly { readonly type: string; readonly reveal?: unknown; readonly [k: string]: unknown }[] }[], from: number, to: number, viewer: number): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (CODE.test(v)) out.add(v);
    } else if (Array.isArray(v)) v.forEach(walk);
  };
  for (let i = Math.max(0, from); i < Math.min(to, log.length); i++)
    for (const ev of log[i]!.events) {
      if ('reveal' in ev && ev.reveal !== undefined && ev.reveal !== 'all' && !(Array.isArray(ev.reveal) && ev.reveal.includes(viewer))) continue;
      for (const [k, v] of Object.entries(ev)) if (k !== 'type' && k !== 'reveal') walk(v);
    }
  return out;
}
