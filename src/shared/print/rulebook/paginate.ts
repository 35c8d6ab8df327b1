import type { DrawList, DrawOp } from '../../cards/draw-list';
import type { TextMeasurer } from '../../cards/fonts';
import { textOp } from '../text';
import { roundMm, type Mm } from '../../util/units';
import { keepsWithNext, shiftOps, type Chunk, type Frame, type LineRecord } from './chunk';
import { PALETTE, type Resolved } from './options';
import { appendAll } from '../../util/array';

/** A chunk placed on a page, `y` from the top of the text box; `repeat` marks a repeated table header. */
export interface Placed {
  chunk: Chunk;
  y: Mm;
  repeat?: boolean;
}

/** The chunks of one column (or of a page's spanning band). */
export type Slice = Placed[];

/** One page: chunks spanning the text box at its top (wide tables), then its columns. */
export interface PageSlices {
  span: Slice;
  cols: Slice[];
}

const EPS = 1e-6;

/**
 * Height of chunk `i` together with the chunks it must stay with. Spanning chunks float away,
 * so a column chunk keeps with the next column chunk after them (a heading above a wide table
 * keeps with the text that follows the table), and a spanning one only with spanning ones.
 */
function keepHeight(chunks: Chunk[], i: number): Mm {
  let h = chunks[i]!.h;
  const span = !!chunks[i]!.span;
  for (let j = i; keepsWithNext(chunks[j]!); ) {
    let k = j + 1;
    if (!span) while (chunks[k]?.span) k++;
    const c = chunks[k];
    if (!c || c.breakBefore || !!c.span !== span) break;
    h += c.spaceBefore + c.h;
    j = k;
  }
  return h;
}

/**
 * Fill pages whose text box is `boxH` high with chunks: `cols` columns, each filled top to
 * bottom. A chunk moves to the next column when it does not fit, or when the chunks it keeps
 * with do not fit (unless they would not fit in any column); space above a chunk is dropped at
 * the top of a column; a table row that starts a column brings its header along; a
 * `breakBefore` chunk starts a new page. `span` chunks (a table or figure wider than a column)
 * are set across the whole text box, in reading order: on this page below the text before them
 * (that text balanced over the columns) when they fit there, else at the top of the next page;
 * the text after them always comes after them (below them, the columns starting `gap` below, or
 * on a later page). A spanning table longer than a page continues at the top of the next, with
 * its header.
 */
