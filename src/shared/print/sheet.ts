import { assert, assertNever } from '../util/assert';
import type { Mm } from '../util/units';
import { roundMm } from '../util/units';
import { EPS, mirrorRect, roundRect, translateRect, type Point, type Rect, type Size } from './geometry';
import { paperLabel, paperSize, type Orientation, type PaperId } from './paper';

/** How the printer turns the sheet for the back: no backs, flip on the long edge or on the short edge. */
export type DuplexMode = 'none' | 'long' | 'short';

/** What a flip mirrors in page coordinates: the column order (vertical axis) or the row order (horizontal axis). */
export type FlipAxis = 'columns' | 'rows';

/**
 * The page axis a duplex flip mirrors. `long`/`short` name the physical paper edge, as print
 * dialogs do. On a portrait page the long edge is vertical, so a long-edge flip mirrors the
 * columns; on a landscape page the long edge is the top, so a long-edge flip mirrors the rows
 * (drivers rotate front and back pages the same way, which is what makes this hold).
 * @example flipAxis('long', 'portrait') // → 'columns'
 */
export function flipAxis(duplex: DuplexMode, orientation: Orientation): FlipAxis | null {
  switch (duplex) {
    case 'none':
      return null;
    case 'long':
      return orientation === 'portrait' ? 'columns' : 'rows';
    case 'short':
      return orientation === 'portrait' ? 'rows' : 'columns';
    default:
      return assertNever(duplex, 'duplex mode');
  }
}

/**
 * Crop-mark geometry imposition reserves room for (print.md: at least 5 mm long, to survive the
 * first cut). A mark lies on white between the card's outer bleed and the printer's margin:
 * it starts `gap` outside the bleed (at least `minGap`, at most `maxGap`) and runs outwards,
 * `length` long at least, growing to `maxLength` when the paper leaves room.
 */
export const MARK_GEOMETRY = { length: 5, minGap: 0.25, maxGap: 2, maxLength: 8 } as const;

/**
 * How an axis spends the paper left over once the trims fit: `marks` reserves room for crop
 * marks on white inside the margins; `gutter` is the space between neighbouring trims, `auto`
 * (each inner cut gets as much of the bleed as the spare paper allows) or a fixed width in mm.
 */
export interface AxisLayout {
  marks: boolean;
  gutter: 'auto' | Mm;
}

/** The layout of cards along one page axis. */
export interface AxisFit {
  /** Cards along the axis (0 when not even one trim fits inside the margins). */
  count: number;
  /** `gap`: neighbouring trims are `gutter` apart, each cut with its own bleed. `butt`: cards touch, one cut serves two cards. */
  mode: 'gap' | 'butt';
  /** Distance from one card's trim edge to the next card's. */
  pitch: Mm;
  /** Space between neighbouring trims (0 when butted). */
  gutter: Mm;
  /** Page coordinate of the first card's trim edge. */
  first: Mm;
  /** Bleed kept outside the grid's outer trim edges: the full bleed, or less when only the trims fit inside the margins. */
  outerBleed: Mm;
  /** Bleed kept at each side of an inner cut: half the gutter, at most the full bleed (0 when butted). */
  innerBleed: Mm;
  /**
   * Crop marks at both ends of this axis fit on white inside the margins (≥ `MARK_GEOMETRY.length`
   * between the outer bleed and the margin). Always true when no room for marks was asked.
   */
  marksFit: boolean;
}

/**
 * Lay cards out along one axis of length `page`. Trims (and fixed gutters) must fit inside the
 * margins; the count is the most that do. The paper left over goes, in this order, to the outer
 * bleed (the full bleed, cut back when it does not fit: 3 poker rows on Letter keep 2.7 mm of 3),
 * to crop marks on white inside the margins when `layout.marks`, then to the inner cuts: an
 * `auto` gutter gives each inner cut up to the full bleed (2 × bleed), a fixed gutter is used as
 * given. An axis whose marks do not fit gives nothing to an auto gutter, so its marks keep what
 * printable paper there is. The block is centred on the page, which is what makes a mirrored back
 * land exactly behind its front.
 * @example fitAxis(297, 5, 88, 3, { marks: true, gutter: 'auto' }) // → 3 rows, 3.25 mm gutters (1.625 mm inner bleed)
 */
