/**
 * A project's `fonts/` folder: fonts the designer adds (TTF, OTF, WOFF2), each checked by parsing
 * it with fontkit and embedding a small subset the way an export will, and its licence kept beside
 * it as plain text (`fonts/<file>.licence.txt`). Templates use a project font as the face
 * `font:<file>`. Reads never leave the folder: the folder and the fonts must be real (a link is
 * refused, never followed), and every read goes through the confined reader (safe-read.ts).
 * Parsing runs on an export worker (`inspect` is the pool's task); nothing here parses on the
 * main thread by itself.
 */
import { lstatSync, readdirSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { FONT_ADD_MB, type AddedFont, type Bilingual, type ImportWarning, type ProjectFontInfo } from '../../shared/ipc/contract';
import { PROJECT_FONT_FILE, PROJECT_FONTS_DIR, isProjectFace, projectFontFile } from '../../shared/cards/fonts';
import { ProjectFileError } from '../../shared/cards/limits';
import type { ProjectFaceId } from '../../shared/cards/draw-list';
import { err, ok, type Result } from '../../shared/util/result';
import { artBaseName } from './art';
import { reserveName } from './export/reserve';
import { folderAt, makeDir, writeAtomic, WriteError } from './export/write';
import { readProjectBytes } from './safe-read';
import { fontkit, makeFontObjects } from './export/pdf-font';
import { pdfFontName, readProjectFontAsync } from './export/project-font-file';

export { pdfFontName, readProjectFont, readProjectFontAsync } from './export/project-font-file';

const req = createRequire(import.meta.url);

/** Limits of the fonts folder. */
export const FONT_LIMITS = {
  /** Bytes of one font file (added or read). */
  bytes: FONT_ADD_MB * 1024 * 1024,
  /** Bytes of a licence text file. */
  licenceBytes: 256 * 1024,
  /** Fonts listed (the first, by name). */
  listed: 200,
} as const;

/** Error codes of the fonts folder. */
export const FONT_ERRORS = {
  /** Not a TrueType, OpenType or WOFF2 font (by its content). */
  NOT_FONT: 'font/not-font',
  /** WOFF (version 1), a font collection (TTC/OTC), or another kind of font the app cannot embed. */
  UNSUPPORTED: 'font/unsupported',
  /** A font file that does not parse (damaged, truncated) or has no character map. */
  DAMAGED: 'font/damaged',
  /** The font's embedding permissions (OS/2 fsType) forbid embedding or subsetting it in a PDF. */
  NOT_EMBEDDABLE: 'font/not-embeddable',
  /** Over FONT_LIMITS.bytes. */
  TOO_LARGE: 'font/too-large',
  /** `fonts` (or the font) is a file or a link, not what it should be. */
  FOLDER: 'font/folder',
  /** No such project font. */
  MISSING: 'font/missing',
  /** The write failed. */
  WRITE_FAILED: 'font/write-failed',
} as const;

/** What parsing a font finds (the worker's `inspect-font` task answers it). */
export interface FontFacts {
  format: 'ttf' | 'otf' | 'woff2';
  family: string;
  style: string;
  postscriptName: string;
  glyphs: number;
  characters: number;
  cjk: boolean;
  /** Designer, else manufacturer, else copyright (name table). */
  who: string;
  /** The font's own licence description (name ID 13), if any. */
  licence: string;
}

/** A refusal with the same sentence in both languages (details.message carries both). */
const refuse = (code: string, en: string, zh: string, name: string): Result<never> => err(code, en, { name, message: { zh, en } satisfies Bilingual });

/**
 * The kind of font file `bytes` hold, by their first four bytes (the name is not trusted), or
 * why they are not one the app takes.
 */
export function sniffFont(bytes: Uint8Array): { format: FontFacts['format'] } | { refused: 'woff1' | 'collection' | 'not-font' } {
  if (bytes.length < 12) return { refused: 'not-font' };
  const tag = Buffer.from(bytes.buffer, bytes.byteOffset, 4).toString('latin1');
  if (tag === '\u0000\u0001\u0000\u0000' || tag === 'true') return { format: 'ttf' };
  if (tag === 'OTTO') return { format: 'otf' };
  if (tag === 'wOF2') return { format: 'woff2' };
  if (tag === 'wOFF') return { refused: 'woff1' };
  if (tag === 'ttcf') return { refused: 'collection' };
  return { refused: 'not-font' };
}

/**
 * Parse font bytes with fontkit and embed a few of their glyphs as an export would (HarfBuzz
 * subset, then pdf-lib), so a font that cannot print is refused when it is added, not at export.
 * Heavy (a CJK font takes a second): call it on an export worker.
 */
export async function inspectFontBytes(bytes: Uint8Array, name: string): Promise<Result<FontFacts>> {
  const kind = sniffFont(bytes);
  if ('refused' in kind) {
    if (kind.refused === 'woff1')
      return refuse(FONT_ERRORS.UNSUPPORTED, `${name} is a WOFF (version 1) web font; use the TTF, OTF or WOFF2 file of the font instead.`, `“${name}”是 WOFF（第 1 版）网页字体，请改用该字体的 TTF、OTF 或 WOFF2 文件。`, name);
    if (kind.refused === 'collection')
      return refuse(FONT_ERRORS.UNSUPPORTED, `${name} is a font collection (TTC/OTC) holding several fonts; add the single TTF or OTF file of the style you want.`, `“${name}”是包含多个字体的字体集（TTC/OTC），请添加所需字重的单个 TTF 或 OTF 文件。`, name);
    return refuse(FONT_ERRORS.NOT_FONT, `${name} is not a TrueType, OpenType or WOFF2 font (whatever its name says); add a .ttf, .otf or .woff2 font file.`, `“${name}”不是 TrueType、OpenType 或 WOFF2 字体（不论文件名怎么写），请添加 .ttf、.otf 或 .woff2 字体文件。`, name);
  }
  const damaged = (why: string) =>
    refuse(FONT_ERRORS.DAMAGED, `${name} could not be read as a font (${why}); it may be damaged. Download the font again from its source.`, `“${name}”无法作为字体读取（${why}），文件可能已损坏。请从字体来源重新下载。`, name);
  type Font = import('@pdf-lib/fontkit').Font & { 'OS/2'?: { fsType?: Record<string, boolean> }; getName?(key: string): string | null; fonts?: unknown };
  let font: Font;
  try {
    font = fontkit().create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as Font;
  } catch (e) {
    return damaged((e as Error).message);
  }
  if (font.fonts !== undefined) return damaged('it is a collection of fonts');
  let chars: number[];
  try {
    chars = font.characterSet;
  } catch (e) {
    return damaged(`its character map: ${(e as Error).message}`);
  }
  if (!(font.unitsPerEm >= 16 && font.unitsPerEm <= 16384) || font.numGlyphs < 2) return damaged('no usable glyphs');
  if (!chars || chars.length === 0) return damaged('it maps no characters');
  const fsType = font['OS/2']?.fsType ?? {};
  if (fsType.noEmbedding || fsType.noSubsetting || fsType.bitmapOnly)
    return refuse(
      FONT_ERRORS.NOT_EMBEDDABLE,
      `${name}'s licence flags (OS/2 fsType) do not allow ${fsType.noEmbedding ? 'embedding it in documents' : fsType.noSubsetting ? 'embedding a subset of it' : 'embedding its outlines'}, which a PDF export needs. Choose a font whose licence allows embedding (e.g. SIL Open Font License fonts).`,
      `“${name}”的授权标记（OS/2 fsType）不允许${fsType.noEmbedding ? '嵌入到文档中' : fsType.noSubsetting ? '以子集方式嵌入' : '嵌入字形轮廓'}，而导出 PDF 需要这样做。请选用授权允许嵌入的字体（例如 SIL 开放字体许可证的字体）。`,
      name,
    );
  // Embed a few glyphs exactly as an export does: HarfBuzz subset, then pdf-lib.
  const sample = String.fromCodePoint(...chars.filter((c) => c > 32).slice(0, 8));
  try {
    const { convert } = req('fontverter') as { convert: (b: Uint8Array, to: 'sfnt') => Promise<Uint8Array> };
    const subsetFont = req('subset-font') as (b: Uint8Array, text: string, o: object) => Promise<Uint8Array>;
    const sfnt = kind.format === 'woff2' ? await convert(bytes, 'sfnt') : bytes;
    const sub = await subsetFont(Buffer.from(sfnt), sample, { targetFormat: 'truetype', noLayoutClosure: true });
    const padded = new Uint8Array(sub.byteLength + 16);
    padded.set(sub);
    await makeFontObjects(padded, 'AAAAAA+Check', sample);
  } catch (e) {
    return refuse(
      FONT_ERRORS.DAMAGED,
      `${name} parses, but embedding it in a PDF failed (${(e as Error).message}); it may be damaged. Try the font's TTF file, or download it again.`,
      `“${name}”可以读取，但嵌入 PDF 失败（${(e as Error).message}），文件可能已损坏。请改用该字体的 TTF 文件，或重新下载。`,
      name,
    );
  }
  const nameOf = (key: string): string => {
    try {
      return (font.getName?.(key) ?? '').trim();
    } catch {
      return '';
    }
  };
  const has = new Set(chars);
  const cjkSample = [0x4e00, 0x4e2d, 0x6587, 0x5b57, 0x798f, 0x9f8d];
  return ok({
    format: kind.format,
    family: (font.familyName ?? '').trim() || name.replace(/\.[^.]*$/, ''),
    style: (font.subfamilyName ?? '').trim(),
    postscriptName: pdfFontName(font.postscriptName, name),
    glyphs: font.numGlyphs,
    characters: chars.length,
    cjk: cjkSample.filter((c) => has.has(c)).length >= 4,
    who: (nameOf('designer') || nameOf('manufacturer') || (font.copyright ?? '')).slice(0, 300),
    licence: nameOf('license').slice(0, 20_000),
  });
}

/** Inspect font bytes (on an export worker in the app; directly in tests). */
export type InspectFont = (bytes: Uint8Array, name: string) => Promise<Result<FontFacts>>;

/** The real `fonts/` folder of a project; `create` makes it when missing. A file or link in its place is refused. */
function fontsFolder(dir: string, create: boolean): Result<string | null> {
  const at = join(dir, PROJECT_FONTS_DIR);
  const found = folderAt(at);
  if (found === 'link' || found === 'file')
    return refuse(
      FONT_ERRORS.FOLDER,
      `${at} is ${found === 'link' ? 'a link' : 'a file'}, not a folder; the app only keeps fonts in a real "fonts" folder inside the project. Move it away and try again.`,
      `项目中的 fonts 不是普通文件夹（是${found === 'link' ? '链接' : '文件'}）；应用只在项目内真正的 fonts 文件夹中保存字体。请把它移走后再试。`,
      PROJECT_FONTS_DIR,
    );
  if (found === 'missing') {
    if (!create) return ok(null);
    const made = makeDir(at, 0o755, FONT_ERRORS.WRITE_FAILED);
    if (!made.ok) return made;
  }
  return ok(at);
}

const LICENCE_SUFFIX = '.licence.txt';

/** The licence text of a project font ('' when there is none or it cannot be read). */
function readLicence(dir: string, file: string): string {
  try {
    const st = lstatSync(join(dir, PROJECT_FONTS_DIR, file + LICENCE_SUFFIX));
    if (!st.isFile()) return '';
    const b = readProjectBytes(dir, `${PROJECT_FONTS_DIR}/${file}${LICENCE_SUFFIX}`, FONT_LIMITS.licenceBytes);
    return b ? new TextDecoder('utf-8').decode(b).replace(/^\uFEFF/, '') : '';
  } catch {
    return '';
  }
}

/** What adding needs to know about the project. */
export interface AddFontTarget {
  projectId: string;
  /** The project's folder (a user project's: the caller refuses built-in ones). */
  dir: string;
  /** Announce a write before it happens (`watcher.recordWrite`). */
  recordWrite(rel: string, content: Uint8Array): void;
  inspect: InspectFont;
}

const warn = (code: string, zh: string, en: string): ImportWarning => ({ code, message: { zh, en } });

const info = (file: string, bytes: number, facts: FontFacts, licence: string): ProjectFontInfo => ({
  face: `font:${file}`,
  file,
  bytes,
  format: facts.format,
  family: facts.family,
  style: facts.style,
  postscriptName: facts.postscriptName,
  glyphs: facts.glyphs,
  characters: facts.characters,
  cjk: facts.cjk,
  licence,
  who: facts.who,
});

/**
 * Add a font to the project's `fonts/` folder: at most FONT_LIMITS.bytes, a TrueType, OpenType or
 * WOFF2 font by its content, that parses and embeds (`inspect`) and whose licence flags allow
 * embedding. The file gets a safe name with the extension of its real format, made unique (`-2`,
 * `-3`…: reserved first, so nothing is ever overwritten), and is written atomically; the licence
 * (given, else the font's own licence field) beside it as `<file>.licence.txt`.
 * @example await addFont(target, 'Old Press.TTF', bytes, 'SIL OFL 1.1') // → ok({ font: { face: 'font:old-press.ttf', … } })
 */
export async function addFont(target: AddFontTarget, fileName: string, input: Uint8Array, licenceGiven: string): Promise<Result<AddedFont>> {
  const shownName = fileName.split(/[\\/]/).pop() || fileName;
  if (input.length > FONT_LIMITS.bytes)
    return refuse(
      FONT_ERRORS.TOO_LARGE,
      `${shownName} is ${Math.round(input.length / 1048576)} MB, over the limit of ${FONT_ADD_MB} MB for one font; use the font's WOFF2 file, or a version limited to the scripts you need.`,
      `“${shownName}”有 ${Math.round(input.length / 1048576)} MB，超过单个字体 ${FONT_ADD_MB} MB 的上限。请改用该字体的 WOFF2 文件，或只含所需文字的版本。`,
      shownName,
    );
  const facts = await target.inspect(input, shownName);
  if (!facts.ok) return facts;
  const warnings: ImportWarning[] = [];
  const ext = `.${facts.value.format}`;
  const givenExt = /\.[^.]*$/.exec(shownName)?.[0]?.toLowerCase() ?? '';
  if (givenExt !== ext) warnings.push(warn('font/renamed', `文件内容是 ${facts.value.format.toUpperCase()} 字体，已保存为 ${ext}。`, `The file's content is a ${facts.value.format.toUpperCase()} font, so it is saved as ${ext}.`));
  const folder = fontsFolder(target.dir, true);
  if (!folder.ok) return folder;
  const stem = artBaseName(shownName).slice(0, 50).replace(/[-_]+$/, '');
  const base = /^[\p{L}\p{N}]/u.test(stem) ? stem : `font-${stem || 'file'}`;
  const slot = reserveName(folder.value!, base, ext);
  if (!slot.ok) return err(FONT_ERRORS.WRITE_FAILED, slot.error.message);
  const file = `${slot.value.name}${ext}`;
  let licence = licenceGiven.trim();
  if (!licence && facts.value.licence) {
    licence = facts.value.licence;
    warnings.push(warn('font/licence-from-font', '未填写授权，已使用字体文件自带的授权说明。', "No licence was given; the font's own licence field is used."));
  }
  if (!licence)
    warnings.push(
      warn(
        'font/no-licence',
        '未填写授权。分享或印刷前，请在字体列表中补上该字体的授权（如“SIL OFL 1.1”），它会显示在致谢中。',
        'No licence was given. Before you share or print, add the font\'s licence (e.g. "SIL OFL 1.1") in the fonts list; it is shown in the credits.',
      ),
    );
  try {
    const rel = `${PROJECT_FONTS_DIR}/${file}`;
    target.recordWrite(rel, input);
    writeAtomic(slot.value.file, input);
    if (licence) {
      const text = Buffer.from(`${licence}\n`, 'utf8');
      target.recordWrite(rel + LICENCE_SUFFIX, text);
      writeAtomic(join(folder.value!, file + LICENCE_SUFFIX), text);
    }
  } catch (e) {
    slot.value.release();
    if (e instanceof WriteError) return err(FONT_ERRORS.WRITE_FAILED, e.message);
    throw e;
  }
  // The file is in place under its name: the hidden holder goes.
  slot.value.release();
  if (slot.value.name !== base)
    warnings.push(warn('font/name-taken', `fonts/ 中已有同名字体，新字体保存为 ${file}。`, `fonts/ already has a font of that name; the new one is saved as ${file}.`));
  return ok({ font: info(file, input.length, facts.value, licence), warnings });
}

/** Facts by file identity (path, size, time, inode), so a changed file is inspected again. */
const factsCache = new Map<string, Result<FontFacts>>();

/**
 * The fonts of a project's `fonts/` folder (regular files named as the app names fonts; links and
 * anything else are left out), by name, each with its facts and licence or the reason it cannot
 * be used.
 */
export async function listFonts(dir: string, inspect: InspectFont): Promise<ProjectFontInfo[]> {
  const folder = fontsFolder(dir, false);
  if (!folder.ok || folder.value === null) return [];
  let names: string[];
  try {
    names = readdirSync(folder.value);
  } catch {
    return [];
  }
  const out: ProjectFontInfo[] = [];
  for (const file of names.filter((n) => PROJECT_FONT_FILE.test(n)).sort((a, b) => a.localeCompare(b)).slice(0, FONT_LIMITS.listed)) {
    let st: Stats;
    try {
      st = lstatSync(join(folder.value, file));
    } catch {
      continue;
    }
    if (!st.isFile()) continue;
    const key = `${join(folder.value, file)}|${st.size}|${st.mtimeMs}|${st.ino}`;
    let facts = factsCache.get(key);
    if (!facts) {
      try {
        const bytes = await readProjectFontAsync(dir, file);
        facts = bytes ? await inspect(bytes, file) : err(FONT_ERRORS.MISSING, `fonts/${file} is gone.`);
      } catch (e) {
        facts = refuse(FONT_ERRORS.DAMAGED, (e as Error).message, `无法读取 fonts/${file}：${(e as Error).message}`, file);
      }
      if (factsCache.size > 500) factsCache.delete(factsCache.keys().next().value!);
      factsCache.set(key, facts);
    }
    const licence = readLicence(dir, file);
    const format = file.endsWith('.woff2') ? 'woff2' : file.endsWith('.otf') ? 'otf' : 'ttf';
    if (facts.ok) out.push(info(file, st.size, facts.value, licence));
    else {
      const msg = (facts.error.details as { message?: Bilingual } | undefined)?.message ?? { en: facts.error.message, zh: facts.error.message };
      out.push({ face: `font:${file}`, file, bytes: st.size, format, family: file, style: '', postscriptName: '', glyphs: 0, characters: 0, cjk: false, licence, who: '', problem: msg });
    }
  }
  return out;
}

/** Set (or, with an empty text, remove the content of) a project font's licence text. */
export function setFontLicence(dir: string, face: ProjectFaceId, licence: string, recordWrite: (rel: string, content: Uint8Array) => void): Result<string> {
  if (!isProjectFace(face)) return err(FONT_ERRORS.MISSING, `"${face}" is not a project font.`);
  const file = projectFontFile(face);
  const folder = fontsFolder(dir, false);
  if (!folder.ok) return folder;
  let st: Stats | undefined;
  try {
    st = folder.value === null ? undefined : lstatSync(join(folder.value, file));
  } catch {
    st = undefined;
  }
  if (!st || !st.isFile() || folder.value === null)
    return refuse(FONT_ERRORS.MISSING, `The project has no font fonts/${file}; add it again from the fonts panel.`, `项目中没有字体 fonts/${file}，请在字体面板中重新添加。`, file);
  const target = join(folder.value, file + LICENCE_SUFFIX);
  try {
    const lst = lstatSync(target);
    if (!lst.isFile())
      return refuse(FONT_ERRORS.FOLDER, `fonts/${file}${LICENCE_SUFFIX} is not a plain file (a link or a folder); move it away and try again.`, `fonts/${file}${LICENCE_SUFFIX} 不是普通文件（是链接或文件夹），请把它移走后再试。`, file);
  } catch {
    // Missing: written below.
  }
  const text = Buffer.from(licence.trim() ? `${licence.trim()}\n` : '', 'utf8');
  try {
    recordWrite(`${PROJECT_FONTS_DIR}/${file}${LICENCE_SUFFIX}`, text);
    writeAtomic(target, text);
  } catch (e) {
    if (e instanceof WriteError) return err(FONT_ERRORS.WRITE_FAILED, e.message);
    throw e;
  }
  return ok(licence.trim());
}
