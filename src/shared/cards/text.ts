import LineBreaker from 'linebreak';
import type { FontFaceId } from './draw-list';
import type { TextMeasurer } from './fonts';
import type { Mm, Pt } from '../util/units';

/** One laid-out line. */
export interface TextLine {
  text: string;
  /** Advance width without trailing spaces. */
  width: Mm;
  /** Last line of a paragraph (never justified). */
  last: boolean;
}

/**
 * Characters that must not start a line (kinsoku shori, print.md). UAX #14 already forbids most
 * of these after a break; this set catches the rest and is the rule the rulebook tests check.
 */
export const NO_LINE_START = new Set('，。、；：？！）】」』》〉’”…—～·,.;:?!)]}%'.split(''));
/** Characters that must not end a line. */
export const NO_LINE_END = new Set('（【「『《〈‘“([{'.split(''));

/** Break opportunities of a paragraph as segments (UAX #14 via `linebreak`), each ending at a break. */
export function segments(text: string): string[] {
  const out: string[] = [];
  for (const seg of segmentIter(text)) out.push(seg);
  return out;
}

/**
 * The segments of `segments`, produced lazily: a line breaker that stops when its box is full
 * never looks at the rest of a huge paragraph.
 */
export function* segmentIter(text: string): Generator<string> {
  const lb = new LineBreaker(text);
  let last = 0;
  // Kinsoku merging needs one segment of lookahead: a segment is final once the next one neither
  // starts with a NO_LINE_START character nor follows a NO_LINE_END one.
  let pending: string | undefined;
  // The last non-blank character of `pending`, kept aside: re-trimming a long merged run for every
  // segment would be quadratic (a paragraph of ten million "（").
  let pendingEnd = '';
  const raw = function* (): Generator<string> {
    for (let bk = lb.nextBreak(); bk; bk = lb.nextBreak()) {
      yield* splitQuotes(text.slice(last, bk.position));
      last = bk.position;
    }
    if (last < text.length) yield* splitQuotes(text.slice(last));
  };
  for (const s of raw()) {
    if (pending !== undefined && (NO_LINE_START.has(s[0]!) || NO_LINE_END.has(pendingEnd))) pending += s;
    else {
      if (pending !== undefined) yield pending;
      pending = s;
      pendingEnd = '';
    }
    pendingEnd = s.trimEnd().slice(-1) || pendingEnd;
  }
  if (pending !== undefined) yield pending;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * UAX #14 treats “ ” ‘ ’ as ambiguous quotes that never take a break on either side. In Chinese
 * text they are plainly opening and closing marks, so allow a break before an opening quote and
 * after a closing one when a CJK character is on the other side (kinsoku still applies).
 */
function splitQuotes(seg: string): string[] {
  if (!/[“‘”’]/.test(seg)) return [seg];
  const chars = [...seg];
  const out: string[] = [];
  let cur = '';
  chars.forEach((ch, i) => {
    const prev = chars[i - 1];
    if (cur !== '' && prev !== undefined && ((('“‘'.includes(ch) && CJK.test(prev)) || ('”’'.includes(prev) && CJK.test(ch))))) {
      out.push(cur);
      cur = '';
    }
    cur += ch;
  });
  if (cur) out.push(cur);
  return out;
}

/**
 * Greedy line breaking of `text` (paragraphs separated by `\n`) into lines no wider than
 * `maxWidth`. A segment wider than the box (a long Latin word) gets a line of its own and is
 * reported by `overflow`: words are never split. With `maxLines`, breaking stops once that many
 * lines are set and `truncated` says whether text was left over: the cost of a huge text in a
 * small box is the box's, not the text's.
 */
export function breakLines(
  text: string,
  face: FontFaceId,
  size: Pt,
  maxWidth: Mm,
  m: TextMeasurer,
  maxLines = Infinity,
): { lines: TextLine[]; overflow: boolean; truncated: boolean } {
  const lines: TextLine[] = [];
  let overflow = false;
  const eps = 1e-6;
  let start = 0;
  while (start <= text.length) {
    if (lines.length >= maxLines) return { lines, overflow, truncated: true };
    // Paragraphs one at a time (not text.split): a full box stops before the rest is touched.
    const nl = text.indexOf('\n', start);
    const para = text.slice(start, nl === -1 ? text.length : nl);
    start = nl === -1 ? text.length + 1 : nl + 1;
    if (para === '') {
      lines.push({ text: '', width: 0, last: true });
      continue;
    }
    let cur = '';
    let curW = 0; // width of cur including trailing spaces
    let single = false; // cur is one segment without trailing blanks, so curW is its exact width
    for (const seg of segmentIter(para)) {
      const segW = m.width(face, seg, size);
      const segTrimW = seg === seg.trimEnd() ? segW : m.width(face, seg.trimEnd(), size);
      if (cur !== '' && curW + segTrimW > maxWidth + eps) {
        const t = cur.trimEnd();
        lines.push({ text: t, width: m.width(face, t, size), last: false });
        cur = '';
        curW = 0;
        if (lines.length >= maxLines) return { lines, overflow, truncated: true };
      }
      if (cur === '' && segTrimW > maxWidth + eps) overflow = true;
      single = cur === '' && seg === seg.trimEnd();
      cur += seg;
      curW += segW;
    }
    const t = cur.trimEnd();
    // Measuring again is the cost of a huge unbreakable word (a ten-million-character cell): skip it.
    lines.push({ text: t, width: single ? curW : m.width(face, t, size), last: true });
  }
  return { lines, overflow, truncated: false };
}
