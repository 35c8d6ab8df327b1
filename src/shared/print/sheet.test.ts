import { describe, expect, it } from 'vitest';
import { CARD_SIZE_PRESETS } from '../cards/schema';
import type { Rect } from './geometry';
import { computeGrid, cutLines, fitAxis, flipAxis, impose, mirrorSlot, slotClip, slotTrim, type ImposeOptions, type Sheet } from './sheet';

const POKER = { width: 63, height: 88 };
/** The layout of crop-marked sheets: marks reserve room on white inside the margins, auto gutters. */
const CROP = { marks: true, gutter: 'auto' } as const;
const A4: ImposeOptions = { paper: 'a4', orientation: 'portrait', margin: 5, bleed: 3, card: POKER, duplex: 'long', backOffset: { x: 0, y: 0 }, marks: 'crop' };

/** Assert a rectangle to 0.01 mm. */
function expectRect(actual: Rect, expected: Rect) {
  for (const k of ['x', 'y', 'w', 'h'] as const) expect(actual[k], k).toBeCloseTo(expected[k], 2);
}
const centre = (r: Rect) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });
const overlapArea = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

describe('fitAxis', () => {
  it('A4 width, poker: 3 × 69 mm = 207 > 200 mm of room; the 5 mm left after the outer bleed go to the inner cuts (1.25 mm each side)', () => {
    const a = fitAxis(210, 5, 63, 3);
    expect(a).toMatchObject({ count: 3, mode: 'gap', gutter: 2.5, pitch: 65.5, outerBleed: 3, innerBleed: 1.25, marksFit: true });
    expect(a.first).toBeCloseTo((210 - 194) / 2, 2); // 8: the outer bleed edge sits on the 5 mm margin
  });
  it('A4 width with crop marks: 11 mm of spare cannot hold 2 × 3 mm bleed and 2 × 5 mm marks, so cards butt and the marks keep the rest', () => {
    const a = fitAxis(210, 5, 63, 3, CROP);
    expect(a).toMatchObject({ count: 3, mode: 'butt', gutter: 0, pitch: 63, outerBleed: 3, innerBleed: 0, marksFit: false });
    expect(a.first).toBeCloseTo(10.5, 2);
  });
  it('A4 height with crop marks: full outer bleed, 5.25 mm of marks on white each end, 3.25 mm gutters (1.625 mm inner bleed)', () => {
    const a = fitAxis(297, 5, 88, 3, CROP);
    expect(a).toMatchObject({ count: 3, mode: 'gap', gutter: 3.25, outerBleed: 3, marksFit: true });
    expect(a.innerBleed).toBeCloseTo(1.625, 6);
    expect(a.first).toBeCloseTo(13.25, 2); // bleed edge 10.25, margin 5: 5.25 mm for the mark
  });
  it('a fixed gutter is used as given, and counts: 3 × 63 + 2 × 6 = 201 > 200 leaves 2 columns on A4', () => {
    expect(fitAxis(210, 5, 63, 3, { marks: false, gutter: 4 })).toMatchObject({ count: 3, gutter: 4, innerBleed: 2, mode: 'gap' });
    expect(fitAxis(210, 5, 63, 3, { marks: false, gutter: 6 })).toMatchObject({ count: 2, gutter: 6, innerBleed: 3 });
    expect(fitAxis(210, 5, 63, 3, { marks: false, gutter: 0 })).toMatchObject({ count: 3, mode: 'butt', innerBleed: 0 });
  });
  it('A4 height, poker: 3 × 94 mm = 282 ≤ 287 mm, so every card keeps its bleed and gutters are 6 mm', () => {
    const a = fitAxis(297, 5, 88, 3);
    expect(a).toMatchObject({ count: 3, mode: 'gap', gutter: 6, pitch: 94, outerBleed: 3 });
    expect(a.first).toBeCloseTo((297 - 276) / 2, 2); // 10.5
  });
  it('Letter height, poker: the trims fit (264 ≤ 269.4) but not the 2 × 3 mm outer bleed, which is cut to 2.7 mm', () => {
    const a = fitAxis(279.4, 5, 88, 3);
    expect(a).toMatchObject({ count: 3, mode: 'butt' });
    expect(a.first).toBeCloseTo(7.7, 2);
    expect(a.outerBleed).toBeCloseTo(2.7, 2);
  });
  it('bleed 0 butts cards with no gutter; no room gives 0', () => {
    expect(fitAxis(210, 5, 63, 0)).toMatchObject({ count: 3, mode: 'butt', gutter: 0, outerBleed: 0 });
    expect(fitAxis(210, 5, 201, 3).count).toBe(0);
  });
  it('tolerates binary fractions: 3 × 63.5 mm in exactly 190.5 mm of room', () => {
    expect(fitAxis(200.5, 5, 63.5, 0).count).toBe(3);
  });
});

