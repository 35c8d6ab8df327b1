import type { DrawList, DrawOp } from '../../cards/draw-list';
import { roundMm, type Mm } from '../../util/units';
import { lineBox, type Chunk, type LineRecord } from './chunk';
import { brushable, quoteFaces, textChunks, type Area, type FlowCtx } from './flow';
import { em, PALETTE, type TextStyle } from './options';
import { breakEven, setLine } from './rich-text';

/** Centred lines of `text` in `s`, from `top`, of even length (no word alone on a line); returns ops, lines and the bottom. */
function centred(text: string, s: TextStyle, top: Mm, x: Mm, w: Mm, ctx: FlowCtx, id: string) {
  const { pitch, baseline } = lineBox(s, ctx.m);
  const { lines } = breakEven(quoteFaces([{ text, face: s.face, color: s.color }], ctx), s.size, w, ctx.m);
  const ops = lines.flatMap((l, i) => setLine(l, x + (w - l.width) / 2, top + i * pitch + baseline, w, s.size, ctx.m, { justify: false, id }));
  return { ops, lines: lines.map((l): LineRecord => ({ text: l.text, kind: 'title', wrapped: !l.first })), bottom: top + lines.length * pitch };
}

/**
 * The title page: title (brush for Chinese when the face has every glyph) at a third of the
 * height, a vermilion bar, the subtitle, and the cover figure scaled into the space below.
 * No running header or folio.
 */
export function titlePage(ctx: FlowCtx): { page: DrawList; lines: LineRecord[] } {
  const { r, m } = ctx;
  const { opts } = r;
  const x = r.margins.inner;
  const w = r.boxW;
  const brush = opts.lang === 'zh' && brushable(opts.title, m);
  const ts: TextStyle = { face: brush ? 'brush' : 'sans-bold', size: r.base.size * (brush ? 5.2 : 3.6), color: PALETTE.ink, lineHeight: 1.2 };
  const t = centred(opts.title, ts, r.margins.top + r.boxH * 0.16, x, w, ctx, 'rulebook:title');
  const ops: DrawOp[] = [...t.ops];
  const lines = [...t.lines];
  let y = t.bottom + 5;
  ops.push({ op: 'rect', id: 'rulebook:title', x: roundMm(x + w / 2 - 14), y: roundMm(y), w: 28, h: 1.2, fill: { color: PALETTE.vermilion } });
  y += 1.2 + 6;
  if (opts.subtitle) {
    const ss: TextStyle = { face: 'sans', size: r.base.size * 1.5, color: PALETTE.muted, lineHeight: 1.4 };
    const s = centred(opts.subtitle, ss, y, x, w, ctx, 'rulebook:subtitle');
    for (const op of s.ops) ops.push(op);
    for (const l of s.lines) lines.push(l);
    y = s.bottom;
  }
  const res = opts.cover ? ctx.figure?.(opts.cover) : undefined;
  if (opts.cover && !res) ctx.warnings.push(`Cover figure "${opts.cover}" could not be resolved; check the ref (e.g. card:RAT-FU).`);
  if (res) {
    const top = y + 12;
    const room = r.margins.top + r.boxH - top;
    const k = Math.min(w / res.list.width, room / res.list.height, 2.5);
    if (k > 0) {
      const fw = res.list.width * k;
      const fx = x + (w - fw) / 2;
      const fy = top + (room - res.list.height * k) / 2;
      ops.push({ op: 'group', id: 'rulebook:cover', transform: { x: roundMm(fx), y: roundMm(fy), scale: k }, clip: { x: 0, y: 0, w: res.list.width, h: res.list.height, ...(res.radius ? { radius: res.radius } : {}) }, ops: res.list.ops });
    }
  }
  return { page: { width: r.page.width, height: r.page.height, bleed: 0, ops }, lines };
}

/** A TOC entry with its page number. */
export interface TocEntry {
  level: number;
  title: string;
  page: number;
}

/**
 * The table of contents as chunks: its heading, then one chunk per entry with the title
 * (indented by level, wrapped before the number), a dotted leader and the right-aligned page.
 */
export function tocChunks(entries: TocEntry[], ctx: FlowCtx): Chunk[] {
  const { r, m } = ctx;
  const area: Area = { x: 0, w: r.boxW, frames: [] };
  const hs = r.h[0].face === 'brush' && brushable(r.labels.contents, m) ? r.h[0] : { ...r.h[0], face: 'sans-bold' as const };
  const head = textChunks([{ text: r.labels.contents, face: hs.face, color: hs.color }], area, hs, ctx, 'heading', { justify: false, id: 'rulebook:toc-title' });
  head[head.length - 1]!.h += em(r.base) * 1.5;
  const numW = entries.reduce((a, e) => Math.max(a, m.width('sans', String(e.page), r.base.size)), 0);
  const out: Chunk[] = [...head];
  for (const e of entries) {
    const s: TextStyle = e.level === 1 ? { ...r.base, face: 'sans-bold' } : e.level === 2 ? r.base : { ...r.small, lineHeight: r.base.lineHeight };
    const indent = (e.level - 1) * 1.6 * em(r.base);
    const titleW = r.boxW - indent - numW - 3 * em(s);
    const tl = textChunks([{ text: e.title, face: s.face, color: e.level === 3 ? PALETTE.muted : s.color }], { x: indent, w: titleW, frames: [] }, s, ctx, 'toc', { justify: false, id: 'rulebook:toc' });
    const ops: DrawOp[] = tl.flatMap((c, i) => c.ops.map((op) => (op.op === 'text' ? { ...op, y: roundMm(op.y + i * c.h) } : op)));
    const last = tl[tl.length - 1]!;
    const lastOp = ops.filter((o) => o.op === 'text').at(-1) as Extract<DrawOp, { op: 'text' }> | undefined;
    const baseY = (tl.length - 1) * last.h + lineBox(s, m).baseline;
    const num = String(e.page);
    const nw = m.width('sans', num, s.size);
    const from = (lastOp ? lastOp.x + lastOp.width : indent) + 1.5;
    const to = r.boxW - nw - 1.5;
    if (to - from > 2) ops.push({ op: 'line', id: 'rulebook:toc-leader', x1: roundMm(from), y1: roundMm(baseY - 0.3), x2: roundMm(to), y2: roundMm(baseY - 0.3), stroke: { color: PALETTE.muted, width: 0.25, dash: [0.25, 0.95] } });
    ops.push({ op: 'text', id: 'rulebook:toc-page', x: roundMm(r.boxW - nw), y: roundMm(baseY), text: num, face: 'sans', size: s.size, color: s.color, width: roundMm(nw) });
    const lines = tl.map((c, i): LineRecord => ({ ...c.lines[0]!, text: i === tl.length - 1 ? `${c.lines[0]!.text} ${num}` : c.lines[0]!.text }));
    out.push({ h: tl.reduce((a, c) => a + c.h, 0), ops, lines, spaceBefore: e.level === 1 && out.length > head.length ? 0.6 * em(r.base) : 0 });
  }
  return out;
}