export function fitAxis(page: Mm, margin: Mm, card: Mm, bleed: Mm, layout: AxisLayout = { marks: false, gutter: 'auto' }): AxisFit {
  const avail = page - 2 * margin;
  const fixed = layout.gutter === 'auto' ? 0 : Math.max(0, layout.gutter);
  const count = Math.max(0, Math.floor((avail + fixed + EPS) / (card + fixed)));
  const spare = Math.max(0, avail - count * card - Math.max(0, count - 1) * fixed);
  const outerBleed = Math.max(0, Math.min(bleed, spare / 2));
  const room = layout.marks ? MARK_GEOMETRY.length + MARK_GEOMETRY.minGap : 0;
  const marksFit = spare / 2 - outerBleed >= room - EPS;
  let gutter = fixed;
  if (layout.gutter === 'auto' && count > 1 && bleed > 0 && marksFit) {
    gutter = Math.min(2 * bleed, (spare - 2 * outerBleed - 2 * room) / (count - 1));
    // A sliver of bleed is not worth two cuts per gutter: below 0.5 mm, cards butt.
    gutter = gutter < 0.5 ? 0 : Math.floor(gutter * 100 + EPS) / 100;
  }
  const block = count * card + Math.max(0, count - 1) * gutter;
  return {
    count,
    mode: gutter > 0 ? 'gap' : 'butt',
    pitch: card + gutter,
    gutter,
    first: (page - block) / 2,
    outerBleed,
    innerBleed: Math.min(bleed, gutter / 2),
    marksFit,
  };
}

/** The card grid of one sheet, in front-page coordinates. */
export interface Grid {
  page: Size;
  margin: Mm;
  card: Size;
  bleed: Mm;
  cols: number;
  rows: number;
  x: AxisFit;
  y: AxisFit;
}

/**
 * Compute the grid for cards of trim size `card` with `bleed`, on a `page` with `margin` on every
 * side (see {@link fitAxis} for `layout`). Cols or rows are 0 when nothing fits.
 */
export function computeGrid(card: Size, bleed: Mm, page: Size, margin: Mm, layout?: AxisLayout): Grid {
  const x = fitAxis(page.width, margin, card.width, bleed, layout);
  const y = fitAxis(page.height, margin, card.height, bleed, layout);
  return { page, margin, card, bleed, cols: x.count, rows: y.count, x, y };
}

/** The trim rectangle of slot (col, row) on the front page. */
export function slotTrim(grid: Grid, col: number, row: number): Rect {
  return { x: grid.x.first + col * grid.x.pitch, y: grid.y.first + row * grid.y.pitch, w: grid.card.width, h: grid.card.height };
}

/**
 * The visible part of slot (col, row)'s bleed box on the front page: the writer clips the card's
 * draw list to it, so no card overprints a neighbour. Outer edges keep `outerBleed`; inner edges
 * keep `innerBleed` (half the gutter, at most the bleed; 0 when cards butt and share a cut).
 */
export function slotClip(grid: Grid, col: number, row: number): Rect {
  const t = slotTrim(grid, col, row);
  const [x0, x1] = clipSpan(grid.x, grid.bleed, col, grid.cols);
  const [y0, y1] = clipSpan(grid.y, grid.bleed, row, grid.rows);
  return { x: t.x - x0, y: t.y - y0, w: t.w + x0 + x1, h: t.h + y0 + y1 };
}

/** Bleed visible before and after slot `i` of `n` along one axis. */
function clipSpan(a: AxisFit, _bleed: Mm, i: number, n: number): [Mm, Mm] {
  return [i === 0 ? a.outerBleed : a.innerBleed, i === n - 1 ? a.outerBleed : a.innerBleed];
}

/**
 * The slot a card's back goes to: a column flip sends column c to cols − 1 − c (same row), a
 * row flip sends row r to rows − 1 − r (same column).
 * @example mirrorSlot(grid3x3, 0, 0, 'columns') // → { col: 2, row: 0 }
 */
export function mirrorSlot(grid: Grid, col: number, row: number, axis: FlipAxis): { col: number; row: number } {
  return axis === 'columns' ? { col: grid.cols - 1 - col, row } : { col, row: grid.rows - 1 - row };
}

