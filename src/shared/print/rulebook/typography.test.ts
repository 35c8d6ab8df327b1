// Page geometry and English typography, measured on the 斗福 rulebooks set in the real fonts:
// characters per line and column boxes on A4, chapters running on, which font draws each quote,
// hyphenation, caption boxes, the cover subtitle, parenthesised CJK terms and CJK–Latin spaces.
// Four books are typeset once (about 1 s on two cores); the rest are single paragraphs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFontService } from '../../../main/services/export/fonts';
import type { DrawList, TextOp } from '../../cards/draw-list';
import { ptToMm } from '../../util/units';
import { resolveOptions, typesetRulebook, type RulebookOptions } from './index';
import { curlyQuotes } from './quotes';
import { breakRich, setLine } from './rich-text';
import { shortest } from './table';
import { fakeFigure, pageOps } from './test-fixtures';

const m = createFontService().measurer;
const source = (lang: 'zh' | 'en'): string => readFileSync(join(__dirname, `../../../../templates/doufu/rules.${lang}.md`), 'utf8');
const opts = (lang: 'zh' | 'en', paper: RulebookOptions['paper']): RulebookOptions => ({ paper, lang, title: lang === 'zh' ? '斗福' : 'Dou Fu', runningTitle: 'Dou Fu' });
const books = {
  enA4: typesetRulebook(source('en'), opts('en', 'a4'), { measurer: m, figure: fakeFigure }),
  zhA4: typesetRulebook(source('zh'), opts('zh', 'a4'), { measurer: m, figure: fakeFigure }),
  enA5: typesetRulebook(source('en'), opts('en', 'a5'), { measurer: m, figure: fakeFigure }),
  zhA5: typesetRulebook(source('zh'), opts('zh', 'a5'), { measurer: m, figure: fakeFigure }),
};
const texts = (p: DrawList): TextOp[] => pageOps(p.ops).filter((o): o is TextOp => o.op === 'text');
const letters = (t: string): number => [...t].filter((ch) => /[\p{L}\p{N}]/u.test(ch)).length;
/** Median length of the full (not last) lines of body paragraphs. */
function measure(book: typeof books.enA4): number {
  const full = book.lines.filter((l, i) => l.kind === 'body' && book.lines[i + 1]?.kind === 'body' && book.lines[i + 1]!.wrapped).map((l) => [...l.text].length);
  return full.sort((a, b) => a - b)[full.length >> 1]!;
}

