/**
 * The LAN table's IPC (renderer ↔ main): the host renderer's table holds the match; main runs the
 * LAN server and relays. The renderer starts and stops inviting (`lan:start`, `lan:stop`), publishes
 * each seat's packet after every change (`lan:publish`: main sends a device only its own seat's
 * packet), long-polls what devices did (`lan:next`: joined, left, a move to check with the engine)
 * and answers a move the engine refused (`lan:refuse`). The device side's protocol is
 * shared/lan/protocol.ts.
 */
import { z } from 'zod';
import { LAN_FACE_KEY, LAN_MAX_FACE, LAN_TOKEN, type LanPacket, type LanText } from '../lan/protocol';

/** The longest `lan:next` waits for an event before answering an empty list (ms). */
export const LAN_NEXT_MAX_WAIT = 25_000;
/** The most events one `lan:next` answers (the rest come with the next call). */
export const LAN_NEXT_MAX_EVENTS = 200;
/** The most seats a LAN table invites (the games seat at most 9). */
export const LAN_MAX_SEATS = 16;

const Text = z.strictObject({ zh: z.string().max(200), en: z.string().max(200) });
const Id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'use an id of letters, digits, "-" or "_"');
const Seat = z.number().int().min(0).max(LAN_MAX_SEATS - 1);
const Token = z.string().regex(LAN_TOKEN, 'send a link token as lan:start made it');

/** `lan:start`: invite devices to some seats of the table (and a spectator). */
export const LanStartArgSchema = z.strictObject({
  /** The game's id (the device picks the board that draws it). */
  game: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'use a game id such as "doufu"'),
  /** The project the table plays. */
  project: Id,
  /** The table's title as the join page shows it. */
  title: Text,
  /** The port to listen on (the default is LAN_DEFAULT_PORT). */
  port: z.number().int().min(1024, 'use a port from 1024 to 65535').max(65535, 'use a port from 1024 to 65535').optional(),
  /** How many seats the match has. */
  players: z.number().int().min(1).max(LAN_MAX_SEATS),
  /** The seats played on their own devices. */
  remote: z.array(Seat).max(LAN_MAX_SEATS),
  /** Also make a spectator link (public view only). */
  spectator: z.boolean(),
  /**
   * Tokens to keep (a reloaded host restores the links its devices hold): per seat, and the
   * spectator's. A seat without one gets a new random token.
   */
  tokens: z.strictObject({ seats: z.array(Token.nullable()).max(LAN_MAX_SEATS), spectator: Token.nullable() }).optional(),
});
export type LanStartArg = z.infer<typeof LanStartArgSchema>;

const LogLine = z.strictObject({ move: z.number().int(), kind: z.string().max(64), seat: z.number().int().optional(), text: Text.extend({ zh: z.string().max(4000), en: z.string().max(4000) }) });
const SeatInfo = z.strictObject({ seat: Seat, kind: z.enum(['human', 'bot', 'remote']), connected: z.boolean(), name: Text });
const Status = z.strictObject({
  over: z.boolean(),
  winners: z.array(z.number().int()).max(LAN_MAX_SEATS),
  draw: z.boolean(),
  scores: z.array(z.number()).max(LAN_MAX_SEATS),
  toAct: z.array(z.number().int()).max(LAN_MAX_SEATS),
});

/** The most cards a packet names, and face pictures one publish carries. */
export const LAN_MAX_CARDS = 10_000;
export const LAN_MAX_FACES_PER_PUBLISH = 2_000;
/** The face pictures one publish carries at most (characters): the host sends more in the publishes after. */
export const LAN_FACES_BUDGET = 8 << 20;

const FaceKey = z.string().regex(LAN_FACE_KEY, 'name a face picture by the key the host made for it');
const maxEntries = (n: number) => (r: Record<string, unknown>) => Object.keys(r).length <= n;
const Cards = z.strictObject({
  known: z.record(z.string().min(1).max(256), z.strictObject({ name: z.string().max(400), face: FaceKey.nullable() })).refine(maxEntries(LAN_MAX_CARDS), `name at most ${LAN_MAX_CARDS} cards`),
  back: FaceKey.nullable(),
});

