import { describe, expect, it } from 'vitest';
import type { DrawOp, LineOp, RectOp, TextOp } from '../cards/draw-list';
import { ptToMm } from '../util/units';
import { calibrationCrosses, calibrationPages, CALIBRATION_TEXT } from './calibration';
import { fakeMeasurer } from './fake-measurer';
import type { Rect } from './geometry';

const m = fakeMeasurer();
const a4 = (() => {
  const p = calibrationPages({ paper: 'a4', orientation: 'portrait', duplex: 'long' }, m);
  if (!p.back) throw new Error('a duplex calibration has a back page');
  return { ...p, back: p.back };
})();
const texts = (ops: DrawOp[]) => ops.filter((o): o is TextOp => o.op === 'text');
const lines = (ops: DrawOp[], id: string) => ops.filter((o): o is LineOp => o.op === 'line' && o.id === id);
const box = (t: TextOp): Rect => ({ x: t.x, y: t.y - 0.88 * ptToMm(t.size), w: t.width, h: ptToMm(t.size) });
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w - 1e-6 && b.x < a.x + a.w - 1e-6 && a.y < b.y + b.h - 1e-6 && b.y < a.y + a.h - 1e-6;

describe('calibrationCrosses', () => {
  it('A4 portrait, long edge: crosses 25 mm from the edges; each back partner mirrored across the vertical centre line', () => {
    expect(a4.crosses).toEqual([
      { label: 'A', front: { x: 25, y: 25 }, back: { x: 185, y: 25 } },
      { label: 'B', front: { x: 185, y: 25 }, back: { x: 25, y: 25 } },
      { label: 'C', front: { x: 25, y: 272 }, back: { x: 185, y: 272 } },
      { label: 'D', front: { x: 185, y: 272 }, back: { x: 25, y: 272 } },
    ]);
  });
  it('short edge mirrors across the horizontal centre line; landscape swaps which edge is which', () => {
    expect(calibrationCrosses({ width: 210, height: 297 }, 'rows')[0]).toEqual({ label: 'A', front: { x: 25, y: 25 }, back: { x: 25, y: 272 } });
    const land = calibrationPages({ paper: 'letter', orientation: 'landscape', duplex: 'long' }, m);
    expect(land.crosses[0]!.back.x).toBeCloseTo(25, 2);
    expect(land.crosses[0]!.back.y).toBeCloseTo(215.9 - 25, 2);
  });
  it('the back page draws each partner cross exactly at its back position, the front page at its front position', () => {
    for (const c of a4.crosses) {
      const arms = lines(a4.back.ops, 'calibration-scale').filter((l) => (l.y1 === l.y2 && l.y1 === c.back.y && l.x1 < c.back.x && l.x2 > c.back.x) || (l.x1 === l.x2 && l.x1 === c.back.x && l.y1 < c.back.y && l.y2 > c.back.y));
      expect(arms.length).toBeGreaterThanOrEqual(2);
      const ring = a4.front.ops.find((o) => o.op === 'ellipse' && o.cx === c.front.x && o.cy === c.front.y);
      expect(ring).toBeDefined();
    }
  });
  it('back scales run ±10 mm in 1 mm ticks along both arms', () => {
    const c = a4.crosses[0]!.back;
    const ticks = lines(a4.back.ops, 'calibration-scale').filter((l) => Math.abs(l.x1 - c.x) <= 10 && Math.abs(l.y1 - c.y) <= 10 && Math.hypot(l.x2 - l.x1, l.y2 - l.y1) <= 2);
    expect(ticks).toHaveLength(40);
    const xs = ticks.filter((l) => l.y1 === c.y).map((l) => l.x1 - c.x).sort((a, b) => a - b);
    expect(xs[0]).toBeCloseTo(-10, 2);
    expect(xs[19]).toBeCloseTo(10, 2);
  });
  it('for simplex output: one page with the ruler, the squares and the scale steps, no crosses and no back', () => {
    const p = calibrationPages({ paper: 'a4', orientation: 'portrait', duplex: 'none' }, m);
    expect(p.back).toBeNull();
    expect(p.crosses).toEqual([]);
    expect(p.front.ops.some((o) => o.id === 'calibration-cross')).toBe(false);
    expect(lines(p.front.ops, 'calibration-ruler').filter((l) => l.x1 === l.x2)).toHaveLength(101);
    expect(p.front.ops.filter((o) => o.op === 'rect' && o.id === 'calibration-square')).toHaveLength(2);
    const joined = texts(p.front.ops).map((t) => t.text).join('').replace(/\s/g, '');
    for (const s of [...CALIBRATION_TEXT.simplexSteps.en, ...CALIBRATION_TEXT.simplexSteps.zh]) expect(joined).toContain(s.replace(/\s/g, ''));
    expect(joined).not.toContain('double-sided');
  });
});

