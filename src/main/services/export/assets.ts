import { readFile } from 'node:fs/promises';
import { svgTooHeavy } from '../../../shared/cards/svg-limits';
import { workingOn } from '../../../shared/util/working-on';
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import type { Sharp } from 'sharp';
import { sharp } from '../lazy-sharp';
import { cacheDir as defaultCacheDir } from '../paths';
import { cacheKey, cacheOutside, fileHash, readCached, sha256, writeCached } from './disk-cache';
import { PROJECT_LIMITS } from '../../../shared/cards/limits';
import { UsageError } from '../../../shared/util/assert';
import { mmToPx, type Mm } from '../../../shared/util/units';
import { checkProjectPath, ProjectReadError, readProjectBytesAsync } from '../safe-read';
import { AssetError, checkBox, type AssetErrorKind } from './asset-error';
import { own } from '../../../shared/util/dict';

export { AssetError, checkBox, imageFailure, type AssetErrorKind } from './asset-error';

/** A raster ready to embed: PNG bytes and their pixel size. */
export interface ResolvedImage {
  png: Buffer;
  pxWidth: number;
  pxHeight: number;
}

/**
 * A raster ready to be a PDF image XObject: 8-bit RGB samples and, when any pixel is not opaque,
 * 8-bit alpha samples (the soft mask), each zlib-compressed (`/FlateDecode`, no predictor).
 */
export interface PdfImage {
  pxWidth: number;
  pxHeight: number;
  rgb: Uint8Array;
  alpha?: Uint8Array;
}

/**
 * Turns an image reference of a draw list into pixels. Writers stretch the result over the
 * image box (as the SVG preview does with `preserveAspectRatio="none"`).
 */
export interface AssetResolver {
  /**
   * Rasterize `ref` for a box of `widthMm` × `heightMm` at `dpi` (default 300): the PNG is
   * exactly `ceil(mm / 25.4 × dpi)` pixels on each side, so it has at least `dpi` when drawn
   * in that box.
   */
  resolve(ref: string, widthMm: Mm, heightMm: Mm, dpi?: number): Promise<ResolvedImage>;
  /**
   * The picture's own pixel size (its proportions place `contain` / `cover` images, image-fit.ts).
   * Writers need it only for draw lists with fitted images; `AssetService.inspect` is one.
   */
  inspect?(ref: string): Promise<{ widthPx: number; heightPx: number }>;
  /**
   * The same pixels as `resolve`, ready to embed in a PDF (kept in the cache folder between
   * runs). Writers fall back to embedding `resolve`'s PNG without it.
   */
  pdfImage?(ref: string, widthMm: Mm, heightMm: Mm, dpi?: number): Promise<PdfImage>;
}

/** What preflight learns about an image without drawing it. */
export interface ImageInfo {
  format: 'png' | 'jpeg' | 'webp' | 'svg';
  /** Icons and SVG files: scalable, so their pixel size says nothing about print resolution. */
  vector: boolean;
  widthPx: number;
  heightPx: number;
}

/** The asset resolver plus what preflight and the renderer's preview need. */
export interface AssetService extends AssetResolver {
  /**
   * Read and decode `ref` once (cached while it stays good): its format and pixel size. Throws an
   * `AssetError` for anything an export would fail on: outside the project, missing, not an
   * image, an unsupported type, too many pixels, an SVG that does not parse.
   */
  inspect(ref: string): Promise<ImageInfo>;
  /** SVG markup of an `icon:` ref or of a `file:` ref to an `.svg` file. */
  svgText(ref: string): Promise<string>;
  /** A data URL for the preview: SVG for icons and SVG files, PNG (at most 1024 px) for raster files. */
  dataUrl(ref: string): Promise<string>;
}

/** Options of `createAssetService`. */
export interface AssetServiceOptions {
  /** Base directory of project-relative `file:` refs. */
  projectDir?: string;
  /** How many rasters to keep cached (default 256). */
  cacheSize?: number;
  /**
   * Folder that keeps inspections and PDF-ready rasters between runs (default `cacheDir()`; null:
   * none). Never used when it lies inside `projectDir`.
   */
  cacheDir?: string | null;
}

