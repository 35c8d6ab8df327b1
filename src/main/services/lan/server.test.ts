import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LAN_MAX_CLIENT_MESSAGE, LAN_PROTOCOL, LAN_RATE_PER_SECOND, LAN_TOKEN } from '../../../shared/lan/protocol';
import type { LanInfo } from '../../../shared/ipc/lan';
import { LanService, LanError } from './service';
import { TestDevice, testPacket } from './devices.test-fixture';
import { newToken } from './tokens';

/** The ports of these tests (a LAN server per test, one at a time). */
const PORT = 47816;
const BUSY_PORT = 47817;

const rendererDir = mkdtempSync(join(tmpdir(), 'fuqi-lan-'));
mkdirSync(join(rendererDir, 'assets'));
writeFileSync(join(rendererDir, 'join.html'), '<!doctype html><title>join</title><script type="module" src="./assets/join-abc123.js"></script>');
writeFileSync(join(rendererDir, 'assets', 'join-abc123.js'), 'import "./chunk-def456.js";');
writeFileSync(join(rendererDir, 'assets', 'chunk-def456.js'), 'export const x = 1;');
writeFileSync(join(rendererDir, 'assets', 'index-app999.js'), 'the app itself');
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
afterAll(() => rmSync(rendererDir, { recursive: true, force: true }));

let lan: LanService;
let info: LanInfo;
const devices: TestDevice[] = [];
const logged: string[] = [];

function device(): TestDevice {
  const d = new TestDevice(info.port!);
  devices.push(d);
  return d;
}
const token = (seat: number) => info.seats.find((l) => l.seat === seat)!.token;

beforeEach(async () => {
  logged.length = 0;
  lan = new LanService({ rendererDir, listenHost: '127.0.0.1', addresses: () => ['127.0.0.1'], log: (l) => logged.push(l), graceMs: 400 });
  info = await lan.start({ game: 'doufu', project: 'doufu', title: { zh: '斗福', en: 'Dou Fu' }, port: PORT, players: 3, remote: [0, 1], spectator: true });
});
afterEach(async () => {
  for (const d of devices.splice(0)) d.close();
  await lan.stop();
});

async function seated(seat: number): Promise<TestDevice> {
  const d = device();
  await d.open;
  d.hello(token(seat));
  await d.welcome();
  return d;
}

