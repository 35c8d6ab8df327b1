import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { call, fontsReady, freshStart, watchErrors } from './page-helpers';

/**
 * Any project a user makes is playable: a blank project with twelve cards typed in the grid, then
 * its Table tab — the sandbox table, three seats passed round one screen. Shuffle, deal, draw,
 * play to the shared area by dragging, flip, roll, count, undo, save, reload, load, replay, note
 * and export; and at every hand-over the other seats' hand cards are nowhere in the page.
 */
const cell = (page: Page, row: number, col: number) =>
  page.getByRole('grid').locator(`[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`);

const BEASTS = ['鼠 Rat', '牛 Ox', '虎 Tiger', '兔 Rabbit', '龙 Dragon', '蛇 Snake', '马 Horse', '羊 Goat', '猴 Monkey', '鸡 Rooster', '狗 Dog', '猪 Pig'];
const TYPED = BEASTS.map((name, i) => [`b${String(i + 1).padStart(2, '0')}`, '1', name, `第 ${i + 1} 张。Card ${i + 1}.`]);

/** The card ids and names a seat's hand shows while that seat is at the screen. */
async function handOf(page: Page, seat: number): Promise<string[]> {
  return page.locator(`[data-zone="hand@${seat}"] [data-card]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? ''));
}

/** None of `ids` (nor their names) is anywhere in the page: not in the DOM's attributes, not in its text. */
async function absent(page: Page, ids: readonly string[], why: string): Promise<void> {
  const html = await page.content();
  const text = await page.locator('body').innerText();
  // card-1 is the one card with two copies: its id may show for the other copy.
  for (const id of ids.filter((x) => x !== 'card-1')) {
    expect(html.includes(`"${id}"`), `${why}: card ${id} is in the page`).toBe(false);
    const name = BEASTS[Number(id.slice(1)) - 1];
    if (name) expect(text.includes(name), `${why}: ${name} is in the page's text`).toBe(false);
  }
}

async function lift(page: Page, seat: number): Promise<void> {
  const curtain = page.locator('[data-curtain]');
  await expect(curtain).toHaveAttribute('data-curtain', String(seat));
  await curtain.getByRole('button').first().click();
  await expect(page.locator('[data-game="sandbox"]')).toHaveAttribute('data-shown-seat', String(seat));
}