interface IconifyIcon {
  body: string;
  width?: number;
  height?: number;
  left?: number;
  top?: number;
  hFlip?: boolean;
  vFlip?: boolean;
  rotate?: number;
}
interface IconifyAlias extends Partial<IconifyIcon> {
  parent: string;
}
interface IconifySet {
  prefix: string;
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, IconifyAlias>;
  width?: number;
  height?: number;
  left?: number;
  top?: number;
}

const req = createRequire(import.meta.url);
const deflateAsync = promisify(deflate);
const RASTER = new Set(['.png', '.jpg', '.jpeg', '.webp']);
const RASTER_FORMATS = new Set(['png', 'jpeg', 'webp']);

/** The zh text of a project-file refusal, by reason (the en text is the reader's own message). */
const READ_ZH: Record<ProjectReadError['reason'], (ref: string) => string> = {
  name: (ref) => `图片引用“${ref}”的路径不可用；请写项目文件夹内的路径，如 file:art/rat.png。`,
  outside: (ref) => `图片“${ref}”位于项目文件夹之外（绝对路径、“..”或指向外部的链接）；项目只能使用自己文件夹里的文件。请把文件复制到项目中（如 art/ 文件夹），写成 file:art/<文件名>。`,
  'not-file': (ref) => `图片“${ref}”不是普通文件（可能是文件夹或管道）；请换成普通的图片文件。`,
  'too-large': (ref) => `图片“${ref}”文件过大（上限 ${PROJECT_LIMITS.imageBytes / 1024 / 1024} MB）；请缩小图片。`,
  encoding: (ref) => `图片“${ref}”无法读取；请重新保存该文件。`,
  unreadable: (ref) => `图片“${ref}”无法读取（权限或链接问题）；请检查该文件。`,
};
const READ_KIND: Record<ProjectReadError['reason'], AssetErrorKind> = { name: 'unknown', outside: 'outside', 'not-file': 'unreadable', 'too-large': 'too-large', encoding: 'unreadable', unreadable: 'unreadable' };

/** The bytes of a `file:` ref, read only from inside `projectDir` (see safe-read.ts). */
async function projectFile(ref: string, projectDir: string | undefined): Promise<Buffer> {
  const path = ref.slice(5);
  try {
    if (!path) throw new ProjectReadError(path, 'the ref has no path; write file:<path>, e.g. file:art/rat.png.', 'name');
    checkProjectPath(path); // absolute and `..` refs are refused even when no folder is known
    const ext = extname(path).toLowerCase();
    if (ext !== '.svg' && !RASTER.has(ext))
      throw new AssetError('unsupported', ref, {
        en: `Image ref "${ref}" has an unsupported type "${ext || '(none)'}". Use a PNG, JPEG, WebP or SVG file.`,
        zh: `图片“${ref}”的类型“${ext || '（无）'}”不受支持。请使用 PNG、JPEG、WebP 或 SVG 文件。`,
      });
    if (!projectDir)
      throw new AssetError('unreadable', ref, {
        en: `Image ref "${ref}" is relative but no project folder is known; open the project first.`,
        zh: `图片“${ref}”是相对路径，但不知道项目文件夹；请先打开项目。`,
      });
    const bytes = await readProjectBytesAsync(projectDir, path, PROJECT_LIMITS.imageBytes);
    if (bytes === undefined)
      throw new AssetError('missing', ref, {
        en: `Image ref "${ref}": ${path} is not in the project folder. Fix the path or copy the file into the project.`,
        zh: `图片“${ref}”：项目文件夹中没有 ${path}。请修正路径，或把文件复制到项目中。`,
      });
    return bytes;
  } catch (e) {
    if (!(e instanceof ProjectReadError)) throw e;
    throw new AssetError(READ_KIND[e.reason], ref, { en: `Image ref "${ref}": ${e.message}`, zh: READ_ZH[e.reason](ref) });
  }
}

