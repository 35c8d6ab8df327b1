import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freshStart, setBotPace, watchErrors } from './page-helpers';

/**
 * The issue's "done when" for 生肖赛跑, end to end in chromium, as a person would do it: from the
 * home page, open the game's table, start a 4-player race with three bots on the new-game screen,
 * play the person's seat through the prompts (the animal, rolls, stops on stars, transforms with
 * their payment, powers with a target picked by clicking the lit piece on the board, the questions
 * other players' moves raise) with the bots at full speed, reach a winner and the standings; undo
 * (a player's undo is refused past the die, so with designer undo), save, reload the page, load
 * the save, play the race out again to the same winner (the same seed and the same decisions give
 * the same race), and replay it from the first move. A second test sets up a team race on the new
 * screen and reads the winning team off the standings; a third plays the quick race (24 squares)
 * and checks the numbers the board shows against the engine's squares.
 *
 * The race is to 3 lap points (a rule option on the new-game screen) to keep the suite short:
 * `ZR_FULL=1` plays the rulebook's race to 10, about three times as long (about a minute of the
 * software-rendered browser on the build machine). Any console error or CSP violation fails the
 * test.
 */

const SHOTS = join(__dirname, '..', 'test-results/screenshots');

/** From the home page, open 生肖赛跑's table through the navigation. */
async function openZodiacTable(page: Page): Promise<void> {
  await page.getByRole('link', { name: '打开 生肖赛跑', exact: true }).click();
  await page.getByRole('link', { name: '牌桌', exact: true }).click();
  await page.waitForURL(/#\/p\/zodiac-race\/table$/);
}

/** Seats on the new-game screen: `bots[i]` is seat i's bot level, or null for a person. */
async function seatUp(page: Page, bots: (string | null)[]): Promise<void> {
  await page.getByRole('radio', { name: `${bots.length} 人`, exact: true }).check();
  for (const [seat, level] of bots.entries()) {
    await page.locator(`[data-seat-kind="${seat}-${level ? 'bot' : 'human'}"]`).click();
    if (level) await page.locator(`[data-seat-level="${seat}"]`).selectOption(level);
  }
}

/** A rule option's number field, as a person types it. */
async function setNumber(page: Page, key: string, value: number): Promise<void> {
  await page.locator(`#zr-opt-${key}`).fill(String(value));
  await page.locator(`#zr-opt-${key}`).dispatchEvent('change');
  await expect(page.locator(`[data-option="${key}"]`)).toHaveClass(/changed/);
}


/** Wait for the person's next decision or the standings; true when the race is over. */
async function nextDecision(page: Page): Promise<boolean> {
  await page.locator('.choices [data-legal], [data-standings]').first().waitFor({ state: 'visible', timeout: 30_000 });
  return (await page.locator('[data-standings]').count()) > 0;
}

/** What the person did over a race. */
interface Played {
  decisions: number;
  kinds: Set<string>;
  transforms: number;
  powers: string[];
  piecesClicked: number;
  /** The turn of the last transform and of the last power (once a turn each, as a player would). */
  transformedOn: number;
  powerOn: number;
  /** A swap or steal under way (its first pick made). */
  picking: string;
  /** The person's own turns so far (the table numbers every player's turn). */
  myTurns: number;
  lastTurn: number;
}

const played = (): Played => ({ decisions: 0, kinds: new Set(), transforms: 0, powers: [], piecesClicked: 0, transformedOn: -1, powerOn: -1, picking: '', myTurns: 0, lastTurn: -1 });

/**
 * One decision, as a person plays: a lit piece on the board is picked by clicking it; on their
 * turn they transform when they are offered one (once a turn, the animals in turn), use a power
 * when one is offered (every other turn), roll, and end the turn; any other question gets its first
 * answer.
 */
async function decide(page: Page, p: Played): Promise<void> {
  const kind = (await page.locator('[data-prompt]').getAttribute('data-prompt')) ?? '';
  p.kinds.add(kind);
  p.decisions++;
  // An Ox's swap and a Monkey's steal take one pick, then "done" (a person does not swap a
  // token back and forth).
  if ((kind === 'swap' || kind === 'steal') && p.picking === kind) {
    p.picking = '';
    return page.locator('[data-choice="done"][data-legal]').click();
  }
  if (kind === 'swap' || kind === 'steal') p.picking = kind;
  const lit = page.locator('[data-piece][data-legal]');
  if (await lit.count()) {
    await lit.first().click();
    p.piecesClicked++;
    return;
  }
  const legal = page.locator('.choices [data-legal]');
  if (kind === 'main' && !(await page.locator('[data-back]').count())) {
    const turn = Number(await page.locator('[data-turn-no]').getAttribute('data-turn-no'));
    if (turn !== p.lastTurn) {
      p.lastTurn = turn;
      p.myTurns++;
    }
    const transform = page.locator('[data-choice="transform"][data-legal]');
    if (p.transformedOn !== turn && (await transform.count())) {
      p.transformedOn = turn;
      await transform.click();
      // The animals in turn, so the race sees several; then the payment, if there is a choice.
      const animals = page.locator('.choices [data-legal]');
      await animals.nth(p.transforms++ % (await animals.count())).click();
      return;
    }
    const power = page.locator('.choices [data-choice^="power:"][data-legal]');
    // A power every other turn (a person also rolls for the lead).
    if (p.powerOn !== turn && p.myTurns % 2 === 1 && (await power.count())) {
      p.powerOn = turn;
      p.powers.push((await power.first().getAttribute('data-choice'))!.slice(6));
      await power.first().click();
      return;
    }
    const roll = page.locator('[data-choice="roll"][data-legal]');
    if (await roll.count()) return roll.click();
    const end = page.locator('[data-choice="end"][data-legal]');
    if (await end.count()) return end.click();
  }
  await legal.first().click();
}

/** Play the person's decisions until the standings show. */
async function playToEnd(page: Page, p: Played): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    if (await nextDecision(page)) return;
    await decide(page, p);
  }
  throw new Error('the race did not end in 3,000 decisions');
}

