import { describe, expect, it } from 'vitest';
import type { DrawList } from '../../../../../shared/cards/draw-list';
import { squareOf } from '../../../../../shared/games/zodiac-race/board';
import { OPTION_INFO } from '../../../../../shared/games/zodiac-race/options';
import type { ZrView } from '../../../../../shared/games/zodiac-race/view';
import { cellIndex, cellLabelsOf, cellsOf, lapMarkers, renumbering, roundOf, scoreCellsOf, slot, squaresOnCells, starCells } from './board';

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

  it('numbers every cell of a race with the engine\'s square, for each loop size', () => {
    // The art: 36 cells, each (but the start) printed with its number on one side.
    const ops: DrawList['ops'] = [];
    for (let i = 0; i < 36; i++) {
      ops.push({ op: 'rect', id: `cell-${String(i).padStart(2, '0')}`, x: 28 * i, y: 0, w: 26, h: 26, fill: { color: i % 3 ? '#F7F1E3' : '#F3DFD5' } });
      if (i > 0) ops.push({ op: 'text', id: `cell-${String(i).padStart(2, '0')}-no`, x: 28 * i + (i < 18 ? 1.6 : 21), y: 5, text: String(i), face: 'sans-medium', size: 9, color: '#6B5A48', width: i < 10 ? 1.8 : 3.6 });
    }
    const cells = cellsOf({ width: 1008, height: 26, bleed: 0, ops });
    const labels = cellLabelsOf({ width: 1008, height: 26, bleed: 0, ops }, cells);
    expect(labels).toHaveLength(35);
    expect(labels[0]).toMatchObject({ cell: 1, anchor: 'start' });
    expect(labels[20]).toMatchObject({ cell: 21, anchor: 'end' });
    expect(cells[3]!.fill).toBe('#F3DFD5');
    // Every loop size the engine offers: each square's cell shows that square's number, and no
    // other cell shows a number (the skipped ones are veiled).
    for (const length of OPTION_INFO.track_length.values as readonly number[]) {
      const { relabel, gaps } = renumbering(length, labels, 36);
      const shown = new Map<number, string>(labels.map((l) => [l.cell, l.text]));
      shown.set(0, '0'); // the start square: 起点
      for (const r of relabel) shown.set(r.label.cell, String(r.sq));
      for (const g of gaps) shown.delete(g);
      const expected = new Map<number, string>();
      for (let sq = 0; sq < length; sq++) {
        const s = { opts: { track_length: length } } as never;
        expect(squareOf(s, sq + 5 * length)).toBe(sq);
        expected.set(cellIndex(sq, length, 36), String(sq));
      }
      expect(shown).toEqual(expected);
      expect(gaps).toHaveLength(36 - length);
    }
    expect(squaresOnCells(24, 36).slice(0, 7)).toEqual([0, 1, null, 2, 3, null, 4]);
    expect(renumbering(36, labels, 36)).toEqual({ relabel: [], gaps: [] });
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

describe('round counter and lap markers', () => {
  it('counts rounds of one turn per player', () => {
    expect([0, 3, 4, 28].map((n) => roundOf(n, 4))).toEqual([1, 1, 2, 8]);
    expect(roundOf(5, 2)).toBe(3);
  });

  it('puts one marker per player (free-for-all) or per team on the score cell of its points', () => {
    const pieces = [{ laps: 2, team: 0 }, { laps: 0, team: 1 }, { laps: 2, team: 0 }, { laps: 5, team: 1 }] as ZrView['pieces'];
    const ffa = lapMarkers({ pieces, opts: { mode: 'ffa' } as ZrView['opts'] }, 32);
    expect(ffa.map((m) => [m.key, m.points, m.k, m.of])).toEqual([
      ['seat:0', 2, 0, 2],
      ['seat:1', 0, 0, 1],
      ['seat:2', 2, 1, 2],
      ['seat:3', 5, 0, 1],
    ]);
    const teams = lapMarkers({ pieces, opts: { mode: '2teams' } as ZrView['opts'] }, 32);
    expect(teams.map((m) => [m.key, m.seats, m.points])).toEqual([
      ['team:0', [0, 2], 4],
      ['team:1', [1, 3], 5],
    ]);
  });

  it('reads the score track from the art', () => {
    const ops = [0, 1, 2].map((i) => ({ op: 'rect', id: `score-0${i}`, x: i * 10, y: 5, w: 9, h: 9 }));
    expect(scoreCellsOf({ width: 280, height: 280, ops } as unknown as Parameters<typeof scoreCellsOf>[0]).map((c) => c.x)).toEqual([0, 10, 20]);
  });
});
