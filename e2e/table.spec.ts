import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MATCH_FORMAT, MATCH_FORMAT_VERSION } from '../src/shared/engine/runner';
import { doufu, type DoufuMove } from '../src/shared/games/doufu';
import type { DoufuState } from '../src/shared/games/doufu/types';
import { Rng, seedRng } from '../src/shared/util/rng';
import { fontsReady, freshStart, openDoufuTable, watchErrors, setBotPace } from './page-helpers';

/**
 * The table journey in browser mode: 斗福 → Table → a 2-player match (seat 1 a person, seat 2 the
 * heuristic bot, a fixed seed) → moves made by clicking what the table highlights → an undo → the
 * hand played to its settlement screen → save → reload → load → the same table again → a step of
 * replay. The seed and the bots' seeds make every run the same game. Then positions made with the
 * engine (saved where the app keeps its saves, like table-known.spec.ts) check the turn prompt on
 * a full hand, a 三叠's fan, the bar's height with the 涅槃 badge and in a replay, and the final
 * standings with a side out before the last hand, in both languages. Any console error or CSP
 * violation fails the test. UPDATE_SCREENSHOTS=1 refreshes docs/screenshots/table.png; otherwise
 * pictures go to test-results/screenshots.
 */

const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');
/** Pictures for checking by eye only, never in the README. */
const CHECK_SHOTS = join(__dirname, '..', 'test-results/screenshots');
const SEED = 'e2e-table-1';

/** The next thing to click (something the table highlights) or the hand-end screen, whichever comes first. */
async function nextDecision(page: Page): Promise<'mine' | 'end'> {
  const either = page.locator('[data-hand-end], [data-legal]').first();
  await either.waitFor({ state: 'visible', timeout: 30_000 });
  return (await page.locator('[data-hand-end]').count()) ? 'end' : 'mine';
}

/** Click the first highlighted place or answer (a legal move, or a pick that leads to one). */
async function clickFirstLegal(page: Page): Promise<void> {
  await page.locator('[data-legal]').first().click();
}

/**
 * On our turn, pick up each lit hand card until one lights a pool card to eat, and take the
 * picture then (the card lifted, its target lit, the inspector showing it). False if none can eat.
 */
async function pictureWithTarget(page: Page): Promise<boolean> {
  if (!(await page.locator('[data-step="turn"]').count())) return false;
  const cards = await page.locator('[data-spot^="hand:"][data-legal]').evaluateAll((els) => els.map((e) => e.getAttribute('data-spot')!));
  for (const spot of cards) {
    await page.locator(`[data-spot="${spot}"]`).click();
    if (await page.locator('[data-spot^="pool:"][data-legal]').count()) {
      await page.locator(`[data-spot="${spot}"]`).hover();
      await page.screenshot({ path: join(SHOTS, 'table.png') });
      return true;
    }
    await page.keyboard.press('Escape');
  }
  return false;
}

/** What the table shows that a save must bring back. */
async function snapshot(page: Page) {
  const attrs = (l: Locator, a: string) => l.evaluateAll((els, name) => els.map((e) => e.getAttribute(name)), a);
  return {
    log: await page.locator('[data-log-lines]').getAttribute('data-log-lines'),
    fuqi: await page.locator('[data-fuqi]').allTextContents(),
    deck: await page.locator('[data-deck-count]').textContent(),
    hand: await attrs(page.locator('[data-spot^="hand:"]'), 'data-card'),
    pool: await attrs(page.locator('[data-spot^="pool:"]'), 'data-card'),
    areas: await attrs(page.locator('[data-spot^="area:"]'), 'data-card'),
    w: (await page.locator('[data-w]').count()) ? await page.locator('[data-w]').getAttribute('data-w') : null,
  };
}