/** The distinct cut positions of the front grid: x of every column edge, y of every row edge, ascending. */
export function cutLines(grid: Grid): { x: Mm[]; y: Mm[] } {
  const edges = (a: AxisFit, n: number, len: Mm) =>
    distinct(Array.from({ length: n }, (_, i) => [a.first + i * a.pitch, a.first + i * a.pitch + len]).flat());
  return { x: edges(grid.x, grid.cols, grid.card.width), y: edges(grid.y, grid.rows, grid.card.height) };
}

function distinct(values: Mm[]): Mm[] {
  return [...new Set(values.map(roundMm))].sort((a, b) => a - b);
}

/** What imposition needs to know. `PrintOptions` (options.ts) satisfies it. */
export interface ImposeOptions {
  paper: PaperId;
  orientation: Orientation;
  /** Unprintable border on every side; trims stay inside it, and so does the bleed when it fits. */
  margin: Mm;
  /** Bleed of every card (0 allowed). */
  bleed: Mm;
  /** Card trim size. */
  card: Size;
  duplex: DuplexMode;
  /** Shift of every back page, in back-page coordinates (x right, y down), to correct a printer's misregistration. */
  backOffset: Point;
  /** Cut guides: `crop` reserves room for crop marks on white inside the margins (default `none`). */
  marks?: 'crop' | 'lines' | 'none';
  /** Space between neighbouring trims: `auto` (default) gives inner cuts as much bleed as the paper allows, or a width in mm. */
  gutter?: 'auto' | Mm;
}

/** One card on one page. Trim and clip are page coordinates in millimetres (rounded to 1/1000 mm). */
export interface Placement {
  /** Index into the list given to {@link impose}; the writer draws that item's front or back. */
  itemIndex: number;
  /** Slot on this page. */
  col: number;
  row: number;
  /** Where the card's trim box goes: translate the draw list's origin to (trim.x, trim.y). */
  trim: Rect;
  /** Clip the card's draw list to this rectangle (its visible bleed). */
  clip: Rect;
  /**
   * Turn the card 180° about its trim centre (backs of a row flip only): a sheet turned over its
   * top edge shows its backs upside down relative to their fronts, so the reference card's table
   * would read upside down once the card is turned over sideways, as it is after a column flip.
   */
  rotate: 0 | 180;
}

/** One printed page. */
export interface Sheet {
  side: 'front' | 'back';
  /** 1-based physical sheet number: a front and its back share it. */
  sheetNumber: number;
  /** Number of physical sheets in the job. */
  sheetCount: number;
  widthMm: Mm;
  heightMm: Mm;
  /** The front grid this page was laid out on. */
  grid: Grid;
  /** The flip that produced this back page (null on fronts). */
  flip: FlipAxis | null;
  /** Shift applied to this page (the back offset on backs, 0 on fronts). */
  offset: Point;
  placements: Placement[];
  /** Cut positions on this page (mirrored and offset on backs), ascending: what marks are drawn at. */
  cuts: { x: Mm[]; y: Mm[] };
  /** The bounding box of every slot's trim on this page (the full grid, even on a partial sheet). */
  trimBox: Rect;
}

/**
 * Impose `items` (or a count of items) onto sheets: item i of sheet s goes to slot
 * (i mod cols, ⌊i / cols⌋) of that sheet, reading order. With duplex, each front page is followed
 * by its back page, where every item sits at its mirrored slot shifted by `backOffset`; backs
 * of a partial last sheet still sit behind their fronts.
 * Throws a `UsageError` when not even one card fits on the page.
 * @example impose(cards, { paper: 'a4', orientation: 'portrait', margin: 5, bleed: 3, card: { width: 63, height: 88 }, duplex: 'long', backOffset: { x: 0, y: 0 } })
 */
