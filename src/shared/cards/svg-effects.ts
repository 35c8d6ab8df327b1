import type { Fill, Gradient, Outline, ShadowOp } from './draw-list';
import { shadowBounds } from './effects';

/**
 * SVG of the draw list's effects: gradient paint servers, drop shadows (a Gaussian blur filter)
 * and outlines. The preview and the PNG writer paint them through svg.ts; the PDF writer
 * rasterizes `shadowSvg` for a blurred shadow, so its blur is the PNG's.
 */

const n = (v: number): string => String(Math.round(v * 1000) / 1000);

/** A gradient as an SVG paint server with id `id`, in user space (the op's coordinates). */
export function gradientSvg(g: Gradient, id: string): string {
  const stops = g.stops.map((s) => `<stop offset="${n(s.at)}" stop-color="${s.color}"/>`).join('');
  if (g.kind === 'linear')
    return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(g.x1)}" y1="${n(g.y1)}" x2="${n(g.x2)}" y2="${n(g.y2)}">${stops}</linearGradient>`;
  // A unit circle mapped onto the ellipse: the PDF writer does the same with a matrix.
  return `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="1" gradientTransform="matrix(${n(g.rx)} 0 0 ${n(g.ry)} ${n(g.cx)} ${n(g.cy)})">${stops}</radialGradient>`;
}

/** The paint server of a fill with a gradient, and the fill attribute naming it; undefined for a plain fill. */
export function gradientPaint(fill: Fill | undefined, id: () => string): { def: string; attr: string } | undefined {
  if (!fill?.gradient) return undefined;
  const gid = id();
  const op = fill.opacity !== undefined && fill.opacity < 1 ? ` fill-opacity="${n(fill.opacity)}"` : '';
  return { def: gradientSvg(fill.gradient, gid), attr: ` fill="url(#${gid})"${op}` };
}

/** An outline as an SVG element with extra attributes `attrs`, moved by (dx, dy). */
export function outlineSvg(o: Outline, attrs: string, dx = 0, dy = 0): string {
  if (o.shape === 'ellipse') return `<ellipse cx="${n(o.x + o.w / 2 + dx)}" cy="${n(o.y + o.h / 2 + dy)}" rx="${n(o.w / 2)}" ry="${n(o.h / 2)}"${attrs}/>`;
  const r = o.radius ? ` rx="${n(o.radius)}"` : '';
  return `<rect x="${n(o.x + dx)}" y="${n(o.y + dy)}" width="${n(o.w)}" height="${n(o.h)}"${r}${attrs}/>`;
}

/** A shadow op as SVG: the moved outline in its colour, through a blur filter with id `id` when it is blurred. */
export function shadowOpSvg(op: ShadowOp, id: string): string {
  const a = op.opacity < 1 ? ` opacity="${n(op.opacity)}"` : '';
  const paint = op.strokeWidth ? ` fill="none" stroke="${op.color}" stroke-width="${n(op.strokeWidth)}"${a}` : ` fill="${op.color}"${a}`;
  if (!(op.blur > 0)) return outlineSvg(op.outline, paint, op.dx, op.dy);
  const b = shadowBounds(op);
  // The filter region in user space, large enough for the whole blur (the default, 10 % around the
  // bounding box, would cut a wide blur off square); sRGB, as the PDF's raster of it.
  const filter =
    `<filter id="${id}" filterUnits="userSpaceOnUse" x="${n(b.x)}" y="${n(b.y)}" width="${n(b.w)}" height="${n(b.h)}" color-interpolation-filters="sRGB">` +
    `<feGaussianBlur stdDeviation="${n(op.blur / 2)}"/></filter>`;
  return filter + outlineSvg(op.outline, `${paint} filter="url(#${id})"`, op.dx, op.dy);
}

/**
 * A blurred shadow alone as a standalone SVG document `pxWidth` × `pxHeight` pixels over its
 * bounds (`shadowBounds`), transparent around it: what the PDF writer rasterizes and places there.
 */
export function shadowSvg(op: ShadowOp, pxWidth: number, pxHeight: number): string {
  const b = shadowBounds(op);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pxWidth}" height="${pxHeight}" viewBox="${n(b.x)} ${n(b.y)} ${n(b.w)} ${n(b.h)}" preserveAspectRatio="none">` +
    shadowOpSvg(op, 's') +
    '</svg>'
  );
}
