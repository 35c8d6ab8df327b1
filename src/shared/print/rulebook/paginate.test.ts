// Pagination of two-column pages with chunks that span the text box (wide tables and figure
// rows): in reading order, on this page below the text before them when they fit, else at the
// top of the next page, and the text after them never before them.
import { describe, expect, it } from 'vitest';
import type { Chunk } from './chunk';
import { paginate, type PageSlices } from './paginate';

/** A column chunk `h` mm high named `name` (its one line's text). */
const text = (name: string, h = 10, extra: Partial<Chunk> = {}): Chunk => ({ h, ops: [], lines: [{ text: name, kind: 'body' }], spaceBefore: 2, ...extra });
const wide = (name: string, h: number): Chunk => ({ ...text(name, h), span: true, spaceBefore: 0 });

/** Every placed chunk with its page, column (-1 for a band) and box, in the order the pages list them. */
function placed(pages: PageSlices[]) {
  return pages.flatMap((pg, page) => [
    ...pg.span.map((p) => ({ name: p.chunk.lines[0]!.text, page, col: -1, top: p.y, bottom: p.y + p.chunk.h })),
    ...pg.cols.flatMap((slice, col) => slice.map((p) => ({ name: p.chunk.lines[0]!.text, page, col, top: p.y, bottom: p.y + p.chunk.h }))),
  ]);
}

/** Source order is reading order: page, then above/below the bands, then column, then top. */
function expectInReadingOrder(pages: PageSlices[], names: string[]): void {
  const all = placed(pages);
  const at = (n: string) => all.find((p) => p.name === n)!;
  for (let i = 1; i < names.length; i++) {
    const [a, b] = [at(names[i - 1]!), at(names[i]!)];
    const msg = `${names[i - 1]} (${JSON.stringify(a)}) before ${names[i]} (${JSON.stringify(b)})`;
    if (a.page !== b.page) {
      expect(a.page, msg).toBeLessThan(b.page);
      continue;
    }
    if (a.col === -1 || b.col === -1) expect(a.bottom, msg).toBeLessThanOrEqual(b.top + 1e-6); // a band and text: one above the other
    else if (a.col !== b.col) {
      // Two columns of one section: left before right, unless a band separates them (then above before below).
      const band = pages[a.page]!.span.some((s) => s.y >= a.bottom - 1e-6 && s.y + s.chunk.h <= b.top + 1e-6);
      if (!band) expect(a.col, msg).toBeLessThan(b.col);
    } else expect(a.bottom, msg).toBeLessThanOrEqual(b.top + 1e-6);
  }
}

