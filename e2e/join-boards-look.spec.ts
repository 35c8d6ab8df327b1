import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { doufu } from '../src/shared/games/doufu';
import { douLaoban } from '../src/shared/games/dou-laoban';
import { zodiacRace } from '../src/shared/games/zodiac-race';
import { moyuWang } from '../src/shared/games/moyu-wang';
import { douShisi } from '../src/shared/games/dou-shisi';
import { deviceFontsReady, FakeLanHost } from './lan-fake-host';
import { watchErrors } from './page-helpers';

/**
 * The device boards of the five card games (built on the join page's device kit, join/kit/) at a
 * 360 px phone and a 1280 px laptop, each on a fixed match from the stand-in host: nothing runs
 * wider than the screen, every answer in the prompt is a 44 px touch target, and from 900 px the
 * log stands beside the board. Each board is photographed whole to test-results/join-boards/, or
 * to the folder DEVICE_LOOK names (outside test-results/, which each run empties), to compare two
 * builds picture by picture.
 */
const OUT = process.env.DEVICE_LOOK ? resolve(process.env.DEVICE_LOOK) : join(__dirname, '..', 'test-results', 'join-boards');
mkdirSync(OUT, { recursive: true });

const GAMES = [
  { id: 'doufu', game: doufu, players: 3, seat: 1 },
  { id: 'zodiac-race', game: zodiacRace, players: 3, seat: 0 },
  { id: 'dou-laoban', game: douLaoban, players: 3, seat: 0 },
  { id: 'moyu-wang', game: moyuWang, players: 4, seat: 0 },
  { id: 'dou-shisi', game: douShisi, players: 3, seat: 0 },
] as const;

for (const width of [360, 1280]) {
  test(`device boards at ${width} px: the five card games fit, with touch-sized answers and the log in place`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: width < 900 ? 740 : 800 }, hasTouch: width < 900, isMobile: width < 900, locale: 'zh-CN' });
    for (const g of GAMES) {
      const page = await context.newPage();
      const errors = await watchErrors(page);
      const host = new FakeLanHost(g.game as never, g.players, [g.seat], undefined, `join-boards-${g.id}`);
      host.runBots();
      await host.serve(page);
      await page.goto(`/j/${host.tokens[g.seat]}`);
      const board = page.locator(`[data-seat-board="${g.id}"]`);
      await expect(board).toBeVisible();
      await expect(page.locator('[data-prompt]')).toBeVisible();
      await deviceFontsReady(page);
      expect(await page.evaluate('document.documentElement.scrollWidth'), `${g.id} runs wider than the screen`).toBeLessThanOrEqual(width);
      for (const b of await page.locator('[data-prompt] button:visible').all()) expect((await b.boundingBox())!.height, `${g.id}: a prompt button`).toBeGreaterThanOrEqual(44);
      const main = (await board.locator('[data-board-main]').boundingBox())!;
      const log = (await board.locator('[data-device-log]').boundingBox())!;
      // From 900 px the log is a column beside the board; on a phone it folds away under it.
      if (width >= 900) expect(log.x).toBeGreaterThanOrEqual(main.x + main.width);
      else expect(log.y).toBeGreaterThanOrEqual(main.y + main.height);
      await page.screenshot({ path: join(OUT, `${g.id}-${width}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    }
    await context.close();
  });
}
