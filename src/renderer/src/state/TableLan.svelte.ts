/**
 * Inviting players to a table on the local network, the host's side: each invited seat is played
 * on its own device (a phone or laptop that opened the seat's link), the table here stays the
 * authority. Main runs the LAN server (services/lan) and relays; this class starts and stops it
 * (`lan:start` / `lan:stop`), publishes every invited seat's packet after each change
 * (`lan:publish`, a seat's own view only), and long-polls what devices did (`lan:next`): a device's
 * move is checked by the engine as that seat's move and applied the way a local move is, or
 * refused with the engine's reason (`lan:refuse`).
 *
 * Off by default; off again when the table closes. The invitation (its seats, port and link tokens)
 * is kept with the match's stash in this window's storage, which outlives a reload and a restart of
 * the app: when the match is taken up again, the same links are served again on the same port
 * (main starts the server anew after a restart) and the panel opens saying so, with its Stop
 * button. Devices on those links reconnect by themselves; any other token is refused.
 */
import type { LanInfo, LanLink, LanStartArg } from '../../../shared/ipc/lan';
import { LAN_FACES_BUDGET, LAN_MAX_FACES_PER_PUBLISH } from '../../../shared/ipc/lan';
import { LAN_DEFAULT_PORT, packetFaceKeys, type LanPacket, type LanText } from '../../../shared/lan/protocol';
import type { TableSeat, WindowApi } from '../../../shared/ipc/contract';
import { describeError } from './errors';

/** What the inviting table asks of its shell. */
export interface LanHost {
  readonly gameId: string;
  readonly projectId: string;
  title(): LanText;
  /** How many seats the match has (0: no match). */
  players(): number;
  seats(): readonly TableSeat[];
  /** A key of the match at the table (its game and seed), or null. */
  matchKey(): string | null;
  /** The packets now (null: nothing to send). Reads the table's reactive state: called in an effect. */
  packets(remote: ReadonlySet<number>, connected: ReadonlySet<number>): { step: number; seats: LanPacket[]; public: LanPacket } | null;
  /** A device's move for `seat`, made on step `at`: applied like a local move, or why not. */
  playRemote(seat: number, at: number, move: unknown): { ok: true } | { ok: false; code: 'illegal' | 'not-your-turn' | 'stale'; message: LanText };
  /** Give a seat to a bot, or back to its device (kind 'human'). */
  setSeat(seat: number, to: TableSeat): void;
  /** The seats a device plays changed: the table hands on the decision again. */
  remoteChanged(): void;
  /** The face picture (SVG markup) a packet's `cards` names by `key`, for tables of a project's own cards. */
  face?(key: string): string | undefined;
}

/** How long one `lan:next` waits in main for a device to do something (ms). */
const POLL_MS = 20_000;
const PORT_KEY = 'fuqi.lan.port';

interface Stored {
  key: string;
  remote: number[];
  spectator: boolean;
  port: number;
  tokens: { seats: (string | null)[]; spectator: string | null };
}

export class TableLan {
  /** The links while inviting (null: off). */
  info = $state.raw<LanInfo | null>(null);
  /** The invite panel is open. */
  panel = $state(false);
  busy = $state(false);
  error = $state<string | null>(null);
  /** The port field. */
  port = $state(LAN_DEFAULT_PORT);
  /** Seats ticked to invite (in the panel, before starting). */
  chosen = $state.raw<number[]>([]);
  spectator = $state(true);
  /** Seats invited (while inviting). */
  remote = $state.raw<ReadonlySet<number>>(new Set());
  /** Invited seats with a device connected now. */
  connected = $state.raw<ReadonlySet<number>>(new Set());
  /** Seats invited whose device dropped (until it is back). */
  dropped = $state.raw<ReadonlySet<number>>(new Set());
  /** The invitation was taken up again with the match (after a reload or a restart), until it changes. */
  restored = $state(false);