export function impose(items: readonly unknown[] | number, opts: ImposeOptions): Sheet[] {
  const count = typeof items === 'number' ? items : items.length;
  assert(Number.isInteger(count) && count >= 0, `impose() needs an array of items or a non-negative integer count (got ${String(count)}).`);
  const grid = imposeGrid(opts);
  const perSheet = grid.cols * grid.rows;
  const sheetCount = Math.ceil(count / perSheet);
  const axis = flipAxis(opts.duplex, opts.orientation);
  const frontCuts = cutLines(grid);
  const frontBox = gridTrimBox(grid);
  const out: Sheet[] = [];
  for (let s = 0; s < sheetCount; s++) {
    const placements: Placement[] = [];
    for (let i = s * perSheet; i < Math.min(count, (s + 1) * perSheet); i++) {
      const slot = i - s * perSheet;
      const col = slot % grid.cols;
      const row = Math.floor(slot / grid.cols);
      placements.push({ itemIndex: i, col, row, trim: roundRect(slotTrim(grid, col, row)), clip: roundRect(slotClip(grid, col, row)), rotate: 0 });
    }
    const base = { sheetNumber: s + 1, sheetCount, widthMm: grid.page.width, heightMm: grid.page.height, grid };
    out.push({ ...base, side: 'front', flip: null, offset: { x: 0, y: 0 }, placements, cuts: frontCuts, trimBox: roundRect(frontBox) });
    if (axis) out.push({ ...base, side: 'back', ...backPage(grid, placements, frontCuts, frontBox, axis, opts.backOffset) });
  }
  return out;
}

/** The grid for `opts`, asserting that at least one card fits. */
export function imposeGrid(opts: ImposeOptions): Grid {
  const { card, bleed, margin } = opts;
  assert(card && card.width > 0 && card.height > 0, `Card size must be positive millimetres (got ${JSON.stringify(card)}).`);
  assert(bleed >= 0 && margin >= 0, `Bleed and margin must be 0 or more millimetres (got bleed ${bleed}, margin ${margin}).`);
  assert(opts.gutter === undefined || opts.gutter === 'auto' || opts.gutter >= 0, `The gutter must be "auto" or 0 or more millimetres (got ${String(opts.gutter)}).`);
  const page = paperSize(opts.paper, opts.orientation);
  const grid = computeGrid(card, bleed, page, margin, { marks: opts.marks === 'crop', gutter: opts.gutter ?? 'auto' });
  assert(
    grid.cols > 0 && grid.rows > 0,
    `A ${card.width} × ${card.height} mm card does not fit on ${paperLabel(opts.paper, opts.orientation)} inside ${margin} mm margins ` +
      `(room: ${roundMm(page.width - 2 * margin)} × ${roundMm(page.height - 2 * margin)} mm). Turn the page, use larger paper or reduce the margin.`,
  );
  return grid;
}

/** Bounding box of every slot's trim on the front page. */
export function gridTrimBox(grid: Grid): Rect {
  const last = slotTrim(grid, grid.cols - 1, grid.rows - 1);
  return { x: grid.x.first, y: grid.y.first, w: last.x + last.w - grid.x.first, h: last.y + last.h - grid.y.first };
}

/** The back page for a front page's placements: mirrored about `axis`, then shifted by `offset`. */
function backPage(grid: Grid, front: Placement[], cuts: { x: Mm[]; y: Mm[] }, box: Rect, axis: FlipAxis, offset: Point) {
  const move = (r: Rect) => roundRect(translateRect(mirrorRect(r, axis, grid.page), offset.x, offset.y));
  const placements = front.map((p) => {
    // Reflect the unrounded slot geometry, then round once, so back = mirror(front) + offset holds to 1/1000 mm.
    const slot = mirrorSlot(grid, p.col, p.row, axis);
    const rotate: Placement['rotate'] = axis === 'rows' ? 180 : 0;
    return { itemIndex: p.itemIndex, ...slot, trim: move(slotTrim(grid, p.col, p.row)), clip: move(slotClip(grid, p.col, p.row)), rotate };
  });
  const W = grid.page.width;
  const H = grid.page.height;
  const mx = axis === 'columns' ? cuts.x.map((x) => W - x) : cuts.x;
  const my = axis === 'rows' ? cuts.y.map((y) => H - y) : cuts.y;
  return {
    flip: axis,
    offset: { x: offset.x, y: offset.y },
    placements,
    cuts: { x: distinct(mx.map((x) => x + offset.x)), y: distinct(my.map((y) => y + offset.y)) },
    trimBox: move(box),
  };
}
