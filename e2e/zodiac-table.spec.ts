import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fontsReady, freshStart, watchErrors, setBotPace } from './page-helpers';

/**
 * 生肖赛跑 at the table, played from the app as a person would. A 2-player race (the person in
 * seat 1, a heuristic bot in seat 2, the bots' pace at 0 s, a fixed seed, a race to 3 lap points
 * so the run stays short): choose an animal, undo it (nothing was revealed) and choose another;
 * try to end the turn before rolling (refused, with the engine's reason); roll, after which a
 * player's undo is refused (the die showed everyone its face); save in the middle, reload the
 * page, load the save and find the same table; play on to a winner, read the standings, and replay
 * the race from its first move. The person rolls when they may, ends the turn when they may, and
 * otherwise takes the first answer offered. Any console error or CSP violation fails the test.
 * The second test plays a few turns of a 4-player race with three bots and writes the README's
 * picture.
 */

const SHOTS = join(__dirname, '..', 'test-results/screenshots');
/** The README's picture goes to docs/screenshots with UPDATE_SCREENSHOTS set (as the other specs do). */
const README_SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');

/** From the home page, open 生肖赛跑's table through the navigation, as a person would. */
async function openZodiacTable(page: Page): Promise<void> {
  await page.getByRole('link', { name: '打开 生肖赛跑', exact: true }).click();
  await page.getByRole('link', { name: '牌桌', exact: true }).click();
  await page.waitForURL(/#\/p\/zodiac-race\/table$/);
}

/** Set up seats on the new-game screen: `bots[i]` is seat i's bot level, or null for a person. */
async function seatUp(page: Page, bots: (string | null)[]): Promise<void> {
  await page.getByRole('radio', { name: `${bots.length} 人`, exact: true }).check();
  for (const [seat, level] of bots.entries()) {
    await page.locator(`[data-seat-kind="${seat}-${level ? 'bot' : 'human'}"]`).click();
    if (level) await page.locator(`[data-seat-level="${seat}"]`).selectOption(level);
  }
}



/** Wait for the person's next decision (a lit answer) or the standings; true when the race is over. */
async function nextDecision(page: Page): Promise<boolean> {
  await page.locator('.choices [data-legal], [data-standings]').first().waitFor({ state: 'visible', timeout: 30_000 });
  return (await page.locator('[data-standings]').count()) > 0;
}

/** One decision: roll if you may, else end the turn if you may, else the first answer offered. */
async function decide(page: Page): Promise<void> {
  const roll = page.locator('[data-choice="roll"][data-legal]');
  const end = page.locator('[data-choice="end"][data-legal]');
  if (await roll.count()) await roll.click();
  else if (await end.count()) await end.click();
  else await page.locator('.choices [data-legal]').first().click();
}

/** What must come back after a reload: the turn, every tray, every piece's square, the log's length. */
async function snapshot(page: Page): Promise<string> {
  return (await page.evaluate(`(() => JSON.stringify({
    turn: document.querySelector('[data-turn-no]')?.getAttribute('data-turn-no'),
    trays: [...document.querySelectorAll('[data-tray]')].map((t) => [t.querySelector('[data-zodiac]')?.getAttribute('data-zodiac'), t.querySelector('[data-laps]')?.getAttribute('data-laps'), t.querySelector('[data-tokens]')?.getAttribute('data-tokens')]),
    squares: [...document.querySelectorAll('[data-piece]')].map((p) => p.getAttribute('data-piece') + '@' + p.getAttribute('data-square')).sort(),
    dice: document.querySelector('[data-dice]')?.getAttribute('data-dice'),
    log: document.querySelector('[data-log-lines]')?.getAttribute('data-log-lines'),
    decision: document.querySelector('[data-decision]')?.getAttribute('data-decision'),
  }))()`)) as string;
}

test('a 2-player race to a winner: undo, save, reload, load and replay', async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  await openZodiacTable(page);
  await seatUp(page, [null, 'heuristic']);
  // The rule options: the spec's defaults, one changed for a short race (and marked as changed).
  await expect(page.locator('[data-option="target_points"] [data-default]')).toHaveText('规则书默认：10');
  await page.locator('#zr-opt-target_points').fill('3');
  await page.locator('#zr-opt-target_points').dispatchEvent('change');
  await expect(page.locator('[data-option="target_points"]')).toHaveClass(/changed/);
  await page.locator('[data-seed]').fill('zr-e2e-2');
  await page.locator('[data-start]').click();
  await setBotPace(page, 0); // the bots at full speed
  // The board is the board project's art, rendered by main (the first time takes a while).
  const t0 = Date.now();
  await expect(page.locator('[data-piece="1"]')).toBeVisible({ timeout: 60_000 });
  console.log(`board art in ${Date.now() - t0} ms`);

  // Choose an animal, undo it (only a choice since: nothing revealed), choose another.
  await expect(page.locator('[data-prompt="choose"]')).toBeVisible();
  await page.locator('[data-choice="rat"]').click();
  await expect(page.locator('[data-prompt="main"]')).toBeVisible();
  await expect(page.locator('[data-tray="0"] [data-zodiac]')).toHaveAttribute('data-zodiac', 'rat');
  await page.locator('[data-undo]').click();
  await expect(page.locator('[data-prompt="choose"]')).toBeVisible();
  await expect(page.locator('[data-notice="info"]')).toHaveText('已撤销。');
  await page.locator('[data-choice="tiger"]').click();
  await expect(page.locator('[data-prompt="main"]')).toBeVisible();
  await expect(page.locator('[data-tray="0"] [data-zodiac]')).toHaveAttribute('data-zodiac', 'tiger');
  const botAnimal = await page.locator('[data-tray="1"] [data-zodiac]').getAttribute('data-zodiac');
  expect(botAnimal).not.toBe('tiger');

  // An illegal attempt is explained by the engine.
  await page.locator('[data-choice="end"][data-probe]').click();
  await expect(page.locator('[data-notice="error"]')).toHaveText('结束回合前必须先掷骰子一次。');

  // Roll: the die shows its face to everyone, so a player's undo is refused from now on.
  await page.locator('[data-choice="roll"][data-legal]').click();
  await expect(page.locator('[data-dice]')).not.toHaveAttribute('data-dice', '');
  await expect(page.locator('[data-undo]')).toBeDisabled();
  await expect(page.locator('[data-undo]')).toHaveAttribute('title', /揭示/);

  // Play until turn 8, then save.
  let over = false;
  for (let i = 0; i < 400 && !over; i++) {
    over = await nextDecision(page);
    if (over || Number(await page.locator('[data-turn-no]').getAttribute('data-turn-no')) >= 8) break;
    await decide(page);
  }
  expect(over).toBe(false);
  await page.locator('[data-save]').click();
  await expect(page.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();
  const saved = await snapshot(page);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'zodiac-table-2-saved.png') });

  // Reload the page: the table starts over at the new-game screen; load the save from its list.
  await page.reload();
  await expect(page.locator('[data-game="zodiac-race"] [data-start]')).toBeVisible();
  const load = page.locator('.saves [data-save-id]').first().getByRole('button', { name: /^载入存档/ });
  await load.click();
  await expect(page.locator('[data-piece="1"]')).toBeVisible({ timeout: 60_000 });
  expect(await snapshot(page)).toBe(saved);

  // Play on to the end.
  await setBotPace(page, 0); // the bots at full speed
  for (let i = 0; i < 1500 && !over; i++) {
    over = await nextDecision(page);
    if (!over) await decide(page);
  }
  expect(over).toBe(true);
  const winners = await page.locator('[data-winners]').getAttribute('data-winners');
  expect(winners === '0' || winners === '1').toBe(true);
  const winner = Number(winners);
  await expect(page.locator(`[data-tray="${winner}"] [data-laps]`)).toHaveAttribute('data-laps', '3');
  await expect(page.locator('[data-standing]').first()).toHaveAttribute('data-standing', String(winner));
  const finalTrays = await page.locator('[data-tray] [data-laps]').evaluateAll((els) => els.map((e) => e.getAttribute('data-laps')));
  await page.screenshot({ path: join(SHOTS, 'zodiac-table-2-over.png') });

  // Replay from the first move: nothing chosen, pieces on the start; step on; jump to the end.
  await page.locator('[data-standings-replay]').click();
  await expect(page.locator('[data-replay-step]')).toHaveAttribute('data-replay-step', '0');
  await expect(page.locator('[data-piece="0"]')).toHaveAttribute('data-square', '0');
  await expect(page.locator('[data-piece="1"]')).toHaveAttribute('data-square', '0');
  await expect(page.locator('[data-dice]')).toHaveAttribute('data-dice', '');
  for (let i = 0; i < 4; i++) await page.locator('[data-replay-next]').click();
  await expect(page.locator('[data-replay-step]')).toHaveAttribute('data-replay-step', '4');
  // Step 3 is seat 1's first roll (choose, choose, roll…): the die shows it.
  await expect(page.locator('[data-dice]')).not.toHaveAttribute('data-dice', '');
  await page.getByRole('button', { name: '到最后' }).click();
  expect(await page.locator('[data-tray] [data-laps]').evaluateAll((els) => els.map((e) => e.getAttribute('data-laps')))).toEqual(finalTrays);
  await page.getByRole('button', { name: '回到牌桌' }).click();
  await expect(page.locator('[data-standings]')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a 4-player race with three bots, for the README', async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  await openZodiacTable(page);
  await seatUp(page, [null, 'heuristic', 'search', 'random']);
  await page.locator('[data-seed]').fill('readme-4');
  await page.locator('[data-start]').click();
  await setBotPace(page, 0); // the bots at full speed
  await expect(page.locator('[data-piece="3"]')).toBeVisible({ timeout: 60_000 });
  // Play as the person until turn 9, then stop at their next decision.
  for (let i = 0; i < 200; i++) {
    await nextDecision(page);
    if (Number(await page.locator('[data-turn-no]').getAttribute('data-turn-no')) >= 9 && (await page.locator('[data-choice="roll"][data-legal]').count())) break;
    await decide(page);
  }
  await expect(page.locator('[data-choice="roll"][data-legal]')).toBeVisible();
  await fontsReady(page);
  mkdirSync(README_SHOTS, { recursive: true });
  await page.screenshot({ path: join(README_SHOTS, 'zodiac-table.png') });
  expect(errors).toEqual([]);
});