describe('the LAN server', () => {
  it('makes a link, a QR code and a random token per invited seat and the spectator', () => {
    expect(info.running).toBe(true);
    expect(info.port).toBe(PORT);
    expect(info.seats.map((l) => l.seat)).toEqual([0, 1]);
    for (const l of [...info.seats, info.spectator!]) {
      expect(l.token).toMatch(LAN_TOKEN);
      expect(l.url).toBe(`http://127.0.0.1:${PORT}/j/${l.token}`);
      expect(l.qr).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    }
    expect(new Set([...info.seats, info.spectator!].map((l) => l.token)).size).toBe(3);
  });

  it('serves the join page and only the assets it uses', async () => {
    const base = `http://127.0.0.1:${PORT}`;
    const page = await fetch(`${base}/j/${token(0)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>join</title>');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self' ws://127.0.0.1:");
    expect((await fetch(`${base}/j/assets/join-abc123.js`)).status).toBe(200);
    expect((await fetch(`${base}/j/assets/chunk-def456.js`)).status).toBe(200);
    for (const path of ['/', '/index.html', '/j/assets/index-app999.js', '/assets/index-app999.js', '/api/projects:list', '/j/assets/../index.html', '/j/not-a-token', '/j/assets/%2e%2e%2findex.html'])
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    expect((await fetch(`${base}/j/${token(0)}`, { method: 'POST' })).status).toBe(405);
  });

  it('welcomes a device with its seat, then sends that seat its packet', async () => {
    lan.publish(3, [testPacket(0, 3, [0]), testPacket(1, 3, [0])], testPacket(null, 3, [0]));
    const d = await seated(0);
    const w = await d.welcome();
    expect(w).toMatchObject({ t: 'welcome', v: LAN_PROTOCOL, seat: 0, game: 'doufu', title: { en: 'Dou Fu' } });
    expect((await d.packet()).packet).toMatchObject({ seat: 0, step: 3 });
    const ev = await lan.next(0, 0);
    expect(ev.events).toEqual([{ seq: expect.any(Number), kind: 'joined', seat: 0, resumed: false }]);
    expect(lan.status().seats[0]!.connected).toBe(1);
  });

  it('refuses a wrong token, another version and a second device on a taken seat, each with a message, and closes them', async () => {
    const wrong = device();
    await wrong.open;
    wrong.hello('a'.repeat(20));
    expect(await wrong.refused()).toMatchObject({ code: 'token', message: { zh: expect.stringMatching(/链接/), en: expect.stringMatching(/new link/) } });
    await wrong.closedNow();

    const old = device();
    await old.open;
    old.send({ t: 'hello', v: LAN_PROTOCOL + 1, token: token(0) });
    expect(await old.refused()).toMatchObject({ code: 'version' });
    await old.closedNow();

    const first = await seated(0);
    const second = device();
    await second.open;
    second.hello(token(0));
    expect(await second.refused()).toMatchObject({ code: 'taken', message: { en: expect.stringMatching(/Another device/) } });
    await second.closedNow();
    expect(first.closed).toBe(false);
  });

  it('keeps a dropped seat for its own device (resume), then frees it for any device after the grace period', async () => {
    lan.publish(1, [testPacket(0, 1, [0])], null);
    const a = await seated(0);
    const { resume } = await a.welcome();
    a.send({ t: 'move', n: 0, at: 1, move: { type: 'x', seat: 0 } }); // n 0 is used
    a.close();
    await a.closedNow();
    await waitFor(() => lan.status().seats[0]!.connected === 0);
    const other = device();
    await other.open;
    other.hello(token(0));
    expect(await other.refused()).toMatchObject({ code: 'taken', message: { en: expect.stringMatching(/waiting for its own device/) } });

    const back = device();
    await back.open;
    back.hello(token(0), resume);
    expect(await back.welcome()).toMatchObject({ seat: 0, resume });
    expect((await back.packet()).packet.seat).toBe(0);
    // The resumed device keeps its numbering: n 0 again is a replay.
    back.send({ t: 'move', n: 0, at: 1, move: { type: 'x', seat: 0 } });
    expect(await back.refused()).toMatchObject({ code: 'replayed', n: 0 });
    const events = (await lan.next(0, 0)).events.map((e) => e.kind + (e.kind === 'joined' ? (e.resumed ? '+resumed' : '') : ''));
    expect(events).toEqual(['joined', 'move', 'left', 'joined+resumed']);

    back.close();
    await back.closedNow();
    await new Promise((r) => setTimeout(r, 450));
    const late = device();
    await late.open;
    late.hello(token(0));
    expect((await late.welcome()).resume).not.toBe(resume);
  });

  it('hands a resuming device the seat even while its old connection still looks open', async () => {
    const a = await seated(1);
    const { resume } = await a.welcome();
    const b = device();
    await b.open;
    b.hello(token(1), resume);
    expect(await b.welcome()).toMatchObject({ seat: 1 });
    await a.closedNow();
    expect(a.got.some((m) => m.t === 'closed')).toBe(true);
    expect(lan.status().seats.find((l) => l.seat === 1)!.connected).toBe(1);
  });

  it('relays a good move and refuses replayed n, stale at, another seat, out of turn, held and malformed', async () => {
    lan.publish(5, [testPacket(0, 5, [0]), testPacket(1, 5, [0])], null);
    const d = await seated(0);
    const after = (await lan.next(0, 0)).last;
    d.send({ t: 'move', n: 1, at: 5, move: { type: 'play', seat: 0, card: 'x' } });
    const got = await lan.next(after, 2000);
    expect(got.events).toEqual([{ seq: after + 1, kind: 'move', seat: 0, n: 1, at: 5, move: { type: 'play', seat: 0, card: 'x' } }]);

    const cases: [unknown, string][] = [
      [{ t: 'move', n: 1, at: 5, move: { type: 'play', seat: 0 } }, 'replayed'],
      [{ t: 'move', n: 2, at: 5, move: { type: 'play', seat: 0 } }, 'stale'], // one move per step while the host checks it
      [{ t: 'move', n: 3, at: 4, move: { type: 'play', seat: 0 } }, 'stale'],
      [{ t: 'move', n: 4, at: 5, move: { type: 'play', seat: 1 } }, 'not-yours'],
      ['{not json', 'malformed'],
      [{ t: 'move', n: 5, at: 5 }, 'malformed'],
      [{ t: 'delete-project', id: 'doufu' }, 'malformed'],
    ];
    for (const [msg, code] of cases) {
      const from = d.got.length;
      d.send(msg);
      expect((await d.refused(from)).code, JSON.stringify(msg)).toBe(code);
    }
    // The host's engine refused it: the device hears why, with its n.
    expect(lan.refuse(0, 1, 'illegal', { zh: '不合规则', en: 'Not by the rules' })).toEqual({ sent: true });
    expect(await d.next((m): m is Extract<typeof m, { t: 'refused' }> => m.t === 'refused' && m.code === 'illegal')).toMatchObject({ n: 1, message: { en: 'Not by the rules' } });

    lan.publish(6, [testPacket(0, 6, [1])], null);
    let from = d.got.length;
    d.send({ t: 'move', n: 10, at: 6, move: { type: 'play', seat: 0 } });
    expect(await d.refused(from)).toMatchObject({ code: 'not-your-turn', n: 10 });
    lan.publish(7, [testPacket(0, 7, [0], { held: true })], null);
    from = d.got.length;
    d.send({ t: 'move', n: 11, at: 7, move: { type: 'play', seat: 0 } });
    expect(await d.refused(from)).toMatchObject({ code: 'not-your-turn', message: { en: expect.stringMatching(/holds the table/) } });
    lan.publish(8, [testPacket(0, 8, [0], { kinds: ['bot', 'remote', 'human'] })], null);
    from = d.got.length;
    d.send({ t: 'move', n: 12, at: 8, move: { type: 'play', seat: 0 } });
    expect(await d.refused(from)).toMatchObject({ code: 'not-your-turn', message: { en: expect.stringMatching(/bot/) } });
    expect((await lan.next(got.last, 0)).events).toEqual([]);
  });

  it('refuses a move before the hello, and a spectator moving', async () => {
    const d = device();
    await d.open;
    d.send({ t: 'move', n: 0, at: 0, move: { type: 'play', seat: 0 } });
    expect(await d.refused()).toMatchObject({ code: 'not-joined', n: 0 });
    const s = device();
    await s.open;
    s.hello(info.spectator!.token);
    expect(await s.welcome()).toMatchObject({ seat: null });
    s.send({ t: 'move', n: 0, at: 0, move: { type: 'play', seat: 0 } });
    expect(await s.refused()).toMatchObject({ code: 'not-yours' });
  });

  it('refuses an oversized message before reading it, and one far over the limit closes the socket', async () => {
    const d = await seated(0);
    d.send(JSON.stringify({ t: 'ping', n: 1, pad: 'x'.repeat(LAN_MAX_CLIENT_MESSAGE) }));
    expect(await d.refused()).toMatchObject({ code: 'too-large' });
    d.send({ t: 'ping', n: 2 });
    await d.next((m): m is Extract<typeof m, { t: 'pong' }> => m.t === 'pong' && m.n === 2);
    d.send('x'.repeat(5 * LAN_MAX_CLIENT_MESSAGE));
    await d.closedNow();
  });

  it('rate-limits a device (a burst of twice the rate passes) and tells it once a second', async () => {
    const d = await seated(0);
    const burst = 4 * LAN_RATE_PER_SECOND;
    for (let i = 0; i < burst; i++) d.send({ t: 'ping', n: i });
    await d.refused();
    await new Promise((r) => setTimeout(r, 100));
    const pongs = d.got.filter((m) => m.t === 'pong').length;
    expect(pongs).toBeGreaterThanOrEqual(2 * LAN_RATE_PER_SECOND - 1);
    expect(pongs).toBeLessThanOrEqual(2 * LAN_RATE_PER_SECOND + 3);
    expect(d.got.filter((m) => m.t === 'refused' && m.code === 'rate')).toHaveLength(1);
  });

  it('sends each seat only its own packet: seat 0 never receives seat 1\'s hand, the spectator no hand', async () => {
    const a = await seated(0);
    const b = await seated(1);
    const s = device();
    await s.open;
    s.hello(info.spectator!.token);
    await s.welcome();
    for (let step = 0; step < 20; step++) lan.publish(step, [testPacket(0, step, [step % 2]), testPacket(1, step, [step % 2])], testPacket(null, step, [step % 2]));
    await a.next((m): m is Extract<typeof m, { t: 'packet' }> => m.t === 'packet' && m.packet.step === 19);
    await b.next((m): m is Extract<typeof m, { t: 'packet' }> => m.t === 'packet' && m.packet.step === 19);
    await s.next((m): m is Extract<typeof m, { t: 'packet' }> => m.t === 'packet' && m.packet.step === 19);
    expect(a.raw.join('\n')).not.toContain('secret-of-seat-1');
    expect(b.raw.join('\n')).not.toContain('secret-of-seat-0');
    expect(s.raw.join('\n')).not.toMatch(/secret-of-seat/);
    expect(a.got.filter((m) => m.t === 'packet').every((m) => m.t === 'packet' && m.packet.seat === 0)).toBe(true);
    // A packet for a seat nobody was invited to is sent to nobody.
    const before = a.raw.length + b.raw.length + s.raw.length;
    expect(lan.publish(20, [testPacket(2, 20, [2])], null)).toEqual({ sent: 0 });
    await new Promise((r) => setTimeout(r, 50));
    expect(a.raw.length + b.raw.length + s.raw.length).toBe(before);
  });

  it('changes who is invited without dropping the devices that stay', async () => {
    const stays = await seated(1);
    const goes = await seated(0);
    const again = await lan.start({ game: 'doufu', project: 'doufu', title: { zh: '斗福', en: 'Dou Fu' }, port: PORT, players: 3, remote: [1, 2], spectator: true });
    expect(again.seats.map((l) => l.seat)).toEqual([1, 2]);
    expect(again.seats[0]!.token).toBe(token(1));
    expect(again.seats[0]!.connected).toBe(1);
    await goes.closedNow();
    expect(goes.got.at(-1)).toMatchObject({ t: 'closed', reason: { en: expect.stringMatching(/no longer invites/) } });
    expect(stays.closed).toBe(false);
    lan.publish(1, [testPacket(1, 1, [1])], null);
    expect((await stays.packet()).packet.seat).toBe(1);
  });

  it('refuses a socket from another origin or at another path', async () => {
    const evil = new TestDevice(info.port!, { Origin: 'http://evil.example' });
    devices.push(evil);
    await expect(evil.open).rejects.toThrow(/403/);
  });

  it('stops: every device is told the table closed, every socket closes, the port is free and links stop working', async () => {
    const a = await seated(0);
    const s = device();
    await s.open;
    s.hello(info.spectator!.token);
    await s.welcome();
    const waiting = lan.next((await lan.next(0, 0)).last, 20_000);
    const stopped = await lan.stop();
    expect(stopped.running).toBe(false);
    expect((await waiting).running).toBe(false);
    await a.closedNow();
    await s.closedNow();
    expect(a.got.at(-1)).toMatchObject({ t: 'closed', reason: { en: expect.stringMatching(/stopped inviting/) } });
    expect(s.got.at(-1)).toMatchObject({ t: 'closed' });
    await expect(fetch(`http://127.0.0.1:${PORT}/j/${token(0)}`)).rejects.toThrow();
    // A restart with the kept tokens restores the same links.
    const again = await lan.start({ game: 'doufu', project: 'doufu', title: { zh: '斗福', en: 'Dou Fu' }, port: PORT, players: 3, remote: [0, 1], spectator: false, tokens: { seats: [token(0), token(1)], spectator: null } });
    expect(again.seats.map((l) => l.url)).toEqual(info.seats.map((l) => l.url));
  });

  it('quitting the app tells devices the host is away (not stopped); a new process with the kept tokens takes them back, and refuses other tokens', async () => {
    const a = await seated(0);
    await lan.dispose();
    await a.closedNow();
    expect(a.got.at(-1)).toMatchObject({ t: 'closed', back: true, reason: { zh: expect.stringMatching(/自动重新连接/), en: expect.stringMatching(/reconnects on its own/) } });
    // The app starts again (a new service: nothing kept in main) and the host table restores its invitation.
    lan = new LanService({ rendererDir, listenHost: '127.0.0.1', addresses: () => ['127.0.0.1'], log: (l) => logged.push(l), graceMs: 400 });
    const again = await lan.start({ game: 'doufu', project: 'doufu', title: { zh: '斗福', en: 'Dou Fu' }, port: PORT, players: 3, remote: [0, 1], spectator: true, tokens: { seats: [token(0), token(1)], spectator: info.spectator!.token } });
    expect(again.seats.map((l) => l.url)).toEqual(info.seats.map((l) => l.url));
    expect(again.spectator!.url).toBe(info.spectator!.url);
    // The device comes back with its old resume id (unknown to the new process): its seat is its own again.
    lan.publish(0, [testPacket(0, 0, [0]), testPacket(1, 0, [0])], testPacket(null, 0, [0]));
    const back = device();
    await back.open;
    back.hello(token(0), (await a.welcome()).resume);
    expect((await back.welcome()).seat).toBe(0);
    expect((await back.packet()).packet.view).toMatchObject({ hand: ['secret-of-seat-0-a', 'secret-of-seat-0-b'] });
    // A link of another invitation is refused with the reason.
    const stranger = device();
    await stranger.open;
    stranger.hello(newToken());
    expect((await stranger.refused()).code).toBe('token');
  });

  it('stops by itself when no host table polls any more (the page that invited is gone)', async () => {
    const alone = new LanService({ rendererDir, listenHost: '127.0.0.1', addresses: () => ['127.0.0.1'], log: (l) => logged.push(l), hostGoneMs: 300 });
    await lan.stop();
    await alone.start({ game: 'doufu', project: 'doufu', title: { zh: '斗福', en: 'Dou Fu' }, port: PORT, players: 3, remote: [0], spectator: false });
    // A poll in progress keeps it on.
    const poll = alone.next(0, 600);
    await new Promise((r) => setTimeout(r, 450));
    expect(alone.status().running).toBe(true);
    await poll;
    await waitFor(() => !alone.status().running, 3000);
    expect(logged.some((l) => /no host table polled/.test(l))).toBe(true);
  });

  it('says how to pick another port when the port is in use', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(BUSY_PORT, '127.0.0.1', r));
    try {
      const err = await lan.start({ game: 'doufu', project: 'doufu', title: { zh: '斗福', en: 'Dou Fu' }, port: BUSY_PORT, players: 3, remote: [0], spectator: false }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LanError);
      expect(err).toMatchObject({ code: 'lan/port-in-use', text: { zh: expect.stringMatching(/端口 47817.*换一个/), en: expect.stringMatching(/Port 47817 is in use.*another/) } });
      expect(lan.status().running).toBe(false);
    } finally {
      blocker.close();
    }
  });
});

async function waitFor(f: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
