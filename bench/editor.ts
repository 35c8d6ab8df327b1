// The card data editor's speed (issue targets), each against a baseline measured in the same run:
//
//  1. Editing a cell → its card laid out again for the preview (`renderRow`, what
//     `projects:render-row` runs on a worker) in a 200-card project. Baseline: laying out the whole
//     200-card deck again, what a view without per-row rendering would have to do. Target < 50 ms.
//  2. Opening a 1,000-row project: load + check the project (`projects.get`) and read its table for
//     the grid (`editor.cards`), cold. Baseline: parsing the same cards.csv with papaparse alone,
//     the least any tool does to show the file. Target < 1 s.
//  3. Scrolling the grid at 5,000 rows in Chromium (the built app, browser mode): frame times while
//     the grid scrolls through the whole table, and the rows in the DOM. Baseline: a plain HTML
//     table of the same 5,000 rows scrolled the same way in the same browser. Needs `npm run build`.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { chromium, type Page } from 'playwright-core';
import { createServices } from '../src/main/services';
import { renderProject, renderRow } from '../src/main/services/render';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';
import { sessionCookieName } from '../src/main/web-session';
import { benchTemplateEditor } from './template-editor';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** A projects folder holding one copy of 斗福 with `n` cards (rows cycled, ids unique), named `name`. */
export function projectsWith(n: number, name: string): string {
  const root = mkdtempSync(join(tmpdir(), 'fuqi-bench-editor-'));
  const src = createServices({ mode: 'cli' }).projects.get('doufu');
  if (!src.ok) throw new Error(src.error.message);
  const dir = join(root, name);
  cpSync(src.value.dir, dir, { recursive: true });
  const csv = Papa.parse<Record<string, string>>(readFileSync(join(src.value.dir, 'cards.csv'), 'utf8'), { header: true, skipEmptyLines: true });
  const game = csv.data.filter((r) => !(r.template ?? '').startsWith('reference'));
  const rows = Array.from({ length: n }, (_, i) => ({ ...game[i % game.length]!, id: `C${String(i + 1).padStart(4, '0')}`, copies: '1' }));
  writeFileSync(join(dir, 'cards.csv'), Papa.unparse(rows) + '\n');
  return root;
}

/** The user project's id in a fresh service set over `root`. */
export function onlyProject(services: ReturnType<typeof createServices>): string {
  const p = services.projects.list().find((s) => !s.builtIn && !s.problem);
  if (!p) throw new Error('the benchmark project did not load');
  return p.id;
}

