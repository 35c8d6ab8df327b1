import { FONT_FACES, faceCss, isProjectFace } from './fonts';
import type { DrawList, DrawOp, Fill, ImageOp, Stroke, TextOp } from './draw-list';
import { ptToMm } from '../util/units';
import { fitListImages, type ImageSize } from './image-fit';
import { gradientPaint, outlineSvg, shadowOpSvg } from './svg-effects';

/** The family a preview falls back to while a project font loads (or when it cannot). */
const FALLBACK_FAMILY = FONT_FACES.sans.family;

/** How an SVG writer renders text and images. */
export interface SvgOptions {
  /**
   * `text`: <text> elements in the font families of FONT_FACES (the preview loads the same fonts).
   * `paths`: glyph outlines from `glyphPath` (for rasterizers without the fonts, e.g. sharp).
   */
  text: 'text' | 'paths';
  /** Outline of a text run as SVG path data in mm (required for `paths`). */
  glyphPath?: (op: TextOp) => string;
  /** The href of an image ref (a data URL), or undefined to draw a placeholder. */
  imageHref: (ref: string) => string | undefined;
  /**
   * A picture's own size (any unit), for `contain` / `cover` images: they are then placed exactly
   * as the PDF places them (image-fit.ts). Without it, `contain` is exact anyway
   * (preserveAspectRatio meet) and `cover` is exact for focus 0, ½ or 1 on each axis (slice; other
   * focus values go to the nearest of those).
   */
  imageSize?: (ref: string) => ImageSize | undefined;
  /** Include the bleed area (default true); otherwise crop to the trim box. */
  showBleed?: boolean;
  /** Round the trim corners on screen (never in print). */
  cornerRadius?: number;
  /** Outline the trim (dashed) and safe zone, for the designer's eye. */
  guides?: { safe: number } | false;
  /**
   * Prefix of the clip-path ids. Several SVGs inlined in one HTML page share one id space, so
   * each needs its own prefix there (e.g. the card id); default `f`.
   */
  idPrefix?: string;
}

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const n = (v: number): string => String(Math.round(v * 1000) / 1000);

function paint(fill?: Fill, stroke?: Stroke): string {
  let a = fill ? ` fill="${fill.color}"${fill.opacity !== undefined && fill.opacity < 1 ? ` fill-opacity="${n(fill.opacity)}"` : ''}` : ' fill="none"';
  if (stroke) {
    a += ` stroke="${stroke.color}" stroke-width="${n(stroke.width)}"`;
    if (stroke.opacity !== undefined && stroke.opacity < 1) a += ` stroke-opacity="${n(stroke.opacity)}"`;
    if (stroke.dash?.length) a += ` stroke-dasharray="${stroke.dash.map(n).join(' ')}"`;
  }
  return a;
}

/** preserveAspectRatio of an image op: `none` (stretched), or its fit when its size was not known. */
function aspect(op: ImageOp): string {
  if (op.fit === 'contain') return 'xMidYMid meet';
  if (op.fit !== 'cover') return 'none';
  const at = (v: number | undefined) => (v === undefined || (v > 1 / 3 && v < 2 / 3) ? 'Mid' : v <= 1 / 3 ? 'Min' : 'Max');
  return `x${at(op.focus?.x)}Y${at(op.focus?.y)} slice`;
}

/** Ids of clip paths, numbered per document so the same list always gives the same SVG. */
interface Ids {
  next: number;
  prefix: string;
}

