import { quoteRunWidths } from './quote-runs';
import type { Color, DrawOp, FontFaceId } from './draw-list';
import type { TextMeasurer } from './fonts';
import { ICON_CHAR, type RichRun } from './rich';
import { segmentIter } from './text';
import { ptToMm, roundMm, type Mm, type Pt } from '../util/units';

/** The face a bold span uses: the sans faces go to sans-bold; brush and project fonts have no bolder cut and stay. */
export function boldFace(face: FontFaceId): FontFaceId {
  return face === 'sans' || face === 'sans-medium' ? 'sans-bold' : face;
}

/** A run placed in the plain text line breaking sees (an icon is one ICON_CHAR). */
interface Span {
  start: number;
  end: number;
  face: FontFaceId;
  color: Color;
  icon?: string;
}

/** Rich text ready to set: the plain text and its spans. */
export interface RichBlock {
  plain: string;
  spans: Span[];
}

/** Runs with their colours resolved (`color` turns a run's colour into `#RRGGBB`, undefined for the base). */
export function richBlock(runs: readonly RichRun[], face: FontFaceId, base: Color, color: (c: string) => Color | undefined): RichBlock {
  let plain = '';
  const spans: Span[] = [];
  for (const r of runs) {
    const start = plain.length;
    plain += r.kind === 'icon' ? ICON_CHAR : r.text;
    const c = r.color === undefined ? base : (color(r.color) ?? base);
    const span: Span = { start, end: plain.length, face: r.bold ? boldFace(face) : face, color: c };
    const last = spans[spans.length - 1];
    // Runs that end up alike (bold in a bold face, a bad colour falling back) are one piece.
    if (r.kind === 'text' && last && !last.icon && last.face === span.face && last.color === span.color) last.end = span.end;
    else {
      if (r.kind === 'icon') span.icon = r.ref;
      spans.push(span);
    }
  }
  return { plain, spans };
}

/** A set line: the plain text's range [start, end) without trailing blanks, and its width. */
export interface RichLine {
  start: number;
  end: number;
  width: Mm;
  last: boolean;
}

/** Width of plain[a, b) at `size`: each span's piece in its face, an icon one em. */
export function measureRange(block: RichBlock, a: number, b: number, size: Pt, m: TextMeasurer): Mm {
  let w = 0;
  for (const s of block.spans) {
    if (s.end <= a || s.start >= b) continue;
    if (s.icon) w += ptToMm(size);
    else w += m.width(s.face, block.plain.slice(Math.max(a, s.start), Math.min(b, s.end)), size);
  }
  return w;
}

function trimmedEnd(plain: string, a: number, b: number): number {
  while (b > a && /\s/.test(plain[b - 1]!)) b--;
  return b;
}

/**
 * Break rich text into lines as `breakLines` does plain text (same segments, same greedy rule,
 * same `maxLines` cut-off), measuring each piece in its own face. `wrap` false: lines end only at
 * line feeds (`fit: "none"`).
 */
export function breakRich(block: RichBlock, size: Pt, maxWidth: Mm, m: TextMeasurer, maxLines: number, wrap: boolean): { lines: RichLine[]; overflow: boolean; truncated: boolean } {
  const { plain } = block;
  const lines: RichLine[] = [];
  let overflow = false;
  const eps = 1e-6;
  const line = (a: number, b: number, last: boolean) => {
    const e = trimmedEnd(plain, a, b);
    lines.push({ start: a, end: e, width: measureRange(block, a, e, size, m), last });
  };
  for (let start = 0; start <= plain.length; ) {
    if (lines.length >= maxLines) return { lines, overflow, truncated: true };
    const nl = plain.indexOf('\n', start);
    const paraEnd = nl === -1 ? plain.length : nl;
    const next = paraEnd + 1;
    if (!wrap || paraEnd === start) {
      if (wrap) lines.push({ start, end: start, width: 0, last: true });
      else line(start, paraEnd, true);
      start = next;
      continue;
    }
    let curStart = start;
    let curEnd = start;
    let curW = 0;
    let pos = start;
    for (const seg of segmentIter(plain.slice(start, paraEnd))) {
      const [a, b] = [pos, pos + seg.length];
      pos = b;
      const segW = measureRange(block, a, b, size, m);
      const tb = trimmedEnd(plain, a, b);
      const segTrimW = tb === b ? segW : measureRange(block, a, tb, size, m);
      if (curEnd > curStart && curW + segTrimW > maxWidth + eps) {
        line(curStart, curEnd, false);
        [curStart, curW] = [a, 0];
        if (lines.length >= maxLines) return { lines, overflow, truncated: true };
      }
      if (curStart === a && segTrimW > maxWidth + eps) overflow = true;
      curEnd = b;
      curW += segW;
    }
    line(curStart, curEnd, true);
    start = next;
  }
  return { lines, overflow, truncated: false };
}

/** Code points of a string. */
function codePoints(t: string): number {
  let n = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

/** How one line is placed: its left end, baseline, and the extra space after every character. */
export interface LinePlacement {
  x: Mm;
  baseline: Mm;
  letterSpacing: Mm;
}

/**
 * The ops of one set line: a text op per styled piece, an image op per icon. An icon is a square
 * one em high standing on the descender line (its bottom `descent` below the baseline), as a CJK
 * glyph does; pieces follow each other at their advance plus letter spacing.
 */
export function richLineOps(block: RichBlock, line: RichLine, at: LinePlacement, size: Pt, descent: number, m: TextMeasurer, id: string, opacity: number | undefined): DrawOp[] {
  const ops: DrawOp[] = [];
  const em = ptToMm(size);
  const ls = at.letterSpacing;
  let x = at.x;
  for (const s of block.spans) {
    if (s.end <= line.start || s.start >= line.end) continue;
    if (s.icon) {
      const op: DrawOp = { op: 'image', id, x: roundMm(x), y: roundMm(at.baseline + Math.abs(descent) * em - em), w: roundMm(em), h: roundMm(em), ref: s.icon };
      if (opacity !== undefined) op.opacity = opacity;
      ops.push(op);
      x += em + ls;
      continue;
    }
    const text = block.plain.slice(Math.max(line.start, s.start), Math.min(line.end, s.end));
    // Curly quotes in Latin text are set in the Latin face (the CJK face draws them an em wide).
    for (const r of quoteRunWidths(text, s.face, size, ls, (f, t, z) => m.width(f, t, z))) {
      if (r.text.trim() !== '') {
        const op: DrawOp = { op: 'text', id, x: roundMm(x), y: roundMm(at.baseline), text: r.text, face: r.face, size: Math.round(size * 100) / 100, color: s.color, width: roundMm(r.width) };
        if (ls) op.letterSpacing = roundMm(ls);
        if (opacity !== undefined) op.opacity = opacity;
        ops.push(op);
      }
      x += r.width;
    }
  }
  return ops;
}

/** Characters (icons count one) of a line, for justification. */
export function lineChars(block: RichBlock, line: RichLine): number {
  return codePoints(block.plain.slice(line.start, line.end));
}