  #api: WindowApi;
  #host: LanHost;
  /** Bumped by every start and stop: a poll or publish of an older session stops. */
  #gen = 0;
  #after = 0;
  #unwatch: (() => void) | null = null;
  #sending = false;
  #next: { step: number; seats: LanPacket[]; public: LanPacket } | null = null;
  #lastSent = '';
  /** Face pictures main has been given since inviting started (it sends each device what it lacks). */
  #given = new Set<string>();

  constructor(api: WindowApi, host: LanHost) {
    this.#api = api;
    this.#host = host;
    try {
      const p = Number(globalThis.localStorage?.getItem(PORT_KEY));
      if (Number.isInteger(p) && p >= 1024 && p <= 65535) this.port = p;
    } catch {
      // The default port.
    }
  }

  get running(): boolean {
    return this.info?.running ?? false;
  }

  /** A device plays `seat` now: invited, and not handed to a bot. */
  plays(seat: number): boolean {
    return this.remote.has(seat) && this.#host.seats()[seat]?.kind !== 'bot';
  }

  /** The link of a seat (null: the spectator's). */
  link(seat: number | null): LanLink | null {
    if (!this.info) return null;
    return seat === null ? this.info.spectator : (this.info.seats.find((l) => l.seat === seat) ?? null);
  }

  /** Open the panel (the seats people play here are ticked at first). */
  openPanel(): void {
    if (!this.running) this.chosen = this.#host.seats().flatMap((s, i) => (s.kind === 'human' && i > 0 ? [i] : []));
    this.panel = true;
  }

