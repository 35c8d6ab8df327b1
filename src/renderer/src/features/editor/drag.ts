/**
 * Pointer drags on the canvas as pure functions: where a drag started (the template then, the
 * pointer in mm) and where the pointer is now give the template to show and the smart guides to
 * draw. The canvas shows the result as a draft; the edit is recorded once, when the drag ends.
 */
import { findLayer, layerBox, r2, resizeBox, rotationTo, setLayerBox, type Box, type Handle, type LayerJson, type TemplateJson } from './layers';
import { snapBox, snapValue, type SmartGuide, type SnapTargets } from './snap';
import { patchLayer, selectionBox, shiftLayers, updateLayers } from './template-ops';

/** A point in card millimetres. */
export interface Pt {
  x: number;
  y: number;
}

/** A drag in progress. */
export type Drag =
  /** Moving the selected layers. */
  | { mode: 'move'; ids: string[]; start: TemplateJson; from: Pt; box: Box }
  /** Resizing the selected layers by a handle of their box: each scales with it. */
  | { mode: 'resize'; ids: string[]; handle: Handle; start: TemplateJson; from: Pt; box: Box }
  /** Rotating one layer about its centre. */
  | { mode: 'rotate'; id: string; start: TemplateJson; centre: Pt }
  /**
   * Rotating several layers as one rigid piece about the selection's centre (as Figma and tldraw
   * do): each layer's centre turns about it and each layer turns by the same angle.
   */
  | { mode: 'rotate-many'; ids: string[]; start: TemplateJson; centre: Pt }
  /** Moving one end of a line. */
  | { mode: 'end'; id: string; end: 1 | 2; start: TemplateJson; from: Pt };

/** Modifiers and snapping of a drag step. */
export interface DragOptions {
  /** Snap to guides, grid and layers (off while Ctrl/Cmd is held). */
  snap: boolean;
  /** Shift: keep the ratio (resize), 15° steps (rotate), one axis (move). */
  shift: boolean;
  targets: SnapTargets;
  /** Snap distance in mm (a few screen pixels at the current zoom). */
  tolerance: number;
}

/** Start a drag of the given kind at pointer `p`. */
export function startDrag(kind: 'move' | 'resize' | 'rotate' | 'end', t: TemplateJson, ids: string[], p: Pt, handle?: Handle, end?: 1 | 2): Drag | undefined {
  const box = selectionBox(t, ids);
  if (!box) return undefined;
  switch (kind) {
    case 'move':
      return { mode: 'move', ids, start: t, from: p, box };
    case 'resize':
      return handle && ids.length > 0 ? { mode: 'resize', ids, handle, start: t, from: p, box } : undefined;
    case 'rotate': {
      const centre = { x: box.x + box.w / 2, y: box.y + box.h / 2 };
      if (ids.length === 1) return { mode: 'rotate', id: ids[0]!, start: t, centre };
      return ids.length > 1 ? { mode: 'rotate-many', ids, start: t, centre } : undefined;
    }
    case 'end':
      return end && ids.length === 1 ? { mode: 'end', id: ids[0]!, end, start: t, from: p } : undefined;
  }
}