describe('large pages: two columns, chapters run on', () => {
  it('sets A4 in two columns of 45–60 Latin or 20–30 CJK characters (A4 was one 102-character line)', () => {
    const en = measure(books.enA4);
    const zh = measure(books.zhA4);
    expect(en).toBeGreaterThanOrEqual(45);
    expect(en).toBeLessThanOrEqual(60);
    expect(zh).toBeGreaterThanOrEqual(20);
    expect(zh).toBeLessThanOrEqual(30);
    // A5 stays one column: its measure is the whole text box.
    expect(measure(books.enA5)).toBeGreaterThan(60);
  });

  it('keeps every body line inside one column, and fills both columns', () => {
    const r = resolveOptions(opts('en', 'a4'));
    expect(r.cols).toBe(2);
    let both = 0;
    books.enA4.pages.slice(2).forEach((page, i) => {
      const left = (i + 3) % 2 === 1 ? r.margins.inner : r.margins.outer;
      const cols = [left, left + r.colW + r.gutter];
      const used = new Set<number>();
      for (const t of texts(page).filter((o) => o.id === 'rulebook:body')) {
        const c = cols.findIndex((x) => t.x >= x - 0.01 && t.x + t.width <= x + r.colW + 0.01);
        expect(c, `"${t.text}" at ${t.x} on page ${i + 3}`).toBeGreaterThanOrEqual(0);
        used.add(c);
      }
      if (used.size === 2) both++;
    });
    expect(both).toBeGreaterThan(books.enA4.pages.length / 2);
  });

  it('runs chapters on: an h1 follows other text on its page, and the book is shorter than A5', () => {
    const { lines, pages } = books.enA4;
    const h1s = books.enA4.toc.filter((e) => e.level === 1);
    const runOn = h1s.filter((e) => lines.some((l) => l.page === e.page && l.kind === 'body' && lines.indexOf(l) < lines.findIndex((x) => x.page === e.page && x.kind === 'heading' && x.text === e.title)));
    expect(runOn.length).toBeGreaterThan(h1s.length / 2);
    expect(pages.length).toBeLessThan(books.enA5.pages.length * 0.75);
    // A5 keeps a page per chapter.
    for (const e of books.enA5.toc.filter((x) => x.level === 1)) expect(books.enA5.lines.find((l) => l.page === e.page && l.kind !== 'header')!.text).toBe(e.title);
  });

  it('sets a figure row wider than its column across the text box, in reading order, with the text around it above or below it', () => {
    const r = resolveOptions(opts('en', 'a4'));
    const zr = typesetRulebook(readFileSync(join(__dirname, '../../../../templates/zodiac-race/rules.en.md'), 'utf8'), opts('en', 'a4'), { measurer: m, figure: fakeFigure });
    let rows = 0;
    zr.pages.forEach((page, i) => {
      const boxes = pageOps(page.ops).filter((o): o is Extract<typeof o, { op: 'rect' }> => o.op === 'rect' && o.id === 'rulebook:figure-border');
      // The four zodiac cards of a row: one band, wider than a column, inside the text box.
      const byRow = new Map<number, typeof boxes>();
      // (Figures of a row stand on one line: their bottoms align.)
      for (const b of boxes) byRow.set(Math.round(b.y + b.h), [...(byRow.get(Math.round(b.y + b.h)) ?? []), b]);
      for (const row of byRow.values()) {
        if (row.length < 4) continue;
        rows++;
        const x0 = Math.min(...row.map((b) => b.x));
        const x1 = Math.max(...row.map((b) => b.x + b.w));
        expect(x1 - x0, `page ${i + 1}`).toBeGreaterThan(r.colW + 1);
        expect(x1 - x0).toBeLessThanOrEqual(r.boxW + 0.01);
        // The cards are larger than a column could hold four of (23 % of the text box each).
        expect(row[0]!.w).toBeGreaterThan((r.colW - 18) / 4 + 5);
        // No body text beside the band: every line is above or below it.
        const top = Math.min(...row.map((b) => b.y)) - 1;
        const bottom = Math.max(...row.map((b) => b.y + b.h));
        for (const t of texts(page).filter((o) => o.id === 'rulebook:body' || o.id === 'rulebook:list')) expect(t.y < top || t.y > bottom, `"${t.text}" on page ${i + 1}`).toBe(true);
      }
    });
    expect(rows).toBe(3);
    // The book's lines are in reading order: each row's captions come right after the text that precedes the row in the source (the Rat's, Dragon's, Monkey's rows).
    const caps = zr.lines.filter((l) => l.kind === 'caption').map((l) => l.text);
    expect(caps.filter((c) => ['Rat', 'Ox', 'Tiger', 'Rabbit'].includes(c))).toEqual(['Rat', 'Ox', 'Tiger', 'Rabbit']);
    const ratHeading = zr.lines.findIndex((l) => l.kind === 'heading' && /^Rat/.test(l.text));
    const ratCaption = zr.lines.findIndex((l) => l.kind === 'caption' && l.text === 'Rat');
    expect(ratCaption).toBeGreaterThanOrEqual(0);
    // After the table that precedes the row; before the Rat's heading, unless the row floated to
    // the top of the next page and the text after it filled this one.
    expect(ratCaption).toBeGreaterThan(zr.lines.findIndex((l) => l.kind === 'table' && /^Pig/.test(l.text)));
    if (ratCaption > ratHeading) {
      expect(zr.lines[ratCaption]!.page).toBe(zr.lines[ratHeading]!.page + 1);
      expect(zr.lines.find((l) => l.page === zr.lines[ratCaption]!.page && l.kind !== 'header')).toBe(zr.lines[ratCaption]);
    }
  });

  it('sets a table too wide for its column across the page, inside the text box', () => {
    const r = resolveOptions(opts('en', 'a4'));
    const rows = books.enA4.pages.flatMap((p) => pageOps(p.ops).filter((o) => o.op === 'rect' && o.id === 'rulebook:table-row'));
    expect(rows.some((o) => o.op === 'rect' && o.w > r.colW + 1)).toBe(true);
    for (const o of rows) if (o.op === 'rect') expect(o.w).toBeLessThanOrEqual(r.boxW + 0.01);
  });
});

