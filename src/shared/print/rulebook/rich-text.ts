import type { Color, FontFaceId, TextOp } from '../../cards/draw-list';
import type { TextMeasurer } from '../../cards/fonts';
import { segments } from '../../cards/text';
import { hyphenPoints } from '../hyphenate';
import { roundMm, type Mm, type Pt } from '../../util/units';

/** A run of text in one face and colour. `\n` is a hard line break. */
export interface Run {
  text: string;
  face: FontFaceId;
  color: Color;
  /** Never hyphenated (inline code: a command or a name must print as written). */
  literal?: boolean;
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
  /** Ends in a hyphen the typesetter added: the word goes on in the next line. */
  hyphenated?: boolean;
}

const EPS = 1e-6;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/** Whether text has a character set on the CJK grid (ideographs, kana, CJK and full-width punctuation). */
export const isCjk = (text: string): boolean => CJK.test(text);

function merge(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const r of runs) {
    const p = out[out.length - 1];
    if (p && p.face === r.face && p.color === r.color && !p.literal === !r.literal) out[out.length - 1] = { ...p, text: p.text + r.text };
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

/**
 * Offsets inside a short parenthesised CJK term — 「(福鼠)」, 「（金）」, up to eight characters
 * without blanks — where the line must not break, so a term is never split across lines.
 */
function keptTogether(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(/[(（][^()（）\s]{1,8}[)）]/gu))
    if (/\p{Script=Han}/u.test(m[0])) for (let i = m.index + 1; i < m.index + m[0].length; i++) out.add(i);
  return out;
}

