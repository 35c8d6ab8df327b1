import type { DrawList, DrawOp } from '../../cards/draw-list';
import type { TextMeasurer } from '../../cards/fonts';
import { textOp } from '../text';
import { roundMm, type Mm } from '../../util/units';
import { shiftOps, type Chunk, type Frame, type LineRecord } from './chunk';
import { PALETTE, type Resolved } from './options';

/** A chunk placed on a page, `y` from the top of the text box; `repeat` marks a repeated table header. */
export interface Placed {
  chunk: Chunk;
  y: Mm;
  repeat?: boolean;
}

/** The chunks of one page. */
export type Slice = Placed[];

const EPS = 1e-6;

/** Height of chunk `i` together with the chunks it must stay with. */
function keepHeight(chunks: Chunk[], i: number): Mm {
  let h = chunks[i]!.h;
  for (let j = i; chunks[j]!.keepWithNext && j + 1 < chunks.length && !chunks[j + 1]!.breakBefore; j++) h += chunks[j + 1]!.spaceBefore + chunks[j + 1]!.h;
  return h;
}

/**
 * Fill pages of height `boxH` with chunks, top to bottom. A chunk moves to the next page when it
 * does not fit, or when the chunks it keeps with do not fit (unless they would not fit on any
 * page); space above a chunk is dropped at the top of a page; a table row that starts a page
 * brings its header along.
 */
export function paginate(chunks: Chunk[], boxH: Mm): Slice[] {
  const pages: Slice[] = [[]];
  let y = 0;
  let last: Chunk | undefined;
  const page = (): Slice => pages[pages.length - 1]!;
  chunks.forEach((c, i) => {
    if (c.breakBefore && page().length) (pages.push([]), (y = 0));
    let space = page().length ? c.spaceBefore : 0;
    const need = keepHeight(chunks, i);
    const fits = y + space + c.h <= boxH + EPS;
    const groupFits = y + space + need <= boxH + EPS || need > boxH;
    if (page().length && !(fits && groupFits)) {
      pages.push([]);
      y = space = 0;
      if (c.table?.header && last?.table?.id === c.table.id) {
        page().push({ chunk: c.table.header, y: 0, repeat: true });
        y = c.table.header.h;
      }
    }
    page().push({ chunk: c, y: y + space });
    y += space + c.h;
    last = c;
  });
  return pages[0]!.length ? pages : [];
}

/** Frame backgrounds of one page: each frame spans its chunks on this page. */
function frameOps(slice: Slice): DrawOp[] {
  const spans = new Map<number, { f: Frame; top: Mm; bottom: Mm }>();
  for (const { chunk, y } of slice)
    for (const f of chunk.frames ?? []) {
      const s = spans.get(f.id);
      if (s) s.bottom = Math.max(s.bottom, y + chunk.h);
      else spans.set(f.id, { f, top: y, bottom: y + chunk.h });
    }
  const ops: DrawOp[] = [];
  for (const { f, top, bottom } of spans.values()) {
    const h = roundMm(bottom - top);
    if (f.fill) ops.push({ op: 'rect', id: 'rulebook:frame', x: roundMm(f.x), y: roundMm(top), w: roundMm(f.w), h, fill: { color: f.fill } });
    if (f.bar) ops.push({ op: 'rect', id: 'rulebook:frame', x: roundMm(f.x), y: roundMm(top), w: f.bar.width, h, fill: { color: f.bar.color } });
    if (f.bottomRule) ops.push({ op: 'line', id: 'rulebook:frame', x1: roundMm(f.x), y1: roundMm(bottom), x2: roundMm(f.x + f.w), y2: roundMm(bottom), stroke: f.bottomRule });
  }
  return ops;
}

/** Shorten `text` with an ellipsis until it is at most `w` wide. */
function fitText(text: string, w: Mm, size: number, m: TextMeasurer): string {
  if (m.width('sans', text, size) <= w) return text;
  const chars = [...text];
  while (chars.length && m.width('sans', `${chars.join('')}…`, size) > w) chars.pop();
  return chars.length ? `${chars.join('')}…` : '';
}

/** Running header (running title left, chapter right, hairline below) and folio, in the margins. */
function chrome(r: Resolved, pageNo: number, boxX: Mm, chapter: string, m: TextMeasurer): { ops: DrawOp[]; lines: LineRecord[] } {
  const size = r.small.size;
  const style = { face: 'sans' as const, size, color: PALETTE.muted };
  const top = r.margins.top / 2 + 1;
  const right = boxX + r.boxW;
  const ops: DrawOp[] = [];
  const lines: LineRecord[] = [];
  const left = fitText(r.opts.runningTitle, r.boxW * 0.45, size, m);
  const chap = fitText(chapter, r.boxW * 0.5, size, m);
  if (left) (ops.push(textOp(left, boxX, top, { ...style, id: 'rulebook:header' }, m)), lines.push({ text: left, kind: 'header' }));
  if (chap) (ops.push(textOp(chap, right, top, { ...style, align: 'right', id: 'rulebook:header' }, m)), lines.push({ text: chap, kind: 'header' }));
  ops.push({ op: 'line', id: 'rulebook:header', x1: boxX, y1: roundMm(top + 2.5), x2: roundMm(right), y2: roundMm(top + 2.5), stroke: { color: PALETTE.rule, width: 0.2 } });
  const folio = String(pageNo);
  ops.push(textOp(folio, boxX + r.boxW / 2, roundMm(r.page.height - r.margins.bottom / 2 + 1.5), { ...style, face: 'sans-medium', align: 'center', id: 'rulebook:footer' }, m));
  lines.push({ text: folio, kind: 'footer' });
  return { ops, lines };
}

/** The left edge of the text box on page `pageNo` (1-based): the inner margin is on the left of odd pages. */
export const boxLeft = (r: Resolved, pageNo: number): Mm => (pageNo % 2 === 1 ? r.margins.inner : r.margins.outer);

/**
 * Draw slices as pages numbered from `firstPage`, with running headers naming the current h1
 * (`chapter` before the first one) and folios. Returns the pages, their text lines and the
 * page of every heading.
 */
export function renderPages(slices: Slice[], firstPage: number, chapter: string, r: Resolved, m: TextMeasurer) {
  const pages: DrawList[] = [];
  const lines: { page: number; text: string; kind: LineRecord['kind']; wrapped: boolean }[] = [];
  const marks: { level: number; title: string; page: number }[] = [];
  slices.forEach((slice, i) => {
    const pageNo = firstPage + i;
    const h1 = slice.find((p) => !p.repeat && p.chunk.mark?.level === 1);
    if (h1) chapter = h1.chunk.mark!.title;
    const x = boxLeft(r, pageNo);
    const c = chrome(r, pageNo, x, chapter, m);
    const ops: DrawOp[] = [...shiftOps(frameOps(slice), x, r.margins.top)];
    for (const p of slice) {
      for (const op of shiftOps(p.chunk.ops, x, r.margins.top + p.y)) ops.push(op);
      for (const l of p.chunk.lines) lines.push({ page: pageNo, ...l, wrapped: l.wrapped ?? false });
      if (p.chunk.mark && !p.repeat) marks.push({ ...p.chunk.mark, page: pageNo });
    }
    for (const op of c.ops) ops.push(op);
    for (const l of c.lines) lines.push({ page: pageNo, ...l, wrapped: false });
    pages.push({ width: r.page.width, height: r.page.height, bleed: 0, ops });
  });
  return { pages, lines, marks };
}
