import { describe, expect, it } from 'vitest';
import { entryUnits, fitCards, rowsAt } from './fit';

const O = { gap: 10, min: 40, max: 100, aspect: 1.4, below: 20 };

describe('fitting the middle of the table', () => {
  it('wraps like flex-wrap', () => {
    expect(rowsAt([1, 1, 1], 100, 320, 10)).toBe(1);
    expect(rowsAt([1, 1, 1], 100, 309, 10)).toBe(2);
    expect(rowsAt([1, 1, 1, 1], 100, 210, 10)).toBe(2);
    expect(rowsAt([], 100, 210, 10)).toBe(1);
  });

  it('keeps the largest size when there is room', () => {
    expect(fitCards([1, 1, 1], 400, 200, O)).toEqual({ width: 100, rows: 1, fits: true });
  });

  it('shrinks cards so many fit one row, before using a second', () => {
    const f = fitCards(Array(8).fill(1), 700, 180, O);
    expect(f.fits).toBe(true);
    expect(f.rows).toBe(1);
    expect(8 * f.width + 7 * 10).toBeLessThanOrEqual(700);
    expect(Math.round(f.width * 1.4) + 20).toBeLessThanOrEqual(180);
  });

  it('uses two rows when the box is tall and narrow, and reports when nothing fits', () => {
    const two = fitCards(Array(8).fill(1), 300, 500, O);
    expect(two.fits).toBe(true);
    expect(two.rows).toBeGreaterThan(1);
    const none = fitCards(Array(40).fill(1), 300, 100, O);
    expect(none).toEqual({ width: 40, rows: expect.any(Number), fits: false });
  });

  it('counts a 三叠 wider than a single card', () => {
    expect(entryUnits(1)).toBe(1);
    expect(entryUnits(3)).toBeCloseTo(1.62);
  });

  it('never returns a width that overflows an unmeasured box', () => {
    expect(fitCards([1], 0, 0, O)).toEqual({ width: 100, rows: 1, fits: true });
  });
});