describe('paginate: spanning chunks in reading order', () => {
  it('sets a wide table below the text before it, that text balanced over both columns, and the text after it below', () => {
    const chunks = [...Array.from({ length: 6 }, (_, i) => text(`a${i}`)), wide('T1', 12), wide('T2', 12), ...Array.from({ length: 6 }, (_, i) => text(`b${i}`))];
    const pages = paginate(chunks, 200, 2, 5);
    expect(pages).toHaveLength(1);
    const all = placed(pages);
    // Six 10 mm chunks (2 mm apart) balance three a column: 34 mm, the band 5 mm below.
    expect(all.filter((p) => p.name.startsWith('a')).map((p) => p.col)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(all.find((p) => p.name === 'T1')).toMatchObject({ col: -1, top: 39 });
    expect(all.find((p) => p.name === 'T2')).toMatchObject({ col: -1, top: 51 });
    for (const b of all.filter((p) => p.name.startsWith('b'))) expect(b.top).toBeGreaterThanOrEqual(63 + 5);
    expectInReadingOrder(pages, chunks.map((c) => c.lines[0]!.text));
  });

  it('floats a wide chunk that does not fit below the text to the next page, and keeps the text after it after it', () => {
    const chunks = [...Array.from({ length: 14 }, (_, i) => text(`a${i}`)), wide('FIG', 60), ...Array.from({ length: 4 }, (_, i) => text(`b${i}`))];
    const pages = paginate(chunks, 100, 2, 5);
    const all = placed(pages);
    expect(all.find((p) => p.name === 'FIG')).toMatchObject({ page: 1, col: -1, top: 0 });
    for (const b of all.filter((p) => p.name.startsWith('b'))) expect([b.page, b.top >= 65]).toEqual([1, true]);
    expectInReadingOrder(pages, chunks.map((c) => c.lines[0]!.text));
  });

  it('lets the text after a floating figure row fill the page, the row heading the next page (no half-empty page)', () => {
    const fig: Chunk = { ...wide('FIG', 60), float: true };
    const chunks = [...Array.from({ length: 14 }, (_, i) => text(`a${i}`)), fig, ...Array.from({ length: 4 }, (_, i) => text(`b${i}`))];
    const pages = paginate(chunks, 100, 2, 5);
    const all = placed(pages);
    // Page 1's right column has room for two more lines after a13: b0 and b1 fill it.
    expect(all.filter((p) => p.name.startsWith('b')).map((p) => [p.name, p.page])).toEqual([['b0', 0], ['b1', 0], ['b2', 1], ['b3', 1]]);
    expect(all.find((p) => p.name === 'FIG')).toMatchObject({ page: 1, col: -1, top: 0 });
    for (const b of all.filter((p) => p.page === 1 && p.name.startsWith('b'))) expect(b.top).toBeGreaterThanOrEqual(65);
  });

  it('sets the text after a wide table that floats over two pages after its last row', () => {
    // Page 1 is full, so the 12-row spanning table floats to page 2, where its header and 9 rows
    // fill 100 of 108 mm; rows 10–12 go on page 3, and so does the short line after the table,
    // though it would fit in the 7 mm left on page 2.
    const head: Chunk = { ...wide('H', 10), keepWithNext: true, table: { id: 1 } };
    const rows = Array.from({ length: 12 }, (_, i): Chunk => ({ ...wide(`r${i}`, 10), table: { id: 1, header: head } }));
    const chunks = [...Array.from({ length: 17 }, (_, i) => text(`a${i}`)), head, ...rows, text('after', 5)];
    const pages = paginate(chunks, 108, 2, 1);
    const all = placed(pages);
    expect(all.filter((p) => p.name.startsWith('r')).map((p) => p.page)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2]);
    const after = all.find((p) => p.name === 'after')!;
    expect(after.page).toBe(2);
    expect(after.top).toBeGreaterThanOrEqual(all.find((p) => p.name === 'r11')!.bottom);
    expectInReadingOrder(pages, chunks.map((c) => c.lines[0]!.text));
  });

  it('takes a heading that keeps with a floated wide chunk along to the next page', () => {
    const chunks = [...Array.from({ length: 12 }, (_, i) => text(`a${i}`)), text('H', 8, { keepWithNext: true }), wide('FIG', 80), text('after')];
    const pages = paginate(chunks, 100, 2, 5);
    const all = placed(pages);
    const h = all.find((p) => p.name === 'H')!;
    expect(h.page).toBe(1);
    expect(all.find((p) => p.name === 'FIG')!.page).toBe(1);
    expect(pages[0]!.cols.flat().at(-1)!.chunk.keepWithNext).toBeFalsy();
    expectInReadingOrder(pages, chunks.map((c) => c.lines[0]!.text));
  });

  it('ends the book with level columns, in whole lines, instead of a full left column beside a short right one', () => {
    // 10 mm lines 2 mm apart, eight a 100 mm column: 19 lines fill page 1 (16) and leave 3 for page 2.
    const chunks = Array.from({ length: 19 + 8 }, (_, i) => text(`p${i}`));
    const pages = paginate(chunks, 100, 2, 5);
    expect(pages).toHaveLength(2);
    // Page 1 stays full; the last page's 11 lines split 6 / 5, not 8 / 3.
    expect(pages.map((p) => p.cols.map((c) => c.length))).toEqual([[8, 8], [6, 5]]);
    const last = pages[1]!.cols;
    expect(last.map((c) => c[0]!.y)).toEqual([0, 0]);
    expect(last[1]!.at(-1)!.y).toBeLessThanOrEqual(last[0]!.at(-1)!.y);
    expectInReadingOrder(pages, chunks.map((c) => c.lines[0]!.text));
  });

  it('balances the last columns below a wide chunk, and never splits after a line that keeps with the next', () => {
    const chunks = [wide('T', 30), ...Array.from({ length: 5 }, (_, i) => text(`b${i}`, 10, i === 2 ? { keepWithNext: true } : {}))];
    const pages = paginate(chunks, 200, 2, 5);
    const all = placed(pages);
    // 3 / 2 would break after b2, which keeps with b3; of the legal splits 2 / 3 (34 mm tall) beats 4 / 1 (46 mm).
    expect(pages[0]!.cols.map((c) => c.map((p) => p.chunk.lines[0]!.text))).toEqual([['b0', 'b1'], ['b2', 'b3', 'b4']]);
    for (const b of all.filter((p) => p.name.startsWith('b'))) expect(b.top).toBeGreaterThanOrEqual(35);
    expectInReadingOrder(pages, chunks.map((c) => c.lines[0]!.text));
  });

  it('keeps one-column pages as they were: spanning chunks never occur there, text fills top to bottom', () => {
    const chunks = Array.from({ length: 25 }, (_, i) => text(`p${i}`));
    const pages = paginate(chunks, 100, 1);
    // 10 mm chunks 2 mm apart: eight a 100 mm page.
    expect(pages.map((p) => p.cols.map((c) => c.length))).toEqual([[8], [8], [8], [1]]);
    expectInReadingOrder(pages, chunks.map((c) => c.lines[0]!.text));
  });

  it('never ends a page or column on a hyphenated line: the word is not split across the break', () => {
    // 10 mm lines 2 mm apart, eight a 100 mm column: the break would fall after p7, which ends "re-".
    const chunks = Array.from({ length: 12 }, (_, i) => text(`p${i}`, 10, i === 7 ? { hyphenated: true } : {}));
    const one = paginate(chunks, 100, 1);
    expect(one.map((p) => p.cols[0]!.length)).toEqual([7, 5]);
    expect(one[0]!.cols[0]!.at(-1)!.chunk.hyphenated).toBeFalsy();
    const two = paginate(Array.from({ length: 20 }, (_, i) => text(`q${i}`, 10, i === 7 || i === 14 ? { hyphenated: true } : {})), 100, 2, 5);
    for (const pg of two) for (const col of pg.cols) expect(col.at(-1)!.chunk.hyphenated, JSON.stringify(col.at(-1)!.chunk.lines)).toBeFalsy();
    expectInReadingOrder(two, Array.from({ length: 20 }, (_, i) => `q${i}`));
  });

  it('never leaves a page holding only figures: the paragraph they illustrate comes along', () => {
    // Seven 10 mm lines fill page 1 but 16 mm; a 40 mm figure row goes over, and the next chapter
    // starts a new page, so page 2 would hold the figures alone. The last paragraph (p4–p6) goes with them.
    const para = (from: number, n: number) => Array.from({ length: n }, (_, j) => text(`p${from + j}`, 10, { lines: [{ text: `p${from + j}`, kind: 'body', wrapped: j > 0 }], ...(j === 0 || j === n - 2 ? { keepWithNext: true } : {}) }));
    const fig = (name: string): Chunk => ({ ...text(name, 40), figure: true, spaceBefore: 3 });
    const chunks = [...para(0, 4), ...para(4, 3), fig('FIG'), text('H1', 8, { breakBefore: true, keepWithNext: true }), text('after')];
    const pages = paginate(chunks, 100, 1);
    expect(pages.map((p) => p.cols[0]!.map((q) => q.chunk.lines[0]!.text))).toEqual([['p0', 'p1', 'p2', 'p3'], ['p4', 'p5', 'p6', 'FIG'], ['H1', 'after']]);
    const fy = pages[1]!.cols[0]!.at(-1)!;
    expect(fy.y).toBeCloseTo(2 * 2 + 3 * 10 + 3);
    expectInReadingOrder(pages, chunks.map((c) => c.lines[0]!.text));
    // The same at the end of the book, and with a paragraph too long to take whole: its last lines, never one alone.
    const long = [...para(0, 3), ...para(3, 5), fig('FIG')];
    const end = paginate(long, 100, 1);
    const last = end.at(-1)!.cols[0]!.map((q) => q.chunk.lines[0]!.text);
    expect(last.at(-1)).toBe('FIG');
    expect(last.length).toBeGreaterThanOrEqual(3);
  });
});