test('two people share the screen: the curtain hands each decision to its player', async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  await openZodiacTable(page);
  await seatUp(page, [null, null]);
  await expect(page.getByText('多名玩家轮流使用同一台设备')).toBeVisible();
  await page.locator('[data-seed]').fill('zr-hotseat');
  await page.locator('[data-start]').click();
  for (const [seat, animal] of [
    [0, 'dragon'],
    [1, 'snake'],
  ] as const) {
    // Behind the curtain nothing can be decided; the named player lifts it and decides.
    await expect(page.locator(`[data-curtain="${seat}"]`)).toBeVisible();
    await expect(page.locator('.choices [data-legal]')).toHaveCount(0);
    await page.getByRole('button', { name: `我是座位 ${seat + 1}，轮到我了` }).click();
    await expect(page.locator('[data-curtain]')).toHaveCount(0);
    await page.locator(`[data-choice="${animal}"]`).click();
    await expect(page.locator(`[data-tray="${seat}"] [data-zodiac]`)).toHaveAttribute('data-zodiac', animal);
  }
  // Seat 1 plays first: the curtain waits for them again.
  await expect(page.locator('[data-curtain="0"]')).toBeVisible();
  await page.getByRole('button', { name: '我是座位 1，轮到我了' }).click();
  await expect(page.locator('[data-prompt="main"]')).toBeVisible();
  await page.locator('[data-choice="roll"][data-legal]').click();
  await expect(page.locator('[data-dice]')).not.toHaveAttribute('data-dice', '');

  // The same table in English: the toolbar, the trays, the prompt and the log.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('[data-turn-no]')).toHaveText('Round 1');
  await expect(page.locator('[data-tray="0"] [data-zodiac]')).toHaveText('Dragon');
  await expect(page.locator('[data-log-lines] li').first()).toHaveText(/Seat 1 chose the Dragon/);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'zodiac-table-en.png') });
  await page.getByRole('button', { name: 'New match', exact: true }).click();
  await expect(page.locator('[data-option="star_spacing"] [data-default]')).toHaveText('Rulebook default: Every 3rd square');
  await page.screenshot({ path: join(SHOTS, 'zodiac-new-game-en.png'), fullPage: true });
  expect(errors).toEqual([]);
});
