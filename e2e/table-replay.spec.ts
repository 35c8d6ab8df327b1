import { expect, test, type Page } from '@playwright/test';
import { CARDS } from '../src/shared/games/doufu/cards';
import { fontsReady, freshStart, openDoufuTable, setBotPace, watchErrors } from './page-helpers';

/**
 * A replay in a live hot-seat match shows only what the person at the screen may see: no replay
 * while the curtain is up; "view as" offers the public table and their own seat only; and at every
 * step of the replay, nothing of the other person's hand — no card, no card's name or label, no
 * named draw in the log — appears anywhere in the page. Then the replay goes by turn, round and
 * hand, and a click on a log line jumps there.
 */

const SEED = 'e2e-hotseat-1';

const handCards = (page: Page) => page.locator('[data-spot^="hand:"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!));
/** Every card code on the page, and every text a card could be named by (text, labels, titles, alt texts). */
const pageCards = async (page: Page): Promise<{ codes: string[]; text: string }> => {
  const got = (await page.evaluate(`({
    codes: [...document.querySelectorAll('[data-card]')].map((e) => e.getAttribute('data-card')),
    text: [document.body.innerText, ...[...document.querySelectorAll('[aria-label], [title], [alt]')].map((e) => [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('alt')].join(' '))].join('\\n'),
  })`)) as { codes: string[]; text: string };
  // Combination names ("金龙+福蛇", what a hand could build) name cards without showing any.
  return { codes: got.codes, text: got.text.replace(/[\u4e00-\u9fff]+(?:\+[\u4e00-\u9fff]+)+/g, '') };
};

/** Card names no other card shares (a twin's name on the table says nothing about a hand). */
const UNIQUE = new Map(CARDS.filter((c) => CARDS.filter((d) => d.name === c.name).length === 1).map((c) => [c.code, c.name]));

test('table: a replay in a live hot-seat match shows nobody else’s hand, and goes by turn, round, hand or log line', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = await watchErrors(page);
  await freshStart(page);
  await openDoufuTable(page);
  await page.getByRole('radio', { name: '3 人' }).check();
  await page.locator('[data-seat-kind="0-human"]').click();
  await page.locator('[data-seat-kind="1-human"]').click();
  await page.locator('[data-seat-kind="2-bot"]').click();
  await page.getByLabel('随机种子').fill(SEED);
  await page.getByRole('button', { name: '开始对局' }).click();
  await setBotPace(page, 0);
  await fontsReady(page);

  /** Each person's hand as they last saw it. */
  const hands: Record<number, string[]> = {};
  const checked = new Set<number>();
  let onScreen: number | null = null;
  let curtains = 0;
  for (let i = 0; i < 150 && checked.size < 2; i++) {
    const next = page.locator('[data-curtain], [data-legal], [data-hand-end]').first();
    await next.waitFor({ state: 'visible', timeout: 30_000 });
    if (await page.locator('[data-hand-end]').count()) {
      await page.getByRole('button', { name: '下一盘' }).click();
      continue;
    }
    const curtain = page.locator('[data-curtain]');
    if (await curtain.count()) {
      // No replay while the curtain is up.
      await expect(page.locator('[data-replay-open]')).toBeDisabled();
      await expect(page.locator('[data-replay-open]')).toHaveAttribute('title', /幕布/);
      onScreen = Number(await curtain.getAttribute('data-curtain'));
      await curtain.getByRole('button').click();
      curtains++;
      continue;
    }
    const me = onScreen!;
    const other = 1 - me;
    hands[me] = await handCards(page);
    if (hands[other] && curtains >= 3 && !checked.has(me)) {
      // What of the other person's hand is public now (on the table) is no secret; the rest is.
      const live = await pageCards(page);
      const secret = hands[other]!.filter((c) => !live.codes.includes(c) && !hands[me]!.includes(c));
      expect(secret.length).toBeGreaterThan(0);
      await page.locator('[data-replay-open]').click();
      const views = await page.locator('[data-replay-view] option').evaluateAll((os) => os.map((o) => o.getAttribute('value')));
      expect(views).toEqual(['', String(me)]);
      const total = Number(await page.locator('[data-replay-step]').getAttribute('data-replay-step'));
      expect(total).toBeGreaterThan(5);
      for (let step = 0; step <= total; step++) {
        await page.locator('.replay input[type="range"]').fill(String(step));
        await expect(page.locator('[data-replay-step]')).toHaveAttribute('data-replay-step', String(step));
        // Everything the person's view adds to the public table at this step is their own hand.
        await page.locator('[data-replay-view]').selectOption('');
        const pub = await pageCards(page);
        await page.locator('[data-replay-view]').selectOption(String(me));
        const mine = await handCards(page);
        const shown = await pageCards(page);
        expect(shown.codes.filter((c) => !pub.codes.includes(c) && !mine.includes(c)), `step ${step}: cards beyond the public table and your hand`).toEqual([]);
        expect(shown.codes.filter((c) => secret.includes(c) && !pub.codes.includes(c)), `step ${step}: a card of seat ${other + 1}'s hand`).toEqual([]);
        const named = [...UNIQUE].filter(([code, name]) => shown.text.includes(name) && !pub.text.includes(name) && !mine.includes(code));
        expect(named, `step ${step}: cards named beyond the public table and your hand`).toEqual([]);
        expect(shown.text).not.toContain(`座位 ${other + 1} 摸到`);
      }
      // The public view shows no hand at all.
      await page.locator('[data-replay-view]').selectOption('');
      expect(await handCards(page)).toEqual([]);
      checked.add(me);
      await page.getByRole('button', { name: '回到牌桌' }).click();
      await expect(page.locator('.replay')).toHaveCount(0);
      continue;
    }
    await page.locator('[data-legal]').first().click();
  }
  expect([...checked].sort()).toEqual([0, 1]);

  // Going by turn, round and hand, and jumping from the log.
  await page.locator('[data-replay-open]').click();
  const step = page.locator('[data-replay-step]');
  const total = Number(await step.getAttribute('data-replay-step'));
  await page.locator('.replay').getByRole('button', { name: '回到开头' }).click();
  await expect(step).toHaveAttribute('data-replay-step', '0');
  await expect(page.locator('[data-replay-place]')).toContainText('第 1 盘 · 发牌');
  await page.locator('[data-replay-unit]').selectOption('turn');
  await page.locator('[data-replay-next]').click();
  await expect(page.locator('[data-replay-place]')).toContainText('第 1 盘 · 第 1 轮 · 第 1 回合');
  await page.locator('[data-replay-next]').click();
  await expect(page.locator('[data-replay-place]')).toContainText('第 2 回合');
  const afterTurn = Number(await step.getAttribute('data-replay-step'));
  await page.locator('[data-replay-unit]').selectOption('round');
  await page.locator('[data-replay-next]').click();
  await expect(page.locator('[data-replay-place]')).toContainText('第 2 轮');
  const afterRound = Number(await step.getAttribute('data-replay-step'));
  expect(afterRound).toBeGreaterThan(afterTurn);
  await page.locator('[data-replay-prev]').click();
  await expect(page.locator('[data-replay-place]')).toContainText('第 1 盘 · 第 1 轮 · 第 1 回合');
  // A log line jumps the replay to just after its move.
  await page.locator('[data-replay-unit]').selectOption('move');
  await page.locator('.replay input[type="range"]').fill(String(total));
  const line = page.locator('[data-log-lines] li[data-move="3"] button').first();
  await line.click();
  await expect(step).toHaveAttribute('data-replay-step', '4');
  await expect(page.locator('[data-log-lines] li.at').first()).toHaveAttribute('data-move', '3');
  expect(errors).toEqual([]);
});
