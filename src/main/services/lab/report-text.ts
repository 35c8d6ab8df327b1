/**
 * Mixed Latin and Chinese lines for the lab report. The report's face is the CJK one (Noto Sans
 * SC), which has Latin letters but draws the punctuation East Asian fonts share with Latin text
 * (‘ ’ “ ” · × ± …) a full em wide, as Chinese typesetting wants: in English "run’s" came out
 * "run’ s" and "A · B" with wide gaps. Such a character beside Latin text (a letter or a digit,
 * spaces skipped) is set in the Latin face of the same weight (Noto Sans); beside Chinese it stays
 * full-width. Every text op is split into runs of one face, measured run by run.
 */
import type { DrawOp, FontFaceId, TextOp } from '../../../shared/cards/draw-list';
import type { TextMeasurer } from '../../../shared/cards/fonts';
import { LATIN_OF, latinRuns } from '../../../shared/cards/quote-runs';

/** Punctuation a CJK face draws full-width and a Latin face proportionally. */
const SHARED = /[‘’“”·×±…]/u;
const LATIN_SIDE = /[\p{Script=Latin}\p{N}.,;:!?()[\]%+\-−/=<>'"]/u;

/**
 * A line split into runs of one face (a line without shared punctuation is one run).
 * @example faceRuns('run’s · 3', 'sans') // → [{ text: 'run', face: 'sans' }, { text: '’', face: 'latin' }, { text: 's ', face: 'sans' }, { text: '·', face: 'latin' }, { text: ' 3', face: 'sans' }]
 */
export function faceRuns(text: string, face: FontFaceId): { text: string; face: FontFaceId }[] {
  return latinRuns(text, face, SHARED, LATIN_SIDE);
}

/** A measurer that measures each line as its runs are drawn (for wrapping and for centring). */
export function runMeasurer(m: TextMeasurer): TextMeasurer {
  return {
    width: (face, text, size) => faceRuns(text, face).reduce((w, r) => w + m.width(r.face, r.text, size), 0),
    metrics: (face) => m.metrics(face),
    hasGlyph: (face, cp) => m.hasGlyph(face, cp) || (LATIN_OF[face] !== undefined && m.hasGlyph(LATIN_OF[face]!, cp)),
  };
}

/** A text op as one op per face run, each at its own x and width (any other op as it is, groups walked). */
export function splitRuns(op: DrawOp, m: TextMeasurer): DrawOp[] {
  if (op.op === 'group') return [{ ...op, ops: op.ops.flatMap((o) => splitRuns(o, m)) }];
  if (op.op !== 'text') return [op];
  const runs = faceRuns(op.text, op.face);
  if (runs.length === 1) return [op];
  let x = op.x;
  return runs.map((r): TextOp => {
    const width = m.width(r.face, r.text, op.size);
    const run: TextOp = { ...op, x, text: r.text, face: r.face, width };
    x += width;
    return run;
  });
}