/** What must come back after a reload: the turn, every tray, every piece's square, the log's length, the decision. */
async function snapshot(page: Page): Promise<string> {
  return (await page.evaluate(`(() => JSON.stringify({
    turn: document.querySelector('[data-turn-no]')?.getAttribute('data-turn-no'),
    trays: [...document.querySelectorAll('[data-tray]')].map((t) => [t.querySelector('[data-zodiac]')?.getAttribute('data-zodiac'), t.querySelector('[data-laps]')?.getAttribute('data-laps'), t.querySelector('[data-tokens]')?.getAttribute('data-tokens')]),
    squares: [...document.querySelectorAll('[data-piece]')].map((p) => p.getAttribute('data-piece') + '@' + p.getAttribute('data-square')).sort(),
    dice: document.querySelector('[data-dice]')?.getAttribute('data-dice'),
    log: document.querySelector('[data-log-lines]')?.getAttribute('data-log-lines'),
    decision: document.querySelector('[data-decision]')?.getAttribute('data-decision'),
    prompt: document.querySelector('[data-prompt]')?.getAttribute('data-prompt'),
  }))()`)) as string;
}

/** The final lap points of every tray. */
const laps = (page: Page) => page.locator('[data-tray] [data-laps]').evaluateAll((els) => els.map((e) => e.getAttribute('data-laps')));

