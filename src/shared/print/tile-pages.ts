import type { DrawList, DrawOp, GroupOp } from '../cards/draw-list';
import type { TextMeasurer } from '../cards/fonts';
import type { Mm } from '../util/units';
import { ptToMm, roundMm } from '../util/units';
import type { Rect } from './geometry';
import { textBlock, textOp } from './text';
import { TILE_LAYOUT, type Tile, type TilePlan } from './tiles';
import { markSpan } from './marks';
import { appendAll } from '../util/array';

/**
 * Draw lists of a tiled board: each tile page (its window of the board, cut and glue lines,
 * registration crosses, crop marks at the board's trim, label, assembly map and scale) and the
 * assembly cover. The board itself is the caller's draw list (trim origin, with bleed).
 */

/** Registration colour: process magenta, rare on boards, so a cross is easy to see and to find in a scan. */
export const REG_COLOR = '#EC008C';
/** Half the length of a registration cross's arms; its circle has radius 0.6 × this. */
export const REG_ARM: Mm = 3;

const INK = '#222222';
const GREY = '#555555';
const HAIR = 0.25 * (25.4 / 72);

/** The board placed with its extent window `source` at page rect `window`, clipped to it. */
export function boardWindow(board: DrawList, plan: Pick<TilePlan, 'scale'>, source: Rect, window: Rect): GroupOp {
  const s = plan.scale / 100;
  return {
    op: 'group',
    id: 'board',
    transform: { x: roundMm(window.x - source.x + board.bleed * s), y: roundMm(window.y - source.y + board.bleed * s), scale: s },
    clip: { x: roundMm(source.x / s - board.bleed), y: roundMm(source.y / s - board.bleed), w: roundMm(source.w / s), h: roundMm(source.h / s) },
    ops: board.ops,
  };
}

/** A registration cross at (x, y): white halo, then a magenta circle and cross. */
export function regCross(x: Mm, y: Mm): DrawOp[] {
  const a = REG_ARM;
  const ops: DrawOp[] = [];
  for (const [color, width] of [['#FFFFFF', 0.6], [REG_COLOR, 0.2]] as const) {
    const stroke = { color, width };
    ops.push(
      { op: 'ellipse', id: 'reg', cx: x, cy: y, rx: a * 0.6, ry: a * 0.6, stroke },
      { op: 'line', id: 'reg', x1: x - a, y1: y, x2: x + a, y2: y, stroke },
      { op: 'line', id: 'reg', x1: x, y1: y - a, x2: x, y2: y + a, stroke },
    );
  }
  return ops;
}

/** Text of the pages in both languages. */
export const TILE_TEXT = {
  cut: '剪 cut',
  glue: '涂胶 glue',
  assemble:
    "沿虚线剪开拼块的上边和左边，盖在相邻拼块的涂胶区上，对准洋红色套准十字后粘好。Cut each tile along its dashed lines (top and left), lay it over its neighbour's glue strip, line up the magenta crosses and glue.",
  actual: '请以 100% 实际大小打印 print at 100%, not fit to page',
} as const;

/** The small assembly map: the board in miniature with the tile grid, `here` highlighted. */
export function assemblyMap(board: DrawList, plan: TilePlan, box: Rect, measurer: TextMeasurer, here?: Tile): DrawOp[] {
  const k = Math.min(box.w / plan.extent.width, box.h / plan.extent.height);
  const w = plan.extent.width * k;
  const h = plan.extent.height * k;
  const x0 = box.x + (box.w - w) / 2;
  const y0 = box.y + (box.h - h) / 2;
  const s = plan.scale / 100;
  const ops: DrawOp[] = [
    { op: 'group', id: 'map-board', transform: { x: roundMm(x0 + board.bleed * s * k), y: roundMm(y0 + board.bleed * s * k), scale: s * k }, opacity: 0.45, ops: board.ops },
  ];
  const size = Math.max(5, Math.min(16, (Math.min(w / plan.cols, h / plan.rows) / 0.3528) * 0.45));
  for (const t of plan.tiles) {
    const r = { x: roundMm(x0 + t.source.x * k), y: roundMm(y0 + t.source.y * k), w: roundMm(t.source.w * k), h: roundMm(t.source.h * k) };
    const on = here && t.label === here.label;
    ops.push({ op: 'rect', id: 'map-tile', ...r, ...(on ? { fill: { color: '#FFE27A', opacity: 0.75 } } : {}), stroke: { color: INK, width: on ? 0.35 : 0.2 } });
    // A one-page board needs no tile names.
    if (plan.tiles.length === 1) continue;
    const em = size * 0.3528;
    ops.push(textOp(t.label, r.x + r.w / 2, r.y + r.h / 2 + em * 0.35, { face: 'sans-bold', size, color: INK, align: 'center', id: 'map-label' }, measurer));
  }
  return ops;
}

