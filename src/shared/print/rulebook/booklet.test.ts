import { describe, expect, it } from 'vitest';
import type { DrawList } from '../../cards/draw-list';
import { bookletSheets, imposeBooklet } from './booklet';

const pair = (s: { left: number | null; right: number | null }) => [s.left, s.right];

describe('imposeBooklet', () => {
  it('orders 8 pages for saddle stitching', () => {
    expect(imposeBooklet(8)).toEqual([
      { sheet: 1, side: 'front', left: 8, right: 1 },
      { sheet: 1, side: 'back', left: 2, right: 7 },
      { sheet: 2, side: 'front', left: 6, right: 3 },
      { sheet: 2, side: 'back', left: 4, right: 5 },
    ]);
  });

  it('orders 12 pages on three sheets', () => {
    expect(imposeBooklet(12).map(pair)).toEqual([[12, 1], [2, 11], [10, 3], [4, 9], [8, 5], [6, 7]]);
  });

  it('pads 10 pages to 12 with blanks at the end', () => {
    expect(imposeBooklet(10).map(pair)).toEqual([[null, 1], [2, null], [10, 3], [4, 9], [8, 5], [6, 7]]);
  });

  it('uses every page once, and facing halves always add up to n + 1', () => {
    for (let n = 1; n <= 40; n++) {
      const sides = imposeBooklet(n);
      const N = Math.ceil(n / 4) * 4;
      expect(sides).toHaveLength(N / 2);
      const pages = sides.flatMap(pair).filter((p) => p !== null);
      expect(pages.sort((a, b) => a! - b!)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      // Facing halves of the padded book add up to N + 1; padding only blanks the pages past n.
      const full = imposeBooklet(N);
      full.forEach((s, i) => {
        expect(s.left! + s.right!).toBe(N + 1);
        expect(sides[i]).toEqual({ ...s, left: s.left! <= n ? s.left : null, right: s.right! <= n ? s.right : null });
      });
    }
  });

  it('refuses a page count that is not a whole number', () => {
    expect(() => imposeBooklet(0)).toThrow(/whole number of pages/);
    expect(() => imposeBooklet(2.5)).toThrow(/whole number of pages/);
  });
});

describe('bookletSheets', () => {
  const pages = (n: number, w: number, h: number): DrawList[] =>
    Array.from({ length: n }, (_, i) => ({ width: w, height: h, bleed: 0, ops: [{ op: 'text', x: 10, y: 10, text: `p${i + 1}`, face: 'sans', size: 9, color: '#000000', width: 5 }] }));

  it('sets A5 pages on A4 landscape, A4 on A3, Letter on Tabloid and half letter on Letter', () => {
    expect(bookletSheets(pages(4, 139.7, 215.9), 'half-letter').map((s) => [s.width, s.height])).toEqual([[279.4, 215.9], [279.4, 215.9]]);
    expect(bookletSheets(pages(4, 148, 210), 'a5').map((s) => [s.width, s.height])).toEqual([[297, 210], [297, 210]]);
    expect(bookletSheets(pages(4, 210, 297), 'a4')[0]).toMatchObject({ width: 420, height: 297 });
    expect(bookletSheets(pages(4, 215.9, 279.4), 'letter')[0]).toMatchObject({ width: 431.8, height: 279.4 });
  });

  it('places each page in its half with a transform and a trim clip, blanks left empty', () => {
    const sheets = bookletSheets(pages(6, 148, 210), 'a5');
    expect(sheets).toHaveLength(4);
    const front = sheets[0]!.ops;
    expect(front).toHaveLength(1); // page 8 is blank
    expect(front[0]).toMatchObject({ op: 'group', id: 'booklet:page-1', transform: { x: 148.5, y: 0 }, clip: { x: 0, y: 0, w: 148, h: 210 } });
    expect(sheets[2]!.ops.map((o) => [o.id, o.op === 'group' && o.transform!.x])).toEqual([['booklet:page-6', 0.5], ['booklet:page-3', 148.5]]);
  });

  it('turns back sides for a long-edge flip', () => {
    const sheets = bookletSheets(pages(4, 148, 210), 'a5', { flip: 'long' });
    expect(sheets[0]!.ops[0]!.op).toBe('group');
    expect(sheets[1]!.ops[0]).toMatchObject({ op: 'group', rotate: { deg: 180, cx: 148.5, cy: 105 } });
  });

  it('refuses pages of another size', () => {
    expect(() => bookletSheets(pages(4, 210, 297), 'a5')).toThrow(/not a5/);
  });
});