export function paginate(chunks: Chunk[], boxH: Mm, cols = 1, gap: Mm = 0): PageSlices[] {
  const pages: PageSlices[] = [];
  const queue: Chunk[] = [];
  let y = 0;
  let top = 0;
  let spanH = 0;
  let col = 0;
  /** Where the columns of this page start under its top band: an empty column below a mid-page band has less room than the page has. */
  let pageTop = 0;
  /** What is placed in the columns since the last band (or the page top), per column. */
  let section: Placed[][] = [[]];
  /** A band set below the text on this page: the text after it starts below (`bandBottom + gap`). */
  let bandBottom: Mm | null = null;
  let last: Chunk | undefined;
  let lastFloat: Chunk | undefined;
  const page = (): PageSlices => pages[pages.length - 1]!;
  const column = (): Slice => page().cols[col]!;
  const empty = (): boolean => page().cols.every((c) => !c.length);
  const floats = (): void => {
    const { span } = page();
    while (queue.length) {
      const c = queue[0]!;
      const space = span.length ? c.spaceBefore : 0;
      const need = keepHeight(queue, 0);
      if (span.length && (spanH + space + c.h > boxH + EPS || (spanH + space + need > boxH + EPS && need <= boxH))) break;
      if (!span.length && c.table?.header && lastFloat?.table?.id === c.table.id) (span.push({ chunk: c.table.header, y: 0, repeat: true }), (spanH = c.table.header.h));
      span.push({ chunk: c, y: spanH + space });
      spanH += space + c.h;
      lastFloat = c;
      queue.shift();
    }
    top = span.length ? spanH + gap : 0;
    pageTop = top;
    y = top;
  };
  const newPage = (): void => {
    pages.push({ span: [], cols: [[]] });
    spanH = 0;
    col = 0;
    section = [[]];
    bandBottom = null;
    floats();
  };
  const advance = (): void => {
    if (col + 1 >= cols) return newPage();
    col++;
    while (page().cols.length <= col) page().cols.push([]);
    while (section.length <= col) section.push([]);
    y = top;
  };
  /** The columns below a band start `gap` under it. */
  const belowBand = (): void => {
    if (bandBottom === null) return;
    top = bandBottom + gap;
    y = top;
    col = 0;
    section = [[]];
    bandBottom = null;
  };
  /** Lay this section's text out again as `split` puts it over the columns, from the section's top. */
  const relayout = (split: { cols: Chunk[][] }): void => {
    section.forEach((placed, k) => {
      const slice = page().cols[k]!;
      slice.splice(slice.length - placed.length, placed.length);
    });
    section = split.cols.map(() => []);
    split.cols.forEach((list, k) => {
      while (page().cols.length <= k) page().cols.push([]);
      let yy = top;
      list.forEach((p, j) => {
        if (j > 0) yy += p.spaceBefore;
        page().cols[k]!.push({ chunk: p, y: yy });
        section[k]!.push({ chunk: p, y: yy });
        yy += p.h;
      });
    });
  };
  /**
   * Try to set span chunk `i` (with those it keeps with) across the page below the text of this
   * section, that text balanced over the columns. False when it does not fit (or the section
   * cannot be rebalanced: it holds table rows); the caller then floats it to the next page.
   */
  const bandHere = (i: number): boolean => {
    const c = chunks[i]!;
    if (bandBottom !== null) {
      // Another spanning chunk right after the band (the next row of a table): below it.
      const yy = bandBottom + c.spaceBefore;
      if (yy + c.h > boxH + EPS || (yy + keepHeight(chunks, i) > boxH + EPS && keepHeight(chunks, i) <= boxH)) return false;
      page().span.push({ chunk: c, y: yy });
      bandBottom = yy + c.h;
      lastFloat = c;
      return true;
    }
    const items = section.flat();
    if (!items.length || items.some((p) => p.repeat || p.chunk.table)) return false;
    const split = balance(items, cols);
    const at = top + split.height + (split.height > 0 ? gap : 0);
    const need = keepHeight(chunks, i);
    if (at + c.h > boxH + EPS || (at + need > boxH + EPS && need <= boxH)) return false;
    relayout(split);
    page().span.push({ chunk: c, y: at });
    bandBottom = at + c.h;
    lastFloat = c;
    return true;
  };
  /**
   * A page about to close that holds only figure rows takes the text they illustrate along: the
   * end of the previous page's last column, from the start of its last block (a heading with its
   * paragraph, or the paragraph), else as many of its last lines as fit (at least two), cut only
   * where a break may fall.
   */
  const carryToLoneFigures = (): void => {
    const pg = page();
    const prevPage = pages[pages.length - 2];
    const figs = pg.cols[0] ?? [];
    if (!prevPage || pg.span.length || queue.length || !figs.length || pg.cols.some((s, k) => k > 0 && s.length)) return;
    if (!figs.every((p) => p.chunk.figure && !p.chunk.span)) return;
    const from = [...prevPage.cols].reverse().find((s) => s.length);
    if (!from || prevPage.span.length) return;
    const figH = figs.reduce((h, p, j) => h + (j ? p.chunk.spaceBefore : 0) + p.chunk.h, 0);
    const legal = (k: number): boolean => k >= 1 && !keepsWithNext(from[k - 1]!.chunk) && from.slice(k).every((p) => !p.repeat && !p.chunk.table && !p.chunk.span);
    const height = (k: number): Mm => from.slice(k).reduce((h, p, j) => h + (j ? p.chunk.spaceBefore : 0) + p.chunk.h, 0) + figs[0]!.chunk.spaceBefore + figH;
    let cut: number | undefined;
    let blockStart: number | undefined;
    for (let k = from.length - 1; k >= 1 && height(k) <= boxH - pageTop + EPS; k--) {
      if (!legal(k)) continue;
      if (cut === undefined && from.length - k >= 2) cut = k;
      if (!from[k]!.chunk.lines[0]?.wrapped) {
        blockStart = k;
        break;
      }
    }
    const k = blockStart ?? cut;
    if (k === undefined) return;
    const moved = from.splice(k).map((p) => p.chunk);
    let yy = pageTop;
    const list: Placed[] = [...moved, ...figs.map((p) => p.chunk)].map((chunk, j) => {
      if (j) yy += chunk.spaceBefore;
      const placed = { chunk, y: yy };
      yy += chunk.h;
      return placed;
    });
    pg.cols[0] = list;
    section = [list.slice()];
    col = 0;
    y = yy;
  };
  newPage();
  chunks.forEach((c, i) => {
    if (c.span) {
      if (empty() && bandBottom === null && !queue.length) {
        queue.push(c);
        floats();
      } else if (queue.length || !bandHere(i)) {
        // A heading (or any chunk that keeps with the next) just before it goes with it to the next
        // page; not before a floating figure row, which the text after it (the heading's) passes.
        if (!queue.length && bandBottom === null && !c.float) {
          const carry: Chunk[] = [];
          for (let last = section[col]!.at(-1); last && !last.repeat && last.chunk.keepWithNext; last = section[col]!.at(-1)) {
            section[col]!.pop();
            column().pop();
            carry.unshift(last.chunk);
          }
          appendAll(queue, carry);
        }
        queue.push(c);
        if (empty() && bandBottom === null && !page().span.length) floats();
      }
      return;
    }
    // Text after a spanning chunk never comes before it: after a band, below it; after a float, on
    // the page it floats to — but a floating figure row lets the text after it fill this page.
    // (A table longer than a page leaves rows in the queue after a new page: the text waits for them all.)
    while (queue.length && !queue.every((q) => q.float)) newPage();
    belowBand();
    if (c.breakBefore && (!empty() || page().span.length)) (carryToLoneFigures(), newPage());
    for (;;) {
      const space = section[col]!.length ? c.spaceBefore : 0;
      const need = keepHeight(chunks, i);
      const fits = y + space + c.h <= boxH + EPS;
      const groupFits = y + space + need <= boxH + EPS || need > boxH - pageTop;
      if (fits && groupFits) break;
      if (!section[col]!.length && top === 0) break; // taller than a page: placed anyway
      advance();
      if (c.table?.header && last?.table?.id === c.table.id && !section[col]!.length) {
        column().push({ chunk: c.table.header, y, repeat: true });
        section[col]!.push({ chunk: c.table.header, y, repeat: true });
        y += c.table.header.h;
      }
    }
    const prev = section[col]![section[col]!.length - 1];
    const space = prev && !prev.repeat ? c.spaceBefore : 0;
    column().push({ chunk: c, y: y + space });
    section[col]!.push({ chunk: c, y: y + space });
    y += space + c.h;
    last = c;
  });
  // The book's last columns end level, in whole lines, rather than a full left column beside a
  // short right one (or an empty one). Table rows stay as set: moving them would need their header.
  if (cols > 1 && bandBottom === null) {
    const items = section.flat();
    if (items.length > 1 && !items.some((p) => p.repeat || p.chunk.table)) relayout(balance(items, cols));
  }
  carryToLoneFigures();
  while (queue.length) newPage();
  while (pages.length && empty() && !page().span.length) pages.pop();
  return pages;
}

