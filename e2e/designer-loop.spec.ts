import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { call, dataSaved, dropFile, freshStart, gridCell, newBlankProject, watchErrors } from './page-helpers';
import { renderPdfPages } from './pdf-helpers';

/**
 * The designer's whole loop in one go, as a new user does it: a blank project; art added through
 * the Art tab and by dropping a file on a cell; an image layer bound to it; an expression binding
 * and a per-card template rule; a column filled down on the data page and undone from the template
 * page (which says what it undid); the template file broken by hand and fixed; a two-section
 * rulebook with a card figure; the cards and the rulebook exported, their pages rendered and
 * checked. Each step has its own, deeper spec; this one checks they hold together.
 */
const OUT = join('test-results', 'designer-loop');

test('the designer loop: blank project → art → bindings → fill and undo → broken template → rules → PDFs', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = await watchErrors(page);
  await freshStart(page);
  const { id, dir } = await newBlankProject(page, '四时', 'Four Times');
  const cards = () => call<{ columns: string[]; rows: string[][] }>(page, 'projects:cards', { id });

  // An art column, named as a person names it.
  await page.getByRole('button', { name: '添加列' }).click();
  await page.getByRole('columnheader').filter({ hasText: 'column_5' }).getByRole('button').first().dblclick();
  await page.getByLabel('列名').fill('art');
  await page.getByLabel('列名').press('Enter');
  await expect(page.getByRole('columnheader').filter({ hasText: 'art' })).toBeVisible();
  // (The first header is the row numbers' corner.)
  const columnOf = async (name: string) => (await page.getByRole('columnheader').allTextContents()).findIndex((t) => t.trim().startsWith(name)) - 1;
  const col = await columnOf('art');
  expect(col).toBeGreaterThan(0);

  // Art through the Art tab, picked into the focused cell …
  const red = await sharp({ create: { width: 750, height: 1050, channels: 3, background: '#C23B22' } }).png().toBuffer();
  await gridCell(page, 0, col).click();
  await page.getByRole('tab', { name: '图片' }).click();
  await page.getByTestId('art-file').setInputFiles([{ name: 'Sun.png', mimeType: 'image/png', buffer: red }]);
  await expect(page.getByText('已添加 art/sun.png')).toBeVisible();
  await page.getByRole('button', { name: '使用 sun.png' }).click();
  await expect(gridCell(page, 0, col)).toHaveText('file:art/sun.png');
  // … and by dropping an image file on another row's cell.
  const blue = await sharp({ create: { width: 750, height: 1050, channels: 3, background: '#1E6FD9' } }).png().toBuffer();
  await dropFile(page, gridCell(page, 1, col), 'Moon.png', 'image/png', blue);
  await expect(gridCell(page, 1, col)).toHaveText('file:art/moon.png');
  await dataSaved(page);
  await expect.poll(async () => (await cards()).rows.slice(0, 2).map((r) => r.at(-1))).toEqual(['file:art/sun.png', 'file:art/moon.png']);

  // The template: an image layer bound to the art column, and the body text as an expression.
  await call(page, 'templates:add', { projectId: id, name: 'front-night' });
  await page.getByRole('link', { name: '模板', exact: true }).click();
  await page.waitForURL(/\/template$/);
  const prop = (k: string) => page.locator(`[data-prop="${k}"]`);
  const face = page.getByTestId('editor-face');
  const status = page.getByTestId('editor-status');
  await page.locator('[data-add="image"]').click();
  await prop('src').fill('{{art}}');
  await prop('src').press('Enter');
  await expect(status).toHaveText('已保存');
  await expect(face.locator('image').first()).toBeAttached();
  await page.locator('[data-layer-row="body"]').click();
  await prop('text').fill('{{upper(text)}} × {{copies * 2}}');
  await expect(face).toContainText('× 4');
  await expect(status).toHaveText('已保存');

  // A per-card template rule: the third card takes a second front (added as the editor's "new
  // template" does), without a template column.
  const rules = page.locator('[data-template-rules]');
  if (!(await rules.getAttribute('open'))) await rules.locator('summary').click();
  await rules.getByRole('button', { name: '添加规则' }).click();
  await rules.getByRole('textbox', { name: '条件 1' }).fill('id == "card-3"');
  await rules.getByRole('combobox', { name: '正面模板 1' }).selectOption('front-night');
  await rules.getByRole('button', { name: '保存规则' }).click();
  await expect(rules.getByText('规则已保存')).toBeVisible();
  expect(JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8')).templateRules).toEqual([{ when: 'id == "card-3"', template: 'front-night' }]);

  // Fill the text column down on the data page …
  await page.getByRole('link', { name: '数据', exact: true }).click();
  const text = await columnOf('text');
  const texts = async () => {
    const c = await cards();
    return c.rows.map((r) => r[c.columns.indexOf('text')]);
  };
  const before = await texts();
  await gridCell(page, 0, text).click();
  await gridCell(page, 2, text).click({ modifiers: ['Shift'] });
  await page.keyboard.press('Control+d');
  await expect(gridCell(page, 2, text)).toHaveText(before[0]!);
  await dataSaved(page);
  // … and undo it from the template page: it first says what the step is and where it was made,
  // then undoes it and names what it undid.
  await page.getByRole('link', { name: '模板', exact: true }).click();
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('step-ask')).toContainText('上一步是在数据页做的：填充 text 列 2 格');
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('step-done')).toHaveText('撤销：填充 text 列 2 格');
  await expect.poll(texts).toEqual(before);

  // The template file broken by hand: the editor says where and stays read-only; fixed, it reloads.
  const frontFile = join(dir, 'front.template.json');
  await expect(status).toHaveText('已保存');
  const good = readFileSync(frontFile, 'utf8');
  writeFileSync(frontFile, good.replace(/,\n/, '\n'));
  await expect(page.getByTestId('template-problem')).toContainText(/第 \d+ 行第 \d+ 列/);
  await expect(status).toHaveText('文件有错误（只读）');
  writeFileSync(frontFile, good);
  await expect(page.getByTestId('template-problem')).toHaveCount(0);
  await expect(status).toHaveText('已保存');
  await expect(face).toContainText('× 4');

  // A two-section rulebook with a figure of the third card, picked from the data.
  await page.getByRole('link', { name: '规则', exact: true }).click();
  const source = page.getByRole('textbox', { name: /规则源文件/ });
  await expect(source).toHaveValue(/# 游戏配件 Components/);
  await source.fill('# 准备 Setup\n\n洗混全部卡牌，每人发三张。\n\n# 回合 Turn\n\n打出一张牌，例如：\n\n');
  await source.press('Control+End');
  await page.getByRole('button', { name: '插入卡牌图' }).click();
  const picker = page.getByRole('dialog', { name: '插入卡牌图' });
  await picker.getByRole('checkbox', { name: /card-3|秋/ }).first().check();
  await picker.getByRole('button', { name: '插入', exact: true }).click();
  await expect(source).toHaveValue(/!\[[^\]]*\]\(card:card-3 "35%"\)\n$/);
  const pagesRegion = page.getByRole('region', { name: '规则书页面' });
  await expect(pagesRegion).toContainText('回合TURN');
  await expect(page.locator('[data-rules-status]')).toHaveAttribute('data-rules-status', 'saved');

  // Export the cards and the rulebook from the print dialog; render every page and look.
  await page.getByRole('link', { name: '打印', exact: true }).click();
  await page.getByRole('button', { name: '导出 PDF' }).click();
  await expect(page.getByText('导出完成').first()).toBeVisible({ timeout: 60_000 });
  const cardsPdf = ((await page.locator('code[data-kind="pdf"]').first().textContent()) ?? '').trim();
  const rulebook = page.locator('[data-print-rulebook]');
  await rulebook.getByRole('radio', { name: '中文' }).check();
  await rulebook.getByRole('button', { name: '导出规则书' }).click();
  await expect(rulebook.getByText('导出完成')).toBeVisible({ timeout: 60_000 });
  const rulesPdf = ((await rulebook.locator('code[data-kind="pdf"]').textContent()) ?? '').trim();
  const cardPages = await renderPdfPages(cardsPdf, join(OUT, 'cards'));
  const rulePages = await renderPdfPages(rulesPdf, join(OUT, 'rules'));
  expect(cardPages.length).toBeGreaterThanOrEqual(2); // fronts and backs
  expect(rulePages.length).toBeGreaterThanOrEqual(1);
  // The art is printed: the sun's red and the moon's blue are on a sheet of fronts.
  const colours = async (file: string, want: number[][]) => {
    const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return want.map((rgb) => {
      for (let i = 0; i < info.width * info.height * 3; i += 3) if (rgb.every((v, k) => Math.abs(data[i + k]! - v) < 12)) return true;
      return false;
    });
  };
  const found = await Promise.all(cardPages.map((f) => colours(f, [[0xc2, 0x3b, 0x22], [0x1e, 0x6f, 0xd9]])));
  expect(found.some(([r, b]) => r && b)).toBe(true);
  expect(errors).toEqual([]);
});