/**
 * Crop marks at the board's trim edges that fall on this tile, outside the window, by the card
 * sheets' rules (print.md, `markSpan`): each starts just outside the window (the board's bleed)
 * and runs at least 5 mm on white, ending at the printable margin at the latest.
 */
export function trimMarks(t: Tile, page: Pick<TilePlan, 'page' | 'bandTop' | 'sideMarksTrimmed'>): DrawOp[] {
  const { margin } = TILE_LAYOUT;
  const w = t.window;
  const ops: DrawOp[] = [];
  const stroke = { color: '#000000', width: HAIR };
  // White between the window and the margin on each side (below the window: up to the foot band).
  const span = (white: Mm) => markSpan({ first: white + margin, outerBleed: 0, marksFit: true }, margin);
  const above = span(w.y - margin);
  const below = span(page.bandTop - (w.y + w.h));
  const left = span(w.x - margin);
  const right = span(page.page.width - margin - (w.x + w.w));
  const r = (v: Mm) => roundMm(v);
  const v = (x: Mm) => ops.push(
    { op: 'line', id: 'crop', x1: r(x), y1: r(w.y - above.start), x2: r(x), y2: r(w.y - above.end), stroke },
    { op: 'line', id: 'crop', x1: r(x), y1: r(w.y + w.h + below.start), x2: r(x), y2: r(w.y + w.h + below.end), stroke },
  );
  const h = (y: Mm) => ops.push(
    { op: 'line', id: 'crop', x1: r(w.x - left.start), y1: r(y), x2: r(w.x - left.end), y2: r(y), stroke },
    { op: 'line', id: 'crop', x1: r(w.x + w.w + right.start), y1: r(y), x2: r(w.x + w.w + right.end), y2: r(y), stroke },
  );
  const e = t.trimEdges;
  if (e.left !== undefined) v(e.left);
  if (e.right !== undefined) v(e.right);
  // No white beside a board that fills the printable width: its side marks are left out (the foot line says how to cut).
  if (!page.sideMarksTrimmed) {
    if (e.top !== undefined) h(e.top);
    if (e.bottom !== undefined) h(e.bottom);
  }
  return ops;
}

/** Cut lines (dashed, through the mark room) and glue lines (dotted, inside the window) with their words. */
function cutAndGlue(t: Tile, measurer: TextMeasurer): DrawOp[] {
  const w = t.window;
  const m = TILE_LAYOUT.markRoom;
  const cut = { color: '#000000', width: 0.2, dash: [2, 1.2] };
  const glue = { color: GREY, width: 0.15, dash: [0.4, 0.8] };
  const style = { face: 'sans' as const, size: 6, color: GREY };
  const ops: DrawOp[] = [];
  for (const x of t.cuts.x) {
    ops.push({ op: 'line', id: 'cut', x1: x, y1: w.y - m, x2: x, y2: w.y + w.h + m, stroke: cut });
    ops.push(textOp(TILE_TEXT.cut, x - 1, w.y - 1.2, { ...style, align: 'right', id: 'cut-label' }, measurer));
  }
  for (const y of t.cuts.y) {
    ops.push({ op: 'line', id: 'cut', x1: w.x - m, y1: y, x2: w.x + w.w + m, y2: y, stroke: cut });
    ops.push(textOp(TILE_TEXT.cut, w.x + w.w + 0.8, y - 0.8, { ...style, id: 'cut-label' }, measurer));
  }
  for (const x of t.glue.x) {
    ops.push({ op: 'line', id: 'glue', x1: x, y1: w.y, x2: x, y2: w.y + w.h, stroke: glue });
    ops.push(textOp(TILE_TEXT.glue, x + 0.5, w.y - 1.2, { ...style, id: 'glue-label' }, measurer));
  }
  for (const y of t.glue.y) {
    ops.push({ op: 'line', id: 'glue', x1: w.x, y1: y, x2: w.x + w.w, y2: y, stroke: glue });
    ops.push(textOp(TILE_TEXT.glue, w.x + w.w + 0.8, y + 2.6, { ...style, id: 'glue-label' }, measurer));
  }
  return ops;
}

/** What the foot band of a tile names. */
export interface TileCaption {
  /** The board's name, e.g. `生肖赛跑 棋盘 Zodiac Race board`. */
  name: string;
}

