import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fontsReady, freshStart, watchErrors } from './page-helpers';

/**
 * The built-in 斗老闆 deck opens like 斗福: home → 斗老闆 → the deck's 57 faces (the 54 cards and
 * the 3 reference cards) → a card's detail, with no console error or CSP violation.
 */

const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');
const FACES = 57;

test('the 斗老闆 deck opens from home with its 57 faces', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const errors = await watchErrors(page);
  await freshStart(page);
  const project = page.getByRole('link', { name: '打开 斗老闆', exact: true });
  await expect(project).toBeVisible();
  await expect(project).toContainText(`${FACES} 张牌`);
  await project.click();
  const tiles = page.locator('[data-card-id]');
  await expect(tiles).toHaveCount(FACES);
  await fontsReady(page);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(SHOTS, 'dou-laoban-deck.png') });
  await page.locator('[data-card-id="BJ"]').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText('牌 BJ');
  await page.screenshot({ path: join(SHOTS, 'dou-laoban-card.png') });
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);
});
