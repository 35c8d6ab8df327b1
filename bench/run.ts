// npm run bench — export speed and size, measured here and reported as ratios against a
// baseline run in the same process (README "Benchmarks" quotes its output).
//
//  1. 斗福 kit: 48 fronts and backs + 4 reference cards + calibration page, A4, long-edge duplex.
//     Timed warm (after one untimed run), median of 5.
//  2. Baseline: the same 52 faces as an HTML page (inline SVG, the same fonts) printed to PDF by
//     headless Chromium — how web card tools export. Warm browser, median of 3.
//  3. Each built-in rulebook (A5, every language): typeset and written as PDF, warm.
//  4. A 500-card synthetic deck: time and peak memory (RSS sampled every 5 ms).
//  5. 斗福 engine and bots: hands/s, search time per move, the 100,000-hand soak (bench/games.ts).
//  6. The card data editor: cell edit → preview, opening 1,000 rows, grid scrolling (bench/editor.ts).
//  7. The CLI's whole process: `npm run cli -- export doufu`, first run and later runs (bench/cli-start.ts).
//  8. The template editor: a template edit → the canvas card and the 200-card deck preview (bench/template-editor.ts;
//     run with the card data editor's part).
//  9. 生肖赛跑 engine and bots: games/s with random and heuristic bots, search time (bench/zodiac.ts).
// 10. The sandbox table's engine on 500 cards: open, shuffle + deal, one move (bench/sandbox.ts).
// 11. 斗老闆 engine and bots: random deals/s with records, legal-move listing, search vs heuristic (bench/dou-laoban.ts).
// BENCH_ONLY=editor|games|cli|templates|zodiac|sandbox|dou-laoban runs one part.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { chromium } from 'playwright-core';
import { createServices } from '../src/main/services';
import { ProjectStore } from '../src/main/services/projects';
import { exportKit } from '../src/main/services/export/kit';
import { PrintService } from '../src/main/services/print';
import { renderProject } from '../src/main/services/render';
import { exportRulebook, rulebookLanguages } from '../src/main/services/rulebook';
import { drawListToSvg } from '../src/shared/cards/svg';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';
import { benchCliStart } from './cli-start';
import { benchEditor } from './editor';
import { benchTemplateEditor } from './template-editor';
import { benchGames } from './games';
import { benchZodiac } from './zodiac';
import { benchSandbox } from './sandbox';
import { benchDouLaoban } from './dou-laoban';

const req = createRequire(import.meta.url);
const out = mkdtempSync(join(tmpdir(), 'fuqi-bench-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function ourKit(services: ReturnType<typeof createServices>, store: ProjectStore, projectId: string, file: string) {
  const r = PrintService.resolve({ projectId, paper: 'a4', duplex: 'long', calibration: true });
  if (!r.ok) throw new Error(r.error.message);
  const t0 = performance.now();
  const res = await exportKit({ projects: store, fonts: services.fonts, assets: services.assets.forProject }, r.value, { pdf: file });
  if (!res.ok) throw new Error(res.error.message);
  return { ms: performance.now() - t0, bytes: res.value.files[0]!.bytes, pages: res.value.pages };
}

function fontFace(family: string, weight: number, pkgFile: string): string {
  const data = readFileSync(req.resolve(pkgFile)).toString('base64');
  return `@font-face{font-family:'${family}';font-weight:${weight};src:url(data:font/woff2;base64,${data}) format('woff2')}`;
}

async function chromiumBaseline(services: ReturnType<typeof createServices>, file: string) {
  const p = services.projects.get('doufu');
  if (!p.ok) throw new Error(p.error.message);
  const rp = await renderProject(services.projects, p.value, services.fonts.measurer, (ref) => services.assets.dataUrl(ref, p.value.dir));
  const faces = rp.cards.flatMap((c) => [c.front, c.back]);
  const svg = faces.map((f, i) => `<div class="c">${drawListToSvg(f.list, { text: 'text', imageHref: (r) => rp.images[r], idPrefix: `f${i}` })}</div>`).join('');
  const css =
    fontFace('Noto Sans SC', 400, '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff2') +
    fontFace('Noto Sans SC', 500, '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-500-normal.woff2') +
    fontFace('Noto Sans SC', 700, '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-700-normal.woff2') +
    fontFace('Ma Shan Zheng', 400, '@fontsource/ma-shan-zheng/files/ma-shan-zheng-chinese-simplified-400-normal.woff2') +
    '@page{size:A4;margin:5mm}body{margin:0}.c{display:inline-block;width:69mm;height:94mm;margin:0}.c svg{width:69mm;height:94mm}';
  const html = `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body>${svg}</body></html>`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage();
    const run = async () => {
      const t0 = performance.now();
      await page.setContent(html, { waitUntil: 'load' });
      await page.evaluate('document.fonts.ready');
      const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      return { ms: performance.now() - t0, pdf };
    };
    await run();
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await run());
    writeFileSync(file, runs[0]!.pdf);
    return { ms: median(runs.map((r) => r.ms)), bytes: runs[0]!.pdf.length };
  } finally {
    await browser.close();
  }
}

