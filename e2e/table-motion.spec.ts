import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { doufu, type DoufuMove, type DoufuState } from '../src/shared/games/doufu';
import { makeBot } from '../src/shared/games/doufu/bots';
import type { TableSeat } from '../src/shared/ipc/contract';
import { Rng, seedRng } from '../src/shared/util/rng';
import { CARD_BY_CODE } from '../src/shared/games/doufu/cards';
import { doufuMatchFile, fontsReady, freshStart, openDoufuTable, setBotPace, watchErrors } from './page-helpers';

/**
 * Bot turns you can follow: each bot action is narrated in a caption where it happens, which goes
 * away again; the cards glide between places unless the person asked for reduced motion, and a
 * key ends the glide at once; when a bot's 福牛 (Fortune Ox) swaps a hand card with a person, that
 * person — and nobody else at a hot-seat table — is told which card went and which came.
 *
 * The matches are made here with the engine (random legal play from a seed) up to the moment a
 * bot in seat 2 has used 福牛 on seat 1 and must pick the cards, then saved where the app keeps its
 * saves. Loaded at the table, the bot makes the swap: the same bot, with the same seed, as the
 * table's worker, so the test knows what the table will do next.
 */

const SAVES = join(process.env.FUQI_E2E_EXPORT_DIR!, 'saves');
const SHOTS = join(__dirname, '..', 'test-results', 'screenshots');
/** Screenshots the README shows (`UPDATE_SCREENSHOTS=1` writes them into docs/screenshots). */
const README_SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');
const BOT = 'random';
const random = makeBot(BOT);

/** The seed the table gives one bot decision (features/table/model/bots.ts `botSeed`: match seed, seat, move number). */
const botSeed = (seed: string, seat: number, step: number): string => `${seed}/bot/${seat}/${step}`;

/** A card's name as the table writes it. */
function cardName(code: string): { zh: string; en: string } {
  const c = CARD_BY_CODE.get(code);
  if (!c) throw new Error(`unknown card ${code}`);
  return { zh: c.name, en: c.en };
}

/** The first seat that decides from `s` on once the bots (seat 1) have played as the table would, and the state then. */
function nextPerson(seed: string, s: DoufuState, moves: number, people: number[]): { seat: number; state: DoufuState; moves: DoufuMove[] } {
  const played: DoufuMove[] = [];
  for (let i = 0; i < 60; i++) {
    const seat = doufu.status(s).toAct.find((x) => people.includes(x)) ?? doufu.status(s).toAct[0]!;
    if (people.includes(seat)) return { seat, state: s, moves: played };
    const step = moves + played.length;
    const move = random({ seat, view: doufu.view(s, seat), legal: doufu.legalMoves(s, seat), rng: new Rng(seedRng(botSeed(seed, seat, step))) });
    const r = doufu.apply(s, move);
    if (!r.ok) throw new Error(r.message.en);
    s = r.state;
    played.push(move);
  }
  throw new Error('the bots never handed over');
}

interface OxMatch {
  seed: string;
  moves: DoufuMove[];
  /** Seat 0's hand before the swap. */
  hand: string[];
  /** The swap the bot will make, and who decides after the bots are done. */
  lost: string;
  got: string;
  next: number;
  /** What that person's view shows (JSON): a card of the swap may be on screen for them only if it is in there. */
  nextView: string;
}

