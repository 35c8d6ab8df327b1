import type { FontFaceId } from './draw-list';

/** The Latin face beside each CJK face, for curly quotes in Latin text. */
const LATIN_OF: Partial<Record<FontFaceId, FontFaceId>> = { sans: 'latin', 'sans-medium': 'latin-medium', 'sans-bold': 'latin-bold' };
const LATIN_NEIGHBOUR = /[\p{Script=Latin}\p{N}.,;:!?)\]%-]/u;

/**
 * A line split into runs of one face: a curly quote or apostrophe (‘ ’ “ ”) beside Latin text is
 * set in the Latin face, because the CJK face draws it a full em wide ("cross’ s"); beside
 * Chinese text it stays full-width, as Chinese typesetting wants. Faces without a Latin partner
 * (the brush face, the Latin faces themselves) keep the whole line.
 * @example quoteRuns('cross’s', 'sans') // → [{ text: 'cross', face: 'sans' }, { text: '’', face: 'latin' }, { text: 's', face: 'sans' }]
 */
export function quoteRuns(text: string, face: FontFaceId): { text: string; face: FontFaceId }[] {
  const latin = LATIN_OF[face];
  if (!latin || !/[‘’“”]/u.test(text)) return [{ text, face }];
  const chars = [...text];
  const out: { text: string; face: FontFaceId }[] = [];
  const push = (t: string, f: FontFaceId): void => {
    const last = out[out.length - 1];
    if (last && last.face === f) last.text += t;
    else out.push({ text: t, face: f });
  };
  chars.forEach((ch, i) => {
    if (!/[‘’“”]/u.test(ch)) return push(ch, face);
    const opening = ch === '‘' || ch === '“';
    const next = chars.slice(i + 1).join('').trimStart()[0];
    const prev = chars.slice(0, i).join('').trimEnd().slice(-1) || undefined;
    const near = opening ? (next ?? prev) : (prev ?? next);
    push(ch, near !== undefined && LATIN_NEIGHBOUR.test(near) ? latin : face);
  });
  return out;
}


/**
 * One line's runs (`quoteRuns`) with their advances: `width` of each measured in its own face,
 * plus `letterSpacing` after every character (as the writers add it).
 */
export function quoteRunWidths(text: string, face: FontFaceId, size: number, letterSpacing: number, measure: (face: FontFaceId, text: string, size: number) => number): { text: string; face: FontFaceId; width: number }[] {
  return quoteRuns(text, face).map((r) => ({ ...r, width: measure(r.face, r.text, size) + letterSpacing * [...r.text].length }));
}
