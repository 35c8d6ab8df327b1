import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFontService } from '../../../main/services/export/fonts';
import type { DrawList, DrawOp, TextOp } from '../../cards/draw-list';
import { PALETTE, typesetRulebook, type RulebookOptions } from './index';
import { fakeFigure, pageOps } from './test-fixtures';

const fonts = createFontService();
const m = fonts.measurer;
const SAMPLE = readFileSync(join(__dirname, 'sample.md'), 'utf8');

const ZH: RulebookOptions = { paper: 'a5', lang: 'zh', title: '斗福', subtitle: '十二生肖斗福气 · 游戏规则', runningTitle: '斗福 · 游戏规则', cover: 'card:RAT-FU' };
const figure = fakeFigure;
const book = typesetRulebook(SAMPLE, ZH, { measurer: m, figure });

const flat = pageOps;
const texts = (page: DrawList): TextOp[] => flat(page.ops).filter((o): o is TextOp => o.op === 'text');
const pagesWith = (pred: (op: DrawOp) => boolean): number[] => book.pages.flatMap((p, i) => (flat(p.ops).some(pred) ? [i + 1] : []));

describe('typesetRulebook: every Markdown feature reaches the draw list', () => {
  it('has a title page, a TOC and the body, without warnings', () => {
    expect(book.warnings).toEqual([]);
    expect(texts(book.pages[0]!).map((t) => t.text)).toContain('斗福');
    expect(texts(book.pages[0]!).find((t) => t.text === '斗福')!.face).toBe('brush');
    expect(book.pages[0]!.ops.some((o) => o.op === 'group' && o.id === 'rulebook:cover')).toBe(true);
    expect(pagesWith((o) => o.id === 'rulebook:header')).not.toContain(1); // no running header on the title page
    expect(texts(book.pages[1]!).some((t) => t.text === '目录')).toBe(true);
  });

  it('sets h1 (brush with an English kicker), h2 and h3', () => {
    const h1 = texts(book.pages.find((p) => texts(p).some((t) => t.id === 'rulebook:h1'))!).filter((t) => t.id === 'rulebook:h1');
    expect(h1[0]).toMatchObject({ text: '游戏简介', face: 'brush' });
    expect(pagesWith((o) => o.id === 'rulebook:h1-kicker' && (o as TextOp).text === 'OVERVIEW')).toHaveLength(1);
    // A space between CJK and Latin is set narrow, so 「摸牌 Draw」 is two ops on one line.
    expect(pagesWith((o) => o.id === 'rulebook:h2' && (o as TextOp).text === '摸牌')).toHaveLength(1);
    expect(book.lines.filter((l) => l.kind === 'heading' && l.text === '摸牌 Draw')).toHaveLength(1);
    expect(pagesWith((o) => o.id === 'rulebook:h3' && (o as TextOp).text.startsWith('叠蒙'))).toHaveLength(1);
    // Every h1 opens a page.
    for (const p of pagesWith((o) => o.id === 'rulebook:h1')) expect(book.lines.find((l) => l.page === p && l.kind !== 'header')!.kind).toBe('heading');
  });

  it('sets paragraphs with bold, emphasis and inline code in their faces', () => {
    const all = book.pages.flatMap(texts);
    expect(all.find((t) => t.text.includes('福神') && t.face === 'sans-bold')).toBeDefined();
    expect(all.find((t) => t.text.includes('福气') && t.face === 'sans-medium')!.color).toBe(PALETTE.vermilion);
    expect(all.find((t) => t.text === 'gamble')).toMatchObject({ face: 'sans-medium', color: PALETTE.vermilion });
    expect(all.find((t) => t.text.includes('金龙') && t.id === 'rulebook:body' && t.face === 'sans-medium')).toBeDefined();
    // CJK body lines are justified with letter spacing.
    expect(all.some((t) => t.id === 'rulebook:body' && (t.letterSpacing ?? 0) > 0)).toBe(true);
  });

  it('sets ordered, unordered and nested lists with markers in a hanging indent', () => {
    const markers = book.pages.flatMap(texts).filter((t) => t.id === 'rulebook:list-marker');
    expect(markers.map((t) => t.text)).toEqual(expect.arrayContaining(['•', '–', '1.', '2.', '3.']));
    const bullet = markers.find((t) => t.text === '•')!;
    const nested = markers.find((t) => t.text === '–')!;
    expect(nested.x).toBeGreaterThan(bullet.x + 2);
    const item = book.pages.flatMap(texts).find((t) => t.text.startsWith('福蛇为双色牌'))!;
    expect(item.x).toBeGreaterThan(nested.x + nested.width);
  });

  it('repeats the header row of a table that breaks across pages, with zebra rows', () => {
    const headerPages = pagesWith((o) => o.op === 'text' && o.id === 'rulebook:table' && o.text === 'English');
    expect(headerPages.length).toBe(2);
    expect(headerPages[1]).toBe(headerPages[0]! + 1);
    for (const row of ['小金玉满堂', '泥猪癞狗']) expect(pagesWith((o) => o.op === 'text' && o.text === row)).toHaveLength(1);
    expect(pagesWith((o) => o.op === 'rect' && o.id === 'rulebook:table-row' && o.fill?.color === PALETTE.zebra).length).toBeGreaterThan(0);
    // 21 rows, each once.
    const nums = book.lines.filter((l) => l.kind === 'table' && /^\d+$/.test(l.text)).map((l) => Number(l.text));
    expect(nums.filter((n) => n >= 1 && n <= 21).sort((a, b) => a - b)).toEqual(expect.arrayContaining(Array.from({ length: 21 }, (_, i) => i + 1)));
  });

  it('places figures as scaled groups with captions, a row of three side by side', () => {
    const figs = book.pages.flatMap((p) => p.ops.filter((o) => o.op === 'group' && o.id === 'rulebook:figure')) as Extract<DrawOp, { op: 'group' }>[];
    expect(figs).toHaveLength(5);
    const row = figs.slice(1, 4);
    expect(new Set(row.map((f) => f.transform!.y)).size).toBe(1);
    for (const f of row) expect(f.clip).toMatchObject({ x: 0, y: 0, w: 63, h: 88, radius: 3 });
    expect(book.lines.filter((l) => l.kind === 'caption').map((l) => l.text)).toEqual(['福鼠：投鼠忌器', '金龙', '福蛇', '玉猪', '主棋盘']);
  });

  it('renders callouts as tinted boxes with their label, and horizontal rules', () => {
    expect(pagesWith((o) => o.op === 'rect' && o.id === 'rulebook:frame' && o.fill?.color === PALETTE.tint).length).toBeGreaterThanOrEqual(3);
    const labels = book.pages.flatMap(texts).filter((t) => t.id === 'rulebook:callout-label').map((t) => t.text);
    expect(labels).toEqual(['例', '提示', 'Example', '例']);
    expect(pagesWith((o) => o.id === 'rulebook:hr')).toHaveLength(1);
  });
});

