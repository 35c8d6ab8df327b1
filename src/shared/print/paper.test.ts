import { describe, expect, it } from 'vitest';
import { mirrorPoint, mirrorRect, rectContains } from './geometry';
import { PAPER_IDS, paperLabel, paperSize } from './paper';

describe('paperSize', () => {
  it('gives the ISO and US sizes in millimetres, portrait by default', () => {
    expect(paperSize('a4')).toEqual({ width: 210, height: 297 });
    expect(paperSize('letter', 'portrait')).toEqual({ width: 215.9, height: 279.4 });
    expect(paperSize('a3')).toEqual({ width: 297, height: 420 });
    expect(paperSize('tabloid')).toEqual({ width: 279.4, height: 431.8 });
  });
  it('landscape swaps width and height', () => {
    for (const id of PAPER_IDS) {
      const p = paperSize(id, 'portrait');
      expect(paperSize(id, 'landscape')).toEqual({ width: p.height, height: p.width });
      expect(p.width).toBeLessThan(p.height);
    }
  });
  it('US sizes are whole inches', () => {
    expect(paperSize('letter').width / 25.4).toBeCloseTo(8.5, 9);
    expect(paperSize('tabloid').height / 25.4).toBeCloseTo(17, 9);
  });
  it('refuses unknown names with the list of known ones', () => {
    expect(() => paperSize('A4' as never)).toThrow(/Unknown paper "A4": use one of a4, letter, a3, tabloid/);
    expect(() => paperSize('a4', 'sideways' as never)).toThrow(/portrait/);
  });
  it('labels', () => {
    expect(paperLabel('letter', 'landscape')).toBe('US Letter landscape');
  });
});

describe('geometry helpers', () => {
  const page = { width: 210, height: 297 };
  it('mirror about the vertical or horizontal centre line', () => {
    expect(mirrorRect({ x: 10, y: 5, w: 63, h: 88 }, 'columns', page)).toEqual({ x: 137, y: 5, w: 63, h: 88 });
    expect(mirrorRect({ x: 10, y: 5, w: 63, h: 88 }, 'rows', page)).toEqual({ x: 10, y: 204, w: 63, h: 88 });
    expect(mirrorPoint({ x: 25, y: 30 }, 'columns', page)).toEqual({ x: 185, y: 30 });
    expect(mirrorPoint({ x: 25, y: 30 }, 'rows', page)).toEqual({ x: 25, y: 267 });
  });
  it('containment tolerates touching edges', () => {
    expect(rectContains({ x: 0, y: 0, w: 10, h: 10 }, { x: 0, y: 0, w: 10, h: 10 })).toBe(true);
    expect(rectContains({ x: 0, y: 0, w: 10, h: 10 }, { x: -0.1, y: 0, w: 10, h: 10 })).toBe(false);
  });
});
