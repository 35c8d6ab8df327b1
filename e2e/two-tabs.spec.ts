// Two tabs of the app on one project see each other's saves at once, and a save that would
// overwrite the other tab's newer one is never offered without showing what that one changed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import { call, freshStart, watchErrors } from './page-helpers';


const cell = (page: Page, row: number, col: number) =>
  page.getByRole('grid').locator(`[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`);
const status = (page: Page) => page.locator('[data-status]');

async function type(page: Page, row: number, col: number, text: string): Promise<void> {
  await cell(page, row, col).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

test('two tabs on one project: each sees the other’s save at once; a clash shows the other tab’s change before anything is overwritten', async ({ page: a, context }) => {
  const errorsA = await watchErrors(a);
  await freshStart(a);
  const made = await call<{ summary: { id: string; dir: string } }>(a, 'projects:create', { name: { zh: '两个窗口', en: 'Two tabs' }, card: { preset: 'poker' } });
  const { id, dir } = made.summary;
  const csv = () => readFileSync(join(dir, 'cards.csv'), 'utf8');

  const b = await context.newPage();
  const errorsB = await watchErrors(b);
  for (const p of [a, b]) {
    await p.goto(`/#/p/${id}/data`);
    await expect(status(p)).toHaveAttribute('data-status', 'saved');
    await expect(cell(p, 0, 2)).toHaveText('春 Spring');
  }

  // A saves an edit: B shows it without being touched, and says it reloaded.
  await type(a, 0, 2, 'From A');
  await expect(status(a)).toHaveAttribute('data-status', 'saved');
  await expect.poll(csv).toContain('card-1,2,From A,');
  await expect(cell(b, 0, 2)).toHaveText('From A');
  await expect(b.getByTestId('reload-notice')).toContainText('已在另一个窗口中保存，已重新载入：修改 1 行');
  await expect(status(b)).toHaveAttribute('data-status', 'saved');

  // B's next edit saves over A's without a question: B had A's version.
  await type(b, 1, 2, 'From B');
  await expect(status(b)).toHaveAttribute('data-status', 'saved');
  await expect.poll(csv).toContain('card-2,1,From B,');
  expect(csv()).toContain('card-1,2,From A,');
  await expect(cell(a, 1, 2)).toHaveText('From B');

  // A clash: B's save is held on the way while A saves another edit; B's save is then refused, and
  // B is told it was the other window (not "another program") and what that window changed.
  let held: Route | undefined;
  await b.route('**/api/projects:*-cards', (route) => {
    held = route;
  });
  await type(b, 2, 2, 'B again');
  await expect.poll(() => held !== undefined).toBe(true);
  await type(a, 0, 3, 'A note');
  await expect(status(a)).toHaveAttribute('data-status', 'saved');
  await expect.poll(csv).toContain('A note');
  await held!.continue();
  await b.unroute('**/api/projects:*-cards');

  const prompt = b.getByRole('alertdialog');
  await expect(prompt).toContainText('已在另一个窗口中保存');
  await expect(prompt).toContainText('另一个窗口');
  await expect(prompt).not.toContainText('其他程序');
  await expect(b.getByTestId('conflict-theirs')).toContainText('修改 1 行');
  await expect(b.getByTestId('conflict-theirs')).toContainText('card-1');
  await b.screenshot({ path: 'test-results/two-tabs-conflict.png' });
  // Nothing was overwritten while it asks.
  expect(csv()).toContain('A note');
  expect(csv()).not.toContain('B again');

  // Take the other window's version: B shows A's note, and its own edit is gone from the file.
  await prompt.getByRole('button', { name: '采用那个窗口的（放弃我的编辑）' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(cell(b, 0, 3)).toHaveText('A note');
  await expect(cell(b, 2, 2)).not.toHaveText('B again');
  await expect(status(b)).toHaveAttribute('data-status', 'saved');
  expect(csv()).not.toContain('B again');

  expect(errorsA).toEqual([]);
  // B's held save was refused as a conflict (HTTP 409 logged by the browser), which is the point.
  expect(errorsB.filter((e) => !/409|Conflict/i.test(e))).toEqual([]);
});
