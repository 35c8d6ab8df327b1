// The typeset book through the real PDF writer: the fonts subset and embed (brush text has no
// blanks, which the brush subset cannot take), pages keep their exact size, text stays searchable.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { createFontService } from '../../../main/services/export/fonts';
import { writePdf } from '../../../main/services/export/pdf';
import type { DrawList } from '../../cards/draw-list';
import { mmToPt } from '../../util/units';
import { bookletSheets, typesetRulebook } from './index';

const fonts = createFontService();
const SAMPLE = readFileSync(join(__dirname, 'sample.md'), 'utf8');
const figure = (ref: string) => ({ list: { width: 63, height: 88, bleed: 0, ops: [{ op: 'rect', x: 0, y: 0, w: 63, h: 88, fill: { color: '#C8102E' } }] } as DrawList, caption: ref });
const toPdf = (lists: DrawList[]) => writePdf(lists.map((list) => ({ widthMm: list.width, heightMm: list.height, items: [{ list, x: 0, y: 0 }] })), { fonts });

describe('rulebook PDF', () => {
  it('writes the Chinese sample as an A4 PDF with searchable text', async () => {
    const book = typesetRulebook(SAMPLE, { paper: 'a4', lang: 'zh', title: '斗福', runningTitle: '斗福 · 游戏规则' }, { measurer: fonts.measurer, figure });
    const bytes = await toPdf(book.pages);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(book.pages.length);
    for (const p of doc.getPages()) {
      expect(p.getWidth()).toBeCloseTo(mmToPt(210), 2);
      expect(p.getHeight()).toBeCloseTo(mmToPt(297), 2);
    }
    const file = join(mkdtempSync(join(tmpdir(), 'rulebook-')), 'book.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    for (const s of ['目录', '连中三元', 'Triple Laureate', '游戏简介']) expect(text).toContain(s);
  });

  it('writes an A5 booklet on A4 landscape sheets', async () => {
    const book = typesetRulebook(SAMPLE, { paper: 'a5', lang: 'en', title: 'Dou Fu', runningTitle: 'Dou Fu' }, { measurer: fonts.measurer, figure });
    const sheets = bookletSheets(book.pages, 'a5');
    expect(sheets).toHaveLength(Math.ceil(book.pages.length / 4) * 2);
    const doc = await PDFDocument.load(await toPdf(sheets));
    expect(doc.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())])).toEqual(sheets.map(() => [842, 595]));
  });
});