/**
 * Split `items` (one section's chunks in reading order) over `cols` columns so the tallest is as
 * short as possible, never after a chunk that keeps with the next, the left column the longer on
 * a tie; space above a chunk is dropped at a column top.
 */
function balance(items: Placed[], cols: number): { cols: Chunk[][]; height: Mm } {
  const list = items.map((p) => p.chunk);
  const stack = (from: number, to: number): Mm => {
    let h = 0;
    for (let k = from; k < to; k++) h += (k > from ? list[k]!.spaceBefore : 0) + list[k]!.h;
    return h;
  };
  if (cols < 2 || list.length < 2) return { cols: [list], height: stack(0, list.length) };
  let best = { s: list.length, h: stack(0, list.length) };
  for (let s = 1; s < list.length; s++) {
    if (keepsWithNext(list[s - 1]!)) continue;
    const h0 = stack(0, s);
    const h1 = stack(s, list.length);
    const h = Math.max(h0, h1);
    if (h < best.h - EPS || (Math.abs(h - best.h) <= EPS && h0 >= h1 && s > best.s)) best = { s, h };
  }
  return { cols: [list.slice(0, best.s), list.slice(best.s)].filter((c) => c.length), height: best.h };
}

/** A page's spanning chunks as bands: runs with no column text between them, top to bottom. */
function bandRuns(pg: PageSlices): Slice[] {
  const span = [...pg.span].sort((a, b) => a.y - b.y);
  const runs: Slice[] = [];
  for (const p of span) {
    const run = runs[runs.length - 1];
    const prev = run?.[run.length - 1];
    const between = prev && pg.cols.some((slice) => slice.some((q) => q.y >= prev.y + prev.chunk.h - EPS && q.y < p.y - EPS));
    if (!run || between) runs.push([p]);
    else run.push(p);
  }
  return runs;
}

