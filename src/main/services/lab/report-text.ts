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

const LATIN_OF: Partial<Record<FontFaceId, FontFaceId>> = { sans: 'latin', 'sans-medium': 'latin-medium', 'sans-bold': 'latin-bold' };
/** Punctuation a CJK face draws full-width and a Latin face proportionally. */
const SHARED = /[‘’“”·×±…]/u;
const LATIN_SIDE = /[\p{Script=Latin}\p{N}.,;:!?()[\]%+\-−/=<>'"]/u;

/**
 * A line split into runs of one face (a line without shared punctuation is one run).
 * @example faceRuns('run’s · 3', 'sans') // → [{ text: 'run', face: 'sans' }, { text: '’', face: 'latin' }, { text: 's ', face: 'sans' }, { text: '·', face: 'latin' }, { text: ' 3', face: 'sans' }]
 */
export function faceRuns(text: string, face: FontFaceId): { text: string; face: FontFaceId }[] {
  const latin = LATIN_OF[face];
  if (!latin || !SHARED.test(text)) return [{ text, face }];
  const chars = [...text];
  const out: { text: string; face: FontFaceId }[] = [];
  const push = (t: string, f: FontFaceId): void => {
    const last = out[out.length - 1];
    if (last && last.face === f) last.text += t;
    else out.push({ text: t, face: f });
  };
  // The nearest character that is neither a space nor shared punctuation, before or after `i`.
  const near = (i: number, step: 1 | -1): string | undefined => {
    for (let j = i + step; j >= 0 && j < chars.length; j += step) if (!/\s/u.test(chars[j]!) && !SHARED.test(chars[j]!)) return chars[j];
    return undefined;
  };
  chars.forEach((ch, i) => {
    if (!SHARED.test(ch)) return push(ch, face);
    // An opening quote belongs to what follows it; anything else to what it follows.
    const [first, second] = ch === '‘' || ch === '“' ? [near(i, 1), near(i, -1)] : [near(i, -1), near(i, 1)];
    const side = first ?? second;
    push(ch, side !== undefined && LATIN_SIDE.test(side) ? latin : face);
  });
  return out;
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