/** Random legal play until seat 1 (a bot) must pick the cards of a 福牛 swap with seat 0; `people` sit in the other seats. */
function oxMatch(people: number[], want: (next: number) => boolean): OxMatch {
  for (let g = 0; g < 3000; g++) {
    const seed = `ox-${g}`;
    const r = new Rng(seedRng(seed));
    let s = doufu.setup({ seed, players: 3, options: doufu.defaultOptions });
    const moves: DoufuMove[] = [];
    for (let i = 0; i < 300 && s.step.k !== 'over'; i++) {
      if (s.step.k === 'ox' && s.step.seat === 1 && s.step.target === 0) {
        const after = nextPerson(seed, s, moves.length, people);
        const swap = after.moves[0]!;
        if (swap.type !== 'swap' || !want(after.seat)) break;
        return { seed, moves, hand: [...s.hands[0]!], lost: swap.take, got: swap.give, next: after.seat, nextView: JSON.stringify(doufu.view(after.state, after.seat)) };
      }
      const seat = doufu.status(s).toAct[0]!;
      const legal = doufu.legalMoves(s, seat);
      // Seat 1 uses 福牛 on seat 0 whenever it may; everything else at random.
      const move = legal.find((m) => m.type === 'skill' && seat === 1 && m.card === 'OX-FU' && m.target === 0) ?? r.pick(legal);
      const res = doufu.apply(s, move);
      if (!res.ok) throw new Error(res.message.en);
      s = res.state;
      moves.push(move);
    }
  }
  throw new Error('no seeded match in 3000 has a bot 福牛 swap with seat 1');
}

async function loadAt(page: Page, id: string, m: OxMatch, seats: TableSeat[]): Promise<void> {
  mkdirSync(SAVES, { recursive: true });
  writeFileSync(join(SAVES, `${id}.fuqi.json`), JSON.stringify(doufuMatchFile(m.seed, m.moves, seats)));
  await openDoufuTable(page);
  await page.getByRole('button', { name: `载入存档 ${id}` }).click();
}