describe('calibration front page', () => {
  it('has a 100 mm ruler: 101 ticks 1 mm apart, the last exactly 100 mm from the first', () => {
    const ticks = lines(a4.front.ops, 'calibration-ruler').filter((l) => l.x1 === l.x2);
    expect(ticks).toHaveLength(101);
    expect(ticks[100]!.x1 - ticks[0]!.x1).toBeCloseTo(100, 2);
    ticks.forEach((t, i) => expect(t.x1 - ticks[0]!.x1).toBeCloseTo(i, 2));
    expect(ticks[0]!.x1).toBeCloseTo(55, 2); // centred on A4: (210 − 100) / 2
    expect(ticks.filter((t) => t.y2 - t.y1 === 5)).toHaveLength(11);
  });
  it('has a 1 in and a 5 cm square', () => {
    const sq = a4.front.ops.filter((o): o is RectOp => o.op === 'rect' && o.id === 'calibration-square');
    expect(sq.map((r) => [r.w, r.h])).toEqual([[25.4, 25.4], [50, 50]]);
  });
  it('says print at 100 % in English and Chinese, with the offset instructions, in sans ≥ 8 pt', () => {
    const all = [...texts(a4.front.ops), ...texts(a4.back.ops)];
    const joined = all.map((t) => t.text).join('').replace(/\s/g, '');
    for (const s of [CALIBRATION_TEXT.title.en, CALIBRATION_TEXT.title.zh, ...CALIBRATION_TEXT.steps.en, ...CALIBRATION_TEXT.steps.zh, CALIBRATION_TEXT.back.zh])
      expect(joined).toContain(s.replace(/\s/g, ''));
    expect(all.filter((t) => t.text === '’').map((t) => t.face)).toEqual(['latin']);
    for (const t of all) {
      // The apostrophe of "cross’s" is set in the Latin face: the CJK face draws it a full em wide ("cross’ s").
      expect(t.text === '’' ? ['latin'] : ['sans', 'sans-bold']).toContain(t.face);
      expect(t.size).toBeGreaterThanOrEqual(8);
      expect(t.width).toBeCloseTo([...t.text].length * t.size * 0.35, 2);
    }
  });
  for (const paper of ['a4', 'letter'] as const)
    for (const orientation of ['portrait', 'landscape'] as const)
      for (const duplex of ['short', 'none'] as const)
        it(`${paper} ${orientation} ${duplex}: text stays inside the margins, clear of the crosses, and no two texts overlap`, () => {
          const p = calibrationPages({ paper, orientation, duplex }, m);
          const sides: [DrawOp[], string][] = p.back ? [[p.front.ops, 'front'], [p.back.ops, 'back']] : [[p.front.ops, 'front']];
          for (const [ops, side] of sides) {
            const own = texts(ops).filter((t) => t.id === 'calibration-text' || t.id === 'calibration-ruler' || t.id === 'calibration-square');
            const boxes = own.map(box);
            boxes.forEach((b, i) => {
              expect(b.x).toBeGreaterThanOrEqual(5);
              expect(b.y).toBeGreaterThanOrEqual(5);
              expect(b.x + b.w).toBeLessThanOrEqual(p.front.width - 5);
              expect(b.y + b.h).toBeLessThanOrEqual(p.front.height - 5);
              for (const c of p.crosses) for (const q of [c.front, c.back]) expect(overlaps(b, { x: q.x - 16, y: q.y - 16, w: 32, h: 32 }), `${side} "${own[i]!.text}"`).toBe(false);
              for (let j = 0; j < i; j++) expect(overlaps(b, boxes[j]!), `"${own[i]!.text}" / "${own[j]!.text}"`).toBe(false);
            });
          }
          const squares = [p.squares.inch, p.squares.fiveCm];
          for (const t of texts(p.front.ops).filter((t) => t.id === 'calibration-text')) for (const s of squares) expect(overlaps(box(t), s)).toBe(false);
          const ruler = { x: p.ruler.x, y: p.ruler.y - 4, w: p.ruler.length, h: 14 };
          for (const g of [...squares, ruler]) for (const c of p.crosses) for (const q of [c.front, c.back]) expect(overlaps(g, { x: q.x - 16, y: q.y - 16, w: 32, h: 32 })).toBe(false);
        });
});
