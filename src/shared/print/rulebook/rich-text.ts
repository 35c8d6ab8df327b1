import type { Color, FontFaceId, TextOp } from '../../cards/draw-list';
import type { TextMeasurer } from '../../cards/fonts';
import { segments } from '../../cards/text';
import { roundMm, type Mm, type Pt } from '../../util/units';

/** A run of text in one face and colour. `\n` is a hard line break. */
export interface Run {
  text: string;
  face: FontFaceId;
  color: Color;
}

/** One laid-out line of rich text. */
export interface RichLine {
  /** The line's runs (adjacent runs of one face and colour merged), trailing blanks removed. */
  runs: Run[];
  /** Natural advance width. */
  width: Mm;
  /** The plain text of the line. */
  text: string;
  /** Last line of a paragraph or before a hard break: never justified. */
  last: boolean;
  /** First line of a paragraph or after a hard break (it did not start at a break the typesetter chose). */
  first: boolean;
}

const EPS = 1e-6;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/** Whether text has a character set on the CJK grid (ideographs, kana, CJK and full-width punctuation). */
export const isCjk = (text: string): boolean => CJK.test(text);

function merge(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const r of runs) {
    const p = out[out.length - 1];
    if (p && p.face === r.face && p.color === r.color) out[out.length - 1] = { ...p, text: p.text + r.text };
    else if (r.text) out.push({ ...r });
  }
  return out;
}

function trimEnd(runs: Run[]): Run[] {
  const out = runs.slice();
  while (out.length) {
    const last = out[out.length - 1]!;
    const t = last.text.trimEnd();
    if (t) {
      out[out.length - 1] = { ...last, text: t };
      break;
    }
    out.pop();
  }
  return out;
}

const widthOf = (runs: Run[], size: Pt, m: TextMeasurer): Mm => runs.reduce((a, r) => a + m.width(r.face, r.text, size), 0);

/** Cut a paragraph's runs at the offsets of its break segments, so each segment keeps its faces. */
function segmentRuns(runs: Run[]): Run[][] {
  const full = runs.map((r) => r.text).join('');
  const out: Run[][] = [];
  let ri = 0;
  let off = 0;
  for (const seg of segments(full)) {
    const pieces: Run[] = [];
    let left = seg.length;
    while (left > 0 && ri < runs.length) {
      const r = runs[ri]!;
      const take = Math.min(left, r.text.length - off);
      if (take > 0) pieces.push({ ...r, text: r.text.slice(off, off + take) });
      off += take;
      left -= take;
      if (off >= r.text.length) (ri++, (off = 0));
    }
    out.push(pieces);
  }
  return out;
}

/** Split an over-wide segment by characters: the last resort, reported as overflow by the caller. */
function splitChars(seg: Run[], size: Pt, maxWidth: Mm, m: TextMeasurer): Run[][] {
  const parts: Run[][] = [[]];
  let w = 0;
  for (const r of seg)
    for (const ch of r.text) {
      const cw = m.width(r.face, ch, size);
      if (w > 0 && w + cw > maxWidth + EPS) (parts.push([]), (w = 0));
      parts[parts.length - 1]!.push({ ...r, text: ch });
      w += cw;
    }
  return parts.map(merge);
}

/**
 * Break rich text into lines no wider than `maxWidth`: break opportunities are those of the
 * plain text (`cards/text.ts` `segments`: UAX #14 plus kinsoku), widths are measured per face.
 * A segment wider than the line (a long Latin word) is split by characters only as a last
 * resort and reported by `overflow`.
 * @example breakRich([{ text: '福鼠：', face: 'sans-bold', color: '#000000' }, { text: '叠蒙…', face: 'sans', color: '#000000' }], 10, 80, m)
 */
export function breakRich(runs: Run[], size: Pt, maxWidth: Mm, m: TextMeasurer): { lines: RichLine[]; overflow: boolean } {
  const lines: RichLine[] = [];
  let overflow = false;
  let first = true;
  const push = (cur: Run[], last: boolean): void => {
    const r = merge(trimEnd(cur));
    lines.push({ runs: r, width: widthOf(r, size, m), text: r.map((x) => x.text).join(''), last, first });
    first = last;
  };
  // Hard breaks split the text into paragraphs; each keeps its own faces.
  const paras: Run[][] = [[]];
  for (const r of runs)
    r.text.split('\n').forEach((t, i) => {
      if (i > 0) paras.push([]);
      if (t) paras[paras.length - 1]!.push({ ...r, text: t });
    });
  for (const para of paras) {
    const head = para[0];
    if (head) para[0] = { ...head, text: head.text.trimStart() };
    if (!para.some((r) => r.text.trim())) continue;
    let cur: Run[] = [];
    let curW = 0;
    for (const seg of segmentRuns(para)) {
      const segW = widthOf(seg, size, m);
      const trimW = widthOf(trimEnd(seg), size, m);
      if (cur.length && curW + trimW > maxWidth + EPS) (push(cur, false), (cur = []), (curW = 0));
      if (!cur.length && trimW > maxWidth + EPS) {
        overflow = true;
        const parts = splitChars(trimEnd(seg), size, maxWidth, m);
        parts.slice(0, -1).forEach((p) => push(p, false));
        cur = parts[parts.length - 1]!;
        curW = widthOf(cur, size, m);
        continue;
      }
      for (const r of seg) cur.push(r);
      curW += segW;
    }
    push(cur, true);
  }
  return { lines, overflow };
}

/** Characters of a line that count for its length: not blanks, not punctuation. */
const letters = (t: string): number => [...t].filter((ch) => /[\p{L}\p{N}]/u.test(ch)).length;

