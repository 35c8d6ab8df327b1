import type { FontFaceId } from '../cards/draw-list';
import type { TextMeasurer } from '../cards/fonts';
import type { Pt } from '../util/units';

/**
 * A deterministic TextMeasurer for tests and fixtures: every character is `factor` × size mm
 * wide (0.35 mm per point by default, about a CJK em), ascent 0.88 em, descent −0.12 em, and
 * every glyph exists except those listed in `missing` for a face. Not for production use.
 * @example fakeMeasurer({ missing: { brush: '鼠' } }).hasGlyph('brush', 0x9f20) // → false
 */
export function fakeMeasurer(opts: { factor?: number; missing?: Partial<Record<FontFaceId, string>> } = {}): TextMeasurer {
  const factor = opts.factor ?? 0.35;
  const missing = new Map(Object.entries(opts.missing ?? {}).map(([face, chars]) => [face, new Set([...(chars ?? '')].map((c) => c.codePointAt(0)))]));
  return {
    width: (_face: FontFaceId, text: string, size: Pt) => [...text].length * size * factor,
    metrics: () => ({ ascent: 0.88, descent: -0.12, capHeight: 0.7 }),
    hasGlyph: (face: FontFaceId, cp: number) => !missing.get(face)?.has(cp),
  };
}
