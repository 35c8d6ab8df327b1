import { describe, expect, it } from 'vitest';
import type { DrawOp, GroupOp, LineOp, TextOp } from '../cards/draw-list';
import { ptToMm } from '../util/units';
import { fakeMeasurer } from './fake-measurer';
import { footerText, MARK_STYLE, markSpan, sheetMarks } from './marks';
import { impose, type ImposeOptions, type Sheet } from './sheet';

const A4: ImposeOptions = { paper: 'a4', orientation: 'portrait', margin: 5, bleed: 3, card: { width: 63, height: 88 }, duplex: 'long', backOffset: { x: 1.5, y: -0.7 }, marks: 'crop' };
const LETTER: ImposeOptions = { ...A4, paper: 'letter', backOffset: { x: 0, y: 0 } };
const [front, back] = impose(9, A4) as [Sheet, Sheet];
const [letter] = impose(9, LETTER) as [Sheet];
const key = (l: LineOp) => [l.x1, l.y1, l.x2, l.y2].map((v) => v.toFixed(2)).join(',');
const len = (l: LineOp) => Math.hypot(l.x2 - l.x1, l.y2 - l.y1);
const crop = (s: Sheet) => sheetMarks(s, 'crop').ops as LineOp[];
// About the real faces' average advance for this mixed Latin/CJK line (the default factor is a CJK em for every character).
const m = fakeMeasurer({ factor: 0.25 });
const FOOT = ['斗福 Dou Fu · 1/6 正面 front', '请以 100% 实际大小打印', 'print at 100%, not fit to page'];

/** The page box of a foot text op (upright, or turned −90° up the left side), from the fake measurer's metrics. */
function footBox(op: DrawOp) {
  const t = (op.op === 'group' ? op.ops[0] : op) as TextOp;
  const [a, d] = [0.88 * ptToMm(t.size), 0.12 * ptToMm(t.size)];
  if (op.op !== 'group') return { x0: t.x, x1: t.x + t.width, y0: t.y - a, y1: t.y + d };
  expect((op as GroupOp).rotate).toEqual({ deg: -90, cx: t.x, cy: t.y });
  return { x0: t.x - a, x1: t.x + d, y0: t.y - t.width, y1: t.y };
}
/** Whether a mark crosses a box (with 0.5 mm clearance). */
const crosses = (l: LineOp, b: ReturnType<typeof footBox>) =>
  Math.max(l.x1, l.x2) > b.x0 - 0.5 && Math.min(l.x1, l.x2) < b.x1 + 0.5 && Math.max(l.y1, l.y2) > b.y0 - 0.5 && Math.min(l.y1, l.y2) < b.y1 + 0.5;

describe('sheetMarks: crop', () => {
  it('is a page-sized list with two marks per cut line (4 column cuts, 6 row cuts on A4), 0.25 pt black', () => {
    const list = sheetMarks(front, 'crop');
    expect(list).toMatchObject({ width: 210, height: 297, bleed: 0 });
    expect(list.ops).toHaveLength(2 * 4 + 2 * 6);
    for (const l of crop(front)) expect(l.stroke).toEqual({ color: '#000000', width: 0.088 });
    expect(MARK_STYLE.width).toBeCloseTo(ptToMm(0.25), 9);
  });
  it('A4: marks above and below the grid are 5 mm long on white inside the 5 mm margin, starting outside the 3 mm bleed', () => {
    // Top trim 13.25, bleed edge 10.25: the mark runs 10.00 → 5.00; bottom trim 283.75, bleed edge 286.75: 287.00 → 292.00.
    expect(crop(front).map(key)).toContain('10.50,10.00,10.50,5.00');
    expect(crop(front).map(key)).toContain('73.50,287.00,73.50,292.00');
    for (const l of crop(front).filter((l) => l.x1 === l.x2)) {
      expect(len(l)).toBeCloseTo(5, 1);
      expect(Math.min(l.y1, l.y2)).toBeGreaterThanOrEqual(5 - 1e-6);
      expect(Math.max(l.y1, l.y2)).toBeLessThanOrEqual(292 + 1e-6);
      const nearTrim = l.y1 < 150 ? 13.25 - Math.max(l.y1, l.y2) : Math.min(l.y1, l.y2) - 283.75;
      expect(nearTrim).toBeGreaterThanOrEqual(3.25 - 1e-6); // bleed 3 + 0.25 clearance: never inside the bleed
    }
  });
  it('A4: marks left and right start outside the bleed and are 5 mm long; the 10.5 mm beside the grid cannot hold them inside the margin (the options warn)', () => {
    expect(crop(front).map(key)).toContain('7.25,13.25,2.25,13.25');
    for (const l of crop(front).filter((l) => l.y1 === l.y2)) {
      expect(len(l)).toBeCloseTo(5, 1);
      const nearTrim = l.x1 < 105 ? 10.5 - Math.max(l.x1, l.x2) : Math.min(l.x1, l.x2) - 199.5;
      expect(nearTrim).toBeCloseTo(3.25, 2);
    }
    expect(front.grid.x.marksFit).toBe(false);
  });
  it('US Letter: marks left and right lie on white inside the 5 mm margin (10.20 → 5.00 mm), ≥ 5 mm long', () => {
    const side = crop(letter).filter((l) => l.y1 === l.y2);
    expect(side.map(key)).toContain('10.20,7.70,5.00,7.70');
    for (const l of side) {
      expect(len(l)).toBeGreaterThanOrEqual(5 - 1e-6);
      expect(Math.min(l.x1, l.x2)).toBeGreaterThanOrEqual(5 - 1e-6);
      expect(Math.max(l.x1, l.x2)).toBeLessThanOrEqual(215.9 - 5 + 1e-6);
    }
  });
  it('US Letter: above and below the 3 rows only 7.7 mm are left; marks still start outside the (cut back) bleed, 4.75 mm to the paper edge', () => {
    expect(letter.grid.y.marksFit).toBe(false);
    const top = crop(letter).filter((l) => l.x1 === l.x2 && l.y1 < 100);
    for (const l of top) expect([l.y1, l.y2]).toEqual([4.75, 0]);
    const span = markSpan(letter.grid.y, 5);
    expect(span.start).toBeCloseTo(2.95, 6);
    expect(span.end).toBeCloseTo(7.95, 6);
  });
  it('back marks are the front marks mirrored about the vertical centre line and shifted by the offset', () => {
    const mirror = (l: LineOp) => ({ ...l, x1: 210 - l.x1 + 1.5, x2: 210 - l.x2 + 1.5, y1: l.y1 - 0.7, y2: l.y2 - 0.7 });
    expect(crop(back).map(key).sort()).toEqual(crop(front).map(mirror).map(key).sort());
  });
  it('lines: full-length thin grey lines across the page at every cut; none: nothing', () => {
    const lines = sheetMarks(front, 'lines').ops as LineOp[];
    expect(lines).toHaveLength(front.cuts.x.length + front.cuts.y.length);
    expect(lines.every((l) => l.stroke.color === '#b3b3b3' && (l.y2 - l.y1 === 297 || l.x2 - l.x1 === 210))).toBe(true);
    expect(sheetMarks(front, 'none').ops).toEqual([]);
  });
});

