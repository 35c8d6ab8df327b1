import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import type { OverlayOptions } from 'sharp';
import { sharp } from '../lazy-sharp';
import { walkOps, type DrawList } from '../../../shared/cards/draw-list';
import { drawListToSvg } from '../../../shared/cards/svg';
import { MM_PER_INCH, mmToPx } from '../../../shared/util/units';
import { AssetError, createAssetService, imageFailure, type AssetResolver } from './assets';
import { createFontService, type FontService } from './fonts';
import { placeFittedImages } from './fit';

/** One card face to write: `name` becomes the file name (`<name>.png`). */
export interface NamedFace {
  name: string;
  list: DrawList;
}

/** A written image. */
export interface WrittenPng {
  file: string;
  pxWidth: number;
  pxHeight: number;
}

/** What rendering needs; both default to fresh services (pass the app's to share caches). */
export interface PngDeps {
  fonts?: FontService;
  assets?: AssetResolver;
  /** Called after each image with (done, total). */
  onProgress?: (done: number, total: number) => void;
  /** Checked before each image. */
  signal?: AbortSignal;
}

/**
 * Render a draw list to opaque RGB PNG bytes (no alpha channel) of exactly `pxWidth` × `pxHeight`: through the shared SVG
 * writer with text as glyph outlines (librsvg has no CJK fonts and ignores @font-face) and
 * images inlined as PNG data URLs rasterized for their box at the output resolution.
 * `bleed`: include the bleed box (true) or crop to the trim box.
 */
export async function renderListPng(list: DrawList, pxWidth: number, pxHeight: number, bleed: boolean, deps: { fonts: FontService; assets?: AssetResolver }): Promise<Buffer> {
  return (await rasterPipeline(list, pxWidth, pxHeight, bleed, deps)).png({ compressionLevel: PNG_COMPRESSION }).toBuffer();
}

/**
 * zlib level of the PNGs written: 6 (zlib's own default). Level 9 saved a sixth of the bytes on
 * the 斗福 deck (11.9 MB against 13.9 MB for 104 cards) for 4–5× the encoding time, which was
 * most of an export's time; print shops and Tabletop Simulator take either.
 */
const PNG_COMPRESSION = 6;

/**
 * A raster image's PNG bytes as a data URL, made once per decoded image: the asset service keeps
 * each image rasterized for its box, and the same art on 50 cards is base64-encoded once.
 */
const dataUrls = new WeakMap<Buffer, string>();
function pngDataUrl(png: Buffer): string {
  let url = dataUrls.get(png);
  if (url === undefined) dataUrls.set(png, (url = `data:image/png;base64,${png.toString('base64')}`));
  return url;
}