test('table: a hand against the bot, undo, settlement, save, reload and load', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync(CHECK_SHOTS, { recursive: true });
  const errors = await watchErrors(page);

  await freshStart(page);
  await openDoufuTable(page);

  // A new game: 2 players, seat 1 a person, seat 2 the heuristic bot, our seed; the options at their defaults.
  await expect(page.getByRole('heading', { name: /新对局/ })).toBeVisible();
  await page.getByRole('radio', { name: '2 人' }).check();
  await page.locator('[data-seat-kind="0-human"]').click();
  await page.locator('[data-seat-kind="1-bot"]').click();
  await page.getByRole('combobox', { name: '座位 2 的机器人水平' }).selectOption('heuristic');
  await expect(page.getByText('全部为规则书默认')).toBeVisible();
  await expect(page.getByText('翻出第 4 张可以拿走三叠')).toBeVisible();
  await page.getByLabel('随机种子').fill(SEED);
  await page.getByRole('button', { name: '开始对局' }).click();

  // The table: the seed is shown; the bots move at once.
  const bar = page.getByRole('toolbar', { name: '牌桌工具栏' });
  await expect(bar).toContainText(SEED);
  await setBotPace(page, 0);
  await expect(bar).toContainText('0 秒');
  await fontsReady(page);

  // Play a few decisions by clicking what lights up.
  for (let i = 0; i < 4; i++) {
    expect(await nextDecision(page)).toBe('mine');
    await clickFirstLegal(page);
  }

  // An illegal attempt is explained and changes nothing: on our turn, pick up a hand card and
  // click a pool card it cannot eat (one that does not light up).
  let explained = false;
  for (let i = 0; i < 40 && !explained; i++) {
    expect(await nextDecision(page)).toBe('mine');
    if (await page.locator('[data-step="turn"]').count()) {
      await page.locator('[data-spot^="hand:"][data-legal]').first().click();
      const unlit = page.locator('[data-spot^="pool:"]:not([data-legal])');
      if (await unlit.count()) {
        const before = await snapshot(page);
        await unlit.first().click();
        await expect(page.locator('[data-notice][role="alert"]')).toContainText(/[\u4e00-\u9fff]/);
        expect(await snapshot(page)).toEqual(before);
        await page.keyboard.press('Escape');
        explained = true;
        break;
      }
      await page.keyboard.press('Escape');
    }
    await clickFirstLegal(page);
  }
  expect(explained).toBe(true);

  // Undo once: draw a card (the deck is lit on our turn), let the bot answer, then undo the draw.
  // A player cannot undo a draw (it showed a card); designer undo can.
  const deck = page.locator('[data-spot="deck"][data-legal]');
  for (let i = 0; i < 40 && !(await deck.count()); i++) {
    expect(await nextDecision(page)).toBe('mine');
    if (await deck.count()) break;
    await clickFirstLegal(page);
  }
  await expect(deck).toBeVisible();
  const before = await snapshot(page);
  await deck.click();
  await expect.poll(async () => Number(await page.locator('[data-log-lines]').getAttribute('data-log-lines'))).toBeGreaterThan(Number(before.log));
  expect(await nextDecision(page)).toBe('mine');
  const undo = bar.getByRole('button', { name: '撤销' });
  await expect(undo).toBeDisabled();
  await bar.getByRole('checkbox', { name: '设计者撤销' }).check();
  await expect(undo).toBeEnabled();
  await undo.click();
  await expect(page.locator('[data-notice]')).toContainText('已撤销');
  expect(await snapshot(page)).toEqual(before);

  // Play on. The picture of the table is taken once both score areas have cards, on our turn, with
  // a hand card picked up that can eat something (its target in the pool lights up).
  let pictured = false;
  for (let i = 0; i < 400; i++) {
    if ((await nextDecision(page)) === 'end') break;
    if (!pictured && (await page.locator('[data-side="0"] [data-spot^="area:"]').count()) >= 4 && (await page.locator('[data-side="1"] [data-spot^="area:"]').count()) >= 4) {
      pictured = await pictureWithTarget(page);
      if (pictured) {
        await page.keyboard.press('Escape');
        await expect(page.locator('[data-spot^="hand:"][aria-pressed="true"]')).toHaveCount(0);
        continue;
      }
    }
    await clickFirstLegal(page);
  }
  expect(pictured).toBe(true);

  // The settlement screen: who declared, the combos, W and every 福气 change.
  const end = page.locator('[data-hand-end]');
  await expect(end).toBeVisible();
  expect(await end.getAttribute('data-hand-end')).toMatch(/^(won|liuju|huangpai)$/);
  if ((await end.getAttribute('data-hand-end')) === 'won') {
    await expect(end.getByRole('table', { name: '福气变化' })).toBeVisible();
    await expect(end.locator('[data-w]')).toContainText('W =');
    // W in words: each term says what it counts.
    await expect(end.locator('[data-w-explained]')).toHaveText(/^W = (\d+ × )?-?\d+（(各类最佳搭子|天时\/地利)）( [+−] \d+（(人和|三叠|人和与三叠)）)* = \d+/);
  }
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(SHOTS, 'table-settlement.png') });

  // Save, reload, load: the same table (and the same settlement screen) comes back.
  await bar.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(/已保存：doufu-/)).toBeVisible();
  const id = ((await page.getByText(/已保存：doufu-/).textContent()) ?? '').replace(/^已保存：/, '').trim();
  const saved = await snapshot(page);
  expect(saved.hand.length).toBeGreaterThan(0);

  await page.reload();
  await expect(page.getByRole('heading', { name: /新对局/ })).toBeVisible();
  await page.getByRole('button', { name: `载入存档 ${id}` }).click();
  await expect(page.locator('[data-hand-end]')).toBeVisible();
  await fontsReady(page);
  expect(await snapshot(page)).toEqual(saved);

  // Replay: step back one move from the end.
  const next = page.getByRole('button', { name: '下一盘' });
  if (await next.count()) await next.click();
  await bar.getByRole('button', { name: '回放' }).click();
  const total = Number(await page.locator('[data-replay-step]').getAttribute('data-replay-step'));
  expect(total).toBeGreaterThan(10);
  await page.locator('[data-replay-prev]').click();
  await expect(page.locator('[data-replay-step]')).toHaveAttribute('data-replay-step', String(total - 1));
  await page.getByRole('button', { name: '回到牌桌' }).click();

  expect(errors).toEqual([]);
});


