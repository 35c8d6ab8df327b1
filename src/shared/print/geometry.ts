import type { Mm } from '../util/units';
import { roundMm } from '../util/units';

/** A point in millimetres (page or card coordinates: origin top-left, y down). */
export interface Point {
  x: Mm;
  y: Mm;
}

/** A width and a height in millimetres. */
export interface Size {
  width: Mm;
  height: Mm;
}

/** An axis-aligned rectangle in millimetres: top-left corner (x, y), y down. */
export interface Rect {
  x: Mm;
  y: Mm;
  w: Mm;
  h: Mm;
}

/**
 * Comparison tolerance for "fits" and "covers" tests. Sizes such as 63.5 or 215.9 are not exact
 * in binary, so `3 * 63.5 <= 190.5` must not fail on the last bit.
 */
export const EPS: Mm = 1e-6;

/** Round every field to 1/1000 mm, the precision draw lists are recorded at (stable golden files). */
export function roundRect(r: Rect): Rect {
  return { x: roundMm(r.x), y: roundMm(r.y), w: roundMm(r.w), h: roundMm(r.h) };
}

/** The rectangle moved by (dx, dy). */
export function translateRect(r: Rect, dx: Mm, dy: Mm): Rect {
  return { x: r.x + dx, y: r.y + dy, w: r.w, h: r.h };
}

/** Whether `outer` contains `inner` (edges may touch), within `tol`. */
export function rectContains(outer: Rect, inner: Rect, tol: Mm = EPS): boolean {
  return (
    inner.x >= outer.x - tol &&
    inner.y >= outer.y - tol &&
    inner.x + inner.w <= outer.x + outer.w + tol &&
    inner.y + inner.h <= outer.y + outer.h + tol
  );
}

/**
 * The rectangle reflected about the vertical centre line of a page `pageWidth` wide
 * (`axis = 'columns'`) or about the horizontal centre line of a page `pageHeight` high
 * (`axis = 'rows'`).
 * @example mirrorRect({ x: 10, y: 5, w: 63, h: 88 }, 'columns', { width: 210, height: 297 }) // → x = 137
 */
export function mirrorRect(r: Rect, axis: 'columns' | 'rows', page: Size): Rect {
  return axis === 'columns' ? { ...r, x: page.width - r.x - r.w } : { ...r, y: page.height - r.y - r.h };
}

/** The point reflected like {@link mirrorRect}. */
export function mirrorPoint(p: Point, axis: 'columns' | 'rows', page: Size): Point {
  return axis === 'columns' ? { x: page.width - p.x, y: p.y } : { x: p.x, y: page.height - p.y };
}
