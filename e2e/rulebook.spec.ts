import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fontsReady, freshStart, watchErrors } from './page-helpers';
import { readExportedPdf } from './pdf-helpers';

/**
 * The rulebook journey in browser mode: 斗福 → Rulebook tab → typeset pages and contents → jump to
 * a section → spreads → English edition → A5 saddle-stitch booklet export, read back with pdf-lib.
 * Any console error or CSP violation fails the test. UPDATE_SCREENSHOTS=1 refreshes the README's
 * picture in docs/screenshots; otherwise screenshots go to test-results/screenshots.
 */

const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');
/** Pictures for checking by eye only, never in the README. */
const CHECK_SHOTS = join(__dirname, '..', 'test-results/screenshots');

/** A4 landscape in PDF points: the sheet an A5 booklet prints on. */
const A4_LANDSCAPE = { width: 841.89, height: 595.28 };

test('rulebook: pages, contents, spreads, language and an A5 booklet export', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync(CHECK_SHOTS, { recursive: true });
  const errors = await watchErrors(page);

  await freshStart(page);
  await page.getByRole('link', { name: '打开 斗福', exact: true }).click();

  // The tab appears because 斗福 has a rulebook.
  await page.getByRole('link', { name: '规则书', exact: true }).click();
  await expect(page).toHaveURL(/#\/p\/doufu\/rulebook$/);

  // The Chinese edition (the interface language) on A4, in two columns with chapters running on:
  // more than eight pages, and the contents.
  const pagesRegion = page.getByRole('region', { name: '规则书页面' });
  await expect(pagesRegion).toBeVisible({ timeout: 60_000 });
  await expect(pagesRegion).toHaveAttribute('aria-busy', 'false');
  const pages = pagesRegion.locator('[data-page]');
  await expect.poll(() => pages.count()).toBeGreaterThan(8);
  const toc = page.getByRole('navigation', { name: '目录' });
  const scoring = toc.getByRole('button', { name: /计分/ });
  await expect(scoring).toBeVisible();
  expect(await toc.getByRole('button').count()).toBeGreaterThan(5);
  // The first page is drawn right away (lazily drawn pages come as they scroll near).
  await expect(pages.first().locator('svg')).toBeVisible();

  // Contents → that page, scrolled to the top of the view, drawn, and its entry marked.
  const scoringPage = Number(await scoring.getAttribute('data-toc-page'));
  expect(scoringPage).toBeGreaterThan(2);
  await scoring.click();
  const target = pagesRegion.locator(`[data-page="${scoringPage}"]`);
  await expect(target).toBeInViewport({ ratio: 0.5 });
  await expect(target.locator('svg')).toBeVisible();
  await expect(target).toContainText('计分');
  await expect(scoring).toHaveAttribute('aria-current', 'location');
  await expect(page.getByRole('toolbar', { name: '规则书工具栏' })).toContainText(`第 ${scoringPage} /`);
  const [regionBox, targetBox] = [await pagesRegion.boundingBox(), await target.boundingBox()];
  expect(Math.abs(targetBox!.y - regionBox!.y)).toBeLessThan(40);

  // Spreads: page 1 alone on the right, then facing pages side by side.
  await page.getByRole('radio', { name: '跨页' }).check();
  await toc.getByRole('button').first().click();
  const box = async (n: number) => (await pagesRegion.locator(`[data-page="${n}"]`).boundingBox())!;
  const [p1, p2, p3] = [await box(1), await box(2), await box(3)];
  expect(Math.abs(p2.y - p3.y)).toBeLessThan(1);
  expect(Math.abs(p2.x + p2.width - p3.x)).toBeLessThan(1);
  expect(p1.y).toBeLessThan(p2.y);
  expect(Math.abs(p1.x - p3.x)).toBeLessThan(1);
  // The picture: the components spread, with its card figures.
  const components = toc.getByRole('button', { name: /配件/ });
  await components.click();
  // A verso names its spread (第 4–5); a recto target (配件 runs on to page 3 on A4) names itself.
  const componentsPage = Number(await components.getAttribute('data-toc-page'));
  await expect(page.getByRole('toolbar', { name: '规则书工具栏' })).toContainText(componentsPage % 2 === 0 ? `第 ${componentsPage}–${componentsPage + 1} /` : `第 ${componentsPage} /`);
  await expect(pagesRegion.locator(`[data-page="${componentsPage}"] svg`)).toBeVisible();
  await fontsReady(page);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(SHOTS, 'rulebook.png') });
  await page.getByRole('radio', { name: '单页' }).check();

  // The English edition: its contents.
  await page.getByRole('radio', { name: 'English' }).check();
  await expect(toc.getByRole('button', { name: /Scoring/ })).toBeVisible({ timeout: 60_000 });
  await expect(pagesRegion).toHaveAttribute('aria-busy', 'false');

  // Switch the interface to English too, then an A5 booklet.
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await page.getByRole('radio', { name: 'A5' }).check();
  const edition = page.getByText(/^English · A5 · \d+ pages$/);
  await expect(edition).toBeVisible({ timeout: 60_000 });
  const bookPages = Number(/(\d+) pages/.exec((await edition.textContent()) ?? '')?.[1]);
  expect(bookPages).toBeGreaterThan(10);
  await expect(page.getByRole('region', { name: 'Rulebook pages' }).locator('[data-page]')).toHaveCount(bookPages);
  const sides = Math.ceil(bookPages / 4) * 2;
  await page.getByRole('checkbox', { name: /Booklet \(saddle stitch\)/ }).check();
  await expect(page.getByText(new RegExp(`A PDF of ${sides} sides on ${sides / 2} sheets of A4`))).toBeVisible();
  // Half letter: the US pocket book, a booklet on Letter sheets; then back to A5.
  await page.getByRole('radio', { name: 'Half letter' }).check();
  await expect(page.getByText(/^English · Half letter · \d+ pages$/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/A PDF of \d+ sides on \d+ sheets of Letter/)).toBeVisible();
  await page.getByRole('radio', { name: 'A5' }).check();
  await expect(page.getByText(new RegExp(`A PDF of ${sides} sides on ${sides / 2} sheets of A4`))).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Export PDF' }).click();
  await expect(page.getByText('Export finished')).toBeVisible({ timeout: 110_000 });
  await expect(page.getByText(`${sides} pages`, { exact: false }).first()).toBeVisible();

  // The file: a PDF in the export folder, one A4 landscape page per booklet side.
  const pdf = await readExportedPdf(page, sides);
  for (const p of pdf.getPages()) {
    const { width, height } = p.getSize();
    expect(Math.abs(width - A4_LANDSCAPE.width)).toBeLessThan(0.5);
    expect(Math.abs(height - A4_LANDSCAPE.height)).toBeLessThan(0.5);
  }

  // Show in folder: browser mode cannot, and says so.
  await page.getByRole('button', { name: 'Show in folder' }).click();
  await expect(page.getByText(/In browser mode the file manager cannot be opened/)).toBeVisible();
  await page.screenshot({ path: join(CHECK_SHOTS, 'rulebook-export.png') });

  expect(errors).toEqual([]);
});
