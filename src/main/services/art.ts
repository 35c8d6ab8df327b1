/**
 * A project's `art/` folder: adding images (checked, SVG sanitised, never overwriting) and listing
 * them with small thumbnails for the art picker. Images are decoded with sharp, whose work runs on
 * libuv's thread pool, so neither adding nor listing blocks the main thread.
 */
import { lstatSync, readdirSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { sharp } from './lazy-sharp';
import type { AddedArt, ArtFile, ImportWarning } from '../../shared/ipc/contract';
import { PROJECT_LIMITS, ProjectFileError } from '../../shared/cards/limits';
import { err, ok, type Result } from '../../shared/util/result';
import { sanitizeSvg } from './art-svg';
import { svgTooHeavy } from '../../shared/cards/svg-limits';
import { reserveName } from './export/reserve';
import { folderAt, makeDir, writeAtomic, WriteError } from './export/write';
import { readProjectBytesAsync } from './safe-read';

/** The art folder of a project, relative to it. */
export const ART_DIR = 'art';

/** What an SVG cleaning removed (`sanitizeSvg`'s kinds), in Chinese. */
const REMOVED_ZH: Record<string, string> = {
  script: '脚本',
  foreignObject: '嵌入的网页内容',
  iframe: '嵌入的网页',
  embed: '嵌入的对象',
  object: '嵌入的对象',
  animate: '动画',
  animateMotion: '动画',
  animateTransform: '动画',
  set: '动画',
  handler: '事件处理',
  listener: '事件监听',
  audio: '音频',
  video: '视频',
  canvas: '画布',
  link: '超链接',
  'event handler': '事件处理代码',
  'external link': '外部引用',
  style: '样式表',
};

export function removedZh(kind: string): string {
  return REMOVED_ZH[kind] ?? '其他内容';
}

/** The image reference a cell, a layer's `src` or an icon holds for a file of the project: `file:art/rat.png`. */
export function imageRef(path: string): string {
  return `file:${path}`;
}

/** Limits of the art folder's services. */
export const ART_LIMITS = {
  /** Bytes of one added image. */
  addBytes: 30 * 1024 * 1024,
  /** Images listed for the picker (the first, by name). */
  listed: 1_000,
  /** Long side of a thumbnail, in pixels. */
  thumbPx: 128,
  /** Below this many pixels per inch across the card's full width, an added image gets a warning. */
  minDpi: 300,
} as const;

/** Error codes of the art folder. */
export const ART_ERRORS = {
  /** Not a PNG, JPEG, WebP or SVG (by its content, whatever its name says). */
  UNSUPPORTED: 'art/unsupported',
  /** A PNG/JPEG/WebP that does not decode (damaged, truncated) or is over the pixel limit. */
  BAD_IMAGE: 'art/bad-image',
  /** An SVG that is not well-formed or not an SVG document. */
  BAD_SVG: 'art/bad-svg',
  /** Over ART_LIMITS.addBytes. */
  TOO_LARGE: 'art/too-large',
  /** `art` is a file or a link, not a folder. */
  FOLDER: 'art/folder',
  /** The write failed. */
  WRITE_FAILED: 'art/write-failed',
} as const;

/** The image formats the app uses. */
export type ArtFormat = 'png' | 'jpeg' | 'webp' | 'svg';
const EXT: Record<ArtFormat, string> = { png: '.png', jpeg: '.jpg', webp: '.webp', svg: '.svg' };
const EXTS = new Set(['.png', '.jpg', '.jpeg', '.webp', '.svg']);

/**
 * The format of an image by its content (the name is not trusted): PNG, JPEG and WebP by their
 * signatures, SVG by an `<svg` start tag near the start of UTF-8 text. Undefined for anything else.
 */
export function sniffFormat(bytes: Uint8Array): ArtFormat | undefined {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  const ascii = (from: number, to: number) => Buffer.from(b.buffer, b.byteOffset + from, Math.max(0, Math.min(to, b.length) - from)).toString('latin1');
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  let head: string;
  try {
    head = new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, 4096));
  } catch {
    // The 4 KB cut may split a character: decode leniently, the XML parser is strict later.
    head = new TextDecoder('utf-8').decode(b.subarray(0, 4096));
    if (head.slice(0, -4).includes('\uFFFD')) return undefined;
  }
  const body = head.replace(/^\uFEFF/, '').replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '').trimStart();
  return /^<(?:[A-Za-z_][\w.-]*:)?svg[\s>/]/.test(body) ? 'svg' : undefined;
}

