import { expect, test } from '@playwright/test';
import { fontsReady, freshStart, openDoufuTable, setBotPace, watchErrors } from './page-helpers';

/**
 * Small things a player notices at the tables: the card inspector does not keep a card from turns
 * ago once the bots move on; the English "same seed" link is whole (not cut off) with a plain
 * apostrophe; a finished race is called finished on the new-race page, and its replay offers no
 * "view as" (everything in a race is public) but says which round and turn it shows.
 */

test('斗福: the inspector puts away a card the pointer left once a bot moves; the English same-seed link is whole', async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  await openDoufuTable(page);
  await page.getByRole('radio', { name: '3 人' }).check();
  await page.locator('[data-seat-kind="0-human"]').click();
  await page.locator('[data-seat-kind="1-bot"]').click();
  await page.locator('[data-seat-kind="2-bot"]').click();
  await page.getByLabel('随机种子').fill('e2e-minor-1');
  await page.getByRole('button', { name: '开始对局' }).click();
  await setBotPace(page, 0);
  await fontsReady(page);

  const inspector = page.locator('[data-inspected]');
  await page.locator('[data-legal]').first().waitFor({ state: 'visible', timeout: 30_000 });
  const pool = page.locator('[data-spot^="pool:"][data-card]').first();
  const code = await pool.getAttribute('data-card');
  await pool.hover();
  await expect(inspector).toHaveAttribute('data-inspected', code!);
  // The pointer leaves: the card stays on show to be read…
  await page.mouse.move(2, 300);
  await expect(inspector).toHaveAttribute('data-inspected', code!);
  // …until the table moves on: the person acts (the bots now wait a moment before each move), the
  // pointer leaves the cards, a bot plays, and the card is put away.
  await setBotPace(page, 800);
  const log = page.locator('[data-log-lines]');
  const before = Number(await log.getAttribute('data-log-lines'));
  for (let c = 0; c < 4 && Number(await log.getAttribute('data-log-lines')) === before; c++) await page.locator('[data-legal]').first().click();
  await page.mouse.move(2, 300);
  await expect(inspector).not.toHaveAttribute('data-inspected', '');
  await expect.poll(async () => Number(await log.getAttribute('data-log-lines')), { timeout: 10_000 }).toBeGreaterThan(before + 3);
  await expect(inspector).toHaveAttribute('data-inspected', '');

  // Back on the new-game screen, in English: the same-seed link is whole and reads "match's".
  await page.getByRole('button', { name: '新对局' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  const same = page.locator('[data-same-seed]');
  await expect(same).toContainText("Use this match's seed (e2e-minor-1)");
  const fits = await same.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1);
  expect(fits).toBe(true);
  expect(errors).toEqual([]);
});

test('生肖赛跑: a finished race is called finished on the new-race page; its replay says the round and offers no "view as"', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = await watchErrors(page);
  await freshStart(page);
  await page.getByRole('link', { name: '打开 生肖赛跑', exact: true }).click();
  await page.getByRole('link', { name: '牌桌', exact: true }).click();
  await page.waitForURL(/#\/p\/zodiac-race\/table$/);
  await page.getByRole('radio', { name: '2 人', exact: true }).check();
  await page.locator('[data-seat-kind="0-bot"]').click();
  await page.locator('[data-seat-kind="1-bot"]').click();
  await page.locator('#zr-opt-target_points').fill('2');
  await page.locator('#zr-opt-target_points').dispatchEvent('change');
  await page.locator('[data-seed]').fill('e2e-minor-race');
  await page.locator('[data-start]').click();
  await setBotPace(page, 0);
  await expect(page.locator('[data-standings]')).toBeVisible({ timeout: 150_000 });

  // The replay of a race: no "view as", and where the step is.
  await page.locator('[data-standings-replay]').click();
  await expect(page.locator('.replay')).toBeVisible();
  await expect(page.locator('[data-replay-view]')).toHaveCount(0);
  await expect(page.locator('.replay')).not.toContainText('手牌');
  await page.locator('[data-replay-unit]').selectOption('round');
  await page.locator('[data-replay-next]').click();
  await expect(page.locator('[data-replay-place]')).toContainText(/第 1 轮 · 第 \d+ 回合/);
  await page.getByRole('button', { name: '回到牌桌' }).click();

  await page.getByRole('toolbar').getByRole('button', { name: '新对局' }).click();
  await expect(page.locator('[data-current]')).toHaveAttribute('data-current', 'over');
  await expect(page.locator('[data-current]')).toContainText('上一场比赛已经结束');
  // After a reload the stashed race is still known to be over.
  await page.reload();
  await expect(page.locator('[data-current]')).toHaveAttribute('data-current', 'over');
  await expect(page.getByRole('button', { name: '再看一眼' })).toBeVisible();
  expect(errors).toEqual([]);
});
