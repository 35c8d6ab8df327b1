import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fontsReady, freshStart, setBotPace, watchErrors } from './page-helpers';

/**
 * 斗十四 at the table, played from Home as a person would: a 4-seat game, the person in seat 1
 * against three normal bots, a fixed seed. The person discards, undoes it, discards again; answers
 * every claim window with the strongest claim offered (so the hand goes through claims), exchanges
 * when offered, flips when it is their turn; saves mid-hand, reloads, loads the save and finds the
 * same table; plays to the hand's end (the result with red points, 番 and payments summing to zero),
 * and replays. Everything stays on one 1280×720 screen. Any console error or CSP violation fails.
 * Screenshots go to docs/screenshots with UPDATE_SCREENSHOTS set.
 */
test.use({ viewport: { width: 1280, height: 720 } });

const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');
const SEED = process.env.SHISI_SEED ?? 'ds-e2e-1';
type Prompt = 'claim' | 'declare' | 'exchange' | 'flip' | 'discard' | 'end';

/** What must come back after a reload: hand, phase, the person's cards, every seat, the middle card, the log's length. */
async function snapshot(page: Page): Promise<string> {
  return (await page.evaluate(`(() => JSON.stringify({
    hand: document.querySelector('[data-hand-no]')?.getAttribute('data-hand-no'),
    phase: document.querySelector('[data-game="dou-shisi"]')?.getAttribute('data-phase'),
    mine: [...document.querySelectorAll('.mine [data-card]')].map((c) => c.getAttribute('data-code')),
    seats: [...document.querySelectorAll('[data-ds-seat]')].map((s) => s.getAttribute('data-count') + '/' + s.textContent),
    middle: document.querySelector('[data-middle]')?.textContent,
    log: document.querySelector('[data-log-lines]')?.getAttribute('data-log-lines'),
  }))()`)) as string;
}

/** Wait for the person's next decision or the result of hand `hand` (from 0). */
async function next(page: Page, hand = 0): Promise<Prompt> {
  const sel = `[data-prompt="claim"], [data-prompt="declare"], [data-prompt="exchange"], [data-prompt="flip"], [data-prompt="discard"], [data-ds-result="${hand}"]`;
  await page.locator(sel).first().waitFor({ state: 'visible', timeout: 30_000 });
  if (await page.locator(`[data-ds-result="${hand}"]`).count()) return 'end';
  return (await page.locator('[data-prompt]').first().getAttribute('data-prompt')) as Prompt;
}

/** Discard the highest playable card. */
async function discardOne(page: Page): Promise<void> {
  await page.locator('.mine button.playable').last().click();
}

/** Answer one prompt plainly: the strongest claim, exchanges, no declarations, the flip, a discard. */
async function answer(page: Page, state: Prompt): Promise<void> {
  if (state === 'claim') await page.locator('[data-prompt="claim"] [data-claim]').first().click();
  else if (state === 'declare') await page.locator('[data-declare="no"]').click();
  else if (state === 'exchange') {
    const ex = page.locator('[data-exchange]');
    if (await ex.count()) await ex.first().click();
    else if (await page.locator('[data-exchange-done]').count()) await page.locator('[data-exchange-done]').click();
    else await discardOne(page);
  } else if (state === 'flip') await page.locator('[data-flip]').click();
  else if (state === 'discard') await discardOne(page);
}