/** The template and smart guides with the pointer at `p`. */
export function dragTo(d: Drag, p: Pt, o: DragOptions): { template: TemplateJson; guides: SmartGuide[] } {
  switch (d.mode) {
    case 'move': {
      let dx = p.x - d.from.x;
      let dy = p.y - d.from.y;
      if (o.shift) Math.abs(dx) > Math.abs(dy) ? (dy = 0) : (dx = 0);
      let guides: SmartGuide[] = [];
      if (o.snap) {
        const s = snapBox({ ...d.box, x: d.box.x + dx, y: d.box.y + dy }, o.targets, o.tolerance);
        if (!o.shift || dx !== 0) dx += s.dx;
        if (!o.shift || dy !== 0) dy += s.dy;
        guides = s.guides.filter((g) => (g.axis === 'x' ? !o.shift || dx !== 0 : !o.shift || dy !== 0));
      }
      const shifts = new Map(d.ids.map((id) => [id, { dx, dy }]));
      return { template: shiftLayers(d.start, shifts), guides };
    }
    case 'resize': {
      const b = resizeBox(d.box, d.handle, p.x - d.from.x, p.y - d.from.y, o.shift);
      const guides: SmartGuide[] = [];
      if (o.snap && !o.shift) {
        const edge = (axis: 'x' | 'y', which: 'lo' | 'hi') => {
          const lines = axis === 'x' ? o.targets.x : o.targets.y;
          const v = axis === 'x' ? (which === 'lo' ? b.x : b.x + b.w) : which === 'lo' ? b.y : b.y + b.h;
          const s = snapValue(v, lines, o.tolerance);
          if (!s.line) return;
          const d_ = s.v - v;
          if (axis === 'x') which === 'lo' ? ((b.x += d_), (b.w -= d_)) : (b.w += d_);
          else which === 'lo' ? ((b.y += d_), (b.h -= d_)) : (b.h += d_);
          guides.push({ axis, at: s.v, from: s.line.from, to: s.line.to, kind: s.line.kind });
        };
        if (d.handle.includes('w')) edge('x', 'lo');
        if (d.handle.includes('e')) edge('x', 'hi');
        if (d.handle.includes('n')) edge('y', 'lo');
        if (d.handle.includes('s')) edge('y', 'hi');
      }
      return { template: updateLayers(d.start, new Set(d.ids), (l) => setLayerBox(l, scaleBox(layerBox(l), d.box, b))), guides };
    }
    case 'rotate': {
      let deg = rotationTo(d.centre, p, o.shift ? 15 : 0);
      // Near square angles snap (when snapping), so "straight again" is easy to hit.
      if (o.snap && !o.shift) for (const a of [0, 90, -90, 180]) if (Math.abs(deg - a) < 3 || Math.abs(deg - a - 360) < 3) deg = a;
      return { template: patchLayer(d.start, d.id, { rotation: deg === 0 ? undefined : deg }), guides: [] };
    }
    case 'rotate-many': {
      // The selection's handle sits straight above its centre: the pointer's angle is the turn.
      let deg = rotationTo(d.centre, p, o.shift ? 15 : 0);
      if (o.snap && !o.shift) for (const a of [0, 90, -90, 180]) if (Math.abs(deg - a) < 3 || Math.abs(deg - a - 360) < 3) deg = a;
      return { template: rotateLayers(d.start, d.ids, d.centre, deg), guides: [] };
    }
    case 'end': {
      const l = findLayer(d.start.layers, d.id);
      if (!l) return { template: d.start, guides: [] };
      let x = (d.end === 1 ? (l.x ?? 0) : (l.x2 ?? 0)) + p.x - d.from.x;
      let y = (d.end === 1 ? (l.y ?? 0) : (l.y2 ?? 0)) + p.y - d.from.y;
      const guides: SmartGuide[] = [];
      if (o.snap) {
        const sx = snapValue(x, o.targets.x, o.tolerance);
        const sy = snapValue(y, o.targets.y, o.tolerance);
        x = sx.v;
        y = sy.v;
        if (sx.line) guides.push({ axis: 'x', at: x, from: sx.line.from, to: sx.line.to, kind: sx.line.kind });
        if (sy.line) guides.push({ axis: 'y', at: y, from: sy.line.from, to: sy.line.to, kind: sy.line.kind });
      }
      return { template: patchLayer(d.start, d.id, d.end === 1 ? { x: r2(x), y: r2(y) } : { x2: r2(x), y2: r2(y) }), guides };
    }
  }
}

/** An angle in (-180, 180], to 0.1°. */
function normDeg(deg: number): number {
  let r = Math.round(deg * 10) / 10;
  while (r > 180) r -= 360;
  while (r <= -180) r += 360;
  return r === 0 ? 0 : r;
}

