import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fontsReady, freshStart, watchErrors } from './page-helpers';
import { readExportedPdf } from './pdf-helpers';

/**
 * 摸鱼王's and 斗十四's print dialogs offer the whole game as one PDF, like 斗老闆's
 * (e2e/dou-laoban-print.spec.ts): the kit panel with paper, parts (摸鱼王's cards and markers;
 * 斗十四's kit is one piece, so no parts choice), duplex and calibration, exporting the kit the CLI
 * writes (src/main/services/export/card-kits.test.ts checks the bytes). No console error or CSP violation.
 */

const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');

test('摸鱼王: the markers alone on Letter from the print dialog', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const errors = await watchErrors(page);
  await freshStart(page);
  await page.getByRole('link', { name: '打开 摸鱼王！', exact: true }).click();
  await page.getByRole('link', { name: '打印', exact: true }).click();
  const kit = page.getByRole('region', { name: '整套游戏' });
  const done = page.getByRole('region', { name: '导出整套 PDF' });
  const exportKit = done.getByRole('button', { name: '导出 PDF' });
  await expect(kit).toBeVisible();
  await expect(kit.getByText('19 个加班标记')).toBeVisible();
  await kit.getByRole('radio', { name: 'Letter', exact: true }).check();
  await kit.getByRole('radio', { name: '部分' }).check();
  await kit.getByRole('checkbox', { name: '牌、身份牌与速查牌（正反面）' }).uncheck();
  await kit.getByRole('checkbox', { name: '加班标记' }).uncheck();
  await expect(kit.getByText('至少选择一个部分。')).toBeVisible();
  await expect(exportKit).toBeDisabled();
  await kit.getByRole('checkbox', { name: '加班标记' }).check();
  await fontsReady(page);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(SHOTS, 'moyu-wang-kit-dialog.png'), fullPage: true });
  await exportKit.click();
  await expect(done.getByText('导出完成')).toBeVisible({ timeout: 110_000 });
  const path = (await page.locator('code[data-kind="pdf"]').textContent())!.trim();
  expect(path).toMatch(/moyu-wang-kit-letter-markers\.pdf$/);
  const cover = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', path, '-'], { encoding: 'utf8' });
  expect(cover).toContain('加班标记 Overtime markers');
  expect(cover).not.toContain('Cards, role and reference cards');
  const pdf = await readExportedPdf(page, 2);
  expect(pdf.getPageCount()).toBe(2); // the cover and the markers
  expect(errors).toEqual([]);
});

test('斗十四: the whole kit, fronts only, from the print dialog', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const errors = await watchErrors(page);
  await freshStart(page);
  await page.getByRole('link', { name: '打开 斗十四', exact: true }).click();
  await page.getByRole('link', { name: '打印', exact: true }).click();
  const kit = page.getByRole('region', { name: '整套游戏' });
  const done = page.getByRole('region', { name: '导出整套 PDF' });
  await expect(kit).toBeVisible();
  // One piece: nothing to leave out.
  await expect(kit.getByRole('radio', { name: '部分' })).toHaveCount(0);
  await expect(kit.getByRole('checkbox', { name: /双面校准页/ })).toBeChecked();
  await kit.getByRole('radio', { name: '不印牌背' }).check();
  await expect(kit.getByRole('checkbox', { name: /双面校准页/ })).toHaveCount(0);
  await done.getByRole('button', { name: '导出 PDF' }).click();
  await expect(done.getByText('导出完成')).toBeVisible({ timeout: 110_000 });
  const path = (await page.locator('code[data-kind="pdf"]').textContent())!.trim();
  expect(path).toMatch(/dou-shisi-kit-a4\.pdf$/);
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  expect(text).toContain('斗十四');
  expect(text).not.toMatch(/calibration/i);
  expect(errors).toEqual([]);
});
