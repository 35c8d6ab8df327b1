import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fontsReady, freshStart, watchErrors } from './page-helpers';

/**
 * The built-in 斗十四 deck opens like 斗福: home → 斗十四 → the deck's 59 faces (the 52 number
 * cards, 6 jokers and the reference card) → a card's detail, with no console error or CSP violation.
 */

const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');
const FACES = 59;

test('the 斗十四 deck opens from home with its 59 faces', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const errors = await watchErrors(page);
  await freshStart(page);
  const project = page.getByRole('link', { name: '打开 斗十四', exact: true });
  await expect(project).toBeVisible();
  await project.click();
  const tiles = page.locator('[data-card-id]');
  await expect(tiles).toHaveCount(FACES);
  await fontsReady(page);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(SHOTS, 'dou-shisi-deck.png') });
  await page.locator('[data-card-id="TH"]').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText('牌 TH');
  await page.screenshot({ path: join(SHOTS, 'dou-shisi-card.png') });
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);
});
