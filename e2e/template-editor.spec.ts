import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fontsReady, freshStart, watchErrors } from './page-helpers';

/**
 * The template editor, as a designer uses it: from a blank project with data, build a front with
 * a background, a bound title and an image; move, snap and rotate a layer; undo and redo; change a
 * data cell and see the face follow; reload and find the template saved in front.template.json.
 */
async function call<T>(page: Page, channel: string, arg: unknown): Promise<T> {
  const r = await page.request.post(`/api/${channel}`, { data: arg });
  const env = (await r.json()) as { ok: boolean; value: T; error?: { message: string } };
  if (!env.ok) throw new Error(env.error?.message);
  return env.value;
}

const status = (page: Page, s: string) => expect(page.getByTestId('editor-status')).toHaveText(s);

test('template editor: build a front bound to the data, move/snap/rotate, undo/redo, data change, reload', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await watchErrors(page);
  await freshStart(page);

  await page.getByRole('button', { name: '新建项目' }).first().click();
  const dialog = page.getByRole('dialog', { name: '新建项目' });
  await dialog.getByLabel('中文名').fill('模板试验');
  await dialog.getByLabel('英文名').fill('Template Trial');
  await dialog.getByRole('button', { name: '创建' }).click();
  await page.waitForURL(/#\/p\/[^/]+\/data$/);
  const id = decodeURIComponent(/#\/p\/([^/]+)\/data$/.exec(page.url())![1]!);
  const dir = (await call<{ id: string; dir?: string }[]>(page, 'projects:list', null)).find((p) => p.id === id)!.dir!;
  const front = () => JSON.parse(readFileSync(join(dir, 'front.template.json'), 'utf8')) as { layers: Record<string, unknown>[] };

  await page.getByRole('link', { name: '模板', exact: true }).click();
  await page.waitForURL(/\/template$/);
  await status(page, '已保存');
  const canvas = page.getByTestId('editor-canvas');
  const prop = (k: string) => page.locator(`[data-prop="${k}"]`);
  const hit = (layer: string) => canvas.locator(`rect.hit[data-layer="${layer}"]`);

  // Start from an empty face: select every layer and delete.
  await canvas.click({ position: { x: 60, y: 60 } });
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await expect(page.locator('[data-layer-row]')).toHaveCount(0);

  // A background: a rectangle over the whole card, through the bleed, in paper colour.
  await page.locator('[data-add="rect"]').click();
  await prop('box-x').fill('0');
  await prop('box-y').fill('0');
  await prop('box-w').fill('63');
  await prop('box-h').fill('88');
  await prop('fill').fill('#F3E3C3');
  await prop('fill').press('Enter');
  await page.getByRole('checkbox', { name: '贴边时延伸到出血' }).check();

  // A title bound to the name column (chosen from the data's columns), brush face, centred.
  await page.locator('[data-add="text"]').click();
  await prop('text').fill('');
  await page.locator('[data-bind="text"]').selectOption('name');
  await expect(prop('text')).toHaveValue('{{name}}');
  await prop('face').selectOption('brush');
  await prop('box-y').fill('8');
  await expect(page.getByTestId('editor-face')).toContainText('春 Spring');

  // An image: an icon.
  await page.locator('[data-add="image"]').click();
  await prop('src').fill('icon:fluent-emoji-flat:rat');
  await prop('src').press('Enter');
  await expect(page.getByTestId('editor-face').locator('image')).toHaveCount(1);

  // Move the image by dragging it: near the card's vertical centre line it snaps onto it, and a smart guide shows.
  await prop('box-x').fill('10');
  await prop('box-w').fill('20');
  await prop('box-h').fill('20');
  const zoom = Number(await page.getByTestId('editor-stage').getAttribute('data-zoom'));
  const pxPerMm = zoom * (96 / 25.4);
  const box = (await hit('image').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // Centre of the image should land on x = 31.5 mm (card centre): 10 + 10 = 20 → 31.5 is 11.5 mm; move 11.2 mm and let snapping do the rest.
  await page.mouse.move(box.x + box.width / 2 + 11.2 * pxPerMm, box.y + box.height / 2 + 20 * pxPerMm, { steps: 6 });
  // (A guide is a line, zero pixels wide: attached, with the card's centre as its x.)
  await expect(page.locator('[data-testid="smart-guide"][x1="31.5"]').first()).toBeAttached();
  await page.mouse.up();
  await expect(prop('box-x')).toHaveValue('21.5');
  await expect(page.getByTestId('smart-guide')).toHaveCount(0);

  // Nudge with the arrow keys: 0.5 mm, Shift 5 mm, Alt 0.1 mm.
  await canvas.focus();
  await page.keyboard.press('ArrowRight');
  await expect(prop('box-x')).toHaveValue('22');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(prop('box-x')).toHaveValue('17');
  await page.keyboard.press('Alt+ArrowRight');
  await expect(prop('box-x')).toHaveValue('17.1');

  // Rotate with the handle: drag it to the right of the centre → about 90°, Shift snaps to 15° steps.
  const img = (await hit('image').boundingBox())!;
  const rot = (await canvas.locator('[data-handle="rotate"]').boundingBox())!;
  await page.mouse.move(rot.x + rot.width / 2, rot.y + rot.height / 2);
  await page.mouse.down();
  await page.keyboard.down('Shift');
  await page.mouse.move(img.x + img.width / 2 + 40 * pxPerMm, img.y + img.height / 2 + 1, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  await expect(prop('rotation')).toHaveValue('90');
  await expect(page.getByTestId('editor-face').locator('g[transform^="rotate(90"]')).toHaveCount(1);

  // Undo takes back the rotation, then the nudges (arrow presses in a row are one step); redo
  // brings them back; one more undo leaves the rotation out.
  await page.getByTestId('undo').click();
  await expect(prop('rotation')).toHaveValue('');
  await page.getByTestId('undo').click();
  await expect(prop('box-x')).toHaveValue('21.5');
  await page.getByTestId('redo').click();
  await expect(prop('box-x')).toHaveValue('17.1');
  await page.keyboard.press('Control+Shift+z');
  await expect(prop('rotation')).toHaveValue('90');
  await page.keyboard.press('Control+z');
  await expect(prop('rotation')).toHaveValue('');
  await status(page, '已保存');
  let saved = front();
  expect(saved.layers.map((l) => l.type)).toEqual(['rect', 'text', 'image']);
  expect(saved.layers[1]).toMatchObject({ text: '{{name}}', face: 'brush', y: 8 });
  expect(saved.layers[2]).toMatchObject({ src: 'icon:fluent-emoji-flat:rat', x: 17.1, w: 20, h: 20 });
  expect(saved.layers[2]!.rotation).toBeUndefined();

  // Change a data cell on the data page: the face on the canvas follows.
  await page.getByRole('link', { name: '数据', exact: true }).click();
  const nameCell = page.getByRole('grid').locator('[role="row"][aria-rowindex="2"] [role="gridcell"][aria-colindex="4"]');
  await nameCell.dblclick();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('龙 Dragon');
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name: '模板', exact: true }).click();
  await expect(page.getByTestId('editor-face')).toContainText('龙 Dragon');
  // The data edit is in the same history: undo here takes it back.
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('editor-face')).toContainText('春 Spring');
  await page.getByTestId('redo').click();
  await expect(page.getByTestId('editor-face')).toContainText('龙 Dragon');

  // A hand edit of the template file reloads live.
  await status(page, '已保存');
  saved = front();
  saved.layers[1]!.color = '#1E6FD9';
  writeFileSync(join(dir, 'front.template.json'), JSON.stringify(saved, null, 2) + '\n');
  await expect(page.getByTestId('editor-face').locator('text[fill="#1E6FD9"]')).toHaveCount(1);

  // Reload the page: everything is still there.
  await page.reload();
  await status(page, '已保存');
  await expect(page.locator('[data-layer-row]')).toHaveCount(3);
  await expect(page.getByTestId('editor-face')).toContainText('龙 Dragon');
  await fontsReady(page);
  await hit('text').click();
  await page.screenshot({ path: 'docs/screenshots/template-editor.png' });
  expect(errors).toEqual([]);
});
