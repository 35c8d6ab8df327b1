/**
 * A device for the LAN tests: a real `ws` client on 127.0.0.1 that records every message the host
 * sends it and waits for the one a test expects.
 */
import WebSocket from 'ws';
import { LAN_PROTOCOL, LAN_SOCKET_PATH, type LanHostMessage, type LanPacket } from '../../../shared/lan/protocol';

export class TestDevice {
  readonly ws: WebSocket;
  /** Every message received, in order. */
  readonly got: LanHostMessage[] = [];
  /** The raw text of every message received (to search for what must never arrive). */
  readonly raw: string[] = [];
  closed = false;
  #wait: (() => void)[] = [];
  readonly open: Promise<void>;

  constructor(port: number, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}${LAN_SOCKET_PATH}`, { headers });
    this.open = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.ws.on('message', (data) => {
      const text = String(data);
      this.raw.push(text);
      this.got.push(JSON.parse(text) as LanHostMessage);
      for (const w of this.#wait.splice(0)) w();
    });
    this.ws.on('close', () => {
      this.closed = true;
      for (const w of this.#wait.splice(0)) w();
    });
    this.ws.on('error', () => undefined);
  }

  send(m: unknown): void {
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  hello(token: string, resume?: string): void {
    this.send({ t: 'hello', v: LAN_PROTOCOL, token, ...(resume ? { resume } : {}) });
  }

  /** The first message from `from` on that `pred` accepts, waiting up to `ms`. */
  async next<T extends LanHostMessage>(pred: (m: LanHostMessage) => m is T, from = 0, ms = 2000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const found = this.got.slice(from).find(pred);
      if (found) return found;
      if (this.closed || Date.now() > end) throw new Error(`no such message (got ${JSON.stringify(this.got).slice(0, 600)})`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, Math.max(1, end - Date.now()));
        this.#wait.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  welcome(from = 0) {
    return this.next((m): m is Extract<LanHostMessage, { t: 'welcome' }> => m.t === 'welcome', from);
  }
  refused(from = 0) {
    return this.next((m): m is Extract<LanHostMessage, { t: 'refused' }> => m.t === 'refused', from);
  }
  packet(from = 0) {
    return this.next((m): m is Extract<LanHostMessage, { t: 'packet' }> => m.t === 'packet', from);
  }

  async closedNow(ms = 3000): Promise<void> {
    const end = Date.now() + ms;
    while (!this.closed && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    if (!this.closed) throw new Error('the socket stayed open');
  }

  close(): void {
    this.ws.close();
  }
}

/** A packet for `seat` (null: public) at `step`, with a hand only that seat may see. */
export function testPacket(seat: number | null, step: number, toAct: number[], opts: { held?: boolean; kinds?: ('human' | 'bot' | 'remote')[] } = {}): LanPacket {
  const kinds = opts.kinds ?? ['remote', 'remote', 'human'];
  return {
    game: 'doufu',
    seat,
    step,
    view: { hand: seat === null ? null : [`secret-of-seat-${seat}-a`, `secret-of-seat-${seat}-b`], pool: ['public'] },
    legal: seat !== null && toAct.includes(seat) ? [{ type: 'play', seat }] : [],
    status: { over: false, winners: [], draw: false, scores: [0, 0, 0], toAct },
    log: [{ move: 0, kind: 'deal', text: { zh: '发牌', en: 'Deal' } }],
    seats: kinds.map((kind, i) => ({ seat: i, kind, connected: false, name: { zh: `座位 ${i + 1}`, en: `Seat ${i + 1}` } })),
    held: opts.held ?? false,
  };
}
