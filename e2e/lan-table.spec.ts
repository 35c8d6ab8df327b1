import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Match } from '../src/shared/engine/runner';
import { doufu } from '../src/shared/games/doufu';
import type { DoufuMove } from '../src/shared/games/doufu/types';
import type { DoufuView } from '../src/shared/games/doufu/view';
import type { LanInfo, LanNext, LanPublishArg } from '../src/shared/ipc/lan';
import type { LanPacket } from '../src/shared/lan/protocol';
import { IpcChannel } from '../src/shared/ipc/contract';
import { call, fontsReady, freshStart, openDoufuTable, watchErrors } from './page-helpers';
import { deviceFontsReady } from './lan-fake-host';
import { checkDoufuFrames, lanPort, openDevice, PHONE, savedDoufuHands, startDoufuMatch, tapOnce } from './lan-helpers';

/**
 * The LAN table end to end: the app's own LAN server (started through the app's `lan:*` API, on
 * 127.0.0.1) serves two devices in separate browser contexts — a phone holding seat 2, a laptop
 * holding seat 3 — while the host's seat 1 plays at the host. The host side of the match (the
 * engine, applying the devices' moves after checking them, publishing each seat's packet) is
 * played here by the test through the same API the host table uses. A hand is played to its
 * settlement with every seat acting from its own screen; the phone drops and rejoins its seat
 * within 2 s; every WebSocket frame each device received is read back, and none may hold another
 * seat's hand cards (checked against the hands of the match at the step of that frame).
 */
const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');
mkdirSync(SHOTS, { recursive: true });
const LOOK = join(__dirname, '..', 'test-results', 'screenshots');
mkdirSync(LOOK, { recursive: true });
const LAN_PORT = lanPort(47820);
const TITLE = { zh: '斗福 · 三人试玩', en: 'Doufu · three-player playtest' };

/** The host's side of the match, as the host table plays it: the engine, packets out, moves in. */
class HostSide {
  readonly match = Match.create(doufu, { seed: 'lan-table-e2e', players: 3, options: doufu.defaultOptions });
  /** Every seat's hand after each step (what the host's record knows). */
  readonly handsAt = new Map<number, string[][]>();
  after = 0;
  stopped = false;
  refusedMoves = 0;
  constructor(
    readonly host: Page,
    readonly remote: readonly number[],
  ) {
    this.note();
  }
  note(): void {
    this.handsAt.set(this.match.length, this.match.state.hands.map((h) => [...h]));
  }
  packet(seat: number | null): LanPacket {
    const m = this.match;
    const st = m.status();
    const view = m.view(seat) as DoufuView;
    return {
      game: 'doufu',
      seat,
      step: m.length,
      view,
      legal: seat === null || st.over ? [] : doufu.legalMoves(m.state, seat),
      status: st,
      // The moves' numbers only: the host table's own log lines are the UI test's.
      log: m.log.map((e) => ({ move: e.index, kind: 'action', seat: e.move.seat, text: { zh: `第 ${e.index + 1} 步：座位 ${e.move.seat + 1}`, en: `Move ${e.index + 1}: seat ${e.move.seat + 1}` } })),
      seats: [0, 1, 2].map((s) => ({ seat: s, kind: this.remote.includes(s) ? 'remote' : 'human', connected: this.remote.includes(s), name: { zh: `座位 ${s + 1}`, en: `Seat ${s + 1}` } })),
      held: false,
    };
  }
  async publish(): Promise<void> {
    const arg: LanPublishArg = { step: this.match.length, seats: this.remote.map((s) => this.packet(s)), public: this.packet(null) };
    await call(this.host, IpcChannel.LAN_PUBLISH, arg);
  }
  apply(move: DoufuMove): boolean {
    const r = this.match.apply(move);
    if (r.ok) this.note();
    return r.ok;
  }
  /** Take the devices' moves as they come: check each with the engine, apply it or refuse it, publish. */
  async pump(): Promise<void> {
    while (!this.stopped) {
      const next = await call<LanNext>(this.host, IpcChannel.LAN_NEXT, { after: this.after, waitMs: 300 });
      this.after = next.last;
      let changed = false;
      for (const ev of next.events) {
        if (ev.kind === 'joined' || ev.kind === 'left') changed = true;
        if (ev.kind !== 'move') continue;
        const move = ev.move as unknown as DoufuMove;
        const r = ev.at === this.match.length ? doufu.apply(this.match.state, move) : null;
        if (r && r.ok && move.seat === ev.seat) {
          this.apply(move);
          changed = true;
        } else {
          this.refusedMoves++;
          await call(this.host, IpcChannel.LAN_REFUSE, {
            seat: ev.seat,
            n: ev.n,
            code: r ? 'illegal' : 'stale',
            message: r && !r.ok ? r.message : { zh: '牌桌已经变了，请看新的局面再出。', en: 'The table has moved on; act on the new position.' },
          });
        }
      }
      if (changed) await this.publish();
    }
  }
}

