import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fontsReady, freshStart, watchErrors } from './page-helpers';
import { readExportedPdf } from './pdf-helpers';

/**
 * The built-in 斗老闆 deck opens like 斗福: home → 斗老闆 → the deck's 57 faces (the 54 cards and
 * the 3 reference cards) → a card's detail; and its print dialog's "whole game" panel exports the
 * kit as one PDF (src/main/services/export/dou-laoban-kit.test.ts checks the dialog's job writes
 * the CLI's bytes). No console error or CSP violation.
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

/** Cover, calibration front and back, 8 landscape card sheets front and back, pieces, score sheet. */
const KIT_A4_PAGES = 1 + 2 + 16 + 1 + 1;

test('斗老闆: the whole game as one PDF from the print dialog', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const errors = await watchErrors(page);
  await freshStart(page);
  await page.getByRole('link', { name: '打开 斗老闆', exact: true }).click();
  await page.getByRole('link', { name: '打印', exact: true }).click();
  const kit = page.getByRole('region', { name: '整套游戏' });
  const exportKit = page.getByRole('region', { name: '导出整套 PDF' }).getByRole('button', { name: '导出 PDF' });
  await expect(kit).toBeVisible();
  for (const p of ['A4', 'Letter', 'A3', 'Tabloid']) await expect(kit.getByRole('radio', { name: p, exact: true })).toBeVisible();
  await expect(kit.getByRole('checkbox', { name: /双面校准页/ })).toBeChecked();
  // Some parts: choosing none says so and disables the export; back to the whole game.
  await kit.getByRole('radio', { name: '部分' }).check();
  for (const p of ['扑克牌与提示卡（正反面）', '桌上配件', '记分表']) await kit.getByRole('checkbox', { name: p }).uncheck();
  await expect(kit.getByText('至少选择一个部分。')).toBeVisible();
  await expect(exportKit).toBeDisabled();
  await kit.getByRole('radio', { name: '整套游戏' }).check();
  await fontsReady(page);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(SHOTS, 'dou-laoban-kit-dialog.png'), fullPage: true });
  await expect(exportKit).toBeEnabled();
  await exportKit.click();
  await expect(page.getByRole('region', { name: '导出整套 PDF' }).getByText('导出完成')).toBeVisible({ timeout: 110_000 });
  const pdf = await readExportedPdf(page, KIT_A4_PAGES);
  expect(pdf.getPageCount()).toBe(KIT_A4_PAGES);
  const path = (await page.locator('code[data-kind="pdf"]').textContent())!.trim();
  expect(path).toMatch(/dou-laoban-kit-a4\.pdf$/);
  const cover = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', path, '-'], { encoding: 'utf8' });
  for (const s of ['撲克牌與提示卡 Cards and reference cards', '桌上配件 Table pieces', '記分表 Score sheet', 'pp. 2–19', 'p. 20', 'p. 21']) expect(cover).toContain(s);
  expect(errors).toEqual([]);
});
