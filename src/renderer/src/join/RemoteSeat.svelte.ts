/**
 * A seat at a LAN table, as the player's own device holds it: the link to the host (one WebSocket
 * on the page's own origin), the seat's latest packet, and the moves sent back. The host is the
 * authority, so nothing here decides a move: the device shows the packet's `legal` moves and sends
 * the one the player picks; an applied move comes back as the next packet, a refused one as a
 * notice in both languages.
 *
 * The link heals itself. A socket that closes (a phone locked, Wi-Fi blipped, the host restarted)
 * is opened again after 200 ms, then 400, 800 and 1000 ms at most, and the seat is asked back with
 * the resume id the host welcomed it with (kept in sessionStorage, so a reload rejoins too). A ping
 * every two seconds notices a link that died without closing: when nothing was heard for five
 * seconds the socket is dropped and reopened. Only the host's `closed` message, or a refusal of the
 * link itself (a wrong token, a seat taken by another device, another protocol version), stops it;
 * a `closed` that says the host app is quitting with the invitation kept (`back`) does not: the
 * host takes the same links up again when its table reopens, and the seat reconnects by itself.
 */
import {
  LAN_PROTOCOL,
  LAN_JOIN_PATH,
  LAN_SOCKET_PATH,
  LAN_TOKEN,
  type LanClientMessage,
  type LanHostMessage,
  type LanPacket,
  type LanRefusal,
  type LanText,
} from '../../../shared/lan/protocol';

/** The part of a WebSocket the seat uses (a browser's WebSocket, or a fake in tests). */
export interface SeatSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
}

/** WebSocket.OPEN. */
const OPEN = 1;

/** Where the seat is with the host. */
export type LinkStatus =
  /** Opening the first socket, or waiting for the welcome. */
  | 'connecting'
  /** Welcomed: packets arrive, moves can be sent. */
  | 'joined'
  /** The link dropped; opening it again. */
  | 'reconnecting'
  /** The host refused the link itself (see `notice`): no retry until the player asks. */
  | 'refused'
  /** The host closed the table or stopped inviting (see `closedReason`). */
  | 'closed'
  /** The page's address is not a seat's link. */
  | 'bad-link';

/** A message for the player, in both languages. */
export interface SeatNotice {
  code: LanRefusal | 'link';
  text: LanText;
  /** When it was shown (ms since the page loaded), so a repeated notice shows again. */
  at: number;
}

/** Timers and clock, replaceable in tests. */
export interface SeatClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

