import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { doufu, type DoufuMove } from '../src/shared/games/doufu';
import { OPTION_INFO, OPTION_KEYS } from '../src/shared/games/doufu/options';
import { Rng, seedRng } from '../src/shared/util/rng';
import { doufuMatchFile, fontsReady, freshStart, watchErrors } from './page-helpers';

const SAVES = join(process.env.FUQI_E2E_EXPORT_DIR!, 'saves');
const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');

/** Seeded random play at a 4-player table until seat 0 is to take a turn with full score areas and a wide pool. */
function busyTable(): { seed: string; moves: DoufuMove[] } {
  for (let g = 224; g < 2000; g++) {
    const seed = `layout-${g}`;
    const r = new Rng(seedRng(seed));
    let s = doufu.setup({ seed, players: 4, options: doufu.defaultOptions });
    const moves: DoufuMove[] = [];
    for (let i = 0; i < 300 && s.step.k !== 'over'; i++) {
      const seat = doufu.status(s).toAct[0]!;
      const v = doufu.view(s, 0);
      const areaSizes = v.areas.map((a) => a.length);
      if (s.handNo === 1 && seat === 0 && s.step.k === 'turn' && Math.min(...areaSizes) >= 6 && Math.max(...areaSizes) >= 10 && v.pool.length >= 3 && (v.hand?.length ?? 0) >= 3) return { seed, moves };
      const legal = doufu.legalMoves(s, seat).filter((m) => m.type !== 'declare');
      const move = r.pick(legal.length ? legal : doufu.legalMoves(s, seat));
      const res = doufu.apply(s, move);
      if (!res.ok) throw new Error(res.message.en);
      s = res.state;
      moves.push(move);
    }
  }
  throw new Error('no busy 4-player table in 2000 seeded matches');
}

const ZONES = ['[data-zone="others"]', '[data-side="1"]', '[data-side="2"]', '[data-side="3"]', '[data-zone="pool"]', '[data-spot="deck"]', '.prompt', '[data-zone="hand"]', '[data-zone="me"]', '[data-spot^="hand:"]', '[data-spot^="pool:"]', '[data-log-lines]'];

/** Every zone's box (and every hand and pool card's) lies inside the window, and neither the page nor the table scrolls. */
async function allInView(page: Page, what: string): Promise<void> {
  // One round trip: the boxes of everything, measured in the page.
  const found = (await page.evaluate(`(${JSON.stringify(ZONES)}).map((sel) => [...document.querySelectorAll(sel)].map((e) => { const r = e.getBoundingClientRect(); return { sel, x: r.x, y: r.y, right: r.right, bottom: r.bottom }; }))`)) as { sel: string; x: number; y: number; right: number; bottom: number }[][];
  const size = page.viewportSize()!;
  found.forEach((list, i) => expect(list.length, `${what}: ${ZONES[i]} is on the table`).toBeGreaterThan(0));
  const outside = found.flat().filter((b) => b.x < 0 || b.y < 0 || b.right > size.width + 0.5 || b.bottom > size.height + 0.5);
  expect(outside, `${what}: boxes outside the ${size.width}×${size.height} window`).toEqual([]);
  // Nothing scrolls: not the document, not the table's column, not the other sides' row, not the pool.
  const scroll = await page.evaluate(`(() => {
    const over = (el) => el ? el.scrollHeight - el.clientHeight : 0;
    return { doc: document.documentElement.scrollHeight - window.innerHeight, main: over(document.querySelector('[data-game="doufu"] .board-col')), others: over(document.querySelector('[data-zone="others"]')), pool: over(document.querySelector('[data-zone="pool"]')) };
  })()`);
  expect(scroll, what).toEqual({ doc: 0, main: 0, others: 0, pool: 0 });
}

