import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_OPTIONS, startMw } from '../src/shared/games/moyu-wang';
import { fontsReady, freshStart, setBotPace, watchErrors } from './page-helpers';

/**
 * 摸鱼王 at the table, played from Home as a person would: a 5-seat game, the person in seat 1
 * against four heuristic bots, a fixed seed. The person plays one card, undoes it (nothing was
 * revealed to them since), plays again; tries a card of a colour they may not play (refused by the
 * engine, with the reason); saves mid-game, reloads, loads the save and finds the same table; plays
 * on — answering with an excuse whenever selected, so the seed's game goes through excuse chains —
 * to the end (the scores as pile + hand × 5, the winners), and replays it. Any console error or CSP
 * violation fails. Screenshots at 1280×720 go to docs/screenshots with UPDATE_SCREENSHOTS set.
 */
test.use({ viewport: { width: 1280, height: 720 } });

const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');
const SEED = process.env.MOYU_SEED ?? 'mw-e2e-1';

/** What must come back after a reload: round, turn, hands, piles, markers, the round's plays, the log's length. */
async function snapshot(page: Page): Promise<string> {
  return (await page.evaluate(`(() => JSON.stringify({
    round: document.querySelector('[data-round-no]')?.getAttribute('data-round-no'),
    phase: document.querySelector('[data-game="moyu-wang"]')?.getAttribute('data-phase'),
    hand: [...document.querySelectorAll('.mine [data-card]')].map((c) => c.getAttribute('data-card')),
    seats: [...document.querySelectorAll('[data-mw-seat]')].map((s) => [s.getAttribute('data-count'), s.getAttribute('data-pile'), s.getAttribute('data-markers')].join('/')),
    plays: [...document.querySelectorAll('[data-play-seat]')].map((p) => p.textContent),
    log: document.querySelector('[data-log-lines]')?.getAttribute('data-log-lines'),
  }))()`)) as string;
}

/** Wait for the person's next decision or the end; returns which. */
async function next(page: Page): Promise<'play' | 'excuse' | 'over'> {
  await page.locator('[data-prompt="play"], [data-prompt="excuse"], [data-standings]').first().waitFor({ state: 'visible', timeout: 30_000 });
  if (await page.locator('[data-standings]').count()) return 'over';
  return (await page.locator('[data-prompt="excuse"]').count()) ? 'excuse' : 'play';
}

/** Play the highest card of a colour the person may play. */
async function playOne(page: Page): Promise<void> {
  await page.locator('.mine [data-card]:not(.dim)').last().click();
  await page.locator('[data-play]').click();
}

