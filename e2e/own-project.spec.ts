import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { dataSaved, fontsReady, freshStart, gridCell, newBlankProject, watchErrors } from './page-helpers';

/**
 * A designer's own card project from nothing to a printed PDF, as a person does it: create a blank
 * project on Home, add a column, type rows and paste more from a spreadsheet, import an XLSX,
 * change cards.csv in another program and watch the grid reload, undo and redo across all of it,
 * reload the page and find everything saved, then export a PDF and read its text back.
 */
const cell = gridCell;
const saved = dataSaved;
const rowCount = (page: Page, n: number) => expect(page.getByText(`显示 ${n} / 共 ${n} 行`)).toBeVisible();


const TYPED = [
  ['ox', '1', '牛 Ox', '犁一行地。Plough a row.'],
  ['tiger', '2', '虎 Tiger', '吼一声。Roar.'],
  ['rabbit', '1', '兔 Rabbit', '跳两格。Hop two.'],
  ['dragon', '1', '龙 Dragon', '呼风唤雨。Call the rain.'],
  ['snake', '3', '蛇 Snake', '换一张牌。Swap a card.'],
];
const PASTED = Array.from({ length: 12 }, (_, i) => [`p${String(i + 1).padStart(2, '0')}`, '1', `贴 Pasted ${i + 1}`, `第 ${i + 1} 张, "quoted"`, String(i)]);