/** Windows' reserved device names, which no file may be called (with any extension). */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/**
 * A safe file name (without extension) from the name the user's file had: the last path part,
 * letters (any script), digits, `-` and `_` only, ASCII lowercased, at most 60 characters, never a
 * reserved or hidden name.
 * @example artBaseName('C:\\Users\\me\\Rat Card (final).PNG') // 'rat-card-final'
 */
export function artBaseName(fileName: string): string {
  const last = fileName.split(/[\\/]/).pop() ?? '';
  const stem = last.replace(/\.[^.]*$/, '');
  let s = stem
    .normalize('NFC')
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 60)
    .replace(/[-_]+$/, '');
  if (s === '') s = 'image';
  if (RESERVED.test(s)) s = `${s}-image`;
  return s;
}

/** A bilingual warning. */
const warn = (code: string, zh: string, en: string): ImportWarning => ({ code, message: { zh, en } });

/** What adding needs to know about the project. */
export interface AddArtTarget {
  projectId: string;
  /** The project's folder (a user project's: the caller refuses built-in ones). */
  dir: string;
  /** The card's trim width, for the resolution warning. */
  cardWidthMm: number;
  /** Announce a write before it happens (`watcher.recordWrite`), so it is not reported as an outside change. */
  recordWrite(rel: string, content: Uint8Array): void;
}

/** The real `art/` folder of a project, made when missing; a file or link in its place is refused. */
function artFolder(dir: string): Result<string> {
  const at = join(dir, ART_DIR);
  const found = folderAt(at);
  if (found === 'link' || found === 'file') return err(ART_ERRORS.FOLDER, `${at} is ${found === 'link' ? 'a link' : 'a file'}, not a folder; the app only writes art into a real "art" folder inside the project. Move it away and try again.`);
  if (found === 'missing') {
    const made = makeDir(at, 0o755, ART_ERRORS.WRITE_FAILED);
    if (!made.ok) return made;
  }
  return ok(at);
}

/** Decode an image fully (a damaged file fails here) and answer its size and format as sharp sees them. */
async function decode(bytes: Uint8Array, file: string): Promise<Result<{ width: number; height: number; format: string }>> {
  try {
    const img = sharp(bytes, { limitInputPixels: PROJECT_LIMITS.imagePixels, failOn: 'error' });
    const meta = await img.metadata();
    // Render a small copy: only a full decode finds a truncated or corrupt image.
    await img.resize(64, 64, { fit: 'inside' }).png().toBuffer();
    if (!meta.width || !meta.height) throw new Error('it has no size');
    return ok({ width: meta.width, height: meta.height, format: meta.format ?? '' });
  } catch (e) {
    const msg = (e as Error).message;
    if (/pixel limit/i.test(msg))
      return err(ART_ERRORS.BAD_IMAGE, `${file} has more than ${PROJECT_LIMITS.imagePixels / 1e6} million pixels; scale it down (a poker card at 600 dpi needs about 1500 × 2100).`);
    return err(ART_ERRORS.BAD_IMAGE, `${file} could not be read as an image (${msg}); it may be damaged. Open it in an image editor and save it again.`);
  }
}

/**
 * Add an image to the project's `art/` folder: the content must be PNG, JPEG, WebP or SVG
 * (whatever the name says), decode completely with sharp and stay within the pixel limit; an SVG
 * is rebuilt without scripts, handlers or outside references first (art-svg.ts). The file gets a
 * safe name with the extension of its real format, made unique (`-2`, `-3`…: the name is reserved
 * first, so nothing is ever overwritten), and is written atomically. Answers the ref to write in
 * a cell, the size, the resolution across the card's width and warnings.
 * @example await addArt(target, 'Rat.PNG', bytes) // → ok({ ref: 'file:art/rat.png', path: 'art/rat.png', dpiAtCard: 610, … })
 */
