/**
 * Inviting devices to a table (the `lan:*` channels): one LAN table at a time, off until the host's
 * table starts it and off again when it stops. Holds the room (seats, tokens, packets), the server
 * while it listens, and the events the host polls with `lan:next`.
 */
import { networkInterfaces } from 'node:os';
import QRCode from 'qrcode';
import { LAN_DEFAULT_PORT, LAN_JOIN_PATH, type LanRefusal, type LanText } from '../../../shared/lan/protocol';
import { LAN_NEXT_MAX_EVENTS, type LanEvent, type LanEventBody, type LanInfo, type LanLink, type LanNext, type LanStartArg } from '../../../shared/ipc/lan';
import type { LanPacket } from '../../../shared/lan/protocol';
import { loadJoinPage } from './join-page';
import { LanRoom } from './room';
import { startLanServer, type LanServer } from './server';
import { newToken } from './tokens';

/** The events kept for `lan:next` (older ones are dropped; a host that far behind re-reads the status). */
const KEEP_EVENTS = 1000;

/** A failure the host's table shows as it is: a code and a message in both languages. */
export class LanError extends Error {
  constructor(
    readonly code: string,
    readonly text: LanText,
  ) {
    super(text.en);
  }
}

/** This machine's LAN IPv4 addresses (not loopback), then 127.0.0.1. */
export function lanAddresses(): string[] {
  const out: string[] = [];
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal && !out.includes(a.address)) out.push(a.address);
  out.push('127.0.0.1');
  return out;
}

export interface LanServiceOptions {
  /** The built renderer folder (its join.html and assets), or null when none is built. */
  rendererDir: string | null;
  /** The interface to listen on (all of them by default; 127.0.0.1 in tests). */
  listenHost?: string;
  /** The addresses links name (lanAddresses by default). */
  addresses?: () => string[];
  log?: (line: string) => void;
  graceMs?: number;
  /** Stop inviting when no host table has polled for this long (ms): the page that invited is gone. */
  hostGoneMs?: number;
}

/** How long inviting outlives the host table's last poll (a reload that never takes the match up again, a crash). */
export const LAN_HOST_GONE_MS = 60_000;

interface Running {
  server: LanServer;
  room: LanRoom;
  arg: LanStartArg;
  links: LanLink[];
  spectator: LanLink | null;
  addresses: string[];
}

export class LanService {
  #opts: LanServiceOptions;
  #run: Running | null = null;
  #events: LanEvent[] = [];
  #seq = 0;
  #waiters = new Set<() => void>();
  /** Start and stop run one at a time. */
  #queue: Promise<unknown> = Promise.resolve();
  /** Polls waiting now, and when the last one ended. */
  #polls = 0;
  #polledAt = 0;
  #watchdog: ReturnType<typeof setInterval> | null = null;

  constructor(opts: LanServiceOptions) {
    this.#opts = opts;
  }

  /** Start inviting (or change who is invited: the table's links stay the same where a seat stays remote). */
  start(arg: LanStartArg): Promise<LanInfo> {
    return this.#serial(() => this.#start(arg));
  }

