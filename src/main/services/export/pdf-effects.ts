import { PDFRef, type PDFContext, type PDFDocument } from 'pdf-lib';
import { walkOpsScaled, type DrawList, type Gradient, type ShadowOp } from '../../../shared/cards/draw-list';
import { shadowBounds } from '../../../shared/cards/effects';
import { shadowSvg } from '../../../shared/cards/svg-effects';
import { MM_PER_INCH } from '../../../shared/util/units';
import { sharp } from '../lazy-sharp';

/**
 * The PDF side of the draw list's effects. Gradients are vector: a shading dictionary (axial,
 * ShadingType 2, or radial, ShadingType 3) painted with the `sh` operator inside the shape's clip,
 * written with pdf-lib's low-level objects since pdf-lib has no gradient API. A blurred drop
 * shadow is a raster: PDF has no blur, and approximating a Gaussian with stacked vector outlines
 * bands visibly; the shadow is rasterized from the same SVG the PNG writer renders (librsvg's
 * blur), with its alpha as a soft mask, so print and PNG match. A shadow without blur stays vector.
 */

/** `#rrggbb` as PDF DeviceRGB components 0..1. */
const components = (c: string): number[] => [1, 3, 5].map((i) => Math.round((parseInt(c.slice(i, i + 2), 16) / 255) * 10000) / 10000);

/**
 * The colour function of a gradient's stops over 0..1: one exponential (type 2) function per
 * stretch between stops, stitched (type 3) when there are several. The end colours extend to 0
 * and 1; a zero-length stretch (two stops at one place: a hard edge) is left out.
 */
function stopsFunction(ctx: PDFContext, stops: Gradient['stops']): PDFRef {
  const s = [...stops];
  if (s[0]!.at > 0) s.unshift({ at: 0, color: s[0]!.color });
  if (s[s.length - 1]!.at < 1) s.push({ at: 1, color: s[s.length - 1]!.color });
  const parts: { from: number; to: number; fn: PDFRef }[] = [];
  for (let i = 1; i < s.length; i++) {
    const [a, b] = [s[i - 1]!, s[i]!];
    if (!(b.at > a.at)) continue;
    parts.push({ from: a.at, to: b.at, fn: ctx.register(ctx.obj({ FunctionType: 2, Domain: [0, 1], C0: components(a.color), C1: components(b.color), N: 1 })) });
  }
  if (!parts.length) {
    const c = components(s[0]!.color);
    return ctx.register(ctx.obj({ FunctionType: 2, Domain: [0, 1], C0: c, C1: c, N: 1 }));
  }
  if (parts.length === 1) return parts[0]!.fn;
  return ctx.register(
    ctx.obj({
      FunctionType: 3,
      Domain: [0, 1],
      Functions: parts.map((p) => p.fn),
      Bounds: parts.slice(1).map((p) => p.from),
      Encode: parts.flatMap(() => [0, 1]),
    }),
  );
}

/**
 * A shading dictionary for `g`. A radial gradient's shading is a unit circle: the content stream
 * maps it onto the ellipse (`gradientMatrix`), as the SVG writer's gradientTransform does.
 */
export function shadingObject(ctx: PDFContext, g: Gradient): PDFRef {
  const Coords = g.kind === 'linear' ? [g.x1, g.y1, g.x2, g.y2] : [0, 0, 0, 0, 0, 1];
  return ctx.register(
    ctx.obj({ ShadingType: g.kind === 'linear' ? 2 : 3, ColorSpace: 'DeviceRGB', Coords, Function: stopsFunction(ctx, g.stops), Extend: [true, true] }),
  );
}

/** The matrix (`a b c d e f`) taking a gradient's shading space to the op's coordinates, or undefined for the identity. */
export function gradientMatrix(g: Gradient): number[] | undefined {
  return g.kind === 'radial' ? [g.rx, 0, 0, g.ry, g.cx, g.cy] : undefined;
}

/** The key of a blurred shadow's raster: ops that look alike share one image. */
export const shadowKey = (op: ShadowOp): string => JSON.stringify([op.outline, op.dx, op.dy, op.blur, op.color, op.opacity, op.strokeWidth ?? 0]);

/** Most pixels on a side of a shadow's raster: a soft shadow needs no more, and memory stays bounded. */
const MAX_SHADOW_PX = 3000;

/**
 * Rasterize every blurred shadow of `lists` at `dpi` for its largest use and embed each once.
 * @returns the image of each shadow by `shadowKey`
 */
export async function embedShadows(doc: PDFDocument, lists: readonly DrawList[], dpi: number): Promise<Map<string, PDFRef>> {
  const wanted = new Map<string, { op: ShadowOp; scale: number }>();
  for (const list of lists)
    walkOpsScaled(list.ops, (op, k) => {
      if (op.op !== 'shadow' || !(op.blur > 0)) return;
      const key = shadowKey(op);
      const had = wanted.get(key);
      if (!had || had.scale < k) wanted.set(key, { op, scale: k });
    });
  const out = new Map<string, PDFRef>();
  for (const [key, { op, scale }] of [...wanted].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const b = shadowBounds(op);
    const px = (mm: number) => Math.max(1, Math.min(MAX_SHADOW_PX, Math.ceil(((mm * scale) / MM_PER_INCH) * dpi)));
    const [w, h] = [px(b.w), px(b.h)];
    const png = await sharp(Buffer.from(shadowSvg(op, w, h)), { density: 72 }).resize(w, h, { fit: 'fill' }).png({ compressionLevel: 6 }).toBuffer();
    out.set(key, (await doc.embedPng(png)).ref);
  }
  return out;
}
