import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DrawList } from '../../../shared/cards/draw-list';
import { mmToPt } from '../../../shared/util/units';
import { createAssetService } from './assets';
import { createFontService } from './fonts';
import { subsetTag, writePdf, type PdfPage } from './pdf';

const dir = mkdtempSync(join(tmpdir(), 'pdf-test-'));
const fonts = createFontService();
const assets = createAssetService({ projectDir: dir });
let n = 0;

/** Write bytes to a temp file and run a poppler tool on it. */
function poppler(tool: string, bytes: Uint8Array, ...args: string[]): string {
  const file = join(dir, `t${++n}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
}

/** Render page 1 at 254 DPI (10 px per mm) and return the RGB at a point in mm. */
async function pixelAt(bytes: Uint8Array, xMm: number, yMm: number): Promise<number[]> {
  const file = join(dir, `r${++n}.pdf`);
  writeFileSync(file, bytes);
  execFileSync('pdftoppm', ['-r', '254', '-png', '-singlefile', '-f', '1', '-l', '1', file, file]);
  const { data, info } = await sharp(readFileSync(`${file}.png`)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (Math.round(yMm * 10) * info.width + Math.round(xMm * 10)) * 3;
  return [...data.subarray(i, i + 3)];
}

/** Matches a channel value within ±1.5 (antialiasing and 50 % rounding). */
const near = (v: number): unknown => expect.closeTo(v, -0.5);

const text = (t: string, x: number, y: number, extra: Partial<DrawList['ops'][number]> = {}): DrawList['ops'][number] =>
  ({ op: 'text', x, y, text: t, face: 'sans', size: 10, color: '#000000', width: fonts.measurer.width('sans', t, 10), ...extra }) as DrawList['ops'][number];

const card: DrawList = {
  width: 63,
  height: 88,
  bleed: 3,
  ops: [
    { op: 'rect', x: -3, y: -3, w: 69, h: 94, fill: { color: '#ffffff' } },
    text('福鼠', 5, 15, { face: 'brush', size: 24 }),
    text('投鼠忌器 Rat', 5, 30),
  ],
};
const a4 = (lists: DrawList[]): PdfPage => ({ widthMm: 210, heightMm: 297, items: lists.map((list, i) => ({ list, x: 10 + (i % 3) * 63, y: 10 + Math.floor(i / 3) * 88 })) });

beforeAll(async () => {
  await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2040c0' } }).png().toFile(join(dir, 'blue.png'));
});

describe('writePdf', () => {
  it('writes selectable Chinese text in subset-tagged fonts', async () => {
    const bytes = await writePdf([a4([card, card])], { fonts });
    const txt = poppler('pdftotext', bytes);
    expect(txt).toContain('福鼠');
    expect(txt).toContain('投鼠忌器 Rat');
    const rows = poppler('pdffonts', bytes).trim().split('\n').slice(2);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatch(/^[A-Z]{6}\+(NotoSansSC-Regular|MaShanZheng-Regular)\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    // All three names carry the tag: Type0 BaseFont, CIDFont BaseFont, FontDescriptor FontName.
    const doc = await PDFDocument.load(bytes);
    const type0 = doc.context.enumerateIndirectObjects().map(([, o]) => o).filter((o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of('Subtype')) === PDFName.of('Type0'));
    expect(type0).toHaveLength(2);
    for (const f of type0) {
      const base = f.lookup(PDFName.of('BaseFont'), PDFName).decodeText();
      const cid = f.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
      expect(cid.lookup(PDFName.of('BaseFont'), PDFName).decodeText()).toBe(base);
      expect(cid.lookup(PDFName.of('FontDescriptor'), PDFDict).lookup(PDFName.of('FontName'), PDFName).decodeText()).toBe(base);
    }
    expect(bytes.length).toBeLessThan(60_000); // subsets, not whole CJK fonts
  });

  it('places text where the draw list says, as wide as the measurer says', async () => {
    const list: DrawList = { width: 100, height: 50, bleed: 0, ops: [text('投鼠忌器', 10, 20), text('福鼠', 10, 40, { letterSpacing: 2 })] };
    const bbox = poppler('pdftotext', await writePdf([{ widthMm: 120, heightMm: 60, items: [{ list, x: 5, y: 5 }] }], { fonts }), '-bbox');
    const word = /<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">投鼠忌器<\/word>/.exec(bbox)!;
    expect(Number(word[1])).toBeCloseTo(mmToPt(15), 3);
    expect(Number(word[2]) - Number(word[1])).toBeCloseTo(mmToPt(fonts.measurer.width('sans', '投鼠忌器', 10)), 3);
    // Letter spacing (Tc) moves the second character by 1 em + 2 mm.
    const xs = [...bbox.matchAll(/<word xMin="([\d.]+)"[^>]*>(福|鼠)<\/word>/g)].map((m) => Number(m[1]));
    expect(xs).toHaveLength(2);
    expect(xs[1]! - xs[0]!).toBeCloseTo(10 + mmToPt(2), 3);
  });

  it('embeds a brush subset whose last glyph is an empty space (fontkit reads past an unpadded glyf)', async () => {
    const list: DrawList = { width: 100, height: 40, bleed: 0, ops: [text('斗 福', 10, 20, { face: 'brush', size: 20, width: fonts.measurer.width('brush', '斗 福', 20) })] };
    const bytes = await writePdf([{ widthMm: 100, heightMm: 40, items: [{ list, x: 0, y: 0 }] }], { fonts });
    expect(poppler('pdftotext', bytes).replace(/\s+/g, '')).toBe('斗福');
  });

  it('gives the same bytes for the same input', async () => {
    const pages = [a4([card]), { ...a4([card]), items: [{ list: card, x: 3, y: 3, trimBox: true }] }];
    const one = await writePdf(pages, { fonts: createFontService(), title: 'Deck' });
    const two = await writePdf(pages, { fonts: createFontService(), title: 'Deck' });
    expect(Buffer.from(one).equals(Buffer.from(two))).toBe(true);
    expect(poppler('pdfinfo', one)).toMatch(/CreationDate:\s+Sat Jan\s+1 00:00:00 2000 UTC/);
  });

  it('makes pages exactly the paper size and sets trim and bleed boxes', async () => {
    const bytes = await writePdf(
      [a4([card]), { widthMm: 69, heightMm: 94, items: [{ list: card, x: 3, y: 3, trimBox: true }] }, { widthMm: 100, heightMm: 100, items: [], boxes: { trim: { x: 10, y: 20, w: 30, h: 40 } } }],
      { fonts },
    );
    const doc = await PDFDocument.load(bytes);
    const [p1, p2, p3] = doc.getPages();
    expect(p1!.getSize().width).toBe(mmToPt(210));
    expect(p1!.getSize().height).toBe(mmToPt(297));
    expect(poppler('pdfinfo', bytes)).toMatch(/Page size:\s+595.276 x 841.89 pts \(A4\)/);
    const trim = p2!.getTrimBox();
    expect([trim.x, trim.y, trim.width, trim.height].map((v) => v / mmToPt(1))).toEqual([3, 3, 63, 88].map((v) => expect.closeTo(v, 9)));
    const bleed = p2!.getBleedBox();
    expect([bleed.x, bleed.y, bleed.width, bleed.height].map((v) => v / mmToPt(1))).toEqual([0, 0, 69, 94].map((v) => expect.closeTo(v, 9)));
    const t3 = p3!.getTrimBox(); // y flips: 100 - 20 - 40 = 40 mm from the bottom
    expect([t3.x, t3.y, t3.width, t3.height].map((v) => v / mmToPt(1))).toEqual([10, 40, 30, 40].map((v) => expect.closeTo(v, 9)));
  });

  it('embeds an image used twice once, at ≥ 300 DPI for its largest use', async () => {
    const img = (x: number, w: number): DrawList['ops'][number] => ({ op: 'image', x, y: 5, w, h: w, ref: 'file:blue.png' });
    const list: DrawList = { width: 63, height: 88, bleed: 0, ops: [img(5, 10), img(20, 20)] };
    const bytes = await writePdf([a4([list, list])], { fonts, assets });
    const doc = await PDFDocument.load(bytes);
    const images = doc.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .filter((o): o is PDFRawStream => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images).toHaveLength(1);
    expect(images[0]!.dict.get(PDFName.of('Width'))!.toString()).toBe('237'); // 20 mm at 300 DPI
    expect(await pixelAt(bytes, 10 + 25, 10 + 10)).toEqual([0x20, 0x40, 0xc0]);
    await expect(writePdf([a4([list])], { fonts })).rejects.toThrow(/no `assets` resolver/);
  });

  it('names the layer and the ref when an image cannot be embedded', async () => {
    writeFileSync(join(dir, 'text.png'), 'not a picture');
    const list: DrawList = { width: 63, height: 88, bleed: 0, ops: [{ op: 'image', id: 'art', x: 5, y: 5, w: 20, h: 20, ref: 'file:text.png' }] };
    await expect(writePdf([a4([list])], { fonts, assets })).rejects.toThrow(/^Layer “art”: Image ref "file:text\.png" is not a readable image/);
    const outside: DrawList = { ...list, ops: [{ op: 'image', id: 'art', x: 5, y: 5, w: 20, h: 20, ref: 'file:../../etc/passwd.png' }] };
    await expect(writePdf([a4([outside])], { fonts, assets })).rejects.toThrow(/^Layer “art”: Image ref "file:\.\.\/\.\.\/etc\/passwd\.png": .*goes up out of the project folder/);
  });

  it('draws shapes, clips, rotation and opacity where the draw list says', async () => {
    const list: DrawList = {
      width: 100,
      height: 100,
      bleed: 0,
      ops: [
        { op: 'rect', x: 0, y: 0, w: 20, h: 10, fill: { color: '#ff0000' } },
        { op: 'rect', x: 30, y: 0, w: 20, h: 10, fill: { color: '#0000ff', opacity: 0.5 } },
        { op: 'ellipse', cx: 70, cy: 5, rx: 5, ry: 5, fill: { color: '#00ff00' } },
        { op: 'path', d: 'M0 20 L20 20 L0 40 Z', fill: { color: '#000000' } },
        { op: 'line', x1: 30, y1: 30, x2: 60, y2: 30, stroke: { color: '#000000', width: 2 } },
        // A 40×4 bar rotated 90° clockwise about its centre becomes a 4×40 bar.
        { op: 'group', rotate: { deg: 90, cx: 80, cy: 40 }, ops: [{ op: 'rect', x: 60, y: 38, w: 40, h: 4, fill: { color: '#ff0000' } }] },
        { op: 'group', clip: { x: 0, y: 60, w: 10, h: 10 }, opacity: 0.5, ops: [{ op: 'rect', x: 0, y: 60, w: 30, h: 30, fill: { color: '#000000' } }] },
      ],
    };
    const bytes = await writePdf([{ widthMm: 100, heightMm: 100, items: [{ list, x: 0, y: 0 }] }], { fonts });
    expect(await pixelAt(bytes, 10, 5)).toEqual([255, 0, 0]);
    expect(await pixelAt(bytes, 40, 5)).toEqual([127, 127, 255].map(near));
    expect(await pixelAt(bytes, 70, 5)).toEqual([0, 255, 0]);
    expect(await pixelAt(bytes, 76, 5)).toEqual([255, 255, 255]);
    expect(await pixelAt(bytes, 3, 25)).toEqual([0, 0, 0]); // inside the triangle
    expect(await pixelAt(bytes, 17, 37)).toEqual([255, 255, 255]); // outside it
    expect(await pixelAt(bytes, 45, 30)).toEqual([0, 0, 0]);
    expect(await pixelAt(bytes, 80, 25)).toEqual([255, 0, 0]); // rotated bar, vertical now
    expect(await pixelAt(bytes, 65, 40)).toEqual([255, 255, 255]);
    expect(await pixelAt(bytes, 5, 65)).toEqual([127, 127, 127].map(near)); // clipped, faded
    expect(await pixelAt(bytes, 15, 65)).toEqual([255, 255, 255]);
  });

  it('refuses a glyph the face lacks, naming it, unless told to draw .notdef', async () => {
    const list: DrawList = { width: 63, height: 88, bleed: 0, ops: [text('第①名', 5, 10, { id: 'title' })] };
    await expect(writePdf([a4([list])], { fonts })).rejects.toThrow(/"①" \(U\+2460\) is missing from face "sans" \(Noto Sans SC 400\) in "第①名" \(element "title"\)/);
    const bytes = await writePdf([a4([list])], { fonts, missingGlyphs: 'notdef' });
    expect(poppler('pdftotext', bytes)).toContain('第');
  });

  it('reports progress and stops when aborted', async () => {
    const calls: number[][] = [];
    await writePdf([a4([card]), a4([card])], { fonts, onProgress: (d, t) => calls.push([d, t]) });
    expect(calls).toEqual([
      [1, 2],
      [2, 2],
    ]);
    const ac = new AbortController();
    const run = writePdf([a4([card]), a4([card]), a4([card])], { fonts, signal: ac.signal, onProgress: (d) => d === 1 && ac.abort() });
    await expect(run).rejects.toThrow(/abort/i);
  });

  it('writes lists without text or with empty runs, embedding no font for them', async () => {
    const list: DrawList = { width: 10, height: 10, bleed: 0, ops: [text('', 1, 5, { face: 'brush' })] };
    const bytes = await writePdf([{ widthMm: 10, heightMm: 10, items: [{ list, x: 0, y: 0 }] }], { fonts });
    expect(poppler('pdffonts', bytes).trim().split('\n')).toHaveLength(2); // the header only
  });

  it('derives the subset tag from the font bytes', () => {
    expect(subsetTag(new Uint8Array([1, 2, 3]))).toMatch(/^[A-Z]{6}$/);
    expect(subsetTag(new Uint8Array([1, 2, 3]))).toBe(subsetTag(new Uint8Array([1, 2, 3])));
    expect(subsetTag(new Uint8Array([1, 2, 4]))).not.toBe(subsetTag(new Uint8Array([1, 2, 3])));
  });
});