describe('English typography', () => {
  it('curls quotes and sets every curly quote beside Latin text in the Latin face', () => {
    expect(curlyQuotes(`"Fortune Duel" isn't ('yet')`)).toBe('“Fortune Duel” isn’t (‘yet’)');
    const all = books.enA4.pages.flatMap(texts).filter((t) => t.id?.startsWith('rulebook:body') || t.id === 'rulebook:list' || t.id === 'rulebook:h2');
    const quotes = all.filter((t) => /[‘’“”]/u.test(t.text));
    expect(quotes.length).toBeGreaterThan(5);
    for (const t of quotes) expect(t.face, t.text).toMatch(/^latin/);
    expect(all.filter((t) => /["']/.test(t.text) && t.face !== 'sans-medium')).toEqual([]); // straight quotes only in `code`
    // The Latin quote is narrow; the CJK face's is a full em.
    expect(m.width('latin', '’', 10)).toBeLessThan(0.3 * ptToMm(10));
    expect(m.width('sans', '’', 10)).toBeCloseTo(ptToMm(10), 3);
    // Chinese keeps full-width quotes beside Chinese text (道家“和、气、运”), Latin ones beside Latin.
    const zh = books.zhA5.pages.flatMap(texts).filter((t) => /[“”]/u.test(t.text));
    expect(zh.filter((t) => /“\p{Script=Han}|\p{Script=Han}”/u.test(t.text)).length).toBeGreaterThan(0);
    for (const t of zh) expect(t.face, t.text).toMatch(/“\p{Script=Han}|\p{Script=Han}”/u.test(t.text) ? /^sans/ : /^(sans|latin)/);
  });

  it('hyphenates justified English body text, and only there', () => {
    const hyphenated = books.enA4.lines.filter((l, i) => /[a-z]-$/.test(l.text) && /^[a-z]/.test(books.enA4.lines[i + 1]?.text ?? '') && !source('en').includes(`${/([A-Za-z]+)-$/.exec(l.text)![1]}-${/^[a-z]+/.exec(books.enA4.lines[i + 1]!.text)![0]}`));
    expect(hyphenated.length).toBeGreaterThan(10);
    for (const l of hyphenated) expect(['body', 'list', 'callout']).toContain(l.kind);
    // Not the Chinese edition, and never two letters alone after the break.
    expect(books.zhA4.lines.filter((l, i) => /[a-z]-$/.test(l.text) && /^[a-z]{2,}/.test(books.zhA4.lines[i + 1]?.text ?? '')).filter((l) => !source('zh').includes(l.text.slice(-6)))).toEqual([]);
    const para = [{ text: 'The declarer immediately discards the remaining unrevealed cards.', face: 'sans' as const, color: '#000' }];
    const lines = breakRich(para, 10, 40, m, { hyphenate: true }).lines;
    expect(lines.some((l) => l.text.endsWith('-'))).toBe(true);
    for (let i = 1; i < lines.length; i++) if (lines[i - 1]!.text.endsWith('-')) expect(/^[a-z]{3,}/.test(lines[i]!.text)).toBe(true);
  });

  it('never hyphenates inline code: a command prints as it is typed', () => {
    // The same paragraph with `export` as prose hyphenates it at this width ("ex-port"); as code it does not.
    const run = (text: string, literal?: boolean) => ({ text, face: 'sans-medium' as const, color: '#6B4A2F', ...(literal ? { literal } : {}) });
    const prose = [{ text: 'This print-and-play edition (the Whole game panel of Print and export, or ', face: 'sans' as const, color: '#000' }];
    const set = (w: number, code: boolean) => breakRich([...prose, run('npm run cli -- export zodiac-race-kit', code), { text: ') uses the parts below.', face: 'sans', color: '#000' }], 10, w, m, { hyphenate: true }).lines.map((l) => l.text).join('\n');
    const widths = Array.from({ length: 80 }, (_, i) => 60 + i * 0.5);
    const broken = /cli -- ex-\n|\b(zodi|zo)-\n/;
    expect(widths.some((w) => broken.test(set(w, false)))).toBe(true);
    for (const w of widths) expect(set(w, true), `${w} mm`).not.toMatch(broken);
    // And in the book: the zodiac kit's command in the English rulebook is never broken by a hyphen.
    const zr = typesetRulebook(readFileSync(join(__dirname, '../../../../templates/zodiac-race/rules.en.md'), 'utf8'), { ...opts('en', 'a4'), title: 'Zodiac Race' }, { measurer: m, figure: fakeFigure });
    expect(zr.lines.map((l) => l.text).join('\n')).toContain('npm run cli');
    expect(zr.lines.map((l) => l.text).join('\n')).not.toMatch(/cli -- ex-\n/);
  });

  it('never leaves one word alone on a line of the cover subtitle', () => {
    const subtitle = 'Rulebook · A Duel of Fortune among the Twelve Zodiacs';
    for (const paper of ['a5', 'half-letter', 'a4'] as const)
      for (const baseSize of [9, 11, 13]) {
        const b = typesetRulebook('# A\n\nText.', { ...opts('en', paper), subtitle, baseSize }, { measurer: m });
        const lines = b.lines.filter((l) => l.page === 1 && l.kind === 'title').slice(1); // after the title
        if (lines.length > 1) for (const l of lines) expect(l.text.trim().split(/\s+/).length, `${paper} ${baseSize} pt: "${l.text}"`).toBeGreaterThan(1);
      }
  });

  it('does not split a parenthesised CJK term across lines', () => {
    const text = 'A Fortune card (福神牌) names its Fortune God (福禄寿神), and the Gold Dragon (金龙) pays the bonus (额外一分).';
    for (let w = 30; w <= 90; w += 0.5) {
      const { lines } = breakRich([{ text, face: 'sans', color: '#000' }], 10, w, m);
      for (const l of lines) expect(/[(（][^)）]*$/.test(l.text) && /\p{Script=Han}$/u.test(l.text), `${w} mm: "${l.text}"`).toBe(false);
    }
  });

  it('sizes table columns by content for the shortest table, without splitting a word', () => {
    expect(books.enA4.warnings.filter((w) => /table|cell/i.test(w))).toEqual([]);
    expect(books.enA5.warnings.filter((w) => /table|cell/i.test(w))).toEqual([]);
    // Two wrapping columns given equal widths: width moves to the column that saves lines.
    const run = (text: string) => [{ text, face: 'sans' as const, color: '#000' }];
    const rows = [
      [run('Myriad Purples & Reds (万紫千红), card: Myriad Hues'), run('+1 per extra Qi')],
      [run('Two Dragons Play with a Pearl (二龙戏珠), card: Two Dragons'), run('none')],
      [run('Hidden Dragon, Crouching Tiger (藏龙卧虎), card: Dragon-Tiger'), run('3')],
    ];
    const ctx = { m, r: resolveOptions(opts('en', 'a5')), warnings: [], id: () => 0 };
    const lines = (ws: number[]) => rows.reduce((a, r) => a + Math.max(...r.map((c, i) => breakRich(c, 8, ws[i]! - 2, m).lines.length)), 0);
    const start = [40, 40];
    const ws = shortest(rows, start, [12, 12], 8, 1, ctx);
    expect(ws[0]! + ws[1]!).toBeCloseTo(80, 6);
    expect(lines(ws)).toBeLessThan(lines(start));
    for (const d of [-1.5, 1.5]) if (ws[0]! + d >= 12 && ws[1]! - d >= 12) expect(lines([ws[0]! + d, ws[1]! - d])).toBeGreaterThanOrEqual(lines(ws));
  });
});

describe('figures and CJK spacing', () => {
  it('gives each caption of a row its own box: captions never overlap (斗福 A5 page 5)', () => {
    const md = '![福蛇 Fortune Snake](card:SNAKE-FU) ![红气鸡 Red-Qi Rooster](card:ROOSTER-QI) ![金龙 Gold Dragon](card:DRAGON-GOLD)';
    for (const [lang, paper] of [['zh', 'a5'], ['en', 'a4'], ['zh', 'half-letter']] as const) {
      const b = typesetRulebook(md, { ...opts(lang, paper), toc: false }, { measurer: m, figure: (ref) => { const f = fakeFigure(ref.replace(/-[A-Z]+$/, '-FU')); return f && { ...f, list: { ...f.list, width: 25, height: 35 } }; } });
      const caps = texts(b.pages[1]!).filter((t) => t.id === 'rulebook:caption');
      const figs = pageOps(b.pages[1]!.ops).filter((o) => o.op === 'group' && o.id === 'rulebook:figure');
      expect(figs).toHaveLength(3);
      // Which figure a caption line belongs to: the nearest figure centre.
      const owner = (t: TextOp): number => {
        const c = t.x + t.width / 2;
        return figs.map((f) => (f.op === 'group' ? Math.abs(f.transform!.x + 12.5 * (f.transform!.scale ?? 1) - c) : Infinity)).reduce((best, d, i, all) => (d < all[best]! ? i : best), 0);
      };
      const boxes = [0, 1, 2].map((i) => caps.filter((t) => owner(t) === i)).map((ts) => [Math.min(...ts.map((t) => t.x)), Math.max(...ts.map((t) => t.x + t.width))] as const);
      for (let i = 1; i < 3; i++) expect(boxes[i]![0], `${lang} ${paper}: caption ${i + 1} starts after caption ${i} ends`).toBeGreaterThan(boxes[i - 1]![1] + 1);
    }
  });

  it('sets a space between CJK and a digit narrower than the font’s space (“将此 3 张牌”, one space in the source)', () => {
    expect(source('zh')).toContain('将此 3 张牌');
    expect(source('zh')).not.toMatch(/[\p{Script=Han}] {2,}\d/u);
    const e = ptToMm(9);
    let seen = 0;
    for (const page of books.zhA5.pages) {
      const ops = texts(page).filter((t) => t.id === 'rulebook:body');
      ops.forEach((t, i) => {
        const next = ops[i + 1];
        if (!next || next.y !== t.y || !/\p{Script=Han}$/u.test(t.text) || !/^\d/.test(next.text)) return;
        seen++;
        const gap = next.x - (t.x + t.width) - (t.letterSpacing ?? 0);
        expect(gap, `${t.text}|${next.text}`).toBeLessThan(0.2 * e);
      });
    }
    expect(seen).toBeGreaterThan(5);
    // One op: 「将此 3」 narrows its space even on a ragged line.
    const [line] = breakRich([{ text: '将此 3 张牌', face: 'sans', color: '#000' }], 9, 100, m).lines;
    const ops = setLine(line!, 0, 0, 100, 9, m, { justify: true, id: 't' });
    expect(ops[1]!.x - (ops[0]!.x + ops[0]!.width)).toBeCloseTo(0.125 * e, 2);
  });
});
