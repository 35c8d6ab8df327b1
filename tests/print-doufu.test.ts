// The 斗福 print-and-play PDF, written by the real pipeline (fonts, layout, imposition, pdf-lib)
// and read back from the bytes: page count and size, fonts embedded as tagged subsets, text
// extractable, every card where it should be and every back exactly behind its front.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../src/main/services';
import { exportKit, type ExportResult } from '../src/main/services/export/kit';
import { PrintService } from '../src/main/services/print';
import { walkOps } from '../src/shared/cards/draw-list';
import { renderCard } from '../src/main/services/render';
import { contentText, imageObjectCount, pageSizesMm, pdffonts, pdftotext, placedItems, wordBoxes } from './pdf-probe';

const dir = mkdtempSync(join(tmpdir(), 'fuqi-print-'));
const services = createServices({ mode: 'cli', exportDir: dir });
const deps = { projects: services.projects, fonts: services.fonts, assets: services.assets.forProject };
const project = (() => {
  const p = services.projects.get('doufu');
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
})();

async function exportPdf(name: string, options: Record<string, unknown>): Promise<{ file: string; doc: PDFDocument; res: ExportResult }> {
  // Portrait, as these checks measure it (the default, `auto`, turns A4 and Letter to landscape).
  const r = PrintService.resolve({ projectId: 'doufu', orientation: 'portrait', ...options });
  if (!r.ok) throw new Error(r.error.message);
  const file = join(dir, `${name}.pdf`);
  const res = await exportKit(deps, r.value, { pdf: file });
  if (!res.ok) throw new Error(res.error.message);
  return { file, doc: await PDFDocument.load(readFileSync(file)), res: res.value };
}

// Expected imposition, computed here by hand from print.md, independently of src/shared/print:
// poker 63 × 88 with 3 mm bleed on A4 inside 5 mm margins, crop marks. Across: 210 − 10 − 189 =
// 11 mm spare holds the 2 × 3 mm outer bleed but not 2 × 5.25 mm of marks as well, so cards butt
// (grid 189 wide, centred: x0 = 10.5). Down: 287 − 264 = 23 mm spare: 2 × 3 mm outer bleed,
// 2 × 5.25 mm marks on white inside the margin, and the 6.5 mm left make two 3.25 mm gutters
// (1.625 mm bleed at each inner cut; grid 270.5 tall: y0 = 13.25).
const A4 = { w: 210, h: 297 };
const COLS = [10.5, 73.5, 136.5];
const ROWS = [13.25, 104.5, 195.75];

let long: Awaited<ReturnType<typeof exportPdf>>;
let short: Awaited<ReturnType<typeof exportPdf>>;
let offset: Awaited<ReturnType<typeof exportPdf>>;