// ---------------------------------------------------------------- positions made with the engine

/** Where the app keeps its saves in this run (see playwright.config.ts). */
const SAVES = join(process.env.FUQI_E2E_EXPORT_DIR!, 'saves');

/**
 * Seeded random play until `found` accepts a position: a state about to be moved from, or the last
 * state of a match. `found` sees every state of a match in order (`moves` empty at its start).
 */
function positionWhere(players: number, prefix: string, found: (s: DoufuState, moves: readonly DoufuMove[]) => boolean): { seed: string; moves: DoufuMove[]; state: DoufuState } {
  for (let g = 0; g < 300; g++) {
    const seed = `${prefix}-${g}`;
    const r = new Rng(seedRng(seed));
    let s = doufu.setup({ seed, players, options: doufu.defaultOptions });
    const moves: DoufuMove[] = [];
    for (let i = 0; i < 6000; i++) {
      if (found(s, moves)) return { seed, moves, state: s };
      if (s.step.k === 'over') break;
      const move = r.pick(doufu.legalMoves(s, doufu.status(s).toAct[0]!));
      const res = doufu.apply(s, move);
      if (!res.ok) throw new Error(res.message.en);
      moves.push(move);
      s = res.state;
    }
  }
  throw new Error(`no seeded ${players}-player match in 300 reaches the ${prefix} position`);
}

/** Seat 1 is to act on its turn, with these legal moves. */
const myTurn = (s: DoufuState) => (s.step.k === 'turn' && s.step.seat === 0 ? doufu.legalMoves(s, 0) : null);

/** Save a position where the app finds its saves: seat 1 a person, the others the random bot. */
function savePosition(id: string, players: number, p: { seed: string; moves: DoufuMove[] }): void {
  mkdirSync(SAVES, { recursive: true });
  const seats = Array.from({ length: players }, (_, i) => (i === 0 ? { kind: 'human' } : { kind: 'bot', level: 'random' }));
  const file = { format: MATCH_FORMAT, formatVersion: MATCH_FORMAT_VERSION, game: 'doufu', rulesVersion: doufu.rulesVersion, options: doufu.defaultOptions, seed: p.seed, players, moves: p.moves, table: { seats } };
  writeFileSync(join(SAVES, `${id}.fuqi.json`), JSON.stringify(file));
}

/** The table on a saved position, in a language. */
async function openPosition(page: Page, id: string, locale: 'zh' | 'en'): Promise<void> {
  await page.goto('/');
  await page.evaluate(`localStorage.clear(); localStorage.setItem('fuqi.locale', '${locale}')`);
  await page.goto('/#/p/doufu/table');
  await page.reload(); // the language is read at start
  await page.locator(`[data-save-id="${id}"] button`).first().click();
  await fontsReady(page);
}

