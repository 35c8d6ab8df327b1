import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { fontsReady, freshStart, setBotPace, watchErrors } from './page-helpers';
import { MATCH_FORMAT, MATCH_FORMAT_VERSION } from '../src/shared/engine/runner';
import { zodiacRace } from '../src/shared/games/zodiac-race/game';
import type { ZrMove, ZrState } from '../src/shared/games/zodiac-race/types';

/**
 * 生肖赛跑 explains itself at the table: the animal picker, the power buttons, the pieces, the
 * trays' tokens and statuses show the rule text of the project's zodiac cards (cards.csv, the
 * rows the cards and the rulebook print) when the pointer rests on them; a reference drawer lists
 * all twelve animals; the board shows the lap markers on its score track and each piece's status
 * marks; the bar counts rounds. The person plays seat 1 against one bot, takes the Rabbit and
 * declares its Pride (PROUD, three dice next turn), which the piece then wears.
 */

const SHOTS = join(__dirname, '..', 'test-results/screenshots');
const README_SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');

/** The built-in cards, as the project holds them. */
const cards = (() => {
  const [head, ...rows] = Papa.parse<string[]>(readFileSync(join(__dirname, '..', 'templates/zodiac-race/cards.csv'), 'utf8'), { skipEmptyLines: true }).data as string[][];
  return (id: string, col: string) => rows.find((r) => r[0] === id)![head!.indexOf(col)]!;
})();

async function openZodiacTable(page: Page): Promise<void> {
  await page.getByRole('link', { name: '打开 生肖赛跑', exact: true }).click();
  await page.getByRole('link', { name: '牌桌', exact: true }).click();
  await page.waitForURL(/#\/p\/zodiac-race\/table$/);
}

test('rule tips, the reference drawer, lap markers and status marks', async ({ page }) => {
  const errors = await watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await freshStart(page);
  await openZodiacTable(page);
  await page.getByRole('radio', { name: '2 人', exact: true }).check();
  await page.locator('[data-seat-kind="1-bot"]').click();
  await page.locator('[data-seed]').fill('zr-explain');
  await page.locator('[data-start]').click();
  await setBotPace(page, 0);
  await expect(page.locator('[data-piece="1"]')).toBeVisible({ timeout: 60_000 });
  await fontsReady(page);

  // The picker: resting on an animal shows its card's powers.
  await expect(page.locator('[data-prompt="choose"]')).toBeVisible();
  await page.locator('[data-choice="tiger"]').hover();
  const tip = page.locator('[data-rule-tip]');
  await expect(tip).toHaveAttribute('data-rule-tip', 'tiger');
  await expect(tip).toContainText('虎 · 咆哮');
  await expect(tip).toContainText(cards('TIGER', 'p1_zh'));
  await expect(tip).toContainText(cards('TIGER', 'p2_zh'));
  await expect(tip).toContainText('每回合一次');
  mkdirSync(README_SHOTS, { recursive: true });
  await page.screenshot({ path: join(README_SHOTS, 'zodiac-tips-picker.png') });

  // Take the Rabbit; its power button explains Pride, in English too.
  await page.locator('[data-choice="rabbit"]').click();
  await expect(page.locator('[data-prompt="main"]')).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await page.locator('[data-choice="power:RB"]').hover();
  await expect(tip).toHaveAttribute('data-rule-tip', 'power:RB');
  await expect(tip).toContainText(cards('RABBIT', 'p1_en'));
  await expect(tip).toContainText('Your turn · Once per turn · Cost: Free');
  await expect(tip).toContainText('a run: move double');
  // Focus shows it too (the keyboard's way).
  await page.mouse.move(5, 5);
  await expect(tip).toHaveCount(0);
  await page.locator('[data-choice="roll"]').focus();
  await page.keyboard.press('Shift+Tab');
  await page.locator('[data-choice="power:RB"]').focus();
  await expect(tip).toHaveAttribute('data-rule-tip', 'power:RB');
  await expect(page.locator('[data-choice="power:RB"]')).toHaveAttribute('aria-describedby', 'zr-rule-tip');

  // The round counter, and a lap marker per player on the score track at 0.
  await expect(page.locator('[data-turn-no]')).toHaveText('Round 1');
  await expect(page.locator('[data-lap-marker]')).toHaveCount(2);
  await expect(page.locator('[data-lap-marker="seat:0"]')).toHaveAttribute('data-points', '0');

  // Declare Pride: the piece wears PROUD and "three dice next turn", each mark explained.
  await page.locator('[data-choice="power:RB"]').click();
  await expect(page.locator('[data-piece="0"]')).toHaveAttribute('data-statuses', 'proud,rabbit');
  await expect(page.locator('[data-marks="0"] [data-status-mark]')).toHaveCount(2);
  await page.locator('[data-marks="0"] [data-status-mark="proud"]').hover();
  await expect(tip).toHaveAttribute('data-rule-tip', 'status:proud');
  await expect(tip).toContainText(cards('RABBIT', 'note_en'));
  // The tray's tag explains itself as well.
  await page.locator('[data-tray="0"] [data-status="proud"]').hover();
  await expect(tip).toHaveAttribute('data-rule-tip', 'status:proud');
  // The piece: its animal's powers under its statuses.
  await page.locator('[data-piece="0"]').hover();
  await expect(tip).toHaveAttribute('data-rule-tip', 'piece:0');
  await expect(tip).toContainText('Seat 1 · Rabbit · Pride');
  await page.screenshot({ path: join(README_SHOTS, 'zodiac-tips-piece.png') });

  // A token in a tray (after the turn ends and the bot rolls, seat 2 holds one).
  await page.locator('[data-choice="end"][data-legal]').click();
  await page.locator('[data-tray="1"] .tok').first().waitFor();
  await page.locator('[data-tray="1"] .tok').first().hover();
  await expect(tip).toHaveAttribute('data-rule-tip', /^token:[1-6]$/);
  await expect(tip).toContainText('1 and 4 are red');

  // The reference drawer: the twelve animals, the ones in play marked.
  await page.locator('[data-reference-open]').click();
  const drawer = page.locator('[data-reference]:popover-open');
  await expect(drawer.locator('[data-ref-zodiac]')).toHaveCount(12);
  await expect(drawer.locator('[data-ref-zodiac="dog"]')).toContainText(cards('DOG', 'p2_en'));
  await expect(drawer.locator('[data-ref-zodiac="rabbit"]')).toHaveClass(/in-play/);
  await page.screenshot({ path: join(README_SHOTS, 'zodiac-reference.png') });
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-reference]:popover-open')).toHaveCount(0);
  mkdirSync(SHOTS, { recursive: true });
  expect(errors).toEqual([]);
});

