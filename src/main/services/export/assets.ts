import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, isAbsolute, resolve as resolvePath } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { mmToPx, type Mm } from '../../../shared/util/units';

/** A raster ready to embed: PNG bytes and their pixel size. */
export interface ResolvedImage {
  png: Buffer;
  pxWidth: number;
  pxHeight: number;
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
}

/** The asset resolver plus what the renderer's preview needs. */
export interface AssetService extends AssetResolver {
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
const RASTER = new Set(['.png', '.jpg', '.jpeg', '.webp']);
const n = (v: number): string => String(Math.round(v * 1000) / 1000);

/** Build the SVG of an iconify icon (with alias and flip/rotate transforms resolved). */
export function iconifySvg(set: IconifySet, name: string): string | undefined {
  let icon: IconifyIcon | undefined = set.icons[name];
  let hFlip = false;
  let vFlip = false;
  let rotate = 0;
  const over: Partial<IconifyIcon> = {};
  for (let depth = 0, cur = name; !icon && depth < 8; depth++) {
    const alias = set.aliases?.[cur];
    if (!alias) return undefined;
    hFlip = hFlip !== !!alias.hFlip;
    vFlip = vFlip !== !!alias.vFlip;
    rotate += alias.rotate ?? 0;
    for (const k of ['width', 'height', 'left', 'top'] as const) if (alias[k] !== undefined && over[k] === undefined) over[k] = alias[k];
    cur = alias.parent;
    icon = set.icons[cur];
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
 * Create the asset service for refs `icon:<set>:<name>` (from the `@iconify-json/<set>` package)
 * and `file:<path>` (PNG, JPEG, WebP or SVG; absolute or relative to `projectDir`).
 * Rasters are cached by (ref, pixel size).
 * @example await createAssetService().resolve('icon:fluent-emoji-flat:rat', 20, 20)
 */
export function createAssetService(opts: AssetServiceOptions = {}): AssetService {
  const sets = new Map<string, Promise<IconifySet>>();
  const rasters = new Map<string, Promise<ResolvedImage>>();
  const cacheSize = opts.cacheSize ?? 256;

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

  type Source = { kind: 'svg'; svg: string } | { kind: 'raster'; bytes: Buffer };

  async function source(ref: string): Promise<Source> {
    const icon = /^icon:([a-z0-9]+(?:-[a-z0-9]+)*):([a-z0-9_-]+)$/i.exec(ref);
    if (icon) {
      const svg = iconifySvg(await loadSet(icon[1]), icon[2]);
      if (!svg) throw new Error(`Icon "${icon[2]}" is not in the icon set "${icon[1]}" (image ref "${ref}"). Check the name in the set's icons.json or on icon-sets.iconify.design.`);
      return { kind: 'svg', svg };
    }
    if (ref.startsWith('file:')) {
      const path = ref.slice(5);
      if (!path) throw new Error(`Image ref "${ref}" has no path. Write file:<path>, e.g. file:art/rat.png.`);
      if (!isAbsolute(path) && !opts.projectDir)
        throw new Error(`Image ref "${ref}" is relative but no project directory is known. Use an absolute path or open the project first.`);
      const abs = isAbsolute(path) ? path : resolvePath(opts.projectDir!, path);
      const ext = extname(abs).toLowerCase();
      if (ext !== '.svg' && !RASTER.has(ext))
        throw new Error(`Image ref "${ref}" has an unsupported type "${ext || '(none)'}". Use a PNG, JPEG, WebP or SVG file.`);
      let bytes: Buffer;
      try {
        bytes = await readFile(abs);
      } catch {
        throw new Error(`Image ref "${ref}" points to ${abs}, which cannot be read. Fix the path or copy the file into the project.`);
      }
      return ext === '.svg' ? { kind: 'svg', svg: bytes.toString('utf8') } : { kind: 'raster', bytes };
    }
    throw new Error(`Unknown image ref "${ref}". Use icon:<set>:<name> (e.g. icon:fluent-emoji-flat:rat) or file:<path>.`);
  }

  async function rasterize(ref: string, pxWidth: number, pxHeight: number): Promise<ResolvedImage> {
    const src = await source(ref);
    let img: Sharp;
    if (src.kind === 'svg') {
      const svg = Buffer.from(src.svg);
      const meta = await sharp(svg).metadata();
      const scale = Math.max(pxWidth / (meta.width || pxWidth), pxHeight / (meta.height || pxHeight));
      const density = Math.min(100_000, Math.max(1, 72 * scale));
      img = sharp(svg, { density });
    } else {
      img = sharp(src.bytes).rotate();
    }
    const png = await img.resize(pxWidth, pxHeight, { fit: 'fill' }).png({ compressionLevel: 9 }).toBuffer();
    return { png, pxWidth, pxHeight };
  }

  const toPx = (mm: Mm, dpi: number): number => Math.max(1, Math.ceil(mmToPx(mm, dpi) - 1e-6));

  return {
    resolve(ref, widthMm, heightMm, dpi = 300) {
      if (!(widthMm > 0 && heightMm > 0)) return Promise.reject(new Error(`Image "${ref}" has an empty box (${widthMm} × ${heightMm} mm); give the layer a positive width and height.`));
      const pxWidth = toPx(widthMm, dpi);
      const pxHeight = toPx(heightMm, dpi);
      const key = `${ref}@${pxWidth}x${pxHeight}`;
      let p = rasters.get(key);
      if (p) rasters.delete(key);
      else {
        p = rasterize(ref, pxWidth, pxHeight);
        p.catch(() => rasters.delete(key));
      }
      rasters.set(key, p);
      while (rasters.size > cacheSize) rasters.delete(rasters.keys().next().value!);
      return p;
    },
    async svgText(ref) {
      const src = await source(ref);
      if (src.kind !== 'svg') throw new Error(`Image ref "${ref}" is a raster image, not SVG; use dataUrl() for it.`);
      return src.svg;
    },
    async dataUrl(ref) {
      const src = await source(ref);
      if (src.kind === 'svg') return `data:image/svg+xml;base64,${Buffer.from(src.svg).toString('base64')}`;
      const png = await sharp(src.bytes).rotate().resize(1024, 1024, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
      return `data:image/png;base64,${png.toString('base64')}`;
    },
  };
}
