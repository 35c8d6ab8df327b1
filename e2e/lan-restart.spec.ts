import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { LanInfo } from '../src/shared/ipc/lan';
import { IpcChannel } from '../src/shared/ipc/contract';
import { sessionCookieName } from '../src/main/web-session';
import { call, setBotPace, watchErrors } from './page-helpers';

/**
 * A host restart on the LAN table: a 斗福 match with seat 2 played on a phone (its own browser
 * context, joined by its link), seat 1 at the host, seat 3 a bot. After the phone has played, the
 * host app quits and starts again — here the browser mode's server process, stopped and started by
 * this spec — and the host page reloads. Taking the match up again brings the invitation back: the
 * same links on the same port, the panel saying so with its Stop button. The phone, which kept
 * trying meanwhile, gets its seat back on its own (same step, same hand) and plays on; a link of
 * no invitation is refused with the reason.
 */

/** This spec's own server (the shared one of the run cannot be restarted): FUQI_E2E_PORT + 100 unless set. */
const HOST_PORT = Number(process.env.FUQI_E2E_RESTART_PORT ?? Number(process.env.FUQI_E2E_PORT ?? 5178) + 100);
/** The LAN port of this spec (lan-host 47816, lan-table 47820–47821, unit tests 47816–47819). */
const LAN_PORT = 47841;
const SEED = 'e2e-lan-restart';
const LOOK = join(__dirname, '..', 'test-results', 'screenshots');
mkdirSync(LOOK, { recursive: true });

/** The app's browser-mode server, as `npm run web` runs it, with this run's folders (kept across restarts). */
class WebHost {
  #proc: ChildProcess | null = null;
  readonly dir = mkdtempSync(join(tmpdir(), 'fuqi-e2e-restart-'));
  readonly key = process.env.FUQI_E2E_SESSION_TOKEN!;