test('the pace popover paces the race by groups of actions, as the 斗福 table does', async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  await openZodiacTable(page);
  await page.getByRole('radio', { name: '3 人', exact: true }).check();
  for (const seat of [0, 1, 2]) await page.locator(`[data-seat-kind="${seat}-bot"]`).click();
  await page.locator('[data-seed]').fill('zr-pace');
  await page.locator('[data-start]').click();
  await page.getByRole('button', { name: 'English' }).click();
  await page.locator('[data-pace-open]').click();
  const pop = page.locator('[data-pace-pop]:popover-open');
  await expect(pop.locator('[data-pace-kind]')).toHaveCount(5);
  await expect(pop).toContainText('Pieces walking');
  await expect(pop).toContainText('Small choices');
  await pop.locator('[data-pace-kind="walk"] label', { hasText: 'Skip animation' }).click();
  expect(await page.evaluate(`localStorage.getItem('fuqi.table.pace.zodiac-race')`)).toBe('{"walk":"skip"}');
  await expect(page.locator('[data-pace-open] .dot')).toBeVisible();
  await pop.getByRole('button', { name: 'All back to normal' }).click();
  expect(await page.evaluate(`localStorage.getItem('fuqi.table.pace.zodiac-race')`)).toBe('{}');
  await page.keyboard.press('Escape');
  // The bots play at the default pace: the turn passes round.
  await expect(page.locator('[data-round="2"]')).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-pause]').click();
  expect(errors).toEqual([]);
});

/**
 * A 2-player race where seat 1 (the Tiger) may Roar with tokens summing to 12 in several ways:
 * both seats only roll, end and take the first answer until then. Saved where the app finds saves.
 */