const handCards = (page: Page) => page.locator('[data-zone="hand"] [data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!));

test('table: a bot action is narrated where it happens and the caption goes; a 福牛 swap tells its victim', async ({ page }) => {
  const errors = await watchErrors(page);
  const m = oxMatch([0], () => true);
  // The pace is remembered: a slow one before the match loads, so the bot's swap waits for us.
  await freshStart(page);
  await page.evaluate(`localStorage.setItem('fuqi.table.pace', '1500')`);
  await loadAt(page, 'doufu-ox-single', m, [{ kind: 'human' }, { kind: 'bot', level: BOT }, { kind: 'bot', level: BOT }]);
  await fontsReady(page);

  // The swap is narrated on seat 2's name plate, naming no card (everyone may read captions), and
  // covering nothing of seat 2's score area under the plate.
  const caption = page.locator('[data-caption="seat:1"]');
  await expect(caption).toContainText('座位 2 · 福牛：与 座位 1 交换一张手牌');
  await expect(caption).not.toContainText(cardName(m.lost).zh);
  const box = await caption.boundingBox();
  const plate = await page.locator('[data-spot="seat:1"]').boundingBox();
  expect(box && plate && Math.abs(box.y + box.height / 2 - (plate.y + plate.height / 2)) < 4).toBe(true);
  const area = await page.locator('[data-side="1"] .area').boundingBox();
  expect(box && area && box.y + box.height <= area.y + 1).toBe(true);

  // Seat 1 is told, above their hand: what went, what came — and the hand says the same.
  const note = page.locator('[data-ox-note]');
  await expect(note).toBeVisible();
  await expect(note).toContainText('座位 2 的福牛与你交换了一张手牌');
  await expect(note.locator('[data-ox-lost]')).toHaveText(cardName(m.lost).zh);
  await expect(note.locator('[data-ox-got]')).toHaveText(cardName(m.got).zh);
  const hand = await handCards(page);
  expect(hand).toContain(m.got);
  expect(hand).not.toContain(m.lost);
  expect(m.hand).toContain(m.lost);
  await page.locator('[data-game="doufu"]').screenshot({ path: join(SHOTS, 'table-motion-ox.png') });

  // The bot plays on: it stacks, and the stack and the card it turns up are captioned at the pool.
  const pool = page.locator('[data-caption="pool"]');
  await expect(pool).toContainText(/座位 2 · 叠 .+蒙出 /, { timeout: 10_000 });
  await page.locator('[data-game="doufu"]').screenshot({ path: join(SHOTS, 'table-motion-caption.png') });

  // Pause the bots: the caption still goes after its time, and nothing replaces it.
  await page.locator('[data-pause]').click();
  await expect(page.locator('[data-caption]')).toHaveCount(0, { timeout: 8000 });

  // English: the note and the captions speak it too.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(note).toContainText("Seat 2's Fortune Ox swapped a hand card with you");
  await expect(note.locator('[data-ox-lost]')).toHaveText(cardName(m.lost).en);
  await note.getByRole('button', { name: 'Got it' }).click();
  await expect(note).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('table: at a hot-seat table only the victim of a 福牛 swap is told, after the curtain', async ({ page }) => {
  const errors = await watchErrors(page);
  // Seat 3 is another person and decides first after the bot: the note must wait for seat 1.
  const m = oxMatch([0, 2], (next) => next === 2);
  await freshStart(page);
  await page.evaluate(`localStorage.setItem('fuqi.table.pace', '0')`);
  await loadAt(page, 'doufu-ox-hotseat', m, [{ kind: 'human' }, { kind: 'bot', level: BOT }, { kind: 'human' }]);
  await fontsReady(page);
  // The bot swaps and plays on; then the curtain waits for seat 3, and the note is nowhere.
  const curtain = page.locator('[data-curtain="2"]');
  await expect(curtain).toBeVisible();
  await expect(page.locator('[data-ox-note]')).toHaveCount(0);
  await curtain.getByRole('button').click();
  await expect(page.locator('[data-game="doufu"]')).toHaveAttribute('data-shown-seat', '2');
  // Seat 3 sees no note, and no card of the swap is named anywhere for them (log included).
  await expect(page.locator('[data-ox-note]')).toHaveCount(0);
  const text = (await page.locator('[data-game="doufu"]').innerText()).replace(/\s+/g, ' ');
  expect(text).toContain('座位 2 与 座位 1 交换了一张手牌');
  // A card of the swap shows for seat 3 only where the engine's view for seat 3 has it (it may
  // have been played to the pool since).
  for (const c of [m.lost, m.got]) if (!m.nextView.includes(`"${c}"`)) expect(await page.locator(`[data-game="doufu"] [data-card="${c}"]`).count(), c).toBe(0);
  expect(m.nextView.includes(`"${m.lost}"`) && m.nextView.includes(`"${m.got}"`)).toBe(false);

  // Another match where seat 1 decides first after the bot: told once they lift the curtain, not before.
  const v = oxMatch([0, 2], (next) => next === 0);
  writeFileSync(join(SAVES, 'doufu-ox-victim.fuqi.json'), JSON.stringify(doufuMatchFile(v.seed, v.moves, [{ kind: 'human' }, { kind: 'bot', level: BOT }, { kind: 'human' }])));
  await page.getByRole('button', { name: '新对局' }).click();
  await page.getByRole('button', { name: '载入存档 doufu-ox-victim' }).click();
  // A match is in play: loading over it asks first.
  await page.getByRole('button', { name: '替换并载入' }).click();
  const mine = page.locator('[data-curtain="0"]');
  await expect(mine).toBeVisible();
  await expect(page.locator('[data-ox-note]')).toHaveCount(0);
  await mine.getByRole('button').click();
  const note = page.locator('[data-ox-note]');
  await expect(note.locator('[data-ox-lost]')).toHaveText(cardName(v.lost).zh);
  await expect(note.locator('[data-ox-got]')).toHaveText(cardName(v.got).zh);
  expect(errors).toEqual([]);
});

test('table: cards glide unless reduced motion is asked for, and a key ends the glide', async ({ page }) => {
  const errors = await watchErrors(page);
  const m = oxMatch([0], () => true);
  // Count every animation the page starts on a card (the app's glides use the Web Animations API).
  await page.addInitScript({
    content: `const orig = Element.prototype.animate; window.__cardMotions = 0;
      Element.prototype.animate = function (k, o) { if (this.classList && this.classList.contains('card')) window.__cardMotions++; return orig.call(this, k, o); };`,
  });
  await freshStart(page);
  await page.evaluate(`localStorage.setItem('fuqi.table.pace', '600')`);

  // Reduced motion (this suite's default): the bot's swap and the rest of its turn move no card.
  await loadAt(page, 'doufu-ox-still', m, [{ kind: 'human' }, { kind: 'bot', level: BOT }, { kind: 'bot', level: BOT }]);
  await expect(page.locator('[data-ox-note]')).toBeVisible();
  await expect(page.locator('[data-caption]').first()).toBeVisible();
  // Wait until it is seat 1's decision: every bot move so far has been shown.
  await expect(page.locator('[data-spot][data-legal]').first()).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate('window.__cardMotions')).toBe(0);
  expect(await page.evaluate(`document.getAnimations().length`)).toBe(0);

  // Full motion: the same moves glide, and a key press ends a glide at once.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.locator('[data-pause]').click(); // hold the bots while the page reloads the match
  await page.getByRole('button', { name: '新对局' }).click();
  await page.getByRole('button', { name: '载入存档 doufu-ox-still' }).click();
  // A match is in play: loading over it asks first.
  await page.getByRole('button', { name: '替换并载入' }).click();
  // Catch the first glide and hold it half-way, to look at it.
  const caught = (await page.evaluate(`new Promise((resolve) => {
    const t0 = performance.now();
    const check = () => {
      const a = document.getAnimations().filter((x) => x.id === 'fuqi-card-motion' && x.playState === 'running');
      if (a.length) {
        for (const x of a) { x.pause(); x.currentTime = 150; }
        resolve(a.length);
      } else if (performance.now() - t0 > 20000) resolve(0);
      else requestAnimationFrame(check);
    };
    check();
  })`)) as number;
  expect(caught).toBeGreaterThan(0);
  await page.locator('[data-game="doufu"]').screenshot({ path: join(SHOTS, 'table-motion-glide.png') });
  // A key ends every glide: the cards are where they land.
  await page.keyboard.press('Shift');
  const left = (await page.evaluate(`document.getAnimations().filter((x) => x.id === 'fuqi-card-motion').map((x) => x.playState)`)) as string[];
  expect(left.every((s) => s === 'finished')).toBe(true);
  expect(await page.evaluate('window.__cardMotions')).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('table: paused, the bots move one action at a time with 下一步, each narrated', async ({ page }) => {
  const errors = await watchErrors(page);
  const m = oxMatch([0], () => true);
  await freshStart(page);
  // The slowest pace, so the pause comes before the bot's first move.
  await page.evaluate(`localStorage.setItem('fuqi.table.pace', '2400')`);
  await loadAt(page, 'doufu-ox-step', m, [{ kind: 'human' }, { kind: 'bot', level: BOT }, { kind: 'bot', level: BOT }]);
  await page.locator('[data-pause]').click();
  await expect(page.locator('[data-pause]')).toHaveAttribute('aria-pressed', 'true');
  const step = page.locator('[data-bot-step]');
  await expect(step).toBeEnabled();
  await expect(page.locator('[data-ox-note]')).toHaveCount(0);

  // One action: the 福牛 swap, narrated at seat 2 and told to seat 1.
  await step.click();
  await expect(page.locator('[data-caption="seat:1"]')).toContainText('福牛');
  await expect(page.locator('[data-ox-note]')).toBeVisible();
  // Then the bots hold still: its caption goes and no other comes.
  await expect(page.locator('[data-caption]')).toHaveCount(0, { timeout: 10_000 });
  await page.waitForTimeout(1000);
  await expect(page.locator('[data-caption]')).toHaveCount(0);
  await expect(step).toBeEnabled();

  // The next action: the bot stacks and turns a card up.
  await step.click();
  await expect(page.locator('[data-caption="pool"]')).toContainText(/座位 2 · 叠 .+蒙出 /);
  expect(errors).toEqual([]);
});

/**
 * Watch the table from inside the page: every card glide started (Web Animations on a `.card`)
 * with the move the table was showing then (`data-last-move`, `data-last-kind` on the board), every
 * move shown, and every caption text shown.
 */
const WATCH = `
  window.__glides = []; window.__moves = []; window.__captions = [];
  const orig = Element.prototype.animate;
  Element.prototype.animate = function (k, o) {
    const a = orig.call(this, k, o);
    if (this.classList && this.classList.contains('card')) {
      const b = document.querySelector('[data-game="doufu"]');
      window.__glides.push({ move: Number(b && b.dataset.lastMove), kind: b ? b.dataset.lastKind : '', ms: a.effect.getTiming().duration });
    }
    return a;
  };
  new MutationObserver(() => {
    const b = document.querySelector('[data-game="doufu"]');
    if (b && b.dataset.lastMove !== '' && b.dataset.lastMove !== undefined) {
      const key = b.dataset.lastMove + ':' + b.dataset.lastKind;
      if (!window.__moves.includes(key)) window.__moves.push(key);
    }
    for (const c of document.querySelectorAll('[data-caption]')) if (!window.__captions.includes(c.textContent)) window.__captions.push(c.textContent);
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-last-move', 'data-caption'] });
`;

/** A new 2-player match of two random bots from `seed`. */
async function botsOnly(page: Page, seed: string): Promise<void> {
  await openDoufuTable(page);
  await page.getByRole('radio', { name: '2 人' }).check();
  for (const seat of [0, 1]) {
    await page.locator(`[data-seat-kind="${seat}-bot"]`).click();
    await page.getByRole('combobox', { name: `座位 ${seat + 1} 的机器人水平` }).selectOption('random');
  }
  await page.getByLabel('随机种子').fill(seed);
  await page.getByRole('button', { name: '开始对局' }).click();
}

interface Glide {
  move: number;
  kind: string;
  ms: number;
}
/** What WATCH keeps on the page's window. */
interface Watched {
  __glides: Glide[];
  __moves: string[];
  __captions: string[];
}

test('table: pace per action — eats set to skip their animation glide nothing and are not narrated, draws still glide; remembered; keyboard and Escape', async ({ page }) => {
  const errors = await watchErrors(page);
  await page.addInitScript({ content: WATCH });
  await freshStart(page);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  // Two random bots, our seed; paused at once, to set the pace before they play.
  await botsOnly(page, 'e2e-pace-1');
  const bar = page.getByRole('toolbar', { name: '牌桌工具栏' });
  await bar.locator('[data-pause]').click();

  // The bar has a pace button, not a slider; the keyboard opens its popover on the overall pace.
  await expect(bar.getByRole('slider')).toHaveCount(0);
  const open = bar.locator('[data-pace-open]');
  await open.focus();
  await page.keyboard.press('Enter');
  const pop = page.locator('[data-pace-pop]');
  await expect(pop).toBeVisible();
  await expect(pop.getByRole('slider', { name: '机器人节奏' })).toBeFocused();
  await pop.getByRole('slider', { name: '机器人节奏' }).fill('300');
  await expect(open).toContainText('0.3 秒');
  // Every group, each with its four speeds; eating set to skip its animation.
  const groups = pop.getByRole('radiogroup');
  await expect(groups).toHaveCount(7);
  expect(await groups.evaluateAll((els) => els.map((e) => e.getAttribute('data-pace-kind')))).toEqual(['deal', 'draw', 'eat', 'stack', 'steal', 'skill', 'decide']);
  const eat = pop.getByRole('radiogroup', { name: '吃牌' });
  await expect(eat.getByRole('radio', { name: '正常' })).toBeChecked();
  await eat.getByRole('radio', { name: '跳过动画' }).check();
  await expect(eat.getByRole('radio', { name: '跳过动画' })).toBeChecked();
  await page.screenshot({ path: join(README_SHOTS, 'table-pace.png') });
  // Escape closes it and gives the keyboard back to its button.
  await page.keyboard.press('Escape');
  await expect(pop).toBeHidden();
  await expect(open).toBeFocused();
  expect(await page.evaluate(`localStorage.getItem('fuqi.table.pace.doufu')`)).toBe('{"eat":"skip"}');

  // Play on until both bots have eaten and drawn a few times.
  await bar.locator('[data-pause]').click();
  await page.waitForFunction(() => {
    const w = globalThis as unknown as Watched;
    return w.__moves.filter((m) => m.endsWith(':eat')).length >= 2 && w.__glides.some((g) => g.kind === 'draw');
  }, undefined, { timeout: 60_000 });
  await bar.locator('[data-pause]').click();
  const glides = (await page.evaluate('window.__glides')) as Glide[];
  const moves = (await page.evaluate('window.__moves')) as string[];
  const captions = (await page.evaluate('window.__captions')) as string[];
  const eats = moves.filter((m) => m.endsWith(':eat')).map((m) => Number(m.split(':')[0]));
  expect(eats.length).toBeGreaterThanOrEqual(2);
  // No card moved on an eat; draws glide, at normal speed.
  expect(glides.filter((g) => eats.includes(g.move) || g.kind === 'eat')).toEqual([]);
  const draws = glides.filter((g) => g.kind === 'draw');
  expect(draws.length).toBeGreaterThan(0);
  expect(draws.every((g) => g.ms === 360)).toBe(true);
  // Draws are narrated; eats are not ("座位 N · 用 X 吃 Y").
  expect(captions.some((c) => c.includes('摸一张牌'))).toBe(true);
  expect(captions.filter((c) => / · 用 .+ 吃 /.test(c))).toEqual([]);

  // Remembered: after a reload the popover shows eating still skipped and the pace at 0.3 s.
  await page.reload();
  await page.getByRole('button', { name: '继续这一局' }).click();
  await bar.locator('[data-pause]').click();
  await bar.locator('[data-pace-open]').click();
  await expect(pop.getByRole('radiogroup', { name: '吃牌' }).getByRole('radio', { name: '跳过动画' })).toBeChecked();
  await expect(pop.getByRole('radiogroup', { name: '摸牌' }).getByRole('radio', { name: '正常' })).toBeChecked();
  await expect(bar.locator('[data-pace-open]')).toContainText('0.3 秒');
  await page.mouse.click(5, 5); // a click elsewhere closes it too
  await expect(pop).toBeHidden();

  // In English, at 1280 px: every group's speeds on one line, the popover inside the window.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('toolbar', { name: /toolbar/i }).locator('[data-pace-open]').click();
  await expect(pop.getByRole('radiogroup', { name: 'Eat' }).getByRole('radio', { name: 'Skip animation' })).toBeChecked();
  for (const g of await pop.getByRole('radiogroup').all()) expect((await g.boundingBox())!.height).toBeLessThan(36);
  const box = (await pop.boundingBox())!;
  expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= 1280 && box.y + box.height <= 720).toBe(true);
  await page.screenshot({ path: join(SHOTS, 'table-pace-en.png') });
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);
});

test('table: in a replay, one step forward shows the move as live play did — its caption where it happened, its cards gliding', async ({ page }) => {
  const errors = await watchErrors(page);
  await page.addInitScript({ content: WATCH });
  await freshStart(page);
  await botsOnly(page, 'e2e-pace-2');
  const bar = page.getByRole('toolbar', { name: '牌桌工具栏' });
  await setBotPace(page, 0);
  await page.waitForFunction(() => (globalThis as unknown as Watched).__moves.filter((m) => m.endsWith(':draw')).length >= 2, undefined, { timeout: 60_000 });
  await bar.locator('[data-pause]').click();
  const draw = Number(((await page.evaluate('window.__moves')) as string[]).find((m) => m.endsWith(':draw'))!.split(':')[0]);

  // Full motion from here; into the replay, to the step before that draw.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await bar.getByRole('button', { name: '回放' }).click();
  await page.locator('.replay input[type="range"]').fill(String(draw));
  await expect(page.locator('[data-replay-step]')).toHaveAttribute('data-replay-step', String(draw));
  // A jump shows the table there, with no motion and no caption.
  await expect(page.locator('[data-caption]')).toHaveCount(0);
  const before = ((await page.evaluate('window.__glides')) as Glide[]).length;
  await page.locator('[data-replay-next]').click();
  await expect(page.locator('[data-caption="deck"]')).toContainText('摸一张牌');
  const after = ((await page.evaluate('window.__glides')) as Glide[]).slice(before);
  expect(after.length).toBeGreaterThan(0);
  expect(after.every((g) => g.move === draw && g.kind === 'draw')).toBe(true);
  // A step back just shows the table there.
  await page.locator('[data-replay-prev]').click();
  await expect(page.locator('[data-caption]')).toHaveCount(0);
  expect(errors).toEqual([]);
});
