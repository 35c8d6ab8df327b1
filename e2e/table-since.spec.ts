import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fontsReady, freshStart, openDoufuTable, setBotPace, watchErrors } from './page-helpers';

/**
 * "Since your last turn": when a person's decision comes round after others moved — against bots,
 * and at every pass-and-play hand-over — a summary of the others' moves comes up beside the log,
 * and the table marks what they touched (斗福: the cards; 生肖赛跑: the pieces that moved). It goes
 * when the person acts. At a hand-over it tells the person nothing their own log would not (no
 * other hand's draws). With UPDATE_SCREENSHOTS set the README's picture is written.
 */

const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');

/** Take the first lit answer until the summary is up (the person's turn after the bots'). */
async function untilSince(page: Page, tries = 40): Promise<void> {
  for (let i = 0; i < tries; i++) {
    const next = page.locator('[data-since], [data-legal], [data-curtain], [data-hand-end]').first();
    await next.waitFor({ state: 'visible', timeout: 30_000 });
    if (await page.locator('[data-since]').count()) return;
    if (await page.locator('[data-hand-end]').count()) await page.locator('[data-next-hand]').click();
    else if (await page.locator('[data-curtain]').count()) await page.locator('[data-curtain]').getByRole('button').click();
    else await page.locator('[data-legal]').first().click();
  }
  throw new Error('no "since your last turn" summary came up');
}

test('斗福 against bots: the person’s turn opens with what the bots did, their cards marked; it goes when the person acts', async ({ page }) => {
  const errors = await watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await freshStart(page);
  await openDoufuTable(page);
  await page.getByRole('radio', { name: '3 人' }).check();
  await page.locator('[data-seat-kind="0-human"]').click();
  await page.locator('[data-seat-kind="1-bot"]').click();
  await page.locator('[data-seat-kind="2-bot"]').click();
  await page.getByLabel('随机种子').fill('e2e-since-1');
  await page.getByRole('button', { name: '开始对局' }).click();
  await setBotPace(page, 0);
  await fontsReady(page);

  // A few turns in, so the bots have eaten or stacked something on the table.
  for (let round = 0; round < 3; round++) {
    await untilSince(page);
    const since = page.locator('[data-since]');
    await expect(since).toHaveAttribute('data-since', '0');
    await expect(since.getByRole('heading', { name: '自你上回合以来' })).toBeVisible();
    await expect(since.locator('.who')).toContainText('座位 2');
    await expect(since.locator('.who')).toContainText('座位 3');
    await expect(since.locator('li').first()).toBeVisible();
    // The bots' draws stay hidden in the summary too.
    await expect(since).not.toContainText(/座位 [23] 摸到/);
    if (round === 2) {
      await expect(page.locator('[data-since-card]').first()).toBeVisible();
      // The deck's real faces, not the stand-ins shown while they load.
      await expect(page.locator('[data-zone="pool"] .face-svg').first()).toBeVisible({ timeout: 30_000 });
      await page.mouse.move(0, 0);
      await page.screenshot({ path: join(SHOTS, 'table-since.png') });
    }
    // Acting puts it away (the next one, after the bots' next moves, starts later).
    const from = await since.getAttribute('data-since-from');
    const same = page.locator(`[data-since][data-since-from="${from}"]`);
    // A move may take two clicks (a card, then where it goes).
    for (let c = 0; c < 4 && (await same.count()); c++) await page.locator('[data-legal]').first().click();
    await expect(same).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test('斗福 pass-and-play: each hand-over opens with the others’ moves as the person at the screen may know them', async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  await openDoufuTable(page);
  await page.getByRole('radio', { name: '3 人' }).check();
  await page.locator('[data-seat-kind="0-human"]').click();
  await page.locator('[data-seat-kind="1-human"]').click();
  await page.locator('[data-seat-kind="2-bot"]').click();
  await page.getByLabel('随机种子').fill('e2e-hotseat-1');
  await page.getByRole('button', { name: '开始对局' }).click();
  await setBotPace(page, 0);
  await fontsReady(page);
  let summaries = 0;
  for (let i = 0; i < 60 && summaries < 4; i++) {
    const next = page.locator('[data-curtain], [data-legal], [data-hand-end]').first();
    await next.waitFor({ state: 'visible', timeout: 30_000 });
    if (await page.locator('[data-hand-end]').count()) {
      await page.locator('[data-next-hand]').click();
      continue;
    }
    const curtain = page.locator('[data-curtain]');
    if (await curtain.count()) {
      const seat = Number(await curtain.getAttribute('data-curtain'));
      // Behind the curtain nothing of the last person's summary stays.
      await expect(page.locator('[data-since]')).toHaveCount(0);
      await curtain.getByRole('button').click();
      const since = page.locator('[data-since]');
      if (summaries > 0 || (await since.count())) {
        await expect(since).toHaveAttribute('data-since', String(seat));
        await expect(since.locator('.who')).toContainText(/座位 [123]/);
        await expect(since.locator('.who')).not.toContainText(`座位 ${seat + 1}`);
        // Another person's or the bot's draw is never named.
        await expect(since).not.toContainText(new RegExp(`座位 [${2 - seat}3] 摸到`));
        summaries++;
      }
      continue;
    }
    await page.locator('[data-legal]').first().click();
  }
  expect(summaries).toBeGreaterThanOrEqual(3);
  expect(errors).toEqual([]);
});

test('生肖赛跑 against bots: the person’s turn opens with what the bots did, their pieces marked', async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  await page.getByRole('link', { name: '打开 生肖赛跑', exact: true }).click();
  await page.getByRole('link', { name: '牌桌', exact: true }).click();
  await page.waitForURL(/#\/p\/zodiac-race\/table$/);
  await page.getByRole('radio', { name: '3 人', exact: true }).check();
  await page.locator('[data-seat-kind="0-human"]').click();
  await page.locator('[data-seat-kind="1-bot"]').click();
  await page.locator('[data-seat-kind="2-bot"]').click();
  await page.locator('[data-seed]').fill('e2e-since-race');
  await page.locator('[data-start]').click();
  await setBotPace(page, 0);
  await fontsReady(page);
  for (let i = 0; i < 60; i++) {
    await page.locator('[data-since], .choices [data-legal]').first().waitFor({ state: 'visible', timeout: 30_000 });
    if (await page.locator('[data-since]').count()) break;
    const roll = page.locator('[data-choice="roll"][data-legal]');
    const end = page.locator('[data-choice="end"][data-legal]');
    if (await roll.count()) await roll.click();
    else if (await end.count()) await end.click();
    else await page.locator('.choices [data-legal]').first().click();
  }
  const since = page.locator('[data-since]');
  await expect(since).toHaveAttribute('data-since', '0');
  await expect(since.locator('.who')).toContainText('座位 2');
  await expect(page.locator('[data-since-piece]').first()).toBeAttached();
  expect(await page.locator('[data-since-piece]').evaluateAll((els) => els.map((e) => e.getAttribute('data-piece')))).not.toContain('0');
  await since.getByRole('button', { name: '知道了' }).click();
  await expect(since).toHaveCount(0);
  await expect(page.locator('[data-since-piece]')).toHaveCount(0);
  expect(errors).toEqual([]);
});
