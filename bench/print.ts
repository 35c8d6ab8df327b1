// npm run bench, print part: the 斗福 kit against headless Chromium, the PNG export against the
// PDF export, the rulebooks, and a 500-card synthetic deck (see bench/run.ts for the list).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
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
import { sized, smoke } from './scale';

const req = createRequire(import.meta.url);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A smoke run's few cards (every card in a real run). */
const SMOKE_CARDS = ['RAT-FU', 'RAT-Y1', 'OX-FU', 'REF-1'];

async function ourKit(services: ReturnType<typeof createServices>, store: ProjectStore, projectId: string, file: string, pngDir?: string) {
  const cards = smoke() && projectId === 'doufu' ? SMOKE_CARDS : [];
  const r = PrintService.resolve({ projectId, paper: 'a4', duplex: 'long', calibration: true, cards, png: !!pngDir });
  if (!r.ok) throw new Error(r.error.message);
  if (pngDir) rmSync(pngDir, { recursive: true, force: true });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const res = await exportKit({ projects: store, fonts: services.fonts, assets: services.assets.forProject }, r.value, { pdf: file, overwrite: true, ...(pngDir ? { pngDir } : {}) });
  if (!res.ok) throw new Error(res.error.message);
  const c = process.cpuUsage(c0); // every thread of the process: sharp's included
  const pngs = res.value.files.filter((f) => f.kind === 'png-dir').reduce((n, f) => n + readdirSync(f.path).length, 0);
  return { ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000, bytes: res.value.files[0]!.bytes, pages: res.value.pages, pngs };
}

function fontFace(family: string, weight: number, pkgFile: string): string {
  const data = readFileSync(req.resolve(pkgFile)).toString('base64');
  return `@font-face{font-family:'${family}';font-weight:${weight};src:url(data:font/woff2;base64,${data}) format('woff2')}`;
}

async function chromiumBaseline(services: ReturnType<typeof createServices>, file: string) {
  const p = services.projects.get('doufu');
  if (!p.ok) throw new Error(p.error.message);
  const rp = await renderProject(services.projects, p.value, services.fonts.measurer, (ref) => services.assets.dataUrl(ref, p.value.dir));
  const faces = rp.cards.flatMap((c) => [c.front, c.back]).slice(0, sized(Infinity, 2 * SMOKE_CARDS.length));
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
    for (let i = 0; i < sized(3, 1); i++) runs.push(await run());
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

/** The print benchmarks (README "Benchmarks"). */
export async function benchPrint(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'fuqi-bench-'));
  const services = createServices({ mode: 'cli', exportDir: out });
  const file = join(out, 'doufu.pdf');
  await ourKit(services, services.projects, 'doufu', file); // warm-up: fonts parsed, icons rasterized
  const ours = [];
  for (let i = 0; i < sized(5, 1); i++) ours.push(await ourKit(services, services.projects, 'doufu', file));
  const o = { ms: median(ours.map((r) => r.ms)), bytes: ours[0]!.bytes, pages: ours[0]!.pages };
  console.log(`斗福 kit (${sized(52, SMOKE_CARDS.length)} cards, fronts + backs, calibration; ${o.pages} pages): ${s(o.ms)} warm, ${mb(o.bytes)}   [targets: < 1.5 s, < 3 MB]`);

  let baseline: { ms: number; bytes: number } | null = null;
  try {
    baseline = await chromiumBaseline(services, join(out, 'doufu-chromium.pdf'));
    console.log(`Baseline, the same ${sized(52, SMOKE_CARDS.length)} cards' faces as HTML printed by headless Chromium: ${s(baseline.ms)} warm, ${mb(baseline.bytes)}`);
    console.log(`Ratios (ours / Chromium): time ${(o.ms / baseline.ms).toFixed(2)}×, size ${(o.bytes / baseline.bytes).toFixed(2)}×   [must be < 1 for both]`);
  } catch (e) {
    console.log(`Baseline skipped: Chromium could not run (${(e as Error).message.split('\n')[0]}). Install Debian's chromium.`);
  }

  // PNGs: the same export with a 300 DPI PNG of every face; the PNGs' share of the time against the
  // PDF export alone (median of 3, warm). Target: ≤ 3 s for the 104 PNGs of the 斗福 deck on 2 cores.
  const pngDir = join(out, 'png');
  await ourKit(services, services.projects, 'doufu', file, pngDir); // warm: art rasterized for the PNG size
  const withPng = [];
  for (let i = 0; i < sized(3, 1); i++) withPng.push(await ourKit(services, services.projects, 'doufu', file, pngDir));
  const pngMs = Math.max(0, median(withPng.map((r) => r.ms)) - o.ms);
  const pngCpu = Math.max(0, median(withPng.map((r) => r.cpuMs)) - median(ours.map((r) => r.cpuMs)));
  console.log(
    `PNG export, ${withPng[0]!.pngs} faces at 300 DPI: ${s(pngMs)} on ${availableParallelism()} cores (the PDF alone ${s(o.ms)}); ratio to the PDF export ${(pngMs / o.ms).toFixed(1)}×, ${(pngMs / Math.max(1, withPng[0]!.pngs)).toFixed(1)} ms per PNG   [target: ≤ 3 s for 104 PNGs on 2 cores]`,
  );
  console.log(`  CPU time of the PNGs, all threads: ${s(pngCpu)} (${(pngCpu / Math.max(1, pngMs)).toFixed(1)} cores busy; load average ${loadavg()[0]!.toFixed(1)})`);

  // Rulebooks: typeset + PDF, warm (fonts loaded by the runs above), median of 3. Target < 2 s each.
  const rdeps = { projects: services.projects, fonts: services.fonts, assets: services.assets.forProject };
  for (const id of services.projects.ids().slice(0, sized(Infinity, 1))) {
    const p = services.projects.get(id);
    if (!p.ok) continue;
    for (const lang of rulebookLanguages(p.value).slice(0, sized(Infinity, 1))) {
      const file = join(out, `${id}-rules-${lang}.pdf`);
      const times: number[] = [];
      let info = { pages: 0, bytes: 0 };
      for (let i = 0; i < sized(4, 2); i++) {
        const t0 = performance.now();
        const r = await exportRulebook(rdeps, { projectId: id, lang, paper: 'a5' }, file);
        if (!r.ok) throw new Error(r.error.message);
        if (i > 0) times.push(performance.now() - t0); // the first run loads this book's glyphs
        info = { pages: r.value.pages, bytes: r.value.bytes };
      }
      console.log(`Rulebook ${id} (${lang}, A5, ${info.pages} pages): ${s(median(times))} warm, ${mb(info.bytes)}   [target: < 2 s]`);
    }
  }

  const n = sized(500, 12);
  const root = syntheticProject(n);
  const store = new ProjectStore(root);
  let peak = process.memoryUsage().rss;
  const before = peak;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const big = await ourKit(services, store, 'synth', join(out, 'synth.pdf'));
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(`${n}-card synthetic deck (${big.pages} pages): ${s(big.ms)}, ${mb(big.bytes)}, peak RSS ${mb(peak)} (+${mb(peak - before)} over the start of the run)`);
  console.log(`Per card: ${(big.ms / n).toFixed(1)} ms; scaling vs the 52-card kit: ${(big.ms / o.ms).toFixed(1)}× the time for ${(n / 52).toFixed(1)}× the cards`);
  rmSync(root, { recursive: true, force: true });
  if (process.env.BENCH_KEEP) console.log(`\nPDFs kept in ${out} (BENCH_KEEP)`);
  else rmSync(out, { recursive: true, force: true });
}