test('a 4-player race with three bots from the new-game screen: played to a winner, undone, saved, reloaded, loaded and replayed', async ({ page }) => {
  // ~30 s alone; over a minute beside the unit suite on the 2-core machine (a race played twice).
  test.setTimeout(process.env.ZR_FULL ? 600_000 : 240_000);
  const errors = await watchErrors(page);
  mkdirSync(SHOTS, { recursive: true });
  await freshStart(page);
  await openZodiacTable(page);
  await seatUp(page, [null, 'heuristic', 'search', 'random']);
  if (!process.env.ZR_FULL) await setNumber(page, 'target_points', 3);
  await page.locator('[data-seed]').fill('done-when-4');
  await page.locator('[data-start]').click();
  await setBotPace(page, 0); // the bots at full speed
  await expect(page.locator('[data-piece="3"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-tray]')).toHaveCount(4);
  await expect(page.locator('[data-tray="1"]')).toContainText('机器人');

  // The person chooses an animal; a click on a piece before the roll explains how pieces move.
  const p = played();
  await expect(page.locator('[data-prompt="choose"]')).toBeVisible();
  await decide(page, p);
  await nextDecision(page);
  await expect(page.locator('[data-prompt="main"]')).toBeVisible();
  await page.locator('[data-piece="0"]').click();
  await expect(page.locator('[data-notice="info"]')).toHaveText('棋子不用手移动：点“掷骰”，它按骰子点数前进。');
  await page.locator('[data-piece="2"]').click();
  await expect(page.locator('[data-notice="info"]')).toHaveText('座位 3 的棋子在它自己的回合移动；要对它发动效果，先在右边选效果。');
  await page.screenshot({ path: join(SHOTS, 'zodiac-4p-start.png') });

  // Play on; keep a picture of the first power whose target is lit on the board.
  let litShot = false;
  for (let i = 0; i < 3000; i++) {
    if (await nextDecision(page)) break;
    // "Click a lit piece" is said exactly while a piece is lit (and the board is not a replay's).
    const [hint, lit] = (await page.evaluate(`[document.querySelectorAll('[data-hint="pick-piece"]').length, document.querySelectorAll('[data-piece][data-legal]').length]`)) as [number, number];
    expect(hint > 0, `the pick-a-piece hint with ${lit} lit pieces`).toBe(lit > 0);
    if (!litShot && lit) {
      litShot = true;
      await page.screenshot({ path: join(SHOTS, 'zodiac-4p-target.png') });
    }
    await decide(page, p);
  }
  await expect(page.locator('[data-standings]')).toBeVisible();
  const winners = (await page.locator('[data-winners]').getAttribute('data-winners'))!;
  expect(winners).toMatch(/^[0-3]$/);
  await expect(page.locator(`[data-tray="${winners}"] [data-laps]`)).toHaveAttribute('data-laps', process.env.ZR_FULL ? '10' : '3');
  await expect(page.locator('[data-standing]')).toHaveCount(4);
  await expect(page.locator('[data-standing]').first()).toHaveAttribute('data-standing', winners);
  await page.screenshot({ path: join(SHOTS, 'zodiac-4p-standings.png') });
  const finalLaps = await laps(page);
  // The person met the table's questions and used its controls, not just the roll button.
  expect([...p.kinds]).toEqual(expect.arrayContaining(['choose', 'main']));
  expect(p.transforms, 'transforms on a star').toBeGreaterThan(0);
  expect(p.powers.length, 'powers used').toBeGreaterThan(0);
  expect(p.piecesClicked, 'targets picked on the board').toBeGreaterThan(0);
  console.log(`person: ${p.decisions} decisions, prompts ${[...p.kinds].join(' ')}, ${p.transforms} transforms, powers ${p.powers.join(' ')}, ${p.piecesClicked} pieces clicked`);

  // Undo: the die showed everyone its face since the person's last decision, so a player cannot
  // go back; designer undo can, to just before the person's last decision.
  await expect(page.locator('[data-undo]')).toBeDisabled();
  await page.getByRole('checkbox', { name: '设计者撤销' }).check();
  await page.locator('[data-undo]').click();
  await expect(page.locator('[data-standings]')).toHaveCount(0);
  await expect(page.locator('[data-notice="info"]')).toHaveText('已撤销。');
  await expect(page.locator('.choices [data-legal]').first()).toBeVisible();
  await expect(page.locator('[data-winners]')).toHaveCount(0);
  await page.getByRole('checkbox', { name: '设计者撤销' }).uncheck();

  // Save, reload the page, load the save: the same table, at the same decision.
  await page.locator('[data-save]').click();
  await expect(page.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();
  const saved = await snapshot(page);
  await page.reload();
  await expect(page.locator('[data-game="zodiac-race"] [data-start]')).toBeVisible();
  await page.locator('.saves [data-save-id]').first().getByRole('button', { name: /^载入存档/ }).click();
  await expect(page.locator('[data-piece="3"]')).toBeVisible({ timeout: 60_000 });
  expect(await snapshot(page)).toBe(saved);

  // The same decisions from here give the same race: the same winner and points.
  await setBotPace(page, 0); // the bots at full speed
  await playToEnd(page, { ...played(), transformedOn: p.transformedOn, powerOn: p.powerOn, transforms: p.transforms, myTurns: p.myTurns - 1, lastTurn: -1 });
  await expect(page.locator('[data-winners]')).toHaveAttribute('data-winners', winners);
  expect(await laps(page)).toEqual(finalLaps);

  // Replay from the first move: nobody has chosen, every piece on the start; step on; to the end.
  await page.locator('[data-standings-replay]').click();
  await expect(page.locator('[data-replay-step]')).toHaveAttribute('data-replay-step', '0');
  for (let seat = 0; seat < 4; seat++) await expect(page.locator(`[data-piece="${seat}"]`)).toHaveAttribute('data-square', '0');
  await expect(page.locator('[data-dice]')).toHaveAttribute('data-dice', '');
  for (let i = 0; i < 6; i++) await page.locator('[data-replay-next]').click();
  await expect(page.locator('[data-replay-step]')).toHaveAttribute('data-replay-step', '6');
  // Four choices, then seat 1's first roll (and what it set off): the die shows it.
  await expect(page.locator('[data-dice]')).not.toHaveAttribute('data-dice', '');
  // A click on a piece during a replay says why nothing moves.
  await page.locator('[data-piece="1"]').click();
  await expect(page.locator('[data-notice="info"]')).toHaveText('回放中不能走棋：点“回到牌桌”继续比赛。');
  await page.getByRole('button', { name: '到最后' }).click();
  expect(await laps(page)).toEqual(finalLaps);
  await page.getByRole('button', { name: '回到牌桌' }).click();
  await expect(page.locator('[data-standings]')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a team race set up on the new-game screen: the standings name the winning team', async ({ page }) => {
  const errors = await watchErrors(page);
  mkdirSync(SHOTS, { recursive: true });
  await freshStart(page);
  await openZodiacTable(page);
  await seatUp(page, [null, 'heuristic', 'heuristic', 'random']);
  // 2 teams of 2: seats are teamed alternately (seats 1 and 3, seats 2 and 4).
  await page.getByRole('radio', { name: '2 队', exact: true }).check();
  await expect(page.locator('.seats .team')).toHaveText(['1 队', '2 队', '1 队', '2 队']);
  // Teams need 4 or 6 players: 3 players is refused, and start waits.
  await page.getByRole('radio', { name: '3 人', exact: true }).check();
  await expect(page.locator('[data-seat-problem]')).toContainText('2 队模式需要每队人数相同');
  await expect(page.locator('[data-start]')).toBeDisabled();
  await page.getByRole('radio', { name: '4 人', exact: true }).check();
  await expect(page.locator('[data-seat-problem]')).toHaveCount(0);
  await setNumber(page, 'target_points', 1);
  await page.locator('[data-seed]').fill('team-race');
  await page.locator('[data-start]').click();
  await setBotPace(page, 0); // the bots at full speed
  await expect(page.locator('[data-piece="3"]')).toBeVisible({ timeout: 60_000 });
  // A team needs team size × target + 1 points: 2 × 1 + 1.
  await expect(page.locator('.top')).toContainText('3');
  // The person's teammate may not take the animal the person shows (one zodiac set a team).
  await expect(page.locator('[data-prompt="choose"]')).toBeVisible();
  await page.locator('[data-choice="dragon"]').click();
  await nextDecision(page);
  await expect(page.locator('[data-tray="0"] [data-zodiac]')).toHaveAttribute('data-zodiac', 'dragon');
  await expect(page.locator('[data-tray="2"] [data-zodiac]')).not.toHaveAttribute('data-zodiac', 'dragon');

  await playToEnd(page, played());
  const won = await page.locator('[data-winning-team]').getAttribute('data-winning-team');
  expect(won === '0' || won === '1').toBe(true);
  const members = won === '0' ? [0, 2] : [1, 3];
  await expect(page.locator('[data-winners]')).toHaveAttribute('data-winners', members.join(','));
  await expect(page.locator('[data-winning-team]')).toHaveText(`${Number(won) + 1} 队获胜：座位 ${members[0]! + 1}、座位 ${members[1]! + 1}`);
  const teamLine = page.locator(`[data-team-total="${won}"]`);
  await expect(teamLine).toHaveClass(/winner/);
  const [, points] = /：(\d+) 分，目标 3 分$/.exec((await teamLine.textContent()) ?? '') ?? [];
  expect(Number(points)).toBeGreaterThanOrEqual(3);
  await expect(page.locator('[data-team-total]').nth(1)).toContainText(/：[0-2] 分，目标 3 分$/);
  // The winning team's seats top the seats' standings.
  expect(
    (await page.locator('[data-standing]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-standing')))))
      .slice(0, 2)
      .sort(),
  ).toEqual(members);
  await page.screenshot({ path: join(SHOTS, 'zodiac-team-standings.png') });

  // The same standings in English.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('[data-winning-team]')).toHaveText(`Team ${Number(won) + 1} wins: Seat ${members[0]! + 1}, Seat ${members[1]! + 1}`);
  await expect(teamLine).toContainText(/points of 3$/);
  expect(errors).toEqual([]);
});

