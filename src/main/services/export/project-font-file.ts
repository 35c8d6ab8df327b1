/**
 * Reading a project font's file: inside the project's `fonts/` folder, never through a link, at
 * most FONT_READ_BYTES. Kept apart from project-fonts.ts (the folder's add/list work) so the
 * font service loads nothing else.
 */
import { lstatSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { FONT_ADD_MB } from '../../../shared/ipc/contract';
import { PROJECT_FONT_FILE, PROJECT_FONTS_DIR } from '../../../shared/cards/fonts';
import { ProjectFileError } from '../../../shared/cards/limits';
import { readProjectBytes, readProjectBytesAsync } from '../safe-read';

/** The largest project font read, in bytes. */
export const FONT_READ_BYTES = FONT_ADD_MB * 1024 * 1024;

/**
 * The PostScript name a project font is embedded under: the font's own, kept to the characters
 * PDF names and print-shop tools handle (letters, digits, `-`, `_`), else a name from its file.
 * @example pdfFontName('Old Press-Regular', 'old-press.ttf') // 'OldPress-Regular'
 */
export function pdfFontName(postscriptName: string | null | undefined, file: string): string {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '').slice(0, 60);
  const own = clean(postscriptName ?? '');
  if (own) return own;
  const fromFile = clean(file.replace(/\.[^.]*$/, '').replace(/(^|[-_])(\w)/g, (_m, _s: string, c: string) => c.toUpperCase()));
  return fromFile || 'ProjectFont';
}

/**
 * The bytes of a project font, read without following a link: `fonts/` must be a real folder and
 * the font a regular file inside it (then the confined reader checks size and type again).
 * Throws a `ProjectFileError` naming the file and the fix; undefined when it is missing.
 */
export function readProjectFont(dir: string, file: string): Buffer | undefined {
  const rel = `${PROJECT_FONTS_DIR}/${file}`;
  if (!PROJECT_FONT_FILE.test(file)) throw new ProjectFileError(rel, `"${file}" is not a project font name; use a name as the fonts panel lists it (letters, digits, - and _, then .ttf, .otf or .woff2).`);
  checkNotLink(dir, file);
  return readProjectBytes(dir, rel, FONT_READ_BYTES);
}

/** `readProjectFont` without blocking the event loop. */
export async function readProjectFontAsync(dir: string, file: string): Promise<Buffer | undefined> {
  const rel = `${PROJECT_FONTS_DIR}/${file}`;
  if (!PROJECT_FONT_FILE.test(file)) throw new ProjectFileError(rel, `"${file}" is not a project font name.`);
  checkNotLink(dir, file);
  return readProjectBytesAsync(dir, rel, FONT_READ_BYTES);
}

function checkNotLink(dir: string, file: string): void {
  for (const [p, what] of [
    [join(dir, PROJECT_FONTS_DIR), 'The fonts folder'],
    [join(dir, PROJECT_FONTS_DIR, file), `fonts/${file}`],
  ] as const) {
    let st: Stats;
    try {
      st = lstatSync(p);
    } catch {
      return; // missing: the reader answers undefined
    }
    if (st.isSymbolicLink()) throw new ProjectFileError(`${PROJECT_FONTS_DIR}/${file}`, `${what} is a link; the app never follows links for fonts. Put the font file itself into the project's fonts folder.`);
  }
}