test('my own project: create, type, paste, import, reload from disk, undo/redo, reload, export and read the PDF', async ({ page, context }) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors = await watchErrors(page);
  await freshStart(page);

  // Home → New project: a blank poker-size project.
  const { dir } = await newBlankProject(page, '十二生肖', 'Twelve Beasts');
  await saved(page);
  await rowCount(page, 3);
  const csvFile = join(dir, 'cards.csv');
  const csv = () => readFileSync(csvFile, 'utf8');

  // A new column, named by double-clicking its header.
  await page.getByRole('button', { name: '添加列' }).click();
  await page.getByRole('columnheader').filter({ hasText: 'column_5' }).getByRole('button').first().dblclick();
  await page.getByLabel('列名').fill('power');
  await page.getByLabel('列名').press('Enter');
  await expect(page.getByRole('columnheader').filter({ hasText: 'power' })).toBeVisible();

  // Five rows typed like in a spreadsheet: Tab to the next column, Enter to finish the cell.
  for (const [i, row] of TYPED.entries()) {
    await page.getByRole('button', { name: '添加行' }).click();
    await cell(page, 3 + i, 0).click();
    for (const [c, value] of row.entries()) {
      await page.keyboard.type(value);
      await page.keyboard.press(c < row.length - 1 ? 'Tab' : 'Enter');
    }
    await expect(cell(page, 3 + i, 2)).toHaveText(row[2]!);
  }
  await rowCount(page, 8);

  // Twelve more pasted from a spreadsheet (TSV on the clipboard): the grid grows to fit.
  const tsv = PASTED.map((r) => r.map((v) => (/[\t\n"]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join('\t')).join('\n');
  await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(tsv)})`);
  await page.getByRole('button', { name: '添加行' }).click();
  await cell(page, 8, 0).click();
  await page.keyboard.press('Control+v');
  await rowCount(page, 20);
  await expect(cell(page, 19, 2)).toHaveText('贴 Pasted 12');
  await expect(cell(page, 19, 3)).toHaveText('第 12 张, "quoted"');
  await saved(page);
  await expect.poll(csv).toContain('p12,1,贴 Pasted 12,"第 12 张, ""quoted""",11');

  // Import an XLSX: power for the typed beasts and one new card, matched by id.
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('cards');
  ws.addRow(['id', 'power', 'name']);
  ws.addRow(['ox', '7', '牛 Ox']);
  ws.addRow(['tiger', '9', '虎 Tiger']);
  ws.addRow(['horse', '5', '马 Horse']);
  const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
  await page.getByRole('button', { name: '导入…' }).click();
  const imp = page.getByRole('dialog', { name: '导入卡牌数据' });
  await imp.getByTestId('import-file').setInputFiles({ name: 'beasts.xlsx', mimeType: 'application/octet-stream', buffer: xlsx });
  await expect(imp.getByTestId('import-counts')).toContainText('新增 1 行');
  await expect(imp.getByTestId('import-counts')).toContainText('修改 2 行');
  await imp.getByRole('button', { name: '应用导入' }).click();
  await rowCount(page, 21);
  await saved(page);
  await expect.poll(csv).toContain('ox,1,牛 Ox,犁一行地。Plough a row.,7');

  // Someone changes cards.csv in another program: the grid reloads and says what changed.
  writeFileSync(csvFile, csv().replace('兔 Rabbit', '玉兔 Jade Rabbit'));
  await expect(page.getByTestId('reload-notice')).toContainText('修改 1 行');
  await expect(cell(page, 5, 2)).toHaveText('玉兔 Jade Rabbit');

  // Undo across it all: the import, the paste, the added row; redo them. Each state is saved.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Control+z');
  await rowCount(page, 20);
  await expect(cell(page, 3, 4)).toHaveText('');
  await page.keyboard.press('Control+z');
  await rowCount(page, 9);
  await page.keyboard.press('Control+z');
  await rowCount(page, 8);
  await saved(page);
  await expect.poll(csv).not.toContain('p01');
  // The outside change is the file's state now, and stays through undo.
  expect(csv()).toContain('玉兔 Jade Rabbit');
  await page.keyboard.press('Control+Shift+z');
  await rowCount(page, 9);
  await page.keyboard.press('Control+y');
  await rowCount(page, 20);
  await page.keyboard.press('Control+Shift+z');
  await rowCount(page, 21);
  await saved(page);
  await expect.poll(csv).toContain('horse,,马 Horse,,5');

  // A reload of the page finds everything saved.
  await page.reload();
  await rowCount(page, 21);
  await expect(cell(page, 4, 4)).toHaveText('9');
  await expect(cell(page, 5, 2)).toHaveText('玉兔 Jade Rabbit');
  await expect(cell(page, 20, 0)).toHaveText('horse');
  await fontsReady(page);
  await page.screenshot({ path: 'test-results/own-project-data.png' });

  // Print it: the new project exports like a built-in one; the PDF's text has the cards' names.
  await page.getByRole('navigation').getByRole('link', { name: '打印', exact: true }).click();
  await page.getByRole('button', { name: '导出 PDF' }).click();
  await expect(page.getByText('导出完成')).toBeVisible({ timeout: 110_000 });
  const pdfPath = ((await page.locator('code[data-kind="pdf"]').textContent()) ?? '').trim();
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdfPath, '-']).toString('utf8').replace(/\s+/g, ' ');
  for (const name of ['牛 Ox', '虎 Tiger', '玉兔 Jade Rabbit', '贴 Pasted 12', '马 Horse', '十二生肖']) expect(text).toContain(name);
  // Named after the project, not its internal folder id.
  expect(pdfPath).toMatch(/[\\/]twelve-beasts-a4-[^\\/]*\.pdf$/);
  // Browser mode offers the PDF as a download, as it does the CSV and XLSX.
  const dl = page.waitForEvent('download');
  await page.getByTestId('export-download').click();
  expect((await dl).suggestedFilename()).toMatch(/^twelve-beasts-a4-.*\.pdf$/);
  // "Export again" exports again (a new file); another paper drops the finished file from the panel.
  await page.getByTestId('export-again').click();
  await expect(page.locator('code[data-kind="pdf"]')).not.toHaveText(pdfPath, { timeout: 110_000 });
  await expect(page.locator('code[data-kind="pdf"]')).toHaveText(/twelve-beasts-a4-.*-2\.pdf$/);
  await page.locator('input[name="paper"][value="letter"]').check();
  await expect(page.locator('code[data-kind="pdf"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '导出 PDF' })).toBeVisible();
  expect(errors).toEqual([]);
});
