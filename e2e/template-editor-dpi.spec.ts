import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { call, freshStart, watchErrors } from './page-helpers';

/**
 * Low resolution shown where it is caused: an image too small for its box gets the warning on its
 * layer in the template editor (its pixels from templates:image-info, the DPI as export preflight
 * computes it), and the warning goes when the box is made small enough.
 */

test('template editor: a low-DPI image is warned about on its layer, and not once its box is small enough', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = await watchErrors(page);
  await freshStart(page);
  const made = await call<{ summary: { id: string } }>(page, 'projects:create', { name: { zh: '分辨率', en: 'Resolution' }, card: { preset: 'poker' } });
  const id = made.summary.id;
  // 100 × 100 px: 63 DPI across a 40 mm box, 317 DPI across 8 mm.
  const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#2E8B57' } }).png().toBuffer();
  const added = await call<{ ref: string }>(page, 'projects:add-art', { projectId: id, fileName: 'small.png', bytes: png.toString('base64') });
  expect(added.ref).toBe('file:art/small.png');

  await page.goto(`/#/p/${id}/template`);
  await expect(page.getByTestId('editor-status')).toHaveText('已保存');
  const prop = (k: string) => page.locator(`[data-prop="${k}"]`);
  await page.locator('[data-add="image"]').click();
  const layer = (await page.locator('[data-layer-row][aria-selected="true"]').getAttribute('data-layer-row'))!;
  await prop('src').fill('file:art/small.png');
  await prop('src').press('Enter');
  await prop('box-w').fill('40');
  await prop('box-h').fill('40');
  await expect(page.getByTestId('editor-face').locator('image')).toHaveCount(1);

  const row = page.locator(`[data-layer-row="${layer}"]`);
  await expect(row.locator('.warn')).toHaveText('⚠ 1');
  await expect(page.locator('.layers p.msg')).toHaveText('图片“file:art/small.png”（100 × 100 像素）以 40.0 × 40.0 毫米印出时只有 63 DPI；300 DPI 需要 473 × 473 像素。请换更大的图片或把图层缩小。');
  // The warning is on that layer only.
  await expect(page.locator('[data-layer-row] .warn')).toHaveCount(1);

  await prop('box-w').fill('8');
  await prop('box-h').fill('8');
  await expect(row.locator('.warn')).toHaveCount(0);
  await expect(page.locator('.layers p.msg')).toHaveCount(0);
  expect(errors).toEqual([]);
});
