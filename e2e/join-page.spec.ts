import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { doufu } from '../src/shared/games/doufu';
import { douLaoban } from '../src/shared/games/dou-laoban';
import { zodiacRace } from '../src/shared/games/zodiac-race';
import { moyuWang } from '../src/shared/games/moyu-wang';
import { douShisi } from '../src/shared/games/dou-shisi';
import { readTableFile, sandbox, type SandboxMove, type SandboxState } from '../src/shared/games/sandbox';
import type { DoufuMove } from '../src/shared/games/doufu/types';
import { IpcChannel } from '../src/shared/ipc/contract';
import { deviceFontsReady, FakeLanHost } from './lan-fake-host';
import { watchErrors } from './page-helpers';

/**
 * The join page on a phone, against a stand-in host that runs the real engine (lan-fake-host.ts):
 * the seat joins by its link, plays its own 斗福 seat by tapping to a hand's settlement, switches
 * language, survives a drop, and a link that is not a seat's says so. The whole-app LAN table
 * (the real host, two devices) is lan-table.spec.ts. UPDATE_SCREENSHOTS=1 refreshes docs/screenshots.
 */
const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');
mkdirSync(SHOTS, { recursive: true });
/** Shots of the stand-in host's 斗福 match: looked at, not published (the README's 斗福 shots come from lan-table.spec.ts). */
const LOOK = join(__dirname, '..', 'test-results', 'screenshots');
mkdirSync(LOOK, { recursive: true });
const PHONE = { width: 360, height: 740 };

/** Bots that end hands soon: declare whenever they may, else their first legal move. */
const eager = (legal: DoufuMove[]) => legal.find((m) => m.type === 'declare') ?? legal.find((m) => m.type !== 'decline' && m.type !== 'pass') ?? legal[0]!;

/** Tap through the seat's decisions (declaring when it may) until the hand-end shows. */
async function playToHandEnd(page: Page, host: FakeLanHost<unknown, DoufuMove, unknown>): Promise<void> {
  const end = page.locator('[data-hand-end]');
  for (let i = 0; i < 300 && !(await end.isVisible()); i++) {
    const step = await page.locator('[data-seat-board]').getAttribute('data-step');
    const declare = page.locator('[data-declare]');
    const lit = page.locator('[data-legal]:visible');
    if (await declare.isVisible()) await declare.click();
    else if ((await lit.count()) > 0) await lit.first().click();
    else {
      await page.waitForTimeout(50);
      continue;
    }
    // The host answered: a new packet, a hand end, or (a pick) the same step with a card held.
    await expect.poll(async () => (await end.isVisible()) || (await page.locator('[data-seat-board]').getAttribute('data-step')) !== step || (await page.locator('[data-legal]:visible').count()) > 0).toBe(true);
  }
  await expect(end).toBeVisible();
  expect(host.match.state).toBeTruthy();
}

test('join page: a phone plays its 斗福 seat to a settlement, in both languages, and rejoins after a reload', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'zh-CN' });
  const page = await context.newPage();
  const errors = await watchErrors(page);
  const host = new FakeLanHost(doufu as never, 3, [1], eager as never, 'join-page-e2e');
  host.runBots();
  await host.serve(page);

  await page.goto(`/j/${host.tokens[1]}`);
  const board = page.locator('[data-seat-board="doufu"]');
  await expect(board).toBeVisible();
  await expect(page.locator('[data-status="joined"]')).toBeVisible();
  await expect(page.locator('[data-my-seat="1"]')).toContainText('座位 2');
  await deviceFontsReady(page);
  // Its own hand, face up; the others' as backs and counts only.
  await expect(page.locator('[data-hand-of="1"] [data-card]').first()).toBeVisible();
  await expect(page.locator('[data-hand-count="0"]')).toBeVisible();
  await page.screenshot({ path: join(LOOK, 'join-doufu-phone.png'), fullPage: false });

  // The phone fits the width: nothing scrolls sideways.
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
  // Touch targets: the prompt's buttons and the lit cards are at least 44 px on their short side or a card.
  for (const b of await page.locator('[data-prompt] button').all()) expect((await b.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  await playToHandEnd(page, host as never);
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  await page.screenshot({ path: join(LOOK, 'join-doufu-phone-settlement.png') });
  await page.locator('[data-hand-end-ok]').click();
  await expect(page.locator('[data-hand-end]')).toHaveCount(0);

  // English on request, remembered.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('[data-my-seat="1"]')).toContainText('Seat 2');
  await expect(page.locator('[data-status="joined"]')).toContainText('Connected');
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  await page.screenshot({ path: join(LOOK, 'join-doufu-phone-en.png') });
  await page.getByRole('button', { name: '中文' }).click();

  // A reload (a phone that dropped the tab in the background) rejoins the same seat, by its resume id, in under 2 s.
  // The time is the page's own, from its start to the host's welcome (Playwright's polling left out).
  const stepBefore = await board.getAttribute('data-step');
  await page.reload();
  await expect(page.locator('[data-status="joined"]')).toBeVisible();
  await expect(page.locator('[data-my-seat="1"]')).toBeVisible();
  await expect(board).toHaveAttribute('data-step', stepBefore!);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-joined-ms', /^\d+$/);
  expect(Number(await page.locator('[data-status]').getAttribute('data-joined-ms'))).toBeLessThan(2000);
  expect(errors).toEqual([]);
  await context.close();
});