export async function addArt(target: AddArtTarget, fileName: string, input: Uint8Array): Promise<Result<AddedArt>> {
  const shownName = fileName.split(/[\\/]/).pop() || fileName;
  if (input.length > ART_LIMITS.addBytes)
    return err(ART_ERRORS.TOO_LARGE, `${shownName} is ${Math.round(input.length / 1048576)} MB, over the limit of ${ART_LIMITS.addBytes / 1048576} MB for one image; save it smaller (JPEG or WebP, or fewer pixels).`);
  const format = sniffFormat(input);
  if (!format)
    return err(ART_ERRORS.UNSUPPORTED, `${shownName} is not a PNG, JPEG, WebP or SVG image (whatever its name says); export it from your image editor in one of those formats.`, { name: shownName });
  const warnings: ImportWarning[] = [];
  let bytes: Uint8Array = input;
  if (format === 'svg') {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      return err(ART_ERRORS.BAD_SVG, `${shownName} is not UTF-8 text; save the SVG as UTF-8 from your vector editor.`, { name: shownName });
    }
    const clean = sanitizeSvg(text, shownName);
    if (!clean.ok) return { ok: false, error: { ...clean.error, details: { name: shownName, ...(clean.error.details as object) } } };
    const heavy = svgTooHeavy(clean.value.svg, shownName);
    if (heavy) return err(ART_ERRORS.BAD_SVG, heavy.en, { name: shownName, zh: heavy.zh, reason: 'too-heavy' });
    bytes = Buffer.from(clean.value.svg, 'utf8');
    if (clean.value.removed.length > 0)
      warnings.push(
        warn(
          'art/svg-cleaned',
          `已从 SVG 中移除可能不安全或无法打印的内容（${[...new Set(clean.value.removed.map(removedZh))].join('、')}）；图形本身保留。`,
          `Removed parts of the SVG that could be unsafe or cannot print (${clean.value.removed.join(', ')}); the drawing itself is kept.`,
        ),
      );
  }
  const info = await decode(bytes, shownName);
  if (!info.ok) return format === 'svg' ? err(ART_ERRORS.BAD_SVG, info.error.message, { name: shownName }) : info;
  const sharpFormat = info.value.format === 'jpg' ? 'jpeg' : info.value.format;
  if (sharpFormat !== format)
    return err(ART_ERRORS.UNSUPPORTED, `${shownName} looks like ${format.toUpperCase()} but decodes as ${sharpFormat || 'something else'}; save it again as PNG, JPEG, WebP or SVG.`, { name: shownName });

  const base = artBaseName(shownName);
  const ext = EXT[format];
  const givenExt = /\.[^.]*$/.exec(shownName)?.[0]?.toLowerCase() ?? '';
  if (givenExt !== ext && !(format === 'jpeg' && givenExt === '.jpeg'))
    warnings.push(warn('art/renamed', `文件内容是 ${format.toUpperCase()}，已保存为 ${ext}。`, `The file's content is ${format.toUpperCase()}, so it is saved as ${ext}.`));
  const folder = artFolder(target.dir);
  if (!folder.ok) return folder;
  const slot = reserveName(folder.value, base, ext);
  if (!slot.ok) return err(ART_ERRORS.WRITE_FAILED, slot.error.message);
  const name = `${slot.value.name}${ext}`;
  const path = `${ART_DIR}/${name}`;
  try {
    target.recordWrite(path, bytes);
    writeAtomic(slot.value.file, bytes);
  } catch (e) {
    slot.value.release();
    if (e instanceof WriteError) return err(ART_ERRORS.WRITE_FAILED, e.message);
    throw e;
  }
  // The file is in place under its name: the hidden holder goes.
  slot.value.release();
  const dpiAtCard = format === 'svg' ? null : Math.round(info.value.width / (target.cardWidthMm / 25.4));
  if (dpiAtCard !== null && dpiAtCard < ART_LIMITS.minDpi) {
    const need = Math.ceil((target.cardWidthMm / 25.4) * ART_LIMITS.minDpi);
    warnings.push(
      warn(
        'art/low-dpi',
        `分辨率偏低：铺满 ${target.cardWidthMm} 毫米宽的卡牌时只有 ${dpiAtCard} dpi（印刷建议至少 ${ART_LIMITS.minDpi} dpi，即宽度至少 ${need} 像素）。小面积使用没有问题。`,
        `Low resolution: spanning the card's full ${target.cardWidthMm} mm width it has ${dpiAtCard} dpi (print needs ${ART_LIMITS.minDpi} dpi, at least ${need} px wide). Smaller uses on the card are fine.`,
      ),
    );
  }
  if (slot.value.name !== base)
    warnings.push(warn('art/name-taken', `art/ 中已有同名文件，新文件保存为 ${name}。`, `art/ already has a file of that name; the new one is saved as ${name}.`));
  return ok({ ref: imageRef(path), path, width: info.value.width, height: info.value.height, format, dpiAtCard, warnings });
}

