// Rules every typeset book must keep, checked on the bundled sample (Chinese A5, English A4 and
// Letter), a stress document, and the built-in games' rulebook sources when they exist.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFontService } from '../../../main/services/export/fonts';
import { NO_LINE_END, NO_LINE_START } from '../../cards/text';
import { ptToMm } from '../../util/units';
import { resolveOptions, typesetRulebook, type RulebookOptions } from './index';
import { curlyQuotes } from './quotes';
import { fakeFigure, pageOps } from './test-fixtures';

const m = createFontService().measurer;
const read = (p: string): string => readFileSync(join(__dirname, p), 'utf8');
const long = '斗福融合了中国传统文化：12 生肖的主题背景，道家“和、气、运”等观念，使这款游戏充满浓厚的传统气息。'.repeat(14);
const STRESS = `# 压力 Stress\n\n> **例** ${long}\n>\n> - 列表（一）\n> - 列表「二」\n>\n> ${long}\n\n1. 第一层\n   1. 第二层\n      - 第三层：${long.slice(0, 80)}\n\n${'| 甲 | 乙 |\n|---|---|\n' + '| 很长的单元格内容 | 另一个很长的单元格内容，会在单元格内折行 |\n'.repeat(30)}`;

const zh = (paper: RulebookOptions['paper']): RulebookOptions => ({ paper, lang: 'zh', title: '斗福', subtitle: '游戏规则', runningTitle: '斗福 · 游戏规则', cover: 'card:RAT-FU' });
const en = (paper: RulebookOptions['paper']): RulebookOptions => ({ paper, lang: 'en', title: 'Dou Fu', runningTitle: 'Dou Fu · Rules' });
const cases: [string, string, RulebookOptions][] = [
  ['sample, zh A5', read('sample.md'), zh('a5')],
  ['sample, en A4', read('sample.md'), en('a4')],
  ['sample, en Letter, h1 without page breaks', read('sample.md'), { ...en('letter'), h1NewPage: false }],
  ['stress, zh A5', STRESS, zh('a5')],
  ['70 headings: a two-page TOC, en A5', Array.from({ length: 70 }, (_, i) => `${i % 10 ? '##' : '#'} Part ${i + 1}\n\nSome text for part ${i + 1}, long enough to wrap onto a second line on A5 paper at nine points.`).join('\n\n'), en('a5')],
];
// Every built-in rulebook, in both languages, on every paper.
for (const game of ['doufu', 'zodiac-race', 'dou-laoban', 'moyu-wang', 'dou-shisi'])
  for (const lang of ['zh', 'en'] as const)
    for (const paper of ['a4', 'a5', 'letter', 'half-letter'] as const) {
      if (paper === 'half-letter' && lang === 'zh') continue; // the A5 layout, a little narrower: English is enough
      const file = join(__dirname, `../../../../templates/${game}/rules.${lang}.md`);
      expect(existsSync(file), `${file} exists`).toBe(true);
      cases.push([`templates/${game}/rules.${lang}.md, ${paper}`, readFileSync(file, 'utf8'), lang === 'zh' ? zh(paper) : en(paper)]);
    }

