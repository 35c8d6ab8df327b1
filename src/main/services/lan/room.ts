/**
 * The LAN table's seats and what devices may do in them, without sockets (server.ts wires real
 * WebSockets to it; tests drive it directly too). Every message a device sends comes through
 * `LanConnection.receive`, which never throws: size first, then the rate limit, then JSON and the
 * protocol's schemas, then who the device is and what the table allows now. A move that passes is
 * handed to the host (`onEvent`), which checks it with the engine; the host's packets come back
 * through `publish`, and each device is sent only its own seat's packet.
 */
import { LAN_MAX_CLIENT_MESSAGE, LAN_PROTOCOL, LAN_RATE_PER_SECOND, LanClientMessage, packetFaceKeys, type LanHostMessage, type LanPacket, type LanRefusal, type LanText } from '../../../shared/lan/protocol';
import type { LanEventBody } from '../../../shared/ipc/lan';
import { ALREADY, BOT_SEAT, HELD, HOST_AWAY, PENDING, REFUSAL, REPLACED, SPECTATOR, SPECTATORS_FULL, STOPPED, UNINVITED } from './messages';
import { newResumeId } from './tokens';
import { jsonTextTooDeep } from '../../../shared/util/json-depth';

/** How long a dropped seat waits for its own device (its resume id) before any device with the link may take it (ms). */
export const LAN_RESUME_GRACE_MS = 30_000;
/** How long a relayed move waits for the host's answer before the seat may send another for the same step (ms). */
export const LAN_PENDING_MS = 3_000;
/** How deep a device's message may nest (a move of the deepest game is about 5 levels). */
export const LAN_MAX_DEPTH = 16;
/** The most devices on the spectator link at once. */
export const LAN_MAX_SPECTATORS = 8;
/** The face pictures one `faces` message carries at most (characters; one larger picture goes alone). */
export const LAN_FACES_MESSAGE = 4 << 20;
/** The face pictures kept at most (characters): past this, the oldest no packet names go. */
export const LAN_FACES_KEPT = 128 << 20;

/** A connected device as the room sees it: a WebSocket in the server, a recorder in tests. */
export interface LanDevice {
  send(message: LanHostMessage): void;
  /** Close the connection, first telling the device why (a `closed` message) when given; `back`: it may reconnect later. */
  close(reason?: LanText, back?: boolean): void;
}


export interface LanRoomOptions {
  game: string;
  title: LanText;
  /** Seat → token of every invited seat. */
  seats: ReadonlyMap<number, string>;
  /** The spectator link's token, if there is one. */
  spectator: string | null;
  /** What devices did, in order (the host polls it through `lan:next`). */
  onEvent(event: LanEventBody): void;
  now?: () => number;
  graceMs?: number;
  log?: (line: string) => void;
}

interface Slot {
  seat: number;
  token: string;
  device: LanDevice | null;
  /** The resume id of the device that holds (or held) the seat. */
  resume: string | null;
  /** The last message number of that device. */
  lastN: number;
  droppedAt: number | null;
  /** The step a relayed move of this seat waits at (one move per seat per step), and since when. */
  pending: number | null;
  pendingAt: number;
}

/** The seats of one LAN table. */
export class LanRoom {
  readonly game: string;
  readonly title: LanText;
  #slots = new Map<number, Slot>();
  #byToken = new Map<string, Slot>();
  #spectatorToken: string | null;
  #spectators = new Set<LanDevice>();
  #packets = new Map<number, LanPacket>();
  #public: LanPacket | null = null;
  /** Card face pictures by key (the host's `faces`), oldest first, and their size in characters. */
  #faces = new Map<string, string>();
  #faceChars = 0;
  /** The face keys each connection was sent (a device keeps them for as long as its page lives). */
  #sentFaces = new WeakMap<LanDevice, Set<string>>();
  #step = 0;
  #opts: LanRoomOptions;
  #now: () => number;
  #grace: number;
  /** Messages refused as bad (malformed, oversize, too fast, wrong token) and handler errors. */
  refused = 0;
  errors = 0;

  constructor(opts: LanRoomOptions) {
    this.game = opts.game;
    this.title = opts.title;
    this.#opts = opts;
    this.#now = opts.now ?? Date.now;
    this.#grace = opts.graceMs ?? LAN_RESUME_GRACE_MS;
    for (const [seat, token] of opts.seats) {
      const slot: Slot = { seat, token, device: null, resume: null, lastN: -1, droppedAt: null, pending: null, pendingAt: 0 };
      this.#slots.set(seat, slot);
      this.#byToken.set(token, slot);
    }
    this.#spectatorToken = opts.spectator;
  }