describe('footerText', () => {
  it('A4: below the grid, every glyph ≥ 6 mm from the paper edge, clear of the bleed, and no mark through it', () => {
    const ops = footerText(front, FOOT, m);
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) {
      const b = footBox(op);
      expect(b.y1).toBeLessThanOrEqual(297 - 6 + 1e-6);
      expect(b.y0).toBeGreaterThanOrEqual(283.75 + 3 - 1e-6);
      expect(b.x0).toBeGreaterThanOrEqual(6 - 1e-6);
      expect(b.x1).toBeLessThanOrEqual(204 + 1e-6);
      for (const l of crop(front)) expect(crosses(l, b), `${key(l)} crosses "${(op as TextOp).text}"`).toBe(false);
    }
    expect(ops.map((o) => (o as TextOp).text).join(' · ')).toBe(FOOT.join(' · '));
  });
  it('US Letter: no white above or below the grid, so the foot runs up the left side, ≥ 6 mm in, between the marks', () => {
    const ops = footerText(letter, FOOT, m);
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) {
      expect(op.op).toBe('group');
      const b = footBox(op);
      expect(b.x0).toBeGreaterThanOrEqual(6 - 1e-6);
      expect(b.x1).toBeLessThanOrEqual(13.45 - 3 + 1e-6); // left of the card bleed
      expect(b.y0).toBeGreaterThanOrEqual(6 - 1e-6);
      expect(b.y1).toBeLessThanOrEqual(279.4 - 6 + 1e-6);
      for (const l of crop(letter)) expect(crosses(l, b), key(l)).toBe(false);
    }
  });
  it('shrinks the text to fit a shallow band: Noto Sans SC\'s line box (1.45 em) at 8 pt is deeper than the white under a 3 × 3 A4 grid or a 4 × 2 A4 landscape grid', () => {
    // The real face's metrics: at 8 pt the line box is 4.09 mm, and the bands are 3.25 mm (portrait) and 4 mm (landscape).
    const real = { ...m, metrics: () => ({ ascent: 1.16, descent: -0.288, capHeight: 0.733 }) };
    const [landscape] = impose(8, { ...A4, orientation: 'landscape' }) as [Sheet];
    for (const [name, sheet] of [['portrait', front], ['landscape', landscape]] as const) {
      const ops = footerText(sheet, FOOT, real);
      expect(ops.length, name).toBeGreaterThan(0);
      const bottom = sheet.trimBox.y + sheet.trimBox.h + 3;
      for (const op of ops) {
        const t = op as TextOp;
        expect(t.size, name).toBeLessThan(8);
        expect(t.size, name).toBeGreaterThanOrEqual(6);
        expect(t.y - 1.16 * ptToMm(t.size), name).toBeGreaterThanOrEqual(bottom + 1 - 1e-6);
        expect(t.y + 0.288 * ptToMm(t.size), name).toBeLessThanOrEqual(sheet.heightMm - 6 + 1e-6);
        for (const l of crop(sheet)) expect(Math.max(l.x1, l.x2) > t.x - 0.5 && Math.min(l.x1, l.x2) < t.x + t.width + 0.5 && Math.max(l.y1, l.y2) > t.y - 3 && Math.min(l.y1, l.y2) < t.y + 1, `${name}: ${key(l)}`).toBe(false);
      }
      expect(ops.map((o) => (o as TextOp).text).join(' · '), name).toBe(FOOT.join(' · '));
    }
  });
  it('on a back page it follows the offset grid; empty text gives nothing', () => {
    for (const op of footerText(back, FOOT, m)) expect(footBox(op).y0).toBeGreaterThanOrEqual(back.trimBox.y + back.trimBox.h + 3 - 1e-6);
    expect(footerText(front, [], m)).toEqual([]);
    expect(footerText(front, '', m)).toEqual([]);
  });
});