  /** Start inviting the chosen seats (or change who is invited: links stay the same). */
  async start(tokens?: Stored['tokens']): Promise<boolean> {
    const players = this.#host.players();
    const key = this.#host.matchKey();
    if (!players || !key) return false;
    this.busy = true;
    this.error = null;
    const gen = ++this.#gen;
    this.restored = false;
    const old = this.info;
    const keep = tokens ?? (old ? { seats: Array.from({ length: players }, (_, s) => old.seats.find((l) => l.seat === s)?.token ?? null), spectator: old.spectator?.token ?? null } : undefined);
    const arg: LanStartArg = {
      game: this.#host.gameId,
      project: this.#host.projectId,
      title: this.#host.title(),
      port: this.port,
      players,
      remote: this.chosen.filter((s) => s < players),
      spectator: this.spectator,
      ...(keep ? { tokens: keep } : {}),
    };
    try {
      const info = await this.#api.LAN_START(arg);
      if (gen !== this.#gen) return false;
      this.#adopt(info, key);
      try {
        globalThis.localStorage?.setItem(PORT_KEY, String(this.port));
      } catch {
        // Not remembered.
      }
      return true;
    } catch (e) {
      if (gen === this.#gen) this.#off();
      this.error = describeError(e);
      return false;
    } finally {
      if (gen === this.#gen) this.busy = false;
    }
  }

  /** Stop inviting: devices are told, the port is closed. `forget` drops the stored links too. */
  async stop(forget = true): Promise<void> {
    const was = this.running || this.remote.size > 0;
    this.#gen++;
    this.restored = false;
    this.#off();
    if (forget) this.#forget();
    if (!was) return;
    try {
      await this.#api.LAN_STOP(null);
    } catch (e) {
      this.error = describeError(e);
    }
  }

  /** Hand an invited seat (its device dropped, say) to a bot at the table's level, or back to its device. */
  handToBot(seat: number, bot: boolean): void {
    if (!this.remote.has(seat)) return;
    this.#host.setSeat(seat, bot ? { kind: 'bot' } : { kind: 'human' });
  }

  /** Devices connected now (seats and spectators). */
  get devices(): number {
    return (this.info?.seats.reduce((n, l) => n + (this.connected.has(l.seat!) ? 1 : 0), 0) ?? 0) + (this.info?.spectator?.connected ?? 0);
  }

  /**
   * After a reload: if this match was being played with devices, take the same links up again
   * (main may still be serving them; else it starts again on the same port with the same tokens).
   */
  async restore(): Promise<void> {
    const s = this.#stored();
    if (!s || s.key !== this.#host.matchKey() || this.running) return;
    this.chosen = s.remote;
    this.spectator = s.spectator;
    this.port = s.port;
    if (await this.start(s.tokens)) {
      this.restored = true;
      this.panel = true;
    } else if (this.error) {
      // Not served again (the port is taken now, say): the panel says why and offers to start anew.
      this.panel = true;
    }
  }

  // ------------------------------------------------------------------ inside

  #adopt(info: LanInfo, key: string): void {
    this.info = info;
    this.remote = new Set(info.seats.map((l) => l.seat!).filter((s) => s !== null));
    this.connected = new Set(info.seats.filter((l) => l.connected > 0).map((l) => l.seat!));
    this.dropped = new Set();
    this.#given = new Set();
    this.#store({ key, remote: [...this.remote], spectator: info.spectator !== null, port: info.port!, tokens: { seats: Array.from({ length: this.#host.players() }, (_, s) => this.link(s)?.token ?? null), spectator: info.spectator?.token ?? null } });
    this.#lastSent = '';
    this.#watch();
    void this.#poll(this.#gen);
    this.#host.remoteChanged();
  }

  #off(): void {
    this.#unwatch?.();
    this.#unwatch = null;
    this.info = null;
    this.remote = new Set();
    this.connected = new Set();
    this.dropped = new Set();
    this.#next = null;
    this.#lastSent = '';
    this.#given = new Set();
    this.#host.remoteChanged();
  }

  /** Publish after every change of what the packets read (the match, seats, pause, replay, connections). */
  #watch(): void {
    this.#unwatch?.();
    this.#unwatch = $effect.root(() => {
      $effect(() => {
        const p = this.#host.packets(this.remote, this.connected);
        if (p) this.#publish(p);
      });
    });
  }

  /** Publish now (the table changed). The effect of `#watch` publishes too; the same packets are sent once. */
  refresh(): void {
    if (!this.info) return;
    const p = this.#host.packets(this.remote, this.connected);
    if (p) this.#publish(p);
  }

  /** One publish in flight at a time; the newest waits (older ones are dropped), so packets arrive in order. */
  #publish(p: { step: number; seats: LanPacket[]; public: LanPacket }): void {
    const text = JSON.stringify(p);
    // The same packets go again only when a face picture they name has not reached main yet.
    if (text === this.#lastSent && !this.#lacksFaces(p)) return;
    this.#lastSent = text;
    this.#next = p;
    if (this.#sending) return;
    const gen = this.#gen;
    this.#sending = true;
    void (async () => {
      try {
        while (this.#next && gen === this.#gen) {
          const send = this.#next;
          this.#next = null;
          const { faces, more } = this.#newFaces(send);
          // Counted as given once on their way (a failed publish forgets them all: they go again).
          for (const k of Object.keys(faces ?? {})) this.#given.add(k);
          await this.#api.LAN_PUBLISH({ step: send.step, seats: send.seats, public: send.public, ...(faces ? { faces } : {}) });
          if (gen !== this.#gen) return;
          // Pictures over one publish's budget go with the same packets again (main sends devices what they lack).
          if (more) this.#next ??= send;
        }
      } catch (e) {
        if (gen === this.#gen) {
          this.error = describeError(e);
          this.#given = new Set();
        }
      } finally {
        this.#sending = false;
      }
    })();
  }

  #lacksFaces(p: { seats: LanPacket[]; public: LanPacket }): boolean {
    const face = this.#host.face;
    return !!face && [...p.seats, p.public].some((q) => packetFaceKeys(q).some((k) => !this.#given.has(k) && face.call(this.#host, k) !== undefined));
  }

  /** The face pictures the packets name that main was not given yet, up to one publish's budget. */
  #newFaces(p: { seats: LanPacket[]; public: LanPacket }): { faces: Record<string, string> | null; more: boolean } {
    const face = this.#host.face;
    if (!face) return { faces: null, more: false };
    const faces: Record<string, string> = {};
    let chars = 0;
    let n = 0;
    for (const k of new Set([...p.seats, p.public].flatMap(packetFaceKeys))) {
      if (this.#given.has(k)) continue;
      const svg = face.call(this.#host, k);
      if (svg === undefined) continue;
      if (n && (chars + svg.length > LAN_FACES_BUDGET || n >= LAN_MAX_FACES_PER_PUBLISH)) return { faces, more: true };
      faces[k] = svg;
      chars += svg.length;
      n++;
    }
    return { faces: n ? faces : null, more: false };
  }

  /** Hear what devices do, until inviting stops. */
  async #poll(gen: number): Promise<void> {
    try {
      this.#after = (await this.#api.LAN_NEXT({ after: 0, waitMs: 0 })).last;
    } catch {
      this.#after = 0;
    }
    // A device may have joined between the start's answer and that cursor (a phone that kept
    // reconnecting while the host restarted joins at once): take who is connected now. Events
    // after the cursor are applied on top, in order, so the last one wins either way.
    await this.#refreshInfo(gen, true);
    let failures = 0;
    while (gen === this.#gen) {
      let r;
      try {
        r = await this.#api.LAN_NEXT({ after: this.#after, waitMs: POLL_MS });
        failures = 0;
      } catch (e) {
        if (gen !== this.#gen) return;
        if (++failures >= 3) {
          this.error = describeError(e);
          return;
        }
        await new Promise((res) => setTimeout(res, 500));
        continue;
      }
      if (gen !== this.#gen) return;
      this.#after = r.last;
      for (const e of r.events) {
        if (e.kind === 'move') {
          const done = this.#host.playRemote(e.seat, e.at, e.move);
          if (!done.ok) void this.#api.LAN_REFUSE({ seat: e.seat, n: e.n, code: done.code, message: done.message }).catch(() => undefined);
        } else if (e.seat !== null && this.remote.has(e.seat)) {
          const c = new Set(this.connected);
          const d = new Set(this.dropped);
          if (e.kind === 'joined') {
            c.add(e.seat);
            d.delete(e.seat);
          } else {
            c.delete(e.seat);
            d.add(e.seat);
          }
          this.connected = c;
          this.dropped = d;
          this.refresh();
        }
      }
      if (r.events.some((e) => e.kind !== 'move')) void this.#refreshInfo(gen);
      if (!r.running) {
        this.#off();
        return;
      }
    }
  }

  async #refreshInfo(gen: number, devices = false): Promise<void> {
    try {
      const info = await this.#api.LAN_STATUS(null);
      if (gen !== this.#gen || !info.running) return;
      this.info = info;
      if (devices) {
        this.connected = new Set(info.seats.filter((l) => l.connected > 0 && this.remote.has(l.seat!)).map((l) => l.seat!));
        this.dropped = new Set([...this.dropped].filter((s) => !this.connected.has(s)));
      }
    } catch {
      // The next event refreshes it.
    }
  }

  get #storeKey(): string {
    return `fuqi.table.current.${this.#host.projectId}.lan`;
  }

  #store(s: Stored): void {
    try {
      globalThis.localStorage?.setItem(this.#storeKey, JSON.stringify(s));
    } catch {
      // Not restorable after a reload; inviting works.
    }
  }

  #stored(): Stored | null {
    try {
      const text = globalThis.localStorage?.getItem(this.#storeKey);
      if (!text) return null;
      const s = JSON.parse(text) as Stored;
      return typeof s?.key === 'string' && Array.isArray(s.remote) && typeof s.port === 'number' && s.tokens && Array.isArray(s.tokens.seats) ? s : null;
    } catch {
      return null;
    }
  }

  #forget(): void {
    try {
      globalThis.localStorage?.removeItem(this.#storeKey);
    } catch {
      // Nothing stored.
    }
  }
}
