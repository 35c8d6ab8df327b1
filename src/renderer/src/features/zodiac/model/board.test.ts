import { describe, expect, it } from 'vitest';
import type { DrawList } from '../../../../../shared/cards/draw-list';
import { cellIndex, cellsOf, slot, starCells } from './board';

describe('生肖赛跑 board geometry', () => {
  it('reads the squares from the art\'s cell-NN rectangles, and only a full ring', () => {
    const ops: DrawList['ops'] = [];
    for (let i = 35; i >= 0; i--) ops.push({ op: 'rect', id: `cell-${String(i).padStart(2, '0')}`, x: i, y: 2 * i, w: 10, h: 10 });
    ops.push({ op: 'rect', id: 'cell-00-star', x: 0, y: 0, w: 1, h: 1 }, { op: 'ellipse', id: 'cell-01', cx: 0, cy: 0, rx: 1, ry: 1 });
    const cells = cellsOf({ width: 280, height: 280, bleed: 3, ops });
    expect(cells).toHaveLength(36);
    expect(cells[7]).toEqual({ x: 7, y: 14, w: 10, h: 10 });
    expect(cellsOf({ width: 280, height: 280, bleed: 3, ops: ops.filter((o) => o.id !== 'cell-17') })).toEqual([]);
  });

  it('marks the rule\'s stars and veils the art\'s others', () => {
    // The spec's board: every star drawn by the art, nothing veiled.
    const std = starCells([0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33], 36, 36);
    expect(std.stars.every((s) => s.inArt)).toBe(true);
    expect(std.veiled).toEqual([]);
    // A star every 2nd square: stars on odd multiples of 3 are veiled, the new ones marked.
    const two = starCells(Array.from({ length: 18 }, (_, i) => 2 * i), 36, 36);
    expect(two.veiled).toEqual([3, 9, 15, 21, 27, 33]);
    expect(two.stars.filter((s) => !s.inArt).map((s) => s.sq)).toEqual([2, 4, 8, 10, 14, 16, 20, 22, 26, 28, 32, 34]);
    // The 24-square race spreads round the 36 cells.
    expect(cellIndex(23, 24, 36)).toBe(34);
    const quick = starCells([0, 3, 6, 9, 12, 15, 18, 21], 24, 36);
    expect(quick.stars.map((s) => s.cell)).toEqual([0, 4, 9, 13, 18, 22, 27, 31]);
    expect(quick.veiled).toEqual([3, 6, 12, 15, 21, 24, 30, 33]);
  });

  it('puts pieces sharing a square side by side, inside it', () => {
    expect(slot(0, 1)).toEqual({ dx: 0, dy: 0 });
    for (let n = 2; n <= 6; n++) {
      const all = Array.from({ length: n }, (_, k) => slot(k, n));
      expect(new Set(all.map((p) => `${p.dx},${p.dy}`)).size).toBe(n);
      for (const p of all) expect(Math.max(Math.abs(p.dx), Math.abs(p.dy))).toBeLessThan(0.35);
    }
  });
});

describe('生肖赛跑 animals while choosing', () => {
  it('shows the animals of the seats that have chosen only', async () => {
    const { hasAnimal } = await import('./board');
    const choosing = { phase: 'choose' as const, turn: { seat: 2 } as never };
    expect([0, 1, 2, 3].map((s) => hasAnimal(choosing, s))).toEqual([true, true, false, false]);
    expect(hasAnimal({ phase: 'play', turn: { seat: 0 } as never }, 3)).toBe(true);
  });
});
