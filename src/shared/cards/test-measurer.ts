import type { TextMeasurer } from './fonts';
import { ptToMm } from '../util/units';

/**
 * A deterministic measurer for unit tests of layout: every character is 0.5 em wide (1 em for
 * CJK), ascent 0.88 em, descent 0.12 em. Real fonts are measured by main's font service.
 */
export const fakeMeasurer: TextMeasurer = {
  width(_face, text, size) {
    let em = 0;
    for (const ch of text) em += ch.codePointAt(0)! > 0x2e80 ? 1 : 0.5;
    return em * ptToMm(size);
  },
  metrics: () => ({ ascent: 0.88, descent: 0.12, capHeight: 0.7 }),
  hasGlyph: (_f, cp) => cp !== 0x2460,
};
