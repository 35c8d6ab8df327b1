import type { Mm, Pt } from '../util/units';
import type { FontFaceId } from './draw-list';

/** What every font face is: the family and weight a writer must load. Files are main's concern. */
export const FONT_FACES: Record<FontFaceId, { family: string; weight: number; licence: string }> = {
  /** Interface and body text. */
  sans: { family: 'Noto Sans SC', weight: 400, licence: 'SIL OFL 1.1' },
  /** Emphasis in body text. */
  'sans-medium': { family: 'Noto Sans SC', weight: 500, licence: 'SIL OFL 1.1' },
  /** Titles, names. */
  'sans-bold': { family: 'Noto Sans SC', weight: 700, licence: 'SIL OFL 1.1' },
  /** Brush calligraphy for the large zodiac characters and titles. */
  brush: { family: 'Ma Shan Zheng', weight: 400, licence: 'SIL OFL 1.1' },
  /**
   * Latin punctuation the CJK face draws full-width: curly quotes and apostrophes in English
   * text (rulebooks set ‘’“” beside Latin letters in these faces).
   */
  latin: { family: 'Noto Sans', weight: 400, licence: 'SIL OFL 1.1' },
  'latin-medium': { family: 'Noto Sans', weight: 500, licence: 'SIL OFL 1.1' },
  'latin-bold': { family: 'Noto Sans', weight: 700, licence: 'SIL OFL 1.1' },
};

/** Vertical metrics of a face, in em units (1 em = the font size). */
export interface FaceMetrics {
  /** Above the baseline, positive. */
  ascent: number;
  /** Below the baseline, negative (fontkit's convention); layout uses its magnitude. */
  descent: number;
  capHeight: number;
}

/**
 * Measures text with the font bytes the writers embed. Main implements it with fontkit; shared
 * layout only sees this interface, so it stays pure.
 */
export interface TextMeasurer {
  /** Advance width of `text` in `face` at `size` points, in millimetres (no kerning, matching the PDF writer). */
  width(face: FontFaceId, text: string, size: Pt): Mm;
  /** Vertical metrics of `face`. */
  metrics(face: FontFaceId): FaceMetrics;
  /** Whether `face` has a glyph for the code point. */
  hasGlyph(face: FontFaceId, codePoint: number): boolean;
}