for (const size of [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
]) {
  test(`a user's own cards at the sandbox table, three seats on one screen, at ${size.width}×${size.height}`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    const errors = await watchErrors(page);
    await freshStart(page);
    const shot = (name: string) => page.screenshot({ path: `docs/screenshots/sandbox-${name}-${size.width}.png` });

    // Home → a blank project, twelve cards typed in the grid.
    await page.getByRole('button', { name: '新建项目' }).first().click();
    const dialog = page.getByRole('dialog', { name: '新建项目' });
    await dialog.getByLabel('中文名').fill(`十二生肖 ${size.width}`);
    await dialog.getByLabel('英文名').fill(`Twelve Beasts ${size.width}`);
    await dialog.getByRole('button', { name: '创建' }).click();
    await page.waitForURL(/#\/p\/[^/]+\/data$/);
    await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'saved');
    for (const [i, row] of TYPED.entries()) {
      await page.getByRole('button', { name: '添加行' }).click();
      await cell(page, 3 + i, 0).click();
      for (const [c, value] of row.entries()) {
        await page.keyboard.type(value);
        await page.keyboard.press(c < row.length - 1 ? 'Tab' : 'Enter');
      }
      await expect(cell(page, 3 + i, 2)).toHaveText(row[2]!);
    }
    await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'saved');

    // → Table: the sandbox's new-game page with the default table (no table.json yet).
    await page.getByRole('link', { name: '牌桌', exact: true }).click();
    await expect(page.locator('[data-game="sandbox"]')).toBeVisible();
    await expect(page.locator('[data-table-file="default"]')).toBeVisible();
    await expect(page.locator('[data-start-cards]')).toHaveAttribute('data-start-cards', '16');
    await page.getByRole('radio', { name: '3', exact: true }).click();
    await fontsReady(page);
    await shot('newgame');
    await page.locator('[data-start]').click();

    // Seat 1 takes the screen: shuffle, deal 5 each, draw one.
    await lift(page, 0);
    const deck = page.locator('[data-zone-box="deck"]');
    await expect(deck.locator('[data-count]')).toHaveAttribute('data-count', '16');
    await deck.locator('[data-act="shuffle"]').click();
    await deck.locator('[data-n="deck"]').fill('5');
    await deck.locator('[data-act="deal"]').click();
    await expect(deck.locator('[data-count]')).toHaveAttribute('data-count', '1');
    await deck.locator('[data-act="draw"]').click();
    await expect(page.locator('[data-zone="hand@0"] [data-card]')).toHaveCount(6);
    await expect(page.locator('[data-zone="hand@1"] [data-card]')).toHaveCount(5);
    // Another seat's hand is backs: no ids.
    await expect(page.locator('[data-zone="hand@1"] [data-card=""]')).toHaveCount(5);

    // Play two cards to the shared area: one dragged to a place, one picked up and put there.
    const shared = page.locator('[data-zone="table"]');
    const first = page.locator('[data-zone="hand@0"] [data-i]').first();
    const firstId = await first.getAttribute('data-card');
    const box = (await shared.boundingBox())!;
    const from = (await first.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + 60, { steps: 8 });
    await page.mouse.up();
    await expect(shared.locator(`[data-card="${firstId}"]`)).toBeVisible();
    await page.locator('[data-zone="hand@0"] [data-i]').first().click();
    await expect(page.locator('[data-selection="1"]')).toBeVisible();
    await page.locator('[data-zone-box="table"] [data-put="table"]').click();
    await expect(shared.locator('[data-i]')).toHaveCount(2);

    // Flip one face down (F), roll the die (Space), count a point.
    await shared.locator('[data-i]').first().click();
    await page.keyboard.press('f');
    await expect(shared.locator('[data-up="false"]')).toHaveCount(1);
    await expect(shared.locator('[data-card=""]')).toHaveCount(1);
    await page.keyboard.press(' ');
    await expect(page.locator('[data-die-face]').first()).not.toHaveAttribute('data-die-face', '');
    await page.locator('[data-counter-up="score@0"]').click();
    await page.locator('[data-counter-up="score@0"]').click();
    await expect(page.locator('[data-counter-value="score@0"]')).toHaveText('2');
    await fontsReady(page);
    await shot('play');

    // Undo the last point.
    await page.locator('[data-undo]').click();
    await expect(page.locator('[data-counter-value="score@0"]')).toHaveText('1');

    // A note, then the turn passes: the curtain hides everything, then seat 2 sees only its own hand.
    await page.locator('[data-note-input]').fill('发牌后牌堆只剩一张：每人发 4 张更好。');
    await page.locator('[data-note-add]').click();
    await expect(page.getByRole('region', { name: '记录' })).toContainText('发牌后牌堆只剩一张');
    const mine = await handOf(page, 0);
    expect(mine).toHaveLength(4);
    await page.locator('[data-pass]').click();
    await expect(page.locator('[data-curtain]')).toBeVisible();
    await absent(page, mine, 'behind the curtain');
    await shot('curtain');
    await lift(page, 1);
    await absent(page, mine, "seat 2 at the screen, seat 1's hand");
    const second = await handOf(page, 1);
    expect(second).toHaveLength(5);
    await expect(page.locator('[data-zone="hand@0"] [data-card=""]')).toHaveCount(4);
    await page.locator('[data-pass]').click();
    await lift(page, 2);
    await absent(page, [...mine, ...second], "seat 3 at the screen, the others' hands");
    await fontsReady(page);
    await shot('seat3');

    // Save, reload the page, load the save: the table and the note come back.
    await page.locator('[data-save]').click();
    await expect(page.locator('[data-save]')).toBeEnabled();
    const moves = await page.locator('[data-turn]').getAttribute('data-turn');
    await page.reload();
    // The reloaded window opens the new-game page (the match left is offered too); the save is loaded.
    await expect(page.locator('[data-game="sandbox"] [data-start]')).toBeVisible();
    await expect(page.locator('[data-current="left"]')).toBeVisible();
    await expect(page.locator('[data-save-id]')).toHaveCount(1);
    await page.locator('[data-save-id]').locator('button', { hasText: '载入' }).click();
    await lift(page, 2);
    await expect(page.locator('[data-turn]')).toHaveAttribute('data-turn', moves!);
    await expect(page.getByRole('region', { name: '记录' })).toContainText('发牌后牌堆只剩一张');
    await absent(page, [...mine, ...second], 'after loading, seat 3 at the screen');

    // Replay from the start, step through, and back to the table.
    await page.locator('[data-replay-open]').click();
    await expect(page.locator('[data-replay-step]')).toBeVisible();
    await page.locator('[data-replay-prev]').click();
    await page.locator('[data-replay-prev]').click();
    await absent(page, [...mine, ...second], "in the replay, the others' hands");
    await shot('replay');
    await page.locator('[data-replay-open]').click();

    // Another note, and the report: setup, the log with the notes, the final counters.
    await page.locator('[data-note-input]').fill('第二条笔记 second note');
    await page.locator('[data-note-add]').click();
    const [report] = await Promise.all([page.waitForEvent('download'), page.locator('[data-export="md"]').click()]);
    const md = readFileSync((await report.path())!, 'utf8');
    expect(md).toContain('# 试玩报告');
    expect(md).toContain('## 设置');
    expect(md).toContain('发牌后牌堆只剩一张');
    expect(md).toContain('第二条笔记 second note');
    expect(md).toMatch(/\| 座位 1 · 分数 \| 1 \|/);
    const [lines] = await Promise.all([page.waitForEvent('download'), page.locator('[data-export="jsonl"]').click()]);
    const rows = readFileSync((await lines.path())!, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string });
    expect(rows[0]!.type).toBe('setup');
    expect(rows.at(-1)!.type).toBe('end');
    expect(rows.filter((r) => r.type === 'note')).toHaveLength(2);
    expect(errors).toEqual([]);
  });
}