describe.each(cases)('%s', (_name, source, opts) => {
  const book = typesetRulebook(source, opts, { measurer: m, figure: fakeFigure });
  const r = resolveOptions(opts);

  it('keeps kinsoku at every line break', () => {
    expect(book.lines.filter((l) => l.wrapped).length).toBeGreaterThan(5);
    book.lines.forEach((l, i) => {
      if (l.wrapped) expect(NO_LINE_START.has([...l.text][0]!), `line starts with a closing mark: ${l.text}`).toBe(false);
      if (book.lines[i + 1]?.wrapped) expect(NO_LINE_END.has([...l.text].at(-1)!), `line ends with an opening mark: ${l.text}`).toBe(false);
    });
  });

  it('never splits a Latin word but at a hyphenation point (English body text)', () => {
    const words = new Set((source.match(/[A-Za-z]+/g) ?? []).map((w) => w.toLowerCase()));
    for (const w of ['contents', 'dou', 'fu', 'rules']) words.add(w);
    // A hyphenated line end joins the next line's first word, and only in justified English text.
    const lines = book.lines.filter((l) => l.kind !== 'header' && l.kind !== 'footer');
    const text = lines.map((l, i) => {
      const [head, tail] = [/([A-Za-z]+)-$/.exec(l.text)?.[1], lines[i + 1]?.wrapped ? /^[a-z]+/.exec(lines[i + 1]!.text)?.[0] : undefined];
      const hyphenated = !!head && !!tail && words.has(`${head}${tail}`.toLowerCase()) && !source.includes(`${head}-${tail}`);
      if (hyphenated) {
        expect(opts.lang, l.text).toBe('en');
        expect(['body', 'list', 'callout'], l.text).toContain(l.kind);
      }
      return hyphenated ? l.text.slice(0, -1) : `${l.text} `;
    });
    const joined = text.join('');
    for (const w of joined.match(/[A-Za-z]+/g) ?? []) expect(words.has(w.toLowerCase()), `"${w}"`).toBe(true);
  });

  it('hyphenates no word across a page break', () => {
    const lines = book.lines.filter((l) => l.kind !== 'header' && l.kind !== 'footer');
    lines.forEach((l, i) => {
      const next = lines[i + 1];
      if (next && next.page !== l.page && next.wrapped) expect(/[A-Za-z]-$/.test(l.text) && /^[a-z]/.test(next.text), `page ${l.page} ends "${l.text}", page ${next.page} goes on "${next.text}"`).toBe(false);
    });
  });

  it('puts no text, box or figure outside the text box (header and folio aside)', () => {
    book.pages.forEach((page, i) => {
      const left = (i + 1) % 2 === 1 ? r.margins.inner : r.margins.outer;
      const [x0, x1, y0, y1] = [left - 0.01, left + r.boxW + 0.01, r.margins.top - 0.01, r.margins.top + r.boxH + 0.01];
      const inside = (a: number, b: number, c: number, d: number) => a >= x0 && b <= x1 && c >= y0 && d <= y1;
      for (const op of pageOps(page.ops)) {
        if (op.id === 'rulebook:header' || op.id === 'rulebook:footer') continue;
        const where = `${op.op} ${op.id} on page ${i + 1}`;
        if (op.op === 'text') {
          const e = ptToMm(op.size);
          const { ascent, descent } = m.metrics(op.face);
          expect(inside(op.x, op.x + op.width, op.y - ascent * e, op.y + Math.abs(descent) * e), `${where}: "${op.text}"`).toBe(true);
        } else if (op.op === 'group') {
          const s = op.transform!.scale ?? 1;
          expect(inside(op.transform!.x, op.transform!.x + op.clip!.w * s, op.transform!.y, op.transform!.y + op.clip!.h * s), where).toBe(true);
        } else if (op.op === 'rect') expect(inside(op.x, op.x + op.w, op.y, op.y + op.h), where).toBe(true);
        else if (op.op === 'line') expect(inside(Math.min(op.x1, op.x2), Math.max(op.x1, op.x2), Math.min(op.y1, op.y2), Math.max(op.y1, op.y2)), where).toBe(true);
      }
    });
  });

  it('lists every heading in the TOC with the page it is actually on', () => {
    const title = (t: string): string => (opts.lang === 'en' ? curlyQuotes(t) : t); // English is set with typographic quotes
    const headings = [...source.matchAll(/^(#{1,3}) (.+)$/gm)].map((x) => ({ level: x[1]!.length, title: title(x[2]!.replace(/\*\*|`|\*/g, '').trim()) }));
    expect(book.toc.map(({ level, title }) => ({ level, title }))).toEqual(headings);
    for (const e of book.toc) {
      const pages = book.pages.flatMap((p, i) => (pageOps(p.ops).some((o) => o.op === 'text' && o.id === `rulebook:h${e.level}` && e.title.startsWith(o.text)) ? [i + 1] : []));
      expect(pages, e.title).toContain(e.page);
      expect(book.lines.some((l) => l.kind === 'toc' && l.page < book.toc[0]!.page && l.text.endsWith(` ${e.page}`)), e.title).toBe(true);
    }
  });

  it('leaves no heading alone at the bottom of a page', () => {
    for (let p = 1; p <= book.pages.length; p++) {
      const body = book.lines.filter((l) => l.page === p && l.kind !== 'header' && l.kind !== 'footer');
      if (body.length) expect(body.at(-1)!.kind, `page ${p}: ${body.at(-1)!.text}`).not.toBe('heading');
    }
  });

  it('numbers pages, with running headers everywhere but the title page', () => {
    book.pages.forEach((page, i) => {
      const folio = pageOps(page.ops).filter((o) => o.id === 'rulebook:footer');
      expect(folio.map((o) => o.op === 'text' && o.text)).toEqual(i === 0 ? [] : [String(i + 1)]);
    });
  });
});
