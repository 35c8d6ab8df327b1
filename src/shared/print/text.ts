import type { Color, FontFaceId, TextOp } from '../cards/draw-list';
import type { TextMeasurer } from '../cards/fonts';
import type { Mm, Pt } from '../util/units';
import { ptToMm, roundMm } from '../util/units';

// A deliberately small line breaker for the fixed texts print pages carry (calibration
// instructions, labels). Card and rulebook text goes through the layout engine's breaker in
// shared/cards, which implements UAX #14; this one only needs spaces, CJK and kinsoku.

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
const NO_START = new Set([...'，。、；：？！）】」』》”’…—～,.;:?!)]%']);
const NO_END = new Set([...'（【「『《“‘([']);

/** Break units: a Latin word with its trailing spaces, or one CJK character, with kinsoku punctuation attached. */
function tokens(text: string): string[] {
  const out: string[] = [];
  let word = '';
  for (const ch of text) {
    const prev = out[out.length - 1];
    if (word === '' && prev !== undefined && (NO_START.has(ch) || NO_END.has([...prev.trimEnd()].pop() ?? ''))) {
      out[out.length - 1] = prev + ch; // stays with its neighbour
      continue;
    }
    if (CJK.test(ch) && !NO_START.has(ch)) {
      if (word && NO_END.has([...word].pop()!)) {
        out.push(word + ch); // an opening quote or bracket stays with what it opens
        word = '';
        continue;
      }
      if (word) out.push(word);
      out.push(ch);
      word = '';
    } else if (ch === ' ') {
      if (word) out.push(word + ' ');
      else if (prev !== undefined) out[out.length - 1] = prev + ' ';
      word = '';
    } else word += ch;
  }
  if (word) out.push(word);
  return out;
}

/**
 * Greedy line breaking of `text` (paragraphs separated by `\n`) into lines no wider than
 * `maxWidth` when set in `face` at `size`. Breaks at spaces and between CJK characters; closing
 * punctuation never starts a line and opening punctuation never ends one. A word wider than the
 * box gets a line of its own (words are never split).
 */
export function wrapText(text: string, maxWidth: Mm, face: FontFaceId, size: Pt, measurer: TextMeasurer): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const tok of tokens(para)) {
      const next = line + tok;
      if (line && measurer.width(face, next.trimEnd(), size) > maxWidth) {
        lines.push(line.trimEnd());
        line = tok;
      } else line = next;
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** Where a TextOp's `x` refers to. */
export type TextAlign = 'left' | 'center' | 'right';

/**
 * One measured line of text as a TextOp whose baseline starts, is centred on, or ends at `x`.
 * @example textOp('5 cm', 60, 40, { face: 'sans', size: 8, align: 'center' }, measurer)
 */
export function textOp(
  text: string,
  x: Mm,
  y: Mm,
  style: { face: FontFaceId; size: Pt; color?: Color; align?: TextAlign; id?: string },
  measurer: TextMeasurer,
): TextOp {
  const width = measurer.width(style.face, text, style.size);
  const left = style.align === 'center' ? x - width / 2 : style.align === 'right' ? x - width : x;
  const op: TextOp = { op: 'text', x: roundMm(left), y: roundMm(y), text, face: style.face, size: style.size, color: style.color ?? '#000000', width: roundMm(width) };
  return style.id ? { id: style.id, ...op } : op;
}

/**
 * Lay out wrapped text from a top edge: returns the TextOps (one per line) and the y just below
 * the last line. Line pitch is `lineHeight` × size; the first baseline sits one ascent below `top`.
 */
export function textBlock(
  text: string,
  box: { x: Mm; top: Mm; width: Mm },
  style: { face: FontFaceId; size: Pt; color?: Color; align?: TextAlign; id?: string; lineHeight?: number },
  measurer: TextMeasurer,
): { ops: TextOp[]; bottom: Mm } {
  const em = ptToMm(style.size);
  const pitch = (style.lineHeight ?? 1.35) * em;
  const { ascent, descent } = measurer.metrics(style.face);
  const x = style.align === 'center' ? box.x + box.width / 2 : style.align === 'right' ? box.x + box.width : box.x;
  const lines = wrapText(text, box.width, style.face, style.size, measurer);
  const first = box.top + ascent * em;
  const ops = lines.map((l, i) => textOp(l, x, first + i * pitch, style, measurer));
  return { ops, bottom: first + (lines.length - 1) * pitch + Math.abs(descent) * em };
}