/** A copy of the 斗福 project with `n` cards (its rows cycled, ids made unique). */
function syntheticProject(n: number): string {
  const root = mkdtempSync(join(tmpdir(), 'fuqi-synth-'));
  const src = createServices({ mode: 'cli' }).projects.get('doufu');
  if (!src.ok) throw new Error(src.error.message);
  cpSync(src.value.dir, join(root, 'synth'), { recursive: true });
  const csv = Papa.parse<Record<string, string>>(readFileSync(join(src.value.dir, 'cards.csv'), 'utf8'), { header: true, skipEmptyLines: true });
  const game = csv.data.filter((r) => !(r.template ?? '').startsWith('reference'));
  const rows = Array.from({ length: n }, (_, i) => ({ ...game[i % game.length]!, id: `C${String(i + 1).padStart(4, '0')}`, copies: '1' }));
  writeFileSync(join(root, 'synth', 'cards.csv'), Papa.unparse(rows));
  const pj = JSON.parse(readFileSync(join(root, 'synth', 'project.json'), 'utf8'));
  writeFileSync(join(root, 'synth', 'project.json'), JSON.stringify({ ...pj, id: 'synth' }));
  return root;
}

async function main() {
  console.log(`Fuqi Workshop benchmark — node ${process.version}, ${(await import('node:os')).cpus().length} cores\n`);
  if (process.env.BENCH_ONLY === 'editor') return benchEditor();
  if (process.env.BENCH_ONLY === 'games') return benchGames();
  if (process.env.BENCH_ONLY === 'cli') return benchCliStart();
  if (process.env.BENCH_ONLY === 'templates') return benchTemplateEditor();
  if (process.env.BENCH_ONLY === 'zodiac') return benchZodiac();
  if (process.env.BENCH_ONLY === 'sandbox') return benchSandbox();
  if (process.env.BENCH_ONLY === 'dou-laoban') return benchDouLaoban();
  const services = createServices({ mode: 'cli', exportDir: out });
  const file = join(out, 'doufu.pdf');
  await ourKit(services, services.projects, 'doufu', file); // warm-up: fonts parsed, icons rasterized
  const ours = [];
  for (let i = 0; i < 5; i++) ours.push(await ourKit(services, services.projects, 'doufu', file));
  const o = { ms: median(ours.map((r) => r.ms)), bytes: ours[0]!.bytes, pages: ours[0]!.pages };
  console.log(`斗福 kit (52 cards, fronts + backs, calibration; ${o.pages} pages): ${s(o.ms)} warm, ${mb(o.bytes)}   [targets: < 1.5 s, < 3 MB]`);

  let baseline: { ms: number; bytes: number } | null = null;
  try {
    baseline = await chromiumBaseline(services, join(out, 'doufu-chromium.pdf'));
    console.log(`Baseline, same 52 faces as HTML printed by headless Chromium: ${s(baseline.ms)} warm, ${mb(baseline.bytes)}`);
    console.log(`Ratios (ours / Chromium): time ${(o.ms / baseline.ms).toFixed(2)}×, size ${(o.bytes / baseline.bytes).toFixed(2)}×   [must be < 1 for both]`);
  } catch (e) {
    console.log(`Baseline skipped: Chromium could not run (${(e as Error).message.split('\n')[0]}). Install Debian's chromium.`);
  }

  // Rulebooks: typeset + PDF, warm (fonts loaded by the runs above), median of 3. Target < 2 s each.
  const rdeps = { projects: services.projects, fonts: services.fonts, assets: services.assets.forProject };
  for (const id of services.projects.ids()) {
    const p = services.projects.get(id);
    if (!p.ok) continue;
    for (const lang of rulebookLanguages(p.value)) {
      const file = join(out, `${id}-rules-${lang}.pdf`);
      const times: number[] = [];
      let info = { pages: 0, bytes: 0 };
      for (let i = 0; i < 4; i++) {
        const t0 = performance.now();
        const r = await exportRulebook(rdeps, { projectId: id, lang, paper: 'a5' }, file);
        if (!r.ok) throw new Error(r.error.message);
        if (i > 0) times.push(performance.now() - t0); // the first run loads this book's glyphs
        info = { pages: r.value.pages, bytes: r.value.bytes };
      }
      console.log(`Rulebook ${id} (${lang}, A5, ${info.pages} pages): ${s(median(times))} warm, ${mb(info.bytes)}   [target: < 2 s]`);
    }
  }

  const root = syntheticProject(500);
  const store = new ProjectStore(root);
  let peak = process.memoryUsage().rss;
  const before = peak;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const big = await ourKit(services, store, 'synth', join(out, 'synth.pdf'));
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(`500-card synthetic deck (${big.pages} pages): ${s(big.ms)}, ${mb(big.bytes)}, peak RSS ${mb(peak)} (+${mb(peak - before)} over the start of the run)`);
  console.log(`Per card: ${(big.ms / 500).toFixed(1)} ms; scaling vs the 52-card kit: ${(big.ms / o.ms).toFixed(1)}× the time for ${(500 / 52).toFixed(1)}× the cards`);
  rmSync(root, { recursive: true, force: true });
  if (process.env.BENCH_KEEP) console.log(`\nPDFs kept in ${out} (BENCH_KEEP)`);
  else rmSync(out, { recursive: true, force: true });

  // 斗福 engine and bot speed, and the 100,000-hand soundness soak (bench/games.ts).
  await benchGames();
  await benchZodiac();
  await benchSandbox();
  await benchDouLaoban();
  await benchEditor();
  benchCliStart();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
