import type { Mm, Pt } from '../util/units';
import type { BuiltinFaceId, FontFaceId, ProjectFaceId } from './draw-list';

/** What every bundled font face is: the family and weight a writer must load. Files are main's concern. */
export const FONT_FACES: Record<BuiltinFaceId, { family: string; weight: number; licence: string }> = {
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

/**
 * The file name of a project font inside the project's `fonts/` folder: letters (any script),
 * digits, `-` and `_`, then `.ttf`, `.otf` or `.woff2` (lower case), as the app names the files it
 * adds. Nothing else is a project face, so a face id can never name a path outside `fonts/`.
 */
export const PROJECT_FONT_FILE = /^[\p{L}\p{N}][\p{L}\p{N}_-]{0,59}\.(?:ttf|otf|woff2)$/u;

/** The folder of a project that holds its own fonts. */
export const PROJECT_FONTS_DIR = 'fonts';

/** Whether `face` is a project font (`font:<file>`). */
export function isProjectFace(face: string): face is ProjectFaceId {
  return face.startsWith('font:');
}

/** Whether `face` is a face id the app knows how to load: a bundled face, or `font:<file>` with a valid file name. */
export function isFaceId(face: string): face is FontFaceId {
  return isProjectFace(face) ? PROJECT_FONT_FILE.test(face.slice(5)) : Object.hasOwn(FONT_FACES, face);
}

/** The file of a project face inside `fonts/`, e.g. `old-press.ttf` for `font:old-press.ttf`. */
export function projectFontFile(face: ProjectFaceId): string {
  return face.slice(5);
}

/**
 * The CSS family and weight a preview draws a face in: the bundled family, or for a project font
 * a family name of its own that the renderer registers from the file's bytes (FontFace), so it
 * can never pick up a system font of the same name.
 * @example faceCss('font:old-press.ttf') // { family: 'fuqi-font old-press.ttf', weight: 400 }
 */
export function faceCss(face: FontFaceId): { family: string; weight: number } {
  if (isProjectFace(face)) return { family: `fuqi-font ${projectFontFile(face)}`, weight: 400 };
  const f = FONT_FACES[face];
  return f ? { family: f.family, weight: f.weight } : { family: FONT_FACES.sans.family, weight: 400 };
}

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