test("a project's own table.json: problems named, the rest opens, edited and saved beside the table; a piece moves; a card renamed in the grid is flagged", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const errors = await watchErrors(page);
  await freshStart(page);
  const made = await call<{ summary: { id: string; dir: string } }>(page, 'projects:create', { name: { zh: '棋盘试玩', en: 'Board playtest' }, card: { preset: 'poker' } });
  const { id, dir } = made.summary;
  mkdirSync(join(dir, 'art'), { recursive: true });
  copyFileSync('build/icon.png', join(dir, 'art', 'board.png'));
  const tableJson = JSON.stringify({
    format: 'fuqi-table',
    formatVersion: 1,
    seats: 1,
    zones: [
      { id: 'deck', kind: 'pile', face: 'down' },
      { id: 'hand', kind: 'hand', perSeat: true },
      { id: 'odd', kind: 'cupboard' },
    ],
    cards: [{ zone: 'deck' }, { zone: 'deck', where: { name: 'nothing like this' } }],
    board: { image: 'art/board.png', pieces: [{ id: 'red', color: '#C23B22', x: 0.1, y: 0.1 }] },
  });
  writeFileSync(join(dir, 'table.json'), tableJson);
  await page.goto(`/#/p/${encodeURIComponent(id)}/table`);
  const problems = page.locator('[data-problems]');
  await expect(problems).toContainText('zones[2]');
  await expect(problems).toContainText('kind');
  await expect(problems).toContainText('cards[1].where');
  await expect(page.locator('[data-table-file="project"]')).toBeVisible();
  // The editor beside it: a fix is checked as typed; the file changes only on Save.
  await page.locator('[data-setup-editor] summary').click();
  await page.locator('[data-setup-tab="text"]').click();
  const fixed = tableJson.replace('"cupboard"', '"area"');
  await page.locator('[data-setup-text]').fill(fixed);
  await expect(page.locator('[data-setup-problems]')).toHaveAttribute('data-setup-problems', '1');
  expect(readFileSync(join(dir, 'table.json'), 'utf8')).toBe(tableJson);
  await page.locator('[data-setup-save]').click();
  await expect(page.locator('[data-setup-message]')).toContainText('已保存');
  expect(readFileSync(join(dir, 'table.json'), 'utf8')).toBe(fixed);
  await expect(problems).toHaveAttribute('data-problems', '1');
  await page.getByRole('radio', { name: '1', exact: true }).click();
  await page.locator('[data-start]').click();
  await expect(page.locator('[data-zone-box="deck"] [data-count]')).toHaveAttribute('data-count', '4');
  const piece = page.locator('[data-piece="red"]');
  const area = (await page.locator('[data-board] .area').boundingBox())!;
  const from = (await piece.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width * 0.6, area.y + area.height * 0.5, { steps: 6 });
  await page.mouse.up();
  await expect(page.getByRole('region', { name: '记录' })).toContainText('移动了棋子');
  const left = Number(/left:\s*([\d.]+)%/.exec((await piece.getAttribute('style')) ?? '')?.[1]);
  expect(left).toBeGreaterThan(50);
  // Live data: the drawn card's id is changed in the grid; back at the table the card is still in
  // the hand, flagged as no longer in the data.
  await page.locator('[data-zone-box="deck"] [data-act="draw"]').click();
  const drawn = (await page.locator('[data-zone="hand@0"] [data-card]').first().getAttribute('data-card'))!;
  expect(drawn).toMatch(/^card-[123]$/);
  await page.getByRole('link', { name: '数据', exact: true }).click();
  const row = Number(drawn.slice(-1)) - 1;
  await cell(page, row, 0).click();
  await page.keyboard.type('renamed');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'saved');
  await page.getByRole('link', { name: '牌桌', exact: true }).click();
  await expect(page.locator('[data-zone="hand@0"] [data-missing]')).toHaveCount(1);
  await expect(page.locator('[data-zone="hand@0"] [data-missing]')).toHaveAttribute('data-card', drawn);

  // Nothing in the project was rewritten by opening or playing.
  expect(readFileSync(join(dir, 'table.json'), 'utf8')).toBe(fixed);
  expect(errors).toEqual([]);
});