test('join page: a laptop-sized window shows the board with the log beside it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const errors = await watchErrors(page);
  const host = new FakeLanHost(doufu as never, 3, [2], eager as never, 'join-page-laptop');
  host.runBots();
  await host.serve(page);
  await page.goto(`/j/${host.tokens[2]}`);
  await expect(page.locator('[data-seat-board="doufu"]')).toBeVisible();
  await deviceFontsReady(page);
  await expect(page.locator('details.log')).toHaveAttribute('open', '');
  await page.screenshot({ path: join(LOOK, 'join-doufu-laptop.png') });
  expect(errors).toEqual([]);
  await context.close();
});

test('join page: a link that is not a seat’s, and a token no seat has, each say so in words', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, locale: 'zh-CN' });
  const page = await context.newPage();
  const host = new FakeLanHost(doufu as never, 3, [1], eager as never);
  await host.serve(page);
  // The join page under an address that is no seat's link (a mistyped one): it says so and opens no socket.
  const html = readFileSync(join(__dirname, '..', 'out', 'renderer', 'join.html'), 'utf8');
  await page.route(/\/j\/nope$/, (r) => r.fulfill({ status: 200, contentType: 'text/html', body: html }));
  let sockets = 0;
  page.on('websocket', () => sockets++);
  await page.goto('/j/nope');
  await expect(page.locator('[data-message="bad-link"]')).toContainText('不是座位链接');
  expect(sockets).toBe(0);
  // A token of the right shape that the host does not know: refused, and not retried.
  await page.goto(`/j/${'q'.repeat(20)}`);
  await expect(page.locator('[data-message="refused"]')).toBeVisible();
  await expect(page.locator('[data-message="refused"]')).toContainText('再试一次');
  await context.close();
});

