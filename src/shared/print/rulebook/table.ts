import type { DrawOp } from '../../cards/draw-list';
import { roundMm, type Mm } from '../../util/units';
import { lineBox, type Chunk, type Frame } from './chunk';
import { quoteFaces, runsOf, type Area, type FlowCtx } from './flow';
import { em, PALETTE, type TextStyle } from './options';
import type { Align, Block } from './parse';
import { breakBalanced, breakRich, setLine, textExtent, type Run } from './rich-text';

type TableBlock = Extract<Block, { kind: 'table' }>;

interface Fit {
  s: TextStyle;
  widths: Mm[];
  padX: Mm;
}

/** Widest word and widest line of column `c` over `rows`. */
function extent(rows: Run[][][], c: number, size: number, ctx: FlowCtx): { min: Mm; max: Mm } {
  let min = 0;
  let max = 0;
  for (const row of rows) {
    const e = textExtent(row[c] ?? [], size, ctx.m);
    [min, max] = [Math.max(min, e.min), Math.max(max, e.max)];
  }
  return { min, max };
}

/**
 * Refine column widths for the shortest table: move width, a step at a time, from the column
 * that gives up the fewest lines to the one that saves the most (rows are as tall as their
 * tallest cell), keeping every column at least `mins` wide; stop when no move makes the table
 * shorter. Line counts are cached per column and width, so each step breaks only new widths.
 */
export function shortest(rows: Run[][][], start: Mm[], mins: Mm[], size: number, padX: Mm, ctx: FlowCtx): Mm[] {
  const STEP = 1.5;
  const cache = new Map<string, number[]>();
  const counts = (c: number, w: Mm): number[] => {
    const key = `${c}:${w.toFixed(2)}`;
    let v = cache.get(key);
    if (!v) cache.set(key, (v = rows.map((r) => (r[c]?.length ? breakRich(r[c]!, size, w - 2 * padX, ctx.m).lines.length : 1))));
    return v;
  };
  const height = (ws: Mm[]): number => rows.reduce((a, _, r) => a + ws.reduce((m, w, c) => Math.max(m, counts(c, w)[r]!), -Infinity), 0);
  let widths = start.slice();
  let best = height(widths);
  for (let iter = 0; iter < 24; iter++) {
    let move: { ws: Mm[]; h: number } | undefined;
    for (let i = 0; i < widths.length; i++)
      for (let j = 0; j < widths.length; j++) {
        if (i === j || widths[i]! - STEP < mins[i]! - 1e-9) continue;
        const ws = widths.slice();
        ws[i] -= STEP;
        ws[j] += STEP;
        const h = height(ws);
        if (h < (move?.h ?? best)) move = { ws, h };
      }
    if (!move) break;
    ((widths = move.ws), (best = move.h));
  }
  return widths;
}

/**
 * Column widths from content (the HTML auto-layout idea): every column gets at least its widest
 * unbreakable word, the rest of the width is shared in proportion to how much more each column
 * would take on one line. Columns whose body cells are short (up to 7 em: names, numbers) and
 * short headers (up to 4 em: 福分) are not wrapped while that fits; longer headers may wrap. When even the minimums do not fit, the type
 * shrinks in half-point steps to 80 %. A table that must wrap is then made as short as moving
 * width between its columns allows (`shortest`).
 */
function fitColumns(b: TableBlock, header: Run[][], rows: Run[][][], W: Mm, ctx: FlowCtx): Fit {
  const base = ctx.r.table;
  let last: Fit | undefined;
  for (let size = base.size; size >= base.size * 0.8 - 1e-9; size -= 0.5)
    for (const floor of [true, false]) {
      const s = { ...base, size };
      const padX = 0.5 * em(s);
      const ext = b.header.map((_, c) => {
        const body = extent(rows, c, size, ctx);
        const head = extent([header], c, size, ctx);
        let min = Math.max(body.min, head.min);
        if (floor && body.max <= 7 * em(s)) min = Math.max(min, body.max);
        if (floor && head.max <= 4 * em(s)) min = Math.max(min, head.max);
        return { min: min + 2 * padX, max: Math.max(min, body.max) + 2 * padX };
      });
      const sumMin = ext.reduce((a, e) => a + e.min, 0);
      const sumMax = ext.reduce((a, e) => a + e.max, 0);
      const widths =
        sumMax <= W
          ? ext.map((e) => e.max + ((W - sumMax) * e.max) / sumMax)
          : ext.map((e) => e.min + ((e.max - e.min) * (W - sumMin)) / Math.max(1e-9, sumMax - sumMin));
      last = { s, widths: sumMin <= W ? widths : ext.map((e) => (e.min * W) / sumMin), padX };
      if (sumMin <= W + 1e-6) return sumMax <= W ? last : { ...last, widths: shortest([header, ...rows], widths, ext.map((e) => e.min), s.size, padX, ctx) };
    }
  ctx.warnings.push(`A table with ${b.header.length} columns does not fit the ${W.toFixed(1)} mm text width even at ${last!.s.size} pt; words in it were split. Drop a column or shorten long words.`);
  return last!;
}

