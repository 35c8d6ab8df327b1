import { expect, test, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { LAN_PROTOCOL, type LanHostMessage } from '../src/shared/lan/protocol';
import { freshStart, openDoufuTable, setBotPace, watchErrors } from './page-helpers';
import { lanPort, startDoufuMatch } from './lan-helpers';

/**
 * The host's side of the LAN table: a 斗福 match with seat 2 invited from the toolbar's "Invite
 * players"; a device (a WebSocket client here: the join page is tested with it in its own spec)
 * joins by the seat's link, receives only its seat's packets, and plays its decisions; the host
 * screen waits for it, then goes on. Stopping tells the device and closes the port.
 */

/** A LAN port of this spec (the unit tests' ports are 47816–47819; one runs at a time). */
const LAN_PORT = lanPort(47816);
const SEED = 'e2e-lan-host-1';

/** A device on a seat's link: every message it got, and a way to wait for one. */
function device(url: string) {
  const token = url.split('/j/')[1]!;
  const ws = new WebSocket(url.replace(/^http:/, 'ws:').replace(/\/j\/.*$/, '/ws'));
  const got: LanHostMessage[] = [];
  const raw: string[] = [];
  ws.on('message', (d) => {
    raw.push(String(d));
    got.push(JSON.parse(String(d)) as LanHostMessage);
  });
  ws.on('open', () => ws.send(JSON.stringify({ t: 'hello', v: LAN_PROTOCOL, token })));
  let closed = false;
  ws.on('close', () => (closed = true));
  return { ws, got, raw, closed: () => closed };
}

async function bar(page: Page) {
  return page.getByRole('toolbar', { name: '牌桌工具栏' });
}

test('LAN host: invite a seat, a device plays it with only its own view, stop closes it', async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  await openDoufuTable(page);
  await startDoufuMatch(page, SEED, ['human', 'human', 'bot']);
  await setBotPace(page, 0);

  // Invite seat 2 (座位 2): the panel ticks the other people's seats at first.
  await (await bar(page)).getByRole('button', { name: '邀请玩家' }).click();
  const panel = page.locator('[data-lan-panel]');
  await expect(panel).toBeVisible();
  await expect(panel.locator('[data-lan-choose="1"]')).toBeChecked();
  await expect(panel.locator('[data-lan-choose="2"]')).toBeDisabled(); // a bot's seat
  await panel.locator('[data-lan-port]').fill(String(LAN_PORT));
  await panel.locator('[data-lan-spectator]').uncheck();
  await panel.locator('[data-lan-start]').click();
  const link = panel.locator('[data-lan-url="1"]');
  await expect(link).toContainText(`:${LAN_PORT}/j/`);
  await expect(panel.locator('[data-lan-seat="1"] img')).toBeVisible();
  if (process.env.UPDATE_SCREENSHOTS) await panel.screenshot({ path: 'docs/screenshots/lan-invite.png' });
  const url = `http://${(await link.textContent())!.trim()}`;
  const status = await page.request.post('/api/lan:status', { data: null }).then((r) => r.json());
  const lanUrl: string = status.value.seats[0].urls.find((u: string) => u.includes('127.0.0.1'));
  expect(lanUrl.endsWith(url.split('/j/')[1]!)).toBe(true);

  // The join page is served at the link; the app's own page and API are not.
  expect((await page.request.get(lanUrl)).status()).not.toBe(404);
  expect((await page.request.get(`http://127.0.0.1:${LAN_PORT}/`)).status()).toBe(404);
  expect((await page.request.post(`http://127.0.0.1:${LAN_PORT}/api/projects:list`, { data: null })).status()).toBe(405);

  const d = device(lanUrl);
  await expect.poll(() => d.got.find((m) => m.t === 'welcome')).toMatchObject({ seat: 1, game: 'doufu' });
  await expect(panel.locator('[data-lan-seat="1"] [data-lan-connected]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect((await bar(page)).getByRole('button', { name: /邀请中 · 1 台设备/ })).toBeVisible();

  // Play: the person at seat 1 acts here; seat 2's decisions come from the device.
  let deviceMoves = 0;
  for (let i = 0; i < 200 && deviceMoves < 3; i++) {
    const last = [...d.got].reverse().find((m) => m.t === 'packet');
    if (last?.t === 'packet' && last.packet.legal.length && !last.packet.held) {
      // The host screen waits for the device meanwhile.
      await expect(page.locator('[data-lan-waiting="1"]')).toBeVisible();
      if (process.env.UPDATE_SCREENSHOTS && deviceMoves === 0) await page.screenshot({ path: 'docs/screenshots/lan-host-waiting.png' });
      const n = deviceMoves;
      d.ws.send(JSON.stringify({ t: 'move', n, at: last.packet.step, move: last.packet.legal[0] }));
      await expect.poll(() => d.got.some((m) => m.t === 'packet' && m.packet.step > last.packet.step) || d.got.some((m) => m.t === 'refused' && m.n === n)).toBe(true);
      expect(d.got.find((m) => m.t === 'refused' && m.n === n)).toBeUndefined();
      deviceMoves++;
      continue;
    }
    const local = page.locator('[data-legal], [data-hand-end]').first();
    if (await local.isVisible().catch(() => false)) {
      if (await page.locator('[data-hand-end]').count()) await page.getByRole('button', { name: '下一盘' }).click();
      else await page.locator('[data-legal]').first().click();
    }
    await page.waitForTimeout(150);
  }
  expect(deviceMoves).toBe(3);

  // Every packet the device got was its own seat's: its hand, and no other seat's.
  const packets = d.got.filter((m) => m.t === 'packet');
  expect(packets.length).toBeGreaterThan(3);
  for (const m of packets) {
    if (m.t !== 'packet') continue;
    expect(m.packet.seat).toBe(1);
    const view = m.packet.view as { seat: number | null; hand?: unknown };
    expect(view.seat).toBe(1);
  }

  // Stop: the device is told, its socket closes, the port is free.
  await (await bar(page)).locator('[data-lan-invite]').click();
  await panel.locator('[data-lan-stop]').click();
  await expect.poll(() => d.closed()).toBe(true);
  expect(d.got.at(-1)).toMatchObject({ t: 'closed' });
  await expect(page.request.get(lanUrl)).rejects.toThrow();
  expect(errors).toEqual([]);
});
