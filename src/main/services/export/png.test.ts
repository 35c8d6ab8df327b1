import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { DrawList } from '../../../shared/cards/draw-list';
import { AssetError, createAssetService } from './assets';
import { createFontService } from './fonts';
import { writePdf } from './pdf';
import { cardPngSize, fileNameProblem, inParallel, ttsFiles, writeCardPngs, writeTtsSheet } from './png';

const dir = mkdtempSync(join(tmpdir(), 'png-test-'));
const fonts = createFontService();
const assets = createAssetService();

async function rgbAt(file: string | Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return [...data.subarray(i, i + 3)];
}

const poker = (color: string, extra: DrawList['ops'] = []): DrawList => ({
  width: 63,
  height: 88,
  bleed: 3,
  ops: [{ op: 'rect', x: -3, y: -3, w: 69, h: 94, fill: { color } }, ...extra],
});

const rat = poker('#f6e7c8', [
  { op: 'rect', x: 0, y: 0, w: 10, h: 10, fill: { color: '#c23b22' } },
  { op: 'text', x: 8, y: 30, text: '福鼠', face: 'brush', size: 40, color: '#000000', width: fonts.measurer.width('brush', '福鼠', 40) },
  { op: 'text', x: 8, y: 80, text: '投鼠忌器 Rat', face: 'sans', size: 12, color: '#000000', width: fonts.measurer.width('sans', '投鼠忌器 Rat', 12) },
  { op: 'image', x: 20, y: 40, w: 25, h: 25, ref: 'icon:fluent-emoji-flat:rat' },
]);

describe('writeCardPngs', () => {
  it('writes a 300 DPI PNG with bleed: poker is 815×1110 px', async () => {
    const [w] = await writeCardPngs([{ name: 'rat-front', list: rat }], join(dir, 'cards'), { fonts, assets });
    expect(w).toEqual({ file: join(dir, 'cards', 'rat-front.png'), pxWidth: 815, pxHeight: 1110 });
    const meta = await sharp(w!.file).metadata();
    expect([meta.format, meta.width, meta.height, meta.density]).toEqual(['png', 815, 1110, 300]);
    expect(await rgbAt(w!.file, 2, 2)).toEqual([0xf6, 0xe7, 0xc8]); // the bleed is painted
    expect(await rgbAt(w!.file, 35 + 59, 35 + 59)).toEqual([0xc2, 0x3b, 0x22]); // the 10 mm square at the trim corner
    expect(cardPngSize(rat, 600)).toEqual({ pxWidth: 1630, pxHeight: 2220 });
  });

  it('draws what the PDF writer draws (text as outlines, icons inlined)', async () => {
    const [w] = await writeCardPngs([{ name: 'same', list: rat }], join(dir, 'cmp'), { fonts, assets });
    const pdf = await writePdf([{ widthMm: 69, heightMm: 94, items: [{ list: rat, x: 3, y: 3 }] }], { fonts, assets });
    const pdfFile = join(dir, 'cmp', 'same.pdf');
    writeFileSync(pdfFile, pdf);
    execFileSync('pdftoppm', ['-r', '300', '-png', '-singlefile', '-scale-to-x', '815', '-scale-to-y', '1110', pdfFile, join(dir, 'cmp', 'pdf')]);
    const a = await sharp(w!.file).removeAlpha().raw().toBuffer();
    const b = await sharp(readFileSync(join(dir, 'cmp', 'pdf.png'))).removeAlpha().raw().toBuffer();
    expect(a.length).toBe(b.length);
    let diff = 0;
    let ink = 0;
    for (let i = 0; i < a.length; i++) {
      diff += Math.abs(a[i]! - b[i]!);
      if (a[i]! < 40) ink++;
    }
    expect(ink / a.length).toBeGreaterThan(0.01); // the text and the rat are there
    expect(diff / a.length).toBeLessThan(2); // and agree with poppler's rendering of the PDF (antialiasing aside)
    // Inside the brush 福 (x 8..22 mm, baseline 30 mm) there is black ink.
    const dark = await sharp(w!.file).extract({ left: 130, top: 210, width: 170, height: 150 }).stats();
    expect(dark.channels[0]!.min).toBeLessThan(40);
  });

  it('names the card image, layer and ref when an image cannot be drawn', async () => {
    writeFileSync(join(dir, 'text.png'), 'not a picture');
    const local = createAssetService({ projectDir: dir });
    for (const [ref, text] of [
      ['file:/etc/passwd.png', /is an absolute path/],
      ['file:text.png', /is not a readable image/],
    ] as const) {
      const bad = poker('#ffffff', [{ op: 'image', id: 'art', x: 5, y: 5, w: 20, h: 20, ref }]);
      const e = await writeCardPngs([{ name: 'RAT-FU-front', list: bad }], join(dir, 'bad'), { fonts, assets: local }).then(
        () => new AssetError('unknown', ref, { en: 'written', zh: 'written' }),
        (x: unknown) => x as AssetError,
      );
      expect(e).toBeInstanceOf(AssetError);
      expect(e.message).toMatch(new RegExp(`^Card image “RAT-FU-front”: Layer “art”: Image ref "${ref.replace(/[./]/g, '\\$&')}"`));
      expect(e.message).toMatch(text);
      expect(e.text.zh).toMatch(/^卡图“RAT-FU-front”：图层“art”：/);
      const tts = await writeTtsSheet([{ name: 'RAT-FU', list: bad }], poker('#000000'), join(dir, 'bad', 'deck.png'), { fonts, assets: local }).then(
        () => new Error('written'),
        (x: unknown) => x as Error,
      );
      expect(tts.message).toMatch(/^Card image “RAT-FU”: Layer “art”: Image ref/);
    }
  });

  it('refuses names that are not file names', async () => {
    await expect(writeCardPngs([{ name: '../x', list: rat }], dir)).rejects.toThrow(/cannot be a file name/);
    await expect(writeCardPngs([{ name: 'a', list: rat }, { name: 'a', list: rat }], dir)).rejects.toThrow(/both named "a"/);
  });
});

