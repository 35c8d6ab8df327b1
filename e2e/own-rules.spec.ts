import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fontsReady, freshStart, newBlankProject, watchErrors } from './page-helpers';

/**
 * The rules of a designer's own project, as a person writes them: a blank project's Rules page
 * opens on the outline it starts with; the author writes a two-section rulebook, inserts a card
 * figure picked from the project's data, watches the typeset pages follow, sees an edit made in
 * another program arrive, and exports the PDF — whose pages are rendered and read back.
 */
const SHOTS = join(process.cwd(), 'docs', 'screenshots');
const CHECK = join(process.cwd(), 'test-results', 'own-rules');


const RULES = `# 准备 Setup

洗混全部卡牌，每人发五张。年纪最小的玩家先开始。

# 回合 Turn

轮到你时，打出一张牌并执行牌上的效果。下面这张牌让你跳过回合：

`;

test('own rules: write two sections with a card figure, see the preview follow, export and read the PDF', async ({ page }) => {
  test.setTimeout(240_000);
  mkdirSync(CHECK, { recursive: true });
  const errors = await watchErrors(page);
  await freshStart(page);

  const { dir } = await newBlankProject(page, '四季', 'Four Seasons');

  // The Rules tab: the outline a new project starts with, typeset beside it.
  await page.getByRole('link', { name: '规则', exact: true }).click();
  await page.waitForURL(/#\/p\/[^/]+\/rulebook$/);
  const source = page.getByRole('textbox', { name: /规则源文件/ });
  await expect(source).toHaveValue(/# 游戏配件 Components/);
  const status = page.locator('[data-rules-status]');
  await expect(status).toHaveAttribute('data-rules-status', 'saved');
  const pagesRegion = page.getByRole('region', { name: '规则书页面' });
  await expect(pagesRegion.locator('[data-page]').first()).toBeVisible({ timeout: 60_000 });
  await expect(pagesRegion).toContainText('计分');

  // Write two sections (typed as a person types), then a figure of 秋 Autumn picked from the data.
  await source.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await source.pressSequentially(RULES, { delay: 5 });
  await page.getByRole('button', { name: '插入卡牌图' }).click();
  const picker = page.getByRole('dialog', { name: '插入卡牌图' });
  await picker.getByRole('checkbox', { name: /秋 Autumn/ }).check();
  await expect(picker.getByRole('textbox', { name: '将插入的 Markdown' })).toHaveValue('![秋 Autumn](card:card-3 "35%")');
  await picker.getByRole('button', { name: '插入', exact: true }).click();
  await expect(source).toHaveValue(/执行牌上的效果。下面这张牌让你跳过回合：\n\n!\[秋 Autumn\]\(card:card-3 "35%"\)\n$/);

  // The preview follows the text (the figure is the card itself: its text is drawn on the page)…
  // (Headings print their English half as a spaced capitals kicker.)
  await expect(pagesRegion).toContainText('回合TURN');
  await expect(pagesRegion).toContainText('下面这张牌让你跳过回合：秋 Autumn跳过你的回合。');
  await expect(pagesRegion).not.toContainText('计分');
  const previewMs = Number(await page.locator('[data-rules-preview]').getAttribute('data-preview-ms'));
  console.log(`rules preview: ${previewMs} ms from the last keystroke to the typeset pages`);
  // … and the file is saved by itself, atomically, as typed.
  await expect(status).toHaveAttribute('data-rules-status', 'saved');
  const file = join(dir, 'rules.zh.md');
  expect(readFileSync(file, 'utf8')).toBe(`${RULES}![秋 Autumn](card:card-3 "35%")\n`);

  await fontsReady(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: join(process.env.UPDATE_SCREENSHOTS ? SHOTS : CHECK, 'rules-page.png') });

  // Another program changes the file: the page reloads it and typesets it again.
  writeFileSync(file, `${RULES}![秋 Autumn](card:card-3 "35%")\n\n另一个程序加了一句。\n`);
  await expect(page.getByText('rules.zh.md 在别的程序里被修改，已重新载入。')).toBeVisible({ timeout: 15_000 });
  await expect(source).toHaveValue(/另一个程序加了一句。/);
  await expect(pagesRegion).toContainText('另一个程序加了一句。');
  await expect(status).toHaveAttribute('data-rules-status', 'saved');

  // Export the Chinese A4 edition from the panel beside the pages.
  await page.getByRole('button', { name: '导出 PDF' }).click();
  await expect(page.getByText('导出完成')).toBeVisible({ timeout: 110_000 });
  const pdfPath = ((await page.locator('code[data-kind="pdf"]').textContent()) ?? '').trim();
  expect(existsSync(pdfPath)).toBe(true);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdfPath, '-']).toString('utf8').replace(/\s+/g, ' ');
  for (const want of ['准备', '回合', '洗混全部卡牌', '秋 Autumn', '跳过你的回合', '另一个程序加了一句。']) expect(text).toContain(want);
  // Rendered, to look at: the page with the figure.
  const out = mkdtempSync(join(tmpdir(), 'own-rules-'));
  execFileSync('pdftoppm', ['-r', '60', '-png', pdfPath, join(out, 'p')]);
  execFileSync('cp', ['-r', out, join(CHECK, 'pdf-pages')]);


  // The same rulebook from the print dialog, beside the cards: the English edition on A5 (the
  // outline the project started with, its figure the first card).
  await page.getByRole('link', { name: '打印', exact: true }).click();
  const panel = page.locator('[data-print-rulebook]');
  await panel.getByRole('radio', { name: 'English' }).check();
  await panel.getByRole('radio', { name: 'A5' }).check();
  await expect(panel.getByText(/^English · A5 · \d+ 页$/)).toBeVisible({ timeout: 60_000 });
  await panel.getByRole('button', { name: '导出规则书' }).click();
  await expect(panel.getByText('导出完成')).toBeVisible({ timeout: 110_000 });
  const enPath = ((await panel.locator('code[data-kind="pdf"]').textContent()) ?? '').trim();
  expect(enPath).toMatch(/-rules-en-a5\.pdf$/);
  const en = execFileSync('pdftotext', ['-enc', 'UTF-8', enPath, '-']).toString('utf8');
  for (const want of ['Components', 'Setup', 'Turn', 'Scoring', 'Spring']) expect(en).toContain(want);

  expect(errors).toEqual([]);
});
