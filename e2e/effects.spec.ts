import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { call, freshStart, newBlankProject, watchErrors } from './page-helpers';

/**
 * Effects as a designer sets them in the template editor's properties panel: a linear gradient on
 * the card's background (turned to run top to bottom, its end colour picked), a drop shadow on the
 * frame; the canvas draws them at once, the template is saved at format 6 with them, and the
 * deck's draw list (what the PDF and PNG writers paint) carries the gradient and the shadow.
 */

test('effects: a gradient and a drop shadow set in the properties panel, drawn and saved', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await watchErrors(page);
  await freshStart(page);
  const { id, dir } = await newBlankProject(page, '效果', 'Effects');

  await page.getByRole('link', { name: '模板', exact: true }).click();
  await page.waitForURL(/\/template$/);
  const prop = (k: string) => page.locator(`[data-prop="${k}"]`);
  const face = page.getByTestId('editor-face');

  // The background: a linear gradient from its fill, top to bottom, to a blue picked at the end.
  await page.locator('[data-layer-row="background"]').click();
  await expect(page.getByTestId('effects')).toBeVisible();
  await prop('gradient-type').selectOption('linear');
  await expect(face.locator('linearGradient')).toHaveCount(1);
  await prop('gradient-angle').fill('90');
  await prop('gradient-angle').press('Enter');
  await prop('gradient-to').fill('#1e6fd9');
  await expect(face.locator('linearGradient stop').last()).toHaveAttribute('stop-color', '#1E6FD9');
  // Top to bottom: the gradient's line is vertical.
  const line = face.locator('linearGradient').first();
  await expect.poll(async () => (await line.getAttribute('x1')) === (await line.getAttribute('x2')) && (await line.getAttribute('y1')) !== (await line.getAttribute('y2'))).toBe(true);

  // The frame: a drop shadow, blurred 1.5 mm.
  await page.locator('[data-layer-row="frame"]').click();
  await prop('shadow').check();
  await prop('shadow-blur').fill('1.5');
  await prop('shadow-blur').press('Enter');
  await expect(face.locator('feGaussianBlur')).toHaveAttribute('stdDeviation', '0.75');
  await page.screenshot({ path: join('test-results', 'effects', 'editor.png') });

  // A picture cut to the frame's outline, chosen in the clip menu beside the shapes.
  await page.locator('[data-add="image"]').click();
  await prop('src').fill('file:art/none.png');
  await prop('src').press('Enter');
  await expect(prop('clip-shape').locator('option[value="layer:frame"]')).toHaveText('图层“frame”的轮廓');
  await prop('clip-shape').selectOption('layer:frame');
  await expect(face.locator('clipPath rect')).toHaveCount(1);
  await page.screenshot({ path: join('test-results', 'effects', 'clip-layer.png') });

  // Saved at format 6, with the effects as set.
  const saved = () => JSON.parse(readFileSync(join(dir, 'front.template.json'), 'utf8')) as { schemaVersion: number; layers: Record<string, unknown>[] };
  await expect.poll(() => saved().schemaVersion).toBe(6);
  await expect
    .poll(() => saved().layers.find((l) => l.id === 'background')?.gradient)
    .toEqual({ type: 'linear', angle: 90, stops: [{ at: 0, color: '#FFF8EC' }, { at: 1, color: '#1E6FD9' }] });
  await expect.poll(() => saved().layers.find((l) => l.id === 'frame')?.shadow).toEqual({ x: 1, y: 1, blur: 1.5, color: '#000000' });
  await expect.poll(() => saved().layers.find((l) => l.type === 'image')?.clip).toEqual({ layer: 'frame' });

  // What the writers paint: the draw list of the deck's first card.
  const deck = await call<{ cards: { front: { list: { ops: { op: string; id?: string; fill?: { gradient?: { kind: string } } }[] } } }[] }>(page, 'projects:render', { projectId: id });
  const ops = deck.cards[0]!.front.list.ops;
  expect(ops.find((o) => o.id === 'background' && o.op === 'rect')!.fill!.gradient!.kind).toBe('linear');
  expect(ops.findIndex((o) => o.op === 'shadow' && o.id === 'frame')).toBe(ops.findIndex((o) => o.op === 'rect' && o.id === 'frame') - 1);

  // Turned off again: the gradient goes and the background is its plain fill.
  await page.locator('[data-layer-row="background"]').click();
  await prop('gradient-type').selectOption('none');
  await expect.poll(() => saved().layers.find((l) => l.id === 'background')!.gradient).toBeUndefined();
  expect(errors).toEqual([]);
});
