import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fontsReady, freshStart, watchErrors } from './page-helpers';

/**
 * The balance lab in browser mode: 斗福 → Balance tab → 200 bot games on the workers, partial
 * results while they play, then the plots and intervals; a long run cancelled with its games kept;
 * an A/B of a rule change on paired seeds, exported as a PDF report, CSV and JSONL. Any console error or CSP violation (the plots are SVG
 * drawn without inline styles) fails the test. UPDATE_SCREENSHOTS=1 refreshes docs/screenshots.
 */
const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');

test('balance lab: a run with partial results, a cancelled run, and an A/B', async ({ page }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const errors = await watchErrors(page);
  await freshStart(page);
  await page.getByRole('link', { name: '打开 斗福', exact: true }).click();
  await page.getByRole('link', { name: '平衡', exact: true }).click();
  await expect(page).toHaveURL(/#\/p\/doufu\/balance$/);
  await expect(page.getByRole('heading', { name: /平衡实验室/ })).toBeVisible();

  // A bad number is refused on the page, with what to enter instead.
  await page.locator('[data-games]').fill('0');
  await page.locator('[data-run]').click();
  await expect(page.getByRole('alert')).toContainText('局数请填 1 到 1,000,000 之间的整数');

  // 200 games of random bots at four seats.
  for (let seat = 0; seat < 4; seat++) await page.locator(`[data-seat-bot="${seat}"]`).selectOption('random');
  await page.locator('[data-games]').fill('200');
  await page.locator('[data-seed]').fill('lab-e2e');
  await page.locator('[data-run]').click();

  // Partial results while it runs: the progress line and the seats table before the end.
  const progress = page.locator('.progress');
  await expect(progress).toHaveAttribute('data-state', /running|done/);
  await expect(page.locator('[data-section="win"]')).toBeVisible({ timeout: 60_000 });
  const sawPartial = await page.locator('[data-partial]').isVisible();
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  await expect(page.locator('[data-progress]')).toContainText('完成：200 局');
  await expect(page.locator('[data-speed]')).toContainText('局/秒');
  // Seats with intervals, a first-player verdict, plots as inline SVG.
  await expect(page.locator('[data-section="win"] tbody tr')).toHaveCount(4);
  await expect(page.locator('[data-verdict]')).toBeVisible();
  await expect(page.locator('[data-section="win"] svg.lab-plot circle')).toHaveCount(4);
  await expect(page.locator('[data-section="length"] svg.lab-plot rect').first()).toBeVisible();
  await expect(page.locator('[data-section="counters"][data-group="combo"] tbody tr')).toHaveCount(21);
  await fontsReady(page);
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: join(SHOTS, 'balance-run.png') });

  // A long run, cancelled: it stops, and the games played so far stay.
  await page.locator('[data-games]').fill('100000');
  await page.locator('[data-run]').click();
  await expect(progress).toHaveAttribute('data-state', 'running');
  await expect(page.locator('[data-partial]')).toBeVisible();
  // Partial results: the sections fill in while the run is still playing.
  await expect(page.locator('[data-section="win"] tbody tr')).toHaveCount(4, { timeout: 60_000 });
  await expect(progress).toHaveAttribute('data-state', 'running');
  await expect.poll(async () => Number((await page.locator('[data-progress]').textContent())?.match(/(\d+) \//)?.[1] ?? 0), { timeout: 60_000 }).toBeGreaterThan(0);
  await page.locator('[data-cancel]').click();
  await expect(progress).toHaveAttribute('data-state', 'cancelled');
  await expect(page.locator('[data-progress]')).toContainText('已取消');
  await expect(page.locator('[data-section="win"] tbody tr')).toHaveCount(4);

  // A/B: B counts 双运 as 1; both sets play the same 200 seeds.
  await page.locator('[data-games]').fill('200');
  await page.locator('[data-compare]').check();
  await page.locator('[data-option="shuangyun_value"][data-side="B"]').selectOption({ label: '只算 1 张' });
  await page.locator('[data-run-ab]').click();
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 180_000 });
  const ab = page.locator('[data-section="ab"]');
  await expect(ab).toBeVisible();
  await expect(ab.locator('[data-measure="win:0"] td')).toHaveCount(6);
  await expect(ab.locator('svg.lab-plot circle')).toHaveCount(4);
  await expect(ab.locator('[data-measure="win:0"] td').nth(5)).toHaveText(/\d/);
  // B − A and its interval in points with one decimal each, so the column lines up (+3.5, -1.0 … +8.0).
  await expect(ab.locator('[data-measure="win:0"] td').nth(3)).toHaveText(/^[+-]\d+\.\d$/);
  await expect(ab.locator('[data-measure="win:0"] td').nth(4)).toHaveText(/^[+-]\d+\.\d … [+-]\d+\.\d$/);
  await expect(ab.locator('[data-measure="moves"] td').nth(3)).toHaveText(/^[+-][\d,]+\.\d\d$/);
  for (const col of [1, 2]) await expect(ab.locator('[data-measure="moves"] td').nth(col)).toHaveText(/^[\d,]+\.\d$/);
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: join(SHOTS, 'balance-ab.png') });
  // Reports: the PDF (its pages rendered), the CSV and the JSONL, each offered as a download.
  const exported = page.locator('[data-section="export"]');
  await expect(exported).toBeVisible();
  const pdfDownload = page.waitForEvent('download');
  await exported.locator('[data-export="pdf"]').click();
  const pdfFile = test.info().outputPath('balance-report.pdf');
  await (await pdfDownload).saveAs(pdfFile);
  await expect(exported.locator('[data-exported]')).toContainText('已下载');
  expect(readFileSync(pdfFile).subarray(0, 5).toString()).toBe('%PDF-');
  execFileSync('pdftoppm', ['-r', '40', '-png', '-f', '1', '-l', '1', pdfFile, test.info().outputPath('balance-report')]);
  for (const kind of ['csv', 'jsonl'] as const) {
    const d = page.waitForEvent('download');
    await exported.locator(`[data-export="${kind}"]`).click();
    const text = readFileSync(await (await d).path(), 'utf8');
    if (kind === 'csv') expect(text).toMatch(/^set,section,key,/);
    else expect(text.trim().split('\n')).toHaveLength(400);
  }
  // The B set's own results, with the same sections.
  await page.locator('[data-side-b]').check();
  await expect(page.locator('[data-section="win"] tbody tr')).toHaveCount(4);

  // English everywhere.
  await page.getByRole('group', { name: '界面语言' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: /Balance lab/ })).toBeVisible();
  await expect(page.locator('[data-section="ab"] h2')).toContainText('A/B');
  test.info().annotations.push({ type: 'partial results seen before the end', description: String(sawPartial) });
  expect(errors).toEqual([]);
});

test('balance lab: 摸鱼王 plays its games with its own counters, and exports its CSV', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await watchErrors(page);
  await freshStart(page);
  await page.getByRole('link', { name: '打开 摸鱼王！', exact: true }).click();
  await page.getByRole('link', { name: '平衡', exact: true }).click();
  await expect(page.getByRole('heading', { name: /平衡实验室/ })).toBeVisible();
  await page.locator('[data-games]').fill('40');
  await page.locator('[data-run]').click();
  await expect(page.locator('.progress')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(page.locator('[data-section="win"] tbody tr')).toHaveCount(4);
  const excuses = page.locator('[data-section="counters"][data-group="excuse"]');
  await expect(excuses.locator('tbody tr')).toHaveCount(8);
  await expect(excuses).toContainText('不是我');
  const d = page.waitForEvent('download');
  await page.locator('[data-export="csv"]').click();
  expect(readFileSync(await (await d).path(), 'utf8')).toMatch(/\n,counter-uses,excuse:not_me,不是我,Not Me,/);
  expect(errors).toEqual([]);
});
