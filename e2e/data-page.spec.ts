import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { call, fontsReady, freshStart, watchErrors } from './page-helpers';


const cell = (page: Page, row: number, col: number) =>
  page.getByRole('grid').locator(`[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`);
const status = (page: Page) => page.locator('[data-status]');

test('the data page: typing, live preview, autosave, reload from disk, undo and redo, settings', async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  const made = await call<{ summary: { id: string; dir: string } }>(page, 'projects:create', { name: { zh: '数据页', en: 'Data page' }, card: { preset: 'poker' } });
  const { id, dir } = made.summary;
  const csv = () => readFileSync(join(dir, 'cards.csv'), 'utf8');

  await page.goto(`/#/p/${id}/data`);
  // The data tab comes first for the user's own project.
  await expect(page.getByRole('navigation').getByRole('link').nth(1)).toHaveText('数据');
  await expect(status(page)).toHaveAttribute('data-status', 'saved');
  await expect(cell(page, 0, 2)).toHaveText('春 Spring');

  // Type over a cell: the preview follows before the save, then the chip says saved and the file has it.
  await cell(page, 0, 2).click();
  await expect(page.getByTestId('preview-front')).toContainText('Spring');
  await page.keyboard.type('Winter wind');
  await expect(page.getByTestId('preview-front')).toContainText('Winter wind');
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveAttribute('data-status', 'saved');
  await expect.poll(csv).toContain('card-1,2,Winter wind,');

  // Someone edits cards.csv on disk: the grid reloads within a second and says what changed.
  writeFileSync(join(dir, 'cards.csv'), csv().replace('夏 Summer', '夏 Summer!') + 'card-4,1,冬 Winter,新牌\n');
  await expect(page.getByTestId('reload-notice')).toContainText('新增 1 行');
  await expect(page.getByTestId('reload-notice')).toContainText('修改 1 行');
  await expect(cell(page, 3, 2)).toHaveText('冬 Winter');
  await expect(cell(page, 1, 2)).toHaveText('夏 Summer!');
  await expect(status(page)).toHaveAttribute('data-status', 'saved');

  // Undo and redo the typing (the reload kept the history); each is saved.
  await cell(page, 2, 0).click();
  await page.keyboard.press('Control+z');
  await expect(cell(page, 0, 2)).toHaveText('春 Spring');
  await expect.poll(csv).toContain('card-1,2,春 Spring,');
  await page.keyboard.press('Control+Shift+z');
  await expect(cell(page, 0, 2)).toHaveText('Winter wind');
  await expect.poll(csv).toContain('card-1,2,Winter wind,');
  expect(csv()).toContain('card-4,1,冬 Winter,新牌');

  // Settings share the history: change the bleed, undo it with the keyboard in the panel.
  await page.getByRole('tab', { name: '项目设置' }).click();
  const bleed = page.getByLabel('出血（mm）');
  await bleed.fill('2');
  await expect.poll(() => JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8')).card.bleed).toBe(2);
  await bleed.press('Control+z');
  await expect(bleed).toHaveValue('3');
  await expect.poll(() => JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8')).card.bleed).toBe(3);
  // A column type: "copies" is fixed; make "name" a list and see the grid flag a value outside it.
  await page.getByLabel('“name”列的类型').selectOption('list');
  await page.getByLabel('可选值（用逗号或换行分隔）').fill('Winter wind, 冬 Winter');
  await page.getByLabel('可选值（用逗号或换行分隔）').blur();
  await expect(page.getByRole('button', { name: /数据问题/ })).toBeVisible();
  await expect.poll(() => JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8')).columns).toEqual({ name: { type: 'list', values: ['Winter wind', '冬 Winter'] } });

  await fontsReady(page);
  await page.screenshot({ path: 'test-results/data-page-settings-zh.png' });

  // The deck shows the saved data (the session re-renders after a save).
  await page.getByRole('navigation').getByRole('link', { name: '牌组', exact: true }).click();
  await expect(page.locator('[data-card-id="card-1"]')).toContainText('Winter wind');
  await expect(page.locator('[data-card-id="card-4"]')).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: '数据', exact: true }).click();

  // A reload finds everything saved.
  await page.getByRole('tab', { name: '预览' }).click();
  await page.reload();
  await expect(cell(page, 0, 2)).toHaveText('Winter wind');
  await expect(cell(page, 3, 0)).toHaveText('card-4');

  // Screenshots for review, in both languages.
  await cell(page, 0, 3).click();
  await expect(page.getByTestId('preview-back')).toBeVisible();
  await fontsReady(page);
  await page.screenshot({ path: 'test-results/data-page-zh.png' });
  await page.evaluate(`localStorage.setItem('fuqi.locale', 'en')`);
  await page.reload();
  await cell(page, 0, 3).click();
  await expect(page.getByTestId('preview-front')).toBeVisible();
  await fontsReady(page);
  await page.screenshot({ path: 'test-results/data-page-en.png' });
  expect(errors).toEqual([]);
});

