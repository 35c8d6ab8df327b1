import { assert } from '../util/assert';
import type { Mm } from '../util/units';
import { roundMm } from '../util/units';
import { EPS, roundRect, type Point, type Rect, type Size } from './geometry';
import { paperSize, type Orientation, type PaperId } from './paper';

/**
 * Geometry of a board larger than the paper: tiles with a glue overlap, or one page when the
 * board fits. Pure numbers; `tile-pages.ts` draws them.
 *
 * The printed extent is the board's trim plus its bleed, times the scale. Each tile shows a
 * window of that extent; neighbouring windows share `overlap` millimetres. Windows are all the
 * same size and together cover the extent exactly, so the board is continuous across tiles.
 * Assembly: the right (lower) tile is cut along its window's left (top) edge — the cut line —
 * and laid over its neighbour's overlap strip (the glue area), the registration crosses on the
 * cut line meeting their other halves.
 */
export const TILE_LAYOUT = {
  /** Overlap / glue strip between neighbouring tiles. */
  overlap: 10,
  /** Unprintable border of home printers: nothing is drawn closer to the paper's edge. */
  margin: 5,
  /**
   * Room for crop marks between the printed window (the board's bleed) and the margin: a mark
   * starts 0.25 mm outside the bleed and is at least 5 mm long on white (print.md, as card sheets).
   */
  markRoom: 5.25,
  /** Band at the foot of each page for the tile label, the assembly map and the scale. */
  band: 14,
  /** Least distance from the foot band's text to the bottom edge of the paper (print.md: footers at least 6 mm in). */
  footEdge: 6,
  /** Registration crosses along each cut line are at most this far apart. */
  regSpacing: 60,
} as const;

/** Limits of the glue overlap between tiles, in millimetres (a narrower strip does not hold; a wider one wastes paper). */
export const OVERLAP_LIMITS = { min: 5, max: 25 } as const;

/** Limits of the board scale, in per cent. */
export const SCALE_LIMITS = { min: 40, max: 150 } as const;

/** What a tiled board needs to know about the board. */
export interface BoardSize {
  /** Trim size in millimetres (unscaled). */
  width: Mm;
  height: Mm;
  /** Bleed on every side (unscaled). */
  bleed: Mm;
}

/** One tile: a page showing a window of the board. */
export interface Tile {
  /** 0-based column and row in the assembly grid. */
  col: number;
  row: number;
  /** `A1`, `A2` … across, `B1` … down (letter = row, number = column). */
  label: string;
  /** Where the window sits on the page (page millimetres). */
  window: Rect;
  /** The window in extent coordinates (scaled millimetres, origin at the bleed's top-left corner). */
  source: Rect;
  /** Cut lines on this page: the window edges this tile is cut along (left / top edges with a neighbour). */
  cuts: { x: Mm[]; y: Mm[] };
  /** Glue lines on this page: where the right / lower neighbour's cut edge lands (page coordinates). */
  glue: { x: Mm[]; y: Mm[] };
  /** Registration crosses on this page (page coordinates). */
  marks: Point[];
  /** The same crosses in extent coordinates, for checks and for the reassembly test. */
  marksExtent: Point[];
  /** Trim edges of the board that fall on this tile (page coordinates), for crop marks. */
  trimEdges: { left?: Mm; right?: Mm; top?: Mm; bottom?: Mm };
}

/** The tiling of a board on one paper. */
export interface TilePlan {
  paper: PaperId;
  orientation: Orientation;
  page: Size;
  /** Scale in per cent (100 = actual size). */
  scale: number;
  cols: number;
  rows: number;
  /** Glue overlap between neighbouring tiles, in millimetres. */
  overlap: Mm;
  /** The printed extent (trim + bleed, scaled). */
  extent: Size;
  /** The trim box in extent coordinates. */
  trim: Rect;
  /** Top of the foot band (label, map, text), just below the window's mark room. */
  bandTop: Mm;
  /**
   * A whole board that fits the printable width only without room for crop marks at its sides
   * (280 mm with bleed on A3): those marks are left out, and the foot line says how to cut.
   */
  sideMarksTrimmed?: boolean;
  tiles: Tile[];
}

