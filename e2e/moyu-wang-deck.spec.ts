import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fontsReady, freshStart, watchErrors } from './page-helpers';

/**
 * The built-in 摸鱼王 deck opens like 斗福: home → 摸鱼王 → the deck's 106 faces (the 101 cards,
 * 4 role cards and the reference card) → a card's detail, with no console error or CSP violation.
 */

const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');
const FACES = 106;

test('the 摸鱼王 deck opens from home with its 106 faces', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const errors = await watchErrors(page);
  await freshStart(page);
  const project = page.getByRole('link', { name: '打开 摸鱼王！', exact: true });
  await expect(project).toBeVisible();
  await project.click();
  const tiles = page.locator('[data-card-id]');
  await expect(tiles).toHaveCount(FACES);
  await fontsReady(page);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(SHOTS, 'moyu-wang-deck.png') });
  await page.locator('[data-card-id="93"]').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText('牌 93');
  await page.screenshot({ path: join(SHOTS, 'moyu-wang-card.png') });
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);
});
