import type { DrawOp, Fill, Gradient, ImageOp, Outline, ShadowOp } from './draw-list';
import { SHADOW_OPACITY, type Gradient as GradientSpec, type ShapeClip, type Shadow } from './schema';
import { roundMm } from '../util/units';

/**
 * Layout of a layer's effects (format 6): gradient fills, drop shadows and images cut to a shape,
 * from the template's terms (an angle, a blur in mm) to draw-list geometry every writer paints alike.
 */

type Box = { x: number; y: number; w: number; h: number };

/**
 * The fill of a gradient over `b`: a linear gradient's line runs through the box's centre at
 * `angle` degrees clockwise from left→right and is long enough for its ends to reach the corners
 * (CSS linear-gradient); a radial one is centred in the box and reaches its edges.
 * @example gradientFill({ type: 'linear', stops }, { x: 0, y: 0, w: 10, h: 4 }).gradient // x1 0, x2 10, y1 = y2 = 2
 */
export function gradientFill(g: GradientSpec, b: Box, opacity?: number): Fill {
  const stops = g.stops.map((s) => ({ at: s.at, color: s.color.toUpperCase() }));
  const [cx, cy] = [b.x + b.w / 2, b.y + b.h / 2];
  let gradient: Gradient;
  if (g.type === 'radial') gradient = { kind: 'radial', cx: roundMm(cx), cy: roundMm(cy), rx: roundMm(b.w / 2), ry: roundMm(b.h / 2), stops };
  else {
    const a = ((g.angle ?? 0) * Math.PI) / 180;
    const [dx, dy] = [Math.cos(a), Math.sin(a)];
    const half = (Math.abs(b.w * dx) + Math.abs(b.h * dy)) / 2;
    gradient = { kind: 'linear', x1: roundMm(cx - dx * half), y1: roundMm(cy - dy * half), x2: roundMm(cx + dx * half), y2: roundMm(cy + dy * half), stops };
  }
  const fill: Fill = { color: stops[0]!.color, gradient };
  if (opacity !== undefined) fill.opacity = opacity;
  return fill;
}

/** The shadow op of a layer whose outline is `outline` (template sizes scaled by `s`), or undefined when it would not show. */
export function shadowOp(sh: Shadow, outline: Outline, layer: { id: string; opacity?: number }, s: number, paint?: { fill?: Fill; stroke?: { width: number } }): ShadowOp | undefined {
  const opacity = (sh.opacity ?? SHADOW_OPACITY) * (layer.opacity ?? 1);
  if (!(opacity > 0)) return undefined;
  const op: ShadowOp = { op: 'shadow', id: layer.id, outline, dx: roundMm(sh.x * s), dy: roundMm(sh.y * s), blur: roundMm(sh.blur * s), color: sh.color.toUpperCase(), opacity };
  // A frame (stroked, not filled) casts the shadow of its stroke, not of a solid shape.
  if (paint && !paint.fill && paint.stroke) op.strokeWidth = paint.stroke.width;
  return op;
}

/** The outline of an image layer's box `b` under its clip shape (the box itself without one). */
export function imageOutline({ x, y, w, h }: Box, clip: ShapeClip | undefined, s: number): Outline {
  const b = { x, y, w, h };
  if (clip?.shape === 'ellipse') return { shape: 'ellipse', ...b };
  const radius = clip?.radius ? roundMm(Math.min(clip.radius * s, b.w / 2, b.h / 2)) : 0;
  return radius ? { shape: 'rect', ...b, radius } : { shape: 'rect', ...b };
}

/**
 * An image op with its layer's shadow (under it) and its clip (a clipping group around it):
 * `clip` is the outline the picture is cut to — its own clip shape, or another layer's outline —
 * and the shadow follows it; without one the shadow is the box's.
 */
export function imageOps(op: ImageOp, layer: { id: string; opacity?: number; shadow?: Shadow }, s: number, clip?: Outline): DrawOp[] {
  const outline = clip ?? imageOutline(op, undefined, s);
  const shadow = layer.shadow && shadowOp(layer.shadow, outline, layer, s);
  let drawn: DrawOp = op;
  if (clip) {
    const c: NonNullable<Extract<DrawOp, { op: 'group' }>['clip']> = { x: clip.x, y: clip.y, w: clip.w, h: clip.h };
    if (clip.radius) c.radius = clip.radius;
    if (clip.shape === 'ellipse') c.shape = 'ellipse';
    drawn = { op: 'group', id: op.id, clip: c, ops: [op] };
  }
  return shadow ? [shadow, drawn] : [drawn];
}

/**
 * The box a shadow paints into, in its op's coordinates: the moved outline grown by three standard
 * deviations of its blur (beyond which a Gaussian leaves less than 0.2 % of the colour).
 */
export function shadowBounds(op: ShadowOp): Box {
  const m = 1.5 * op.blur + (op.strokeWidth ?? 0) / 2;
  const o = op.outline;
  return { x: o.x + op.dx - m, y: o.y + op.dy - m, w: o.w + 2 * m, h: o.h + 2 * m };
}