/** Run a sharp call; whatever it throws becomes an `AssetError` naming the ref. */
async function decoding<T>(ref: string, f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof AssetError) throw e;
    const why = (e as Error).message.split('\n')[0];
    throw new AssetError('not-image', ref, {
      en: `Image ref "${ref}" is not a readable image (${why}). Open it in an image editor and save it again as PNG, JPEG, WebP or SVG.`,
      zh: `图片“${ref}”无法解码（${why}）。请用图像编辑器打开并重新保存为 PNG、JPEG、WebP 或 SVG。`,
    });
  }
}

/** Format and pixel size of raster bytes from the header alone, refusing what must not be decoded. */
async function rasterInfo(ref: string, bytes: Buffer): Promise<ImageInfo> {
  // Header only: no pixel limit here, so the size can be checked and named below.
  const meta = await decoding(ref, () => sharp(bytes, { limitInputPixels: false }).metadata());
  if (!RASTER_FORMATS.has(meta.format))
    throw new AssetError('unsupported', ref, {
      en: `Image ref "${ref}" holds a ${meta.format} image, not PNG, JPEG or WebP. Convert it to PNG.`,
      zh: `图片“${ref}”的内容是 ${meta.format} 格式，不是 PNG、JPEG 或 WebP。请转换为 PNG。`,
    });
  const { width, height } = meta;
  if (!(width > 0 && height > 0)) throw new AssetError('not-image', ref, { en: `Image ref "${ref}" has no size (${width} × ${height} px); save it again.`, zh: `图片“${ref}”没有尺寸（${width} × ${height} 像素）；请重新保存。` });
  if (width * height > PROJECT_LIMITS.imagePixels) {
    const mp = (v: number) => `${Math.round(v / 1e5) / 10}`;
    throw new AssetError('too-large', ref, {
      en: `Image ref "${ref}" is ${width} × ${height} px (${mp(width * height)} megapixels), over the limit of ${mp(PROJECT_LIMITS.imagePixels)} megapixels. Scale it down; 300 DPI at A1 is about 70 megapixels.`,
      zh: `图片“${ref}”为 ${width} × ${height} 像素（${mp(width * height)} 百万像素），超过上限 ${mp(PROJECT_LIMITS.imagePixels)} 百万像素。请缩小图片；A1 尺寸 300 DPI 约为 7000 万像素。`,
    });
  }
  return { format: meta.format as ImageInfo['format'], vector: false, widthPx: width, heightPx: height };
}

const n = (v: number): string => String(Math.round(v * 1000) / 1000);

/** Build the SVG of an iconify icon (with alias and flip/rotate transforms resolved). */
export function iconifySvg(set: IconifySet, name: string): string | undefined {
  // Icon names come from a project's cells: only the set's own entries count (never `constructor`).
  let icon: IconifyIcon | undefined = own(set.icons, name);
  let hFlip = false;
  let vFlip = false;
  let rotate = 0;
  const over: Partial<IconifyIcon> = {};
  for (let depth = 0, cur = name; !icon && depth < 8; depth++) {
    const alias = own(set.aliases, cur);
    if (!alias) return undefined;
    hFlip = hFlip !== !!alias.hFlip;
    vFlip = vFlip !== !!alias.vFlip;
    rotate += alias.rotate ?? 0;
    for (const k of ['width', 'height', 'left', 'top'] as const) if (alias[k] !== undefined && over[k] === undefined) over[k] = alias[k];
    cur = alias.parent;
    icon = own(set.icons, cur);
  }
  if (!icon) return undefined;
  hFlip = hFlip !== !!icon.hFlip;
  vFlip = vFlip !== !!icon.vFlip;
  rotate = (((rotate + (icon.rotate ?? 0)) % 4) + 4) % 4;
  const w = over.width ?? icon.width ?? set.width ?? 16;
  const h = over.height ?? icon.height ?? set.height ?? 16;
  const left = over.left ?? icon.left ?? set.left ?? 0;
  const top = over.top ?? icon.top ?? set.top ?? 0;
  const cx = left + w / 2;
  const cy = top + h / 2;
  const t: string[] = [];
  if (rotate) t.push(`rotate(${rotate * 90} ${n(cx)} ${n(cy)})`);
  if (hFlip) t.push(`translate(${n(2 * cx)} 0) scale(-1 1)`);
  if (vFlip) t.push(`translate(0 ${n(2 * cy)}) scale(1 -1)`);
  const body = t.length ? `<g transform="${t.join(' ')}">${icon.body}</g>` : icon.body;
  const [vw, vh] = rotate % 2 ? [h, w] : [w, h];
  const vb = `${n(cx - vw / 2)} ${n(cy - vh / 2)} ${n(vw)} ${n(vh)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${n(vw)}" height="${n(vh)}" viewBox="${vb}">${body}</svg>`;
}