/** One row as a chunk: background, then each cell's lines, top-aligned. */
function rowChunk(cells: Run[][], fit: Fit, align: Align[], area: Area, ctx: FlowCtx, fill: string | undefined): Chunk {
  const { s, widths, padX } = fit;
  const { pitch, baseline } = lineBox(s, ctx.m);
  const padY = 0.4 * em(s);
  const ops: DrawOp[] = [];
  const text: DrawOp[] = [];
  const lines: Chunk['lines'] = [];
  let maxLines = 1;
  let x = area.x;
  cells.forEach((runs, c) => {
    const w = widths[c]! - 2 * padX;
    const { lines: ls, overflow } = breakBalanced(runs, s.size, w, ctx.m);
    if (overflow) ctx.warnings.push(`Table cell "${runs.map((r) => r.text).join('').slice(0, 30)}" has a word wider than its column; it was split.`);
    ls.forEach((l, i) => {
      const a = align[c] ?? 'left';
      const lx = a === 'left' ? x + padX : a === 'right' ? x + padX + w - l.width : x + padX + (w - l.width) / 2;
      for (const op of setLine(l, lx, padY + i * pitch + baseline, w, s.size, ctx.m, { justify: false, id: 'rulebook:table' })) text.push(op);
      lines.push({ text: l.text, kind: 'table', wrapped: !l.first });
    });
    maxLines = Math.max(maxLines, ls.length);
    x += widths[c]!;
  });
  const h = roundMm(maxLines * pitch + 2 * padY);
  const tableW = widths.reduce((a, v) => a + v, 0);
  if (fill) ops.push({ op: 'rect', id: 'rulebook:table-row', x: area.x, y: 0, w: roundMm(tableW), h, fill: { color: fill } });
  for (const op of text) ops.push(op);
  return { h, ops, lines, spaceBefore: 0, frames: area.frames };
}

/**
 * A table as chunks: the header row (bold, tinted, ruled above and below) and one chunk per
 * row with zebra stripes. Rows carry their header, so a page break inside the table repeats it;
 * a closing rule ends the table's part on every page. Given `spanW` (the text box of a
 * two-column page), a table of three or more columns whose natural width exceeds its column is
 * set that wide instead, its chunks marked `span`.
 */
export function tableChunks(b: TableBlock, column: Area, ctx: FlowCtx, spanW?: Mm): Chunk[] {
  const s = ctx.r.table;
  const cols = b.header.length;
  const header = b.header.map((sp) => quoteFaces(runsOf(sp, s, { bold: true }), ctx));
  const rows = b.rows.map((r) => Array.from({ length: cols }, (_, c) => quoteFaces(runsOf(r[c] ?? [], s), ctx)));
  // A table of three or more columns that would wrap in its column spans the page instead.
  const padX = 2 * 0.5 * em(s);
  const natural = b.header.reduce((a, _, c) => a + Math.max(extent(rows, c, s.size, ctx).max, extent([header], c, s.size, ctx).max) + padX, 0);
  const span = spanW !== undefined && spanW > column.w && cols >= 3 && natural > column.w;
  const area: Area = span ? { x: 0, w: spanW, frames: column.frames } : column;
  const fit = fitColumns(b, header, rows, area.w, ctx);
  const tableW = fit.widths.reduce((a, v) => a + v, 0);
  const frame: Frame = { id: ctx.id(), x: area.x, w: tableW, bottomRule: { color: PALETTE.vermilion, width: 0.45 } };
  const inner: Area = { ...area, frames: [...area.frames, frame] };
  const id = ctx.id();
  const head = rowChunk(header, fit, b.align, inner, ctx, PALETTE.headFill);
  head.ops.push(
    { op: 'line', id: 'rulebook:table-rule', x1: area.x, y1: 0, x2: roundMm(area.x + tableW), y2: 0, stroke: { color: PALETTE.vermilion, width: 0.45 } },
    { op: 'line', id: 'rulebook:table-rule', x1: area.x, y1: head.h, x2: roundMm(area.x + tableW), y2: head.h, stroke: { color: PALETTE.vermilion, width: 0.2 } },
  );
  head.keepWithNext = true;
  head.table = { id };
  const body = rows.map((r, i) => {
    const c = rowChunk(r, fit, b.align, inner, ctx, i % 2 === 1 ? PALETTE.zebra : undefined);
    c.table = { id, header: head };
    if (c.h > ctx.r.boxH - head.h) ctx.warnings.push(`A table row ("${c.lines[0]?.text ?? ''}") is taller than a page; split its text into several rows.`);
    return c;
  });
  // No row alone at either end of a page: the first two rows stay together (under the header), and so do the last two.
  if (body.length >= 4) body[0]!.keepWithNext = true;
  if (body.length >= 3) body[body.length - 2]!.keepWithNext = true;
  if (span) for (const c of [head, ...body]) c.span = true;
  return [head, ...body];
}
