/**
 * `templates:measure`'s answer: per face, vertical metrics and the advance (em) of each asked
 * character, so the editor lays out text in the renderer with the metrics print uses.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BuiltinFaceId, FontFaceId, ProjectFaceId } from '../../shared/cards/draw-list';
import { FONT_FACES, PROJECT_FONT_FILE, PROJECT_FONTS_DIR, type TextMeasurer } from '../../shared/cards/fonts';
import type { FaceTable, FontTables } from '../../shared/ipc/contract';

/** The bundled faces. */
export const BUILTIN_FACES = Object.keys(FONT_FACES) as BuiltinFaceId[];

/** The project faces of a folder: regular files of `fonts/` named as project fonts (links left out). */
export function projectFaces(dir: string): ProjectFaceId[] {
  const at = join(dir, PROJECT_FONTS_DIR);
  try {
    if (!lstatSync(at).isDirectory()) return [];
    return readdirSync(at)
      .filter((n) => PROJECT_FONT_FILE.test(n))
      .filter((n) => {
        try {
          return lstatSync(join(at, n)).isFile();
        } catch {
          return false;
        }
      })
      .sort()
      .slice(0, 200)
      .map((n) => `font:${n}` as const);
  } catch {
    return [];
  }
}

/** Tables of `faces` for `chars` (each character once). */
export function fontTables(measurer: TextMeasurer, faces: readonly FontFaceId[], chars: string): FontTables {
  const out: Partial<Record<FontFaceId, FaceTable>> = {};
  const set = new Set(chars);
  for (const face of faces) {
    const m = measurer.metrics(face);
    const widths: Record<string, number> = {};
    let missing = '';
    for (const ch of set) {
      widths[ch] = measurer.width(face, ch, 72) / 25.4;
      if (!measurer.hasGlyph(face, ch.codePointAt(0)!)) missing += ch;
    }
    out[face] = { ascent: m.ascent, descent: m.descent, capHeight: m.capHeight, widths, missing };
  }
  return out as FontTables;
}
