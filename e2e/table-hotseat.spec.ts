import { expect, test, type Page } from '@playwright/test';
import { fontsReady, freshStart, openDoufuTable, watchErrors, setBotPace } from './page-helpers';

/**
 * Hot seat: two people and a bot at one screen. Whenever the decision passes from one person to the
 * other, a curtain hides the table's private part until the next person takes the screen; nobody
 * ever sees another's hand (not on the table, not in the log), and bots' draws stay hidden from both.
 */

const SEED = 'e2e-hotseat-1';

/** The hand cards on screen (face up at the bottom). */
const handCards = (page: Page) => page.locator('[data-spot^="hand:"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));

test('table: pass-and-play between two people keeps each hand private', async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  await openDoufuTable(page);
  await expect(page.getByRole('heading', { name: /新对局/ })).toBeVisible();
  await page.getByRole('radio', { name: '3 人' }).check();
  await page.locator('[data-seat-kind="0-human"]').click();
  await page.locator('[data-seat-kind="1-human"]').click();
  await page.locator('[data-seat-kind="2-bot"]').click();
  await page.getByLabel('随机种子').fill(SEED);
  await page.getByRole('button', { name: '开始对局' }).click();
  const bar = page.getByRole('toolbar', { name: '牌桌工具栏' });
  await setBotPace(page, 0);
  await fontsReady(page);

  const seen: Record<number, number> = { 0: 0, 1: 0 };
  let onScreen: number | null = null;
  let handovers = 0;
  let ownDrawShown = false;
  let hiddenDrawShown = false;
  for (let i = 0; i < 120 && handovers < 6; i++) {
    const next = page.locator('[data-curtain], [data-legal], [data-hand-end]').first();
    await next.waitFor({ state: 'visible', timeout: 30_000 });
    if (await page.locator('[data-hand-end]').count()) {
      await page.getByRole('button', { name: '下一盘' }).click();
      continue;
    }
    const curtain = page.locator('[data-curtain]');
    if (await curtain.count()) {
      const seat = Number(await curtain.getAttribute('data-curtain'));
      expect([0, 1]).toContain(seat);
      // Behind the curtain: no hand is rendered at all, and the log tells nobody's draws.
      expect(await handCards(page)).toEqual([]);
      await expect(page.locator('[data-log-lines]')).not.toContainText(/座位 [123] 摸到/);
      if (onScreen !== null) expect(seat).not.toBe(onScreen); // the curtain falls only between two people
      await curtain.getByRole('button').click();
      onScreen = seat;
      handovers++;
      seen[seat]!++;
      await expect(page.locator(`[data-side="${seat}"]`)).toContainText('你');
      continue;
    }
    // A person's decision: only their own hand is face up; the other person's and the bot's draws
    // show in the log without the card.
    expect(onScreen).not.toBeNull();
    const other = onScreen === 0 ? 2 : 1; // seat names are 1-based: seat 0 is 座位 1
    await expect(page.locator('[data-log-lines]')).not.toContainText(new RegExp(`座位 [${other}3] 摸到`));
    expect((await handCards(page)).every((c) => c !== null)).toBe(true);
    const log = (await page.locator('[data-log-lines]').textContent()) ?? '';
    if (log.includes(`座位 ${onScreen! + 1} 摸到`)) ownDrawShown = true; // the patterns above match real lines
    if (/座位 \d 摸了一张牌/.test(log)) hiddenDrawShown = true;
    await page.locator('[data-legal]').first().click();
  }
  expect(ownDrawShown).toBe(true);
  expect(hiddenDrawShown).toBe(true);
  expect(handovers).toBeGreaterThanOrEqual(4);
  expect(seen[0]).toBeGreaterThan(0);
  expect(seen[1]).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