function tigerWithChoices(): string {
  const seed = 'zr-pay';
  let s: ZrState = zodiacRace.setup({ seed, players: 2, options: zodiacRace.defaultOptions });
  const moves: ZrMove[] = [];
  const play = (m: ZrMove) => {
    const r = zodiacRace.apply(s, m);
    if (!r.ok) throw new Error(r.message.en);
    s = r.state;
    moves.push(m);
  };
  play({ type: 'choose', seat: 0, zodiac: 'tiger' });
  play({ type: 'choose', seat: 1, zodiac: 'rooster' });
  for (let i = 0; i < 4000; i++) {
    const seat = zodiacRace.status(s).toAct[0]!;
    const legal = zodiacRace.legalMoves(s, seat);
    const t2 = legal.filter((m) => m.type === 'power' && m.power === 'T2' && m.target === 1);
    if (seat === 0 && s.stack.length === 0 && t2.length >= 3) {
      const id = 'zr-tiger-pay';
      const dir = join(process.env.FUQI_E2E_EXPORT_DIR!, 'saves');
      mkdirSync(dir, { recursive: true });
      const file = { format: MATCH_FORMAT, formatVersion: MATCH_FORMAT_VERSION, game: 'zodiac-race', rulesVersion: zodiacRace.rulesVersion, options: zodiacRace.defaultOptions, seed, players: 2, moves, table: { seats: [{ kind: 'human' }, { kind: 'bot', level: 'heuristic' }] } };
      writeFileSync(join(dir, `${id}.fuqi.json`), JSON.stringify(file));
      return id;
    }
    const pick = legal.find((m) => m.type === 'roll') ?? legal.find((m) => m.type === 'end') ?? legal.find((m) => m.type === 'go' || m.type === 'pass' || m.type === 'skipBonus') ?? legal.find((m) => m.type === 'discard' && m.v !== 6) ?? legal[0]!;
    play(pick);
  }
  throw new Error('no position with a choice of sum-12 payments');
}

test('paying the sum-12 Roar: the tokens as chips, the cheapest picked first, any legal pick paid', async ({ page }) => {
  const errors = await watchErrors(page);
  const id = tigerWithChoices();
  await page.setViewportSize({ width: 1440, height: 900 });
  await freshStart(page);
  await openZodiacTable(page);
  await page.locator(`[data-save-id="${id}"] button`).first().click();
  await expect(page.locator('[data-prompt="main"]')).toBeVisible({ timeout: 60_000 });
  await page.locator('[data-choice="power:T2"]').click();
  await page.locator('[data-piece="1"][data-legal]').click();
  const picker = page.locator('[data-pay-picker]');
  await expect(picker).toBeVisible();
  await expect(picker.locator('[data-pay-suggested]')).toBeVisible();
  const picked = await picker.locator('[data-pay-token][data-picked]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-pay-token'))));
  expect(picked.reduce((a, b) => a + b, 0)).toBe(12);
  await page.mouse.move(1300, 880);
  await expect(page.locator('[data-rule-tip]')).toHaveCount(0);
  await page.screenshot({ path: join(README_SHOTS, 'zodiac-pay.png') });
  // Unpick one: not a payment any more, said so; back to the cheapest; pay.
  await picker.locator('[data-pay-token][data-picked]').first().click();
  await expect(picker.locator('[data-pay-invalid]')).toBeDisabled();
  await expect(picker.locator('.why')).toBeVisible();
  await picker.locator('[data-pay-suggest]').click();
  await expect(picker.locator('[data-pay-suggested]')).toBeVisible();
  const before = await page.locator('[data-tray="0"] [data-tokens]').getAttribute('data-tokens');
  await picker.locator('[data-legal]').click();
  await expect(page.locator('[data-tray="0"] [data-tokens]')).not.toHaveAttribute('data-tokens', before!);
  await expect(page.locator('[data-tray="1"] [data-status="roared"]')).toBeVisible();
  const left = (await page.locator('[data-tray="0"] [data-tokens]').getAttribute('data-tokens'))!.split(',').map(Number);
  const had = before!.split(',').map(Number);
  expect(had.map((n, i) => n - left[i]!).reduce((a, n, i) => a + n * (i + 1), 0)).toBe(12);
  expect(errors).toEqual([]);
});
