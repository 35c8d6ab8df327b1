import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { filledPaths, pdftotext } from '../tests/pdf-probe';
import { call, fontsReady, freshStart, watchErrors } from './page-helpers';

/**
 * The template editor, as a designer uses it: from a blank project with data, build a front with
 * a background, a bound title, an image with cover fit and a focal point, rules text with an
 * inline icon and a bold span, and a conditional, rotated badge; move, snap and rotate a layer;
 * undo and redo; change a data cell and see the face follow; reload and find the template saved in
 * front.template.json; export the PDF and read the bound text and the layers' geometry back.
 */

const status = (page: Page, s: string) => expect(page.getByTestId('editor-status')).toHaveText(s);

test('template editor: build a front bound to the data, cover image, inline icon, conditional badge, move/snap/rotate, undo/redo, data change, reload, PDF read back', async ({ page }) => {
  test.setTimeout(240_000);
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
  await page.locator('[data-bind="text"]').selectOption('{{name}}');
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
  const faceG = page.getByTestId('editor-face');

  // The image covers a wide box (cropped, not stretched: the square icon is drawn 20 × 20 mm,
  // clipped to the 20 × 10 box, as the PDF draws it), its focal point set by the fields, then by a
  // click on the picture.
  await prop('image-fit').selectOption('cover');
  await prop('box-h').fill('10');
  const imgY = Number(await prop('box-y').inputValue());
  const drawn = faceG.locator('image');
  const drawnY = async () => Number(await drawn.getAttribute('y'));
  await expect(drawn).toHaveAttribute('width', '20');
  await expect(drawn).toHaveAttribute('height', '20');
  await expect.poll(drawnY).toBeCloseTo(imgY - 5, 2);
  await prop('focus-y').fill('0');
  await expect.poll(drawnY).toBeCloseTo(imgY, 2);
  const pad = page.getByTestId('focus-pad');
  const padImg = (await pad.locator('img').boundingBox())!;
  const padBox = (await pad.boundingBox())!;
  await pad.click({ position: { x: padImg.x - padBox.x + padImg.width * 0.9, y: padImg.y - padBox.y + padImg.height / 2 } });
  await expect.poll(async () => Number(await prop('focus-x').inputValue())).toBeCloseTo(0.9, 1);
  // Focus y about ½ again: the picture's middle in the box.
  await expect.poll(drawnY).toBeGreaterThan(imgY - 5.3);
  expect(await drawnY()).toBeLessThan(imgY - 4.7);

  // Rules text with an inline icon (added to the template's icons, inserted at the caret) and a bold span.
  await page.locator('[data-add="text"]').click();
  await prop('text').fill('幸运 +1 ');
  await prop('box-x').fill('8');
  await prop('box-y').fill('72');
  await prop('box-w').fill('47');
  await prop('box-h').fill('10');
  await page.getByTestId('icons-section').locator('summary').click();
  await page.getByTestId('icon-add-ref').fill('icon:fluent-emoji-flat:four-leaf-clover');
  await page.getByTestId('icon-add-ref').press('Enter');
  await expect(page.locator('[data-icon="four-leaf-clover"]')).toBeVisible();
  await page.locator('[data-markup="icon"]').selectOption('four-leaf-clover');
  await expect(prop('text')).toHaveValue('幸运 +1 {{icon:four-leaf-clover}}');
  await prop('text').evaluate((el) => (el as unknown as { setSelectionRange(a: number, b: number): void }).setSelectionRange(3, 5));
  await page.locator('[data-markup="bold"]').click();
  await expect(prop('text')).toHaveValue('幸运 **+1** {{icon:four-leaf-clover}}');
  // Two pictures now: the cover image and the icon in the text.
  await expect(faceG.locator('image')).toHaveCount(2);

  // A badge shown only on card-2, turned 30°.
  await page.locator('[data-add="rect"]').click();
  await prop('box-x').fill('44');
  await prop('box-y').fill('6');
  await prop('box-w').fill('12');
  await prop('box-h').fill('6');
  await prop('fill').fill('#6B3FA0');
  await prop('fill').press('Enter');
  await prop('rotation').fill('30');
  await prop('radius').fill('');
  await prop('when-field').selectOption('id');
  await prop('when-equals').fill('card-2');
  await prop('when-equals').press('Enter');
  await expect(faceG.locator('rect[fill="#6B3FA0"]')).toHaveCount(0);
  await page.getByTestId('row-picker').selectOption('1');
  await expect(faceG.locator('g[transform^="rotate(30"] rect[fill="#6B3FA0"]')).toHaveCount(1);
  await page.getByTestId('row-picker').selectOption('0');
  await expect(faceG.locator('rect[fill="#6B3FA0"]')).toHaveCount(0);
  // "Differs from": on every card but card-2 (this row is card-1); then back to "equals".
  await prop('when-mode').selectOption('notEquals');
  await expect(faceG.locator('rect[fill="#6B3FA0"]')).toHaveCount(1);
  await prop('when-mode').selectOption('equals');
  await expect(faceG.locator('rect[fill="#6B3FA0"]')).toHaveCount(0);
  await status(page, '已保存');
  saved = front();
  expect(saved.layers.map((l) => l.type)).toEqual(['rect', 'text', 'image', 'text', 'rect']);
  expect(saved.layers[2]).toMatchObject({ fit: 'cover', h: 10 });
  expect((saved.layers[2]!.focus as { x: number }).x).toBeCloseTo(0.9, 1);
  expect(saved.layers[3]).toMatchObject({ text: '幸运 **+1** {{icon:four-leaf-clover}}' });
  expect(saved.layers[4]).toMatchObject({ x: 44, y: 6, w: 12, h: 6, fill: '#6B3FA0', rotation: 30, when: { field: 'id', equals: 'card-2' } });
  expect((saved as { icons?: unknown }).icons).toEqual({ 'four-leaf-clover': 'icon:fluent-emoji-flat:four-leaf-clover' });

  // Lock the background; a rubber band from it around the title and the image selects both (not
  // the background, not the badge); the selection's east handle widens both; undo puts them back.
  await page.getByRole('button', { name: '锁定 rect', exact: true }).click();
  const stage = (await page.getByTestId('editor-stage').boundingBox())!;
  // The project's bleed (what the stage shows around the card).
  const bleed = (JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8')) as { card: { bleed: number } }).card.bleed;
  const at = (x: number, y: number) => ({ x: stage.x + (x + bleed) * pxPerMm, y: stage.y + (y + bleed) * pxPerMm });
  const boxOf = (l: Record<string, unknown>) => ({ x: l.x as number, y: l.y as number, w: l.w as number, h: l.h as number });
  const [title0, image0] = [boxOf(saved.layers[1]!), boxOf(saved.layers[2]!)];
  const bottom = Math.max(title0.y + title0.h, image0.y + image0.h);
  let p = at(5, 5);
  await page.mouse.move(p.x, p.y);
  await page.mouse.down();
  p = at(60, bottom + 1);
  await page.mouse.move(p.x, p.y, { steps: 4 });
  await expect(page.getByTestId('rubber-band')).toBeVisible();
  await page.mouse.up();
  await expect(page.getByTestId('multi-box')).toBeAttached();
  await expect(page.locator('[data-layer-row][aria-selected="true"]')).toHaveCount(2);
  const left = Math.min(title0.x, image0.x);
  const right = Math.max(title0.x + title0.w, image0.x + image0.w);
  const east = (await canvas.locator('[data-handle="e"]').boundingBox())!;
  await page.mouse.move(east.x + east.width / 2, east.y + east.height / 2);
  await page.mouse.down();
  // Ctrl: no snapping, so the edge lands where the pointer goes (+8 mm).
  await page.keyboard.down('Control');
  await page.mouse.move(east.x + east.width / 2 + 8 * pxPerMm, east.y + east.height / 2, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up('Control');
  await status(page, '已保存');
  const k = (right - left + 8) / (right - left);
  const wide = front();
  for (const [i, before] of [[1, title0], [2, image0]] as const) {
    const b = boxOf(wide.layers[i]!);
    expect(Math.abs(b.w - before.w * k), `width of layer ${i}`).toBeLessThan(0.2);
    expect(Math.abs(b.x - (left + (before.x - left) * k)), `x of layer ${i}`).toBeLessThan(0.2);
    expect(b.h).toBe(before.h);
  }
  await page.getByTestId('undo').click();
  await status(page, '已保存');
  expect(front().layers.slice(1, 3).map(boxOf)).toEqual([title0, image0]);
  await page.getByRole('button', { name: '解锁 rect', exact: true }).click();
  await page.keyboard.press('Escape');

  // Change a data cell on the data page: the face on the canvas follows.
  await page.getByRole('link', { name: '数据', exact: true }).click();
  const nameCell = page.getByRole('grid').locator('[role="row"][aria-rowindex="2"] [role="gridcell"][aria-colindex="4"]');
  await nameCell.dblclick();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('龙 Dragon');
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name: '模板', exact: true }).click();
  await expect(page.getByTestId('editor-face')).toContainText('龙 Dragon');
  // The data edit is in the same history, but undo here never takes back what this page does not
  // show without saying so: it names the step and where it was made, and the second undo takes it.
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('step-ask')).toContainText('上一步是在数据页做的：编辑第 1 行“name”');
  await expect(page.getByTestId('editor-face')).toContainText('龙 Dragon');
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('editor-face')).toContainText('春 Spring');
  await expect(page.getByTestId('step-done')).toHaveText('撤销：编辑第 1 行“name”');
  await expect(page.getByTestId('step-ask')).toHaveCount(0);
  await page.getByTestId('redo').click();
  await expect(page.getByTestId('step-ask')).toContainText('数据页');
  await page.getByTestId('step-ask').getByRole('button', { name: '重做' }).click();
  await expect(page.getByTestId('editor-face')).toContainText('龙 Dragon');
  await expect(page.getByTestId('step-done')).toHaveText('重做：编辑第 1 行“name”');

  // A hand edit of the template file reloads live.
  await status(page, '已保存');
  saved = front();
  saved.layers[1]!.color = '#1E6FD9';
  writeFileSync(join(dir, 'front.template.json'), JSON.stringify(saved, null, 2) + '\n');
  await expect(page.getByTestId('editor-face').locator('text[fill="#1E6FD9"]')).toHaveCount(1);

  // A hand edit while an edit here is not saved yet: a conflict, nothing written. Take the file's
  // version; undo brings the edit made here back, and it is saved over the file.
  await status(page, '已保存');
  const handEdited = front();
  handEdited.layers[0]!.fill = '#EFE6D2';
  await hit('text').click();
  await expect(prop('box-y')).toHaveValue('8');
  writeFileSync(join(dir, 'front.template.json'), JSON.stringify(handEdited, null, 2) + '\n');
  await prop('box-y').fill('9');
  await expect(page.locator('[data-conflict="front"]')).toBeVisible();
  expect(front().layers[0]!.fill).toBe('#EFE6D2');
  await page.getByTestId('take-theirs').click();
  await expect(page.locator('[data-conflict="front"]')).toHaveCount(0);
  await expect(faceG.locator('rect[fill="#EFE6D2"]')).toHaveCount(1);
  await expect(prop('box-y')).toHaveValue('8');
  await page.getByTestId('undo').click();
  await expect(prop('box-y')).toHaveValue('9');
  await status(page, '已保存');
  expect(front().layers[0]!.fill).toBe('#F3E3C3');
  expect(front().layers[1]).toMatchObject({ y: 9, color: '#1E6FD9' });

  // Reload the page: everything is still there.
  await page.reload();
  await status(page, '已保存');
  await expect(page.locator('[data-layer-row]')).toHaveCount(5);
  await expect(page.getByTestId('editor-face')).toContainText('龙 Dragon');
  await fontsReady(page);
  await hit('text').click();
  await page.screenshot({ path: 'docs/screenshots/template-editor.png' });

  // Export the PDF and read it back: the bound text as the data says, and the layers where the
  // template puts them, to 0.1 mm.
  await page.getByRole('navigation').getByRole('link', { name: '打印', exact: true }).click();
  await page.getByRole('button', { name: '导出 PDF' }).click();
  await expect(page.getByText('导出完成')).toBeVisible({ timeout: 110_000 });
  const pdfPath = ((await page.locator('code[data-kind="pdf"]').textContent()) ?? '').trim();
  const text = pdftotext(pdfPath).replace(/\s+/g, ' ');
  for (const t of ['龙 Dragon', '夏 Summer', '秋 Autumn', '幸运', '+1']) expect(text).toContain(t);
  expect(text).not.toContain('春 Spring');
  const pdf = await PDFDocument.load(readFileSync(pdfPath));
  // The first sheet of fronts (the file may open with a calibration page).
  const sheet = pdf.getPages().findIndex((_, i) => filledPaths(pdf, i).some((p) => p.fill === '#F3E3C3'));
  expect(sheet).toBeGreaterThanOrEqual(0);
  const paths = filledPaths(pdf, sheet);
  const bounds = (pts: { x: number; y: number }[]) => ({ x: Math.min(...pts.map((p) => p.x)), y: Math.min(...pts.map((p) => p.y)), x2: Math.max(...pts.map((p) => p.x)), y2: Math.max(...pts.map((p) => p.y)) });
  // Four cards (card-1 twice): four backgrounds, each the card plus its bleed; one badge (card-2's).
  const backgrounds = paths.filter((p) => p.fill === '#F3E3C3').map((p) => bounds(p.points));
  expect(backgrounds).toHaveLength(4);
  for (const b of backgrounds) {
    expect(Math.abs(b.x2 - b.x - (63 + 2 * bleed))).toBeLessThan(0.1);
    expect(Math.abs(b.y2 - b.y - (88 + 2 * bleed))).toBeLessThan(0.1);
  }
  const badges = paths.filter((p) => p.fill === '#6B3FA0');
  expect(badges).toHaveLength(1);
  const centre = bounds(badges[0]!.points);
  const card = backgrounds.find((b) => b.x < centre.x && centre.x2 < b.x2 && b.y < centre.y && centre.y2 < b.y2)!;
  const origin = { x: card.x + bleed, y: card.y + bleed };
  // The badge's corners: 44,6 12×6 turned 30° clockwise about its centre (50, 9), on the card.
  const r = Math.PI / 6;
  const want = [
    [44, 6],
    [56, 6],
    [56, 12],
    [44, 12],
  ].map(([x, y]) => ({ x: origin.x + 50 + (x! - 50) * Math.cos(r) - (y! - 9) * Math.sin(r), y: origin.y + 9 + (x! - 50) * Math.sin(r) + (y! - 9) * Math.cos(r) }));
  const got = badges[0]!.points;
  expect(got).toHaveLength(4);
  got.forEach((p, i) => {
    expect(Math.abs(p.x - want[i]!.x), `x of corner ${i}: ${p.x} vs ${want[i]!.x}`).toBeLessThan(0.1);
    expect(Math.abs(p.y - want[i]!.y), `y of corner ${i}: ${p.y} vs ${want[i]!.y}`).toBeLessThan(0.1);
  });
  expect(errors).toEqual([]);
});