  /**
   * Change who is invited without closing the table: new seats get their slot, seats no longer
   * invited lose theirs (their device is told and closed), and the spectator link comes or goes.
   */
  reconfigure(seats: ReadonlyMap<number, string>, spectator: string | null): void {
    for (const [seat, slot] of [...this.#slots]) {
      if (seats.get(seat) === slot.token) continue;
      this.#slots.delete(seat);
      this.#byToken.delete(slot.token);
      this.#packets.delete(seat);
      const d = slot.device;
      slot.device = null;
      d?.close(UNINVITED);
    }
    for (const [seat, token] of seats) {
      if (this.#slots.has(seat)) continue;
      const slot: Slot = { seat, token, device: null, resume: null, lastN: -1, droppedAt: null, pending: null, pendingAt: 0 };
      this.#slots.set(seat, slot);
      this.#byToken.set(token, slot);
    }
    if (spectator !== this.#spectatorToken) {
      const specs = [...this.#spectators];
      this.#spectators.clear();
      for (const d of specs) d.close(UNINVITED);
      this.#spectatorToken = spectator;
    }
  }

  /** Invited seats and their tokens. */
  tokens(): { seats: Map<number, string>; spectator: string | null } {
    return { seats: new Map([...this.#slots].map(([s, slot]) => [s, slot.token])), spectator: this.#spectatorToken };
  }

  /** Devices connected to a seat's link (0 or 1), or to the spectator link (seat null). */
  connected(seat: number | null): number {
    if (seat === null) return this.#spectators.size;
    return this.#slots.get(seat)?.device ? 1 : 0;
  }

  /** A new connection: everything it sends goes through the returned handler. */
  connect(device: LanDevice): LanConnection {
    return new LanConnection(this, device);
  }

  /**
   * The match after a change: store each seat's packet and send it to that seat's device only,
   * with the face pictures it names that the device was not sent yet (`faces`: new pictures).
   */
  publish(step: number, seats: readonly LanPacket[], pub: LanPacket | null, faces?: Readonly<Record<string, string>>): number {
    if (step !== this.#step) for (const slot of this.#slots.values()) slot.pending = null;
    this.#step = step;
    let sent = 0;
    for (const p of seats) {
      const slot = p.seat === null ? undefined : this.#slots.get(p.seat);
      if (!slot) continue; // not an invited seat: nobody may receive it
      this.#packets.set(slot.seat, p);
    }
    if (pub && pub.seat === null) this.#public = pub;
    if (faces) this.#keepFaces(faces);
    for (const p of seats) {
      const slot = p.seat === null ? undefined : this.#slots.get(p.seat);
      if (!slot?.device) continue;
      this.#send(slot.device, p);
      sent++;
    }
    if (pub && pub.seat === null) {
      for (const d of this.#spectators) {
        this.#send(d, pub);
        sent++;
      }
    }
    return sent;
  }

  /** A packet to a device: first the face pictures it names that this connection lacks (only those). */
  #send(device: LanDevice, p: LanPacket): void {
    const keys = packetFaceKeys(p);
    if (keys.length) {
      let had = this.#sentFaces.get(device);
      if (!had) this.#sentFaces.set(device, (had = new Set()));
      // A few megabytes a message, so a phone on a slow link parses each in a moment.
      let faces: Record<string, string> = {};
      let chars = 0;
      for (const k of keys) {
        const svg = had.has(k) ? undefined : this.#faces.get(k);
        if (svg === undefined) continue;
        if (chars && chars + svg.length > LAN_FACES_MESSAGE) {
          device.send({ t: 'faces', faces });
          faces = {};
          chars = 0;
        }
        faces[k] = svg;
        chars += svg.length;
        had.add(k);
      }
      if (chars) device.send({ t: 'faces', faces });
    }
    device.send({ t: 'packet', packet: p });
  }

  /** Keep new face pictures; past LAN_FACES_KEPT the oldest that no stored packet names go. */
  #keepFaces(faces: Readonly<Record<string, string>>): void {
    for (const [k, svg] of Object.entries(faces)) {
      if (this.#faces.has(k)) continue;
      this.#faces.set(k, svg);
      this.#faceChars += svg.length;
    }
    if (this.#faceChars <= LAN_FACES_KEPT) return;
    const named = new Set([...this.#packets.values(), ...(this.#public ? [this.#public] : [])].flatMap(packetFaceKeys));
    for (const [k, svg] of this.#faces) {
      if (this.#faceChars <= LAN_FACES_KEPT) break;
      if (named.has(k)) continue;
      this.#faces.delete(k);
      this.#faceChars -= svg.length;
    }
  }

  /** The host's engine refused a seat's move: tell its device (false when none is connected). */
  refuse(seat: number, n: number, code: LanRefusal, message: LanText): boolean {
    const slot = this.#slots.get(seat);
    if (!slot) return false;
    slot.pending = null;
    if (!slot.device) return false;
    slot.device.send({ t: 'refused', code, message, n });
    return true;
  }

  /**
   * Close every device's connection, telling it the table closed — or, `away`, that the host app
   * is quitting and the links come back with the table (the devices keep reconnecting).
   */
  close(away = false): void {
    const reason = away ? HOST_AWAY : STOPPED;
    for (const slot of this.#slots.values()) {
      const d = slot.device;
      slot.device = null;
      d?.close(reason, away);
    }
    const specs = [...this.#spectators];
    this.#spectators.clear();
    for (const d of specs) d.close(reason, away);
  }

  // ------------------------------------------------------------------ for LanConnection

  /** @internal */
  count(kind: 'refused' | 'error', line: string): void {
    if (kind === 'refused') this.refused++;
    else this.errors++;
    this.#opts.log?.(line);
  }

  /** @internal A device's hello: seat it, or say why not. */
  hello(device: LanDevice, token: string, resume: string | undefined): { ok: true; seat: number | null; slot: Slot | null } | { ok: false; code: LanRefusal; message: LanText } {
    if (token === this.#spectatorToken) {
      if (this.#spectators.size >= LAN_MAX_SPECTATORS) return { ok: false, code: 'taken', message: SPECTATORS_FULL };
      this.#spectators.add(device);
      device.send({ t: 'welcome', v: LAN_PROTOCOL, seat: null, resume: newResumeId(), game: this.game, title: this.title });
      if (this.#public) this.#send(device, this.#public);
      this.#opts.onEvent({ kind: 'joined', seat: null, resumed: false });
      return { ok: true, seat: null, slot: null };
    }
    const slot = this.#byToken.get(token);
    if (!slot) return { ok: false, code: 'token', message: REFUSAL.token };
    const own = resume !== undefined && resume === slot.resume;
    if (slot.device && !own) return { ok: false, code: 'taken', message: REFUSAL.taken };
    const held = slot.droppedAt !== null && this.#now() - slot.droppedAt < this.#grace;
    if (!slot.device && held && !own && slot.resume !== null) {
      const s = Math.ceil((this.#grace - (this.#now() - slot.droppedAt!)) / 1000);
      return {
        ok: false,
        code: 'taken',
        message: { zh: `这个座位正在等它原来的设备重新连接（还剩约 ${s} 秒）。请在原设备上重新打开链接，或 ${s} 秒后再试。`, en: `This seat is waiting for its own device to reconnect (about ${s} s left). Reopen the link on that device, or try again in ${s} s.` },
      };
    }
    const previous = slot.device;
    slot.device = device;
    slot.droppedAt = null;
    if (!own) {
      slot.resume = newResumeId();
      slot.lastN = -1;
    }
    previous?.close(REPLACED);
    device.send({ t: 'welcome', v: LAN_PROTOCOL, seat: slot.seat, resume: slot.resume!, game: this.game, title: this.title });
    const p = this.#packets.get(slot.seat);
    if (p) this.#send(device, p);
    this.#opts.onEvent({ kind: 'joined', seat: slot.seat, resumed: own });
    return { ok: true, seat: slot.seat, slot };
  }

  /** @internal A seated device's move: relay it to the host, or say why not. */
  move(slot: Slot, n: number, at: number, move: { type: string; seat: number; [k: string]: unknown }): { code: LanRefusal; message: LanText } | null {
    if (n <= slot.lastN) return { code: 'replayed', message: REFUSAL.replayed };
    slot.lastN = n;
    if (move.seat !== slot.seat) return { code: 'not-yours', message: REFUSAL['not-yours'] };
    const p = this.#packets.get(slot.seat);
    if (!p) return { code: 'not-your-turn', message: HELD };
    if (at !== this.#step) return { code: 'stale', message: REFUSAL.stale };
    if (p.held) return { code: 'not-your-turn', message: HELD };
    if (p.seats[slot.seat]?.kind === 'bot') return { code: 'not-your-turn', message: BOT_SEAT };
    if (p.status.over || !p.status.toAct.includes(slot.seat)) return { code: 'not-your-turn', message: REFUSAL['not-your-turn'] };
    // A host that has not answered for a while (reloading, say) does not hold the seat back for good.
    if (slot.pending === at && this.#now() - slot.pendingAt < LAN_PENDING_MS) return { code: 'stale', message: PENDING };
    slot.pending = at;
    slot.pendingAt = this.#now();
    this.#opts.onEvent({ kind: 'move', seat: slot.seat, n, at, move });
    return null;
  }

  /** @internal A connection ended. */
  left(device: LanDevice, slot: Slot | null): void {
    if (slot === null) {
      if (this.#spectators.delete(device)) this.#opts.onEvent({ kind: 'left', seat: null });
      return;
    }
    if (slot.device !== device) return; // replaced by the same device's new connection
    slot.device = null;
    slot.droppedAt = this.#now();
    this.#opts.onEvent({ kind: 'left', seat: slot.seat });
  }
}

/** A token bucket: `rate` a second on average, bursts of twice that. */
class Bucket {
  #tokens: number;
  #at: number;
  constructor(
    private readonly rate: number,
    private readonly now: () => number,
  ) {
    this.#tokens = 2 * rate;
    this.#at = now();
  }
  take(): boolean {
    const t = this.now();
    this.#tokens = Math.min(2 * this.rate, this.#tokens + ((t - this.#at) / 1000) * this.rate);
    this.#at = t;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}

/** One device's connection to a room. */
export class LanConnection {
  #room: LanRoom;
  #device: LanDevice;
  #seated: { seat: number | null; slot: Slot | null } | null = null;
  #bucket: Bucket;
  #rateToldAt = -Infinity;
  #closed = false;

  constructor(room: LanRoom, device: LanDevice, now: () => number = Date.now) {
    this.#room = room;
    this.#device = device;
    this.#bucket = new Bucket(LAN_RATE_PER_SECOND, now);
  }

  /** The seat this connection holds (null: the spectator), or undefined before a welcome. */
  get seat(): number | null | undefined {
    return this.#seated ? this.#seated.seat : undefined;
  }

  /** One message from the device (text, or binary when `binary`). Never throws. */
  receive(data: Buffer | string, binary = false): void {
    if (this.#closed) return;
    try {
      this.#receive(data, binary);
    } catch (e) {
      this.#room.count('error', `[lan] a message failed: ${(e as Error)?.stack ?? String(e)}`);
      this.#refuse('malformed', REFUSAL.malformed);
    }
  }

  /** The connection ended (the device left, dropped, or was closed). */
  ended(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#seated) this.#room.left(this.#device, this.#seated.slot);
  }

  #receive(data: Buffer | string, binary: boolean): void {
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    if (size > LAN_MAX_CLIENT_MESSAGE) return this.#refuse('too-large', REFUSAL['too-large']);
    if (!this.#bucket.take()) {
      this.#room.count('refused', '[lan] a device sends too fast');
      // Told at most once a second: a flood must not be answered with a flood.
      const t = Date.now();
      if (t - this.#rateToldAt >= 1000) {
        this.#rateToldAt = t;
        this.#device.send({ t: 'refused', code: 'rate', message: REFUSAL.rate });
      }
      return;
    }
    if (binary) return this.#refuse('malformed', REFUSAL.malformed);
    const text = typeof data === 'string' ? data : data.toString('utf8');
    // A move is a few levels deep; anything nested deeper is no move, and must not reach a recursive walker.
    if (jsonTextTooDeep(text, LAN_MAX_DEPTH) !== undefined) return this.#refuse('malformed', REFUSAL.malformed);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.#refuse('malformed', REFUSAL.malformed);
    }
    const parsed = LanClientMessage.safeParse(json);
    if (!parsed.success) return this.#refuse('malformed', REFUSAL.malformed, typeof (json as { n?: unknown })?.n === 'number' ? (json as { n: number }).n : undefined);
    const m = parsed.data;
    if (m.t === 'ping') return this.#device.send({ t: 'pong', n: m.n });
    if (m.t === 'hello') {
      if (this.#seated) return this.#device.send({ t: 'refused', code: 'malformed', message: ALREADY });
      if (m.v !== LAN_PROTOCOL) return this.#refuseAndClose('version', REFUSAL.version);
      const r = this.#room.hello(this.#device, m.token, m.resume);
      if (!r.ok) return this.#refuseAndClose(r.code, r.message);
      this.#seated = { seat: r.seat, slot: r.slot };
      return;
    }
    // A move.
    if (!this.#seated) return this.#refuse('not-joined', REFUSAL['not-joined'], m.n);
    if (!this.#seated.slot) return this.#refuse('not-yours', SPECTATOR, m.n);
    const why = this.#room.move(this.#seated.slot, m.n, m.at, m.move as { type: string; seat: number });
    if (why) this.#refuse(why.code, why.message, m.n);
  }

  #refuse(code: LanRefusal, message: LanText, n?: number): void {
    this.#room.count('refused', `[lan] refused (${code})${n === undefined ? '' : ` move ${n}`} from seat ${this.seat === undefined ? '?' : this.seat === null ? 'spectator' : this.seat + 1}`);
    this.#device.send(n === undefined ? { t: 'refused', code, message } : { t: 'refused', code, message, n });
  }

  #refuseAndClose(code: LanRefusal, message: LanText): void {
    this.#refuse(code, message);
    this.#closed = true;
    this.#device.close();
  }
}

export { STOPPED };
