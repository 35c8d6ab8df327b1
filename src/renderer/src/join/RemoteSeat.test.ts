import { describe, expect, it } from 'vitest';
import { LAN_PROTOCOL, LanClientMessage, type LanHostMessage, type LanPacket } from '../../../shared/lan/protocol';
import { DEAD_AFTER_MS, PING_EVERY_MS, RemoteSeat, readHostMessage, socketUrl, tokenFromPath, type SeatClock, type SeatSocket } from './RemoteSeat.svelte';

const TOKEN = 'abcdefghijklmnopqrst';

/** A socket the test drives: it records what the seat sends and delivers what the "host" says. */
class FakeSocket implements SeatSocket {
  readyState = 0;
  sent: LanClientMessage[] = [];
  closed = false;
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    // Everything the device sends must be one of the protocol's messages.
    this.sent.push(LanClientMessage.parse(JSON.parse(data)));
  }
  close(): void {
    this.closed = true;
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  say(m: LanHostMessage | string): void {
    this.onmessage?.({ data: typeof m === 'string' ? m : JSON.stringify(m) } as MessageEvent);
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
}

/** A clock whose time moves only when the test says so. */
class FakeClock implements SeatClock {
  t = 0;
  #timers: { id: number; at: number; fn: () => void; every?: number }[] = [];
  #next = 1;
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => this.#add(fn, ms);
  setInterval = (fn: () => void, ms: number) => this.#add(fn, ms, ms);
  clearTimeout = (id: unknown) => void (this.#timers = this.#timers.filter((x) => x.id !== id));
  clearInterval = this.clearTimeout;
  #add(fn: () => void, ms: number, every?: number): number {
    const id = this.#next++;
    this.#timers.push({ id, at: this.t + ms, fn, every });
    return id;
  }
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = this.#timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.t = due.at;
      if (due.every) due.at += due.every;
      else this.#timers = this.#timers.filter((x) => x !== due);
      due.fn();
    }
    this.t = end;
  }
}

class MemoryStorage {
  map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
}

function packet(step: number, legal: unknown[] = [{ type: 'draw', seat: 1 }]): LanPacket {
  return {
    game: 'doufu',
    seat: 1,
    step,
    view: { hand: ['RAT-FU'] },
    legal,
    status: { over: false, winners: [], draw: false, scores: [0, 0, 0], toAct: [1] },
    log: [],
    seats: [],
    held: false,
  };
}

function setup(storage = new MemoryStorage()) {
  const sockets: FakeSocket[] = [];
  const clock = new FakeClock();
  const seat = new RemoteSeat({ token: TOKEN, url: 'ws://host:47800/ws', open: (u) => (sockets.push(new FakeSocket(u)), sockets.at(-1)!), storage, clock });
  seat.start();
  const last = () => sockets.at(-1)!;
  /** Open the newest socket and answer its hello with a welcome and a packet. */
  const join = (step = 0) => {
    last().open();
    last().say({ t: 'welcome', v: LAN_PROTOCOL, seat: 1, resume: 'r-1', game: 'doufu', title: { zh: '斗福', en: 'Doufu' } });
    last().say({ t: 'packet', packet: packet(step) });
  };
  return { seat, sockets, clock, storage, last, join };
}