/**
 * Icon sets, parsed once per process and shared by every asset service: they are package files,
 * the same for every project, and one set is a 9 MB JSON file (parsing it per project cost each
 * open project ~80 ms and tens of MB).
 */
const sets = new Map<string, Promise<IconifySet>>();

function loadSet(set: string): Promise<IconifySet> {
  let p = sets.get(set);
  if (!p) {
    p = (async () => {
      let file: string;
      try {
        file = req.resolve(`@iconify-json/${set}/icons.json`);
      } catch {
        throw new Error(`Icon set "${set}" is not installed. Add the npm package @iconify-json/${set} to dependencies, or use an installed set such as fluent-emoji-flat.`);
      }
      return JSON.parse(await readFile(file, 'utf8')) as IconifySet;
    })();
    p.catch(() => sets.delete(set));
    sets.set(set, p);
  }
  return p;
}

/**
 * The SHA-256 of each icon set's file (`fileHash`), once per process: the identity of its icons
 * in cache keys, known without parsing (or, after the first run, even reading) its 9 MB of JSON.
 */
const setHashes = new Map<string, string | undefined>();

function setHash(set: string, cache: string | undefined): string | undefined {
  if (!setHashes.has(set)) {
    let hash: string | undefined;
    try {
      hash = fileHash(req.resolve(`@iconify-json/${set}/icons.json`), cache);
    } catch {
      hash = undefined; // not installed: `source` says so
    }
    setHashes.set(set, hash);
  }
  return setHashes.get(set);
}

const ICON_REF = /^icon:([a-z0-9]+(?:-[a-z0-9]+)*):([a-z0-9_-]+)$/i;

/** Bump when what a cache entry holds, or how it is made, changes. */
const INSPECT_VERSION = 'inspect-v1';
const PDF_IMAGE_VERSION = 'pdf-image-v1';

/** A cached PDF image: `FQIM`, width, height, RGB length, alpha length (0: opaque), then the two streams. */
const PDF_IMAGE_MAGIC = 0x4651494d;

function encodePdfImage(img: PdfImage): Buffer {
  const head = Buffer.alloc(20);
  head.writeUInt32BE(PDF_IMAGE_MAGIC, 0);
  head.writeUInt32BE(img.pxWidth, 4);
  head.writeUInt32BE(img.pxHeight, 8);
  head.writeUInt32BE(img.rgb.byteLength, 12);
  head.writeUInt32BE(img.alpha?.byteLength ?? 0, 16);
  return Buffer.concat([head, img.rgb, ...(img.alpha ? [img.alpha] : [])]);
}

function decodePdfImage(b: Buffer, pxWidth: number, pxHeight: number): PdfImage | undefined {
  if (b.byteLength < 20 || b.readUInt32BE(0) !== PDF_IMAGE_MAGIC) return undefined;
  const [w, h, rgbLen, alphaLen] = [b.readUInt32BE(4), b.readUInt32BE(8), b.readUInt32BE(12), b.readUInt32BE(16)];
  if (w !== pxWidth || h !== pxHeight || rgbLen === 0 || b.byteLength !== 20 + rgbLen + alphaLen) return undefined;
  const rgb = b.subarray(20, 20 + rgbLen);
  return alphaLen ? { pxWidth, pxHeight, rgb, alpha: b.subarray(20 + rgbLen) } : { pxWidth, pxHeight, rgb };
}

