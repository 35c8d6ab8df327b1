// The 生肖赛跑 kit: the tiled board reassembles into the board rendered whole, and the kit lays
// out on every paper. The reassembly renders one board-only PDF at 50 DPI with pdftoppm (as a
// printer would see it), finds each tile's registration crosses in the pixels, places the tiles
// by them, and compares with the board drawn whole through the PNG path. ZKIT_DEBUG=<folder>
// writes the assembled, whole and difference images there.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PAPER_IDS } from '../../../shared/print/paper';
import { REG_ARM } from '../../../shared/print/tile-pages';
import type { TilePlan } from '../../../shared/print/tiles';
import { walkOps } from '../../../shared/cards/draw-list';
import { PrintService } from '../print';
import { finishedKitJob, kitFixture } from './kit-test-helpers';
import { renderListPng } from './png';
import { exportZodiacKit, kitPages, resolveKitRequest } from './zodiac-kit';

const { fonts, deps, dir } = kitFixture('fuqi-zkit-');

const DPI = 50;
const PX = DPI / 25.4; // pixels per millimetre

async function raw(png: Buffer | string) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, w: info.width, h: info.height };
}

/** Centroid (px) of registration-magenta pixels within `r` mm of (x, y) mm on a page image. */
function findCross(img: { data: Buffer; w: number; h: number }, x: number, y: number, r: number): { x: number; y: number } | null {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let py = Math.max(0, Math.floor((y - r) * PX)); py < Math.min(img.h, Math.ceil((y + r) * PX)); py++)
    for (let px = Math.max(0, Math.floor((x - r) * PX)); px < Math.min(img.w, Math.ceil((x + r) * PX)); px++) {
      const i = (py * img.w + px) * 3;
      const [R, G, B] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
      if (R > 170 && G < 120 && B > 90 && R - G > 90) {
        sx += px + 0.5;
        sy += py + 0.5;
        n++;
      }
    }
  return n >= 4 ? { x: sx / n, y: sy / n } : null;
}

