import { expect, test } from '@playwright/test';
import { fontsReady, freshStart, openDoufuTable, watchErrors, setBotPace } from './page-helpers';

/**
 * 2 vs 2 at the table: one person with a bot partner against two bots. The panels are the two
 * teams (seats 1·3 and 2·4), a team shares its 福气 and score area, and a hand settles between
 * the two teams.
 */
test('table: a 2 vs 2 hand with a bot partner, settled between the teams', async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  await openDoufuTable(page);
  await page.getByRole('radio', { name: '2 对 2' }).check();
  await page.locator('[data-seat-kind="0-human"]').click();
  for (const seat of [1, 2, 3]) await page.locator(`[data-seat-kind="${seat}-bot"]`).click();
  await page.getByLabel('随机种子').fill('e2e-teams-1');
  await page.getByRole('button', { name: '开始对局' }).click();
  const bar = page.getByRole('toolbar', { name: '牌桌工具栏' });
  await setBotPace(page, 0);
  await fontsReady(page);

  // Two panels, one per team, each naming its two seats; one 福气 each.
  await expect(page.locator('section.side')).toHaveCount(2);
  await expect(page.locator('section.side[data-side="0"]')).toHaveAttribute('aria-label', '甲队（座位 1·3）');
  await expect(page.locator('section.side[data-side="1"]')).toHaveAttribute('aria-label', '乙队（座位 2·4）');
  expect((await page.locator('[data-fuqi]').allTextContents()).map((t) => t.trim())).toEqual(['24', '24']);

  // Play by clicking what lights up (a 福神-team choice of first player included) until the hand ends.
  for (let i = 0; i < 400; i++) {
    const next = page.locator('[data-hand-end], [data-legal]').first();
    await next.waitFor({ state: 'visible', timeout: 30_000 });
    if (await page.locator('[data-hand-end]').count()) break;
    await page.locator('[data-legal]').first().click();
  }
  const end = page.locator('[data-hand-end]');
  await expect(end).toBeVisible();
  const title = (await end.locator('h2').first().textContent()) ?? '';
  if (/宣胜/.test(title)) {
    // A won hand settles between the two teams: two rows, the declaring team marked.
    await expect(end).toContainText(/[甲乙]队/);
    await expect(end.locator('table', { hasText: '之前' }).locator('tbody tr')).toHaveCount(2);
  } else {
    expect(title).toMatch(/流局|荒牌/);
  }
  expect(errors).toEqual([]);
});