describe('writeTtsSheet', () => {
  const colours = (n: number): string[] => Array.from({ length: n }, (_, i) => `#${(i * 3).toString(16).padStart(2, '0')}80${(255 - i * 3).toString(16).padStart(2, '0')}`);

  it('lays cards out at trim size on one sheet, with the back beside it', async () => {
    const faces = colours(3).map((c, i) => ({ name: `c${i}`, list: poker(c) }));
    const r = await writeTtsSheet(faces, poker('#123456'), join(dir, 'tts', 'deck.png'), { fonts, assets });
    expect(r.card).toEqual({ pxWidth: 409, pxHeight: 571 });
    expect(r.sheets).toEqual([{ file: join(dir, 'tts', 'deck.png'), pxWidth: 1227, pxHeight: 571, columns: 3, rows: 1, cards: 3 }]);
    expect(r.back).toEqual({ file: join(dir, 'tts', 'deck-back.png'), pxWidth: 409, pxHeight: 571 });
    const meta = await sharp(r.sheets[0]!.file).metadata();
    expect([meta.width, meta.height]).toEqual([1227, 571]);
    expect(await rgbAt(r.sheets[0]!.file, 409 + 200, 300)).toEqual([3, 0x80, 252]);
    expect(await rgbAt(r.back.file, 200, 300)).toEqual([0x12, 0x34, 0x56]);
  });

  it('splits more than 70 cards over several sheets of at most 4096 px', async () => {
    const faces = colours(71).map((c, i) => ({ name: `c${i}`, list: poker(c) }));
    const r = await writeTtsSheet(faces, poker('#123456'), join(dir, 'tts2', 'big.png'), { fonts, assets });
    expect(r.sheets.map((s) => [s.file.slice(-9), s.pxWidth, s.pxHeight, s.columns, s.rows, s.cards])).toEqual([
      ['big-1.png', 4090, 3997, 10, 7, 70],
      ['big-2.png', 409, 571, 1, 1, 1],
    ]);
    expect(existsSync(join(dir, 'tts2', 'big.png'))).toBe(false);
    // Card 23 (row 2, column 3) sits at (3 × 409, 2 × 571).
    expect(await rgbAt(r.sheets[0]!.file, 3 * 409 + 200, 2 * 571 + 300)).toEqual([69, 0x80, 255 - 69]);
    expect(await rgbAt(r.sheets[1]!.file, 200, 300)).toEqual([210, 0x80, 45]);
  });

  it('refuses mixed card sizes', async () => {
    const small: DrawList = { width: 44, height: 63, bleed: 3, ops: [] };
    await expect(writeTtsSheet([{ name: 'a', list: poker('#000000') }, { name: 'b', list: small }], small, join(dir, 'x.png'))).rejects.toThrow(/cards of one size/);
  });
});

