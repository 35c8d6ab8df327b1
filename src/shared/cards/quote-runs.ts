import type { FontFaceId } from './draw-list';

/** The Latin face beside each CJK face (the faces without one keep every line whole). */
export const LATIN_OF: Partial<Record<FontFaceId, FontFaceId>> = { sans: 'latin', 'sans-medium': 'latin-medium', 'sans-bold': 'latin-bold' };
const QUOTES = /[‘’“”]/u;
const LATIN_NEIGHBOUR = /[\p{Script=Latin}\p{N}.,;:!?)\]%-]/u;

/**
 * A line split into runs of one face: each character of `shared` (punctuation a CJK face draws a
 * full em wide and a Latin face proportionally) is set in the Latin face of the same weight when
 * its neighbour is Latin text (`latinSide`), and stays in the CJK face beside Chinese. The
 * neighbour is the nearest character that is neither a space nor shared punctuation: after an
 * opening quote, before anything else (and the other side when there is none).
 */
export function latinRuns(text: string, face: FontFaceId, shared: RegExp, latinSide: RegExp): { text: string; face: FontFaceId }[] {
  const latin = LATIN_OF[face];
  if (!latin || !shared.test(text)) return [{ text, face }];
  const chars = [...text];
  const out: { text: string; face: FontFaceId }[] = [];
  const push = (t: string, f: FontFaceId): void => {
    const last = out[out.length - 1];
    if (last && last.face === f) last.text += t;
    else out.push({ text: t, face: f });
  };
  const near = (i: number, step: 1 | -1): string | undefined => {
    for (let j = i + step; j >= 0 && j < chars.length; j += step) if (!/\s/u.test(chars[j]!) && !shared.test(chars[j]!)) return chars[j];
    return undefined;
  };
  chars.forEach((ch, i) => {
    if (!shared.test(ch)) return push(ch, face);
    const [first, second] = ch === '‘' || ch === '“' ? [near(i, 1), near(i, -1)] : [near(i, -1), near(i, 1)];
    const side = first ?? second;
    push(ch, side !== undefined && latinSide.test(side) ? latin : face);
  });
  return out;
}

/**
 * A card line's runs (`latinRuns` for curly quotes and apostrophes): beside Latin text one is set
 * in the Latin face, because the CJK face draws it a full em wide ("cross’ s"); beside Chinese
 * text it stays full-width, as Chinese typesetting wants.
 * @example quoteRuns('cross’s', 'sans') // → [{ text: 'cross', face: 'sans' }, { text: '’', face: 'latin' }, { text: 's', face: 'sans' }]
 */
export function quoteRuns(text: string, face: FontFaceId): { text: string; face: FontFaceId }[] {
  return latinRuns(text, face, QUOTES, LATIN_NEIGHBOUR);
}

/**
 * One line's runs (`quoteRuns`) with their advances: `width` of each measured in its own face,
 * plus `letterSpacing` after every character (as the writers add it).
 */
export function quoteRunWidths(text: string, face: FontFaceId, size: number, letterSpacing: number, measure: (face: FontFaceId, text: string, size: number) => number): { text: string; face: FontFaceId; width: number }[] {
  return quoteRuns(text, face).map((r) => ({ ...r, width: measure(r.face, r.text, size) + letterSpacing * [...r.text].length }));
}