test('a built-in project shows its data read-only and offers a copy to edit', async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  await page.goto('/#/p/doufu/data');
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'readonly');
  await expect(cell(page, 0, 0)).toHaveText('RAT-FU');
  await page.getByRole('button', { name: '复制一份我自己的' }).click();
  await page.waitForURL(/#\/p\/u-[^/]+\/data$/);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'saved');
  await expect(page.getByRole('navigation')).toContainText('我的斗福');
  expect(errors).toEqual([]);
});

test('edits in the app and on disk at once: the app asks, and keeps mine or takes theirs', async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  const made = await call<{ summary: { id: string; dir: string } }>(page, 'projects:create', { name: { zh: '冲突', en: 'Conflict' }, card: { preset: 'poker' } });
  const { id, dir } = made.summary;
  const file = join(dir, 'cards.csv');
  const csv = () => readFileSync(file, 'utf8');
  await page.goto(`/#/p/${id}/data`);
  await expect(status(page)).toHaveAttribute('data-status', 'saved');
  const prompt = page.getByRole('alertdialog');

  // 1. The save is on its way when LibreOffice writes the file: the host refuses the stale save
  //    (or the watcher sees the file change under unsaved edits first), and the app asks. "Keep mine" writes the app's table over the file.
  let held: (() => Promise<void>) | undefined;
  // Autosave sends the changed cells (patch-cards), or the whole table (save-cards): hold either.
  await page.route('**/api/projects:*-cards', (route) => {
    held = () => route.continue();
  });
  await cell(page, 0, 2).click();
  await page.keyboard.type('Mine');
  await page.keyboard.press('Enter');
  await expect.poll(() => held !== undefined).toBe(true);
  writeFileSync(file, csv().replace('夏 Summer', 'Theirs'));
  await held!();
  await page.unroute('**/api/projects:*-cards');
  // (Whether the refused save or the watcher tells first, the question is the same.)
  await expect(prompt).toContainText('cards.csv 已在磁盘上更改');
  await prompt.getByRole('button', { name: '保留我的（覆盖磁盘上的文件）' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(status(page)).toHaveAttribute('data-status', 'saved');
  await expect.poll(csv).toContain('card-1,2,Mine,');
  expect(csv()).not.toContain('Theirs');
  await expect(cell(page, 1, 2)).toHaveText('夏 Summer');

  // 2. Saving fails (the host is away) and then the file changes on disk: the app notices the
  //    change while it holds unsaved edits and asks. "Take theirs" loads the file and drops mine.
  await page.route('**/api/projects:*-cards', (route) => route.abort());
  await cell(page, 2, 2).click();
  await page.keyboard.type('Unsaved');
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveAttribute('data-status', 'error');
  writeFileSync(file, csv().replace('秋 Autumn', 'From disk'));
  await expect(prompt).toContainText('其他程序修改了文件，而你在这里还有未保存的编辑');
  await page.screenshot({ path: 'test-results/data-page-conflict-zh.png' });
  await page.unroute('**/api/projects:*-cards');
  await prompt.getByRole('button', { name: '采用磁盘上的（放弃我的编辑）' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(cell(page, 2, 2)).toHaveText('From disk');
  await expect(cell(page, 0, 2)).toHaveText('Mine');
  await expect(status(page)).toHaveAttribute('data-status', 'saved');
  expect(csv()).toContain('From disk');
  expect(csv()).not.toContain('Unsaved');

  // The aborted saves are the only errors the page logged.
  expect(errors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
});
