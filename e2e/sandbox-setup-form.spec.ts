import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { call, freshStart, watchErrors } from './page-helpers';

/**
 * The sandbox's setup editor as a form: a project with no table.json gets one built field by
 * field beside the table (a wrong value named on its field as it is typed, the set-up beside
 * following), nothing written until Save, and after a reload the form shows what was saved.
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
  await f('buttons.0.count').fill('3');

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
  expect(saved.board).toEqual({ image: 'art/board.png' });
  expect((saved.buttons as { actions: { do: string; count?: number }[] }[])[0]!.actions.at(-1)).toMatchObject({ do: 'deal', count: 3 });

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
  await page.locator('[data-setup-tab="text"]').click();
  await expect(page.locator('[data-setup-text]')).toHaveValue(readFileSync(file, 'utf8'));

  // And the table opens as set up: three seats, the grid, the rewards area, the coins.
  await page.locator('[data-start]').click();
  await expect(page.locator('[data-zone-box="rewards"]')).toBeVisible();
  await expect(page.locator('[data-zone="table"]')).toHaveAttribute('data-layout', 'grid');
  expect(errors).toEqual([]);
});