test('join page: a phone plays its 生肖赛跑 seat (choose an animal, roll), its 斗老闆 seat (bid), its 摸鱼王 seat (a play), its 斗十四 seat, and a game without a device board says to play at the host', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'zh-CN' });
  const page = await context.newPage();
  const errors = await watchErrors(page);
  const host = new FakeLanHost(zodiacRace as never, 3, [0], undefined, 'join-page-zodiac');
  host.runBots();
  await host.serve(page);
  await page.goto(`/j/${host.tokens[0]}`);
  const board = page.locator('[data-seat-board="zodiac-race"]');
  await expect(board).toBeVisible();
  await deviceFontsReady(page);
  // Seat 1 decides first: every answer is a big button; answer the first few decisions by tapping.
  for (let i = 0; i < 6; i++) {
    const step = await board.getAttribute('data-step');
    const choice = page.locator('[data-prompt] [data-legal]').first();
    if (!(await choice.isVisible())) break;
    await choice.click();
    await expect.poll(async () => (await board.getAttribute('data-step')) !== step || (await page.locator('[data-prompt] [data-legal]').count()) > 0).toBe(true);
  }
  expect(host.match.length).toBeGreaterThan(0);
  await expect(page.locator('[data-tray="0"] [data-zodiac]')).not.toHaveAttribute('data-zodiac', '');
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  await page.screenshot({ path: join(SHOTS, 'lan-phone-zodiac.png') });
  expect(errors).toEqual([]);

  // 斗老闆 on the phone: bid by a big button, then the hand as cards to tap.
  const laoban = new FakeLanHost(douLaoban as never, 3, [0], undefined, 'join-page-laoban');
  laoban.runBots();
  const page2 = await context.newPage();
  const errors2 = await watchErrors(page2);
  await laoban.serve(page2);
  await page2.goto(`/j/${laoban.tokens[0]}`);
  const dl = page2.locator('[data-seat-board="dou-laoban"]');
  await expect(dl).toBeVisible();
  await expect(page2.locator('[data-hand]')).toHaveAttribute('data-hand', '17');
  const before = laoban.match.length;
  await page2.locator('[data-prompt] [data-legal]').first().click();
  await expect.poll(() => laoban.match.length).toBeGreaterThan(before);
  await page2.evaluate('document.fonts.ready.then(() => undefined)');
  await page2.screenshot({ path: join(SHOTS, 'lan-phone-laoban.png') });
  expect(errors2).toEqual([]);

  // 摸鱼王 on the phone: tap a card, play it (the host's engine applies it or says why).
  const moyu = new FakeLanHost(moyuWang as never, 4, [0], undefined, 'join-page-moyu');
  moyu.runBots();
  const page3 = await context.newPage();
  const errors3 = await watchErrors(page3);
  await moyu.serve(page3);
  await page3.goto(`/j/${moyu.tokens[0]}`);
  await expect(page3.locator('[data-seat-board="moyu-wang"]')).toBeVisible();
  const mwBefore = moyu.match.length;
  for (let i = 0; i < 4 && moyu.match.length === mwBefore; i++) {
    const prompt = await page3.locator('[data-prompt]').getAttribute('data-prompt');
    if (prompt === 'play') {
      await page3.locator('[data-hand] button').nth(i).click();
      await page3.locator('[data-play]').click();
    } else await page3.locator('[data-prompt] button').first().click();
    await expect.poll(async () => moyu.match.length > mwBefore || (await page3.locator('[role="alert"]').count()) > 0).toBe(true);
    if (await page3.locator('[role="alert"]').count()) await page3.locator('[data-notice] .close').click();
  }
  expect(moyu.match.length).toBeGreaterThan(mwBefore);
  await page3.evaluate('document.fonts.ready.then(() => undefined)');
  await page3.screenshot({ path: join(SHOTS, 'lan-phone-moyu.png') });
  expect(errors3).toEqual([]);

  // 斗十四 on the phone: its first decision answered by a button or a tapped card.
  const shisi = new FakeLanHost(douShisi as never, 3, [0], undefined, 'join-page-shisi');
  shisi.runBots();
  const page4 = await context.newPage();
  const errors4 = await watchErrors(page4);
  await shisi.serve(page4);
  await page4.goto(`/j/${shisi.tokens[0]}`);
  await expect(page4.locator('[data-seat-board="dou-shisi"]')).toBeVisible();
  const dsBefore = shisi.match.length;
  const kind = await page4.locator('[data-prompt]').getAttribute('data-prompt');
  if (kind === 'discard') await page4.locator('[data-hand] button').first().click();
  else await page4.locator('[data-prompt] [data-legal]').first().click();
  await expect.poll(() => shisi.match.length).toBeGreaterThan(dsBefore);
  await page4.evaluate('document.fonts.ready.then(() => undefined)');
  await page4.screenshot({ path: join(SHOTS, 'lan-phone-shisi.png') });
  expect(errors4).toEqual([]);

  // A game without a device board says so, in words, instead of a blank page.
  const other = new FakeLanHost({ ...sandbox, id: 'no-device-board' } as never, 2, [1], (legal: SandboxMove[]) => legal.find((m) => m.type === 'pass')!, 'join-page-unboarded');
  other.runBots();
  const page5 = await context.newPage();
  await other.serve(page5);
  await page5.goto(`/j/${other.tokens[1]}`);
  await expect(page5.locator('[data-message="not-ready"]')).toContainText('这个游戏还没有手机视图');
  await expect(page5.locator('[data-message="not-ready"]')).toContainText('主机的屏幕');
  await context.close();
});

