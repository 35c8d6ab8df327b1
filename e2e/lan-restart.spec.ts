import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import type { LanInfo } from '../src/shared/ipc/lan';
import { IpcChannel } from '../src/shared/ipc/contract';
import type { LanHostMessage } from '../src/shared/lan/protocol';
import { call, openDoufuTable, setBotPace, watchErrors } from './page-helpers';
import { checkDoufuFrames, lanPort, openDevice, PHONE, playUntilPhoneActs, playUntilPhoneMoved, savedDoufuHands, startDoufuMatch, WebHost } from './lan-helpers';

/**
 * A host restart on the LAN table: a 斗福 match with seat 2 played on a phone (its own browser
 * context, joined by its link), seat 1 at the host, seat 3 a bot. After the phone has played, the
 * host app goes away and starts again — here the browser mode's server process, stopped or killed
 * and started by this spec — and the host page reloads. Taking the match up again brings the
 * invitation back: the same links on the same port, the panel saying so with its Stop button. The
 * phone, which kept trying meanwhile, gets its seat back on its own (same step, same hand) and
 * plays on; a link of no invitation is refused with the reason.
 *
 * The host quits (SIGTERM: main tells the devices it is away) in the first test and crashes
 * (SIGKILL: nothing is said, the phone only sees its socket drop) in the second.
 */

/** The LAN port of this spec (lan-host 47816, lan-table 47820–47821, lan-sandbox 47831, unit tests 47816–47819). */
const LAN_PORT = lanPort(47841);
const LOOK = join(__dirname, '..', 'test-results', 'screenshots');
mkdirSync(LOOK, { recursive: true });
/** What the browser logs while the host is down: the table's polls and the phone's reconnects failing. */
const HOST_DOWN = /Failed to load resource: net::ERR_(CONNECTION_REFUSED|EMPTY_RESPONSE|CONNECTION_RESET)/;
const PHONE_RETRY = /WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/ws' failed/;

/** A 斗福 match at the web host with seat 2 invited (and the spectator link), and a phone holding seat 2. */
async function invitedTable(browser: Browser, web: WebHost, seed: string, onFrame?: (text: string) => void) {
  const hostCtx = await web.context(browser);
  const phoneCtx = await browser.newContext({ ...PHONE, reducedMotion: 'reduce' });
  const host = await hostCtx.newPage();
  const hostErrors = await watchErrors(host);
  await host.goto('/');
  await openDoufuTable(host);
  await startDoufuMatch(host, seed, ['human', 'human', 'bot']);
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

  // The phone joins by its link.
  const { p: phone, errors: phoneErrors } = await openDevice(phoneCtx, phoneUrl, 'doufu', onFrame);
  return { hostCtx, phoneCtx, host, hostErrors, panel, shown, before, phoneUrl, phone, phoneErrors };
}
type Invited = Awaited<ReturnType<typeof invitedTable>>;

/** The app starts again and its table reopens: taking the match up brings the invitation back, the same links on the same port. */
async function reopen(web: WebHost, t: Invited): Promise<void> {
  const { host, panel } = t;
  await web.start();
  await host.reload();
  await host.getByRole('button', { name: '继续这一局' }).click();
  await expect(panel).toBeVisible();
  await expect(panel.locator('[data-lan-restored]')).toContainText('邀请已恢复');
  await expect(panel.locator('[data-lan-stop]')).toBeVisible();
  await expect(panel.locator('[data-lan-url="1"]')).toHaveText(t.shown);
  const after = await call<LanInfo>(host, IpcChannel.LAN_STATUS, null);
  expect(after.port).toBe(LAN_PORT);
  expect(after.seats.map((l) => [l.seat, l.token])).toEqual(t.before.seats.map((l) => [l.seat, l.token]));
  expect(after.spectator?.token).toBe(t.before.spectator?.token);
}

/** The phone is back on its own, by the same URL, with its seat as it was (`step`, `hand`). */
async function phoneBack(t: Invited, step: string, hand: string): Promise<void> {
  const { phone } = t;
  await expect(phone.locator('[data-status="joined"]')).toBeVisible();
  expect(phone.url()).toBe(t.phoneUrl);
  await expect(phone.locator('[data-my-seat]')).toHaveAttribute('data-my-seat', '1');
  await expect(phone.locator('[data-seat-board]')).toHaveAttribute('data-step', step);
  expect(await phone.locator('[data-zone="hand"]').innerText()).toBe(hand);
  await expect(phone.locator('[data-notice="link"]')).toHaveCount(0);
  await expect(t.panel.locator('[data-lan-seat="1"] [data-lan-connected]')).toBeVisible();
}

/** A link of no invitation is still refused, saying why (`why`, in the phone's language). */
async function strangerRefused(t: Invited, why: string): Promise<void> {
  const stranger = await t.phoneCtx.newPage();
  await stranger.goto(`http://127.0.0.1:${LAN_PORT}/j/${'a'.repeat(19)}b`);
  await expect(stranger.locator('[data-status="refused"]')).toBeVisible();
  await expect(stranger.locator('[data-message="refused"]')).toContainText(why);
}

/**
 * A table of its own web host (started here), invited with a phone on it, played by `play`; then
 * nothing but the host's absence went wrong, and stopping the invitation closes the phone's table.
 */