/** A page's chunks in reading order: the columns above each band, the band, and so on down the page. */
function readingOrder(pg: PageSlices): Placed[] {
  const runs = bandRuns(pg);
  const out: Placed[] = [];
  for (let b = 0; b <= runs.length; b++) {
    for (const slice of pg.cols) for (const p of slice) if (runs.filter((run) => run[0]!.y <= p.y + EPS).length === b) out.push(p);
    if (b < runs.length) for (const p of runs[b]!) out.push(p);
  }
  return out;
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

/**
 * Running head and folio, mirrored: a verso (even page, left of a spread) carries the running
 * title at its outer (left) edge, a recto the chapter at its outer (right) edge; the folio sits
 * at the outer bottom corner. A hairline runs under the head across the text box.
 */
function chrome(r: Resolved, pageNo: number, boxX: Mm, chapter: string, m: TextMeasurer): { ops: DrawOp[]; lines: LineRecord[] } {
  const size = r.small.size;
  const style = { face: 'sans' as const, size, color: PALETTE.muted };
  const top = r.margins.top / 2 + 1;
  const right = boxX + r.boxW;
  const verso = pageNo % 2 === 0;
  const ops: DrawOp[] = [];
  const lines: LineRecord[] = [];
  const head = fitText(verso ? r.opts.runningTitle : chapter, r.boxW * 0.8, size, m);
  if (head) (ops.push(textOp(head, verso ? boxX : right, top, { ...style, align: verso ? 'left' : 'right', id: 'rulebook:header' }, m)), lines.push({ text: head, kind: 'header' }));
  ops.push({ op: 'line', id: 'rulebook:header', x1: boxX, y1: roundMm(top + 2.5), x2: roundMm(right), y2: roundMm(top + 2.5), stroke: { color: PALETTE.rule, width: 0.2 } });
  const folio = String(pageNo);
  ops.push(textOp(folio, verso ? boxX : right, roundMm(r.page.height - r.margins.bottom / 2 + 1.5), { ...style, face: 'sans-medium', align: verso ? 'left' : 'right', id: 'rulebook:footer' }, m));
  lines.push({ text: folio, kind: 'footer' });
  return { ops, lines };
}

/** The left edge of the text box on page `pageNo` (1-based): the inner margin is on the left of odd pages. */
export const boxLeft = (r: Resolved, pageNo: number): Mm => (pageNo % 2 === 1 ? r.margins.inner : r.margins.outer);

/**
 * Draw pages numbered from `firstPage`: each page's spanning band across the text box, then its
 * columns, with running heads naming the current h1 (`chapter` before the first one) and
 * folios. Returns the pages, their text lines and the page of every heading.
 */
export function renderPages(slices: PageSlices[], firstPage: number, chapter: string, r: Resolved, m: TextMeasurer) {
  const pages: DrawList[] = [];
  const lines: { page: number; text: string; kind: LineRecord['kind']; wrapped: boolean }[] = [];
  const marks: { level: number; title: string; page: number }[] = [];
  const colW = r.cols === 1 ? r.boxW : r.colW;
  slices.forEach((pg, i) => {
    const pageNo = firstPage + i;
    // The head names the first chapter that starts on the page, else the one running on; the next
    // page runs on with the last chapter started here (two can start on one page).
    const starts = readingOrder(pg).filter((p) => !p.repeat && p.chunk.mark?.level === 1);
    const head = starts[0]?.chunk.mark!.title ?? chapter;
    chapter = starts.at(-1)?.chunk.mark!.title ?? chapter;
    const left = boxLeft(r, pageNo);
    const ops: DrawOp[] = [];
    const draw = (slice: Slice, x: Mm): void => {
      for (const op of shiftOps(frameOps(slice), x, r.margins.top)) ops.push(op);
      for (const p of slice) {
        for (const op of shiftOps(p.chunk.ops, x, r.margins.top + p.y)) ops.push(op);
        for (const l of p.chunk.lines) lines.push({ page: pageNo, ...l, wrapped: l.wrapped ?? false });
        if (p.chunk.mark && !p.repeat) marks.push({ ...p.chunk.mark, page: pageNo });
      }
    };
    // Reading order: the columns above a band, the band, the columns below it (a band at the top first).
    const runs = bandRuns(pg);
    for (let b = 0; b <= runs.length; b++) {
      pg.cols.forEach((slice, k) => {
        const part = slice.filter((p) => runs.filter((run) => run[0]!.y <= p.y + EPS).length === b);
        if (part.length) draw(part, left + k * (colW + r.gutter));
      });
      if (b < runs.length) draw(runs[b]!, left);
    }
    const c = chrome(r, pageNo, left, head, m);
    for (const op of c.ops) ops.push(op);
    for (const l of c.lines) lines.push({ page: pageNo, ...l, wrapped: false });
    pages.push({ width: r.page.width, height: r.page.height, bleed: 0, ops });
  });
  return { pages, lines, marks };
}