test('table: on a turn with a full hand the prompt does not offer the deck, and says why, in both languages', async ({ page }) => {
  mkdirSync(CHECK_SHOTS, { recursive: true });
  const errors = await watchErrors(page);
  const p = positionWhere(3, 'full-hand', (s) => {
    const legal = myTurn(s);
    return !!legal && s.deck.length > 0 && s.pending[0]!.length === 0 && !legal.some((m) => m.type === 'draw') && legal.some((m) => m.type === 'eat');
  });
  savePosition('doufu-full-hand', 3, p);
  const legal = doufu.legalMoves(p.state, 0);
  const stack = legal.some((m) => m.type === 'stack');
  const n = p.state.hands[0]!.length;

  for (const locale of ['zh', 'en'] as const) {
    await openPosition(page, 'doufu-full-hand', locale);
    const deck = page.locator('[data-spot="deck"]');
    await expect(deck).not.toHaveAttribute('data-legal', '');
    await expect(deck).toHaveAttribute('aria-label', locale === 'zh' ? /^牌库，剩 \d+ 张$/ : /^Deck, \d+ left$/);
    const prompt = page.locator('[data-turn-prompt]');
    const says = (await prompt.textContent()) ?? '';
    if (locale === 'zh') {
      expect(says).not.toContain('摸牌');
      expect(says).toContain('吃牌');
      expect(says.includes('叠蒙')).toBe(stack);
      await expect(page.locator('[data-no-draw="handFull"]')).toHaveText(`手牌已满（${n} 张），不能摸牌。`);
    } else {
      expect(says).not.toMatch(/\bdraw\b/);
      expect(says).toMatch(/\beat\b/);
      expect(says.includes('Stack here')).toBe(stack);
      await expect(page.locator('[data-no-draw="handFull"]')).toHaveText(`Your hand is full (${n} cards): no drawing.`);
    }
    // The deck still answers a click, with the engine's reason.
    await deck.click();
    await expect(page.locator('[data-notice]')).toBeVisible();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(CHECK_SHOTS, `table-full-hand-${locale}.png`) });
  }
  expect(errors).toEqual([]);
});

