import { describe, expect, it } from 'vitest';
import { paperSize, PAPER_IDS } from './paper';
import { punchPages, TOKEN_LAYOUT } from './punch';
import { fitScale, planTiles, TILE_LAYOUT, windowRoom } from './tiles';

const BOARD = { width: 280, height: 280, bleed: 3 };

describe('planTiles', () => {
  it('tiles the 280 mm board 2 × 2 on A4 and Letter: equal windows, 10 mm overlaps, covering the board exactly', () => {
    for (const paper of ['a4', 'letter'] as const) {
      const p = planTiles(BOARD, paper, 100);
      expect([p.cols, p.rows, p.tiles.map((t) => t.label)]).toEqual([2, 2, ['A1', 'A2', 'B1', 'B2']]);
      const room = windowRoom(p.page);
      for (const t of p.tiles) {
        expect(t.window.w).toBeLessThanOrEqual(room.width + 1e-6);
        expect(t.window.h).toBeLessThanOrEqual(room.height + 1e-6);
        // Nothing within the printable margin: the window plus its mark room stays inside.
        expect(t.window.x - TILE_LAYOUT.markRoom).toBeGreaterThanOrEqual(TILE_LAYOUT.margin - 1e-6);
        expect(p.bandTop + TILE_LAYOUT.band).toBeLessThanOrEqual(p.page.height - TILE_LAYOUT.margin + 1e-6);
      }
      const [a1, a2, b1] = p.tiles;
      expect(a1!.source.x + a1!.source.w - a2!.source.x).toBeCloseTo(TILE_LAYOUT.overlap, 3);
      expect(a1!.source.y + a1!.source.h - b1!.source.y).toBeCloseTo(TILE_LAYOUT.overlap, 3);
      expect(a2!.source.x + a2!.source.w).toBeCloseTo(286, 3);
      expect(b1!.source.y + b1!.source.h).toBeCloseTo(286, 3);
      // A2 is cut along its left window edge, which is where A1's glue line is (same board x).
      expect(a2!.cuts.x[0]).toBeCloseTo(a2!.window.x, 3);
      expect(a1!.glue.x[0]! - a1!.window.x + a1!.source.x).toBeCloseTo(a2!.source.x, 3);
    }
  });

  it('chooses the fewest pages over both orientations (checked against every grid that fits)', () => {
    for (const paper of PAPER_IDS) {
      for (const scale of [40, 60, 75, 90, 100, 120, 150]) {
        const p = planTiles(BOARD, paper, scale);
        const e = 286 * (scale / 100);
        let fewest = Infinity;
        for (const o of ['portrait', 'landscape'] as const) {
          const room = windowRoom(paperSize(paper, o));
          const need = (len: number) => { for (let n = 1; ; n++) if (n * len - (n - 1) * 10 >= e - 1e-6) return n; };
          fewest = Math.min(fewest, need(room.width) * need(room.height));
        }
        expect(p.tiles.length, `${paper} ${scale}%`).toBe(fewest);
      }
    }
    expect(planTiles(BOARD, 'a4', 90).tiles.map((t) => t.label)).toEqual(['A1', 'A2']);
  });

  it('puts the board on one A3 or Tabloid page at the largest scale that fits, with crop marks at the trim', () => {
    expect(fitScale(BOARD, 'a3')).toBe(96);
    expect(fitScale(BOARD, 'tabloid')).toBe(90);
    for (const paper of ['a3', 'tabloid'] as const) {
      const p = planTiles(BOARD, paper, fitScale(BOARD, paper)!);
      expect(p.tiles).toHaveLength(1);
      expect(p.tiles[0]!.cuts).toEqual({ x: [], y: [] });
      expect(Object.keys(p.tiles[0]!.trimEdges).sort()).toEqual(['bottom', 'left', 'right', 'top']);
    }
    // 100 % does not fit one A3 page inside the margins and marks: it tiles instead.
    expect(planTiles(BOARD, 'a3', 100).tiles.length).toBe(2);
  });

  it('puts registration crosses on every shared cut line, at the same board point on both tiles', () => {
    const p = planTiles(BOARD, 'letter', 100);
    const key = (pt: { x: number; y: number }) => `${pt.x.toFixed(2)},${pt.y.toFixed(2)}`;
    const a1 = new Set(p.tiles[0]!.marksExtent.map(key));
    const a2 = p.tiles[1]!.marksExtent.filter((m) => Math.abs(m.x - p.tiles[1]!.source.x) < 1e-6);
    expect(a2.length).toBeGreaterThanOrEqual(2);
    for (const m of a2) expect(a1.has(key(m))).toBe(true);
  });

  it('refuses a scale outside 40–150 %', () => {
    expect(() => planTiles(BOARD, 'a4', 30)).toThrow(/40–150 %/);
  });
});

describe('punchPages', () => {
  it('fits the 72 tokens of one set on one A4 page, backs mirrored behind their fronts', () => {
    const page = paperSize('a4');
    const pages = punchPages(72, page, TOKEN_LAYOUT, true);
    expect(pages.map((p) => p.side)).toEqual(['front', 'back']);
    expect(pages[0]!.items).toHaveLength(72);
    for (const [i, it] of pages[0]!.items.entries()) {
      expect(pages[1]!.items[i]!.centre.x).toBeCloseTo(page.width - it.centre.x, 3);
      expect(it.centre.x - 11).toBeGreaterThanOrEqual(TOKEN_LAYOUT.margin - 1e-6);
    }
    expect(punchPages(216, page, TOKEN_LAYOUT, false)).toHaveLength(3);
  });
});