/** Thumbnails by file identity (path, size, time, inode), so a changed file gets a new one. */
const thumbs = new Map<string, { thumb?: string; width: number; height: number; format: ArtFormat; problem?: ArtFile['problem'] }>();
const THUMB_CACHE = 4_000;

/** One listed file's image data, from the cache or made now. */
async function describe(dir: string, name: string, st: Stats): Promise<Omit<ArtFile, 'ref' | 'path' | 'name' | 'bytes'>> {
  const key = `${join(dir, name)}|${st.size}|${st.mtimeMs}|${st.ino}`;
  const hit = thumbs.get(key);
  if (hit) return hit;
  const rel = `${ART_DIR}/${name}`;
  const byExt = name.toLowerCase().endsWith('.svg') ? 'svg' : name.toLowerCase().endsWith('.png') ? 'png' : name.toLowerCase().endsWith('.webp') ? 'webp' : 'jpeg';
  let entry: Awaited<ReturnType<typeof describe>>;
  try {
    const bytes = await readProjectBytesAsync(dir, rel, PROJECT_LIMITS.imageBytes);
    if (!bytes) throw new Error('it is gone');
    const format = sniffFormat(bytes);
    if (!format) throw new Error('not a PNG, JPEG, WebP or SVG image');
    const img = sharp(bytes, { limitInputPixels: PROJECT_LIMITS.imagePixels });
    const meta = await img.metadata();
    const png = await img.resize(ART_LIMITS.thumbPx, ART_LIMITS.thumbPx, { fit: 'inside', withoutEnlargement: format !== 'svg' }).png().toBuffer();
    entry = { format, width: meta.width ?? 0, height: meta.height ?? 0, thumb: `data:image/png;base64,${png.toString('base64')}` };
  } catch (e) {
    const why = e instanceof ProjectFileError ? e.message : (e as Error).message;
    entry = { format: byExt, width: 0, height: 0, problem: { zh: `无法读取为图片：${why}`, en: `Cannot be read as an image: ${why}` } };
  }
  if (thumbs.size >= THUMB_CACHE) thumbs.delete(thumbs.keys().next().value!);
  thumbs.set(key, entry);
  return entry;
}

/**
 * The images in a project's `art/` folder (its own files; links and subfolders are left out), by
 * name, each with a PNG thumbnail (cached) or the reason it cannot be used. `folder` is null when
 * the project has no art folder yet.
 */
export async function listArt(dir: string): Promise<{ files: ArtFile[]; folder: string | null }> {
  const at = join(dir, ART_DIR);
  let names: string[];
  try {
    if (!lstatSync(at).isDirectory()) return { files: [], folder: null };
    names = readdirSync(at);
  } catch {
    return { files: [], folder: null };
  }
  const picked = names
    .filter((n) => !n.startsWith('.') && EXTS.has(/\.[^.]*$/.exec(n.toLowerCase())?.[0] ?? ''))
    .sort((a, b) => a.localeCompare(b))
    .slice(0, ART_LIMITS.listed);
  const files: ArtFile[] = [];
  for (const name of picked) {
    let st: Stats;
    try {
      st = lstatSync(join(at, name));
    } catch {
      continue;
    }
    if (!st.isFile()) continue;
    files.push({ ref: imageRef(`${ART_DIR}/${name}`), path: `${ART_DIR}/${name}`, name, bytes: st.size, ...(await describe(dir, name, st)) });
  }
  return { files, folder: at };
}
