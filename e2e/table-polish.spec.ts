import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { doufu, type DoufuMove } from '../src/shared/games/doufu';
import { Rng, seedRng } from '../src/shared/util/rng';
import { doufuMatchFile, fontsReady, freshStart, openDoufuTable, watchErrors } from './page-helpers';

const SAVES = join(process.env.FUQI_E2E_EXPORT_DIR!, 'saves');
const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');
const BOTS = [{ kind: 'human' as const }, { kind: 'bot' as const, level: 'random' }, { kind: 'bot' as const, level: 'random' }, { kind: 'bot' as const, level: 'random' }];

/** Seeded random play at a 4-player table until seat 0 is to take a turn with a used and a void skill in the score areas. */
function spentSkills(): { seed: string; moves: DoufuMove[] } {
  for (let g = 0; g < 500; g++) {
    const seed = `polish-${g}`;
    const r = new Rng(seedRng(seed));
    let s = doufu.setup({ seed, players: 4, options: doufu.defaultOptions });
    const moves: DoufuMove[] = [];
    for (let i = 0; i < 400 && s.step.k !== 'over'; i++) {
      const seat = doufu.status(s).toAct[0]!;
      const all = doufu.view(s, 0).areas.flat();
      if (seat === 0 && s.step.k === 'turn' && all.length >= 14 && all.some((c) => c.skill === 'used') && all.some((c) => c.skill === 'void')) return { seed, moves };
      const legal = doufu.legalMoves(s, seat).filter((m) => m.type !== 'declare');
      const move = r.pick(legal.length ? legal : doufu.legalMoves(s, seat));
      const res = doufu.apply(s, move);
      if (!res.ok) throw new Error(res.message.en);
      s = res.state;
      moves.push(move);
    }
  }
  throw new Error('no table with a used and a void skill in 500 seeded matches');
}

/** The computed font size (px) of every element matching `sel`. */
async function fontSizes(page: Page, sel: string): Promise<number[]> {
  return (await page.evaluate(`[...document.querySelectorAll(${JSON.stringify(sel)})].map((e) => parseFloat(getComputedStyle(e).fontSize))`)) as number[];
}