describe('the seat link from the page address', () => {
  it('reads the token from /j/<token> and nothing else', () => {
    expect(tokenFromPath(`/j/${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromPath(`/j/${TOKEN}/`)).toBe(TOKEN);
    expect(tokenFromPath('/j/short')).toBeNull();
    expect(tokenFromPath(`/x/${TOKEN}`)).toBeNull();
    expect(tokenFromPath(`/j/${TOKEN.toUpperCase()}`)).toBeNull();
  });
  it('opens its WebSocket on the page’s own origin', () => {
    expect(socketUrl({ protocol: 'http:', host: '192.168.1.5:47800' })).toBe('ws://192.168.1.5:47800/ws');
    expect(socketUrl({ protocol: 'https:', host: 'table.local' })).toBe('wss://table.local/ws');
  });
  it('says so in both languages when the address is not a seat link, and opens nothing', () => {
    const opened: string[] = [];
    const seat = new RemoteSeat({ token: tokenFromPath('/j/nope'), url: 'ws://x/ws', open: (u) => (opened.push(u), new FakeSocket(u)) });
    seat.start();
    expect(seat.status).toBe('bad-link');
    expect(seat.notice?.text.zh).toContain('座位链接');
    expect(seat.notice?.text.en).toContain("seat's link");
    expect(opened).toEqual([]);
  });
});

describe('RemoteSeat', () => {
  it('says hello with its token, is welcomed, keeps the resume id and takes packets whole', () => {
    const { seat, last, join, storage } = setup();
    expect(seat.status).toBe('connecting');
    join(3);
    expect(last().sent[0]).toEqual({ t: 'hello', v: LAN_PROTOCOL, token: TOKEN });
    expect(seat.status).toBe('joined');
    expect(seat.seat).toBe(1);
    expect(storage.map.get(`fuqi.lan.resume.${TOKEN}`)).toBe('r-1');
    expect(seat.packet?.step).toBe(3);
    last().say({ t: 'packet', packet: packet(4) });
    expect(seat.packet?.step).toBe(4);
    expect(seat.previous?.step).toBe(3);
  });

  it('keeps the face pictures the host sends across packets and drops, and refuses a malformed faces message', () => {
    const { seat, last, join, clock } = setup();
    join(1);
    last().say({ t: 'faces', faces: { fa1: '<svg>a</svg>' } });
    last().say({ t: 'packet', packet: packet(2) });
    last().say({ t: 'faces', faces: { fb2: '<svg>b</svg>' } });
    expect([...seat.faces]).toEqual([
      ['fa1', '<svg>a</svg>'],
      ['fb2', '<svg>b</svg>'],
    ]);
    last().drop();
    clock.advance(200);
    join(2);
    expect(seat.faces.get('fa1')).toBe('<svg>a</svg>');
    last().say(JSON.stringify({ t: 'faces', faces: { fc3: 42 } }));
    expect(seat.faces.has('fc3')).toBe(false);
    expect(seat.notice?.code).toBe('link');
  });

  it('sends a move with an increasing number and the step it acted on, one at a time', () => {
    const { seat, last, join } = setup();
    join(5);
    expect(seat.act({ type: 'draw', seat: 1 })).toBe(true);
    // Until the host answers, a second tap sends nothing.
    expect(seat.act({ type: 'draw', seat: 1 })).toBe(false);
    last().say({ t: 'packet', packet: packet(6) });
    expect(seat.act({ type: 'pass', seat: 1 })).toBe(true);
    const moves = last().sent.filter((m) => m.t === 'move');
    expect(moves).toEqual([
      { t: 'move', n: 0, at: 5, move: { type: 'draw', seat: 1 } },
      { t: 'move', n: 1, at: 6, move: { type: 'pass', seat: 1 } },
    ]);
  });

  it('offers the packet’s legal moves only while joined, not held and with no move on its way', () => {
    const { seat, last, join } = setup();
    expect(seat.legal).toEqual([]);
    join(1);
    expect(seat.legal).toEqual([{ type: 'draw', seat: 1 }]);
    seat.act({ type: 'draw', seat: 1 });
    expect(seat.legal).toEqual([]);
    last().say({ t: 'packet', packet: { ...packet(2), held: true } });
    expect(seat.legal).toEqual([]);
    last().say({ t: 'packet', packet: packet(3) });
    expect(seat.legal).toEqual([{ type: 'draw', seat: 1 }]);
    last().drop();
    expect(seat.legal).toEqual([]);
  });

  it('shows a refused move as a notice in both languages and lets the player try again', () => {
    const { seat, last, join } = setup();
    join(2);
    seat.act({ type: 'draw', seat: 1 });
    last().say({ t: 'refused', code: 'not-your-turn', n: 0, message: { zh: '还没轮到你。', en: 'It is not your turn yet.' } });
    expect(seat.notice).toMatchObject({ code: 'not-your-turn', text: { zh: '还没轮到你。', en: 'It is not your turn yet.' } });
    expect(seat.waiting).toBe(false);
    expect(seat.status).toBe('joined');
    expect(seat.act({ type: 'draw', seat: 1 })).toBe(true);
  });

  it('rejoins a dropped link within two seconds, with its resume id, its seat and its move numbers', () => {
    const { seat, sockets, clock, last, join } = setup();
    join(1);
    seat.act({ type: 'draw', seat: 1 });
    last().say({ t: 'packet', packet: packet(2) });
    last().drop();
    expect(seat.status).toBe('reconnecting');
    // The packet stays on screen while the link heals.
    expect(seat.packet?.step).toBe(2);
    // Backoff 200 ms: the first retry fails (Wi-Fi still down), the second (400 ms later) gets through.
    clock.advance(200);
    expect(sockets).toHaveLength(2);
    last().drop();
    clock.advance(400);
    expect(sockets).toHaveLength(3);
    join(2);
    expect(clock.t).toBeLessThan(2000);
    expect(last().sent[0]).toEqual({ t: 'hello', v: LAN_PROTOCOL, token: TOKEN, resume: 'r-1' });
    expect(seat.status).toBe('joined');
    expect(seat.seat).toBe(1);
    seat.act({ type: 'pass', seat: 1 });
    expect(last().sent.find((m) => m.t === 'move')).toMatchObject({ n: 1, at: 2 });
  });

  it('backs off from 200 ms, doubling, to at most one second', () => {
    const { sockets, clock, last } = setup();
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      last().drop();
      const before = sockets.length;
      const t0 = clock.t;
      while (sockets.length === before) clock.advance(50);
      waits.push(clock.t - t0);
    }
    expect(waits).toEqual([200, 400, 800, 1000, 1000, 1000]);
  });

  it('rejoins after a reload with the resume id and move numbers kept in session storage', () => {
    const storage = new MemoryStorage();
    const first = setup(storage);
    first.join(0);
    first.seat.act({ type: 'draw', seat: 1 });
    first.seat.stop();
    const again = setup(storage);
    again.join(1);
    expect(again.last().sent[0]).toMatchObject({ t: 'hello', resume: 'r-1' });
    again.seat.act({ type: 'pass', seat: 1 });
    expect(again.last().sent.find((m) => m.t === 'move')).toMatchObject({ n: 1 });
  });

  it('pings to notice a dead link, and reopens it when nothing was heard for five seconds', () => {
    const { seat, sockets, clock, last, join } = setup();
    join(0);
    clock.advance(PING_EVERY_MS);
    expect(last().sent.filter((m) => m.t === 'ping')).toHaveLength(1);
    last().say({ t: 'pong', n: 0 });
    // The host goes silent (the phone's Wi-Fi died without closing the socket).
    clock.advance(DEAD_AFTER_MS + PING_EVERY_MS);
    expect(sockets[0]!.closed).toBe(true);
    expect(seat.status).toBe('reconnecting');
    clock.advance(200);
    expect(sockets).toHaveLength(2);
  });

  it('stops and shows the reason when the host closes the table', () => {
    const { seat, sockets, clock, last, join, storage } = setup();
    join(0);
    last().say({ t: 'closed', reason: { zh: '主持人关闭了牌桌。', en: 'The host closed the table.' } });
    last().drop();
    clock.advance(5000);
    expect(seat.status).toBe('closed');
    expect(seat.closedReason?.en).toBe('The host closed the table.');
    expect(sockets).toHaveLength(1);
    expect(storage.map.has(`fuqi.lan.resume.${TOKEN}`)).toBe(false);
    expect(seat.act({ type: 'draw', seat: 1 })).toBe(false);
  });

  it('keeps reconnecting, saying why, when the host app quits with the invitation kept, and takes its seat back', () => {
    const { seat, sockets, clock, last, join, storage } = setup();
    join(0);
    const away = { zh: '主机上的应用已关闭。', en: 'The host app closed.' };
    last().say({ t: 'closed', reason: away, back: true });
    last().drop();
    expect(seat.status).toBe('reconnecting');
    expect(seat.notice?.text).toEqual(away);
    expect(seat.closedReason).toBeNull();
    // The host is down a while: the link keeps trying, at most a second apart.
    for (let i = 0; i < 6; i++) {
      clock.advance(1000);
      last().drop();
    }
    expect(sockets.length).toBeGreaterThanOrEqual(7);
    // The host is back with the same link: the seat asks to be let in again with its resume id.
    clock.advance(1000);
    last().open();
    expect(last().sent[0]).toMatchObject({ t: 'hello', token: TOKEN, resume: storage.map.get(`fuqi.lan.resume.${TOKEN}`) });
    last().say({ t: 'welcome', v: LAN_PROTOCOL, seat: 1, resume: 'fresh-resume-id', game: 'doufu', title: { zh: '斗福', en: 'Doufu' } });
    expect(seat.status).toBe('joined');
    expect(seat.notice).toBeNull();
  });

  it('does not retry a refused link (a taken seat) until the player asks', () => {
    const { seat, sockets, clock, last } = setup();
    last().open();
    last().say({ t: 'refused', code: 'taken', message: { zh: '这个座位已在另一台设备上。', en: 'Another device holds this seat.' } });
    last().drop();
    clock.advance(5000);
    expect(seat.status).toBe('refused');
    expect(seat.notice?.code).toBe('taken');
    expect(sockets).toHaveLength(1);
    seat.retry();
    expect(sockets).toHaveLength(2);
    expect(seat.status).toBe('connecting');
  });

  it('ignores what it cannot read, and says so', () => {
    const { seat, last, join } = setup();
    join(7);
    last().say('{not json');
    last().say(JSON.stringify({ t: 'packet', packet: { step: 'x' } }));
    expect(seat.packet?.step).toBe(7);
    expect(seat.notice?.code).toBe('link');
    expect(readHostMessage(42)).toBeNull();
    expect(readHostMessage('{"t":"nope"}')).toBeNull();
  });

  it('reopens at once when nudged (back online) instead of waiting out the backoff', () => {
    const { seat, sockets, clock, last, join } = setup();
    join(0);
    for (let i = 0; i < 4; i++) {
      last().drop();
      clock.advance(1000);
    }
    last().drop();
    const n = sockets.length;
    seat.nudge();
    expect(sockets).toHaveLength(n + 1);
  });
});
