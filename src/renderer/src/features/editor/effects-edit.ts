import type { Gradient, ImageClip, ShapeClip, Shadow } from '../../../../shared/cards/schema';

/**
 * The properties panel's edits of a layer's effects (gradient, shadow, clip shape), as the values
 * to store: each takes the layer's current value (anything a template file held) and returns the
 * new one, or undefined to remove the field.
 */

/** A gradient's current value when it is one, else undefined. */
export function gradientOf(v: unknown): Gradient | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const g = v as Partial<Gradient>;
  return (g.type === 'linear' || g.type === 'radial') && Array.isArray(g.stops) && g.stops.length >= 2 ? (g as Gradient) : undefined;
}

/** A shadow's current value when it is one, else undefined. */
export function shadowOf(v: unknown): Shadow | undefined {
  return v && typeof v === 'object' && typeof (v as Shadow).color === 'string' ? (v as Shadow) : undefined;
}

/** A clip shape's current value when it is one, else undefined. */
export function clipOf(v: unknown): ShapeClip | undefined {
  return v && typeof v === 'object' && ((v as ShapeClip).shape === 'rect' || (v as ShapeClip).shape === 'ellipse') ? (v as ShapeClip) : undefined;
}

/** The clip menu's value: `none`, `rect`, `ellipse`, or `layer:<id>` when cut to another layer's outline. */
export function clipChoice(v: unknown): string {
  const c = clipOf(v);
  if (c) return c.shape;
  const layer = v && typeof v === 'object' ? (v as { layer?: unknown }).layer : undefined;
  return typeof layer === 'string' && layer ? `layer:${layer}` : 'none';
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The gradient after choosing its type: `none` removes it; a new one runs from the layer's fill
 * (when it is a plain colour) to gold; a changed type keeps the stops.
 * @example gradientType(undefined, 'linear', '#C23B22') // → { type: 'linear', stops: [#C23B22 at 0, #F2C14E at 1] }
 */
export function gradientType(cur: unknown, type: string, fill?: unknown): Gradient | undefined {
  if (type !== 'linear' && type !== 'radial') return undefined;
  const g = gradientOf(cur);
  if (g) {
    const next: Gradient = { ...g, type };
    if (type === 'radial') delete next.angle;
    return next;
  }
  const from = typeof fill === 'string' && HEX.test(fill) ? fill.toUpperCase() : '#C23B22';
  return { type, stops: [{ at: 0, color: from }, { at: 1, color: from === '#F2C14E' ? '#FFFFFF' : '#F2C14E' }] };
}

/** The gradient with its first (`end` 0) or last (`end` 1) stop's colour set; the stops between are kept. */
export function gradientColour(cur: unknown, end: 0 | 1, color: string): Gradient | undefined {
  const g = gradientOf(cur);
  if (!g || !HEX.test(color)) return g;
  const stops = g.stops.map((s) => ({ ...s }));
  stops[end === 0 ? 0 : stops.length - 1]!.color = color.toUpperCase();
  return { ...g, stops };
}

/** The linear gradient at `angle` degrees (0 is left to right; absent when 0); not a number: unchanged. */
export function gradientAngle(cur: unknown, angle: string): Gradient | undefined {
  const g = gradientOf(cur);
  const a = Number(angle);
  if (!g || g.type !== 'linear' || angle.trim() === '' || !Number.isFinite(a)) return g;
  const next: Gradient = { ...g };
  const deg = Math.round(Math.max(-360, Math.min(360, a)) * 10) / 10;
  if (deg === 0) delete next.angle;
  else next.angle = deg;
  return next;
}

/** A new shadow: 1 mm right and down, 2 mm blur, black at the default opacity. */
export const NEW_SHADOW: Shadow = { x: 1, y: 1, blur: 2, color: '#000000' };

/** The shadow with one field set from the panel (numbers clamped to what the file allows); a bad number leaves it unchanged. */
export function shadowField(cur: unknown, key: keyof Shadow, value: string): Shadow | undefined {
  const s = shadowOf(cur);
  if (!s) return undefined;
  if (key === 'color') return HEX.test(value) ? { ...s, color: value.toUpperCase() } : s;
  const v = Number(value);
  if (value.trim() === '' && key === 'opacity') {
    const next = { ...s };
    delete next.opacity;
    return next;
  }
  if (value.trim() === '' || !Number.isFinite(v)) return s;
  const limits: Record<Exclude<keyof Shadow, 'color'>, [number, number]> = { x: [-100, 100], y: [-100, 100], blur: [0, 50], opacity: [0, 1] };
  const [lo, hi] = limits[key];
  return { ...s, [key]: Math.round(Math.max(lo, Math.min(hi, v)) * 100) / 100 };
}

/**
 * The clip after choosing in the menu: `none` removes it; a rounded rectangle starts with 3 mm
 * corners; `layer:<id>` cuts to that layer's outline.
 */
export function clipShape(cur: unknown, shape: string): ImageClip | undefined {
  if (shape.startsWith('layer:') && shape.length > 6) return { layer: shape.slice(6) };
  if (shape === 'ellipse') return { shape: 'ellipse' };
  if (shape !== 'rect') return undefined;
  const c = clipOf(cur);
  return c?.shape === 'rect' ? c : { shape: 'rect', radius: 3 };
}

/** The rounded clip's corner radius (≥ 0 mm); a bad number leaves it unchanged. */
export function clipRadius(cur: unknown, value: string): ShapeClip | undefined {
  const c = clipOf(cur);
  const v = Number(value);
  if (!c || c.shape !== 'rect' || value.trim() === '' || !Number.isFinite(v)) return c;
  return { shape: 'rect', radius: Math.round(Math.max(0, Math.min(1000, v)) * 100) / 100 };
}