  async start(): Promise<void> {
    const proc = spawn(process.execPath, [join(__dirname, '..', 'out', 'main', 'web.js')], {
      env: {
        ...process.env,
        FUQI_PORT: String(HOST_PORT),
        FUQI_EXPORT_DIR: this.dir,
        FUQI_SAVES_DIR: join(this.dir, 'saves'),
        FUQI_PROJECTS_DIR: join(this.dir, 'projects'),
        FUQI_CACHE_DIR: join(this.dir, 'cache'),
        FUQI_SESSION_TOKEN: this.key,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#proc = proc;
    let said = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the web host did not start: ${said}`)), 30_000);
      const hear = (d: Buffer) => {
        said += String(d);
        if (said.includes('(browser mode) at')) {
          clearTimeout(timer);
          resolve();
        }
      };
      proc.stdout!.on('data', hear);
      proc.stderr!.on('data', (d: Buffer) => (said += String(d)));
      proc.once('exit', (code) => reject(new Error(`the web host exited (${code}): ${said}`)));
    });
  }

  /** Quit as the app does (SIGTERM: main's own shutdown runs) and wait until the process is gone. */
  async stop(): Promise<void> {
    const proc = this.#proc;
    this.#proc = null;
    if (!proc || proc.exitCode !== null) return;
    const gone = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill('SIGTERM');
    await gone;
  }
}

/** One tap on the phone: declare when offered, else the first lit place or button. */
async function tapOnce(page: Page): Promise<void> {
  const declare = page.locator('[data-declare]');
  if (await declare.isVisible()) return declare.click();
  await page.locator('[data-legal]:visible').first().click();
}

/** Play on (the host's seat at the host, the phone's seat on the phone) until the phone has made `moves` more moves. */
async function playUntilPhoneMoved(host: Page, phone: Page, moves: number): Promise<void> {
  const stepOf = async () => Number(await phone.locator('[data-seat-board]').getAttribute('data-step'));
  let made = 0;
  /** The step at which the phone began a move (a move may take two taps: a pool card, then a hand card). */
  let began: number | null = null;
  for (let i = 0; i < 300 && made < moves; i++) {
    if ((await host.locator('[data-hand-end]').count()) && (await host.getByRole('button', { name: '下一盘' }).isVisible())) {
      await host.getByRole('button', { name: '下一盘' }).click();
      continue;
    }
    const step = await stepOf();
    if (began !== null && step > began) {
      made++;
      began = null;
      continue;
    }
    if ((await phone.locator('[data-legal]:visible').count()) > 0) {
      began ??= step;
      await tapOnce(phone);
      await expect.poll(async () => (await stepOf()) > step || (await phone.locator('[data-legal]:visible').count()) > 0).toBe(true);
      continue;
    }
    const lit = host.locator('[data-legal]:visible');
    if ((await lit.count()) > 0) {
      const declare = host.locator('[data-declare]');
      if (await declare.isVisible()) await declare.click();
      else await lit.first().click();
    }
    await host.waitForTimeout(120);
  }
  expect(made).toBe(moves);
}

test('LAN host restart: the match and its invitation come back with the same links, and the phone plays on', async ({ browser }) => {
  test.setTimeout(180_000);
  const web = new WebHost();
  await web.start();
  const base = `http://127.0.0.1:${HOST_PORT}`;
  const hostCtx = await browser.newContext({
    baseURL: base,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    reducedMotion: 'reduce',
    storageState: { cookies: [{ name: sessionCookieName(HOST_PORT), value: web.key, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Strict' }], origins: [] },
  });
  const phoneCtx = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, locale: 'zh-CN', reducedMotion: 'reduce' });
  try {
    const host = await hostCtx.newPage();
    const hostErrors = await watchErrors(host);
    await host.goto('/');
    await host.getByRole('link', { name: '打开 斗福', exact: true }).click();
    await host.getByRole('link', { name: '牌桌', exact: true }).click();
    await host.getByRole('radio', { name: '3 人' }).check();
    await host.locator('[data-seat-kind="0-human"]').click();
    await host.locator('[data-seat-kind="1-human"]').click();
    await host.locator('[data-seat-kind="2-bot"]').click();
    await host.getByLabel('随机种子').fill(SEED);
    await host.getByRole('button', { name: '开始对局' }).click();
    await setBotPace(host, 0);

    // Invite seat 2 (and the spectator link) on this spec's port.
    await host.locator('[data-lan-invite]').click();
    const panel = host.locator('[data-lan-panel]');
    await panel.locator('[data-lan-port]').fill(String(LAN_PORT));
    await expect(panel.locator('[data-lan-choose="1"]')).toBeChecked();
    await panel.locator('[data-lan-start]').click();
    await expect(panel.locator('[data-lan-url="1"]')).toContainText(`:${LAN_PORT}/j/`);
    await expect(panel.locator('[data-lan-restored]')).toHaveCount(0);
    const shown = (await panel.locator('[data-lan-url="1"]').textContent())!.trim();
    const before = await call<LanInfo>(host, IpcChannel.LAN_STATUS, null);
    const seatLink = before.seats.find((l) => l.seat === 1)!;
    const phoneUrl = seatLink.urls.find((u) => u.includes('127.0.0.1'))!;
    await host.keyboard.press('Escape');

    // The phone joins by its link and plays a move.
    const phone = await phoneCtx.newPage();
    const phoneErrors = await watchErrors(phone);
    await phone.goto(phoneUrl);
    await expect(phone.locator('[data-status="joined"]')).toBeVisible();
    await expect(phone.locator('[data-seat-board="doufu"]')).toBeVisible();
    await playUntilPhoneMoved(host, phone, 1);
    const board = phone.locator('[data-seat-board]');
    const step = await board.getAttribute('data-step');
    const hand = await phone.locator('[data-zone="hand"]').innerText();

    // The host app quits: the phone is told the host is away and keeps trying (it does not give up).
    await web.stop();
    await expect(phone.locator('[data-status="reconnecting"]')).toBeVisible();
    await expect(phone.locator('[data-notice="link"]')).toContainText('自动重新连接');
    await expect(phone.locator('[data-message="closed"]')).toHaveCount(0);
    await phone.waitForTimeout(1500); // down a while: the phone retries against a closed port

    // The app starts again and its table reopens: taking the match up brings the invitation back.
    await web.start();
    await host.reload();
    await host.getByRole('button', { name: '继续这一局' }).click();
    await expect(panel).toBeVisible();
    await expect(panel.locator('[data-lan-restored]')).toContainText('邀请已恢复');
    await expect(panel.locator('[data-lan-stop]')).toBeVisible();
    await expect(panel.locator('[data-lan-url="1"]')).toHaveText(shown);
    const after = await call<LanInfo>(host, IpcChannel.LAN_STATUS, null);
    expect(after.port).toBe(LAN_PORT);
    expect(after.seats.map((l) => [l.seat, l.token])).toEqual(before.seats.map((l) => [l.seat, l.token]));
    expect(after.spectator?.token).toBe(before.spectator?.token);

    // The phone is back on its own, by the same URL, with its seat as it was.
    await expect(phone.locator('[data-status="joined"]')).toBeVisible();
    expect(phone.url()).toBe(phoneUrl);
    await expect(phone.locator('[data-my-seat]')).toHaveAttribute('data-my-seat', '1');
    await expect(board).toHaveAttribute('data-step', step!);
    expect(await phone.locator('[data-zone="hand"]').innerText()).toBe(hand);
    await expect(phone.locator('[data-notice="link"]')).toHaveCount(0);
    await expect(panel.locator('[data-lan-seat="1"] [data-lan-connected]')).toBeVisible();
    await panel.screenshot({ path: join(LOOK, 'lan-restart-panel.png') });
    await phone.screenshot({ path: join(LOOK, 'lan-restart-phone.png') });
    await host.keyboard.press('Escape');

    // And plays on.
    await playUntilPhoneMoved(host, phone, 1);

    // A link of no invitation is still refused, saying why.
    const stranger = await phoneCtx.newPage();
    await stranger.goto(`http://127.0.0.1:${LAN_PORT}/j/${'a'.repeat(19)}b`);
    await expect(stranger.locator('[data-status="refused"]')).toBeVisible();
    await expect(stranger.locator('[data-message="refused"]')).toContainText('这个链接无效');

    // While the host was down its table's polls failed (a console error each); nothing else went wrong.
    expect(hostErrors.filter((e) => !/Failed to load resource: net::ERR_(CONNECTION_REFUSED|EMPTY_RESPONSE|CONNECTION_RESET)/.test(e))).toEqual([]);
    expect(phoneErrors.filter((e) => !/WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/ws' failed/.test(e))).toEqual([]);
    await host.locator('[data-lan-invite]').click();
    await panel.locator('[data-lan-stop]').click();
    await expect(phone.locator('[data-status="closed"]')).toBeVisible();
  } finally {
    await hostCtx.close();
    await phoneCtx.close();
    await web.stop();
  }
});