/** Whoever decides now, by seat. */
const deciding = (h: HostSide) => h.match.status().toAct[0]!;
/** The host person's choice at the host's screen: declare when possible, else play on simply. */
const hostChoice = (legal: DoufuMove[]) => legal.find((m) => m.type === 'declare') ?? legal.find((m) => m.type !== 'decline' && m.type !== 'pass') ?? legal[0]!;

test('LAN table from the host’s screen: 3-seat 斗福, seat 1 at the host, seats 2 and 3 on their own devices, to the settlement and through a drop', async ({ page: host, browser }) => {
  test.setTimeout(240_000);
  const hostErrors = await watchErrors(host);
  await freshStart(host);
  await openDoufuTable(host);
  await startDoufuMatch(host, 'lan-table-host-ui', ['human', 'human', 'human']);
  await fontsReady(host);

  // Invite players: seats 2 and 3 are ticked for their own devices; the port is this run's.
  await host.locator('[data-lan-invite]').click();
  await host.locator('[data-lan-port]').fill(String(LAN_PORT + 1));
  await expect(host.locator('[data-lan-choose="1"]')).toBeChecked();
  await expect(host.locator('[data-lan-choose="2"]')).toBeChecked();
  await host.locator('[data-lan-start]').click();
  await expect(host.locator('[data-lan-url="1"]')).toBeVisible();
  const info = await call<LanInfo>(host, IpcChannel.LAN_STATUS, null);
  expect(info.running).toBe(true);
  const links = new Map(info.seats.map((l) => [l.seat!, `http://127.0.0.1:${info.port}/j/${l.token}`]));

  const phoneCtx = await browser.newContext(PHONE);
  const laptopCtx = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'zh-CN' });
  const frames = new Map<number, { text: string }[]>([
    [1, []],
    [2, []],
  ]);
  const open = (ctx: typeof phoneCtx, seat: number) => openDevice(ctx, links.get(seat)!, 'doufu', (text) => frames.get(seat)!.push({ text }));
  const phone = await open(phoneCtx, 1);
  const laptop = await open(laptopCtx, 2);
  const devices = new Map([
    [1, phone.p],
    [2, laptop.p],
  ]);
  // A spectator link (ticked by default) shows the public table: no hand at all.
  const spectatorFrames: string[] = [];
  const watcher = await laptopCtx.newPage();
  const watcherErrors = await watchErrors(watcher);
  watcher.on('websocket', (ws) => ws.on('framereceived', (f) => spectatorFrames.push(String(f.payload))));
  await watcher.goto(`http://127.0.0.1:${info.port}/j/${info.spectator!.token}`);
  await expect(watcher.locator('[data-seat-board="doufu"]')).toHaveAttribute('data-seat', 'public');
  await expect(watcher.locator('[data-my-seat]')).toContainText('旁观');
  await expect(watcher.locator('[data-zone="hand"]')).toHaveCount(0);
  // The host sees both devices connected.
  await expect(host.locator('[data-lan-connected]')).toHaveCount(2);
  await host.screenshot({ path: join(LOOK, 'lan-table-host-panel.png') });
  await host.keyboard.press('Escape');
  await deviceFontsReady(phone.p);
  await deviceFontsReady(laptop.p);
  await phone.p.screenshot({ path: join(SHOTS, 'lan-phone-seat.png') });
  await laptop.p.screenshot({ path: join(SHOTS, 'lan-laptop-seat.png') });

  // Play the first hand: whoever decides acts from their own screen.
  const stepOf = async () => Number(await phone.p.locator('[data-seat-board]').getAttribute('data-step'));
  /** Decisions taken at each screen: the host's (seat 1) and each device's. */
  const acts = new Map<string, number>();
  const count = (who: string) => acts.set(who, (acts.get(who) ?? 0) + 1);
  let dropped = false;
  for (let i = 0; i < 400; i++) {
    if (await host.locator('[data-hand-end]').isVisible()) break;
    const curtain = host.locator('[data-curtain]');
    if (await curtain.isVisible()) {
      await curtain.getByRole('button').click();
      continue;
    }
    const step = await stepOf();
    let acted = false;
    const hostLit = host.locator('[data-legal]:visible');
    if ((await hostLit.count()) > 0) {
      const declare = host.locator('[data-declare]');
      if (await declare.isVisible()) await declare.click();
      else await hostLit.first().click();
      acted = true;
      count('host');
    } else {
      for (const [seat, p] of devices) {
        if ((await p.locator('[data-legal]:visible').count()) === 0) continue;
        await tapOnce(p);
        acted = true;
        count(`device ${seat + 1}`);
        break;
      }
    }
    if (!acted) {
      await host.waitForTimeout(100);
      continue;
    }
    await expect
      .poll(async () => (await stepOf()) !== step || (await host.locator('[data-hand-end]').isVisible()) || (await host.locator('[data-legal]:visible').count()) + (await phone.p.locator('[data-legal]:visible').count()) + (await laptop.p.locator('[data-legal]:visible').count()) > 0)
      .toBe(true);

    // Midway the phone drops (its page reloads, as a phone that dropped the tab does) and holds its seat again within 2 s.
    if (!dropped && step >= 6) {
      dropped = true;
      await phone.p.reload();
      await expect(phone.p.locator('[data-status="joined"]')).toBeVisible();
      await expect(phone.p.locator('[data-my-seat="1"]')).toBeVisible();
      // The page's own time from its start to the host's welcome.
      await expect(phone.p.locator('[data-status]')).toHaveAttribute('data-joined-ms', /^\d+$/);
      expect(Number(await phone.p.locator('[data-status]').getAttribute('data-joined-ms'))).toBeLessThan(2000);
    }
  }
  expect(dropped).toBe(true);
  // Every seat acted from its own screen: the host's person, the phone and the laptop.
  expect([...acts.keys()].sort()).toEqual(['device 2', 'device 3', 'host']);
  // The hand's settlement, at the host and on both devices.
  await expect(host.locator('[data-hand-end]')).toBeVisible();
  for (const [, p] of devices) await expect(p.locator('[data-hand-end]')).toBeVisible();
  await phone.p.evaluate('document.fonts.ready.then(() => undefined)');
  await phone.p.screenshot({ path: join(SHOTS, 'lan-phone-settlement.png') });

  // Privacy, against the match as the host's save records it.
  const handsAt = await savedDoufuHands(host);
  expect(checkDoufuFrames(frames, handsAt)).toBeGreaterThan(10);
  for (const text of spectatorFrames) {
    const msg = JSON.parse(text) as { t: string; packet?: LanPacket<DoufuView> };
    if (msg.t !== 'packet') continue;
    const p = msg.packet!;
    expect(p.seat).toBeNull();
    expect(p.legal).toEqual([]);
    const rest = JSON.stringify({ ...p, view: { ...p.view, firstDraw: [] } });
    handsAt.get(p.step)!.forEach((hand, seat) => {
      const known = new Set(p.view.known[seat] ?? []);
      for (const card of hand) if (!known.has(card)) expect(rest.includes(`"${card}"`), `the spectator was sent ${card} of seat ${seat + 1}'s hand`).toBe(false);
    });
  }
  expect(spectatorFrames.length).toBeGreaterThan(5);
  expect(watcherErrors).toEqual([]);
  expect(hostErrors).toEqual([]);
  expect(phone.errors).toEqual([]);
  expect(laptop.errors).toEqual([]);
  await phoneCtx.close();
  await laptopCtx.close();
  await call(host, IpcChannel.LAN_STOP, null);
});