/** One seat's (or the spectator's: seat null) packet, as the table builds it. */
export const LanPacketSchema = z.strictObject({
  game: z.string().max(64),
  seat: Seat.nullable(),
  step: z.number().int().nonnegative(),
  view: z.unknown(),
  legal: z.array(z.unknown()).max(5000),
  status: Status,
  log: z.array(LogLine).max(5000),
  seats: z.array(SeatInfo).max(LAN_MAX_SEATS),
  held: z.boolean(),
  cards: Cards.optional(),
});

/** `lan:publish`: the match after a change, one packet per invited seat and the public one. */
export const LanPublishArgSchema = z.strictObject({
  step: z.number().int().nonnegative(),
  /** Each remote seat's packet (its `seat` is that seat). */
  seats: z.array(LanPacketSchema).max(LAN_MAX_SEATS),
  /** The public packet (seat null), for the spectator link. */
  public: LanPacketSchema.nullable(),
  /**
   * Face pictures (SVG markup by key) the packets name that main does not have yet. Main keeps
   * them and sends a device each picture once, with the first packet of its seat that names it.
   */
  faces: z
    .record(FaceKey, z.string().max(LAN_MAX_FACE))
    .refine(maxEntries(LAN_MAX_FACES_PER_PUBLISH), `send at most ${LAN_MAX_FACES_PER_PUBLISH} faces at once`)
    .refine((r) => Object.values(r).reduce((n, v) => n + v.length, 0) <= LAN_FACES_BUDGET + LAN_MAX_FACE, 'send the faces over several publishes')
    .optional(),
});
export type LanPublishArg = { step: number; seats: LanPacket[]; public: LanPacket | null; faces?: Record<string, string> };

export const LanNextArgSchema = z.strictObject({
  /** The last event seen (0 at first). */
  after: z.number().int().nonnegative(),
  /** How long to wait for an event when there is none yet (ms). */
  waitMs: z.number().int().min(0).max(LAN_NEXT_MAX_WAIT, `wait at most ${LAN_NEXT_MAX_WAIT} ms`),
});

export const LanRefuseArgSchema = z.strictObject({
  seat: Seat,
  /** The refused move's `n`. */
  n: z.number().int().nonnegative(),
  code: z.enum(['illegal', 'not-your-turn', 'stale']),
  message: Text.extend({ zh: z.string().max(2000), en: z.string().max(2000) }),
});
export type LanRefuseArg = z.infer<typeof LanRefuseArgSchema>;

/** One link of the LAN table: a seat's (or the spectator's: seat null). */
export interface LanLink {
  seat: number | null;
  token: string;
  /** The link on the first LAN address (127.0.0.1 when the machine has none). */
  url: string;
  /** The link on every address of this machine. */
  urls: string[];
  /** `url` as a QR code (an SVG document). */
  qr: string;
  /** Devices connected on this link now. */
  connected: number;
}

/** `lan:start` / `lan:status`: the LAN table as it is now. */
export interface LanInfo {
  running: boolean;
  port: number | null;
  /** This machine's LAN IPv4 addresses, then 127.0.0.1. */
  addresses: string[];
  game: string | null;
  project: string | null;
  seats: LanLink[];
  spectator: LanLink | null;
  /** Bad messages refused since the start (counted, logged). */
  refused: number;
}

/** What a device did, in order (`seq` increases by one per event, across starts). */
export type LanEvent =
  | { seq: number; kind: 'joined'; seat: number | null; resumed: boolean }
  | { seq: number; kind: 'left'; seat: number | null }
  | { seq: number; kind: 'move'; seat: number; n: number; at: number; move: { type: string; seat: number; [k: string]: unknown } };

/** An event before it is numbered. */
export type LanEventBody = LanEvent extends infer E ? (E extends LanEvent ? Omit<E, 'seq'> : never) : never;

/** `lan:next`: the events after `after`, the last event's number, and whether inviting is on. */
export interface LanNext {
  events: LanEvent[];
  last: number;
  running: boolean;
}

export type { LanText };