describe('computeGrid', () => {
  it('poker is 3 × 3 on A4 and Letter portrait', () => {
    expect(computeGrid(POKER, 3, { width: 210, height: 297 }, 5)).toMatchObject({ cols: 3, rows: 3 });
    expect(computeGrid(POKER, 3, { width: 215.9, height: 279.4 }, 5)).toMatchObject({ cols: 3, rows: 3 });
  });
  it('poker is 4 × 2 on A4 landscape, with full bleed gutters both ways', () => {
    const g = computeGrid(POKER, 3, { width: 297, height: 210 }, 5);
    expect(g).toMatchObject({ cols: 4, rows: 2, x: { mode: 'gap', first: 13.5 }, y: { mode: 'gap', first: 14 } });
  });
});

describe('slots', () => {
  const g = computeGrid(POKER, 3, { width: 210, height: 297 }, 5, CROP);
  it('first slot on A4 (crop marks): trim at (10.5, 13.25); its clip keeps 3 mm outer bleed left and top, 1.625 mm at the inner row cut, none on the shared right cut', () => {
    expectRect(slotTrim(g, 0, 0), { x: 10.5, y: 13.25, w: 63, h: 88 });
    expectRect(slotClip(g, 0, 0), { x: 7.5, y: 10.25, w: 66, h: 92.625 });
  });
  it('middle and last slots', () => {
    expectRect(slotTrim(g, 1, 1), { x: 73.5, y: 104.5, w: 63, h: 88 });
    expectRect(slotClip(g, 1, 1), { x: 73.5, y: 102.875, w: 63, h: 91.25 });
    expectRect(slotTrim(g, 2, 2), { x: 136.5, y: 195.75, w: 63, h: 88 });
    expectRect(slotClip(g, 2, 2), { x: 136.5, y: 194.125, w: 66, h: 92.625 });
  });
  it('Letter: the clip stops at the 5 mm margin where the outer bleed was cut back', () => {
    const l = computeGrid(POKER, 3, { width: 215.9, height: 279.4 }, 5, CROP);
    expectRect(slotTrim(l, 0, 0), { x: 13.45, y: 7.7, w: 63, h: 88 });
    expectRect(slotClip(l, 0, 0), { x: 10.45, y: 5, w: 66, h: 90.7 });
    expectRect(slotClip(l, 2, 2), { x: 139.45, y: 183.7, w: 66, h: 90.7 });
  });
  it('no two clips overlap, and every clip contains its trim', () => {
    for (const grid of [g, computeGrid(POKER, 3, { width: 210, height: 297 }, 5), computeGrid(POKER, 3, { width: 297, height: 210 }, 5), computeGrid(CARD_SIZE_PRESETS.mini, 3, { width: 215.9, height: 279.4 }, 5, CROP)]) {
      const clips: Rect[] = [];
      for (let r = 0; r < grid.rows; r++)
        for (let c = 0; c < grid.cols; c++) {
          const t = slotTrim(grid, c, r);
          const k = slotClip(grid, c, r);
          expect(k.x <= t.x && k.y <= t.y && k.x + k.w >= t.x + t.w && k.y + k.h >= t.y + t.h).toBe(true);
          for (const o of clips) expect(overlapArea(o, k)).toBeCloseTo(0, 6);
          clips.push(k);
        }
    }
  });
  it('cut lines: butt columns share cuts, gap rows have two cuts per gutter', () => {
    expect(cutLines(g)).toEqual({ x: [10.5, 73.5, 136.5, 199.5], y: [13.25, 101.25, 104.5, 192.5, 195.75, 283.75] });
  });
  it('mirrorSlot: a long-edge flip maps column 0 to column 2, a short-edge flip maps row 0 to row 2', () => {
    expect(mirrorSlot(g, 0, 0, 'columns')).toEqual({ col: 2, row: 0 });
    expect(mirrorSlot(g, 1, 2, 'columns')).toEqual({ col: 1, row: 2 });
    expect(mirrorSlot(g, 0, 0, 'rows')).toEqual({ col: 0, row: 2 });
  });
});

describe('flipAxis', () => {
  it('names the physical edge: long mirrors columns in portrait and rows in landscape', () => {
    expect(flipAxis('long', 'portrait')).toBe('columns');
    expect(flipAxis('short', 'portrait')).toBe('rows');
    expect(flipAxis('long', 'landscape')).toBe('rows');
    expect(flipAxis('short', 'landscape')).toBe('columns');
    expect(flipAxis('none', 'portrait')).toBeNull();
  });
});

