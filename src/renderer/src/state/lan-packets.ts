/**
 * What a LAN table sends each invited device after every change (shared/lan/protocol.ts LanPacket):
 * built from the engine's `view(state, seat)` — hidden information already removed — never from the
 * match's state. A seat's packet carries its own legal moves only when the decision is theirs and
 * the table is live; the public packet (seat null) carries none.
 */
import type { BaseMove, Game, Match } from '../../../shared/engine';
import type { TableSeat } from '../../../shared/ipc/contract';
import type { LanCards, LanPacket, LanSeatInfo } from '../../../shared/lan/protocol';
import type { SandboxView } from '../../../shared/games/sandbox/types';
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

// ------------------------------------------------------------------ the sandbox: a project's own cards

/** A card face picture for devices: its SVG markup and the key made from it. */
export interface LanFace {
  key: string;
  svg: string;
}

/**
 * A face picture's key, made from its markup (two 32-bit FNV-1a hashes and the length): the same
 * picture has the same key for every seat and after a re-render, so a device keeps it once.
 */
export function faceKey(svg: string): string {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < svg.length; i++) {
    const c = svg.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return `f${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}${svg.length.toString(36)}`;
}

/**
 * What a sandbox seat may see of the project's cards, from its view alone: every card the view
 * names (face up anywhere, in its own hand, peeked at) with its name in the data and its face
 * picture; a card shown as a back (another seat's hand, a face-down pile) is not named, so neither
 * its name nor its face can reach that seat.
 */
export function sandboxCards(view: SandboxView, names: Readonly<Record<string, string>>, face: (id: string) => LanFace | null, back: LanFace | null): LanCards {
  const known: LanCards['known'] = {};
  const name = (id: string) => (Object.hasOwn(names, id) ? names[id]! : id);
  for (const c of [...Object.values(view.zones).flat(), ...view.peek]) {
    if (c.c === null || Object.hasOwn(known, c.c)) continue;
    known[c.c] = { name: name(c.c), face: face(c.c)?.key ?? null };
  }
  return { known, back: back?.key ?? null };
}