test('a person and four bots: play, undo, refusal, save, reload, load, excuses, the end, replay', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await watchErrors(page);
  await freshStart(page);
  mkdirSync(SHOTS, { recursive: true });
  await page.getByRole('link', { name: '打开 摸鱼王！', exact: true }).click();
  await page.getByRole('link', { name: '牌桌', exact: true }).click();
  await page.waitForURL(/#\/p\/moyu-wang\/table$/);

  // The new-game page from the engine's options: five seats, the person and four normal bots.
  await expect(page.getByRole('radio', { name: '5 人' })).toBeChecked();
  for (const seat of [1, 2, 3, 4]) await page.locator(`[data-seat-level="${seat}"]`).selectOption('heuristic');
  await expect(page.locator('[data-option="hand_size"] [data-default]')).toContainText('7');
  await page.locator('#mw-opt-start_player').selectOption('seat0');
  await page.locator('[data-seed]').fill(SEED);
  await fontsReady(page);
  await page.screenshot({ path: join(SHOTS, 'moyu-newgame.png') });
  await page.locator('[data-start]').click();
  await setBotPace(page, 0);

  // Seat 1 leads round 1 with seven cards; every seat shows its hand, pile and markers.
  await expect(page.locator('[data-game="moyu-wang"]')).toHaveAttribute('data-phase', 'play');
  await expect(page.locator('[data-prompt="play"]')).toBeVisible();
  await expect(page.locator('.mine [data-card]')).toHaveCount(7);
  await expect(page.locator('[data-mw-seat]')).toHaveCount(5);
  await page.locator('[data-pause]').click();
  await playOne(page);
  await expect(page.locator('.mine [data-card]')).toHaveCount(6);
  await expect(page.locator('[data-play-seat="0"]')).toBeVisible();
  // Undo: only the person's own play has happened since.
  await page.locator('[data-undo]').click();
  await expect(page.locator('.mine [data-card]')).toHaveCount(7);
  await expect(page.locator('[data-play-seat]')).toHaveCount(0);
  // The same by keyboard: Ctrl+Z undoes at every table.
  await playOne(page);
  await expect(page.locator('.mine [data-card]')).toHaveCount(6);
  await page.keyboard.press('Control+z');
  await expect(page.locator('.mine [data-card]')).toHaveCount(7);
  await expect(page.locator('[data-play-seat]')).toHaveCount(0);
  await page.locator('[data-pause]').click();
  await playOne(page);

  let state = await next(page);
  let refused = false;
  let excused = 0;
  let chainShot = false;
  let saved = '';
  for (let turn = 0; turn < 200 && state !== 'over'; turn++) {
    if (!chainShot && (await page.locator('[data-step="excuse"]').count())) {
      await fontsReady(page);
      await page.screenshot({ path: join(SHOTS, 'moyu-chain.png') });
      chainShot = true;
    }
    if (state === 'excuse') {
      await expect(page.locator('[data-prompt="excuse"] [data-accept]')).toBeVisible();
      const ways = page.locator('[data-excuse-move]');
      await fontsReady(page);
      await page.screenshot({ path: join(SHOTS, 'moyu-excuse.png') });
      if (await ways.count()) {
        await ways.first().click();
        excused++;
      } else await page.locator('[data-accept]').click();
    } else {
      // A card of a colour the person may not play: the engine refuses it and says why.
      if (!refused && (await page.locator('.mine [data-card].dim').count())) {
        await page.locator('.mine [data-card].dim').first().click();
        await page.locator('[data-play]').click();
        await expect(page.locator('[data-notice="error"]')).toContainText('必须跟那种颜色');
        await page.locator('[data-clear]').click();
        refused = true;
      }
      if (!saved && turn >= 2) {
        await page.locator('[data-save]').click();
        await expect(page.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();
        saved = await snapshot(page);
        await page.reload();
        await expect(page.locator('[data-game="moyu-wang"] [data-start]')).toBeVisible();
        await page.locator('.saves [data-save-id]').first().getByRole('button', { name: /^载入存档/ }).click();
        await expect(page.locator('[data-prompt="play"]')).toBeVisible();
        expect(await snapshot(page)).toBe(saved);
        await setBotPace(page, 0);
      }
      await playOne(page);
    }
    state = await next(page);
  }
  expect(state).toBe('over');
  expect(saved).not.toBe('');
  // The game went through at least one excuse chain (the log names each excuse).
  await expect(page.locator('.log').getByText(/出借口「/).first()).toBeAttached();

  // The end: every seat's score is its pile + hand × 5; the winners hold the lowest score.
  const end = page.locator('[data-standings]');
  await expect(end.locator('[data-formula]')).toContainText('× 5');
  const rows = await end.locator('[data-end-seat]').evaluateAll((els) => els.map((e) => ({ score: Number(e.getAttribute('data-score')), calc: e.querySelector('.calc')?.textContent ?? '' })));
  expect(rows).toHaveLength(5);
  for (const r of rows) {
    const [pile, hand] = r.calc.match(/\d+/g)!.map(Number);
    expect(pile! + hand! * 5).toBe(r.score);
  }
  const best = Math.min(...rows.map((r) => r.score));
  const winners = (await end.getAttribute('data-winners'))!.split(',').map(Number);
  for (const w of winners) expect(rows[w]!.score).toBe(best);
  await fontsReady(page);
  await page.screenshot({ path: join(SHOTS, 'moyu-end.png') });
  console.log(`seed ${SEED}: ${excused} excuses by the person; chain shown: ${chainShot}`);

  // Replay from the first move, a step on, then back to the table.
  await page.locator('[data-close-standings]').click();
  await page.locator('[data-replay-open]').click();
  await page.locator('[data-replay-prev]').click();
  await expect(page.locator('[data-replay-step]')).not.toHaveAttribute('data-replay-step', '0');
  await page.getByRole('button', { name: '回到牌桌' }).click();
  await expect(page.locator('[data-game="moyu-wang"]')).toHaveAttribute('data-phase', 'over');

  // In English the table's words are English.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('[data-phase]').first()).toBeVisible();
  await expect(page.getByText(/Round \d+/).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('nine seats fit at 1280×720: every seat, the round and the hand on one screen', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = await watchErrors(page);
  await freshStart(page);
  mkdirSync(SHOTS, { recursive: true });
  await page.getByRole('link', { name: '打开 摸鱼王！', exact: true }).click();
  await page.getByRole('link', { name: '牌桌', exact: true }).click();
  await page.getByRole('radio', { name: '9 人' }).check();
  await page.locator('#mw-opt-start_player').selectOption('seat0');
  await page.locator('[data-seed]').fill('mw-nine');
  await page.locator('[data-start]').click();
  await setBotPace(page, 0);
  // Two rounds, so the table holds a round's plays.
  for (let i = 0; i < 2; i++) {
    expect(await next(page)).not.toBe('over');
    if (await page.locator('[data-prompt="excuse"]').count()) await page.locator('[data-accept]').click();
    else await playOne(page);
  }
  expect(await next(page)).not.toBe('over');
  await expect(page.locator('[data-mw-seat]')).toHaveCount(9);
  const inside = async (sel: string): Promise<void> => {
    for (const box of await page.locator(sel).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as { left: number; top: number; right: number; bottom: number }))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(1280);
      expect(box.bottom).toBeLessThanOrEqual(720);
    }
  };
  await inside('[data-mw-seat]');
  await inside('.mine [data-card]');
  await inside('[data-play-seat]');
  await fontsReady(page);
  await page.screenshot({ path: join(SHOTS, 'moyu-nine.png') });
  // In English too.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('[data-prompt="play"] h2')).toHaveText('Your play');
  await inside('[data-mw-seat]');
  await fontsReady(page);
  await page.screenshot({ path: join(SHOTS, 'moyu-nine-en.png') });
  expect(errors).toEqual([]);
});

/** The card numbers anywhere in the page (hands, plays, piles). */
async function cardsInPage(page: Page): Promise<number[]> {
  return page.locator('[data-card]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-card'))));
}