describe('typesetRulebook: pages', () => {
  it('makes pages exactly A4, A5, Letter or half letter, with mirrored running heads', () => {
    const sizes = { a4: [210, 297], a5: [148, 210], letter: [215.9, 279.4], 'half-letter': [139.7, 215.9] } as const;
    for (const paper of ['a4', 'a5', 'letter', 'half-letter'] as const) {
      const b = paper === 'a5' ? book : typesetRulebook(SAMPLE, { ...ZH, paper, lang: 'en' }, { measurer: m, figure });
      for (const page of b.pages) expect([page.width, page.height]).toEqual(sizes[paper]);
    }
    const scoring = book.toc.find((e) => e.title.startsWith('结算方式'))!.page;
    // Verso (even) pages carry the book's title at their outer (left) edge, rectos the chapter at
    // their outer (right) edge; the folio sits in the outer corner.
    for (const p of [scoring, scoring + 1]) {
      const verso = p % 2 === 0;
      expect(book.lines.filter((l) => l.page === p && l.kind === 'header').map((l) => l.text)).toEqual([verso ? '斗福 · 游戏规则' : '结算方式 Scoring']);
      const page = book.pages[p - 1]!;
      const head = texts(page).find((t) => t.id === 'rulebook:header')!;
      const folio = texts(page).find((t) => t.id === 'rulebook:footer')!;
      const outer = verso ? (t: TextOp) => t.x : (t: TextOp) => page.width - t.x - t.width;
      expect(outer(head)).toBeCloseTo(15, 1);
      expect(outer(folio)).toBeCloseTo(15, 1);
    }
  });

  it('runs the head on with the last chapter started on a page, not the first (two chapters can start on one page)', () => {
    // Two short chapters share page 3; the third is long enough to run over the next pages.
    const long = Array.from({ length: 120 }, (_, i) => `Clarification ${i + 1}: a rule the original left open, read one way here.`).join('\n\n');
    const md = `# FAQ\n\nMust I roll? Yes.\n\n# Clarifications\n\n${long}\n`;
    const b = typesetRulebook(md, { paper: 'a4', lang: 'en', title: 'Dou Fu', runningTitle: 'Dou Fu' }, { measurer: m, figure });
    const faq = b.toc.find((e) => e.title === 'FAQ')!.page;
    expect(b.toc.find((e) => e.title === 'Clarifications')!.page).toBe(faq);
    const rectos = Array.from({ length: b.pages.length }, (_, i) => i + 1).filter((p) => p > faq && p % 2 === 1);
    expect(rectos.length).toBeGreaterThan(0);
    for (const p of rectos) expect(b.lines.filter((l) => l.page === p && l.kind === 'header').map((l) => l.text)).toEqual(['Clarifications']);
    // The page both start on is headed by the first.
    if (faq % 2 === 1) expect(b.lines.filter((l) => l.page === faq && l.kind === 'header').map((l) => l.text)).toEqual(['FAQ']);
  });

  it('never leaves one row of a table alone at the foot or the head of a page', () => {
    const table = ['| No. | Name | Combo | Points | Notes |', '|---|---|---|---|---|', ...Array.from({ length: 10 }, (_, i) => `| R${i + 1} | Row ${i + 1} name | Combo ${i + 1} | ${i} | A note on row ${i + 1} |`)].join('\n');
    let splits = 0;
    for (let n = 26; n <= 46; n += 1) {
      const lead = Array.from({ length: n }, (_, i) => `Paragraph ${i + 1} fills the page so that the table below starts lower each time.`).join('\n\n');
      const b = typesetRulebook(`# Scoring\n\n${lead}\n\n${table}\n\nAfter the table.\n`, { paper: 'a4', lang: 'en', title: 'T', runningTitle: 'T' }, { measurer: m, figure });
      const rowsPer = b.pages.map((p) => new Set(texts(p).filter((t) => t.id === 'rulebook:table' && /^R\d+$/.test(t.text)).map((t) => t.text)).size).filter((k) => k > 0);
      if (rowsPer.length > 1) splits++;
      for (const k of rowsPer) expect(k, `${n} paragraphs: rows a page ${rowsPer.join(' + ')}`).toBeGreaterThanOrEqual(2);
    }
    expect(splits).toBeGreaterThan(0);
  });

  it('is deterministic, sets English h1 in bold sans, and warns about what it cannot resolve', () => {
    expect(typesetRulebook(SAMPLE, ZH, { measurer: m, figure })).toEqual(book);
    const en = typesetRulebook('# Setup\n\nShuffle the deck.\n\n![x](card:NOPE)', { paper: 'letter', lang: 'en', title: 'Dou Fu', runningTitle: 'Dou Fu' }, { measurer: m, figure });
    expect(en.pages.flatMap(texts).find((t) => t.id === 'rulebook:h1')).toMatchObject({ text: 'Setup', face: 'sans-bold' });
    expect(en.warnings.join('\n')).toMatch(/Figure "card:NOPE" could not be resolved/);
    expect(() => typesetRulebook('', { ...ZH, paper: 'b5' as 'a5' }, { measurer: m })).toThrow(/a4, a5, letter, half-letter/);
  });

  it('settles page numbers of a TOC longer than a page', () => {
    const md = Array.from({ length: 70 }, (_, i) => `${i % 10 ? '##' : '#'} Part ${i + 1}\n\nText.`).join('\n\n');
    const b = typesetRulebook(md, { paper: 'a5', lang: 'en', title: 'T', runningTitle: 'T' }, { measurer: m });
    const tocPages = new Set(b.lines.filter((l) => l.kind === 'toc').map((l) => l.page));
    expect(tocPages.size).toBeGreaterThanOrEqual(2);
    expect(b.toc[0]!.page).toBe(2 + tocPages.size); // after the title page and the whole TOC
    for (const e of b.toc) expect(b.lines.find((l) => l.kind === 'heading' && l.text === e.title)!.page).toBe(e.page);
  });

  it('frames a callout that breaks across pages on both pages', () => {
    const long = '斗福融合了中国传统文化，使这款游戏充满浓厚的传统气息。'.repeat(60);
    const b = typesetRulebook(`# 例子\n\n> **例** ${long}`, ZH, { measurer: m });
    const framed = b.pages.flatMap((p, i) => (p.ops.some((o) => o.op === 'rect' && o.id === 'rulebook:frame' && o.fill?.color === PALETTE.tint) ? [i + 1] : []));
    expect(framed.length).toBeGreaterThanOrEqual(2);
    for (const p of framed) expect(b.lines.some((l) => l.page === p && l.kind === 'callout')).toBe(true);
  });
});
