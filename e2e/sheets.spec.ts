import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import ExcelJS from 'exceljs';
import { call, dataSaved, dropFile, gridCell, watchErrors } from './page-helpers';

// Import and export of card data, and the art folder, in browser mode, from the project's Data
// page: the import is one undoable step, saved like any edit; art is picked into the focused cell
// or dropped onto a cell.
const SHOTS = process.env.FUQI_SHOTS_DIR ?? 'test-results/sheets';
mkdirSync(SHOTS, { recursive: true });

async function xlsx(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('说明').addRow(['这张表不是卡牌']);
  const ws = wb.addWorksheet('卡牌');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const api = call;
const cell = gridCell;
const saved = dataSaved;

test('import an XLSX through the dialog, apply it, undo it, export CSV, add, pick and drop art', async ({ page }) => {
  const errors = await watchErrors(page);
  await page.goto('/');
  const made = await api<{ summary: { id: string } }>(page, 'projects:create', { name: '导入测试', card: { preset: 'poker' } });
  const id = made.summary.id;
  await page.goto(`/#/p/${id}/data`);
  await saved(page);
  const before = await api<{ columns: string[]; rows: string[][] }>(page, 'projects:cards', { id });
  await page.getByRole('button', { name: '导入…' }).click();
  const dialog = page.getByRole('dialog', { name: '导入卡牌数据' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Google 表格：文件 → 下载')).toBeVisible();

  // A GBK CSV is refused with the "save as CSV UTF-8" advice, in Chinese.
  await dialog.getByTestId('import-file').setInputFiles({ name: 'gbk.csv', mimeType: 'text/csv', buffer: Buffer.concat([Buffer.from('id,name\nrat,'), Buffer.from([0xca, 0xf3]), Buffer.from('\n')]) });
  await expect(dialog.getByRole('alert')).toContainText('不是 UTF-8 编码（可能是 GBK）');

  const file = await xlsx([
    ['id', 'name', 'text', 'power'],
    ['card-1', '福星', '第一行\n第二行', '3'],
    ['card-2', '', '他说 "好"', '1'],
    ['dragon', '龙', 'a, b', '5'],
  ]);
  await dialog.getByTestId('import-file').setInputFiles({ name: '我的卡牌.xlsx', mimeType: 'application/octet-stream', buffer: file });
  // The first visible sheet is the notes one: choose the cards sheet.
  await dialog.getByLabel('工作表').selectOption('卡牌');
  await expect(dialog.getByTestId('import-counts')).toContainText('新增 1 行');
  await expect(dialog.getByTestId('import-counts')).toContainText('修改 2 行');
  await expect(dialog.getByTestId('import-changes')).toContainText('福星');
  await page.screenshot({ path: `${SHOTS}/import-dialog-zh.png` });
  await dialog.getByRole('button', { name: '应用导入' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('grid').getByText('dragon', { exact: true })).toBeVisible();
  await saved(page);
  const cards = await api<{ columns: string[]; rows: string[][] }>(page, 'projects:cards', { id });
  expect(cards.columns).toEqual(['id', 'copies', 'name', 'text', 'power']);
  expect(cards.rows.find((r) => r[0] === 'dragon')).toEqual(['dragon', '', '龙', 'a, b', '5']);
  expect(cards.rows.find((r) => r[0] === 'card-1')?.[3]).toBe('第一行\n第二行');

  // The whole import is one step: undo puts the table back as it was, and saves that; redo again.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Control+z');
  await expect(page.getByRole('grid').getByText('dragon', { exact: true })).toBeHidden();
  await saved(page);
  expect(await api<{ columns: string[]; rows: string[][] }>(page, 'projects:cards', { id })).toMatchObject({ columns: before.columns, rows: before.rows });
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByRole('grid').getByText('dragon', { exact: true })).toBeVisible();
  await saved(page);

  // Export: written into the export folder, and downloaded in browser mode.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/-cards\.csv$/);
  await expect(page.getByRole('status').filter({ hasText: '已下载' })).toBeVisible();

  // Art: add a PNG (low resolution for a poker card: a warning) and pick it into the focused cell.
  const png = await sharp({ create: { width: 300, height: 420, channels: 3, background: '#C23B22' } }).png().toBuffer();
  const artColumn = cards.columns.indexOf('power');
  await cell(page, 0, artColumn).click();
  await page.getByRole('tab', { name: '图片' }).click();
  await page.getByTestId('art-file').setInputFiles([{ name: 'Rat Card.png', mimeType: 'image/png', buffer: png }]);
  await expect(page.getByText('已添加 art/rat-card.png')).toBeVisible();
  await expect(page.getByText(/分辨率偏低/)).toBeVisible();
  await page.getByRole('button', { name: '使用 rat-card.png' }).click();
  // The cell gets the reference image layers and image columns take, so nothing is flagged once typed.
  await expect(cell(page, 0, artColumn)).toHaveText('file:art/rat-card.png');
  await saved(page);
  // As an image column, the cell shows the picture.
  await page.getByRole('tab', { name: '项目设置' }).click();
  await page.getByLabel('“power”列的类型').selectOption('image');
  await expect(cell(page, 0, artColumn).locator('img.thumb')).toBeVisible();
  await expect(page.getByText(/不是图片引用/)).toHaveCount(0);
  // With the id cell focused the art tab writes into the image column of that row, never into id.
  await cell(page, 1, 0).click();
  await page.getByRole('tab', { name: '图片' }).click();
  await expect(page.getByTestId('art-target')).toContainText('第 2 行的“power”列');
  await page.getByRole('button', { name: '使用 rat-card.png' }).click();
  await expect(cell(page, 1, artColumn)).toHaveText('file:art/rat-card.png');
  await expect(cell(page, 1, 0)).not.toHaveText('file:art/rat-card.png');
  await page.screenshot({ path: `${SHOTS}/data-art-zh.png` });

  // Drop an image file onto another cell: it goes into art/ and the cell refers to it.
  const dropped = await sharp({ create: { width: 750, height: 1050, channels: 3, background: '#1F6F8B' } }).png().toBuffer();
  // Dropped on the id cell of the row: it lands in the row's image column.
  await dropFile(page, cell(page, 1, 0), 'Ox.png', 'image/png', dropped);
  await expect(cell(page, 1, artColumn)).toHaveText('file:art/ox.png');
  await expect(page.getByTestId('art-drop-notice')).toContainText('已添加 art/ox.png');
  await saved(page);
  const withArt = await api<{ columns: string[]; rows: string[][] }>(page, 'projects:cards', { id });
  expect(withArt.rows[1]![artColumn]).toBe('file:art/ox.png');
  expect(withArt.rows[1]![0]).toBe(cards.rows[1]![0]);

  // English.
  await page.evaluate(`localStorage.setItem('fuqi.locale', 'en')`);
  await page.reload();
  await page.getByRole('button', { name: 'Import…' }).click();
  const en = page.getByRole('dialog', { name: 'Import card data' });
  await en.getByTestId('import-file').setInputFiles({ name: 'cards.csv', mimeType: 'text/csv', buffer: Buffer.from('ID,Name,art\ncard-1,Lucky star,art/rat-card.png\nnew-1,New,\n') });
  await expect(en.getByTestId('import-counts')).toContainText('1 row added');
  await en.getByLabel('Remove rows and columns not in the file').check();
  await expect(en.getByTestId('import-counts')).toContainText('3 rows removed');
  await page.screenshot({ path: `${SHOTS}/import-dialog-en.png` });
  expect(errors).toEqual([]);
});