async function atInvitedTable(browser: Browser, seed: string, play: (t: Invited, web: WebHost) => Promise<void>, onFrame?: (text: string) => void): Promise<void> {
  const web = new WebHost();
  await web.start();
  let t: Invited | null = null;
  try {
    t = await invitedTable(browser, web, seed, onFrame);
    await play(t, web);
    // While the host was down its table's polls failed (a console error each), and so did the phone's reconnects; nothing else went wrong.
    expect(t.hostErrors.filter((e) => !HOST_DOWN.test(e))).toEqual([]);
    expect(t.phoneErrors.filter((e) => !PHONE_RETRY.test(e))).toEqual([]);
    await t.host.locator('[data-lan-invite]').click();
    await t.panel.locator('[data-lan-stop]').click();
    await expect(t.phone.locator('[data-status="closed"]')).toBeVisible();
  } finally {
    await t?.hostCtx.close();
    await t?.phoneCtx.close();
    await web.stop();
  }
}

test('LAN host restart: the match and its invitation come back with the same links, and the phone plays on', async ({ browser }) => {
  test.setTimeout(180_000);
  await atInvitedTable(browser, 'e2e-lan-restart', async (t, web) => {
    const { host, phone, panel } = t;
    // The phone plays a move.
    await playUntilPhoneMoved(host, phone, 1);
    const step = (await phone.locator('[data-seat-board]').getAttribute('data-step'))!;
    const hand = await phone.locator('[data-zone="hand"]').innerText();

    // The host app quits: the phone is told the host is away and keeps trying (it does not give up).
    await web.stop();
    await expect(phone.locator('[data-status="reconnecting"]')).toBeVisible();
    await expect(phone.locator('[data-notice="link"]')).toContainText('自动重新连接');
    await expect(phone.locator('[data-message="closed"]')).toHaveCount(0);
    await phone.waitForTimeout(1500); // down a while: the phone retries against a closed port

    await reopen(web, t);
    await phoneBack(t, step, hand);
    await panel.screenshot({ path: join(LOOK, 'lan-restart-panel.png') });
    await phone.screenshot({ path: join(LOOK, 'lan-restart-phone.png') });
    await host.keyboard.press('Escape');

    // And plays on.
    await playUntilPhoneMoved(host, phone, 1);
    await strangerRefused(t, '这个链接无效');
  });
});

test('LAN host crash: the phone, mid-game, keeps its seat and only its own cards while the host is gone, and plays on when it is back', async ({ browser }) => {
  test.setTimeout(180_000);
  /** Every frame the phone received, across the crash. */
  const frames: { text: string }[] = [];
  const onFrame = (text: string) => frames.push({ text });
  await atInvitedTable(browser, 'e2e-lan-crash', async (t, web) => {
    const { host, phone } = t;
    // The phone's player reads English.
    await phone.getByRole('button', { name: 'English' }).click();
    await expect(phone.locator('[data-status]')).toHaveText('Connected');
    // Mid-game: the phone has played twice and is to act again.
    await playUntilPhoneMoved(host, phone, 2);
    await playUntilPhoneActs(host, phone);
    const step = (await phone.locator('[data-seat-board]').getAttribute('data-step'))!;
    const hand = await phone.locator('[data-zone="hand"]').innerText();
    const heard = frames.length;

    // The host crashes: nothing is said (no `closed`), the phone's socket drops. It says, in its
    // player's language, that it is reconnecting; it offers no move meanwhile.
    await web.kill();
    await expect(phone.locator('[data-status="reconnecting"]')).toHaveText('Link lost; reconnecting…');
    await expect(phone.locator('[data-legal]:visible')).toHaveCount(0);
    await expect(phone.locator('[data-prompt] [data-offline]')).toHaveText('Not connected to the host: you can act again once the link is back.');
    await expect(phone.locator('[data-message="closed"]')).toHaveCount(0);
    expect(frames.slice(heard).map((f) => (JSON.parse(f.text) as { t: string }).t)).not.toContain('closed');
    // Nothing holds the LAN port while the host is down.
    await expect(t.hostCtx.request.get(t.phoneUrl)).rejects.toThrow();
    // Down a while (several retries against a closed port): it never gives up, never drops its
    // seat, and shows its own hand as it was.
    for (let i = 0; i < 6; i++) {
      await phone.waitForTimeout(500);
      await expect(phone.locator('[data-status]')).toHaveAttribute('data-status', 'reconnecting');
      await expect(phone.locator('[data-my-seat]')).toHaveAttribute('data-my-seat', '1');
      expect(await phone.locator('[data-zone="hand"]').innerText()).toBe(hand);
    }
    await phone.screenshot({ path: join(LOOK, 'lan-crash-phone-reconnecting.png') });

    // The app starts again with the same folders and its table reopens: the invitation is back.
    await reopen(web, t);
    await phoneBack(t, step, hand);
    await expect(phone.locator('[data-status]')).toHaveText('Connected');
    await expect(phone.locator('[data-legal]:visible').first()).toBeVisible();
    await expect(phone.locator('[data-offline]')).toHaveCount(0);
    await host.keyboard.press('Escape');

    // It plays on.
    await playUntilPhoneMoved(host, phone, 2);
    await strangerRefused(t, 'This link is not valid');

    // Its seat all along, welcomed before and after the crash, and never a card of another
    // seat's hand in any frame it got, against the host's save of the match.
    const welcomes = frames.map((f) => JSON.parse(f.text) as LanHostMessage).filter((m) => m.t === 'welcome');
    expect(welcomes.length).toBeGreaterThanOrEqual(2);
    expect(new Set(welcomes.map((m) => m.seat))).toEqual(new Set([1]));
    expect(checkDoufuFrames(new Map([[1, frames]]), await savedDoufuHands(host))).toBeGreaterThan(5);
  }, onFrame);
});