/** The sharp pipeline that rasterizes `list` (see `renderListPng`), flattened on white, before encoding. */
async function rasterPipeline(list: DrawList, pxWidth: number, pxHeight: number, bleed: boolean, deps: { fonts: FontService; assets?: AssetResolver }) {
  [list] = await placeFittedImages([list], deps.assets);
  const wMm = list.width + (bleed ? 2 * list.bleed : 0);
  const dpi = (pxWidth * MM_PER_INCH) / wMm; // the output resolution
  const sizes = new Map<string, { w: number; h: number }>();
  const layers = new Map<string, string>(); // the first layer using each ref, to name it in errors
  walkOps(list.ops, (op) => {
    if (op.op !== 'image' || !(op.w > 0 && op.h > 0)) return;
    const s = sizes.get(op.ref);
    sizes.set(op.ref, { w: Math.max(s?.w ?? 0, op.w), h: Math.max(s?.h ?? 0, op.h) });
    if (op.id && !layers.has(op.ref)) layers.set(op.ref, op.id);
  });
  if (sizes.size && !deps.assets) throw new Error('The card has images but no asset resolver was given; pass createAssetService(...) as `assets`.');
  const hrefs = new Map<string, string>();
  for (const [ref, s] of [...sizes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const layer = layers.get(ref);
    const img = await deps.assets!.resolve(ref, s.w, s.h, Math.ceil(dpi)).catch((e: unknown) => {
      throw imageFailure(e, ref, layer ? { en: `Layer “${layer}”`, zh: `图层“${layer}”` } : undefined);
    });
    hrefs.set(ref, pngDataUrl(img.png));
  }
  const svg = drawListToSvg(list, {
    text: 'paths',
    glyphPath: (op) => deps.fonts.glyphPath(op.face, op.text, op.size, op.x, op.y, op.letterSpacing ?? 0),
    imageHref: (ref) => hrefs.get(ref),
    showBleed: bleed,
  });
  // Size the root in pixels (the writer says mm) and stretch the viewBox to exactly that.
  const sized = svg.replace(/^<svg([^>]*?) width="[^"]*" height="[^"]*"/, `<svg$1 width="${pxWidth}" height="${pxHeight}" preserveAspectRatio="none"`);
  if (sized === svg) throw new Error('drawListToSvg returned an unexpected root element; png.ts expects <svg ... width=".." height="..">.');
  // Flattened on white: print shops and Tabletop Simulator want opaque RGB, not an alpha channel.
  return sharp(Buffer.from(sized), { density: 72 }).resize(pxWidth, pxHeight, { fit: 'fill' }).flatten({ background: '#ffffff' });
}

/** Names Windows reserves for devices, with or without an extension (`CON`, `nul.txt`, `COM1`). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/**
 * Why `name` cannot be (the start of) a file name on Windows, macOS or Linux, in both languages,
 * or null when it can: slashes and `\ : * ? " < > |`, control characters, Windows device names
 * (CON, NUL, COM1…), a trailing dot or space, `.` and `..`, more than 100 characters.
 * @example fileNameProblem('RAT:FU')?.en // → 'it contains ":"…'
 */
export function fileNameProblem(name: string): { en: string; zh: string } | null {
  const bad = /[/\\:*?"<>|\u0000-\u001f\u007f]/.exec(name);
  if (!name) return { en: 'it is empty', zh: '它是空的' };
  if (bad) {
    const c = bad[0].charCodeAt(0) < 0x20 || bad[0] === '\u007f' ? `control character U+${bad[0].charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}` : `"${bad[0]}"`;
    return { en: `it contains ${c}, which file names cannot hold`, zh: `其中的 ${c} 不能出现在文件名中` };
  }
  if (name === '.' || name === '..') return { en: `"${name}" means a folder`, zh: `“${name}”表示文件夹` };
  if (/[. ]$/.test(name)) return { en: 'it ends with a dot or a space, which Windows drops', zh: '以句点或空格结尾，Windows 会将其去掉' };
  if (WINDOWS_RESERVED.test(name.split('.')[0]!.trim())) return { en: `"${name.split('.')[0]}" is a device name on Windows`, zh: `“${name.split('.')[0]}”在 Windows 上是设备名` };
  if (name.length > 100) return { en: `it is ${name.length} characters long (at most 100)`, zh: `长度为 ${name.length} 个字符（最多 100 个）` };
  return null;
}

/** A catch handler that puts the card image's name in front of an image failure. */
function named(name: string): (e: unknown) => never {
  return (e) => {
    throw e instanceof AssetError ? e.at({ en: `Card image “${name}”`, zh: `卡图“${name}”` }) : e;
  };
}

function checkNames(faces: NamedFace[]): void {
  const seen = new Map<string, string>();
  for (const f of faces) {
    const p = fileNameProblem(f.name);
    if (p) throw new Error(`Card image name "${f.name}" cannot be a file name: ${p.en}. Use letters, digits, - and _.`);
    // Windows and macOS folders ignore case: "a-front" and "A-front" would be one file.
    const key = f.name.toLowerCase();
    if (seen.has(key)) throw new Error(`Two card images are both named "${f.name}"${seen.get(key) !== f.name ? ` (as "${seen.get(key)}", apart from case)` : ''}; names must be unique within one export.`);
    seen.set(key, f.name);
  }
}

/**
 * Write one PNG per face, `<dir>/<name>.png`, with the full bleed box at `dpi` (default 300):
 * a 63×88 mm card with 3 mm bleed is 815×1110 px. The PNGs carry the DPI (pHYs).
 * @example await writeCardPngs([{ name: 'rat-front', list }], '/out/png')
 */
export async function writeCardPngs(faces: NamedFace[], dir: string, opts: PngDeps & { dpi?: number; size?: (list: DrawList) => { pxWidth: number; pxHeight: number } } = {}): Promise<WrittenPng[]> {
  checkNames(faces);
  const dpi = opts.dpi ?? 300;
  const deps = { fonts: opts.fonts ?? createFontService(), assets: opts.assets ?? createAssetService() };
  await mkdir(dir, { recursive: true });
  let done = 0;
  return inParallel(faces, pngConcurrency(), opts.signal, async (f) => {
    const { pxWidth, pxHeight } = opts.size?.(f.list) ?? cardPngSize(f.list, dpi);
    const file = join(dir, `${f.name}.png`);
    // One pass: rasterized, flattened, encoded once with the DPI (pHYs) straight into the file.
    const pipeline = await rasterPipeline(f.list, pxWidth, pxHeight, true, deps).catch(named(f.name));
    await pipeline.withDensity(dpi).png({ compressionLevel: PNG_COMPRESSION }).toFile(file).catch(named(f.name));
    opts.onProgress?.(++done, faces.length);
    return { file, pxWidth, pxHeight };
  });
}

/**
 * How many card images are rendered at once: one per core. Laying out the SVG is quick JavaScript;
 * rasterizing and encoding (nine tenths of the time) run on libuv's threads, so images in flight
 * together use every core without another worker thread or another copy of the fonts and art.
 */
function pngConcurrency(): number {
  return Math.max(2, Math.min(8, availableParallelism()));
}

/**
 * `fn` over `items` with at most `limit` running at once; the answers in the items' order. The
 * first failure (or an abort of `signal`) stops new items from starting and is thrown once the
 * ones in flight have settled, so no file is still being written when the caller cleans up.
 */
export async function inParallel<T, R>(items: readonly T[], limit: number, signal: AbortSignal | undefined, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failed: { e: unknown } | undefined;
  const lane = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        signal?.throwIfAborted();
        out[i] = await fn(items[i]!, i);
      } catch (e) {
        failed ??= { e };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failed) throw failed.e;
  return out;
}

/** Options of `writeTtsSheet`. */
export interface TtsOptions extends PngDeps {
  /** Largest sheet side in pixels (default 4096, Tabletop Simulator's limit). */
  maxSheetPx?: number;
  /** Grid of a full sheet (default 10 × 7, Tabletop Simulator's maximum). */
  columns?: number;
  rows?: number;
}

/** One written deck sheet and the numbers to type into Tabletop Simulator's custom deck dialog. */
export interface TtsSheet extends WrittenPng {
  columns: number;
  rows: number;
  cards: number;
}

/** What `writeTtsSheet` wrote. */
export interface TtsResult {
  sheets: TtsSheet[];
  back: WrittenPng;
  /** Pixel size of one card on the sheets and of the back image. */
  card: { pxWidth: number; pxHeight: number };
}

/**
 * Write Tabletop Simulator deck sheets: cards at trim size (no bleed) in a grid of up to
 * 10 × 7, each sheet at most 4096 px a side (poker cards are 409×571 px). More than 70 faces
 * give several sheets, `<file>-1.png`, `<file>-2.png`, …; the back is `<file>-back.png`.
 * @example await writeTtsSheet(faces, backList, '/out/deck.png')
 */
export async function writeTtsSheet(faces: NamedFace[], back: DrawList, file: string, opts: TtsOptions = {}): Promise<TtsResult> {
  const lists = faces.map((f) => f.list);
  if (!lists.length) throw new Error('A Tabletop Simulator sheet needs at least one card face.');
  const [cols, rows, max] = [opts.columns ?? 10, opts.rows ?? 7, opts.maxSheetPx ?? 4096];
  const { width: wMm, height: hMm } = lists[0]!;
  for (const l of lists)
    if (Math.abs(l.width - wMm) > 1e-6 || Math.abs(l.height - hMm) > 1e-6)
      throw new Error(`A Tabletop Simulator deck needs cards of one size; found ${wMm}×${hMm} mm and ${l.width}×${l.height} mm. Export each size as its own deck.`);
  // The largest card that lets a full grid fit the sheet limit, the other side rounded to keep the aspect.
  const card =
    max / (cols * wMm) <= max / (rows * hMm)
      ? { pxWidth: Math.floor(max / cols), pxHeight: Math.min(Math.floor(max / rows), Math.round((Math.floor(max / cols) * hMm) / wMm)) }
      : { pxWidth: Math.min(Math.floor(max / cols), Math.round((Math.floor(max / rows) * wMm) / hMm)), pxHeight: Math.floor(max / rows) };
  const deps = { fonts: opts.fonts ?? createFontService(), assets: opts.assets ?? createAssetService() };
  const per = cols * rows;
  const chunks: DrawList[][] = [];
  for (let i = 0; i < lists.length; i += per) chunks.push(lists.slice(i, i + per));
  const names = ttsFiles(file, lists.length, per);
  await mkdir(dirname(file), { recursive: true });
  const total = lists.length + 1;
  let done = 0;
  const tick = (): void => opts.onProgress?.(++done, total);
  const sheets: TtsSheet[] = [];
  for (const [s, chunk] of chunks.entries()) {
    const c = Math.min(cols, chunk.length);
    const r = Math.ceil(chunk.length / c);
    const tiles: OverlayOptions[] = await inParallel(chunk, pngConcurrency(), opts.signal, async (list, i) => {
      // Raw pixels: the sheet is encoded once, not each tile and then the sheet.
      const pipeline = await rasterPipeline(list, card.pxWidth, card.pxHeight, false, deps).catch(named(faces[s * per + i]!.name));
      const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
      tick();
      return { input: data, raw: { width: info.width, height: info.height, channels: info.channels }, left: (i % c) * card.pxWidth, top: Math.floor(i / c) * card.pxHeight };
    });
    const out = names.sheets[s]!;
    const [pxWidth, pxHeight] = [c * card.pxWidth, r * card.pxHeight];
    await sharp({ create: { width: pxWidth, height: pxHeight, channels: 3, background: { r: 255, g: 255, b: 255 } } })
      .composite(tiles)
      .removeAlpha()
      .png({ compressionLevel: PNG_COMPRESSION })
      .toFile(out);
    sheets.push({ file: out, pxWidth, pxHeight, columns: c, rows: r, cards: chunk.length });
  }
  opts.signal?.throwIfAborted();
  const backFile = names.back;
  const backPipeline = await rasterPipeline(back, card.pxWidth, card.pxHeight, false, deps).catch(named('back'));
  await backPipeline.png({ compressionLevel: PNG_COMPRESSION }).toFile(backFile);
  tick();
  return { sheets, back: { file: backFile, ...card }, card };
}

/**
 * The files `writeTtsSheet` writes for `count` faces, `per` to a sheet (default 70): `<file>`
 * for one sheet, else `<base>-1<ext>`, `<base>-2<ext>`, …; and `<base>-back<ext>`.
 * @example ttsFiles('/out/deck.png', 80).sheets // → ['/out/deck-1.png', '/out/deck-2.png']
 */
export function ttsFiles(file: string, count: number, per = 70): { sheets: string[]; back: string } {
  const ext = extname(file) || '.png';
  const base = join(dirname(file), basename(file, extname(file)));
  const n = Math.max(1, Math.ceil(count / per));
  return { sheets: n === 1 ? [`${base}${ext}`] : Array.from({ length: n }, (_, i) => `${base}-${i + 1}${ext}`), back: `${base}-back${ext}` };
}

/** Pixel size of a face with bleed at `dpi`, as `writeCardPngs` writes it. */
export function cardPngSize(list: DrawList, dpi = 300): { pxWidth: number; pxHeight: number } {
  return { pxWidth: Math.round(mmToPx(list.width + 2 * list.bleed, dpi)), pxHeight: Math.round(mmToPx(list.height + 2 * list.bleed, dpi)) };
}