/** The label of tile (col, row): row letter, column number from 1. */
export function tileLabel(col: number, row: number): string {
  return `${String.fromCharCode(65 + row)}${col + 1}`;
}

/** How a board may be placed: `tightSides` lets a one-page board use the side mark room (its side crop marks are left out). */
export interface TileOptions {
  tightSides?: boolean;
}

/** The window a page can hold: the page less margins, mark room (not at the sides when `tightSides`), the foot band and its distance from the edge. */
export function windowRoom(page: Size, tightSides = false): Size {
  const { margin, markRoom, band, footEdge } = TILE_LAYOUT;
  return { width: page.width - 2 * (margin + (tightSides ? 0 : markRoom)), height: page.height - (margin + markRoom) - markRoom - band - footEdge };
}

/** Tiles needed along one axis for an extent `e` in windows of at most `room` with `overlap`. */
function count(e: Mm, room: Mm, overlap: Mm): number {
  if (e <= room + EPS) return 1;
  return Math.ceil((e - overlap - EPS) / (room - overlap));
}

/**
 * The largest whole-per-cent scale (at most 100) at which the board fits one page of `paper`,
 * either way round; null when even 40 % does not.
 * @example fitScale({ width: 280, height: 280, bleed: 3 }, 'tabloid') // → 90
 */
export function fitScale(board: BoardSize, paper: PaperId, opts: TileOptions = {}): number | null {
  let best: number | null = null;
  for (const o of ['portrait', 'landscape'] as const) {
    const room = windowRoom(paperSize(paper, o), opts.tightSides);
    const s = Math.min(room.width / (board.width + 2 * board.bleed), room.height / (board.height + 2 * board.bleed));
    const pct = Math.min(100, Math.floor(s * 100 + EPS));
    if (pct >= SCALE_LIMITS.min && (best === null || pct > best)) best = pct;
  }
  return best;
}

/**
 * Tile `board` at `scale` per cent onto `paper`: the grid with the fewest pages, portrait or
 * landscape (ties: the larger windows, then portrait). One page when it fits. Neighbouring tiles
 * share `overlap` millimetres of glue strip (default 10).
 * @example planTiles({ width: 280, height: 280, bleed: 3 }, 'a4', 100) // → 2 × 2 tiles
 */