describe('fileNameProblem', () => {
  it('accepts ordinary ids and refuses what a file name cannot be on Windows, macOS or Linux', () => {
    for (const ok of ['RAT-FU', '鼠福', 'a.b', 'CONSOLE', 'x'.repeat(100)]) expect(fileNameProblem(ok)).toBeNull();
    const bad: [string, RegExp][] = [
      ['RAT:FU', /contains ":"/],
      ['a/b', /contains "\/"/],
      ['a\\b', /contains "\\"/],
      ['a*b', /"\*"/],
      ['tab\there', /control character U\+0009/],
      ['NUL', /device name/],
      ['com1.txt', /device name/],
      ['Lpt9', /device name/],
      ['end.', /ends with a dot or a space/],
      ['end ', /ends with a dot or a space/],
      ['.', /means a folder/],
      ['..', /means a folder/],
      ['x'.repeat(101), /101 characters long/],
      ['', /empty/],
    ];
    for (const [name, why] of bad) expect(fileNameProblem(name)?.en, name).toMatch(why);
  });
});

describe('ttsFiles', () => {
  it('names one sheet after the file, several with -1, -2…, and the back with -back', () => {
    expect(ttsFiles('/o/deck.png', 70)).toEqual({ sheets: ['/o/deck.png'], back: '/o/deck-back.png' });
    expect(ttsFiles('/o/deck.png', 71)).toEqual({ sheets: ['/o/deck-1.png', '/o/deck-2.png'], back: '/o/deck-back.png' });
  });
});

describe('inParallel', () => {
  it('runs at most `limit` at once and answers in the items’ order', async () => {
    let running = 0;
    let most = 0;
    const out = await inParallel([30, 5, 20, 1, 10], 2, undefined, async (ms, i) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
      return `${i}:${ms}`;
    });
    expect(out).toEqual(['0:30', '1:5', '2:20', '3:1', '4:10']);
    expect(most).toBe(2);
  });

  it('stops starting items after a failure, lets the running one settle, and throws the failure', async () => {
    const started: number[] = [];
    let settled = 0;
    const run = inParallel([0, 1, 2, 3, 4, 5], 2, undefined, async (n) => {
      started.push(n);
      await new Promise((r) => setTimeout(r, n === 1 ? 1 : 20));
      settled++;
      if (n === 1) throw new Error('card 1 failed');
      return n;
    });
    await expect(run).rejects.toThrow('card 1 failed');
    expect(started).toEqual([0, 1]); // card 1 failed while card 0 was still drawing
    expect(settled).toBe(2); // card 0 finished before the failure was thrown
  });

  it('starts nothing once the signal is aborted', async () => {
    const abort = new AbortController();
    abort.abort();
    let calls = 0;
    await expect(inParallel([1, 2, 3], 2, abort.signal, async () => calls++)).rejects.toThrow();
    expect(calls).toBe(0);
  });
});
