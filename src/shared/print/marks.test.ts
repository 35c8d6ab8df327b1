import { describe, expect, it } from 'vitest';
import type { LineOp } from '../cards/draw-list';
import { ptToMm } from '../util/units';
import { fakeMeasurer } from './fake-measurer';
import { footerText, MARK_STYLE, sheetMarks } from './marks';
import { impose, type ImposeOptions, type Sheet } from './sheet';

const A4: ImposeOptions = { paper: 'a4', orientation: 'portrait', margin: 5, bleed: 3, card: { width: 63, height: 88 }, duplex: 'long', backOffset: { x: 1.5, y: -0.7 } };
const [front, back] = impose(9, A4) as [Sheet, Sheet];
const key = (l: LineOp) => [l.x1, l.y1, l.x2, l.y2].map((v) => v.toFixed(2)).join(',');

describe('sheetMarks: crop', () => {
  const list = sheetMarks(front, 'crop');
  const lines = list.ops as LineOp[];
  it('is a page-sized list with two marks per cut line: 4 column cuts and 6 row cuts on A4 poker', () => {
    expect(list).toMatchObject({ width: 210, height: 297, bleed: 0 });
    expect(lines).toHaveLength(2 * 4 + 2 * 6);
    expect(lines.every((l) => l.op === 'line' && l.id === 'crop-mark')).toBe(true);
  });
  it('marks start 2 mm outside the outer trim and are 5 mm long, a 0.25 pt black hairline', () => {
    // Grid trim box is (10.5, 10.5)–(199.5, 286.5).
    expect(lines.map(key)).toContain('10.50,8.50,10.50,3.50'); // above column edge x = 10.5
    expect(lines.map(key)).toContain('73.50,288.50,73.50,293.50'); // below x = 73.5
    expect(lines.map(key)).toContain('8.50,98.50,3.50,98.50'); // left of the row cut y = 98.5
    expect(lines.map(key)).toContain('201.50,192.50,206.50,192.50'); // right of y = 192.5
    for (const l of lines) {
      expect(Math.hypot(l.x2 - l.x1, l.y2 - l.y1)).toBeGreaterThanOrEqual(5 - 1e-9);
      expect(l.stroke).toEqual({ color: '#000000', width: 0.088 });
      // Outside the grid: never over a card's trim.
      const inside = (x: number, y: number) => x > 10.5 && x < 199.5 && y > 10.5 && y < 286.5;
      expect(inside(l.x1, l.y1) || inside(l.x2, l.y2)).toBe(false);
    }
    expect(MARK_STYLE.width).toBeCloseTo(ptToMm(0.25), 9);
  });
  it('back marks are the front marks mirrored about the vertical centre line and shifted by the offset', () => {
    const b = (sheetMarks(back, 'crop').ops as LineOp[]).map(key).sort();
    const f = lines
      .map((l) => ({ ...l, x1: 210 - l.x1 + 1.5, x2: 210 - l.x2 + 1.5, y1: l.y1 - 0.7, y2: l.y2 - 0.7 }))
      .map(key)
      .sort();
    expect(b).toEqual(f);
  });
  it('marks are cut short by the paper edge, never drawn off the page', () => {
    const tight = impose(1, { ...A4, bleed: 0, margin: 0, card: { width: 70, height: 98 } })[0]!; // trim 0 mm from the top
    for (const l of sheetMarks(tight, 'crop').ops as LineOp[]) for (const v of [l.y1, l.y2]) expect(v).toBeGreaterThanOrEqual(0);
  });
});

describe('sheetMarks: lines and none', () => {
  it('lines: full-length thin grey lines across the page at every cut', () => {
    const lines = sheetMarks(front, 'lines').ops as LineOp[];
    expect(lines).toHaveLength(4 + 6);
    expect(lines[0]).toEqual({ op: 'line', id: 'cut-line', x1: 10.5, y1: 0, x2: 10.5, y2: 297, stroke: { color: '#b3b3b3', width: 0.088 } });
    expect(lines[4]).toMatchObject({ x1: 0, y1: 10.5, x2: 210, y2: 10.5 });
  });
  it('none: an empty page list', () => {
    expect(sheetMarks(front, 'none').ops).toEqual([]);
  });
});

describe('footerText', () => {
  const m = fakeMeasurer();
  it('centres the text between the middle column marks, below the grid bleed', () => {
    const [t] = footerText(front, 'sheet 1/1 front', m); // 15 chars × 8 pt × 0.35 = 42 mm
    expect(t).toMatchObject({ op: 'text', id: 'footer', face: 'sans', size: 8, width: 42 });
    expect(t!.x).toBeCloseTo((73.5 + 136.5 - 42) / 2, 2);
    // The band from the bleed edge (289.5) to the margin (292) is too small for 8 pt, so it runs to the paper edge.
    const em = ptToMm(8);
    expect(t!.y).toBeCloseTo((289.5 + 297) / 2 + (0.88 * em - 0.12 * em) / 2, 2);
  });
  it('shrinks to fit between marks, then gives up and centres on the page at the minimum size', () => {
    const [a] = footerText(front, 'x'.repeat(24), m); // 67.2 mm at 8 pt, 63 at 7.5, 58.8 at 7: fits in 63 − 2 × 1 mm
    expect(a!.size).toBe(7);
    expect(a!.x).toBeCloseTo((210 - 58.8) / 2, 2);
    const [b] = footerText(front, 'x'.repeat(40), m);
    expect(b!.size).toBe(6);
    expect(b!.x + b!.width / 2).toBeCloseTo(105, 2);
  });
  it('with no marks the whole foot is free; empty text gives nothing', () => {
    const [t] = footerText(front, 'x'.repeat(24), m, { marks: 'none' });
    expect(t!.size).toBe(8);
    expect(footerText(front, '', m)).toEqual([]);
  });
  it('on a back page it follows the offset grid', () => {
    const [t] = footerText(back, 'sheet 1/1 back', m);
    expect(t!.x).toBeCloseTo((75 + 138 - 14 * 2.8) / 2, 2);
  });
});
