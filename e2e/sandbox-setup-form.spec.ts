import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { call, freshStart, watchErrors } from './page-helpers';

/**
 * The sandbox's setup editor as a form: a project with no table.json gets one built field by
 * field beside the table (a wrong value named on its field as it is typed, the set-up beside
 * following), a board piece and a button added there, nothing written until Save, after a reload
 * the form shows what was saved, and the table plays the button and moves the piece.
 */
test('a table set up through the form: checked per field, saved, read back after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const errors = await watchErrors(page);
  await freshStart(page);
  const made = await call<{ summary: { id: string; dir: string } }>(page, 'projects:create', { name: { zh: '表单牌桌', en: 'Form table' }, card: { preset: 'poker' } });
  const { id, dir } = made.summary;
  mkdirSync(join(dir, 'art'), { recursive: true });
  copyFileSync('build/icon.png', join(dir, 'art', 'board.png'));
  const file = join(dir, 'table.json');
  await page.goto(`/#/p/${encodeURIComponent(id)}/table`);
  await expect(page.locator('[data-table-file="default"]')).toBeVisible();
  await page.locator('[data-setup-editor] summary').click();
  const form = page.locator('[data-setup-form]');
  await expect(form).toBeVisible();
  const f = (name: string) => form.locator(`[data-f="${name}"]`);

  // Seats: a number out of range is named on the field, in the page's language.
  await f('seats').fill('9');
  await expect(form.locator('[data-field-problem="seats"]')).toContainText('1–8');
  await f('seats').fill('3');
  await expect(form.locator('[data-field-problem="seats"]')).toHaveCount(0);

  // Zones: an id with a space is refused on that zone; the shared table becomes a 4-column grid;
  // a new shared area of rewards, face up.
  await f('zones.1.id').fill('bad id');
  await expect(form.locator('[data-form-zone="1"] [data-field-problem]')).toContainText('zones[1]');
  await f('zones.1.id').fill('trash');
  await expect(form.locator('[data-form-zone="1"] [data-field-problem]')).toHaveCount(0);
  await f('zones.4.layout').selectOption('grid');
  await f('zones.4.columns').fill('4');
  await form.locator('[data-add="zones"]').click();
  await f('zones.5.kind').selectOption('area');
  await f('zones.5.id').fill('rewards');
  await f('zones.5.name.zh').fill('奖励');
  await f('zones.5.name.en').fill('Rewards');
  await f('zones.5.face').selectOption('up');

  // Cards: the deck takes the cards named by a column's value, two copies each.
  await f('cards.0.where.column').selectOption('name');
  await f('cards.0.where.value').selectOption({ index: 0 });
  await f('cards.0.count').selectOption('#');
  await f('cards.0.fixed').fill('2');
  await expect(page.locator('[data-start-cards]')).toHaveAttribute('data-start-cards', '2');
  // A fixed count over the limit is named on the rule.
  await f('cards.0.fixed').fill('5000');
  await expect(form.locator('[data-form-rule="0"] [data-field-problem]')).toContainText('1000');
  await f('cards.0.fixed').fill('2');

  // A shared counter starting at 10, a die of three words, the board image, a deal-3 button.
  await form.locator('[data-add="counters"]').click();
  await f('counters.1.name.zh').fill('金币');
  await f('counters.1.name.en').fill('Coins');
  await f('counters.1.perSeat').uncheck();
  await f('counters.1.start').fill('10');
  await form.locator('[data-add="dice"]').click();
  await f('dice.1.mode').selectOption('list');
  await f('dice.1.faces').fill('金, 木, 水');
  await f('dice.1.faces').press('Tab');
  await f('board.image').selectOption('art/board.png');
  await f('buttons.0.actions.1.count').fill('3');

  // A piece on the board: named, placed by typing, then dragged on the preview.
  await form.locator('[data-add="board.pieces"]').click();
  await f('board.pieces.0.id').fill('hero');
  await f('board.pieces.0.name.zh').fill('英雄');
  await f('board.pieces.0.name.en').fill('Hero');
  await f('board.pieces.0.x').fill('20');
  await f('board.pieces.0.y').fill('30');
  const preview = (await form.locator('[data-piece-preview]').boundingBox())!;
  const dot = (await form.locator('[data-preview-piece="0"]').boundingBox())!;
  expect(dot.x + dot.width / 2 - preview.x).toBeCloseTo(preview.width * 0.2, -1);
  await page.mouse.move(dot.x + dot.width / 2, dot.y + dot.height / 2);
  await page.mouse.down();
  await page.mouse.move(preview.x + preview.width * 0.8, preview.y + preview.height * 0.3, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Number(await f('board.pieces.0.x').inputValue())).toBeGreaterThan(70);

  // A second button, "Draw 2": its first step turned into a draw of 2 (a count of 0 is named on
  // the step, in Chinese), its deal removed, then a shuffle added and moved before the draw.
  await form.locator('[data-add="buttons"]').click();
  await f('buttons.1.id').fill('draw2');
  await f('buttons.1.label.zh').fill('摸两张');
  await f('buttons.1.label.en').fill('Draw 2');
  await form.locator('[data-remove="buttons.1.actions.1"]').click();
  await f('buttons.1.actions.0.do').selectOption('draw');
  await f('buttons.1.actions.0.count').fill('0');
  await expect(form.locator('[data-form-button="1"] [data-field-problem="buttons[1].actions[0]"]')).toContainText('至少');
  await f('buttons.1.actions.0.count').fill('2');
  await expect(form.locator('[data-form-button="1"] [data-field-problem]')).toHaveCount(0);
  await form.locator('[data-add="buttons.1.actions"]').click();
  await f('buttons.1.actions.1.do').selectOption('shuffle');
  await form.locator('[data-up="buttons.1.actions.1"]').click();
  await expect(f('buttons.1.actions.0.do')).toHaveValue('shuffle');
  // A set-up step: gather the hands back into the deck, first.
  await form.locator('[data-add="setup"]').click();
  await f('setup.1.do').selectOption('gather');
  await form.locator('[data-up="setup.1"]').click();

  // The set-up beside follows; nothing is in the project yet.
  await expect(page.locator('.newgame dl')).toContainText('奖励');
  await expect(page.locator('.newgame dl')).toContainText('金币');
  expect(existsSync(file)).toBe(false);

  await page.locator('[data-setup-save]').click();
  await expect(page.locator('[data-setup-message]')).toContainText('已保存');
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  expect(saved.seats).toBe(3);
  expect(saved.zones).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ id: 'trash', kind: 'pile' }),
      expect.objectContaining({ id: 'table', layout: 'grid', columns: 4 }),
      expect.objectContaining({ id: 'rewards', kind: 'area', name: { zh: '奖励', en: 'Rewards' }, face: 'up' }),
    ]),
  );
  expect((saved.cards as { count: unknown; where: Record<string, string> }[])[0]).toMatchObject({ zone: 'deck', count: 2 });
  expect(saved.counters).toEqual(expect.arrayContaining([expect.objectContaining({ name: { zh: '金币', en: 'Coins' }, perSeat: false, start: 10 })]));
  expect(saved.dice).toEqual(expect.arrayContaining([expect.objectContaining({ faces: ['金', '木', '水'] })]));
  expect(saved.board).toEqual({ image: 'art/board.png', pieces: [expect.objectContaining({ id: 'hero', name: { zh: '英雄', en: 'Hero' }, y: 0.3 })] });
  expect((saved.board as { pieces: { x: number }[] }).pieces[0]!.x).toBeGreaterThan(0.7);
  const savedButtons = saved.buttons as { id: string; label: unknown; actions: unknown[] }[];
  expect(savedButtons[0]!.actions.at(-1)).toMatchObject({ do: 'deal', count: 3 });
  expect(savedButtons[1]).toEqual({ id: 'draw2', label: { zh: '摸两张', en: 'Draw 2' }, actions: [{ do: 'shuffle', zone: 'deck' }, { do: 'draw', from: 'deck', count: 2 }] });
  expect(saved.setup).toEqual([{ do: 'gather', from: 'hand', to: 'deck' }, { do: 'shuffle', zone: 'deck' }]);

  await page.screenshot({ path: test.info().outputPath('setup-form.png'), fullPage: true });

  // Read back: the form shows the saved table; the advanced tab holds the same text.
  await page.reload();
  await expect(page.locator('[data-table-file="project"]')).toBeVisible();
  await page.locator('[data-setup-editor] summary').click();
  await expect(f('seats')).toHaveValue('3');
  await expect(f('zones.5.name.zh')).toHaveValue('奖励');
  await expect(f('zones.4.columns')).toHaveValue('4');
  await expect(f('dice.1.faces')).toHaveValue('金, 木, 水');
  await expect(f('board.image')).toHaveValue('art/board.png');
  await expect(f('board.pieces.0.name.en')).toHaveValue('Hero');
  await expect(f('buttons.1.actions.1.do')).toHaveValue('draw');
  await expect(f('buttons.1.actions.1.count')).toHaveValue('2');
  await expect(f('setup.0.do')).toHaveValue('gather');
  await page.locator('[data-setup-tab="text"]').click();
  await expect(page.locator('[data-setup-text]')).toHaveValue(readFileSync(file, 'utf8'));

  // And the table opens as set up: three seats, the grid, the rewards area, the coins.
  await page.locator('[data-start]').click();
  await expect(page.locator('[data-zone-box="rewards"]')).toBeVisible();
  await expect(page.locator('[data-zone="table"]')).toHaveAttribute('data-layout', 'grid');
  const curtain = page.locator('[data-curtain]');
  if (await curtain.isVisible()) await curtain.getByRole('button').first().click();

  // The button from the form: the two deck cards go to seat 1's hand, and the log says so.
  const log = page.getByRole('region', { name: '记录' });
  await page.locator('[data-button="draw2"]').click();
  await expect(page.locator('[data-zone="hand@0"] [data-card]')).toHaveCount(2);
  await expect(log).toContainText('按了“摸两张”');
  // The piece from the form starts where it was placed and moves on the board.
  const hero = page.locator('[data-piece="hero"]');
  const board = (await page.locator('[data-board] .area').boundingBox())!;
  const at = (await hero.boundingBox())!;
  expect(at.x + at.width / 2 - board.x).toBeGreaterThan(board.width * 0.7);
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.mouse.down();
  await page.mouse.move(board.x + board.width * 0.1, board.y + board.height * 0.8, { steps: 6 });
  await page.mouse.up();
  await expect(log).toContainText('移动了棋子英雄');
  const left = Number(/left:\s*([\d.]+)%/.exec((await hero.getAttribute('style')) ?? '')?.[1]);
  expect(left).toBeLessThan(20);
  await page.screenshot({ path: test.info().outputPath('setup-form-table.png'), fullPage: true });

  // In English: the board, the buttons and the set-up steps say the same in the other language.
  await page.getByRole('group', { name: '界面语言' }).getByRole('button', { name: 'English' }).click();
  await page.reload();
  await page.locator('[data-setup-editor] summary').click();
  await expect(form.locator('[data-form-board]')).toContainText('Pieces');
  await expect(f('buttons.1.actions.1.do').locator('option:checked')).toHaveText('Draw (who presses)');
  await expect(form.locator('[data-form-setup]')).toContainText('Run in order when a playtest starts');
  for (const part of ['board', 'setup']) await form.locator(`[data-form-${part}]`).screenshot({ path: test.info().outputPath(`setup-form-${part}-en.png`) });
  await form.locator('[data-form-button="1"]').screenshot({ path: test.info().outputPath('setup-form-button-en.png') });
  expect(errors).toEqual([]);
});
