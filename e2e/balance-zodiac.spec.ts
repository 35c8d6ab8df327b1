import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { fontsReady, freshStart, watchErrors } from './page-helpers';
import { renderPdfPages } from './pdf-helpers';

/**
 * 生肖赛跑's balance lab, as a designer asks it: "does a random first player remove seat 1's
 * edge?" — 500 races under each rule on the same seeds (A/B), the plots and the intervals; a second
 * run of heuristic bots cancelled halfway; the PDF report (its pages rendered, its text read back);
 * then the saved runs: both listed, the A/B reopened with its numbers exactly as they were, the
 * cancelled one reopened for its bot-coverage table (random's rate from an extra all-random run),
 * settings put back in the form, a rename and a delete. Any console error or CSP violation fails
 * the test. UPDATE_SCREENSHOTS=1 refreshes docs/screenshots.
 */
const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');

test('balance lab on 生肖赛跑: 500 paired races A/B, a cancelled run, the PDF report, saved runs', async ({ page }) => {
  test.setTimeout(420_000);
  mkdirSync(SHOTS, { recursive: true });
  const errors = await watchErrors(page);
  await freshStart(page);
  await page.getByRole('link', { name: '打开 生肖赛跑', exact: true }).click();
  await page.getByRole('link', { name: '平衡', exact: true }).click();
  await expect(page).toHaveURL(/#\/p\/zodiac-race\/balance$/);
  await expect(page.getByRole('heading', { name: /平衡实验室/ })).toBeVisible();
  const saved = page.locator('[data-section="saved-runs"]');
  const runs = saved.locator('li[data-run-id]');
  await expect(saved).toContainText('还没有保存的测试');

  // A: Seat 1 always starts; B: a random first player. Random bots at four seats, 500 paired seeds.
  for (let seat = 0; seat < 4; seat++) await page.locator(`[data-seat-bot="${seat}"]`).selectOption('random');
  await page.locator('[data-games]').fill('500');
  await page.locator('[data-seed]').fill('zodiac-e2e');
  await page.locator('[data-compare]').check();
  // B starts as a copy of A: the page says the comparison could only show no difference.
  const same = page.locator('[data-ab-same]');
  await expect(same).toHaveText('A 和 B 的规则现在完全相同，对比只会显示没有差别。请在 B 栏改动你想测试的规则。');
  await page.locator('.setup').screenshot({ path: join(SHOTS, 'balance-ab-same.png') });
  await page.locator('[data-option="first_player"][data-side="B"]').selectOption({ label: '随机' });
  await expect(same).toHaveCount(0);
  await page.locator('[data-run-ab]').click();
  const progress = page.locator('.progress');
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 180_000 });
  await expect(page.locator('[data-progress]')).toContainText('完成：500 局');

  // The plots (inline SVG) and the intervals beside them.
  const win = page.locator('[data-section="win"]');
  await expect(win.locator('svg.lab-plot circle')).toHaveCount(4);
  await expect(win.locator('tbody tr')).toHaveCount(4);
  for (let seat = 0; seat < 4; seat++) await expect(win.locator(`tbody tr[data-seat="${seat}"] td`).nth(3)).toHaveText(/^\d+(\.\d)?% – \d+(\.\d)?%$/);
  await expect(page.locator('[data-verdict]')).toBeVisible();
  await expect(page.locator('[data-section="length"] svg.lab-plot rect').first()).toBeVisible();
  const ab = page.locator('[data-section="ab"]');
  await expect(ab.locator('svg.lab-plot circle')).toHaveCount(4);
  const seat1 = ab.locator('[data-measure="win:0"] td');
  await expect(seat1).toHaveCount(6);
  await expect(seat1.nth(4)).toHaveText(/^[+-]\d+(\.\d)? … [+-]\d+(\.\d)?$/);
  const seat1Row = await ab.locator('[data-measure="win:0"]').textContent();
  // Random bots only: the coverage table is random's own.
  await expect(page.locator('[data-section="coverage"] [data-coverage-source="run"]')).toBeVisible();
  await expect(page.locator('[data-section="coverage"] table[data-bot="random"] tr[data-key="power:rooster"]')).toBeVisible();

  // Saved as soon as it ended, with its headline numbers.
  await expect(runs).toHaveCount(1);
  const abRun = runs.first();
  await expect(abRun).toContainText('A/B');
  await expect(abRun).toContainText('500 / 500 局');
  await expect(abRun.locator('[data-headline]')).toContainText(/座位 1 胜率 \d+(\.\d)?%/);
  await expect(abRun.locator('[data-headline]')).toContainText(/B − A：座位 \d/);
  await fontsReady(page);
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: join(SHOTS, 'balance-zodiac-ab.png') });

  // The PDF report: its page count, its text (pdftotext), its pages rendered (pdftoppm) to look at.
  const exported = page.locator('[data-section="export"]');
  const download = page.waitForEvent('download');
  await exported.locator('[data-export="pdf"]').click();
  const pdfFile = test.info().outputPath('zodiac-report.pdf');
  await (await download).saveAs(pdfFile);
  await expect(exported.locator('[data-exported]')).toContainText('已下载');
  const pdf = await PDFDocument.load(readFileSync(pdfFile));
  expect(pdf.getTitle()).toBe('生肖赛跑 · 平衡测试报告');
  const pages = pdf.getPageCount();
  const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
  // pdftotext ends every page with a form feed.
  expect(text.split('\f').length - 1).toBe(pages);
  // Settings and the A/B, then per option set: seats, lengths, scores, counters, coverage (same seeds, same pages).
  expect(pages).toBe(7);
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain('生肖赛跑 · 平衡测试报告');
  expect(flat).toContain('种子：zodiac-e2e');
  // The settings in the page's words: bots by name, the changed option as the new-game page says it.
  expect(flat).toContain('机器人：随机、随机、随机、随机');
  expect(flat).toContain('选项 A：规则书默认');
  expect(flat).toContain('选项 B：先手：随机');
  expect(flat).toMatch(/B − A（500 个配对种子，95% 区间）/);
  expect(flat).toMatch(/选项 A · 各座位胜率（95% Wilson 区间）/);
  expect(flat).toMatch(/机器人覆盖：随机（2000 个座位局）/);
  const pngs = await renderPdfPages(pdfFile, test.info().outputPath('zodiac-report-pages'), 60);
  expect(pngs).toHaveLength(pages);
  test.info().annotations.push({ type: 'report pages', description: `${pages} pages rendered to ${test.info().outputPath('zodiac-report-pages')}` });

  // A second run, heuristic bots at every seat, cancelled halfway: its games stay, and it is saved too.
  await page.locator('[data-compare]').uncheck();
  for (let seat = 0; seat < 4; seat++) await page.locator(`[data-seat-bot="${seat}"]`).selectOption('heuristic');
  await page.locator('[data-games]').fill('400');
  await page.locator('[data-run]').click();
  await expect(progress).toHaveAttribute('data-state', 'running');
  await expect.poll(async () => Number((await page.locator('[data-progress]').textContent())?.match(/(\d+) \//)?.[1] ?? 0), { timeout: 180_000, intervals: [250] }).toBeGreaterThanOrEqual(200);
  await page.locator('[data-cancel]').click();
  await expect(progress).toHaveAttribute('data-state', 'cancelled');
  await expect(page.locator('[data-progress]')).toContainText('已取消');
  const stopped = Number((await page.locator('[data-progress]').textContent())?.match(/(\d+) 局/)?.[1]);
  expect(stopped).toBeGreaterThanOrEqual(200);
  expect(stopped).toBeLessThan(400);
  await expect(runs).toHaveCount(2);
  const cancelledRun = runs.first();
  await expect(cancelledRun).toContainText('已取消');
  await expect(cancelledRun).toContainText(`${stopped} / 400 局`);

  // Reopen the A/B: its results exactly as they were, nothing played again.
  await runs.nth(1).locator('[data-run-open]').click();
  await expect(page.locator('[data-opened]')).toContainText('正在查看保存的测试');
  await expect(progress).toHaveAttribute('data-state', 'done');
  await expect(page.locator('[data-progress]')).toContainText('完成：500 局');
  await expect(ab.locator('[data-measure="win:0"]')).toHaveText(seat1Row!);
  await expect(page.locator('[data-cancel]')).toHaveCount(0);

  // Reopen the cancelled heuristic run: the coverage table sets each power beside random's rate.
  await cancelledRun.locator('[data-run-open]').click();
  await expect(progress).toHaveAttribute('data-state', 'cancelled');
  const coverage = page.locator('[data-section="coverage"]');
  await expect(coverage.locator('[data-coverage-source="baseline"]')).toContainText(/额外下的 \d+ 局全随机对局/);
  const heuristic = coverage.locator('table[data-bot="heuristic"]');
  await expect(heuristic.locator('thead th')).toHaveCount(6);
  await expect(heuristic.locator('tr[data-key="power:rooster"] td').nth(3)).toHaveText(/^\d+\.\d\d$/);
  await page.evaluate(`document.querySelector('[data-section="coverage"]').scrollIntoView(); window.scrollBy(0, -70)`);
  await page.screenshot({ path: join(SHOTS, 'balance-coverage.png') });

  // Re-run puts the A/B's settings back in the form.
  await runs.nth(1).locator('[data-run-rerun]').click();
  await expect(page.locator('[data-loaded]')).toContainText('运行 A/B');
  await expect(page.locator('[data-games]')).toHaveValue('500');
  await expect(page.locator('[data-seed]')).toHaveValue('zodiac-e2e');
  await expect(page.locator('[data-compare]')).toBeChecked();
  await expect(page.locator('[data-seat-bot="2"]')).toHaveValue('random');
  await expect(page.locator('[data-option="first_player"][data-side="B"] option:checked')).toHaveText('随机');

  // Rename the A/B; delete the cancelled run, after saying yes.
  await runs.nth(1).locator('[data-run-rename]').click();
  await saved.getByLabel('名称').fill('先手随机 A/B');
  await saved.getByRole('button', { name: '保存名称' }).click();
  await expect(runs.nth(1).locator('[data-run-title]')).toHaveText('先手随机 A/B');
  await cancelledRun.locator('[data-run-delete]').click();
  await expect(saved.getByRole('alertdialog')).toContainText('删除后无法恢复');
  await saved.locator('[data-delete-yes]').click();
  await expect(runs).toHaveCount(1);
  await expect(runs.first().locator('[data-run-title]')).toHaveText('先手随机 A/B');
  // The results of the deleted run went with it.
  await expect(page.locator('[data-opened]')).toHaveCount(0);
  await expect(progress).toHaveCount(0);
  // Reopen the A/B by its new name, and look at the list beside its results.
  await runs.first().locator('[data-run-open]').click();
  await expect(page.locator('[data-opened]')).toContainText('先手随机 A/B');
  await page.evaluate(`document.querySelector('[data-section="saved-runs"]').scrollIntoView(); window.scrollBy(0, -420)`);
  await page.screenshot({ path: join(SHOTS, 'balance-saved-runs.png') });

  // The list after a reload (saved on disk, not in the page), and in English.
  await page.reload();
  await expect(runs).toHaveCount(1);
  await page.getByRole('group', { name: '界面语言' }).getByRole('button', { name: 'English' }).click();
  await expect(saved.getByRole('heading', { name: 'Saved runs' })).toBeVisible();
  await expect(runs.first()).toContainText('500 / 500 games');
  expect(errors).toEqual([]);
});