/**
 * `breakRich`, but a CJK paragraph does not end on a line of one or two characters (「值。」 alone
 * on the last line): the paragraph is re-broken up to 3 em narrower, keeping its line count, and
 * the caller's justification spreads the lines back to the full width.
 */
export function breakBalanced(runs: Run[], size: Pt, maxWidth: Mm, m: TextMeasurer): { lines: RichLine[]; overflow: boolean } {
  const first = breakRich(runs, size, maxWidth, m);
  const last = first.lines[first.lines.length - 1];
  if (first.lines.length < 2 || !last || !isCjk(last.text) || letters(last.text) > 2) return first;
  const e = (size * 25.4) / 72;
  for (let k = 1; k <= 3; k++) {
    const next = breakRich(runs, size, maxWidth - k * e, m);
    const l = next.lines[next.lines.length - 1]!;
    if (next.lines.length !== first.lines.length || next.overflow) break;
    if (letters(l.text) > 2) return next;
  }
  return first;
}

/**
 * The narrowest and the natural width of rich text: its widest unbreakable segment, and its
 * widest hard-broken line set on one line (how a table sizes its columns).
 */
export function textExtent(runs: Run[], size: Pt, m: TextMeasurer): { min: Mm; max: Mm } {
  let min = 0;
  let max = 0;
  const paras: Run[][] = [[]];
  for (const r of runs)
    r.text.split('\n').forEach((t, i) => {
      if (i > 0) paras.push([]);
      if (t) paras[paras.length - 1]!.push({ ...r, text: t });
    });
  for (const p of paras) {
    if (!p.length) continue;
    max = Math.max(max, widthOf(trimEnd(p), size, m));
    for (const seg of segmentRuns(p)) min = Math.max(min, widthOf(trimEnd(seg), size, m));
  }
  return { min, max };
}

interface Atom {
  text: string;
  run: Run;
  w: Mm;
  kind: 'cjk' | 'word' | 'space';
}

function atoms(line: RichLine, size: Pt, m: TextMeasurer): Atom[] {
  const out: Atom[] = [];
  for (const run of line.runs)
    for (const [t] of run.text.matchAll(/\s+|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]+/gu))
      out.push({ text: t, run, w: m.width(run.face, t, size), kind: /^\s/.test(t) ? 'space' : isCjk(t) ? 'cjk' : 'word' });
  return out;
}

/** Set one text op per run: a line that is not justified. */
function setRagged(line: RichLine, x: Mm, y: Mm, size: Pt, m: TextMeasurer, id: string): TextOp[] {
  let pen = x;
  return line.runs.map((r) => {
    const w = m.width(r.face, r.text, size);
    const op: TextOp = { op: 'text', id, x: roundMm(pen), y: roundMm(y), text: r.text, face: r.face, size, color: r.color, width: roundMm(w) };
    pen += w;
    return op;
  });
}

/**
 * Text ops for one line whose baseline starts at (`x`, `y`). With `justify` (and unless it is a
 * paragraph's last line) the line fills `width` exactly: the slack is shared equally by every
 * gap next to a CJK character and every space (by the spaces alone in a mostly Latin line), so
 * Latin words are never letter-spaced. CJK
 * stretches become one op with `letterSpacing`; its `width` is the inked advance (without the
 * spacing writers add after the last character). Lines whose only gaps would open wider than
 * 0.6 em stay ragged.
 */
export function setLine(line: RichLine, x: Mm, y: Mm, width: Mm, size: Pt, m: TextMeasurer, opts: { justify: boolean; id: string }): TextOp[] {
  const slack = width - line.width;
  if (!opts.justify || line.last || slack <= EPS) return setRagged(line, x, y, size, m, opts.id);
  const a = atoms(line, size, m);
  // A mostly Latin line with a few CJK words stretches its spaces only, so 「福神」 stays set solid.
  const spaces = a.filter((t) => t.kind === 'space').length;
  const latin = spaces > 0 && a.filter((t) => t.kind === 'word').length > a.filter((t) => t.kind === 'cjk').length;
  const cjkGap = (i: number): boolean => !latin && i > 0 && a[i]!.kind !== 'space' && a[i - 1]!.kind !== 'space' && (a[i]!.kind === 'cjk' || a[i - 1]!.kind === 'cjk');
  let gaps = spaces;
  a.forEach((_, i) => cjkGap(i) && gaps++);
  const extra = gaps ? slack / gaps : Infinity;
  if (extra > 0.6 * (size * 25.4) / 72) return setRagged(line, x, y, size, m, opts.id);
  // Widths are summed unrounded and rounded once, so a long justified run ends exactly at the margin.
  const ops: { op: TextOp; w: Mm }[] = [];
  let pen = x;
  let cur: { op: TextOp; w: Mm } | undefined;
  a.forEach((t, i) => {
    const prev = a[i - 1];
    if (t.kind === 'space') {
      pen += t.w + extra;
      cur = undefined;
      return;
    }
    const gap = cjkGap(i) ? extra : 0;
    pen += gap;
    if (cur && t.kind === 'cjk' && prev?.kind === 'cjk' && prev.run === t.run) {
      cur.op.text += t.text;
      cur.w += gap + t.w;
    } else {
      cur = { op: { op: 'text', id: opts.id, x: roundMm(pen), y: roundMm(y), text: t.text, face: t.run.face, size, color: t.run.color, width: 0 }, w: t.w };
      if (t.kind === 'cjk' && !latin) cur.op.letterSpacing = roundMm(extra);
      ops.push(cur);
    }
    pen += t.w;
  });
  return ops.map(({ op, w }) => {
    op.width = roundMm(w);
    if (op.letterSpacing !== undefined && [...op.text].length < 2) delete op.letterSpacing;
    return op;
  });
}
