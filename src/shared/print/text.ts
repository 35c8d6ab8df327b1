import type { Color, FontFaceId, TextOp } from '../cards/draw-list';
import type { TextMeasurer } from '../cards/fonts';
import type { Mm, Pt } from '../util/units';
import { ptToMm, roundMm } from '../util/units';

import { breakLines } from '../cards/text';
import { quoteRuns } from '../cards/quote-runs';

/**
 * Lines of `text` (paragraphs separated by `\n`) no wider than `maxWidth` in `face` at `size`:
 * the layout engine's UAX #14 breaker with kinsoku, so print pages break like cards do.
 */
export function wrapText(text: string, maxWidth: Mm, face: FontFaceId, size: Pt, measurer: TextMeasurer): string[] {
  return breakLines(text, face, size, maxWidth, measurer).lines.map((l) => l.text);
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

export { quoteRuns } from '../cards/quote-runs';

/**
 * One line as TextOps, one per face run (`quoteRuns`): a single TextOp unless the line has a
 * curly quote in Latin text. Aligned as a whole like `textOp`.
 */
export function lineOps(
  text: string,
  x: Mm,
  y: Mm,
  style: { face: FontFaceId; size: Pt; color?: Color; align?: TextAlign; id?: string },
  measurer: TextMeasurer,
): TextOp[] {
  const runs = quoteRuns(text, style.face);
  if (runs.length === 1) return [textOp(text, x, y, style, measurer)];
  const widths = runs.map((r) => measurer.width(r.face, r.text, style.size));
  const total = widths.reduce((a, b) => a + b, 0);
  let left = style.align === 'center' ? x - total / 2 : style.align === 'right' ? x - total : x;
  return runs.map((r, i) => {
    const op = textOp(r.text, left, y, { ...style, face: r.face, align: 'left' }, measurer);
    left += widths[i]!;
    return op;
  });
}

/**
 * Lay out wrapped text from a top edge: returns the TextOps (one per line) and the y just below
 * the last line. Line pitch is `lineHeight` × size; the first baseline sits one ascent below `top`.
 * A line with a curly quote in Latin text is several TextOps (`lineOps`).
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
  const ops = lines.flatMap((l, i) => lineOps(l, x, first + i * pitch, style, measurer));
  return { ops, bottom: first + (lines.length - 1) * pitch + Math.abs(descent) * em };
}
