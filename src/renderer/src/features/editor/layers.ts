/**
 * Template layers as the editor edits them: the JSON objects of a `*.template.json` file, kept as
 * written (no defaults filled in), so that saving an untouched template writes the same bytes.
 * Loosely typed on purpose (the schema's `Layer` is checked per layer in `face.ts`), so that a
 * field being typed can be invalid for a moment without losing the layer.
 */

/** A layer object of a template file (the schema's fields plus whatever the file holds). */
export interface LayerJson {
  id: string;
  type: string;
  x?: number;
  y?: number;
  w?: number;
  h?: number;
  x2?: number;
  y2?: number;
  /** Degrees clockwise about the box centre (a line: about its midpoint). */
  rotation?: number;
  locked?: boolean;
  hidden?: boolean;
  /** Children of a `group`, in card coordinates. */
  layers?: LayerJson[];
  [key: string]: unknown;
}

/** A template file's JSON. */
export interface TemplateJson {
  schemaVersion: number;
  name: string;
  maps?: Record<string, Record<string, string>>;
  layers: LayerJson[];
  [key: string]: unknown;
}

/** The layer kinds the editor can add. */
export const ADDABLE = ['rect', 'ellipse', 'line', 'text', 'image', 'table'] as const;
export type AddableKind = (typeof ADDABLE)[number];

/** An axis-aligned box in millimetres. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Round to 0.01 mm: what the files hold (and what keeps them diffable). */
export const r2 = (n: number): number => Math.round(n * 100) / 100;

/** Visit every layer, groups' children included, depth first (parents before children). */
export function walkLayers(layers: readonly LayerJson[], fn: (l: LayerJson, parent: LayerJson | null) => void, parent: LayerJson | null = null): void {
  for (const l of layers) {
    fn(l, parent);
    if (l.type === 'group' && l.layers) walkLayers(l.layers, fn, l);
  }
}

/** The layer with `id` at any depth. */
export function findLayer(layers: readonly LayerJson[], id: string): LayerJson | undefined {
  let hit: LayerJson | undefined;
  walkLayers(layers, (l) => {
    if (!hit && l.id === id) hit = l;
  });
  return hit;
}

/** Every id used in a template (children included). */
export function allIds(layers: readonly LayerJson[]): Set<string> {
  const ids = new Set<string>();
  walkLayers(layers, (l) => ids.add(l.id));
  return ids;
}

