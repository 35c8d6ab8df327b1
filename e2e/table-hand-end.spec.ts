import { expect, test, type Page } from '@playwright/test';
import { simulate } from '../src/shared/engine/simulate';
import { doufu } from '../src/shared/games/doufu';
import { randomBot } from '../src/shared/games/doufu/bots';
import type { MatchFile } from '../src/shared/ipc/contract';
import { doufuMatchFile, fontsReady, freshStart, openDoufuTable, watchErrors } from './page-helpers';

/**
 * Between hands at a hot-seat table. The move that ends a hand also deals the next one; until the
 * hand-end screen is closed nothing of the next hand may show (its cards, its number, its deal in
 * the log), and after it the next hand opens behind the curtain, even for whoever sat at the screen.
 */

/** Two people, played by random bots in node up to the end of the first hand (seeded: always the same record). */
function firstHandRecord(): MatchFile {
  const seed = 'e2e-hand-end';
  const sim = simulate(doufu, { seed, players: 2, options: doufu.defaultOptions, bots: [randomBot, randomBot], stopWhen: (s) => s.handsDone >= 1 });
  expect(sim.status.over).toBe(false);
  return doufuMatchFile(seed, sim.moves, [{ kind: 'human' }, { kind: 'human' }]);
}

const handCards = (page: Page) => page.locator('[data-spot^="hand:"]').count();

test('table: between hands nothing of the next hand shows, and it opens behind the curtain', async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  const saved = (await page.evaluate(
    `fetch('/api/matches:save', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(JSON.stringify({ match: firstHandRecord() }))} }).then((r) => r.json())`,
  )) as { ok: boolean; value: { id: string } };
  expect(saved.ok).toBe(true);
  await openDoufuTable(page);
  await page.locator(`[data-save-id="${saved.value.id}"] button`).first().click();

  // The hand-end screen, over a table that still shows the first hand, with nobody's cards.
  const end = page.locator('[data-hand-end]');
  await expect(end).toBeVisible();
  await fontsReady(page);
  const bar = page.getByRole('toolbar', { name: '牌桌工具栏' });
  await expect(bar).toContainText('第 1 盘');
  expect(await handCards(page)).toBe(0);
  const log = page.locator('[data-log-lines]');
  await expect(log).toContainText('第 1 盘');
  await expect(log).not.toContainText('第 2 盘');
  // One deal in the log: the first hand's.
  expect(((await log.textContent()) ?? '').split('发牌：').length - 1).toBe(1);
  await page.screenshot({ path: 'test-results/table-hand-end-zh.png' });

  // Next hand: the curtain comes down first; no hand is on screen until someone lifts it.
  await page.getByRole('button', { name: '下一盘' }).click();
  const curtain = page.locator('[data-curtain]');
  await expect(curtain).toBeVisible();
  expect(await handCards(page)).toBe(0);
  await expect(bar).toContainText('第 2 盘');
  const seat = Number(await curtain.getAttribute('data-curtain'));
  await curtain.getByRole('button').click();
  await expect(page.locator(`[data-side="${seat}"]`)).toContainText('你');
  await expect.poll(() => handCards(page)).toBeGreaterThan(0);
  await expect(log).toContainText('第 2 盘');
  expect(errors).toEqual([]);
});

test('table: 新对局 offers a fresh seed, and this match’s seed only as an explicit choice', async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  await openDoufuTable(page);
  await page.getByRole('radio', { name: '2 人' }).check();
  await page.locator('[data-seat-kind="0-human"]').click();
  await page.locator('[data-seat-kind="1-bot"]').click();
  const seed = page.getByLabel('随机种子');
  await seed.fill('e2e-seed-one');
  await page.getByRole('button', { name: '开始对局' }).click();
  const bar = page.getByRole('toolbar', { name: '牌桌工具栏' });
  await expect(bar).toContainText('e2e-seed-one');

  // Back to the new-game screen: a new seed is ready, so "start" deals new cards.
  await bar.getByRole('button', { name: '新对局' }).click();
  await expect(seed).not.toHaveValue('e2e-seed-one');
  await expect(seed).not.toHaveValue('');
  const fresh = await seed.inputValue();
  // The match's own seed is one click away, said as what it does.
  const same = page.getByRole('button', { name: '用这一局的种子（e2e-seed-one），再发一样的牌' });
  await same.click();
  await expect(seed).toHaveValue('e2e-seed-one');
  await expect(same).toHaveCount(0);
  await page.getByRole('button', { name: '换一个' }).click();
  await expect(seed).not.toHaveValue('e2e-seed-one');
  await page.getByRole('button', { name: '开始对局' }).click();
  await expect(bar).not.toContainText('e2e-seed-one');
  expect(fresh).toMatch(/^\S{4,}$/);
  expect(errors).toEqual([]);
});