function opToSvg(op: DrawOp, o: SvgOptions, ids: Ids): string {
  switch (op.op) {
    case 'rect': {
      const r = op.radius ? ` rx="${n(op.radius)}"` : '';
      const g = gradientPaint(op.fill, () => `${ids.prefix}g${++ids.next}`);
      const p = g ? g.attr + paint(undefined, op.stroke).replace(' fill="none"', '') : paint(op.fill, op.stroke);
      return `${g?.def ?? ''}<rect x="${n(op.x)}" y="${n(op.y)}" width="${n(op.w)}" height="${n(op.h)}"${r}${p}/>`;
    }
    case 'ellipse': {
      const g = gradientPaint(op.fill, () => `${ids.prefix}g${++ids.next}`);
      const p = g ? g.attr + paint(undefined, op.stroke).replace(' fill="none"', '') : paint(op.fill, op.stroke);
      return `${g?.def ?? ''}<ellipse cx="${n(op.cx)}" cy="${n(op.cy)}" rx="${n(op.rx)}" ry="${n(op.ry)}"${p}/>`;
    }
    case 'shadow':
      return shadowOpSvg(op, `${ids.prefix}s${++ids.next}`);
    case 'line':
      return `<line x1="${n(op.x1)}" y1="${n(op.y1)}" x2="${n(op.x2)}" y2="${n(op.y2)}"${paint(undefined, op.stroke)}/>`;
    case 'path':
      return `<path d="${esc(op.d)}"${paint(op.fill, op.stroke)}/>`;
    case 'text': {
      const op_ = op.opacity !== undefined && op.opacity < 1 ? ` fill-opacity="${n(op.opacity)}"` : '';
      if (o.text === 'paths') {
        if (!o.glyphPath) throw new Error('drawListToSvg: text "paths" needs a glyphPath function');
        return `<path d="${o.glyphPath(op)}" fill="${op.color}"${op_}/>`;
      }
      const face = faceCss(op.face);
      const ls = op.letterSpacing ? ` letter-spacing="${n(op.letterSpacing)}"` : '';
      return (
        `<text x="${n(op.x)}" y="${n(op.y)}" font-family="'${face.family}'${isProjectFace(op.face) ? `, '${FALLBACK_FAMILY}'` : ''}" font-weight="${face.weight}" ` +
        `font-size="${n(ptToMm(op.size))}"${ls} fill="${op.color}"${op_} xml:space="preserve">${esc(op.text)}</text>`
      );
    }
    case 'image': {
      // Image maps are keyed by refs a project wrote: only a string is a picture (never an inherited member).
      const found: unknown = o.imageHref(op.ref);
      const href = typeof found === 'string' ? found : undefined;
      const a = op.opacity !== undefined && op.opacity < 1 ? ` opacity="${n(op.opacity)}"` : '';
      if (!href)
        return `<rect x="${n(op.x)}" y="${n(op.y)}" width="${n(op.w)}" height="${n(op.h)}" fill="#ddd" stroke="#c23b22" stroke-width="0.3"/>`;
      return `<image x="${n(op.x)}" y="${n(op.y)}" width="${n(op.w)}" height="${n(op.h)}" href="${esc(href)}" preserveAspectRatio="${aspect(op)}"${a}/>`;
    }
    case 'group': {
      let open = '<g';
      let defs = '';
      if (op.clip) {
        const id = `${ids.prefix}c${++ids.next}`;
        defs = `<clipPath id="${id}">${outlineSvg({ shape: op.clip.shape ?? 'rect', ...op.clip }, '')}</clipPath>`;
        open += ` clip-path="url(#${id})"`;
      }
      if (op.rotate) open += ` transform="rotate(${n(op.rotate.deg)} ${n(op.rotate.cx)} ${n(op.rotate.cy)})"`;
      if (op.opacity !== undefined && op.opacity < 1) open += ` opacity="${n(op.opacity)}"`;
      const inner = `${defs}${open}>${op.ops.map((c) => opToSvg(c, o, ids)).join('')}</g>`;
      if (!op.transform) return inner;
      // The clip path is defined inside the transformed group, so it lives in the group's own coordinates.
      const t = op.transform;
      return `<g transform="translate(${n(t.x)} ${n(t.y)}) scale(${n(t.scale ?? 1)})">${inner}</g>`;
    }
  }
}

/**
 * Render a draw list as a standalone SVG document whose user unit is the millimetre.
 * @example drawListToSvg(list, { text: 'text', imageHref: (r) => images[r] })
 */
export function drawListToSvg(list: DrawList, o: SvgOptions): string {
  if (o.imageSize) list = fitListImages(list, o.imageSize);
  const showBleed = o.showBleed ?? true;
  const b = showBleed ? list.bleed : 0;
  const w = list.width + 2 * b;
  const h = list.height + 2 * b;
  const ids: Ids = { next: 0, prefix: o.idPrefix ?? 'f' };
  const id = `${ids.prefix}t`;
  const r = o.cornerRadius ?? 0;
  const body = list.ops.map((op) => opToSvg(op, o, ids)).join('');
  const clip = showBleed && !r ? '' : `<clipPath id="${id}"><rect x="${n(-b)}" y="${n(-b)}" width="${n(w)}" height="${n(h)}"${r ? ` rx="${n(r)}"` : ''}/></clipPath>`;
  let guides = '';
  if (o.guides) {
    const s = o.guides.safe;
    guides =
      `<rect x="0" y="0" width="${n(list.width)}" height="${n(list.height)}" fill="none" stroke="#c23b22" stroke-width="0.2" stroke-dasharray="1 1"/>` +
      `<rect x="${n(s)}" y="${n(s)}" width="${n(list.width - 2 * s)}" height="${n(list.height - 2 * s)}" fill="none" stroke="#1e6fd9" stroke-width="0.15" stroke-dasharray="0.6 0.6"/>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(w)}mm" height="${n(h)}mm" viewBox="${n(-b)} ${n(-b)} ${n(w)} ${n(h)}">` +
    (clip ? `<defs>${clip}</defs><g clip-path="url(#${id})">${body}</g>` : body) +
    guides +
    '</svg>'
  );
}