export function planTiles(board: BoardSize, paper: PaperId, scale: number, overlap: Mm = TILE_LAYOUT.overlap, opts: TileOptions = {}): TilePlan {
  assert(board.width > 0 && board.height > 0 && board.bleed >= 0, `Board size must be positive millimetres (got ${JSON.stringify(board)}).`);
  assert(
    Number.isFinite(scale) && scale >= SCALE_LIMITS.min && scale <= SCALE_LIMITS.max,
    `Board scale must be ${SCALE_LIMITS.min}–${SCALE_LIMITS.max} % (got ${scale}).`,
  );
  assert(
    Number.isFinite(overlap) && overlap >= OVERLAP_LIMITS.min && overlap <= OVERLAP_LIMITS.max,
    `The glue overlap must be ${OVERLAP_LIMITS.min}–${OVERLAP_LIMITS.max} mm (got ${overlap}).`,
  );
  const s = scale / 100;
  const extent = { width: (board.width + 2 * board.bleed) * s, height: (board.height + 2 * board.bleed) * s };
  const layouts = (tight: boolean) =>
    (['portrait', 'landscape'] as const).map((orientation) => {
      const page = paperSize(paper, orientation);
      const room = windowRoom(page, tight);
      const cols = count(extent.width, room.width, overlap);
      const rows = count(extent.height, room.height, overlap);
      const win = { width: (extent.width + (cols - 1) * overlap) / cols, height: (extent.height + (rows - 1) * overlap) / rows };
      return { orientation, page, room, cols, rows, win, tight };
    });
  const options = layouts(false);
  // A board just too wide for its side marks still goes on one page when asked to: without them.
  if (opts.tightSides && !options.some((o) => o.cols * o.rows === 1)) for (const o of layouts(true)) if (o.cols * o.rows === 1) options.push(o);
  options.sort((a, b) => a.cols * a.rows - b.cols * b.rows || Math.min(b.win.width, b.win.height) - Math.min(a.win.width, a.win.height));
  const best = options[0]!;
  const { page, cols, rows, win } = best;
  const { margin, markRoom } = TILE_LAYOUT;
  // The window is centred across the page; the window and its foot band together are centred down
  // the span from the top mark room to the foot edge.
  const wx = (page.width - win.width) / 2;
  const top = margin + markRoom;
  const wy = top + Math.max(0, (page.height - TILE_LAYOUT.footEdge - top - (win.height + markRoom + TILE_LAYOUT.band)) / 2);
  const bandTop = roundMm(wy + win.height + markRoom);
  const trim: Rect = { x: board.bleed * s, y: board.bleed * s, w: board.width * s, h: board.height * s };
  const pitchX = win.width - overlap;
  const pitchY = win.height - overlap;
  // Crosses along each cut line, in extent coordinates, evenly spaced and clear of the ends.
  const along = (len: Mm) => {
    const n = Math.max(2, Math.ceil(len / TILE_LAYOUT.regSpacing));
    return Array.from({ length: n }, (_, i) => ((i + 0.5) * len) / n);
  };
  const tiles: Tile[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const src: Rect = { x: col * pitchX, y: row * pitchY, w: win.width, h: win.height };
      const toPage = (p: Point): Point => ({ x: roundMm(wx + p.x - src.x), y: roundMm(wy + p.y - src.y) });
      const cutXs: Mm[] = col > 0 ? [src.x] : [];
      const cutYs: Mm[] = row > 0 ? [src.y] : [];
      const glueXs: Mm[] = col < cols - 1 ? [src.x + pitchX] : [];
      const glueYs: Mm[] = row < rows - 1 ? [src.y + pitchY] : [];
      // Crosses lie on every cut line this tile shares: its own cuts and its neighbours' (its glue lines).
      const ext: Point[] = [];
      for (const x of [...cutXs, ...glueXs]) for (const t of along(src.h)) ext.push({ x, y: src.y + t });
      for (const y of [...cutYs, ...glueYs]) for (const t of along(src.w)) ext.push({ x: src.x + t, y });
      const edges: Tile['trimEdges'] = {};
      if (col === 0) edges.left = roundMm(wx + trim.x);
      if (col === cols - 1) edges.right = roundMm(wx + trim.x + trim.w - src.x);
      if (row === 0) edges.top = roundMm(wy + trim.y);
      if (row === rows - 1) edges.bottom = roundMm(wy + trim.y + trim.h - src.y);
      tiles.push({
        col,
        row,
        label: tileLabel(col, row),
        window: roundRect({ x: wx, y: wy, w: win.width, h: win.height }),
        source: roundRect(src),
        cuts: { x: cutXs.map((x) => toPage({ x, y: 0 }).x), y: cutYs.map((y) => toPage({ x: 0, y }).y) },
        glue: { x: glueXs.map((x) => toPage({ x, y: 0 }).x), y: glueYs.map((y) => toPage({ x: 0, y }).y) },
        marks: ext.map(toPage),
        marksExtent: ext.map((p) => ({ x: roundMm(p.x), y: roundMm(p.y) })),
        trimEdges: edges,
      });
    }
  }
  return { paper, orientation: best.orientation, page, scale, cols, rows, overlap, extent: { width: roundMm(extent.width), height: roundMm(extent.height) }, trim: roundRect(trim), bandTop, tiles, ...(best.tight ? { sideMarksTrimmed: true } : {}) };
}