/** 8-bit RGBA pixels as a PDF image: RGB and (unless every pixel is opaque) alpha, each deflated. */
export async function pdfImageFromRgba(rgba: Uint8Array, pxWidth: number, pxHeight: number): Promise<PdfImage> {
  const n = pxWidth * pxHeight;
  if (rgba.byteLength !== n * 4) throw new Error(`Expected ${n * 4} bytes of RGBA for ${pxWidth} × ${pxHeight} px, got ${rgba.byteLength}.`);
  const rgb = Buffer.allocUnsafe(n * 3);
  const alpha = Buffer.allocUnsafe(n);
  let opaque = true;
  for (let i = 0, j = 0, k = 0; i < n; i++, k += 4, j += 3) {
    rgb[j] = rgba[k]!;
    rgb[j + 1] = rgba[k + 1]!;
    rgb[j + 2] = rgba[k + 2]!;
    const a = rgba[k + 3]!;
    alpha[i] = a;
    if (a !== 255) opaque = false;
  }
  const [zRgb, zAlpha] = await Promise.all([deflateAsync(rgb), opaque ? undefined : deflateAsync(alpha)]);
  return zAlpha ? { pxWidth, pxHeight, rgb: zRgb, alpha: zAlpha } : { pxWidth, pxHeight, rgb: zRgb };
}

/**
 * Create the asset service for refs `icon:<set>:<name>` (from the `@iconify-json/<set>` package)
 * and `file:<path>` (PNG, JPEG, WebP or SVG, relative to `projectDir` and read only from inside
 * it). Every failure is an `AssetError` naming the ref. Rasters are cached by (ref, pixel size).
 * @example await createAssetService().resolve('icon:fluent-emoji-flat:rat', 20, 20)
 */
