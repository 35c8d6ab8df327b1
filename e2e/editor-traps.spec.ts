import { expect, test, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, freshStart, watchErrors } from './page-helpers';

/**
 * The template editor's traps, as a designer meets them at 1280×720: "fit" shows the whole card
 * with its bleed and the page never scrolls (an image layer selected, a long deck beside it); a
 * cleared image source is said on the field in Chinese while the rest is saved; a template file
 * broken by hand shows where (line and column), stays read-only, and reloads when fixed.
 */

test.use({ viewport: { width: 1280, height: 720 } });

test('template editor traps: fit and no page scroll at 1280×720, a cleared field, a file broken by hand', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await watchErrors(page);
  await freshStart(page);
  const made = await call<{ summary: { id: string; dir: string } }>(page, 'projects:create', { name: { zh: '陷阱', en: 'Traps' }, card: { preset: 'poker' } });
  const { id, dir } = made.summary;
  // A tall deck: 40 cards.
  const rows = Array.from({ length: 40 }, (_, i) => `c${i + 1},,名${i + 1}`);
  writeFileSync(join(dir, 'cards.csv'), `id,copies,name\n${rows.join('\n')}\n`);
  const frontFile = join(dir, 'front.template.json');
  const front = () => JSON.parse(readFileSync(frontFile, 'utf8')) as { layers: Record<string, unknown>[] };

  await page.goto(`/#/p/${id}/template`);
  await expect(page.getByTestId('editor-status')).toHaveText('已保存');
  const prop = (k: string) => page.locator(`[data-prop="${k}"]`);
  await page.locator('[data-add="image"]').click();
  await prop('src').fill('file:art/sun.png');
  await prop('src').press('Enter');
  await expect(page.getByTestId('editor-status')).toHaveText('已保存');

  // Fit with the image layer selected: the card and its bleed inside the canvas, nothing scrolls.
  await page.getByRole('button', { name: '适合窗口' }).click();
  const noScroll = async () => {
    const m = await page.evaluate<{ sh: number; ih: number; sw: number; iw: number }>(
      '({ sh: document.documentElement.scrollHeight, ih: window.innerHeight, sw: document.documentElement.scrollWidth, iw: window.innerWidth })',
    );
    expect(m.sh, 'page height').toBeLessThanOrEqual(m.ih);
    expect(m.sw, 'page width').toBeLessThanOrEqual(m.iw);
  };
  await noScroll();
  // The toolbar is one row at 1280 px, in both languages.
  const oneRow = async () => {
    const tops = await page.evaluate<number[]>("[...document.querySelector('header.tools').children].filter((e) => e.getBoundingClientRect().height > 0).map((e) => e.getBoundingClientRect().bottom)");
    expect(Math.max(...tops) - Math.min(...tops), `toolbar rows: ${tops.join(', ')}`).toBeLessThan(12);
  };
  await oneRow();
  const canvas = (await page.getByTestId('editor-canvas').boundingBox())!;
  const card = (await page.getByTestId('editor-face').boundingBox())!;
  expect(card.height).toBeGreaterThan(200);
  expect(card.y).toBeGreaterThanOrEqual(canvas.y - 1);
  expect(card.y + card.height).toBeLessThanOrEqual(canvas.y + canvas.height + 1);
  expect(card.x + card.width).toBeLessThanOrEqual(canvas.x + canvas.width + 1);
  expect(Number((await page.getByTestId('zoom').textContent())!.replace('%', ''))).toBeLessThan(200);

  // Clearing the image source: the problem on the field, in Chinese; the rest is still saved.
  await prop('src').fill('');
  await prop('src').press('Enter');
  await expect(page.locator('[data-field-problem="src"]')).toContainText('不能为空');
  await expect(prop('src')).toHaveAttribute('aria-invalid', 'true');
  await prop('box-x').fill('12');
  await expect(page.getByTestId('editor-status')).toHaveText('已保存');
  await expect.poll(() => front().layers.at(-1)).toMatchObject({ x: 12, src: 'file:art/sun.png' });
  await noScroll();

  // The file broken by hand: where, in Chinese; read-only; never saved over.
  const good = readFileSync(frontFile, 'utf8');
  const lines = good.split('\n');
  lines[2] = lines[2]!.replace(/,$/, '');
  writeFileSync(frontFile, lines.join('\n'));
  await expect(page.getByTestId('template-problem')).toContainText('第 4 行第 3 列');
  await expect(page.getByTestId('editor-status')).toHaveText('文件有错误（只读）');
  await expect(page.locator('[data-add="image"]')).toBeDisabled();
  await expect(page.getByTestId('editor-face').locator('image, rect').first()).toBeVisible();
  await page.waitForTimeout(1500);
  expect(readFileSync(frontFile, 'utf8')).toBe(lines.join('\n'));

  // Fixed: reloads by itself, no conflict, editable again.
  const fixed = JSON.parse(good) as { layers: Record<string, unknown>[] };
  fixed.layers[0]!.fill = '#1E6FD9';
  writeFileSync(frontFile, JSON.stringify(fixed, null, 2) + '\n');
  await expect(page.getByTestId('template-problem')).toHaveCount(0);
  await expect(page.getByTestId('editor-status')).toHaveText('已保存');
  await expect(page.locator('[data-conflict]')).toHaveCount(0);
  await expect(page.getByTestId('editor-face').locator('rect[fill="#1E6FD9"]').first()).toBeAttached();
  await expect(page.locator('[data-add="image"]')).toBeEnabled();
  await page.screenshot({ path: 'test-results/editor-traps-1280.png' });
  await page.evaluate(`localStorage.setItem('fuqi.locale', 'en')`);
  await page.reload();
  await expect(page.getByTestId('editor-status')).toHaveText('Saved');
  await oneRow();
  await noScroll();

  // On the data page the template and back columns offer the project's templates, and flag another name.
  writeFileSync(join(dir, 'cards.csv'), 'id,copies,name,template,back,tint\nc1,,春,front,back,#C23B22\nc2,,夏,nope,back,\n');
  await page.goto(`/#/p/${id}/data`);
  await page.getByRole('button', { name: '中文' }).click();
  const cell = (r: number, c: number) => page.getByRole('grid').locator(`[role="row"][aria-rowindex="${r + 2}"] [role="gridcell"][aria-colindex="${c + 2}"]`);
  await expect(cell(1, 3)).toHaveAttribute('aria-invalid', 'true');
  await cell(1, 3).dblclick();
  await expect(page.getByRole('listbox', { name: 'template' }).getByRole('option')).toHaveText(['front', 'back']);
  await page.getByRole('listbox', { name: 'template' }).getByRole('option', { name: 'front' }).click();
  await expect(cell(1, 3)).toHaveText('front');
  await expect(cell(1, 3)).not.toHaveAttribute('aria-invalid', 'true');

  // A colour column's cells carry a colour picker.
  await page.getByRole('tab', { name: '项目设置' }).click();
  await page.getByLabel('“tint”列的类型').selectOption('colour');
  await cell(1, 5).locator('input[type="color"]').fill('#1e6fd9');
  await expect(cell(1, 5)).toHaveText('#1E6FD9');
  await expect.poll(() => readFileSync(join(dir, 'cards.csv'), 'utf8')).toMatch(/c2,.*夏.*,#1E6FD9/);

  // Columns resize by their header's edge, and freeze (kept in view while scrolling sideways).
  const head = (name: string) => page.getByRole('columnheader').filter({ hasText: name }).first();
  const before = (await head('name').boundingBox())!;
  const edge = (await page.getByTestId('resize-2').boundingBox())!;
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width / 2 + 300, edge.y + edge.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => (await head('name').boundingBox())!.width).toBeGreaterThan(before.width + 250);
  await head('name').getByRole('button', { name: /⋯|name/ }).last().click();
  await page.getByTestId('freeze-column').click();
  await page.getByRole('grid').evaluate((el) => ((el as unknown as { scrollLeft: number }).scrollLeft = 400));
  await expect.poll(async () => (await head('name').boundingBox())!.x).toBeCloseTo(before.x, 0);
  await expect.poll(async () => (await head('tint').boundingBox())!.x).toBeLessThan(before.x + 600);
  const resized = (await head('name').boundingBox())!.width;

  // Both are kept for the project after a reload; the file is not touched.
  const csv = readFileSync(join(dir, 'cards.csv'), 'utf8');
  await page.reload();
  await expect(page.getByRole('grid').getByText('夏')).toBeVisible();
  expect((await head('name').boundingBox())!.width).toBeCloseTo(resized, 0);
  // (Saving put the template and back columns first, so the frozen columns now run through name's new place.)
  await expect(head('name')).toHaveClass(/frozen/);
  await expect(head('tint')).not.toHaveClass(/frozen/);
  await head('name').getByRole('button', { name: /⋯|name/ }).last().click();
  await expect(page.getByTestId('freeze-column')).toHaveText('取消冻结');
  await page.keyboard.press('Escape');
  expect(readFileSync(join(dir, 'cards.csv'), 'utf8')).toBe(csv);

  // A list column at the grid's right edge: its values open inside the grid, none cut off.
  writeFileSync(join(dir, 'cards.csv'), 'id,copies,name,tint,template,back\nc1,,春,#C23B22,front,back\nc2,,夏,#1E6FD9,front,back\n');
  await expect(head('back')).toBeVisible();
  await page.getByRole('grid').evaluate((el) => {
    const g = el as unknown as { scrollLeft: number; scrollWidth: number };
    g.scrollLeft = g.scrollWidth;
  });
  await cell(1, 5).dblclick();
  const grid = (await page.getByRole('grid').boundingBox())!;
  const chips = page.getByRole('listbox', { name: 'back' }).getByRole('option');
  await expect(chips).toHaveText(['front', 'back']);
  for (const chip of await chips.all()) {
    const b = (await chip.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(grid.x);
    expect(b.x + b.width).toBeLessThanOrEqual(grid.x + grid.width);
    await expect(chip).toBeInViewport({ ratio: 1 });
  }
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);
});