describe('生肖赛跑 kit', () => {
  it('A4 board tiles, placed by their registration crosses, match the board rendered whole (after a 1.2 px blur: mean ≤ 6/255, ≤ 0.5 % of pixels off by > 64)', async () => {
    const file = join(dir, 'board-a4.pdf');
    const r = await exportZodiacKit(deps, { paper: 'a4', parts: ['board'] }, file);
    expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
    if (!r.ok) return;
    const plan = r.value.board!;
    expect([plan.cols, plan.rows, plan.scale, plan.tiles.map((t) => t.label)]).toEqual([2, 2, 100, ['A1', 'A2', 'B1', 'B2']]);
    expect(r.value.pages).toBe(6); // cover, test page, 4 tiles
    execFileSync('pdftoppm', ['-r', String(DPI), '-png', '-f', '3', '-l', '6', file, join(dir, 't')]);
    // The board whole, at the same resolution, through the other writer (SVG → sharp).
    const b = deps.projects.get('zodiac-race-board');
    if (!b.ok) throw new Error(b.error.message);
    const { renderCard } = await import('../render');
    const list = renderCard(b.value, b.value.set.cards[0]!, fonts.measurer, { bleed: 3 }).front.list;
    const W = Math.round(286 * PX);
    const whole = await raw(await renderListPng(list, W, W, true, { fonts, assets: deps.assets(b.value.dir) }));
    const canvas = Buffer.alloc(W * W * 3, 255);
    const mask = new Uint8Array(W * W);
    for (const t of plan.tiles) {
      const img = await raw(readFileSync(join(dir, `t-${t.row * plan.cols + t.col + 3}.png`)));
      // Each cross found in the pixels gives the tile's offset: extent px − page px.
      const offs = t.marks.map((m, k) => {
        const c = findCross(img, m.x, m.y, REG_ARM + 1.5);
        expect(c, `cross ${k} of ${t.label}`).not.toBeNull();
        return { dx: t.marksExtent[k]!.x * PX - c!.x, dy: t.marksExtent[k]!.y * PX - c!.y };
      });
      const dx = offs.reduce((a, o) => a + o.dx, 0) / offs.length;
      const dy = offs.reduce((a, o) => a + o.dy, 0) / offs.length;
      // Crosses agree with each other to a pixel: the tile is not distorted.
      for (const o of offs) expect(Math.hypot(o.dx - dx, o.dy - dy)).toBeLessThan(1.5);
      // Paste the window in reading order: a later tile lies over its neighbour's glue strip.
      const x0 = Math.round(t.window.x * PX);
      const y0 = Math.round(t.window.y * PX);
      for (let py = y0; py < Math.round((t.window.y + t.window.h) * PX); py++)
        for (let px = x0; px < Math.round((t.window.x + t.window.w) * PX); px++) {
          const cx = Math.round(px + dx);
          const cy = Math.round(py + dy);
          if (cx < 0 || cy < 0 || cx >= W || cy >= W) continue;
          img.data.copy(canvas, (cy * W + cx) * 3, (py * img.w + px) * 3, (py * img.w + px) * 3 + 3);
        }
      // What the assembly shows on purpose and the whole board does not: crosses, cut lines (1 px either side).
      for (const m of t.marksExtent) for (let y = -9; y <= 9; y++) for (let x = -9; x <= 9; x++) mask[Math.round(m.y * PX + y) * W + Math.round(m.x * PX + x)] = 1;
      for (let k = -1; k <= 1; k++) {
        if (t.col > 0) for (let y = 0; y < W; y++) mask[y * W + Math.round(t.source.x * PX) + k] = 1;
        if (t.row > 0) for (let x = 0; x < W; x++) mask[(Math.round(t.source.y * PX) + k) * W + x] = 1;
      }
    }
    // Two rasterizers (poppler, librsvg) anti-alias edges differently at 50 DPI: compare both
    // images softened by the same small blur, so only real misplacement (a shifted or missing
    // stretch of board) counts.
    const soft = async (buf: Buffer) => sharp(buf, { raw: { width: W, height: W, channels: 3 } }).blur(1.2).raw().toBuffer();
    const [A, B] = [await soft(canvas), await soft(whole.data)];
    let sum = 0;
    let off = 0;
    let n = 0;
    for (let i = 0; i < W * W; i++) {
      if (mask[i]) continue;
      const d = Math.max(...[0, 1, 2].map((c) => Math.abs(A[i * 3 + c]! - B[i * 3 + c]!)));
      sum += d;
      if (d > 64) off++;
      n++;
    }
    if (process.env.ZKIT_DEBUG) {
      const diff = Buffer.alloc(W * W * 3, 255);
      for (let i = 0; i < W * W; i++) {
        const d = Math.max(...[0, 1, 2].map((c) => Math.abs(A[i * 3 + c]! - B[i * 3 + c]!)));
        if (d > 64 && !mask[i]) diff[i * 3 + 1] = diff[i * 3 + 2] = 0;
      }
      for (const [name, buf] of [['canvas', canvas], ['whole', whole.data], ['diff', diff]] as const) await sharp(buf, { raw: { width: W, height: W, channels: 3 } }).png().toFile(join(process.env.ZKIT_DEBUG, `${name}.png`));
    }
    console.log(`tiles vs whole: mean ${(sum / n).toFixed(2)}, off ${((100 * off) / n).toFixed(3)} %`);
    expect(n).toBeGreaterThan(W * W * 0.9);
    expect(sum / n).toBeLessThanOrEqual(6);
    expect(off / n).toBeLessThanOrEqual(0.005);
  }, 60_000);

  it('lays the whole kit out on every paper, in build order, with the page numbers the cover lists', async () => {
    for (const paper of PAPER_IDS) {
      const req = resolveKitRequest({ paper, parts: ['board', 'tokens', 'pieces', 'score'] });
      if (!req.ok) throw new Error(req.error.message);
      const laid = await kitPages(deps, req.value);
      if (!laid.ok) throw new Error(laid.error.message);
      const { sections, pages, plan } = laid.value;
      expect(sections.map((s) => s.title.split(' ')[0])).toEqual(['打印测试页', '棋盘', '骰子代币', '棋子与骰子', '计分条']);
      // The test page is page 2, right after the cover, and the cover lists it.
      expect([sections[0]!.from, sections[0]!.to, sections[1]!.from]).toEqual([2, 2, 3]);
      expect(sections.at(-1)!.to).toBe(pages.length);
      for (const p of pages) expect([p.widthMm, p.heightMm].sort()).toEqual([plan!.page.width, plan!.page.height].sort());
      expect(plan!.tiles.length).toBe(paper === 'a3' || paper === 'tabloid' ? 1 : 4);
    }
  }, 60_000);

  it('the print dialog\'s job writes the same bytes as the CLI for the same request, and refuses bad options with a fix', async () => {
    const req = { paper: 'letter', parts: ['score'] } as const;
    const cliFile = join(dir, 'cli.pdf');
    const cli = await exportZodiacKit(deps, req, cliFile);
    expect(cli.ok).toBe(true);
    const print = new PrintService({ ...deps, exportDir: join(dir, 'exports') });
    const job = await finishedKitJob(print, req);
    expect(job.files[0]!.path).toMatch(/zodiac-race-kit-letter-score\.pdf$/);
    expect(readFileSync(job.files[0]!.path).equals(readFileSync(cliFile))).toBe(true);
    expect(job.pages).toBe(3); // the cover, the test page and the score page
    const noTest = resolveKitRequest({ ...req, testPage: false });
    if (!noTest.ok) throw new Error(noTest.error.message);
    const bare = await kitPages(deps, noTest.value);
    expect(bare.ok && bare.value.pages.length).toBe(2); // --no-test-page: the cover and the score page
    const bad = print.startKit({ paper: 'a5', scale: 10 });
    expect(bad.ok ? '' : bad.error.message).toMatch(/^Kit option paper: /);
    const again = await exportZodiacKit(deps, req, cliFile);
    expect(again.ok ? '' : again.error.message).toMatch(/exists/);
  }, 60_000);

  it('prints the board whole or tiled as asked, with the glue overlap asked', async () => {
    const plan = async (r: object) => {
      const req = resolveKitRequest({ parts: ['board'], ...r });
      if (!req.ok) throw new Error(req.error.message);
      const laid = await kitPages(deps, req.value);
      return laid.ok ? laid.value.plan! : laid.error;
    };
    // One page on A4: the largest scale that fits (both ways round), stated on the page.
    const whole = (await plan({ paper: 'a4', tiling: 'whole' })) as TilePlan;
    expect(whole.tiles.length).toBe(1);
    expect(whole.scale).toBeGreaterThanOrEqual(60);
    expect(whole.scale).toBeLessThan(70);
    // Tiled on A3 at 100 %: two pages instead of one shrunk page.
    const tiled = (await plan({ paper: 'a3', tiling: 'tiled' })) as TilePlan;
    expect([tiled.scale, tiled.tiles.length]).toEqual([100, 2]);
    // A wider glue strip: windows overlap by it, and the crosses still sit on the shared cut line.
    const wide = (await plan({ paper: 'a4', overlap: 20 })) as TilePlan;
    expect(wide.overlap).toBe(20);
    const [a1, a2] = wide.tiles;
    expect(a1!.source.x + a1!.source.w - a2!.source.x).toBeCloseTo(20, 3);
    const onCut = a2!.marksExtent.filter((p) => Math.abs(p.x - a2!.source.x) < 1e-3);
    expect(onCut.length).toBeGreaterThanOrEqual(2);
    for (const p of onCut) expect(a1!.marksExtent.some((q) => Math.abs(p.x - q.x) < 1e-3 && Math.abs(p.y - q.y) < 1e-3)).toBe(true);
    // One page at a scale that does not fit one page: an error naming the largest that does.
    const tooBig = await plan({ paper: 'a4', tiling: 'whole', scale: 100 });
    expect('code' in tooBig && tooBig.code).toBe('print/board-whole');
    expect('message' in tooBig ? tooBig.message : '').toMatch(/^At 100 % the board needs 4 A4 pages; on one page it fits at 6\d % at most\./);
    expect(resolveKitRequest({ overlap: 3 }).ok).toBe(false);
    // The 286 mm board with bleed fits A3's printable width, but not with crop marks beside it: one
    // page, its side marks left out, every mark and the foot line inside the 5 mm margin.
    const req = resolveKitRequest({ parts: ['board'], paper: 'a3', tiling: 'whole', scale: 100 });
    if (!req.ok) throw new Error(req.error.message);
    const laid = await kitPages(deps, req.value);
    if (!laid.ok) throw new Error(laid.error.message);
    expect([laid.value.plan!.scale, laid.value.plan!.tiles.length, laid.value.plan!.sideMarksTrimmed]).toEqual([100, 1, true]);
    const page = laid.value.pages.at(-1)!;
    const crops: { x1: number; x2: number; y1: number; y2: number }[] = [];
    const texts: { x: number; width: number; y: number; text: string }[] = [];
    for (const { list } of page.items)
      for (const o of list.ops) {
        if (o.op === 'line' && o.id === 'crop') crops.push(o);
        if (o.op === 'text' && (o.id === 'tile-caption' || o.id === 'tile-label')) texts.push(o);
      }
    expect(crops.length).toBe(4); // above and below the left and right trim lines
    for (const c of crops) for (const [x, y] of [[c.x1, c.y1], [c.x2, c.y2]] as const) expect(x >= 5 && x <= page.widthMm - 5 && y >= 5 && y <= page.heightMm - 5, JSON.stringify(c)).toBe(true);
    const foot = texts;
    expect(foot.map((t) => t.text).join(' ')).toMatch(/no side crop marks.*cut the top and bottom/);
    for (const t of foot) expect(t.x >= 5 && t.x + t.width <= page.widthMm - 5 && t.y <= page.heightMm - 5, t.text).toBe(true);
  }, 60_000);

  it('prints the power cards the way round that keeps their crop marks inside the margin (auto), or as asked', async () => {
    for (const [orientation, want] of [['auto', 'landscape'], ['portrait', 'portrait']] as const) {
      const req = resolveKitRequest({ paper: 'a4', parts: ['cards'], orientation });
      if (!req.ok) throw new Error(req.error.message);
      const laid = await kitPages(deps, req.value);
      if (!laid.ok) throw new Error(laid.error.message);
      const sheets = laid.value.pages.slice(2); // after the cover and the test page
      // 12 cards: two sheets, fronts and backs, either way round.
      expect(sheets).toHaveLength(4);
      for (const p of sheets) expect(p.widthMm > p.heightMm ? 'landscape' : 'portrait').toBe(want);
    }
  }, 60_000);

  it('tile pages follow the card sheets\' mark rules: crop marks start outside the bleed and run ≥ 5 mm on white inside the 5 mm margin; text stays ≥ 6 mm from the edges', async () => {
    const cases = PAPER_IDS.flatMap((paper) => [{ paper }, { paper, tiling: 'tiled' }, { paper, tiling: 'whole' }, { paper, scale: 120 }]);
    for (const c of cases) {
      const req = resolveKitRequest({ ...c, parts: ['board'], testPage: false });
      if (!req.ok) throw new Error(req.error.message);
      const laid = await kitPages(deps, req.value);
      if (!laid.ok) throw new Error(laid.error.message);
      const plan = laid.value.plan!;
      const what = JSON.stringify(c);
      laid.value.pages.slice(1).forEach((page, i) => {
        const list = page.items[0]!.list;
        const t = plan.tiles[i]!;
        const w = t.window;
        const W = list.width;
        const H = list.height;
        const crops = list.ops.filter((o): o is Extract<typeof o, { op: 'line' }> => o.op === 'line' && o.id === 'crop');
        const edges = Object.keys(t.trimEdges).length;
        expect(crops, `${what} ${t.label}`).toHaveLength(edges * 2);
        for (const m of crops) {
          const len = Math.hypot(m.x2 - m.x1, m.y2 - m.y1);
          expect(len, `${what} ${t.label} mark length`).toBeGreaterThanOrEqual(5 - 1e-6);
          // Both ends at least 5 mm from every paper edge.
          for (const [x, y] of [[m.x1, m.y1], [m.x2, m.y2]] as const) {
            expect(Math.min(x, y, W - x, H - y), `${what} ${t.label} mark in the margin`).toBeGreaterThanOrEqual(5 - 1e-6);
            // Outside the window (the board with its bleed) by at least 0.25 mm.
            const out = Math.max(w.x - x, x - (w.x + w.w), w.y - y, y - (w.y + w.h));
            expect(out, `${what} ${t.label} mark outside the bleed`).toBeGreaterThanOrEqual(0.25 - 1e-6);
          }
        }
        // Every text of the page (foot band, cut and glue words): at least 6 mm from each edge.
        // (The board and the assembly map are groups in their own coordinates: their texts are not the page's.)
        walkOps(list.ops.filter((o) => o.id !== 'board' && o.id !== 'map-board'), (o) => {
          if (o.op !== 'text') return;
          const d = Math.abs(fonts.measurer.metrics(o.face).descent) * o.size * (25.4 / 72);
          expect(H - (o.y + d), `${what} ${t.label} "${o.text}" from the bottom`).toBeGreaterThanOrEqual(6 - 1e-6);
          expect(o.x, `${what} ${t.label} "${o.text}" from the left`).toBeGreaterThanOrEqual(5 - 1e-6);
          expect(W - (o.x + (o.width ?? 0)), `${what} ${t.label} "${o.text}" from the right`).toBeGreaterThanOrEqual(5 - 1e-6);
        });
      });
    }
  }, 120_000);
});