test('table polish: spent skills are labelled on readable chips; the rules button opens the rulebook at the decision', async ({ page }) => {
  mkdirSync(SAVES, { recursive: true });
  mkdirSync(SHOTS, { recursive: true });
  const errors = await watchErrors(page);
  const { seed, moves } = spentSkills();
  const id = 'doufu-polish-chips';
  writeFileSync(join(SAVES, `${id}.fuqi.json`), JSON.stringify(doufuMatchFile(seed, moves, BOTS)));
  await page.setViewportSize({ width: 1280, height: 720 });
  await freshStart(page);
  await openDoufuTable(page);
  await page.getByRole('button', { name: `载入存档 ${id}` }).click();
  await fontsReady(page);
  await expect(page.locator('[data-spot^="hand:"]').first()).toBeVisible();

  // A used skill and a void one each say so in words beside the chip, at 14 px or more.
  const used = page.locator('[data-mark="used"]').first();
  const voided = page.locator('[data-mark="void"]').first();
  await expect(used.locator('.mark')).toHaveText('已用');
  await expect(voided.locator('.mark')).toHaveText('作废');
  await expect(used.locator('[data-spot^="area:"]')).toHaveAttribute('aria-label', /技能已用/);
  await expect(voided.locator('[data-spot^="area:"]')).toHaveAttribute('aria-label', /技能作废/);
  for (const sel of ['.slot .mark', '.group .n', '.group .seal']) for (const px of await fontSizes(page, sel)) expect(px, sel).toBeGreaterThanOrEqual(14);
  // The chips' zodiac glyphs too (the smallest chips, the other sides', are 26 px wide).
  for (const px of await fontSizes(page, '[data-spot^="area:"] .chipface .z')) expect(px).toBeGreaterThanOrEqual(14);
  expect(await page.evaluate('document.documentElement.scrollHeight - window.innerHeight')).toBe(0);
  await page.screenshot({ path: join(SHOTS, 'table-chips-1280x720.png') });
  await page.locator('[data-zone="others"]').screenshot({ path: join(SHOTS, 'table-chips-others.png') });

  // In English the words are English.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(used.locator('.mark')).toHaveText('used');
  await expect(voided.locator('.mark')).toHaveText('void');
  await page.getByRole('button', { name: '中文' }).click();

  // Rules: the rulebook opens at the section of the decision on screen (your turn: 回合).
  const rules = page.locator('[data-rules]');
  await expect(rules).toHaveText('规则');
  await expect(rules).toHaveAttribute('title', '打开规则书：回合');
  await rules.click();
  await page.waitForURL(/#\/p\/doufu\/rulebook$/);
  await expect(page.locator('nav.toc [aria-current="location"] .title')).toHaveText('回合', { timeout: 60_000 });
  const turnPage = Number(await page.locator('nav.toc button', { hasText: /^回合/ }).first().getAttribute('data-toc-page'));
  expect(turnPage).toBeGreaterThan(1);

  // Back at the table, the match is as it was.
  await page.getByRole('link', { name: '牌桌', exact: true }).click();
  await page.waitForURL(/#\/p\/doufu\/table$/);
  await expect(rules).toHaveAttribute('title', '打开规则书：回合');
  await expect(page.locator('[data-mark="void"]').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('saved matches: rename, delete with a question, and loading over a match in play asks first', async ({ page }) => {
  mkdirSync(SAVES, { recursive: true });
  const errors = await watchErrors(page);
  const one = 'doufu-polish-one';
  const two = 'doufu-polish-two';
  const m = doufu.setup({ seed: 'polish-saves', players: 2, options: doufu.defaultOptions });
  const r = new Rng(seedRng('polish-saves'));
  let s = m;
  const moves: DoufuMove[] = [];
  for (let i = 0; i < 12; i++) {
    const seat = doufu.status(s).toAct[0]!;
    const legal = doufu.legalMoves(s, seat).filter((x) => x.type !== 'declare');
    const move = r.pick(legal);
    const res = doufu.apply(s, move);
    if (!res.ok) throw new Error(res.message.en);
    s = res.state;
    moves.push(move);
  }
  const seats = [{ kind: 'human' as const }, { kind: 'bot' as const, level: 'planner' }];
  writeFileSync(join(SAVES, `${one}.fuqi.json`), JSON.stringify(doufuMatchFile('polish-saves', moves, seats)));
  writeFileSync(join(SAVES, `${two}.fuqi.json`), JSON.stringify(doufuMatchFile('polish-saves', moves.slice(0, 6), seats)));
  await page.setViewportSize({ width: 1280, height: 720 });
  await freshStart(page);
  await openDoufuTable(page);

  // Rename: the name replaces the date as the title, is written into the file, and a name is cleaned.
  const row = page.locator(`[data-save-id="${one}"]`);
  await row.getByRole('button', { name: `给存档 ${one} 改名` }).click();
  const field = row.getByLabel('存档名称');
  await expect(field).toBeFocused();
  await field.fill('  周五   晚上的对局 ');
  await row.getByRole('button', { name: '保存名称' }).click();
  await expect(row.locator('[data-save-title]')).toHaveText('周五 晚上的对局');
  expect(JSON.parse(readFileSync(join(SAVES, `${one}.fuqi.json`), 'utf8')).table.name).toBe('周五 晚上的对局');
  // Escape leaves the name as it was.
  await row.getByRole('button', { name: `给存档 ${one} 改名` }).click();
  await row.getByLabel('存档名称').fill('不要这个');
  await row.getByLabel('存档名称').press('Escape');
  await expect(row.locator('[data-save-title]')).toHaveText('周五 晚上的对局');

  // No match in play yet: Load loads at once. The planner bot sits at the table.
  await row.getByRole('button', { name: `载入存档 ${one}` }).click();
  await expect(page.locator('[data-spot^="hand:"]').first()).toBeVisible();
  await expect(page.locator('[data-side="1"]')).toContainText('谋局');
  await page.getByRole('button', { name: '新对局', exact: true }).click();
  await expect(page.getByText('牌桌上有一局正在进行')).toBeVisible();

  // A match is in play: loading another save asks first; Cancel keeps the match.
  const row2 = page.locator(`[data-save-id="${two}"]`);
  await row2.getByRole('button', { name: `载入存档 ${two}` }).click();
  const ask = row2.getByRole('alertdialog');
  await expect(ask).toContainText('牌桌上有一局正在进行（12 步）');
  await ask.getByRole('button', { name: '取消' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByText('牌桌上有一局正在进行（12 步')).toBeVisible();
  // Confirmed, the save replaces it.
  await row2.getByRole('button', { name: `载入存档 ${two}` }).click();
  await row2.getByRole('button', { name: '替换并载入' }).click();
  await expect(page.locator('[data-spot^="hand:"]').first()).toBeVisible();
  await expect(page.locator('.prompt')).toContainText('轮到你', { timeout: 30_000 });
  await page.getByRole('button', { name: '新对局', exact: true }).click();
  // The 6-move save is at the table now, and its planner bot (谋局, in the table's bot worker) has
  // made the move that was its to make.
  await expect(page.getByText(/牌桌上有一局正在进行（[7-9] 步/)).toBeVisible();

  // Delete asks, Cancel keeps the file; confirmed, the file is gone and so is the row.
  await row.getByRole('button', { name: `删除存档 ${one}` }).click();
  await expect(row.getByRole('alertdialog')).toContainText('删除这个存档？');
  await row.getByRole('button', { name: '取消' }).click();
  expect(existsSync(join(SAVES, `${one}.fuqi.json`))).toBe(true);
  await row.getByRole('button', { name: `删除存档 ${one}` }).click();
  await row.getByRole('button', { name: '删除存档', exact: true }).click();
  await expect(page.locator(`[data-save-id="${one}"]`)).toHaveCount(0);
  expect(existsSync(join(SAVES, `${one}.fuqi.json`))).toBe(false);

  // A file that is not a save is listed with its problem and cannot be deleted from here.
  const stranger = 'doufu-polish-notes';
  writeFileSync(join(SAVES, `${stranger}.fuqi.json`), '{"my": "notes"}');
  await page.reload();
  const row3 = page.locator(`[data-save-id="${stranger}"]`);
  await row3.getByRole('button', { name: `删除存档 ${stranger}` }).click();
  await row3.getByRole('button', { name: '删除存档', exact: true }).click();
  await expect(page.locator('.saves [role="alert"]')).toContainText('不是本程序写的对局存档');
  expect(existsSync(join(SAVES, `${stranger}.fuqi.json`))).toBe(true);
  await page.screenshot({ path: join(SHOTS, 'saves-polish.png') });
  expect(errors).toEqual([]);
});
