import { expect, test } from '@playwright/test';
import { fontsReady, freshStart } from './page-helpers';
const OUT = '/tmp/lp/shots';
for (const game of (process.env.WALK_GAMES ?? 'zodiac-race').split(',')) for (const [w, h] of [[1280, 800], [1440, 900]]) for (const lang of ['zh', 'en']) {
  test(`walk ${game} ${w} ${lang}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: w, height: h });
    await freshStart(page);
    if (lang === 'en') await page.getByRole('group', { name: '界面语言' }).getByRole('button', { name: 'English' }).click();
    await page.goto(`/#/p/${game}/balance`);
    await page.locator('[data-games]').fill('30');
    await page.locator('[data-compare]').check();
    await page.locator('[data-run-ab]').click();
    await expect(page.locator('.progress')).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
    await fontsReady(page);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: `${OUT}/${game}-${w}-${lang}.png` });
    if (process.env.WALK_FULL) await page.screenshot({ path: `${OUT}/${game}-${w}-${lang}-full.png`, fullPage: true });
  });
}