export function createAssetService(opts: AssetServiceOptions = {}): AssetService {
  const rasters = new Map<string, Promise<ResolvedImage>>();
  const inspections = new Map<string, Promise<ImageInfo>>();
  const pdfImages = new Map<string, Promise<PdfImage>>();
  const cacheSize = opts.cacheSize ?? 256;
  const disk = opts.cacheDir === null ? undefined : cacheOutside(opts.cacheDir ?? defaultCacheDir(), opts.projectDir);

  /**
   * What a ref's pixels are made from, as a hash: the icon set file's hash and the icon's name, or
   * the project file's bytes. Undefined when it cannot be known cheaply (then nothing is cached
   * and the ordinary path reports the problem).
   */
  async function sourceKey(ref: string): Promise<string | undefined> {
    const icon = ICON_REF.exec(ref);
    if (icon) {
      const h = setHash(icon[1]!, disk);
      return h && cacheKey('icon', icon[1]!, h, icon[2]!);
    }
    if (!ref.startsWith('file:')) return undefined;
    try {
      return cacheKey('file', extname(ref).toLowerCase(), sha256(await projectFile(ref, opts.projectDir)));
    } catch {
      return undefined;
    }
  }

  /** A bounded in-memory cache: the most recently used entries, `make` for the rest. */
  function remembered<T>(map: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
    let p = map.get(key);
    if (p) map.delete(key);
    else {
      p = make();
      p.catch(() => map.delete(key));
    }
    map.set(key, p);
    while (map.size > cacheSize) map.delete(map.keys().next().value!);
    return p;
  }

  type Source = { kind: 'svg'; svg: string } | { kind: 'raster'; bytes: Buffer };

  async function source(ref: string): Promise<Source> {
    const icon = ICON_REF.exec(ref);
    if (icon) {
      let set: IconifySet;
      try {
        set = await loadSet(icon[1]!);
      } catch (e) {
        throw new AssetError('missing', ref, { en: (e as Error).message, zh: `图标集“${icon[1]}”未安装。请把 npm 包 @iconify-json/${icon[1]} 加入依赖，或使用已安装的图标集，如 fluent-emoji-flat。` });
      }
      const svg = iconifySvg(set, icon[2]!);
      if (!svg)
        throw new AssetError('missing', ref, {
          en: `Icon "${icon[2]}" is not in the icon set "${icon[1]}" (image ref "${ref}"). Check the name in the set's icons.json or on icon-sets.iconify.design.`,
          zh: `图标集“${icon[1]}”中没有图标“${icon[2]}”（图片引用“${ref}”）。请在图标集的 icons.json 或 icon-sets.iconify.design 上核对名称。`,
        });
      return { kind: 'svg', svg };
    }
    if (ref.startsWith('file:')) {
      workingOn('file', ref.slice(5));
      const bytes = await projectFile(ref, opts.projectDir);
      if (extname(ref).toLowerCase() !== '.svg') return { kind: 'raster', bytes };
      const svg = bytes.toString('utf8');
      // Filters that take a renderer minutes are refused before anything draws the file.
      const heavy = svgTooHeavy(svg, `Image ref "${ref}"`);
      if (heavy) throw new AssetError('too-large', ref, { en: heavy.en, zh: heavy.zh.replace(`Image ref "${ref}"`, `图片“${ref}”`) });
      return { kind: 'svg', svg };
    }
    throw new AssetError('unknown', ref, {
      en: `Unknown image ref "${ref}". Use icon:<set>:<name> (e.g. icon:fluent-emoji-flat:rat) or file:<path>.`,
      zh: `无法识别图片引用“${ref}”。请写 icon:<图标集>:<名称>（如 icon:fluent-emoji-flat:rat）或 file:<路径>。`,
    });
  }

  /** The ref drawn at exactly `pxWidth` × `pxHeight` (stretched), before it is encoded. */
  async function drawn(ref: string, pxWidth: number, pxHeight: number): Promise<Sharp> {
    const src = await source(ref);
    let img: Sharp;
    if (src.kind === 'svg') {
      const svg = Buffer.from(src.svg);
      const meta = await sharp(svg).metadata();
      const scale = Math.max(pxWidth / (meta.width || pxWidth), pxHeight / (meta.height || pxHeight));
      const density = Math.min(100_000, Math.max(1, 72 * scale));
      img = sharp(svg, { density });
    } else {
      await rasterInfo(ref, src.bytes);
      img = sharp(src.bytes, { limitInputPixels: PROJECT_LIMITS.imagePixels }).rotate();
    }
    return img.resize(pxWidth, pxHeight, { fit: 'fill' });
  }

  async function rasterize(ref: string, pxWidth: number, pxHeight: number): Promise<ResolvedImage> {
    const png = await decoding(ref, async () => (await drawn(ref, pxWidth, pxHeight)).png({ compressionLevel: 9 }).toBuffer());
    return { png, pxWidth, pxHeight };
  }

  /** The pixels of `rasterize`, as a PDF image; from the cache folder when it has them. */
  async function pdfImage(ref: string, pxWidth: number, pxHeight: number): Promise<PdfImage> {
    const src = disk ? await sourceKey(ref) : undefined;
    const key = src && cacheKey(PDF_IMAGE_VERSION, src, `${pxWidth}x${pxHeight}`);
    const hit = key && readCached(disk, 'pdf-images', key);
    const cached = hit && decodePdfImage(hit, pxWidth, pxHeight);
    if (cached) return cached;
    const { data, info } = await decoding(ref, async () =>
      (await drawn(ref, pxWidth, pxHeight)).ensureAlpha().toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true }),
    );
    if (info.width !== pxWidth || info.height !== pxHeight || info.channels !== 4)
      throw new Error(`Rasterising "${ref}" gave ${info.width} × ${info.height} px with ${info.channels} channels, not ${pxWidth} × ${pxHeight} RGBA.`);
    const img = await pdfImageFromRgba(data, pxWidth, pxHeight);
    if (key) writeCached(disk, 'pdf-images', key, encodePdfImage(img));
    return img;
  }

  /** `inspectNow`, or what it said last time about the same source (only what it accepted is kept). */
  async function inspect(ref: string): Promise<ImageInfo> {
    const src = disk ? await sourceKey(ref) : undefined;
    const key = src && cacheKey(INSPECT_VERSION, src, String(PROJECT_LIMITS.imagePixels));
    const hit = key && readCached(disk, 'image-info', key, 'json');
    if (hit) {
      try {
        const info = JSON.parse(hit.toString('utf8')) as ImageInfo;
        if (['png', 'jpeg', 'webp', 'svg'].includes(info.format) && typeof info.vector === 'boolean' && Number.isFinite(info.widthPx) && Number.isFinite(info.heightPx)) return info;
      } catch {
        // A damaged entry: inspected again below, and written anew.
      }
    }
    const info = await inspectNow(ref);
    if (key) writeCached(disk, 'image-info', key, Buffer.from(JSON.stringify(info)), 'json');
    return info;
  }

  async function inspectNow(ref: string): Promise<ImageInfo> {
    const src = await source(ref);
    if (src.kind === 'svg') {
      // Parsing is what fails on a broken SVG (an undefined entity, bad XML): do it here, not in the export.
      const meta = await decoding(ref, () => sharp(Buffer.from(src.svg)).metadata());
      return { format: 'svg', vector: true, widthPx: meta.width ?? 0, heightPx: meta.height ?? 0 };
    }
    const info = await rasterInfo(ref, src.bytes);
    // The header can be fine and the pixels truncated or corrupt: decode once, into a thumbnail.
    await decoding(ref, () => sharp(src.bytes, { limitInputPixels: PROJECT_LIMITS.imagePixels }).resize(16, 16, { fit: 'inside' }).raw().toBuffer());
    return info;
  }

  const toPx = (mm: Mm, dpi: number): number => Math.max(1, Math.ceil(mmToPx(mm, dpi) - 1e-6));

  return {
    resolve(ref, widthMm, heightMm, dpi = 300) {
      const box = checkBox(ref, widthMm, heightMm);
      if (box) return Promise.reject(box);
      const pxWidth = toPx(widthMm, dpi);
      const pxHeight = toPx(heightMm, dpi);
      return remembered(rasters, `${ref}@${pxWidth}x${pxHeight}`, () => rasterize(ref, pxWidth, pxHeight));
    },
    pdfImage(ref, widthMm, heightMm, dpi = 300) {
      const box = checkBox(ref, widthMm, heightMm);
      if (box) return Promise.reject(box);
      const pxWidth = toPx(widthMm, dpi);
      const pxHeight = toPx(heightMm, dpi);
      return remembered(pdfImages, `${ref}@${pxWidth}x${pxHeight}`, () => pdfImage(ref, pxWidth, pxHeight));
    },
    inspect(ref) {
      let p = inspections.get(ref);
      if (!p) {
        inspections.set(ref, (p = inspect(ref)));
        p.catch(() => inspections.delete(ref)); // a fixed file is looked at again
        while (inspections.size > cacheSize) inspections.delete(inspections.keys().next().value!);
      }
      return p;
    },
    async svgText(ref) {
      const src = await source(ref);
      if (src.kind !== 'svg') throw new UsageError(`Image ref "${ref}" is a raster image, not SVG; use dataUrl() for it.`);
      return src.svg;
    },
    async dataUrl(ref) {
      const src = await source(ref);
      if (src.kind === 'svg') return `data:image/svg+xml;base64,${Buffer.from(src.svg).toString('base64')}`;
      await rasterInfo(ref, src.bytes);
      const png = await decoding(ref, () =>
        sharp(src.bytes, { limitInputPixels: PROJECT_LIMITS.imagePixels }).rotate().resize(1024, 1024, { fit: 'inside', withoutEnlargement: true }).png().toBuffer(),
      );
      return `data:image/png;base64,${png.toString('base64')}`;
    },
  };
}
