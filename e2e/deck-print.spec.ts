import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fontsReady, freshStart, watchErrors } from './page-helpers';
import { readExportedPdf } from './pdf-helpers';

/**
 * The main browser-mode journey: home → 斗福 → deck (52 faces) → card detail → switch language →
 * print dialog → export a long-edge duplex PDF, then read the PDF back. Any console error or CSP
 * violation fails the test. Screenshots for the README go to docs/screenshots/.
 */

// Screenshots go to test-results/ on every run; UPDATE_SCREENSHOTS=1 refreshes the README's copies.
const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');

/** 48 game cards + 4 reference cards. */
const DOUFU_FACES = 52;
/**
 * Pages of the 斗福 export on A4 portrait: 52 poker cards at 3 × 3 a sheet need 6 front and 6 back
 * pages (duplex), plus the calibration sheet, front and back.
 */
const DOUFU_PAGES = 6 * 2 + 2;
/** The same on A4 landscape, the default layout's choice: 8 cards a sheet, 7 sheets. */
const DOUFU_PAGES_AUTO = 7 * 2 + 2;

test('deck, card detail, language and a long-edge duplex export', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const errors = await watchErrors(page);

  // Home: the built-in project, with its card count.
  await freshStart(page);
  const project = page.getByRole('link', { name: '打开 斗福', exact: true });
  await expect(project).toBeVisible();
  await expect(project).toContainText(`${DOUFU_FACES} 张牌`);
  await project.click();

  // Deck: every face, counted.
  const tiles = page.locator('[data-card-id]');
  await expect(tiles).toHaveCount(DOUFU_FACES);
  await expect(page.getByText(`显示 ${DOUFU_FACES} / 共 ${DOUFU_FACES} 个牌面`)).toBeVisible();
  await page.getByRole('slider', { name: '缩放' }).fill('168');
  await fontsReady(page);
  await page.mouse.move(0, 0); // no hover lift in the picture
  await page.screenshot({ path: join(SHOTS, 'deck.png') });

  // Search narrows the grid; clearing it brings every face back.
  const search = page.getByRole('searchbox', { name: '搜索' });
  await search.fill('鼠');
  await expect(tiles).not.toHaveCount(DOUFU_FACES);
  await search.fill('');
  await expect(tiles).toHaveCount(DOUFU_FACES);

  // Card detail: front and back, fields, arrow keys, Esc.
  const firstId = await tiles.first().getAttribute('data-card-id');
  const secondId = await tiles.nth(1).getAttribute('data-card-id');
  await tiles.first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText(`牌 ${firstId}`);
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('heading')).toHaveText(`牌 ${secondId}`);
  await expect(dialog.getByRole('table')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByRole('heading')).toHaveText(`牌 ${firstId}`);
  await fontsReady(page);
  await page.screenshot({ path: join(SHOTS, 'card-detail.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Language: English everywhere, remembered across a reload.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByText(`Showing ${DOUFU_FACES} of ${DOUFU_FACES} faces`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Deck' })).toBeVisible();

  // Print dialog: long-edge duplex; preflight runs by itself.
  await page.getByRole('link', { name: 'Print', exact: true }).click();
  await page.getByRole('radio', { name: /Flip on long edge/ }).check();
  const summary = page.getByText(/\d+ pages, \d+ cards per sheet/);
  await expect(summary).toBeVisible({ timeout: 60_000 });
  // The built-in deck is clean: nothing blocks the export.
  await expect(page.getByRole('checkbox', { name: /export anyway/ })).toBeHidden();
  // The default layout (Auto) turns A4 to landscape: 8 cards a sheet, every crop mark inside the margin.
  await expect(page.getByText(/\d+ pages, 8 cards per sheet, Landscape/)).toBeVisible();
  await expect(page.getByText(/crop marks at the (left and right|top and bottom) of the grid do not fit/)).toBeHidden();
  expect(Number(/(\d+) pages/.exec((await summary.textContent()) ?? '')?.[1])).toBe(DOUFU_PAGES_AUTO);
  // Portrait fits 9 a sheet with the side marks in the margin, and says so.
  await page.getByRole('radio', { name: 'Portrait', exact: true }).check();
  await expect(page.getByText(/\d+ pages, 9 cards per sheet, Portrait/)).toBeVisible({ timeout: 60_000 });
  const expectedPages = Number(/(\d+) pages/.exec((await summary.textContent()) ?? '')?.[1]);
  expect(expectedPages).toBe(DOUFU_PAGES);
  // The sheet preview: the first sheet's front and back, drawn from the list the PDF draws.
  const preview = page.getByTestId('sheet-preview');
  await expect(preview.locator('figure[data-side="front"] svg')).toBeVisible();
  await expect(preview.locator('figure[data-side="back"] svg')).toBeVisible();
  await expect(preview.getByText('6 sheets of paper')).toBeVisible();
  // A new margin drops the old page count and preview until preflight answers for it.
  await page.getByLabel('Margin (mm)').fill('6');
  await expect(summary).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Margin (mm)').fill('5');
  await expect(summary).toBeVisible({ timeout: 60_000 });
  await expect(preview.locator('figure[data-side="back"] svg')).toBeVisible();
  // Orientation: auto turns poker cards on A4 to landscape (8 a sheet, crop marks inside the margin), and the crop-mark warning goes.
  await expect(page.getByText(/crop marks at the left and right of the grid do not fit/)).toBeVisible();
  await page.getByRole('radio', { name: 'Auto', exact: true }).check();
  await expect(page.getByText(/\d+ pages, 8 cards per sheet, Landscape/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/crop marks at the left and right of the grid do not fit/)).toBeHidden();
  await page.getByRole('radio', { name: 'Portrait', exact: true }).check();
  await expect(page.getByText(/\d+ pages, 9 cards per sheet, Portrait/)).toBeVisible({ timeout: 60_000 });
  await fontsReady(page);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(SHOTS, 'print-dialog.png'), fullPage: true });

  // Export, with progress, until done.
  await page.getByRole('button', { name: 'Export PDF' }).click();
  await expect(page.getByText('Export finished')).toBeVisible({ timeout: 110_000 });
  await expect(page.getByText(`${expectedPages} pages`, { exact: false }).first()).toBeVisible();

  // The file: inside the export folder, a PDF, with the pages preflight announced.
  await readExportedPdf(page, DOUFU_PAGES);

  // Show in folder: browser mode cannot, and says so.
  await page.getByRole('button', { name: 'Show in folder' }).first().click();
  await expect(page.getByText(/In browser mode the file manager cannot be opened/)).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'print-done.png') });

  expect(errors).toEqual([]);
});
