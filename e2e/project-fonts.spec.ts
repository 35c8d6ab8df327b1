import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { pdffonts, pdftotext } from '../tests/pdf-probe';
import { call, fontsReady, freshStart, watchErrors } from './page-helpers';

/**
 * A project's own font, as a designer adds it: in the template editor's fonts panel, a file that
 * is not a font is refused with a message in the interface language; a real TTF is added with its
 * licence, taken by the selected text layer and drawn on the canvas in that font (a FontFace made
 * from the file's bytes); the credits show its licence; the exported PDF embeds a subset of it.
 * Then two layers selected turn together about the selection's centre, and one undo turns them back.
 */
const FONT = join(__dirname, '../tests/fixtures/fonts/dejavu-serif-latin.ttf');


test('project fonts: add a TTF with its licence, use it for a text layer, see it on the canvas, export and find it embedded; rotate two layers as one', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = await watchErrors(page);
  await freshStart(page);

  await page.getByRole('button', { name: '新建项目' }).first().click();
  const dialog = page.getByRole('dialog', { name: '新建项目' });
  await dialog.getByLabel('中文名').fill('字体试验');
  await dialog.getByLabel('英文名').fill('Font Trial');
  await dialog.getByRole('button', { name: '创建' }).click();
  await page.waitForURL(/#\/p\/[^/]+\/data$/);
  const id = decodeURIComponent(/#\/p\/([^/]+)\/data$/.exec(page.url())![1]!);
  const dir = (await call<{ id: string; dir?: string }[]>(page, 'projects:list', null)).find((p) => p.id === id)!.dir!;
  const front = () => JSON.parse(readFileSync(join(dir, 'front.template.json'), 'utf8')) as { schemaVersion: number; layers: Record<string, unknown>[] };

  await page.getByRole('link', { name: '模板', exact: true }).click();
  await page.waitForURL(/\/template$/);
  await expect(page.getByTestId('editor-status')).toHaveText('已保存');
  const canvas = page.getByTestId('editor-canvas');
  const faceG = page.getByTestId('editor-face');

  // Select the title (a text layer) and make its text Latin, which the added font covers.
  await canvas.locator('rect.hit[data-layer="title"]').click();
  await page.locator('[data-prop="text"]').fill('Hello Serif {{name}}');
  await expect(faceG).toContainText('Hello Serif 春 Spring');

  const panel = page.getByTestId('fonts-section');
  await panel.locator('summary').click();
  await expect(panel).toContainText('项目还没有自己的字体');
  await expect(page.getByTestId('font-credits')).toContainText('Noto Sans SC font');

  // Not a font (whatever its name says): refused, in Chinese, saying what to do.
  await page.getByTestId('font-add').click();
  await page.getByTestId('font-file').setInputFiles({ name: 'photo.ttf', mimeType: 'font/ttf', buffer: Buffer.from('GIF89a, certainly not a font file') });
  await page.getByTestId('font-add-confirm').click();
  await expect(page.getByTestId('font-message')).toHaveText(/“photo\.ttf”不是 TrueType、OpenType 或 WOFF2 字体.*请添加 \.ttf、\.otf 或 \.woff2 字体文件/);

  // A real font with its licence: added, taken by the selected title, drawn in it.
  await page.getByTestId('font-file').setInputFiles(FONT);
  await page.getByTestId('font-licence').fill('Bitstream Vera Fonts licence (DejaVu changes: public domain)');
  await page.getByTestId('font-add-confirm').click();
  await expect(page.getByTestId('font-message').first()).toHaveText('已添加字体 DejaVu Serif（font:dejavu-serif-latin.ttf）');
  await expect(panel.locator('[data-font="font:dejavu-serif-latin.ttf"]')).toContainText('DejaVu Serif');
  await expect(page.locator('[data-prop="face"]')).toHaveValue('font:dejavu-serif-latin.ttf');
  await expect(page.getByTestId('font-credits')).toContainText('DejaVu Serif font (fonts/dejavu-serif-latin.ttf)');
  await expect(page.getByTestId('font-credits')).toContainText('Bitstream Vera Fonts licence');
  const title = faceG.locator('text', { hasText: 'Hello Serif' });
  await expect(title).toHaveAttribute('font-family', "'fuqi-font dejavu-serif-latin.ttf', 'Noto Sans SC'");
  await expect.poll(() => page.evaluate(`document.fonts.check("12px 'fuqi-font dejavu-serif-latin.ttf'", 'Hello')`)).toBe(true);
  await expect(page.getByTestId('editor-status')).toHaveText('已保存');
  const saved = front();
  expect(saved.schemaVersion).toBe(4);
  expect(saved.layers.find((l) => l.id === 'title')).toMatchObject({ face: 'font:dejavu-serif-latin.ttf', text: 'Hello Serif {{name}}' });
  expect(readFileSync(join(dir, 'fonts/dejavu-serif-latin.ttf.licence.txt'), 'utf8')).toContain('Bitstream Vera');

  // The body keeps the bundled face; the title's Chinese has no glyph in the added font: the layer says so.
  await expect(page.locator('[data-layer-row="title"] .warn')).toBeVisible();
  await expect(page.locator('.layers p.msg')).toContainText(['字体里没有 "春" 这些字']);

  await fontsReady(page);
  await panel.screenshot({ path: 'docs/screenshots/template-editor-fonts-panel.png' });
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: 'docs/screenshots/template-editor-fonts.png' });

  // Only Latin in the title, so the export's preflight passes; then export and read the PDF.
  await page.locator('[data-prop="text"]').fill('Hello Serif {{id}}');
  await expect(faceG).toContainText('Hello Serif card-1');
  await expect(page.getByTestId('editor-status')).toHaveText('已保存');
  await page.getByRole('navigation').getByRole('link', { name: '打印', exact: true }).click();
  await page.getByRole('button', { name: '导出 PDF' }).click();
  await expect(page.getByText('导出完成')).toBeVisible({ timeout: 110_000 });
  const pdfPath = ((await page.locator('code[data-kind="pdf"]').textContent()) ?? '').trim();
  const serif = pdffonts(pdfPath).filter((f) => /^[A-Z]{6}\+DejaVuSerif$/.test(f.name));
  expect(serif).toHaveLength(1);
  expect(serif[0]).toMatchObject({ emb: true, sub: true });
  expect(pdftotext(pdfPath).replace(/\s+/g, ' ')).toContain('Hello Serif card-2');

  // The deck draws the faces in the project font too (the session registers its fonts with the page).
  await page.getByRole('link', { name: '牌组', exact: true }).click();
  await expect(page.locator('svg text', { hasText: 'Hello Serif card-3' }).first()).toHaveAttribute('font-family', "'fuqi-font dejavu-serif-latin.ttf', 'Noto Sans SC'");

  // Several layers rotate as one piece about the selection's centre (as Figma and tldraw do):
  // title and body both turn 90° and swing around that centre; one undo puts both back.
  await page.getByRole('link', { name: '模板', exact: true }).click();
  await expect(page.getByTestId('editor-status')).toHaveText('已保存');
  const before = front().layers.filter((l) => l.id === 'title' || l.id === 'body');
  await page.locator('[data-layer-row="title"] button.name').click();
  await page.locator('[data-layer-row="body"] button.name').click({ modifiers: ['Shift'] });
  const multi = (await page.getByTestId('multi-box').boundingBox())!;
  const handle = (await canvas.locator('[data-handle="rotate"]').boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(multi.x + multi.width / 2 + 200, multi.y + multi.height / 2 + 1, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('editor-status')).toHaveText('已保存');
  const turned = front().layers.filter((l) => l.id === 'title' || l.id === 'body');
  expect(turned.map((l) => l.rotation)).toEqual([90, 90]);
  const centre = (l: Record<string, unknown>) => ({ x: (l.x as number) + (l.w as number) / 2, y: (l.y as number) + (l.h as number) / 2 });
  const sel = { x: Math.min(...before.map((l) => l.x as number)), y: Math.min(...before.map((l) => l.y as number)) };
  const selEnd = { x: Math.max(...before.map((l) => (l.x as number) + (l.w as number))), y: Math.max(...before.map((l) => (l.y as number) + (l.h as number))) };
  const mid = { x: (sel.x + selEnd.x) / 2, y: (sel.y + selEnd.y) / 2 };
  before.forEach((l, i) => {
    const c = centre(l);
    const want = { x: mid.x - (c.y - mid.y), y: mid.y + (c.x - mid.x) };
    expect(Math.abs(centre(turned[i]!).x - want.x)).toBeLessThan(0.02);
    expect(Math.abs(centre(turned[i]!).y - want.y)).toBeLessThan(0.02);
  });
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('editor-status')).toHaveText('已保存');
  expect(front().layers.filter((l) => l.id === 'title' || l.id === 'body')).toEqual(before);
  expect(errors).toEqual([]);
});