async function previewEdit(): Promise<void> {
  const root = projectsWith(200, 'preview');
  try {
    const services = createServices({ mode: 'cli', projectsDir: root });
    const id = onlyProject(services);
    const p = services.projects.get(id);
    if (!p.ok) throw new Error(p.error.message);
    const images = (ref: string) => services.assets.dataUrl(ref, p.value.dir);
    const table = services.editor.cards(id);
    if (!table.ok) throw new Error(table.error.message);
    const { columns, rows } = table.value;
    const title = columns.indexOf('name_zh') >= 0 ? columns.indexOf('name_zh') : 1;
    await renderProject(services.projects, p.value, services.fonts.measurer, images); // warm: fonts, icons
    const edits: number[] = [];
    for (let i = 0; i < 40; i++) {
      const row = [...rows[i % rows.length]!];
      row[title] = `${row[title]}${'改'.repeat(1 + (i % 5))}`; // typing in the title cell
      const t0 = performance.now();
      await renderRow(services.projects, p.value, columns, row, services.fonts.measurer, images);
      edits.push(performance.now() - t0);
    }
    const decks: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await renderProject(services.projects, p.value, services.fonts.measurer, images);
      decks.push(performance.now() - t0);
    }
    const one = median(edits);
    console.log(`Cell edit → preview card laid out (200-card project): ${ms(one)} median, ${ms(pct(edits, 0.95))} p95   [target: < 50 ms]`);
    console.log(`Baseline, the whole 200-card deck laid out again: ${ms(median(decks))}; ratio ${(one / median(decks)).toFixed(3)}×`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function openProject(): Promise<void> {
  const root = projectsWith(1000, 'thousand');
  try {
    const opens: number[] = [];
    const parses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const services = createServices({ mode: 'cli', projectsDir: root });
      const id = onlyProject(services);
      services.projects.forget(id);
      const t0 = performance.now();
      const p = services.projects.get(id);
      const t = services.editor.cards(id);
      opens.push(performance.now() - t0);
      if (!p.ok || !t.ok || t.value.rows.length !== 1000) throw new Error('the 1,000-row project did not open');
      const text = readFileSync(join(root, 'thousand', 'cards.csv'), 'utf8');
      const t1 = performance.now();
      Papa.parse(text, { skipEmptyLines: true });
      parses.push(performance.now() - t1);
    }
    console.log(`Opening a 1,000-row project (load, check, table for the grid): ${ms(median(opens))} median of 5, cold   [target: < 1 s]`);
    console.log(`Baseline, papaparse of the same cards.csv: ${ms(median(parses))}; ratio ${(median(opens) / median(parses)).toFixed(1)}×`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Scroll `selector` from top to bottom in `steps` animation frames; the frames' durations. */
async function scrollFrames(page: Page, selector: string, steps: number): Promise<number[]> {
  return page.evaluate(
    `new Promise((resolve) => {
      const el = document.querySelector(${JSON.stringify(selector)});
      const max = el.scrollHeight - el.clientHeight;
      const frames = [];
      let last = performance.now();
      let i = 0;
      const tick = (now) => {
        frames.push(now - last);
        last = now;
        if (i > ${steps}) return resolve(frames.slice(2));
        el.scrollTop = (max * i++) / ${steps};
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })`,
  );
}

async function gridScroll(): Promise<void> {
  if (!existsSync('out/main/web.js') || !existsSync('out/renderer/index.html')) {
    console.log('Grid scrolling skipped: the app is not built (run `npm run build` first).');
    return;
  }
  const root = projectsWith(5000, 'five-thousand');
  const port = 5300 + Math.floor(Math.random() * 500);
  const key = randomBytes(18).toString('base64url');
  let host: ChildProcess | undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  try {
    host = spawn(process.execPath, ['out/main/web.js'], {
      env: { ...process.env, FUQI_PORT: String(port), FUQI_PROJECTS_DIR: root, FUQI_SESSION_TOKEN: key, FUQI_EXPORT_DIR: join(root, 'exports') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      host!.once('exit', (c) => reject(new Error(`the web host ended (${c})`)));
      host!.stdout!.on('data', (d: Buffer) => d.toString().includes('127.0.0.1') && resolve());
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: sessionCookieName(port), value: key, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Strict' }]);
    const page = await context.newPage();
    const list = (await (await page.request.post(`http://127.0.0.1:${port}/api/projects:list`, { data: null })).json()) as { value: { id: string; builtIn: boolean }[] };
    const id = list.value.find((p) => !p.builtIn)!.id;
    const t0 = performance.now();
    await page.goto(`http://127.0.0.1:${port}/#/p/${id}/data`);
    await page.locator('[role="grid"] [role="row"]').nth(3).waitFor();
    const shown = performance.now() - t0;
    const ours = await scrollFrames(page, '[role="grid"]', 240);
    const domRows = await page.locator('[role="grid"] [role="row"]').count();

    const table = Papa.parse<string[]>(readFileSync(join(root, 'five-thousand', 'cards.csv'), 'utf8'), { skipEmptyLines: true }).data;
    const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const html = `<!doctype html><meta charset="utf-8"><style>body{margin:0}#t{height:860px;overflow:auto;font:13px sans-serif}td{border:1px solid #ddd;padding:0 6px;height:31px;white-space:nowrap;max-width:160px;overflow:hidden}</style><div id="t"><table>${table.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')}</table></div>`;
    const plain = await context.newPage();
    await plain.setContent(html);
    const base = await scrollFrames(plain, '#t', 240);
    console.log(`Grid, 5,000 rows: shown in ${ms(shown)}; scrolling top to bottom, frame p50 ${ms(pct(ours, 0.5))}, p95 ${ms(pct(ours, 0.95))}, ${domRows} rows in the DOM`);
    console.log(`Baseline, a plain 5,000-row HTML table: frame p50 ${ms(pct(base, 0.5))}, p95 ${ms(pct(base, 0.95))}, ${table.length} rows in the DOM; p95 ratio ${(pct(ours, 0.95) / pct(base, 0.95)).toFixed(2)}×   [smooth: p95 ≤ 1 frame (16.7 ms at 60 Hz; headless frames are paced by the compositor)]`);
  } finally {
    await browser.close();
    host?.kill();
    rmSync(root, { recursive: true, force: true });
  }
}

/** The editor benchmarks (README "Benchmarks"). */
export async function benchEditor(): Promise<void> {
  console.log('\nCard data editor');
  await previewEdit();
  await openProject();
  console.log('\nTemplate editor');
  await benchTemplateEditor();
  try {
    await gridScroll();
  } catch (e) {
    console.log(`Grid scrolling skipped: ${(e as Error).message.split('\n')[0]}`);
  }
}