/** Cut a paragraph's runs at the offsets of its break segments, so each segment keeps its faces. */
function segmentRuns(runs: Run[]): Run[][] {
  const full = runs.map((r) => r.text).join('');
  const keep = keptTogether(full);
  const segs: string[] = [];
  let at = 0;
  for (const seg of segments(full)) {
    if (segs.length && keep.has(at)) segs[segs.length - 1] += seg;
    else segs.push(seg);
    at += seg.length;
  }
  const out: Run[][] = [];
  let ri = 0;
  let off = 0;
  for (const seg of segs) {
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

/** The Latin face set beside a CJK face for curly quotes. */
const LATIN_OF: Partial<Record<FontFaceId, FontFaceId>> = { sans: 'latin', 'sans-medium': 'latin-medium', 'sans-bold': 'latin-bold' };
const LATIN_NEIGHBOUR = /[\p{Script=Latin}\p{N}.,;:!?)\]'"%-]/u;

/**
 * Curly quotes and apostrophes (‘ ’ “ ”) beside Latin text move to the Latin face: the CJK
 * face draws them a full em wide. An opening quote looks at the character after it, a closing
 * one (and an apostrophe) at the one before; beside CJK text they stay full-width, as Chinese
 * typesetting wants — unless `all` (an English book: “福” is an English quotation too).
 * @example latinQuotes([{ text: 'don’t', face: 'sans', color }]) // → 'don', '’' in latin, 't'
 */
export function latinQuotes(runs: Run[], all = false): Run[] {
  const full = runs.map((r) => r.text).join('');
  if (!/[‘’“”]/u.test(full)) return runs;
  const out: Run[] = [];
  let at = 0;
  for (const r of runs) {
    const latin = LATIN_OF[r.face];
    let from = 0;
    const chars = [...r.text];
    let off = 0;
    chars.forEach((ch) => {
      const i = at + off;
      if (latin && /[‘’“”]/u.test(ch)) {
        const opening = ch === '‘' || ch === '“';
        const next = full.slice(i + 1).trimStart()[0];
        const prev = full.slice(0, i).trimEnd().slice(-1) || undefined;
        const near = opening ? (next ?? prev) : (prev ?? next);
        if (all || (near !== undefined && LATIN_NEIGHBOUR.test(near))) {
          if (off > from) out.push({ ...r, text: r.text.slice(from, off) });
          out.push({ ...r, text: ch, face: latin });
          from = off + ch.length;
        }
      }
      off += ch.length;
    });
    if (from < r.text.length) out.push({ ...r, text: r.text.slice(from) });
    at += r.text.length;
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

/** Split runs at a character offset of their joined text. */
function cutRuns(runs: Run[], at: number): [Run[], Run[]] {
  const head: Run[] = [];
  const tail: Run[] = [];
  let off = 0;
  for (const r of runs) {
    const end = off + r.text.length;
    if (end <= at) head.push(r);
    else if (off >= at) tail.push(r);
    else (head.push({ ...r, text: r.text.slice(0, at - off) }), tail.push({ ...r, text: r.text.slice(at - off) }));
    off = end;
  }
  return [head, tail];
}

/**
 * Hyphenate the English word opening `seg` so that its head and a hyphen fill `room`: the
 * latest hyphenation point that fits, or undefined. The tail must fit a whole line.
 */
function hyphenSplit(seg: Run[], room: Mm, maxWidth: Mm, size: Pt, m: TextMeasurer): [Run[], Run[]] | undefined {
  const text = seg.map((r) => r.text).join('');
  const word = /^[A-Za-z]+/.exec(text)?.[0];
  if (!word || seg[0]?.literal) return undefined;
  const points = hyphenPoints(word);
  for (let i = points.length - 1; i >= 0; i--) {
    const [head, tail] = cutRuns(seg, points[i]!);
    const last = head[head.length - 1]!;
    head[head.length - 1] = { ...last, text: `${last.text}-` };
    if (widthOf(head, size, m) <= room + EPS) return widthOf(trimEnd(tail), size, m) <= maxWidth + EPS ? [head, tail] : undefined;
  }
  return undefined;
}

/** Options of `breakRich`. */
export interface BreakOptions {
  /**
   * Hyphenate English words (US patterns) when a line would otherwise open its spaces by more
   * than a quarter em each: for justified English text.
   */
  hyphenate?: boolean;
}

/**
 * Break rich text into lines no wider than `maxWidth`: break opportunities are those of the
 * plain text (`cards/text.ts` `segments`: UAX #14 plus kinsoku; a short parenthesised CJK term
 * is not split), widths are measured per face, curly quotes beside Latin text are set in the
 * Latin face (`latinQuotes`). A segment wider than the line (a long Latin word) is split by
 * characters only as a last resort and reported by `overflow`.
 * @example breakRich([{ text: '福鼠：', face: 'sans-bold', color: '#000000' }, { text: '叠蒙…', face: 'sans', color: '#000000' }], 10, 80, m)
 */
export function breakRich(runs: Run[], size: Pt, maxWidth: Mm, m: TextMeasurer, opts: BreakOptions = {}): { lines: RichLine[]; overflow: boolean } {
  const lines: RichLine[] = [];
  let overflow = false;
  let first = true;
  const em = (size * 25.4) / 72;
  const push = (cur: Run[], last: boolean, hyphenated = false): void => {
    const r = merge(trimEnd(cur));
    lines.push({ runs: r, width: widthOf(r, size, m), text: r.map((x) => x.text).join(''), last, first, ...(hyphenated ? { hyphenated } : {}) });
    first = last;
  };
  // Hard breaks split the text into paragraphs; each keeps its own faces.
  const paras: Run[][] = [[]];
  for (const r of latinQuotes(runs))
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
      if (cur.length && curW + trimW > maxWidth + EPS) {
        const set = trimEnd(cur);
        const spaces = (set.map((r) => r.text).join('').match(/\s+/g) ?? []).length;
        const loose = (maxWidth - widthOf(set, size, m)) / Math.max(1, spaces) > 0.25 * em;
        const split = opts.hyphenate && loose ? hyphenSplit(seg, maxWidth - curW, maxWidth, size, m) : undefined;
        if (split) {
          for (const r of split[0]) cur.push(r);
          push(cur, false, true);
          cur = split[1];
          curW = widthOf(cur, size, m);
          continue;
        }
        push(cur, false);
        cur = [];
        curW = 0;
      }
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
export function breakBalanced(runs: Run[], size: Pt, maxWidth: Mm, m: TextMeasurer, opts: BreakOptions = {}): { lines: RichLine[]; overflow: boolean } {
  const first = breakRich(runs, size, maxWidth, m, opts);
  const last = first.lines[first.lines.length - 1];
  if (first.lines.length < 2 || !last || !isCjk(last.text) || letters(last.text) > 2) return first;
  const e = (size * 25.4) / 72;
  for (let k = 1; k <= 3; k++) {
    const next = breakRich(runs, size, maxWidth - k * e, m, opts);
    const l = next.lines[next.lines.length - 1]!;
    if (next.lines.length !== first.lines.length || next.overflow) break;
    if (letters(l.text) > 2) return next;
  }
  return first;
}

/**
 * Lines of even length for centred display text (a cover subtitle, a caption): the narrowest
 * width that keeps `breakRich`'s line count, so no word is left alone on a last line when
 * moving words down can avoid it.
 * @example breakEven([{ text: 'Rulebook · A Duel of Fortune among the Twelve Zodiacs', face: 'sans', color }], 15, 118, m)
 */
export function breakEven(runs: Run[], size: Pt, maxWidth: Mm, m: TextMeasurer): { lines: RichLine[]; overflow: boolean } {
  const first = breakRich(runs, size, maxWidth, m);
  const n = first.lines.length;
  if (n < 2 || first.overflow) return first;
  let [lo, hi] = [0, maxWidth];
  let best = first;
  for (let i = 0; i < 14; i++) {
    const mid = (lo + hi) / 2;
    const next = breakRich(runs, size, mid, m);
    if (next.lines.length === n && !next.overflow) ((best = next), (hi = mid));
    else lo = mid;
  }
  return best;
}

/**
 * The narrowest and the natural width of rich text: its widest unbreakable segment, and its
 * widest hard-broken line set on one line (how a table sizes its columns).
 */
export function textExtent(runs: Run[], size: Pt, m: TextMeasurer): { min: Mm; max: Mm } {
  let min = 0;
  let max = 0;
  const paras: Run[][] = [[]];
  for (const r of latinQuotes(runs))
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

/** Width of a space between a CJK character and Latin letters or digits in CJK text, in em. */
const INTERSCRIPT = 0.125;

/**
 * Text ops for one line whose baseline starts at (`x`, `y`). With `justify` (and unless it is a
 * paragraph's last line) the line fills `width` exactly: the slack is shared equally by every
 * gap next to a CJK character and every space (by the spaces alone in a mostly Latin line), so
 * Latin words are never letter-spaced. CJK
 * stretches become one op with `letterSpacing`; its `width` is the inked advance (without the
 * spacing writers add after the last character). Lines whose only gaps would open wider than
 * 0.6 em stay ragged. In a mostly CJK line a space between a CJK character and Latin text or a
 * digit (「将此 3 张牌」) is set an eighth of an em wide: the font's space (0.22 em) beside the
 * side bearings of both glyphs reads as a double space.
 */
export function setLine(line: RichLine, x: Mm, y: Mm, width: Mm, size: Pt, m: TextMeasurer, opts: { justify: boolean; id: string }): TextOp[] {
  const e = (size * 25.4) / 72;
  const a = atoms(line, size, m);
  // A mostly Latin line with a few CJK words stretches its spaces only, so 「福神」 stays set solid.
  const spaces = a.filter((t) => t.kind === 'space').length;
  const latin = spaces > 0 && a.filter((t) => t.kind === 'word').length > a.filter((t) => t.kind === 'cjk').length;
  let narrowed = false;
  if (!latin)
    a.forEach((t, i) => {
      const [p, n] = [a[i - 1]?.kind, a[i + 1]?.kind];
      if (t.kind === 'space' && ((p === 'cjk' && n === 'word') || (p === 'word' && n === 'cjk')) && t.w > INTERSCRIPT * e) ((t.w = INTERSCRIPT * e), (narrowed = true));
    });
  const slack = width - a.reduce((s, t) => s + t.w, 0);
  let justify = opts.justify && !line.last && slack > EPS;
  if (!justify && !narrowed) return setRagged(line, x, y, size, m, opts.id);
  const cjkGap = (i: number): boolean => !latin && i > 0 && a[i]!.kind !== 'space' && a[i - 1]!.kind !== 'space' && (a[i]!.kind === 'cjk' || a[i - 1]!.kind === 'cjk');
  let gaps = spaces;
  a.forEach((_, i) => cjkGap(i) && gaps++);
  let extra = justify ? (gaps ? slack / gaps : Infinity) : 0;
  if (extra > 0.6 * e) {
    if (!narrowed) return setRagged(line, x, y, size, m, opts.id);
    ((justify = false), (extra = 0));
  }
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
      if (t.kind === 'cjk' && !latin && extra > 0) cur.op.letterSpacing = roundMm(extra);
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
