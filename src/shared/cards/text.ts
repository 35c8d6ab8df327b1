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
  const lb = new LineBreaker(text);
  let last = 0;
  for (let bk = lb.nextBreak(); bk; bk = lb.nextBreak()) {
    out.push(text.slice(last, bk.position));
    last = bk.position;
  }
  if (last < text.length) out.push(text.slice(last));
  return mergeKinsoku(out.flatMap(splitQuotes));
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * UAX #14 treats “ ” ‘ ’ as ambiguous quotes that never take a break on either side. In Chinese
 * text they are plainly opening and closing marks, so allow a break before an opening quote and
 * after a closing one when a CJK character is on the other side (kinsoku still applies).
 */
function splitQuotes(seg: string): string[] {
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

/** Join segments so that no segment starts with a NO_LINE_START character or ends with a NO_LINE_END one. */
function mergeKinsoku(segs: string[]): string[] {
  const out: string[] = [];
  for (const s of segs) {
    const prev = out[out.length - 1];
    if (prev !== undefined && (NO_LINE_START.has(s[0]!) || NO_LINE_END.has(prev.trimEnd().slice(-1)))) out[out.length - 1] = prev + s;
    else out.push(s);
  }
  return out;
}

/**
 * Greedy line breaking of `text` (paragraphs separated by `\n`) into lines no wider than
 * `maxWidth`. A segment wider than the box (a long Latin word) gets a line of its own and is
 * reported by `overflow`: words are never split.
 */
export function breakLines(
  text: string,
  face: FontFaceId,
  size: Pt,
  maxWidth: Mm,
  m: TextMeasurer,
): { lines: TextLine[]; overflow: boolean } {
  const lines: TextLine[] = [];
  let overflow = false;
  const eps = 1e-6;
  for (const para of text.split('\n')) {
    if (para === '') {
      lines.push({ text: '', width: 0, last: true });
      continue;
    }
    let cur = '';
    let curW = 0; // width of cur including trailing spaces
    for (const seg of segments(para)) {
      const segW = m.width(face, seg, size);
      const segTrimW = seg === seg.trimEnd() ? segW : m.width(face, seg.trimEnd(), size);
      if (cur !== '' && curW + segTrimW > maxWidth + eps) {
        const t = cur.trimEnd();
        lines.push({ text: t, width: m.width(face, t, size), last: false });
        cur = '';
        curW = 0;
      }
      if (cur === '' && segTrimW > maxWidth + eps) overflow = true;
      cur += seg;
      curW += segW;
    }
    const t = cur.trimEnd();
    lines.push({ text: t, width: m.width(face, t, size), last: true });
  }
  return { lines, overflow };
}
