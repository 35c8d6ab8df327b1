import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fontsReady, freshStart, watchErrors } from './page-helpers';
import { readExportedPdf } from './pdf-helpers';

/**
 * The 生肖赛跑 "whole game" export from the print dialog: the kit panel, A4, every part, one PDF
 * in build order (cover, print test page, 4 board tiles, 2 landscape card sheets front and back,
 * tokens, 3 standee pages, die and score page), read back. src/main/services/export/zodiac-kit.test.ts checks that the
 * dialog's job writes the same bytes as the CLI. UPDATE_SCREENSHOTS=1 refreshes the README's picture.
 */
const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');
const KIT_A4_PAGES = 1 + 1 + 4 + 4 + 1 + 3 + 1;
/** Pages of the power cards (1-based): their sheets turn landscape, so their crop marks stay inside the margin. */
const CARD_PAGES = [7, 8, 9, 10];
const A4 = [595.28, 841.89];

test('生肖赛跑: the whole game as one PDF from the print dialog', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const errors = await watchErrors(page);
  await freshStart(page);
  await page.getByRole('link', { name: '打开 生肖赛跑', exact: true }).click();
  await page.getByRole('link', { name: '打印', exact: true }).click();
  const kit = page.getByRole('region', { name: '整套游戏' });
  const exportKit = page.getByRole('region', { name: '导出整套 PDF' }).getByRole('button', { name: '导出 PDF' });
  await expect(kit).toBeVisible();
  // Every paper is offered; A4 and the whole game are the defaults.
  for (const p of ['A4', 'Letter', 'A3', 'Tabloid']) await expect(kit.getByRole('radio', { name: p, exact: true })).toBeVisible();
  await expect(kit.getByRole('radio', { name: '整套游戏' })).toBeChecked();
  // The board's own settings and the test page are offered.
  for (const t of ['自动', '一页', '分块']) await expect(kit.getByRole('group', { name: '棋盘版式' }).getByRole('radio', { name: t, exact: true })).toBeVisible();
  await expect(kit.getByLabel('涂胶重叠（毫米）')).toHaveValue('10');
  await expect(kit.getByRole('checkbox', { name: /打印测试页/ })).toBeChecked();
  // Some parts: the checkboxes appear, and choosing none says so; back to the whole game.
  await kit.getByRole('radio', { name: '部分' }).check();
  for (const p of ['棋盘', '效果牌（正反面）', '骰子代币', '棋子与骰子', '计分条']) await kit.getByRole('checkbox', { name: p }).uncheck();
  await expect(kit.getByText('至少选择一个部分。')).toBeVisible();
  await expect(exportKit).toBeDisabled();
  await kit.getByRole('radio', { name: '整套游戏' }).check();
  await fontsReady(page);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(SHOTS, 'zodiac-kit-dialog.png'), fullPage: true });

  await expect(exportKit).toBeEnabled();
  await exportKit.click();
  const done = page.getByRole('region', { name: '导出整套 PDF' }).getByText('导出完成');
  await expect(done).toBeVisible({ timeout: 110_000 });
  const pdf = await readExportedPdf(page, KIT_A4_PAGES);
  pdf.getPages().forEach((p, i) => {
    const size = [p.getWidth(), p.getHeight()].map((v) => Math.round(v * 100) / 100);
    expect(size, `page ${i + 1}`).toEqual(CARD_PAGES.includes(i + 1) ? [A4[1], A4[0]] : A4);
  });
  // The cover lists the parts with their pages; each tile is labelled.
  const path = (await page.locator('code[data-kind="pdf"]').textContent())!.trim();
  const cover = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', path, '-'], { encoding: 'utf8' });
  for (const s of ['打印测试页 Print test page', 'p. 2', '棋盘 Board', '生肖效果牌 Zodiac power cards', '骰子代币 Dice tokens', '棋子与骰子 Pieces and die', '计分条 Lap-score tracks', 'pp. 3–6'])
    expect(cover).toContain(s);
  const testPage = execFileSync('pdftotext', ['-f', '2', '-l', '2', path, '-'], { encoding: 'utf8' });
  expect(testPage).toContain('100 mm');
  const tile = execFileSync('pdftotext', ['-f', '4', '-l', '4', path, '-'], { encoding: 'utf8' });
  expect(tile).toContain('tile A2 (2/4)');
  expect(errors).toEqual([]);
});
