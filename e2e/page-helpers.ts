import { expect, type Locator, type Page } from '@playwright/test';
import { MATCH_FORMAT, MATCH_FORMAT_VERSION } from '../src/shared/engine/runner';
import { doufu } from '../src/shared/games/doufu';
import type { MatchFile, TableSeat } from '../src/shared/ipc/contract';

/** Wait until the print faces are loaded, so screenshots show real glyphs and not fallback boxes. */
export async function fontsReady(page: Page): Promise<void> {
  // Page-side code is passed as strings: this project's node tsconfig has no DOM types. Polled
  // with `evaluate`, not `waitForFunction`: a string predicate that must be polled (a face still
  // loading, as after switching to English) is compiled in the page, which its CSP refuses.
  await expect
    .poll(() => page.evaluate(`document.fonts.status === 'loaded' && document.fonts.check('20px "Ma Shan Zheng"', '鼠') && document.fonts.check('20px "Noto Sans SC"', '福')`), { timeout: 15_000 })
    .toBe(true);
  await page.evaluate('document.fonts.ready.then(() => undefined)');
}

/** Record console errors, page errors and CSP violations; a spec ends with `expect(errors).toEqual([])`. */
export async function watchErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
  // A violation swallowed by the code that caused it still shows up here.
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));`,
  });
  return errors;
}

/** A first visit: the home page with nothing kept from earlier tests (language, the match in play). */
export async function freshStart(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate('localStorage.clear()');
  await page.reload();
}

/** From the home page, open 斗福's table through the navigation, as a person would. */
export async function openDoufuTable(page: Page): Promise<void> {
  await page.getByRole('link', { name: '打开 斗福', exact: true }).click();
  await page.getByRole('link', { name: '牌桌', exact: true }).click();
  await page.waitForURL(/#\/p\/doufu\/table$/);
}

/** A 斗福 save file (as the table writes it) for a recorded match with the rules' default options. */
export function doufuMatchFile(seed: string, moves: { type: string; seat: number }[], seats: TableSeat[]): MatchFile {
  return {
    format: MATCH_FORMAT,
    formatVersion: MATCH_FORMAT_VERSION,
    game: 'doufu',
    rulesVersion: doufu.rulesVersion,
    options: doufu.defaultOptions,
    seed,
    players: seats.length,
    moves,
    table: { seats },
  };
}

/**
 * Set the bots' pace (ms) as a person would: open the bar's pace popover, drag its slider, close
 * it with Escape (the popover gives focus back to its button).
 */
export async function setBotPace(page: Page, ms: number): Promise<void> {
  const bar = page.getByRole('toolbar').first();
  await bar.locator('[data-pace-open]').click();
  const slider = page.locator('[data-pace-pop]:popover-open').getByRole('slider');
  await expect(slider).toBeFocused();
  await slider.fill(String(ms));
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-pace-pop]:popover-open')).toHaveCount(0);
}

/** Call the app's API from the page's context (same origin, the session cookie), as the renderer does in browser mode. */
export async function call<T>(page: Page, channel: string, arg: unknown): Promise<T> {
  const r = await page.request.post(`/api/${channel}`, { data: arg });
  const env = (await r.json()) as { ok: boolean; value: T; error?: { message: string } };
  if (!env.ok) throw new Error(env.error?.message);
  return env.value;
}

/** A cell of the data grid by its row and column in the view (0-based). */
export function gridCell(page: Page, row: number, col: number): Locator {
  return page.getByRole('grid').locator(`[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`);
}

/** The data page's edits are written (its save chip says so). */
export async function dataSaved(page: Page): Promise<void> {
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'saved');
}

/**
 * From the home page, make a blank project as a person does (New project, its names, Create):
 * lands on its data page. Returns its id and folder.
 */
export async function newBlankProject(page: Page, zh: string, en: string): Promise<{ id: string; dir: string }> {
  await page.getByRole('button', { name: '新建项目' }).first().click();
  const dialog = page.getByRole('dialog', { name: '新建项目' });
  await dialog.getByLabel('中文名').fill(zh);
  await dialog.getByLabel('英文名').fill(en);
  await dialog.getByRole('button', { name: '创建' }).click();
  await page.waitForURL(/#\/p\/[^/]+\/data$/);
  const id = decodeURIComponent(/#\/p\/([^/]+)\/data$/.exec(page.url())![1]!);
  const dir = (await call<{ id: string; dir?: string }[]>(page, 'projects:list', null)).find((p) => p.id === id)!.dir!;
  return { id, dir };
}

/** Drop a file onto an element as a drag from the desktop does (dragover, then drop). */
export async function dropFile(page: Page, target: Locator, name: string, type: string, bytes: Buffer): Promise<void> {
  const dt = await page.evaluateHandle(
    `(() => { const dt = new DataTransfer(); const b = Uint8Array.from(atob('${bytes.toString('base64')}'), (c) => c.charCodeAt(0)); dt.items.add(new File([b], ${JSON.stringify(name)}, { type: ${JSON.stringify(type)} })); return dt; })()`,
  );
  await target.dispatchEvent('dragover', { dataTransfer: dt });
  await target.dispatchEvent('drop', { dataTransfer: dt });
}
