import type { DrawList, DrawOp } from '../../cards/draw-list';
import { roundMm, type Mm } from '../../util/units';
import { lineBox, type Chunk, type LineRecord } from './chunk';
import { quoteFaces, type Area, type FlowCtx } from './flow';
import { em, PALETTE } from './options';
import type { FigureRef } from './parse';
import { breakEven, setLine } from './rich-text';

/** Gap between figures of one row, mm. */
const GAP = 6;
/** How wide a caption may make its figure's cell in a row, mm. */
const CAPTION = 34;

/** A stand-in for a ref the resolver does not know: a dashed box naming it. */
function placeholder(ref: string, ctx: FlowCtx): DrawList {
  const s = ctx.r.small;
  const text = `${ctx.r.labels.figureMissing}: ${ref}`;
  const w = Math.min(ctx.r.colW, Math.max(40, ctx.m.width(s.face, text, s.size) + 8));
  return {
    width: w,
    height: 24,
    bleed: 0,
    ops: [
      { op: 'rect', x: 0, y: 0, w, h: 24, fill: { color: PALETTE.tint }, stroke: { color: PALETTE.vermilion, width: 0.3, dash: [1.2, 1] } },
      { op: 'text', x: 4, y: 13.5, text, face: s.face, size: s.size, color: PALETTE.vermilion, width: roundMm(ctx.m.width(s.face, text, s.size)) },
    ],
  };
}

/**
 * One figure, or a row of figures side by side, with captions centred under each: never split.
 * Figures print at their natural size (a card at its trim size) when they fit; a row shrinks
 * uniformly to the column width and to half the text box height.
 * A `"50%"` / `"40mm"` title sets a figure's width. Cards are clipped to their trim (no bleed).
 * Given `spanW` (the text box of a two-column page), a row wider at its natural size than its
 * column is set across the text box instead, as a `span` chunk.
 */
export function figureChunk(items: FigureRef[], column: Area, ctx: FlowCtx, spanW?: Mm): Chunk {
  let area = column;
  const resolved = items.map((f) => {
    const res = ctx.figure?.(f.ref);
    if (!res) ctx.warnings.push(`Figure "${f.ref}" could not be resolved; check the ref (e.g. card:RAT-FU, board:main).`);
    return { f, res, list: res?.list ?? placeholder(f.ref, ctx) };
  });
  // Widths: natural, a set width in mm, or a share of the measure (the column, or the text box when the row spans it).
  const sized = (measure: Mm) =>
    resolved.map(({ f, res, list }) => {
      let w = list.width;
      if (f.width?.percent) w = (measure * f.width.percent) / 100;
      else if (f.width?.mm) w = f.width.mm;
      return { list, w, h: (list.height * w) / list.width, caption: f.caption || res?.caption || '', radius: res?.radius ?? 0 };
    });
  let figs = sized(column.w);
  const gaps = GAP * (figs.length - 1);
  const natural = figs.reduce((a, f) => a + f.w, 0) + gaps;
  const span = spanW !== undefined && spanW > column.w && natural > column.w + 0.01;
  if (span) {
    area = { x: 0, w: spanW, frames: column.frames };
    figs = sized(spanW);
  }
  const maxH = ctx.r.boxH * 0.5;
  const k = Math.min(1, (area.w - gaps) / figs.reduce((a, f) => a + f.w, 0), maxH / figs.reduce((a, f) => Math.max(a, f.h), -Infinity));
  const figH = figs.reduce((a, f) => Math.max(a, f.h * k), -Infinity);
  const s = ctx.r.small;
  // Each figure owns a cell: its width, widened for its caption (up to CAPTION mm, the column
  // for a figure alone) while the row fits; captions wrap inside their cell, so they never meet.
  const cap = figs.length === 1 ? area.w : CAPTION;
  const want = figs.map((f) => Math.max(f.w * k, Math.min(cap, f.caption ? ctx.m.width(s.face, f.caption, s.size) : 0)));
  const extra = want.reduce((a, c, i) => a + c - figs[i]!.w * k, 0);
  const room = area.w - gaps - figs.reduce((a, f) => a + f.w * k, 0);
  // (A row with no caption wider than its figure has nothing extra to share out, even when rounding leaves `room` a hair below 0.)
  const t = extra > 0 && extra > room ? Math.max(0, room) / extra : 1;
  const cells = want.map((c, i) => figs[i]!.w * k + (c - figs[i]!.w * k) * t);
  const rowW = cells.reduce((a, c) => a + c, 0) + gaps;
  const { pitch, baseline } = lineBox(s, ctx.m);
  const ops: DrawOp[] = [];
  const lines: LineRecord[] = [];
  let capH = 0;
  let cx = area.x + (area.w - rowW) / 2;
  figs.forEach((f, i) => {
    const cw = cells[i]!;
    const w = f.w * k;
    const h = f.h * k;
    const x = cx + (cw - w) / 2;
    const scale = w / f.list.width;
    const y = figH - h; // bottoms aligned, so captions line up
    ops.push({
      op: 'group',
      id: 'rulebook:figure',
      transform: { x: roundMm(x), y: roundMm(y), scale },
      clip: { x: 0, y: 0, w: f.list.width, h: f.list.height, ...(f.radius ? { radius: f.radius } : {}) },
      ops: f.list.ops,
    });
    ops.push({ op: 'rect', id: 'rulebook:figure-border', x: roundMm(x), y: roundMm(y), w: roundMm(w), h: roundMm(h), radius: roundMm(f.radius * scale), stroke: { color: PALETTE.rule, width: 0.2 } });
    if (f.caption) {
      const { lines: cl } = breakEven(quoteFaces([{ text: f.caption, face: s.face, color: s.color }], ctx), s.size, cw, ctx.m);
      cl.forEach((l, j) => {
        const top = figH + 0.6 * em(s) + j * pitch;
        for (const op of setLine(l, cx + (cw - l.width) / 2, top + baseline, cw, s.size, ctx.m, { justify: false, id: 'rulebook:caption' })) ops.push(op);
        lines.push({ text: l.text, kind: 'caption', wrapped: !l.first });
      });
      capH = Math.max(capH, 0.6 * em(s) + cl.length * pitch);
    }
    cx += cw + GAP;
  });
  return { h: figH + capH, ops, lines, spaceBefore: 0, frames: area.frames, figure: true, ...(span ? { span: true, float: true } : {}) };
}