/** `base`, or `base-2`, `base-3`… the first not in `taken`. */
export function uniqueId(base: string, taken: ReadonlySet<string>): string {
  const stem = base.replace(/-\d+$/, '') || 'layer';
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${stem}-${i}`)) return `${stem}-${i}`;
}

/** Rows a table layer's text holds (at least one), for its height on the canvas. */
function tableRows(l: LayerJson): number {
  const text = typeof l.rows === 'string' ? l.rows : '';
  return Math.max(1, text.split('\n').filter((s) => s.trim() !== '').length);
}

/** The unrotated box of a layer: its own for box layers, the span of a line, the union of a group's children. */
export function layerBox(l: LayerJson): Box {
  if (l.type === 'line') {
    const x1 = l.x ?? 0;
    const y1 = l.y ?? 0;
    const x2 = l.x2 ?? x1;
    const y2 = l.y2 ?? y1;
    return { x: Math.min(x1, x2), y: Math.min(y1, y2), w: Math.abs(x2 - x1), h: Math.abs(y2 - y1) };
  }
  if (l.type === 'group') return unionBox((l.layers ?? []).map(layerBox)) ?? { x: 0, y: 0, w: 0, h: 0 };
  if (l.type === 'table') return { x: l.x ?? 0, y: l.y ?? 0, w: l.w ?? 0, h: (typeof l.rowHeight === 'number' ? l.rowHeight : 5) * tableRows(l) };
  return { x: l.x ?? 0, y: l.y ?? 0, w: l.w ?? 0, h: l.h ?? 0 };
}

/** The smallest box holding all of `boxes` (undefined for none). */
export function unionBox(boxes: readonly Box[]): Box | undefined {
  if (boxes.length === 0) return undefined;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.w);
    y1 = Math.max(y1, b.y + b.h);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** A layer moved by (dx, dy) millimetres (a group moves its children). */
export function moveLayer(l: LayerJson, dx: number, dy: number): LayerJson {
  if (l.type === 'group') return { ...l, layers: (l.layers ?? []).map((c) => moveLayer(c, dx, dy)) };
  const out: LayerJson = { ...l, x: r2((l.x ?? 0) + dx), y: r2((l.y ?? 0) + dy) };
  if (l.type === 'line') {
    out.x2 = r2((l.x2 ?? 0) + dx);
    out.y2 = r2((l.y2 ?? 0) + dy);
  }
  return out;
}

/**
 * A layer fitted to a new box: box layers take it, a line keeps its direction within it, a group
 * scales its children (boxes and their positions) from its old box to the new one. A table keeps
 * its row height (its height follows its rows).
 */
export function setLayerBox(l: LayerJson, b: Box): LayerJson {
  const old = layerBox(l);
  if (l.type === 'group') {
    const sx = old.w > 0 ? b.w / old.w : 1;
    const sy = old.h > 0 ? b.h / old.h : 1;
    return { ...l, layers: (l.layers ?? []).map((c) => { const cb = layerBox(c); return setLayerBox(c, { x: b.x + (cb.x - old.x) * sx, y: b.y + (cb.y - old.y) * sy, w: cb.w * sx, h: cb.h * sy }); }) };
  }
  if (l.type === 'line') {
    const x1 = l.x ?? 0;
    const x2 = l.x2 ?? 0;
    const y1 = l.y ?? 0;
    const y2 = l.y2 ?? 0;
    return { ...l, x: r2(x1 <= x2 ? b.x : b.x + b.w), x2: r2(x1 <= x2 ? b.x + b.w : b.x), y: r2(y1 <= y2 ? b.y : b.y + b.h), y2: r2(y1 <= y2 ? b.y + b.h : b.y) };
  }
  const out: LayerJson = { ...l, x: r2(b.x), y: r2(b.y), w: r2(Math.max(0.1, b.w)) };
  if (l.type !== 'table') out.h = r2(Math.max(0.1, b.h));
  return out;
}

/** Resize handles: corners and edge midpoints. */
export const HANDLES = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const;
export type Handle = (typeof HANDLES)[number];

/**
 * The box after dragging `handle` by (dx, dy): the opposite edge stays put; a box never gets
 * thinner than 0.5 mm (dragging past the opposite edge stops there). With `keepRatio` a corner
 * keeps the width:height ratio.
 */
export function resizeBox(b: Box, handle: Handle, dx: number, dy: number, keepRatio = false): Box {
  const min = 0.5;
  let { x, y, w, h } = b;
  if (handle.includes('w')) {
    const nw = Math.max(min, w - dx);
    x += w - nw;
    w = nw;
  } else if (handle.includes('e')) w = Math.max(min, w + dx);
  if (handle.includes('n')) {
    const nh = Math.max(min, h - dy);
    y += h - nh;
    h = nh;
  } else if (handle.includes('s')) h = Math.max(min, h + dy);
  if (keepRatio && handle.length === 2 && b.w > 0 && b.h > 0) {
    const ratio = b.w / b.h;
    if (w / h > ratio) {
      const nh = w / ratio;
      if (handle.includes('n')) y -= nh - h;
      h = nh;
    } else {
      const nw = h * ratio;
      if (handle.includes('w')) x -= nw - w;
      w = nw;
    }
  }
  return { x, y, w, h };
}

/** The arrow-key nudge in millimetres: 0.5, with Shift 5, with Alt 0.1. */
export function nudgeStep(e: { shiftKey?: boolean; altKey?: boolean }): number {
  return e.altKey ? 0.1 : e.shiftKey ? 5 : 0.5;
}

/**
 * The rotation (degrees clockwise, in (-180, 180]) that points from `centre` to `pointer`, the
 * rotate handle sitting straight above the centre at 0°; with `step` it snaps to multiples of it.
 */
export function rotationTo(centre: { x: number; y: number }, pointer: { x: number; y: number }, step = 0): number {
  let deg = (Math.atan2(pointer.x - centre.x, -(pointer.y - centre.y)) * 180) / Math.PI;
  if (step > 0) deg = Math.round(deg / step) * step;
  deg = Math.round(deg * 10) / 10;
  if (deg <= -180) deg += 360;
  if (deg > 180) deg -= 360;
  return deg === 0 ? 0 : deg;
}
