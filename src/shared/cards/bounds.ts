import type { Layer, LeafLayer } from './schema';

/** A rectangle in template millimetres (card coordinates, y down). */
export interface BoxMm {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * A leaf layer's own box, unrotated. A line's box spans its two ends (it may be 0 wide or high);
 * a table's is its width by `rowHeight` times the lines of its `rows` text (at least one: a bound
 * `{{combos}}` is one line in the template, however many rows a card's value has).
 */
export function layerBox(l: LeafLayer): BoxMm {
  switch (l.type) {
    case 'line':
      return { x: Math.min(l.x, l.x2), y: Math.min(l.y, l.y2), w: Math.abs(l.x2 - l.x), h: Math.abs(l.y2 - l.y) };
    case 'table': {
      let rows = 0;
      for (const line of l.rows.split('\n')) if (line.trim() !== '') rows++;
      return { x: l.x, y: l.y, w: l.w, h: l.rowHeight * Math.max(1, rows) };
    }
    default:
      return { x: l.x, y: l.y, w: l.w, h: l.h };
  }
}

/** The smallest box holding every box (undefined for none). */
export function unionBox(boxes: readonly BoxMm[]): BoxMm | undefined {
  if (!boxes.length) return undefined;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.w);
    y1 = Math.max(y1, b.y + b.h);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** The axis-aligned bounds of `b` turned `deg` clockwise (y down) about its centre. */
export function rotateBox(b: BoxMm, deg: number): BoxMm {
  if (!deg || deg % 360 === 0) return b;
  const r = (deg * Math.PI) / 180;
  const [c, s] = [Math.abs(Math.cos(r)), Math.abs(Math.sin(r))];
  const w = b.w * c + b.h * s;
  const h = b.w * s + b.h * c;
  return { x: b.x + b.w / 2 - w / 2, y: b.y + b.h / 2 - h / 2, w, h };
}

/**
 * The box a layer rotates about (its `rotation` turns it about this box's centre), unrotated:
 * a leaf's own box, a group's union of its children's bounds. Undefined for an empty group.
 */
export function pivotBox(l: Layer): BoxMm | undefined {
  if (l.type !== 'group') return layerBox(l);
  const kids: BoxMm[] = [];
  for (const c of l.layers) {
    const b = layerBounds(c);
    if (b) kids.push(b);
  }
  return unionBox(kids);
}

/**
 * Where a layer lies on the card, rotation included: the axis-aligned bounds the editor selects
 * and snaps to, and preflight-style checks use. A group's are its children's (hidden ones too:
 * hiding does not move a group), turned by the group's own rotation. Undefined for an empty group.
 */
export function layerBounds(l: Layer): BoxMm | undefined {
  const b = pivotBox(l);
  return b && rotateBox(b, l.rotation ?? 0);
}
