/**
 * The LAN table's protocol: what a player's own device (a phone or laptop browser that opened a
 * seat's link) and the host (the app running the match) say to each other over one WebSocket.
 *
 * The host is the authority. It runs the engine, so a device never holds the match: it receives
 * its seat's packet (the seat's view, its legal moves, the log as that seat may read it, the public
 * status) after every change, and sends moves back. The host checks every move with the engine as
 * that seat's move before applying it. A spectator link receives the public packet only (seat null).
 *
 * Flow: device connects → `hello` with the token from its link → `welcome` (or `refused` and the
 * socket closes) → `packet` now and after every change (for a table of a project's own cards, a
 * `faces` message first with the face pictures the packet names that this device lacks). A device sends `move` with its own
 * increasing number `n` and the step it saw (`at`); the host answers a refused move with `refused`
 * carrying that `n`, and an applied move shows as the next `packet`. After a drop, the device
 * reconnects and sends `hello` with the same token and the `resume` id it was welcomed with: the
 * seat is still its own (a second device with the token but without the resume id is refused while
 * the first is connected).
 *
 * Everything a device sends is untrusted: it is parsed with these schemas (size-limited first),
 * and anything else is refused with a clear message. The remote side offers only the game's moves:
 * no file, project or app channel exists in this protocol.
 */
import { z } from 'zod';

/** Bumped on any incompatible change; a device speaking another version is refused. */
export const LAN_PROTOCOL = 1;

/** Largest message a device may send (a move is a few hundred bytes). */
export const LAN_MAX_CLIENT_MESSAGE = 16 * 1024;

/** Messages a device may send per second, on average (a burst of twice that is allowed). */
export const LAN_RATE_PER_SECOND = 20;

/** A seat's link token: 20 characters of base32 (100 random bits). */
export const LAN_TOKEN = /^[a-z2-7]{20}$/;

/** The default port of the LAN table (the user can change it). */
export const LAN_DEFAULT_PORT = 47800;

/** A seat's link: `http://<host address>:<port>/j/<token>` serves the join page. */
export const LAN_JOIN_PATH = '/j/';

/** The join page's WebSocket, on the same origin as the page. */
export const LAN_SOCKET_PATH = '/ws';

export interface LanText {
  zh: string;
  en: string;
}

// ------------------------------------------------------------------ device → host

export const LanHello = z.strictObject({
  t: z.literal('hello'),
  /** LAN_PROTOCOL of the device's page. */
  v: z.number().int(),
  token: z.string().regex(LAN_TOKEN),
  /** The id this device was welcomed with before a drop (rejoining the same seat). */
  resume: z.string().max(64).optional(),
});

export const LanMove = z.strictObject({
  t: z.literal('move'),
  /** The device's own message number, increasing by one per move: a replayed or reordered number is refused. */
  n: z.number().int().nonnegative(),
  /** The step (moves made) of the packet the device acted on: a move made on an old packet is refused. */
  at: z.number().int().nonnegative(),
  /** The game's move; its `seat` must be the device's seat. Checked by the engine on the host. */
  move: z.looseObject({ type: z.string().max(64), seat: z.number().int().nonnegative() }),
});

export const LanPing = z.strictObject({ t: z.literal('ping'), n: z.number().int().nonnegative() });

export const LanClientMessage = z.discriminatedUnion('t', [LanHello, LanMove, LanPing]);
export type LanClientMessage = z.infer<typeof LanClientMessage>;

// ------------------------------------------------------------------ host → device

/** Who sits where, as every device may see it. */
export interface LanSeatInfo {
  seat: number;
  /** A person at the host's screen, a bot, or a person on their own device. */
  kind: 'human' | 'bot' | 'remote';
  /** For a remote seat: a device is connected now. */
  connected: boolean;
  name: LanText;
}

/** One log line as the packet's seat may read it (the table's LogLine). */
export interface LanLogLine {
  move: number;
  kind: string;
  seat?: number;
  text: LanText;
}

/** What one seat (or a spectator: seat null) sees of the match after a change. */
export interface LanPacket<V = unknown, M = unknown> {
  /** The game's id (doufu, zodiac-race, …): the device picks the board that draws it. */
  game: string;
  seat: number | null;
  /** Moves made so far: a move must carry this as `at`. */
  step: number;
  /** `game.view(state, seat)`: hidden information already removed by the engine. */
  view: V;
  /** The seat's legal moves when the decision is theirs (else empty). */
  legal: M[];
  status: { over: boolean; winners: number[]; draw: boolean; scores: number[]; toAct: number[] };
  log: LanLogLine[];
  seats: LanSeatInfo[];
  /** The host holds the match still (paused, in a replay, or behind a curtain): moves wait. */
  held: boolean;
  /** For games played with a project's own cards (the sandbox table): what this seat may see of them. */
  cards?: LanCards;
}

/** The largest card face picture (an SVG document's markup) the host sends. */
export const LAN_MAX_FACE = 2_000_000;

/**
 * The clip-path ids of a face picture start with this: a device drawing the picture gives each
 * copy ids of its own by replacing it (two copies on one page would share their ids otherwise).
 */
export const LAN_FACE_IDS = 'fqdev-';

/** A face picture's key: the host names each picture by its content, so a device keeps it once. */
export const LAN_FACE_KEY = /^[a-z0-9]{4,40}$/;

/**
 * What a seat may see of a project's cards: for every card its view names (a card face up, in its
 * own hand, one it peeks at), the card's name in the project's data and the key of its face
 * picture; and the one back every card this seat may not know shows. A card the view does not
 * name is never listed. The pictures themselves come in `faces` messages, each once per device,
 * before the first packet that names it.
 */
export interface LanCards {
  known: Record<string, { name: string; face: string | null }>;
  back: string | null;
}

/** Every face picture key a packet names (its cards' faces and the back). */
export function packetFaceKeys(p: Pick<LanPacket, 'cards'>): string[] {
  const c = p.cards;
  if (!c) return [];
  const keys = new Set<string>();
  for (const k of Object.values(c.known)) if (k.face) keys.add(k.face);
  if (c.back) keys.add(c.back);
  return [...keys];
}

export type LanRefusal =
  | 'malformed' // not one of the protocol's messages
  | 'too-large'
  | 'rate' // too many messages
  | 'version' // another LAN_PROTOCOL
  | 'token' // no seat has this token (or the host stopped inviting)
  | 'taken' // another device holds the seat
  | 'not-joined' // a move before a welcome
  | 'replayed' // `n` not the next number
  | 'stale' // `at` is not the current step
  | 'not-your-turn'
  | 'illegal' // the engine refused the move
  | 'not-yours'; // the move's seat is not the device's seat

export type LanHostMessage =
  | { t: 'welcome'; v: number; seat: number | null; resume: string; game: string; title: LanText }
  | { t: 'packet'; packet: LanPacket }
  /** Face pictures (SVG markup by key) the next packets name and this device does not have yet. */
  | { t: 'faces'; faces: Record<string, string> }
  | { t: 'refused'; code: LanRefusal; message: LanText; n?: number }
  | { t: 'pong'; n: number }
  /**
   * The host stopped inviting or closed the table; the device shows why. `back`: the host app is
   * quitting with the invitation kept (it takes the same links up again when the table reopens),
   * so the device keeps trying to reconnect instead of giving up.
   */
  | { t: 'closed'; reason: LanText; back?: boolean };