test('a person and three bots: discard, undo, claims, save, reload, load, the hand’s result, replay', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = await watchErrors(page);
  await freshStart(page);
  mkdirSync(SHOTS, { recursive: true });
  await page.getByRole('link', { name: '打开 斗十四', exact: true }).click();
  await page.getByRole('link', { name: '牌桌', exact: true }).click();
  await page.waitForURL(/#\/p\/dou-shisi\/table$/);

  // The new-game page from the engine's options: four seats, the person and three normal bots.
  await expect(page.getByRole('radio', { name: '4 人' })).toBeChecked();
  for (const seat of [1, 2, 3]) await page.locator(`[data-seat-level="${seat}"]`).selectOption('heuristic');
  await expect(page.locator('[data-option="red_threshold"] [data-default]')).toContainText('20');
  await page.locator('[data-seed]').fill(SEED);
  await fontsReady(page);
  await page.screenshot({ path: join(SHOTS, 'shisi-newgame.png') });
  await page.locator('[data-start]').click();
  await setBotPace(page, 0);
  await expect(page.locator('[data-ds-seat]')).toHaveCount(4);

  let state = await next(page);
  let undone = false;
  let claimed = 0;
  let saved = '';
  let shotClaim = false;
  for (let turn = 0; turn < 300 && state !== 'end'; turn++) {
    if (state === 'claim') {
      const ways = page.locator('[data-prompt="claim"] [data-claim]:not([data-claim="pass"])');
      if (!shotClaim) {
        await fontsReady(page);
        await page.screenshot({ path: join(SHOTS, 'shisi-claim.png') });
        shotClaim = true;
      }
      if (await ways.count()) {
        await ways.first().click();
        claimed++;
      } else await page.locator('[data-claim="pass"]').click();
    } else if (state === 'declare') await page.locator('[data-declare="no"]').click();
    else if (state === 'exchange') {
      const ex = page.locator('[data-exchange]');
      if (await ex.count()) await ex.first().click();
      else if (await page.locator('[data-exchange-done]').count()) await page.locator('[data-exchange-done]').click();
      else await discardOne(page);
    } else if (state === 'flip') await page.locator('[data-flip]').click();
    else {
      if (!undone) {
        // Undo: pause the bots, discard, take it back (nothing was revealed to the person since).
        await page.locator('[data-pause]').click();
        const before = await page.locator('.mine [data-card]').count();
        await discardOne(page);
        await expect(page.locator('.mine [data-card]')).toHaveCount(before - 1);
        await page.locator('[data-undo]').click();
        await expect(page.locator('.mine [data-card]')).toHaveCount(before);
        await page.locator('[data-pause]').click();
        undone = true;
      } else if (!saved) {
        await page.locator('[data-save]').click();
        await expect(page.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();
        saved = await snapshot(page);
        await page.reload();
        await expect(page.locator('[data-game="dou-shisi"] [data-start]')).toBeVisible();
        await page.locator('.saves [data-save-id]').first().getByRole('button', { name: /^载入存档/ }).click();
        await expect(page.locator('[data-prompt="discard"]')).toBeVisible();
        expect(await snapshot(page)).toBe(saved);
        await setBotPace(page, 0);
        await fontsReady(page);
        await page.screenshot({ path: join(SHOTS, 'shisi-table.png') });
      }
      await discardOne(page);
    }
    state = await next(page);
  }
  expect(state).toBe('end');
  expect(undone).toBe(true);
  expect(saved).not.toBe('');
  // The hand went through claims (the log names each 吃 / 碰 / 杠).
  await expect(page.locator('.log').getByText(/ (吃|碰|杠|加杠) /).first()).toBeAttached();

  // The result: payments sum to zero; a win names its red points and 番.
  const result = page.locator('[data-ds-result="0"]');
  const pays = await result.locator('[data-pay]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-pay'))));
  expect(pays).toHaveLength(4);
  expect(pays.reduce((a, b) => a + b, 0)).toBe(0);
  if ((await result.getAttribute('data-winner')) !== '') await expect(result.locator('[data-fan]')).toBeVisible();
  // Everything on one screen.
  for (const sel of ['[data-ds-seat]', '.mine [data-card]', '[data-ds-result="0"]']) {
    for (const box of await page.locator(sel).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as { left: number; top: number; right: number; bottom: number }))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(1280);
      expect(box.bottom).toBeLessThanOrEqual(720);
    }
  }
  await page.locator('[data-pause]').click();
  await fontsReady(page);
  await page.screenshot({ path: join(SHOTS, 'shisi-result.png') });
  console.log(`seed ${SEED}: ${claimed} claims by the person; result ${(await result.getAttribute('data-winner')) || '流局'}`);

  // A second hand, played plainly to its result; the totals are the two hands' payments.
  await page.locator('[data-pause]').click();
  state = await next(page, 1);
  for (let turn = 0; turn < 300 && state !== 'end'; turn++) {
    await answer(page, state);
    state = await next(page, 1);
  }
  expect(state).toBe('end');
  const second = await page.locator('[data-ds-result="1"] [data-pay]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-pay'))));
  const totals = await page.locator('[data-ds-result="1"] [data-total-seat]').evaluateAll((els) => els.map((e) => Number(e.textContent)));
  expect(totals).toEqual(pays.map((p, s) => p + second[s]!));
  await page.locator('[data-pause]').click();

  // Replay from the first move, a step on, then back to the table.
  await page.locator('[data-replay-open]').click();
  await page.locator('[data-replay-prev]').click();
  await expect(page.locator('[data-replay-step]')).not.toHaveAttribute('data-replay-step', '0');
  await page.getByRole('button', { name: '回到牌桌' }).click();
  await expect(page.locator('[data-game="dou-shisi"]')).toBeVisible();

  // In English the table's words are English.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByText(/Hand \d+/).first()).toBeVisible();
  await fontsReady(page);
  await page.screenshot({ path: join(SHOTS, 'shisi-result-en.png') });
  expect(errors).toEqual([]);
});

test('six seats fit at 1280×720: every seat, the middle and the hand on one screen', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = await watchErrors(page);
  await freshStart(page);
  mkdirSync(SHOTS, { recursive: true });
  await page.getByRole('link', { name: '打开 斗十四', exact: true }).click();
  await page.getByRole('link', { name: '牌桌', exact: true }).click();
  // Six players need six jokers (§9.1).
  await page.locator('#ds-opt-jokers').selectOption('6');
  await page.getByRole('radio', { name: '6 人' }).check();
  await page.locator('[data-seed]').fill('ds-six');
  await page.locator('[data-start]').click();
  await setBotPace(page, 0);
  await expect(page.locator('[data-ds-seat]')).toHaveCount(6);
  let state = await next(page);
  for (let i = 0; i < 12 && state !== 'end'; i++) {
    await answer(page, state);
    state = await next(page);
  }
  const inside = async (sel: string): Promise<void> => {
    for (const box of await page.locator(sel).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as { left: number; top: number; right: number; bottom: number }))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(1280);
      expect(box.bottom).toBeLessThanOrEqual(720);
    }
  };
  await inside('[data-ds-seat]');
  await inside('.mine [data-card]');
  await inside('[data-middle]');
  await fontsReady(page);
  await page.screenshot({ path: join(SHOTS, 'shisi-six.png') });
  expect(errors).toEqual([]);
});