beforeAll(async () => {
  long = await exportPdf('long', { paper: 'a4', duplex: 'long' });
  short = await exportPdf('short', { paper: 'a4', duplex: 'short', calibration: false });
  offset = await exportPdf('offset', { paper: 'a4', duplex: 'long', backOffset: { x: 1.5, y: -0.7 }, calibration: false });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('斗福 print-and-play PDF', () => {
  it('has the calibration pair and 6 sheets front and back, every page exactly A4', () => {
    expect(long.res.pages).toBe(14);
    expect(long.doc.getPageCount()).toBe(14);
    for (const s of pageSizesMm(long.doc)) {
      expect(s.w).toBeCloseTo(A4.w, 2);
      expect(s.h).toBeCloseTo(A4.h, 2);
    }
    expect(long.res.preflight.blocking).toBe(false);
  });

  it('prints on US Letter at exactly 8.5 × 11 in, 3 × 3 cards per page', async () => {
    const letter = await exportPdf('letter', { paper: 'letter', duplex: 'none', calibration: false });
    expect(letter.doc.getPageCount()).toBe(6);
    const p = letter.doc.getPage(0);
    expect(p.getWidth()).toBeCloseTo(612, 2);
    expect(p.getHeight()).toBeCloseTo(792, 2);
    expect(placedItems(letter.doc, 0)).toHaveLength(9);
  });

  it('embeds every font as a subset with a subset tag (pdffonts: emb yes, sub yes)', () => {
    const fonts = pdffonts(long.file);
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const f of fonts) {
      expect(f.name).toMatch(/^[A-Z]{6}\+/);
      expect(f.emb).toBe(true);
      expect(f.sub).toBe(true);
    }
  });

  it('keeps the text of every card name and skill name extractable', () => {
    const text = pdftotext(long.file).replace(/\s+/g, '');
    for (const c of project.set.cards) {
      for (const key of ['name_zh', 'skill_zh']) {
        const v = (c.fields[key] ?? '').replace(/\s+/g, '');
        if (v) expect(text, `${c.id} ${key}`).toContain(v);
      }
    }
  });

  it('places each front at its slot to 0.01 mm, clipped to its visible bleed', () => {
    const firstSheet = 2; // after the calibration pair
    const items = placedItems(long.doc, firstSheet);
    expect(items).toHaveLength(9);
    items.forEach((it, i) => {
      expect(it.at.x).toBeCloseTo(COLS[i % 3]!, 2);
      expect(it.at.y).toBeCloseTo(ROWS[Math.floor(i / 3)]!, 2);
      // Butted columns: the clip reaches 3 mm out only at the grid's outer edges.
      expect(it.clip.x).toBeCloseTo(i % 3 === 0 ? 7.5 : COLS[i % 3]!, 2);
      const row = Math.floor(i / 3);
      expect(it.clip.y).toBeCloseTo(ROWS[row]! - (row === 0 ? 3 : 1.625), 2);
      expect(it.clip.h).toBeCloseTo(row === 1 ? 91.25 : 92.625, 2);
    });
  });

  it('long-edge duplex: each back is its front mirrored left-right, within 0.1 mm', () => {
    for (let sheet = 0; sheet < 6; sheet++) {
      const front = placedItems(long.doc, 2 + sheet * 2);
      const back = placedItems(long.doc, 3 + sheet * 2);
      expect(back).toHaveLength(front.length);
      front.forEach((f, i) => {
        expect(Math.abs(back[i]!.at.x - (A4.w - f.at.x - 63))).toBeLessThan(0.1);
        expect(Math.abs(back[i]!.at.y - f.at.y)).toBeLessThan(0.1);
      });
    }
  });

  it('short-edge duplex: each back is its front mirrored top-bottom, within 0.1 mm', () => {
    const front = placedItems(short.doc, 0);
    const back = placedItems(short.doc, 1);
    front.forEach((f, i) => {
      expect(Math.abs(back[i]!.at.x - f.at.x)).toBeLessThan(0.1);
      expect(Math.abs(back[i]!.at.y - (A4.h - f.at.y - 88))).toBeLessThan(0.1);
    });
  });

  it('short-edge duplex turns every back 180° about its trim centre (the reference back reads as in long-edge output); long-edge never does', () => {
    const turned = (doc: PDFDocument, page: number) => (contentText(doc, page).match(/-1 -?0 -?0 -1 63 88 cm/g) ?? []).length;
    expect(turned(short.doc, 1)).toBe(9);
    expect(turned(short.doc, 0)).toBe(0);
    expect(turned(long.doc, 3)).toBe(0);
  });

  it('shifts back pages by the back offset, and only back pages', () => {
    const front = placedItems(offset.doc, 0);
    const back = placedItems(offset.doc, 1);
    front.forEach((f, i) => {
      expect(f.at.x).toBeCloseTo(COLS[i % 3]!, 2);
      expect(back[i]!.at.x).toBeCloseTo(A4.w - f.at.x - 63 + 1.5, 2);
      expect(back[i]!.at.y).toBeCloseTo(f.at.y - 0.7, 2);
    });
  });

  it('puts the right back behind each front: the reference cards’ own backs land behind them', () => {
    // The reference cards come last: sheet 6 holds them. Their back side carries the 21 combos.
    const refIdx = project.set.cards.filter((c) => c.template.startsWith('reference')).length;
    expect(refIdx).toBe(4);
    const lastFront = 2 + 5 * 2;
    const items = placedItems(long.doc, lastFront);
    const backWords = wordBoxes(long.file, lastFront + 2);
    const refBackWord = backWords.find((w) => w.word.includes('连中三元'));
    expect(refBackWord, 'a reference back shows the combo table').toBeDefined();
    // That word sits inside the mirrored trim of one of the reference fronts on this sheet.
    const mirrored = items.map((f) => ({ x: A4.w - f.at.x - 63, y: f.at.y }));
    const inside = mirrored.filter((m) => refBackWord!.x >= m.x && refBackWord!.x2 <= m.x + 63 && refBackWord!.y >= m.y && refBackWord!.y2 <= m.y + 88);
    expect(inside).toHaveLength(1);
    const k = mirrored.indexOf(inside[0]!);
    const frontWords = wordBoxes(long.file, lastFront + 1).filter((w) => w.x >= items[k]!.at.x && w.x2 <= items[k]!.at.x + 63 && w.y >= items[k]!.at.y && w.y2 <= items[k]!.at.y + 88);
    expect(frontWords.map((w) => w.word).join('')).toMatch(/提示/);
  });

  it('stores each distinct image once, however many cards use it', () => {
    const refs = new Set<string>();
    for (const c of project.set.cards) {
      const r = renderCard(project, c, services.fonts.measurer);
      for (const f of [r.front, r.back]) walkOps(f.list.ops, (op) => op.op === 'image' && refs.add(op.ref));
    }
    expect(refs.size).toBeGreaterThan(0);
    expect(imageObjectCount(long.doc)).toBe(refs.size);
  });

  it('writes the same bytes for the same input', async () => {
    const again = await exportPdf('long-again', { paper: 'a4', duplex: 'long' });
    expect(Buffer.compare(readFileSync(again.file), readFileSync(long.file))).toBe(0);
  });
});