test('join page: a phone plays its sandbox seat (draw, play a card to the table, roll, a counter, end its turn) and never shows another seat’s hand', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'zh-CN' });
  const page = await context.newPage();
  const errors = await watchErrors(page);
  const rows = Array.from({ length: 16 }, (_, i) => ({ id: `card-${i + 1}`, fields: { id: `card-${i + 1}`, name: `Card ${i + 1}` } }));
  const table = { ...sandbox, defaultOptions: readTableFile(null, rows, ['id', 'name']).options };
  // The other seat passes at once, so the phone's seat is the one at the table.
  const host = new FakeLanHost(table as never, 2, [1], (legal: SandboxMove[]) => legal.find((m) => m.type === 'pass')!, 'join-page-sandbox');
  host.runBots();
  await host.serve(page);
  await page.goto(`/j/${host.tokens[1]}`);
  const board = page.locator('[data-seat-board="sandbox"]');
  await expect(board).toBeVisible();
  await deviceFontsReady(page);
  const state = () => host.match.state as SandboxState;
  const hand = page.locator('[data-hand-of="1"]');
  const handSize = () => state().zones['hand@1']!.length;
  await expect(hand).toHaveAttribute('data-hand', String(handSize()));
  /** No card of another seat's hand is ever in the page (by its place on the table). */
  const noOtherHand = async () => {
    const theirs = new Set(state().zones['hand@0']!.map(String));
    const shown = await page.locator('[data-card-i]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card-i')));
    expect(shown.filter((i) => theirs.has(i!))).toEqual([]);
    await expect(page.locator('[data-hand-count="0"]')).toBeVisible();
  };
  await noOtherHand();

  // Draw one from the deck.
  const before = handSize();
  await page.locator('[data-draw="deck"]').click();
  await expect(hand).toHaveAttribute('data-hand', String(before + 1));
  expect(handSize()).toBe(before + 1);
  for (const n of [2, 3]) {
    await page.locator('[data-draw="deck"]').click();
    await expect(hand).toHaveAttribute('data-hand', String(before + n));
  }

  // Tap a hand card, then the table's "put here": it lands there face up, by its id.
  const first = hand.locator('[data-card]').first();
  const id = await first.getAttribute('data-card');
  await first.click();
  await expect(page.locator('[data-prompt="place"]')).toBeVisible();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: join(LOOK, 'join-sandbox-phone-picked.png') });
  await page.locator('[data-put-to="table"]').click();
  await expect(page.locator('[data-zone="table"]')).toHaveAttribute('data-count', '1');
  await expect(page.locator(`[data-zone="table"] [data-card="${id}"]`)).toBeVisible();
  expect(state().zones.table!.map((i) => state().cards[i]!.c)).toEqual([id]);

  // Roll the die; count a point.
  await page.locator('[data-roll="d6"]').click();
  await expect(page.locator('[data-die="d6"]')).not.toHaveAttribute('data-face', '');
  await page.locator('[data-counter-plus="score@1"]').click();
  await expect(page.locator('[data-counter="score@1"]')).toHaveAttribute('data-value', '1');
  await noOtherHand();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
  for (const b of await page.locator('[data-seat-board] button.big:visible').all()) expect((await b.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // The language buttons are touch targets too, and the bar stays one row at 360 px.
  for (const b of await page.locator('.langs button').all()) {
    const box = (await b.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  }
  expect((await page.locator('header.bar').boundingBox())!.height).toBeLessThan(2 * 44);
  await page.evaluate('window.scrollTo(0, 0)');
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  await page.screenshot({ path: join(SHOTS, 'lan-phone-sandbox.png') });
  await page.screenshot({ path: join(LOOK, 'join-sandbox-phone-full.png'), fullPage: true });

  const step = host.match.length;
  // End the turn: the other seat passes back, and the phone may act again.
  await page.locator('[data-pass]').click();
  await expect.poll(() => host.match.length).toBeGreaterThan(step);
  await expect(page.locator('[data-prompt="act"]')).toBeVisible();
  await noOtherHand();

  // English.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('[data-pass]')).toContainText('End turn');
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  await page.screenshot({ path: join(LOOK, 'join-sandbox-phone-en.png') });
  expect(errors).toEqual([]);
  await context.close();
});

/** The files a built page loads (its scripts and style sheets, and what those load in turn), by name. */
function bundleOf(page: string): Map<string, string> {
  const dir = join(__dirname, '..', 'out', 'renderer');
  const names = readdirSync(join(dir, 'assets'));
  const files = new Map<string, string>();
  const queue = [readFileSync(join(dir, page), 'utf8')];
  while (queue.length) {
    const text = queue.pop()!;
    for (const n of names)
      if (!files.has(n) && text.includes(n) && /\.(js|css)$/.test(n)) {
        const body = readFileSync(join(dir, 'assets', n), 'utf8');
        files.set(n, body);
        queue.push(body);
      }
  }
  return files;
}

/** Where a bundle names one of the API's channels or its /api/ route. */
function apiNames(files: Map<string, string>): string[] {
  const hits: string[] = [];
  for (const [n, body] of files) {
    for (const c of Object.values(IpcChannel)) if (body.includes(`"${c}"`) || body.includes(`'${c}'`) || body.includes(`\`${c}\``)) hits.push(`${n}: ${c}`);
    if (/["'`]\/api\//.test(body)) hits.push(`${n}: /api/`);
  }
  return hits;
}

test('join page: the built bundle (join.html and every file it loads) names no API channel and no /api/ route', () => {
  const files = bundleOf('join.html');
  expect([...files.keys()].some((n) => n.startsWith('join-') && n.endsWith('.js'))).toBe(true);
  // The app's own entry is not among them.
  expect([...files.keys()].filter((n) => /^index-.*\.js$/.test(n))).toEqual([]);
  expect(apiNames(files)).toEqual([]);
  // The same reading of the app's page finds its channels (the check is not blind).
  expect(apiNames(bundleOf('index.html')).length).toBeGreaterThan(10);
});