test('the live deck draws every card\'s art at once, without each card visiting the canvas first', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = await watchErrors(page);
  await freshStart(page);
  const made = await call<{ summary: { id: string; dir: string } }>(page, 'projects:create', { name: { zh: '画', en: 'Art' }, card: { preset: 'poker' } });
  const { id, dir } = made.summary;
  const sharp = (await import('sharp')).default;
  const refs: string[] = [];
  for (const [i, colour] of ['#C23B22', '#1F6F8B', '#2E8B57', '#D4A017', '#6A3D9A', '#333333', '#E377C2'].entries()) {
    const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: colour } }).png().toBuffer();
    refs.push((await call<{ ref: string }>(page, 'projects:add-art', { projectId: id, fileName: `a${i}.png`, bytes: png.toString('base64') })).ref);
  }
  writeFileSync(join(dir, 'cards.csv'), `id,copies,art\n${refs.map((r, i) => `c${i + 1},,${r}`).join('\n')}\n`);
  const t = JSON.parse(readFileSync(join(dir, 'front.template.json'), 'utf8')) as { layers: Record<string, unknown>[] };
  t.layers.push({ id: 'pic', type: 'image', x: 5, y: 5, w: 53, h: 60, src: '{{art}}' });
  writeFileSync(join(dir, 'front.template.json'), JSON.stringify(t, null, 2) + '\n');

  await page.goto(`/#/p/${id}/template`);
  await expect(page.getByTestId('editor-status')).toHaveText('已保存');
  for (let i = 1; i <= refs.length; i++) await expect(page.locator(`[data-deck-card="c${i}"] image`), `c${i}`).toHaveCount(1);
  // After a reload too.
  await page.reload();
  await expect(page.getByTestId('editor-status')).toHaveText('已保存');
  for (let i = 1; i <= refs.length; i++) await expect(page.locator(`[data-deck-card="c${i}"] image`), `c${i}`).toHaveCount(1);
  expect(errors).toEqual([]);
});