test('table: a 三叠 acts as one — a click anywhere on its fan picks the whole stack, and a hand card eats it', async ({ page }) => {
  mkdirSync(CHECK_SHOTS, { recursive: true });
  const errors = await watchErrors(page);
  const p = positionWhere(3, 'santie', (s) => {
    const santie = s.pool.find((e) => e.length === 3);
    return !!santie && !!myTurn(s)?.some((m) => m.type === 'eat' && m.take === santie[0] && !m.split);
  });
  savePosition('doufu-santie', 3, p);
  const entry = p.state.pool.find((e) => e.length === 3)!;
  const eat = doufu.legalMoves(p.state, 0).find((m): m is Extract<DoufuMove, { type: 'eat' }> => m.type === 'eat' && m.take === entry[0])!;

  for (const locale of ['zh', 'en'] as const) {
    await openPosition(page, 'doufu-santie', locale);
    const fan = page.locator(`[data-spot="pool:${entry[0]}"]`);
    await expect(fan).toHaveAttribute('aria-label', locale === 'zh' ? /^三叠：/ : /^Triple stack: /);
    await expect(fan).toHaveAttribute('data-legal', '');
    const cards = fan.locator('[data-card]');
    await expect(cards).toHaveCount(3);
    // Each card of the fan, at the strip of it that shows, and the 三叠 label under it: the same stack.
    for (const i of [0, 1, 2]) {
      await cards.nth(i).click({ position: { x: 8, y: 40 } });
      await expect(fan, `card ${i + 1} of the fan picks the stack`).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('Escape');
      await expect(fan).toHaveAttribute('aria-pressed', 'false');
    }
    await fan.locator('.santie-tag').click();
    await expect(fan).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator(`[data-spot="hand:${eat.card}"]`)).toHaveAttribute('data-legal', '');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(CHECK_SHOTS, `table-santie-${locale}.png`) });
  }
  // Eat it: the hand card and the whole stack leave hand and pool.
  await page.locator(`[data-spot="hand:${eat.card}"]`).click();
  await expect(page.locator(`[data-spot="pool:${entry[0]}"]`)).toHaveCount(0);
  await expect(page.locator(`[data-spot="hand:${eat.card}"]`)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('table: the bar keeps its height when the 涅槃 badge comes, at 1280 and 1440 px, in both languages; a replay offers no pause', async ({ page }) => {
  mkdirSync(CHECK_SHOTS, { recursive: true });
  const errors = await watchErrors(page);
  const p = positionWhere(3, 'nirvana', (s) => s.nirvana > 0 && !!myTurn(s));
  savePosition('doufu-nirvana', 3, p);
  const bar = page.getByRole('toolbar');
  const height = async () => (await bar.boundingBox())!.height;
  /** Each row of the bar on one line: the facts, and each group of tools. */
  const rowsOnOneLine = async () => {
    for (const row of await bar.locator('.facts, .group').all()) expect((await row.boundingBox())!.height).toBeLessThan(40);
  };

  for (const locale of ['zh', 'en'] as const) {
    await openPosition(page, 'doufu-nirvana', locale);
    for (const width of [1440, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(bar.locator('.nirvana')).toBeVisible();
      await expect(bar.locator('[data-pause]')).toBeVisible();
      await rowsOnOneLine();
      const withBadge = await height();
      await page.mouse.move(0, 0);
      await page.screenshot({ path: join(CHECK_SHOTS, `table-bar-${locale}-${width}.png`) });

      // The replay at its first move (hand 1, no 涅槃): the same height; the bots' pause is gone.
      await bar.locator('button[aria-pressed]', { hasText: locale === 'zh' ? '回放' : 'Replay' }).click();
      await page.locator('.replay button').first().click(); // to the start
      await expect(page.locator('[data-replay-step]')).toHaveAttribute('data-replay-step', '0');
      await expect(bar.locator('.nirvana')).toHaveCount(0);
      await expect(bar.locator('[data-pause]')).toHaveCount(0);
      await expect(bar.getByRole('button', { name: locale === 'zh' ? /回放节奏/ : /Replay pace/ })).toBeVisible();
      await rowsOnOneLine();
      expect(await height(), `${locale} at ${width} px`).toBe(withBadge);
      await page.locator('.replay .btn.primary').click(); // back to the table
      await expect(bar.locator('[data-pause]')).toBeVisible();
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  expect(errors).toEqual([]);
});

test('table: the end of a match ranks every side, those out in earlier hands too, in both languages', async ({ page }) => {
  mkdirSync(CHECK_SHOTS, { recursive: true });
  const errors = await watchErrors(page);
  // Four players, to the end of a match in which someone went out before the last hand; the hand
  // each side went out in, read off the states (not the events the table reads).
  let outIn: (number | null)[] = [];
  let hand = 0;
  const p = positionWhere(4, 'early-out', (s, moves) => {
    if (!moves.length) outIn = s.out.map(() => null);
    s.out.forEach((o, i) => {
      if (o && outIn[i] === null) outIn[i] = hand;
    });
    hand = s.handNo;
    return s.step.k === 'over' && s.winners?.length === 1 && outIn.some((h) => h !== null && h < s.handNo);
  });
  savePosition('doufu-early-out', 4, p);
  const s = p.state;
  const early = outIn.findIndex((h) => h !== null && h < s.handNo);

  for (const locale of ['zh', 'en'] as const) {
    await openPosition(page, 'doufu-early-out', locale);
    // A finished match opens in its replay, at the end; back to the table shows the last settlement.
    await page.locator('.replay .btn.primary').click();
    const end = page.locator('[data-hand-end]');
    await expect(end).toBeVisible();
    const rows = end.locator('[data-standing]');
    await expect(rows).toHaveCount(4);
    const ranks = await rows.evaluateAll((els) => els.map((li) => ({ party: Number(li.getAttribute('data-standing')), place: Number(li.getAttribute('data-place')), out: li.getAttribute('data-out-hand'), fuqi: Number(li.querySelector('[data-standing-fuqi]')!.textContent), text: li.textContent ?? '' })));
    expect(ranks.map((r) => r.party).sort()).toEqual([0, 1, 2, 3]);
    expect(s.winners).toContain(ranks[0]!.party);
    expect(ranks[0]!.place).toBe(1);
    for (const [i, r] of ranks.entries()) {
      expect(r.fuqi, `party ${r.party}'s 福气`).toBe(s.fuqi[r.party]);
      expect(r.out === null ? null : Number(r.out), `party ${r.party} went out in`).toBe(outIn[r.party]);
      if (i > 0) expect(r.place).toBeGreaterThanOrEqual(ranks[i - 1]!.place);
      if (i > 1) expect(Number(r.out)).toBeLessThanOrEqual(Number(ranks[i - 1]!.out));
    }
    // The side out early is there, marked with the hand it went out in.
    const earlyRow = rows.and(page.locator(`[data-standing="${early}"]`));
    await expect(earlyRow).toContainText(locale === 'zh' ? `第 ${outIn[early]} 盘出局` : `Out in hand ${outIn[early]}`);
    await expect(rows.first()).toContainText(locale === 'zh' ? '获胜' : 'Winner');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(CHECK_SHOTS, `table-standings-${locale}.png`) });
  }
  expect(errors).toEqual([]);
});