/**
 * Turn layers together by `deg` (clockwise) about `centre`, as one rigid piece: each layer's box
 * centre turns about `centre` (the layer moves there) and its own rotation grows by `deg`. A
 * layer that ends straight loses its `rotation` field.
 * @example rotateLayers(t, ['a', 'b'], { x: 30, y: 40 }, 90)
 */
export function rotateLayers(t: TemplateJson, ids: readonly string[], centre: Pt, deg: number): TemplateJson {
  if (deg === 0) return t;
  const r = (deg * Math.PI) / 180;
  const [cos, sin] = [Math.cos(r), Math.sin(r)];
  const moved = shiftLayers(
    t,
    new Map(
      ids.flatMap((id) => {
        const l = findLayer(t.layers, id);
        if (!l) return [];
        const b = layerBox(l);
        const [cx, cy] = [b.x + b.w / 2 - centre.x, b.y + b.h / 2 - centre.y];
        // y points down, so clockwise on screen is the usual rotation matrix.
        return [[id, { dx: r2(centre.x + cx * cos - cy * sin - (b.x + b.w / 2)), dy: r2(centre.y + cx * sin + cy * cos - (b.y + b.h / 2)) }]] as const;
      }),
    ),
  );
  return updateLayers(moved, new Set(ids), (l) => {
    const next = normDeg((typeof l.rotation === 'number' ? l.rotation : 0) + deg);
    const { rotation: _, ...rest } = l;
    return next === 0 ? (rest as LayerJson) : { ...rest, rotation: next };
  });
}

/**
 * Box `b` carried from the frame `from` to the frame `to`: its position and size scale with the
 * frame (a layer of a multi-selection resized by the selection's handles).
 * @example scaleBox({ x: 10, y: 10, w: 10, h: 10 }, { x: 0, y: 0, w: 20, h: 20 }, { x: 0, y: 0, w: 40, h: 20 }) // → { x: 20, y: 10, w: 20, h: 10 }
 */
export function scaleBox(b: Box, from: Box, to: Box): Box {
  const sx = from.w > 0 ? to.w / from.w : 1;
  const sy = from.h > 0 ? to.h / from.h : 1;
  return { x: to.x + (b.x - from.x) * sx, y: to.y + (b.y - from.y) * sy, w: b.w * sx, h: b.h * sy };
}

/** The box spanned by two corners (a rubber band from where the pointer went down to where it is). */
export function bandBox(a: Pt, b: Pt): Box {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y) };
}

/**
 * The top-level layers a rubber band selects: shown and unlocked, their box (a turned layer: the
 * bounds of its turned box) wholly inside the band (so a band over the card does not take its
 * background along); in paint order.
 */
export function layersInBand(t: TemplateJson, band: Box): string[] {
  const e = 0.01;
  const inside = (b: Box) => b.x >= band.x - e && b.y >= band.y - e && b.x + b.w <= band.x + band.w + e && b.y + b.h <= band.y + band.h + e;
  return t.layers.filter((l) => !l.hidden && !l.locked && inside(turnedBounds(l))).map((l) => l.id);
}

/** The axis-aligned bounds of a layer's box turned by its rotation about its centre. */
export function turnedBounds(l: LayerJson): Box {
  const b = layerBox(l);
  const deg = typeof l.rotation === 'number' ? l.rotation : 0;
  if (!deg) return b;
  const r = (deg * Math.PI) / 180;
  const c = Math.abs(Math.cos(r));
  const s = Math.abs(Math.sin(r));
  const w = b.w * c + b.h * s;
  const h = b.w * s + b.h * c;
  return { x: b.x + b.w / 2 - w / 2, y: b.y + b.h / 2 - h / 2, w, h };
}

/** The ids of the layers other than `ids`, with their boxes: what a drag snaps to. */
export function otherBoxes(t: TemplateJson, ids: readonly string[]): Box[] {
  const skip = new Set(ids);
  return t.layers.filter((l) => !skip.has(l.id) && !l.hidden).map(layerBox);
}