/** Where every zone of the table is, to check that nothing moved (the log beside it makes room for the card inspector on hover). */
async function boxes(page: Page) {
  return Promise.all(ZONES.filter((z) => z !== '[data-log-lines]').map(async (sel) => page.locator(sel).first().boundingBox()));
}

test('table layout: a busy 4-player table fits the window', async ({ page }) => {
  mkdirSync(SAVES, { recursive: true });
  mkdirSync(SHOTS, { recursive: true });
  const errors = await watchErrors(page);
  const { seed, moves } = busyTable();
  const id = 'doufu-layout';
  writeFileSync(join(SAVES, `${id}.fuqi.json`), JSON.stringify(doufuMatchFile(seed, moves, [{ kind: 'human' }, { kind: 'bot', level: 'random' }, { kind: 'bot', level: 'random' }, { kind: 'bot', level: 'random' }])));
  await page.setViewportSize({ width: 1280, height: 720 });
  await freshStart(page);
  // Home says which projects can be played: 斗福's card has a Play button, straight to its table.
  await page.getByRole('link', { name: '开始游戏：斗福', exact: true }).click();
  await page.waitForURL(/#\/p\/doufu\/table$/);

  // The new-game screen: the rule options as Variants in plain words, each saying the rulebook's
  // default; the house-rule codes only in a tooltip.
  const variants = page.getByRole('region', { name: '变体规则' });
  await expect(variants).toBeVisible();
  await expect(variants.locator('[data-option]')).toHaveCount(OPTION_KEYS.filter((k) => OPTION_INFO[k].topic !== 'team').length);
  await expect(variants.locator('[data-option="settlement_value"]')).toContainText('宣胜后别人扣多少福气');
  await expect(variants.locator('[data-option="settlement_value"] [data-default]')).toHaveText('规则书默认：得分区总分');
  await expect(variants.locator('[data-option="settlement_value"]')).toHaveAttribute('title', '规则说明 HI-52（设计者参考）');
  expect(await variants.innerText()).not.toMatch(/HI-\d/);
  await page.screenshot({ path: join(SHOTS, 'new-game-variants.png') });

  await page.getByRole('button', { name: `载入存档 ${id}` }).click();
  await fontsReady(page);
  await expect(page.locator('[data-spot^="hand:"] .face-svg').first()).toBeVisible();
  await allInView(page, '1280×720');
  await page.screenshot({ path: join(SHOTS, 'table-1280x720.png') });

  // A banner (a refused click's reason) floats over the table: nothing moves.
  const before = await boxes(page);
  await page.locator('[data-side="1"] [data-spot^="area:"]').first().click();
  await expect(page.locator('[data-notice]')).toBeVisible();
  expect(await boxes(page)).toEqual(before);
  await allInView(page, '1280×720 with a notice');

  await expect(page.locator('[data-notice]')).toContainText('得分区的牌不能再打出');

  // The stack slot says when it cannot take the picked card, before any click on it.
  const slot = page.locator('[data-spot="stack"]');
  await expect(slot).not.toHaveAttribute('data-stack-blocked');
  const hand = await page.locator('[data-spot^="hand:"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!));
  const pool = (await page.locator('[data-spot^="pool:"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!))).map((c) => c.slice(0, 3));
  const blocked = hand.find((c) => pool.includes(c.slice(0, 3)));
  expect(blocked, 'a hand card whose zodiac is in the pool').toBeDefined();
  await page.locator(`[data-spot="hand:${blocked}"]`).click();
  await expect(slot).toHaveAttribute('data-stack-blocked', '');
  await expect(slot).toHaveAttribute('title', /池中已有该生肖/);
  await slot.click({ force: true }); // it looks unavailable (aria-disabled) but still answers a click with why
  await expect(page.locator('[data-notice]')).toContainText('池中已有该生肖');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 1440, height: 900 });
  await allInView(page, '1440×900');
  await page.screenshot({ path: join(SHOTS, 'table-1440x900.png') });
  expect(errors).toEqual([]);
});