describe('impose', () => {
  it('paginates 20 cards on A4 into 3 sheets, each front followed by its back', () => {
    const sheets = impose(20, A4);
    expect(sheets.map((s) => `${s.sheetNumber}${s.side[0]}:${s.placements.length}`)).toEqual(['1f:9', '1b:9', '2f:9', '2b:9', '3f:2', '3b:2']);
    expect(sheets.every((s) => s.sheetCount === 3 && s.widthMm === 210 && s.heightMm === 297)).toBe(true);
    expect(sheets[4]!.placements.map((p) => [p.itemIndex, p.col, p.row])).toEqual([[18, 0, 0], [19, 1, 0]]);
    expectRect(sheets[0]!.placements[0]!.trim, { x: 10.5, y: 13.25, w: 63, h: 88 });
  });

  it('without duplex there are only fronts; no items give no sheets', () => {
    expect(impose(['a', 'b'], { ...A4, duplex: 'none' }).map((s) => s.side)).toEqual(['front']);
    expect(impose([], A4)).toEqual([]);
  });

  it('long edge, offset (1.5, −0.7): slot (0,0) backs onto column 2 at x = 210 − 10.5 − 63 + 1.5 = 138, y = 13.25 − 0.7 = 12.55', () => {
    const [front, back] = impose(9, { ...A4, backOffset: { x: 1.5, y: -0.7 } }) as [Sheet, Sheet];
    const b0 = back.placements.find((p) => p.itemIndex === 0)!;
    expect([b0.col, b0.row]).toEqual([2, 0]);
    expectRect(b0.trim, { x: 138, y: 12.55, w: 63, h: 88 });
    expectRect(b0.clip, { x: 138, y: 9.55, w: 66, h: 92.625 }); // front clip (7.5, 10.25, 66, 92.625) mirrored and shifted
    expect(front.placements[0]!.trim).toEqual({ x: 10.5, y: 13.25, w: 63, h: 88 });
    expect(back.placements.every((p) => p.rotate === 0)).toBe(true);
  });

  const cases: [ImposeOptions['paper'], ImposeOptions['orientation'], ImposeOptions['duplex']][] = [
    ['a4', 'portrait', 'long'],
    ['a4', 'portrait', 'short'],
    ['letter', 'portrait', 'long'],
    ['letter', 'portrait', 'short'],
    ['a4', 'landscape', 'long'],
    ['letter', 'landscape', 'short'],
  ];
  for (const [paper, orientation, duplex] of cases)
    it(`${paper} ${orientation}, ${duplex} edge: every back is its front mirrored about the page centre line, plus the offset`, () => {
      const off = { x: 1.5, y: -0.7 };
      const opts = { ...A4, paper, orientation, duplex, backOffset: off };
      const sheets = impose(13, opts); // a full sheet and a partial one
      const axis = flipAxis(duplex, orientation)!;
      for (let i = 0; i < sheets.length; i += 2) {
        const [front, back] = [sheets[i]!, sheets[i + 1]!];
        expect(back.side).toBe('back');
        expect(back.placements.map((p) => p.itemIndex)).toEqual(front.placements.map((p) => p.itemIndex));
        const W = front.widthMm;
        const H = front.heightMm;
        front.placements.forEach((f, k) => {
          const b = back.placements[k]!;
          const fc = centre(f.trim);
          const bc = centre(b.trim);
          // The reflection is exactly what puts the back behind the front once the sheet is turned over.
          const reflected = axis === 'columns' ? { x: W - fc.x, y: fc.y } : { x: fc.x, y: H - fc.y };
          expect(bc.x - off.x).toBeCloseTo(reflected.x, 2);
          expect(bc.y - off.y).toBeCloseTo(reflected.y, 2);
          // And the mirrored slot is a real slot of the same grid.
          const slot = mirrorSlot(front.grid, f.col, f.row, axis);
          expect([b.col, b.row]).toEqual([slot.col, slot.row]);
          const mt = slotTrim(front.grid, slot.col, slot.row);
          expectRect(b.trim, { ...mt, x: mt.x + off.x, y: mt.y + off.y });
          const mc = slotClip(front.grid, slot.col, slot.row);
          expectRect(b.clip, { ...mc, x: mc.x + off.x, y: mc.y + off.y });
        });
      }
    });

  it('back cut lines and trim box are the front ones mirrored and shifted', () => {
    const [front, back] = impose(9, { ...A4, duplex: 'short', backOffset: { x: 2, y: 1 } }) as [Sheet, Sheet];
    expect(back.cuts.x).toEqual(front.cuts.x.map((x) => x + 2));
    expect(back.cuts.y).toEqual(front.cuts.y.map((y) => 297 - y + 1).sort((a, b) => a - b));
    expectRect(front.trimBox, { x: 10.5, y: 13.25, w: 189, h: 270.5 });
    expectRect(back.trimBox, { x: 12.5, y: 14.25, w: 189, h: 270.5 });
  });

  it('a row flip (short edge on portrait) turns every back 180° so it reads as after a long-edge flip; fronts never turn', () => {
    const [front, back] = impose(9, { ...A4, duplex: 'short' }) as [Sheet, Sheet];
    expect(front.placements.every((p) => p.rotate === 0)).toBe(true);
    expect(back.placements.every((p) => p.rotate === 180)).toBe(true);
    const [, longBack] = impose(9, { ...A4, duplex: 'long' }) as [Sheet, Sheet];
    expect(longBack.placements.every((p) => p.rotate === 0)).toBe(true);
  });

  it('throws a usage error that says how to fix a card that does not fit', () => {
    expect(() => impose(1, { ...A4, card: { width: 300, height: 88 } })).toThrow(/does not fit on A4 portrait.*Turn the page/);
    expect(() => impose(1, { ...A4, bleed: -1 })).toThrow(/Bleed and margin/);
  });
});
