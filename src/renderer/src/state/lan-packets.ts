/**
 * What a LAN table sends each invited device after every change (shared/lan/protocol.ts LanPacket):
 * built from the engine's `view(state, seat)` — hidden information already removed — never from the
 * match's state. A seat's packet carries its own legal moves only when the decision is theirs and
 * the table is live; the public packet (seat null) carries none.
 */
import type { BaseMove, Game, Match } from '../../../shared/engine';
import type { TableSeat } from '../../../shared/ipc/contract';
import type { LanPacket, LanSeatInfo } from '../../../shared/lan/protocol';
import type { TableLines } from './step-log';
import { seatName } from '../features/table/model/log';

export interface PacketSource<S, M extends BaseMove, V, O> {
  game: Game<S, M, V, O>;
  match: Match<S, M, V, O>;
  lines: TableLines<Match<S, M, V, O>>;
  seats: readonly TableSeat[];
  /** Seats a device plays now (invited, and not handed to a bot). */
  remote: ReadonlySet<number>;
  /** Seats with a device connected. */
  connected: ReadonlySet<number>;
  /** The host holds the table still (paused, replaying, a hand's end on show): moves wait. */
  held: boolean;
}

/** Who sits where, as every device may see it. */
export function lanSeats(seats: readonly TableSeat[], remote: ReadonlySet<number>, connected: ReadonlySet<number>): LanSeatInfo[] {
  return seats.map((s, seat) => ({
    seat,
    kind: s.kind === 'bot' ? 'bot' : remote.has(seat) ? 'remote' : 'human',
    connected: connected.has(seat),
    name: seatName(seat),
  }));
}

/** The packet of `seat` (null: the public one) at the match's current step. */
export function lanPacket<S, M extends BaseMove, V, O>(src: PacketSource<S, M, V, O>, seat: number | null): LanPacket<V, M> {
  const m = src.match;
  const status = m.status();
  const decides = seat !== null && !src.held && !status.over && status.toAct.includes(seat) && src.remote.has(seat);
  return {
    game: src.game.id,
    seat,
    step: m.length,
    view: m.view(seat),
    legal: decides ? src.game.legalMoves(m.state, seat) : [],
    status: { over: status.over, winners: [...status.winners], draw: status.draw, scores: [...status.scores], toAct: [...status.toAct] },
    log: src.lines.lines(m, m.length, seat).map((l) => ({ move: l.move, kind: l.kind, ...(l.seat === undefined ? {} : { seat: l.seat }), text: { zh: l.text.zh, en: l.text.en } })),
    seats: lanSeats(src.seats, src.remote, src.connected),
    held: src.held,
  };
}

/** A stable text of a JSON value (keys sorted), to find a device's move among the legal ones. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}
