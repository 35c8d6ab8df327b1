import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { call, fontsReady, freshStart, watchErrors } from './page-helpers';


const status = (page: Page) => page.locator('[data-status]');

test('columns named constructor, toString and __proto__ take types in the settings panel, save, and come back', async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  // A hostile name for the project too: its folder is a visible one in the projects folder.
  const made = await call<{ summary: { id: string; dir: string } }>(page, 'projects:create', { name: '../../Proto', card: { preset: 'poker' } });
  const { id, dir } = made.summary;
  expect(dir.split('/').pop()).toBe('Proto');
  writeFileSync(join(dir, 'cards.csv'), 'id,copies,title,constructor,toString,__proto__\ncard-1,1,One,1,a,x\ncard-2,1,Two,2,b,y\n');
  const columns = () => JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8')).columns;

  await page.goto(`/#/p/${id}/data`);
  await expect(status(page)).toHaveAttribute('data-status', 'saved');
  await page.getByRole('tab', { name: '项目设置' }).click();
  await page.getByLabel('“constructor”列的类型').selectOption('number');
  await expect.poll(columns).toEqual({ constructor: { type: 'number' } });
  await page.getByLabel('“__proto__”列的类型').selectOption('list');
  await page.getByLabel('可选值（用逗号或换行分隔）').fill('x, y');
  await page.getByLabel('可选值（用逗号或换行分隔）').blur();
  // (Compared as JSON: in an object literal `__proto__:` would set the prototype, not a key.)
  await expect.poll(() => JSON.stringify(columns())).toBe('{"constructor":{"type":"number"},"__proto__":{"type":"list","values":["x","y"]}}');
  await page.getByLabel('“toString”列的类型').selectOption('colour');
  await expect.poll(() => Object.keys(columns())).toEqual(['constructor', '__proto__', 'toString']);
  // "a" and "b" are not colours: the grid says so; nothing else is flagged.
  await expect(page.getByRole('button', { name: /数据问题/ })).toBeVisible();
  await expect(status(page)).toHaveAttribute('data-status', 'saved');
  await fontsReady(page);
  await page.screenshot({ path: 'test-results/user-names-settings.png' });

  // A reload reads every type back.
  await page.reload();
  await page.getByRole('tab', { name: '项目设置' }).click();
  await expect(page.getByLabel('“constructor”列的类型')).toHaveValue('number');
  await expect(page.getByLabel('“__proto__”列的类型')).toHaveValue('list');
  await expect(page.getByLabel('“toString”列的类型')).toHaveValue('colour');
  await expect(page.getByLabel('“title”列的类型')).toHaveValue('text');
  expect(errors).toEqual([]);
});