  /** Stop inviting: every device is told, every socket closed, the port freed. */
  stop(): Promise<LanInfo> {
    return this.#serial(async () => {
      await this.#stop();
      return this.status();
    });
  }

  status(): LanInfo {
    const r = this.#run;
    if (!r) return { running: false, port: null, addresses: [], game: null, project: null, seats: [], spectator: null, refused: 0 };
    const live = (l: LanLink): LanLink => ({ ...l, connected: r.room.connected(l.seat) });
    return { running: true, port: r.server.port, addresses: r.addresses, game: r.arg.game, project: r.arg.project, seats: r.links.map(live), spectator: r.spectator && live(r.spectator), refused: r.room.refused + r.room.errors };
  }

  /** Send each invited seat its packet and the spectators the public one. */
  publish(step: number, seats: readonly LanPacket[], pub: LanPacket | null, faces?: Readonly<Record<string, string>>): { sent: number } {
    const r = this.#run;
    if (!r) return { sent: 0 };
    for (const p of seats) if (p.game !== r.room.game) throw new LanError('lan/wrong-game', { zh: `这些数据属于另一个游戏（${p.game}），不是正在邀请的 ${r.room.game}。`, en: `These packets are of another game (${p.game}) than the one invited to (${r.room.game}).` });
    return { sent: r.room.publish(step, seats, pub, faces) };
  }

  /** Tell a seat's device that its move `n` was refused. */
  refuse(seat: number, n: number, code: LanRefusal, message: LanText): { sent: boolean } {
    return { sent: this.#run?.room.refuse(seat, n, code, message) ?? false };
  }

  /** The events after `after`, at once if there are some, else when one comes or `waitMs` passes. */
  async next(after: number, waitMs: number): Promise<LanNext> {
    if (after > this.#seq) after = 0; // a host from before a restart of main starts over
    this.#polls++;
    try {
      return await this.#next(after, waitMs);
    } finally {
      this.#polls--;
      this.#polledAt = Date.now();
    }
  }

  async #next(after: number, waitMs: number): Promise<LanNext> {
    if (!this.#events.some((e) => e.seq > after) && waitMs > 0 && this.#run) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          this.#waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, waitMs);
        this.#waiters.add(done);
      });
    }
    const events = this.#events.filter((e) => e.seq > after).slice(0, LAN_NEXT_MAX_EVENTS);
    return { events, last: events.length ? events[events.length - 1]!.seq : Math.max(after, 0), running: this.#run !== null };
  }

  /**
   * Close everything (the app quits). Devices are told the host is away rather than that inviting
   * stopped: the host table keeps its invitation with the match and takes the same links up again
   * when it reopens, so they keep trying to reconnect.
   */
  async dispose(): Promise<void> {
    await this.#serial(() => this.#stop(true));
  }

  // ------------------------------------------------------------------ inside

  #serial<T>(f: () => Promise<T>): Promise<T> {
    const p = this.#queue.then(f, f);
    this.#queue = p.catch(() => undefined);
    return p;
  }

  #emit(e: LanEventBody): void {
    this.#events.push({ ...e, seq: ++this.#seq } as LanEvent);
    if (this.#events.length > KEEP_EVENTS) this.#events.splice(0, this.#events.length - KEEP_EVENTS);
    for (const w of [...this.#waiters]) w();
  }

  async #start(arg: LanStartArg): Promise<LanInfo> {
    const port = arg.port ?? LAN_DEFAULT_PORT;
    const remote = [...new Set(arg.remote)].filter((s) => s < arg.players).sort((a, b) => a - b);
    if (remote.length === 0 && !arg.spectator)
      throw new LanError('lan/no-seats', { zh: '没有选择要邀请的座位。请至少勾选一个座位或观战链接。', en: 'No seat is invited. Tick at least one seat or the spectator link.' });
    // Tokens: those asked to be kept, then those of the table already invited, then new ones.
    const old = this.#run && this.#run.arg.game === arg.game && this.#run.arg.project === arg.project ? this.#run.room.tokens() : null;
    const seats = new Map<number, string>();
    for (const s of remote) seats.set(s, arg.tokens?.seats[s] ?? old?.seats.get(s) ?? newToken());
    const spectator = arg.spectator ? (arg.tokens?.spectator ?? old?.spectator ?? newToken()) : null;
    const r = this.#run;
    if (r && old && (arg.port ?? LAN_DEFAULT_PORT) === r.server.port) {
      // The same table on the same port: change who is invited; connected devices stay.
      r.room.reconfigure(seats, spectator);
      r.arg = { ...arg, remote };
      const keep = new Map(r.links.map((l) => [l.token, l]));
      r.links = await Promise.all([...seats].map(([s, t]) => keep.get(t) ?? this.#link(r.addresses, r.server.port, s, t)));
      r.spectator = spectator ? (r.spectator?.token === spectator ? r.spectator : await this.#link(r.addresses, r.server.port, null, spectator)) : null;
      return this.status();
    }
    await this.#stop();
    const room = new LanRoom({ game: arg.game, title: arg.title, seats, spectator, onEvent: (e) => this.#emit(e), graceMs: this.#opts.graceMs, log: this.#opts.log ?? ((l) => console.warn(l)) });
    let server: LanServer;
    try {
      server = await startLanServer({ port, host: this.#opts.listenHost, room, page: loadJoinPage(this.#opts.rendererDir) });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE')
        throw new LanError('lan/port-in-use', {
          zh: `端口 ${port} 已被别的程序占用。请在“端口”一栏换一个（例如 ${port === 65535 ? port - 1 : port + 1}，1024–65535 之间），再点“开始邀请”。`,
          en: `Port ${port} is in use by another program. Type another in the Port field (for example ${port === 65535 ? port - 1 : port + 1}, from 1024 to 65535), then start inviting again.`,
        });
      if (code === 'EACCES')
        throw new LanError('lan/port-denied', { zh: `系统不允许使用端口 ${port}。请换一个 1024–65535 之间的端口。`, en: `The system does not allow port ${port}. Pick another from 1024 to 65535.` });
      throw new LanError('lan/listen-failed', { zh: `无法在端口 ${port} 上开始邀请：${(e as Error).message}。请换一个端口再试。`, en: `Could not start inviting on port ${port}: ${(e as Error).message}. Try another port.` });
    }
    const addresses = (this.#opts.addresses ?? lanAddresses)();
    const links = await Promise.all([...seats].map(([s, t]) => this.#link(addresses, server.port, s, t)));
    this.#polledAt = Date.now();
    this.#startWatchdog();
    this.#run = { server, room, arg: { ...arg, remote }, links, spectator: spectator ? await this.#link(addresses, server.port, null, spectator) : null, addresses };
    return this.status();
  }

  async #link(addresses: string[], port: number, seat: number | null, token: string): Promise<LanLink> {
    const urls = addresses.map((a) => `http://${a}:${port}${LAN_JOIN_PATH}${token}`);
    const qr = await QRCode.toString(urls[0]!, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { seat, token, url: urls[0]!, urls, qr, connected: 0 };
  }

  /** Nothing may keep listening on the network for a host table that is gone. */
  #startWatchdog(): void {
    if (this.#watchdog) return;
    const gone = this.#opts.hostGoneMs ?? LAN_HOST_GONE_MS;
    this.#watchdog = setInterval(() => {
      if (!this.#run || this.#polls > 0 || Date.now() - this.#polledAt < gone) return;
      (this.#opts.log ?? console.warn)(`[lan] no host table polled for ${Math.round(gone / 1000)} s: inviting stops`);
      void this.stop();
    }, Math.min(10_000, gone / 2));
    this.#watchdog.unref?.();
  }

  async #stop(away = false): Promise<void> {
    if (this.#watchdog) clearInterval(this.#watchdog);
    this.#watchdog = null;
    const r = this.#run;
    if (!r) return;
    this.#run = null;
    await r.server.close(away);
    for (const w of [...this.#waiters]) w();
  }
}