test('the quick race on 24 squares: the board numbers each square as the engine does', async ({ page }) => {
  const errors = await watchErrors(page);
  mkdirSync(SHOTS, { recursive: true });
  await freshStart(page);
  await openZodiacTable(page);
  await seatUp(page, [null, 'heuristic']);
  await page.locator('#zr-opt-track_length').selectOption('24');
  await page.locator('[data-seed]').fill('quick-24');
  await page.locator('[data-start]').click();
  await setBotPace(page, 0); // the bots at full speed
  await expect(page.locator('[data-piece="1"]')).toBeVisible({ timeout: 60_000 });
  // 36 cells of art, 24 squares: every third cell is skipped (veiled), the rest renumbered.
  await expect(page.locator('[data-gap]')).toHaveCount(12);
  await expect(page.locator('[data-cell-number="3"]')).toHaveText('2');
  await expect(page.locator('[data-cell-number="34"]')).toHaveText('23');
  // The 8 stars of the quick race sit on squares 0, 3, …, 21.
  await expect(page.locator('[data-star]')).toHaveCount(8);
  // Play a few turns; each piece stands on the cell that shows its square's number.
  const p = played();
  for (let i = 0; i < 40; i++) {
    if (await nextDecision(page)) break;
    await decide(page, p);
  }
  // Each piece stands on the cell that shows its square's number (a cell is 26.6 mm of the 280 mm board).
  const board = (await page.locator('[data-board]').boundingBox())!;
  const cellPx = (board.width * 26.6) / 280;
  for (const seat of [0, 1]) {
    const piece = page.locator(`[data-piece="${seat}"]`);
    const sq = Number(await piece.getAttribute('data-square'));
    if (sq === 0) continue;
    const cell = Math.floor((sq * 36) / 24);
    // Squares 1 and 18–… keep the art's number where cell and square agree (only square 0 and 1 do).
    const label = page.locator(`[data-cell-number="${cell}"]`);
    if (cell === sq) continue;
    await expect(label).toHaveText(String(sq));
    const pb = (await piece.boundingBox())!;
    const lb = (await label.boundingBox())!;
    expect(Math.abs(pb.x + pb.width / 2 - (lb.x + lb.width / 2))).toBeLessThan(cellPx);
    expect(Math.abs(pb.y + pb.height / 2 - (lb.y + lb.height / 2))).toBeLessThan(cellPx);
  }
  await page.screenshot({ path: join(SHOTS, 'zodiac-quick-24.png') });
  expect(errors).toEqual([]);
});