test('LAN server alone (the host’s side played through the lan:* API): a 3-seat 斗福 hand with two devices, a drop and rejoin, the link offline and back, and no seat ever sent another seat’s hand', async ({ page: hostPage, browser }) => {
  test.setTimeout(240_000);
  await hostPage.goto('/');
  const host = new HostSide(hostPage, [1, 2]);
  const info = await call<LanInfo>(hostPage, IpcChannel.LAN_START, { game: 'doufu', project: 'doufu', title: TITLE, port: LAN_PORT, players: 3, remote: [1, 2], spectator: false });
  try {
    expect(info.running).toBe(true);
    const links = new Map(info.seats.map((l) => [l.seat, `http://127.0.0.1:${LAN_PORT}/j/${l.token}`]));
    await host.publish();
    const pumping = host.pump();

    // Two devices, each its own browser context (no shared storage): a phone for seat 2, a laptop for seat 3.
    const phoneCtx = await browser.newContext(PHONE);
    const laptopCtx = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'zh-CN' });
    const frames = new Map<number, { text: string; at: number }[]>([
      [1, []],
      [2, []],
    ]);
    const open = (ctx: typeof phoneCtx, seat: number) => openDevice(ctx, links.get(seat)!, 'doufu', (text) => frames.get(seat)!.push({ text, at: Date.now() }));
    const phone = await open(phoneCtx, 1);
    const laptop = await open(laptopCtx, 2);
    const devices = new Map([
      [1, phone.p],
      [2, laptop.p],
    ]);
    await deviceFontsReady(phone.p);
    await expect(phone.p.locator('[data-my-seat="1"]')).toContainText('座位 2');
    await expect(laptop.p.locator('[data-my-seat="2"]')).toContainText('座位 3');
    // The host sees both devices connected.
    await expect.poll(async () => (await call<LanInfo>(hostPage, IpcChannel.LAN_STATUS, null)).seats.map((s) => s.connected)).toEqual([1, 1]);
    await phone.p.screenshot({ path: join(LOOK, 'lan-server-phone.png') });

    // Play the first hand to its settlement: seat 1 at the host, seats 2 and 3 on their devices.
    let dropped = false;
    for (let i = 0; i < 400 && host.match.state.handsDone === 0; i++) {
      const seat = deciding(host);
      const step = host.match.length;
      if (seat === 0) {
        expect(host.apply(hostChoice(doufu.legalMoves(host.match.state, 0)))).toBe(true);
        await host.publish();
        continue;
      }
      const device = devices.get(seat)!;
      await expect(device.locator('[data-seat-board]')).toHaveAttribute('data-step', String(step));
      await tapOnce(device);
      // A pick keeps the step (a card is held); a move moves it on.
      await expect.poll(async () => host.match.length !== step || (await device.locator('[data-legal]:visible').count()) > 0).toBe(true);

      // Midway, the phone drops (its page reloads, as a phone that killed the tab in the background
      // does) and must hold its seat again within 2 s.
      if (!dropped && host.match.length >= 6 && seat === 1) {
        dropped = true;
        await phone.p.reload();
        await expect(phone.p.locator('[data-status="joined"]')).toBeVisible();
        await expect(phone.p.locator('[data-my-seat="1"]')).toBeVisible();
        await expect(phone.p.locator('[data-seat-board]')).toHaveAttribute('data-step', String(host.match.length));
        // The page's own time from its start to the host's welcome.
        await expect(phone.p.locator('[data-status]')).toHaveAttribute('data-joined-ms', /^\d+$/);
        expect(Number(await phone.p.locator('[data-status]').getAttribute('data-joined-ms'))).toBeLessThan(2000);
      }
    }
    expect(dropped).toBe(true);
    expect(host.match.state.handsDone).toBe(1);
    // Every device shows the settlement of the hand.
    for (const [, p] of devices) await expect(p.locator('[data-hand-end]')).toBeVisible();
    await phone.p.evaluate('document.fonts.ready.then(() => undefined)');
    await phone.p.screenshot({ path: join(LOOK, 'lan-server-phone-settlement.png') });

    // The phone's link goes offline (Wi-Fi blip) and comes back: the same seat, at once.
    await phoneCtx.setOffline(true);
    await expect(phone.p.locator('[data-status="reconnecting"]')).toBeVisible({ timeout: 10_000 });
    await phoneCtx.setOffline(false);
    const t1 = Date.now();
    await expect(phone.p.locator('[data-status="joined"]')).toBeVisible({ timeout: 2000 });
    expect(Date.now() - t1).toBeLessThan(2000);
    await expect(phone.p.locator('[data-my-seat="1"]')).toBeVisible();

    // Privacy: no frame to a seat ever held a card in another seat's hand at that step (unless the
    // seat was shown it: the view's `known`).
    host.stopped = true;
    await pumping;
    expect(checkDoufuFrames(frames, host.handsAt)).toBeGreaterThan(10);

    // The host stops inviting: every device says the table closed, with the host's reason, and stops reconnecting.
    await call(hostPage, IpcChannel.LAN_STOP, null);
    for (const [, p] of devices) {
      await expect(p.locator('[data-message="closed"]')).toBeVisible();
      await expect(p.locator('[data-closed-reason]')).not.toBeEmpty();
    }
    await laptop.p.screenshot({ path: join(LOOK, 'lan-server-closed.png') });
    // While it was offline the browser itself logged each failed reconnect: expected, and nothing else.
    expect(phone.errors.filter((e) => !/WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/ws' failed: .*ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    expect(laptop.errors).toEqual([]);
    await phoneCtx.close();
    await laptopCtx.close();
  } finally {
    host.stopped = true;
    await call(hostPage, IpcChannel.LAN_STOP, null);
  }
});