/** The foot band: tile label, assembly map (tiled boards only) and the lines of text. */
function footBand(board: DrawList, plan: TilePlan, t: Tile, caption: TileCaption, measurer: TextMeasurer): DrawOp[] {
  const { margin, band } = TILE_LAYOUT;
  const W = plan.page.width;
  const top = plan.bandTop;
  const ops: DrawOp[] = [];
  const single = plan.tiles.length === 1;
  const label = single ? '棋盘 Board' : t.label;
  ops.push(textOp(label, margin + 1, top + band * 0.62, { face: 'sans-bold', size: single ? 14 : 22, color: INK, id: 'tile-label' }, measurer));
  let x = margin + 1 + measurer.width('sans-bold', label, single ? 14 : 22) + 4;
  if (!single) {
    const mapW = Math.min(30, band * (plan.cols / plan.rows) * (plan.tiles[0]!.source.w / plan.tiles[0]!.source.h));
    appendAll(ops, assemblyMap(board, plan, { x, y: top + 0.5, w: mapW, h: band - 1 }, measurer, t));
    x += mapW + 4;
  }
  const pct = `${Math.round(plan.scale)}%`;
  const bleed = roundMm((plan.trim.y * 10) / 10);
  const trimmed = plan.sideMarksTrimmed
    ? ` · 两侧无裁切标记：上下边在印刷边缘内 ${bleed} mm 处裁切 no side crop marks (no room): cut the top and bottom edges ${bleed} mm inside the printed edge`
    : '';
  const head = single
    ? `${caption.name} · 比例 scale ${pct} · ${TILE_TEXT.actual}${trimmed}`
    : `${caption.name} · 拼块 tile ${t.label} (${t.row * plan.cols + t.col + 1}/${plan.tiles.length}) · 比例 scale ${pct} · ${TILE_TEXT.actual}`;
  const width = W - margin - 1 - x;
  // A whole board's one-line caption sits on the label's baseline; a tile's two lines hang from the band's top beside its map.
  const headTop = single ? top + band * 0.62 - measurer.metrics('sans-medium').ascent * ptToMm(7) : top + 0.5;
  const a = textBlock(head, { x, top: headTop, width }, { face: 'sans-medium', size: 7, color: INK, lineHeight: 1.25, id: 'tile-caption' }, measurer);
  appendAll(ops, a.ops);
  if (!single) appendAll(ops, textBlock(TILE_TEXT.assemble, { x, top: a.bottom + 0.8, width }, { face: 'sans', size: 6, color: GREY, lineHeight: 1.2, id: 'tile-help' }, measurer).ops);
  return ops;
}

/**
 * One tile page: the board's window, then crop marks, cut and glue lines, registration crosses
 * and the foot band.
 */
export function tilePage(board: DrawList, plan: TilePlan, t: Tile, caption: TileCaption, measurer: TextMeasurer): DrawList {
  const ops: DrawOp[] = [boardWindow(board, plan, t.source, t.window), ...trimMarks(t, plan), ...cutAndGlue(t, measurer)];
  for (const p of t.marks) appendAll(ops, regCross(p.x, p.y));
  appendAll(ops, footBand(board, plan, t, caption, measurer));
  return { width: plan.page.width, height: plan.page.height, bleed: 0, ops };
}

/**
 * The assembly map for a cover page: the board in miniature with every tile outlined and
 * labelled, inside `box`, and the assembly text under it. Returns the ops and the y below them.
 */
export function coverAssembly(board: DrawList, plan: TilePlan, box: Rect, measurer: TextMeasurer, textBox?: { x: Mm; top: Mm; width: Mm }): { ops: DrawOp[]; bottom: Mm } {
  const ops = assemblyMap(board, plan, box, measurer);
  const t = textBlock(coverAssemblyText(plan), textBox ?? { x: box.x, top: box.y + box.h + 3, width: box.w }, ASSEMBLY_STYLE, measurer);
  return { ops: [...ops, ...t.ops], bottom: Math.max(box.y + box.h, t.bottom) };
}

const ASSEMBLY_STYLE = { face: 'sans', size: 8, color: INK, lineHeight: 1.35, id: 'assembly-text' } as const;

/** What the cover says about the board: one page or how many tiles, the scale, and how to glue the tiles. */
function coverAssemblyText(plan: TilePlan): string {
  return plan.tiles.length === 1
    ? `棋盘印在一页上，比例 ${Math.round(plan.scale)}%。The board prints on one page at ${Math.round(plan.scale)}%.`
    : `棋盘分 ${plan.tiles.length} 块（${plan.cols} × ${plan.rows}），比例 ${Math.round(plan.scale)}%。The board prints as ${plan.tiles.length} tiles (${plan.cols} × ${plan.rows}) at ${Math.round(plan.scale)}%. ${TILE_TEXT.assemble}`;
}

/** The height of the cover's assembly text set `width` wide. */
export function coverAssemblyTextHeight(plan: TilePlan, width: Mm, measurer: TextMeasurer): Mm {
  return textBlock(coverAssemblyText(plan), { x: 0, top: 0, width }, ASSEMBLY_STYLE, measurer).bottom;
}