test("a user's copy of 生肖赛跑 (and of 斗福) made on Home has a table, and plays like the original", async ({ page }) => {
  const errors = await watchErrors(page);
  await freshStart(page);
  await page.getByRole('region', { name: '内置游戏' }).getByRole('button', { name: '复制 生肖赛跑 来改' }).click();
  const dialog = page.getByRole('dialog', { name: '新建项目' });
  await dialog.getByLabel('中文名').fill('我的赛跑');
  await dialog.getByLabel('英文名').fill('My race');
  await dialog.getByRole('button', { name: '创建' }).click();
  await page.waitForURL(/#\/p\/u-[a-z0-9-]+\/(deck|data)$/);
  // Home offers Play on the copy, as on the built-in game.
  await page.getByRole('link', { name: '首页' }).click();
  await page.getByRole('region', { name: '我的项目' }).getByRole('link', { name: '开始游戏：我的赛跑' }).click();
  await page.waitForURL(/#\/p\/u-[a-z0-9-]+\/table$/);
  await expect(page.getByRole('link', { name: '牌桌', exact: true })).toHaveAttribute('aria-current', 'page');
  await seatUp(page, [null, 'random']);
  await page.locator('[data-seed]').fill('my-copy');
  await page.locator('[data-start]').click();
  await expect(page.locator('[data-piece="1"]')).toBeVisible({ timeout: 60_000 });
  await page.locator('[data-choice="monkey"]').click();
  await expect(page.locator('[data-tray="0"] [data-zodiac]')).toHaveAttribute('data-zodiac', 'monkey');
  await expect(page.locator('[data-prompt="main"]')).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-choice="roll"][data-legal]').click();
  await expect(page.locator('[data-dice]')).not.toHaveAttribute('data-dice', '');

  // A copy of 斗福 likewise: its Play button opens its own 斗福 table, which deals a hand.
  await page.getByRole('link', { name: '首页' }).click();
  await page.getByRole('region', { name: '内置游戏' }).getByRole('button', { name: '复制 斗福 来改' }).click();
  await dialog.getByLabel('中文名').fill('我的斗福变体');
  await dialog.getByLabel('英文名').fill('My Dou Fu');
  await dialog.getByRole('button', { name: '创建' }).click();
  await page.waitForURL(/#\/p\/u-[a-z0-9-]+\/(deck|data)$/);
  await page.getByRole('link', { name: '首页' }).click();
  await page.getByRole('region', { name: '我的项目' }).getByRole('link', { name: '开始游戏：我的斗福变体' }).click();
  await expect(page.getByRole('heading', { name: /新对局/ })).toBeVisible();
  await page.getByRole('radio', { name: '2 人' }).check();
  await page.locator('[data-seat-kind="0-human"]').click();
  await page.locator('[data-seat-kind="1-bot"]').click();
  await page.getByRole('button', { name: '开始对局' }).click();
  await expect(page.locator('[data-spot^="hand:"]').first()).toBeVisible({ timeout: 60_000 });
  expect(errors).toEqual([]);
});