test('two people at one screen: the curtain between them, and neither sees the other’s cards', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await watchErrors(page);
  await freshStart(page);
  await page.getByRole('link', { name: '打开 摸鱼王！', exact: true }).click();
  await page.getByRole('link', { name: '牌桌', exact: true }).click();
  await page.waitForURL(/#\/p\/moyu-wang\/table$/);
  await page.getByRole('radio', { name: '3 人' }).click();
  await page.locator('[data-seat-kind="1-human"]').click();
  await page.locator('#mw-opt-start_player').selectOption('seat0');
  const seed = 'mw-e2e-curtain';
  await page.locator('[data-seed]').fill(seed);
  await page.locator('[data-start]').click();
  await setBotPace(page, 0);
  const dealt = startMw(seed, 3, { ...DEFAULT_OPTIONS, start_player: 'seat0' }).state.hands.map((h) => [...h]);
  const none = async (hidden: readonly number[]): Promise<void> => expect((await cardsInPage(page)).filter((c) => hidden.includes(c))).toEqual([]);
  const curtain = page.locator('[data-curtain]');

  // Seat 1 leads: the curtain is up and neither person's hand is in the page.
  await expect(curtain).toHaveAttribute('data-curtain', '0');
  await none([...dealt[0]!, ...dealt[1]!]);
  await curtain.getByRole('button').click();
  await expect(page.locator('.mine [data-card]')).toHaveCount(dealt[0]!.length);
  await none(dealt[1]!);
  await playOne(page);
  const played = await page.locator('[data-play-seat] [data-card]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-card'))));
  expect(played.length).toBeGreaterThan(0);
  const kept0 = dealt[0]!.filter((c) => !played.includes(c));

  // Seat 2 next: the curtain again (nothing of seat 1's hand left on screen), then seat 2's own hand only.
  await expect(curtain).toHaveAttribute('data-curtain', '1', { timeout: 30_000 });
  await none([...kept0, ...dealt[1]!]);
  await curtain.getByRole('button').click();
  await expect(page.locator('[data-game="moyu-wang"]')).toHaveAttribute('data-shown-seat', '1');
  await expect(page.locator('.mine [data-card]')).toHaveCount(dealt[1]!.length);
  await none(kept0);
  expect(errors).toEqual([]);
});