export interface RemoteSeatOptions {
  /** The seat's token (from the page's address). */
  token: string | null;
  /** The WebSocket's address (same origin as the page, LAN_SOCKET_PATH). */
  url: string;
  open: (url: string) => SeatSocket;
  /** Where the resume id and the move counter survive a reload (sessionStorage). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  clock?: SeatClock;
}

/** Backoff before reopening a dropped link: the first retry after 200 ms, doubling, at most 1 s. */
export const RETRY_FIRST_MS = 200;
export const RETRY_MAX_MS = 1000;
/** A ping this often; the link counts as dead when nothing was heard for DEAD_AFTER_MS. */
export const PING_EVERY_MS = 2000;
export const DEAD_AFTER_MS = 5000;

/** Refusals of the link itself: retrying with the same link would be refused again. */
const LINK_REFUSALS: ReadonlySet<LanRefusal> = new Set(['token', 'taken', 'version']);

const BAD_LINK: LanText = {
  zh: '这个地址不是座位链接。请用主持人给你的链接或二维码（形如 …/j/ 加 20 位字母数字）。',
  en: "This address is not a seat's link. Open the link or QR code the host gave you (…/j/ followed by 20 letters and digits).",
};
const UNREADABLE: LanText = {
  zh: '主持人发来了一条看不懂的消息，已忽略。若牌桌不再更新，请刷新页面。',
  en: 'The host sent a message this page cannot read; it was ignored. If the table stops updating, reload the page.',
};

/**
 * The seat's token from the page's path (`/j/<token>`), or null when the path is not a seat link.
 * @example tokenFromPath('/j/abcdefghijklmnopqrst') // 'abcdefghijklmnopqrst'
 */
export function tokenFromPath(path: string): string | null {
  if (!path.startsWith(LAN_JOIN_PATH)) return null;
  const token = path.slice(LAN_JOIN_PATH.length).replace(/\/$/, '');
  return LAN_TOKEN.test(token) ? token : null;
}

/**
 * The WebSocket address on the page's own origin (ws: for http:, wss: for https:).
 * @example socketUrl({ protocol: 'http:', host: '192.168.1.5:47800' }) // 'ws://192.168.1.5:47800/ws'
 */
export function socketUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}${LAN_SOCKET_PATH}`;
}

const realClock: SeatClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
};

/** Parse one message from the host, or null when it is not one (never trusted to be well formed). */
export function readHostMessage(data: unknown): LanHostMessage | null {
  if (typeof data !== 'string') return null;
  let m: unknown;
  try {
    m = JSON.parse(data);
  } catch {
    return null;
  }
  if (!m || typeof m !== 'object' || typeof (m as { t?: unknown }).t !== 'string') return null;
  const msg = m as LanHostMessage;
  switch (msg.t) {
    case 'welcome':
      return typeof msg.resume === 'string' && (msg.seat === null || Number.isInteger(msg.seat)) ? msg : null;
    case 'packet':
      return msg.packet && typeof msg.packet === 'object' && Number.isInteger(msg.packet.step) && Array.isArray(msg.packet.legal) ? msg : null;
    case 'refused':
      return typeof msg.code === 'string' && isText(msg.message) ? msg : null;
    case 'faces':
      return msg.faces && typeof msg.faces === 'object' && !Array.isArray(msg.faces) && Object.values(msg.faces).every((v) => typeof v === 'string') ? msg : null;
    case 'pong':
      return msg;
    case 'closed':
      return isText(msg.reason) && (msg.back === undefined || typeof msg.back === 'boolean') ? msg : null;
    default:
      return null;
  }
}

function isText(x: unknown): x is LanText {
  return !!x && typeof x === 'object' && typeof (x as LanText).zh === 'string' && typeof (x as LanText).en === 'string';
}

/** One seat's link to the host and what it last heard. */
export class RemoteSeat {
  status = $state<LinkStatus>('connecting');
  /** The host's welcome: the seat (null for a spectator), the game and the match's title. */
  welcome = $state.raw<Extract<LanHostMessage, { t: 'welcome' }> | null>(null);
  /** The seat's latest packet (replaced whole on every change). */
  packet = $state.raw<LanPacket | null>(null);
  /**
   * Milliseconds from the page's start to its first welcome: after a reload (a phone that dropped
   * the tab), how long the seat took to be this device's again, loading the page included.
   */
  joinedMs = $state<number | null>(null);
  /**
   * Card face pictures (SVG markup) by key, for tables of a project's own cards: the host sends
   * each once per connection, before the packet that names it; kept for the page's life.
   */
  faces = $state.raw<ReadonlyMap<string, string>>(new Map());
  /** The packet before the latest one (a board reads what a move changed, e.g. the end of a hand). */
  previous = $state.raw<LanPacket | null>(null);
  /** The latest refusal or link message for the player. */
  notice = $state.raw<SeatNotice | null>(null);
  /** Why the host closed the table. */
  closedReason = $state.raw<LanText | null>(null);
  /** A move was sent and its answer (a packet or a refusal) has not come yet. */
  waiting = $state(false);
  /** Times the link was opened again after a drop (shown while reconnecting). */
  retries = $state(0);

  readonly token: string | null;
  #opts: RemoteSeatOptions;
  #clock: SeatClock;
  #socket: SeatSocket | null = null;
  #retryTimer: unknown = null;
  #pingTimer: unknown = null;
  #heardAt = 0;
  #pingN = 0;
  #backoff = RETRY_FIRST_MS;
  #stopped = false;

  constructor(opts: RemoteSeatOptions) {
    this.#opts = opts;
    this.#clock = opts.clock ?? realClock;
    this.token = opts.token;
    if (!opts.token) {
      this.status = 'bad-link';
      this.notice = { code: 'link', text: BAD_LINK, at: this.#clock.now() };
    }
  }

  /** The seat this device plays (null for a spectator or before the welcome). */
  get seat(): number | null {
    return this.packet?.seat ?? this.welcome?.seat ?? null;
  }

  /**
   * The moves this device may send now: the packet's legal moves while the seat is joined, the
   * host does not hold the table and no move is on its way; none otherwise. A board narrows the
   * type to its game's moves.
   */
  get legal(): readonly unknown[] {
    const p = this.packet;
    return p && !p.held && !this.waiting && this.status === 'joined' ? p.legal : [];
  }

  /** Open the link (once; it then heals itself until `stop`). */
  start(): void {
    if (!this.token || this.#socket || this.#stopped) return;
    this.#connect();
  }

  /** Close the link for good (the page is going away). */
  stop(): void {
    this.#stopped = true;
    this.#clearTimers();
    const s = this.#socket;
    this.#socket = null;
    if (s) this.#detach(s).close(1000, 'bye');
  }

  /** After a refusal of the link (e.g. the seat was taken), try once more on the player's request. */
  retry(): void {
    if (this.#stopped || !this.token || this.status === 'closed') return;
    this.#clearTimers();
    if (this.#socket) this.#detach(this.#socket).close();
    this.#socket = null;
    this.#backoff = RETRY_FIRST_MS;
    this.status = 'connecting';
    this.#connect();
  }

  /**
   * The link is probably back (the browser went online, the page became visible again): if it is
   * down, reopen it now instead of waiting out the backoff.
   */
  nudge(): void {
    if (this.#stopped || !this.token) return;
    if (this.status !== 'reconnecting' && this.status !== 'connecting') {
      // A live-looking link: make sure it still answers.
      if (this.status === 'joined') this.#ping();
      return;
    }
    if (this.#retryTimer !== null) {
      this.#clock.clearTimeout(this.#retryTimer);
      this.#retryTimer = null;
      this.#connect();
    }
  }

  /**
   * Send one of the packet's legal moves for this seat. Returns false (and sends nothing) when no
   * move can be sent now: not joined, a move still unanswered, or no packet to act on.
   */
  act<M extends { readonly type: string; readonly seat: number }>(move: M): boolean {
    const p = this.packet;
    if (this.status !== 'joined' || !p || this.waiting || !this.#socket || this.#socket.readyState !== OPEN) return false;
    const n = this.#nextMoveNumber();
    this.#send({ t: 'move', n, at: p.step, move: move as Extract<LanClientMessage, { t: 'move' }>['move'] });
    this.waiting = true;
    return true;
  }

  /** Forget the current notice (the player read it). */
  dismissNotice(): void {
    this.notice = null;
  }

  // ---------------------------------------------------------------- the link

  #key(what: 'resume' | 'n'): string {
    return `fuqi.lan.${what}.${this.token}`;
  }

  #stored(what: 'resume' | 'n'): string | null {
    try {
      return this.#opts.storage?.getItem(this.#key(what)) ?? null;
    } catch {
      return null;
    }
  }

  #store(what: 'resume' | 'n', value: string): void {
    try {
      this.#opts.storage?.setItem(this.#key(what), value);
    } catch {
      // Storage can be off (private mode): the seat then survives drops but not a reload.
    }
  }

  /** Move numbers keep increasing across drops and reloads, so a rejoined seat never repeats one. */
  #nextMoveNumber(): number {
    const last = Number(this.#stored('n') ?? this.#lastN);
    const n = Number.isInteger(last) && last >= this.#lastN ? last + 1 : this.#lastN + 1;
    this.#lastN = n;
    this.#store('n', String(n));
    return n;
  }
  #lastN = -1;

  #connect(): void {
    this.#retryTimer = null;
    let s: SeatSocket;
    try {
      s = this.#opts.open(this.#opts.url);
    } catch {
      this.#dropped();
      return;
    }
    this.#socket = s;
    s.onopen = () => {
      if (this.#socket !== s) return;
      this.#heardAt = this.#clock.now();
      const resume = this.#stored('resume') ?? this.welcome?.resume;
      this.#send({ t: 'hello', v: LAN_PROTOCOL, token: this.token!, ...(resume ? { resume } : {}) });
      this.#pingTimer = this.#clock.setInterval(() => this.#ping(), PING_EVERY_MS);
    };
    s.onmessage = (ev) => {
      if (this.#socket !== s) return;
      this.#heardAt = this.#clock.now();
      const m = readHostMessage(ev.data);
      if (m) this.#receive(m);
      else this.#say('link', UNREADABLE);
    };
    s.onclose = () => {
      if (this.#socket !== s) return;
      this.#socket = null;
      this.#dropped();
    };
    s.onerror = () => {
      // A close follows an error; the close decides what happens next.
    };
  }

  #receive(m: LanHostMessage): void {
    switch (m.t) {
      case 'welcome':
        this.welcome = m;
        this.joinedMs ??= Math.round(performance.now());
        this.#store('resume', m.resume);
        this.status = 'joined';
        this.#backoff = RETRY_FIRST_MS;
        // A move sent before the drop was either applied (the packet shows it) or lost.
        this.waiting = false;
        if (this.notice?.code === 'link') this.notice = null;
        return;
      case 'packet':
        if (this.packet && m.packet.step !== this.packet.step) this.previous = this.packet;
        this.packet = m.packet;
        this.waiting = false;
        return;
      case 'refused':
        this.#say(m.code, m.message);
        if (m.n !== undefined || !LINK_REFUSALS.has(m.code)) {
          this.waiting = false;
          return;
        }
        // The link itself is refused: this socket closes; retrying would be refused again.
        this.status = 'refused';
        this.#clearTimers();
        if (m.code === 'token') this.#forgetResume();
        return;
      case 'faces': {
        const next = new Map(this.faces);
        for (const [k, svg] of Object.entries(m.faces)) next.set(k, svg);
        this.faces = next;
        return;
      }
      case 'pong':
        return;
      case 'closed':
        if (m.back === true) {
          // The host app quits and keeps the invitation: say so, and reconnect when the socket closes.
          this.#say('link', m.reason);
          return;
        }
        this.closedReason = m.reason;
        this.status = 'closed';
        this.#clearTimers();
        this.#forgetResume();
        return;
    }
  }

  #forgetResume(): void {
    try {
      this.#opts.storage?.removeItem(this.#key('resume'));
    } catch {
      // Nothing kept.
    }
  }

  #say(code: SeatNotice['code'], text: LanText): void {
    this.notice = { code, text, at: this.#clock.now() };
  }

  #dropped(): void {
    if (this.#pingTimer !== null) this.#clock.clearInterval(this.#pingTimer);
    this.#pingTimer = null;
    this.waiting = false;
    if (this.#stopped || this.status === 'closed' || this.status === 'refused') return;
    this.status = this.status === 'connecting' && !this.welcome ? 'connecting' : 'reconnecting';
    const wait = this.#backoff;
    this.#backoff = Math.min(RETRY_MAX_MS, this.#backoff * 2);
    this.retries++;
    this.#retryTimer = this.#clock.setTimeout(() => this.#connect(), wait);
  }

  #ping(): void {
    const s = this.#socket;
    if (!s) return;
    if (this.#clock.now() - this.#heardAt > DEAD_AFTER_MS) {
      // Nothing heard for too long: the link is dead even if the socket does not know it yet.
      this.#socket = null;
      this.#detach(s).close();
      this.#dropped();
      return;
    }
    if (s.readyState === OPEN) this.#send({ t: 'ping', n: this.#pingN++ });
  }

  #send(m: LanClientMessage): void {
    try {
      this.#socket?.send(JSON.stringify(m));
    } catch {
      // A socket closing under us: its close event reopens the link.
    }
  }

  #detach(s: SeatSocket): SeatSocket {
    s.onopen = s.onmessage = s.onclose = s.onerror = null;
    return s;
  }

  #clearTimers(): void {
    if (this.#retryTimer !== null) this.#clock.clearTimeout(this.#retryTimer);
    if (this.#pingTimer !== null) this.#clock.clearInterval(this.#pingTimer);
    this.#retryTimer = this.#pingTimer = null;
  }
}
