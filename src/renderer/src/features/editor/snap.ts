/**
 * Snapping a moving box to what a designer lines things up with: the trim edges and centre, the
 * safe zone, the bleed edge, the grid, and the edges and centres of the other layers. The
 * smart guides say what it snapped to, so the canvas can draw them.
 */
import type { Box } from './layers';

/** A line the box snapped to: vertical at `x` (`axis: 'x'`) or horizontal at `y`, spanning `from`..`to`. */
export interface SmartGuide {
  axis: 'x' | 'y';
  at: number;
  from: number;
  to: number;
  /** What it is, for the guide's colour. */
  kind: 'card' | 'safe' | 'bleed' | 'grid' | 'layer';
}

/** One candidate line to snap to. */
export interface SnapLine {
  at: number;
  kind: SmartGuide['kind'];
  /** The extent of the thing that made it along the other axis (a layer's span), for the guide. */
  from: number;
  to: number;
}

/** What can be snapped to, per axis. */
export interface SnapTargets {
  x: SnapLine[];
  y: SnapLine[];
}

/** The card's geometry. */
export interface CardGeometry {
  width: number;
  height: number;
  bleed: number;
  safe: number;
}

/**
 * The lines of a card and its other layers: trim edges and centre, safe zone, bleed, each other
 * box's edges and centre, and (if `grid` > 0) every grid line.
 */
export function snapTargets(card: CardGeometry, others: readonly Box[], grid = 0): SnapTargets {
  const { width: W, height: H, bleed: b, safe: s } = card;
  const x: SnapLine[] = [];
  const y: SnapLine[] = [];
  const cardX = (at: number, kind: SmartGuide['kind']) => x.push({ at, kind, from: -b, to: H + b });
  const cardY = (at: number, kind: SmartGuide['kind']) => y.push({ at, kind, from: -b, to: W + b });
  for (const [at, kind] of [[0, 'card'], [W / 2, 'card'], [W, 'card'], [s, 'safe'], [W - s, 'safe'], [-b, 'bleed'], [W + b, 'bleed']] as const) cardX(at, kind);
  for (const [at, kind] of [[0, 'card'], [H / 2, 'card'], [H, 'card'], [s, 'safe'], [H - s, 'safe'], [-b, 'bleed'], [H + b, 'bleed']] as const) cardY(at, kind);
  for (const o of others) {
    for (const at of [o.x, o.x + o.w / 2, o.x + o.w]) x.push({ at, kind: 'layer', from: o.y, to: o.y + o.h });
    for (const at of [o.y, o.y + o.h / 2, o.y + o.h]) y.push({ at, kind: 'layer', from: o.x, to: o.x + o.w });
  }
  if (grid > 0) {
    for (let at = 0; at <= W + 1e-9; at += grid) cardX(at, 'grid');
    for (let at = 0; at <= H + 1e-9; at += grid) cardY(at, 'grid');
  }
  return { x, y };
}

/** Rank of a line kind when two are equally near: layers and the card before the grid. */
const RANK: Record<SmartGuide['kind'], number> = { layer: 0, card: 0, safe: 1, bleed: 2, grid: 3 };

function bestOnAxis(edges: readonly number[], lines: readonly SnapLine[], tolerance: number): { delta: number; line: SnapLine } | undefined {
  let best: { delta: number; line: SnapLine } | undefined;
  for (const line of lines)
    for (const e of edges) {
      const d = line.at - e;
      if (Math.abs(d) > tolerance) continue;
      if (!best || Math.abs(d) < Math.abs(best.delta) - 1e-9 || (Math.abs(Math.abs(d) - Math.abs(best.delta)) <= 1e-9 && RANK[line.kind] < RANK[best.line.kind])) best = { delta: d, line };
    }
  return best;
}

/**
 * Snap a moved box: on each axis its nearest edge or centre within `tolerance` (mm) of a target
 * line moves onto it. Answers the shift to add and the guides to draw (every target line the
 * snapped box now touches on that axis, so aligned centres and edges all show).
 * @example snapBox({ x: 9.8, y: 0, w: 10, h: 5 }, snapTargets(card, []), 0.5).dx // 0.2 (onto x = 10)
 */
export function snapBox(box: Box, targets: SnapTargets, tolerance: number): { dx: number; dy: number; guides: SmartGuide[] } {
  const xs = [box.x, box.x + box.w / 2, box.x + box.w];
  const ys = [box.y, box.y + box.h / 2, box.y + box.h];
  const bx = bestOnAxis(xs, targets.x, tolerance);
  const by = bestOnAxis(ys, targets.y, tolerance);
  const dx = bx?.delta ?? 0;
  const dy = by?.delta ?? 0;
  const moved = { x: box.x + dx, y: box.y + dy, w: box.w, h: box.h };
  const guides: SmartGuide[] = [];
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
  if (bx)
    for (const l of targets.x)
      if (l.kind !== 'grid' || l === bx.line)
        if ([moved.x, moved.x + moved.w / 2, moved.x + moved.w].some((e) => near(e, l.at)))
          guides.push({ axis: 'x', at: l.at, from: Math.min(l.from, moved.y), to: Math.max(l.to, moved.y + moved.h), kind: l.kind });
  if (by)
    for (const l of targets.y)
      if (l.kind !== 'grid' || l === by.line)
        if ([moved.y, moved.y + moved.h / 2, moved.y + moved.h].some((e) => near(e, l.at)))
          guides.push({ axis: 'y', at: l.at, from: Math.min(l.from, moved.x), to: Math.max(l.to, moved.x + moved.w), kind: l.kind });
  return { dx, dy, guides };
}

/** How layers line up: edges or centres of their common box (or the card when only one is selected). */
export type AlignHow = 'left' | 'hcenter' | 'right' | 'top' | 'vcenter' | 'bottom';

/** Where each box moves to align `how` within `ref`: the (dx, dy) per box, in order. */
export function alignBoxes(boxes: readonly Box[], ref: Box, how: AlignHow): { dx: number; dy: number }[] {
  return boxes.map((b) => {
    switch (how) {
      case 'left':
        return { dx: ref.x - b.x, dy: 0 };
      case 'hcenter':
        return { dx: ref.x + ref.w / 2 - (b.x + b.w / 2), dy: 0 };
      case 'right':
        return { dx: ref.x + ref.w - (b.x + b.w), dy: 0 };
      case 'top':
        return { dx: 0, dy: ref.y - b.y };
      case 'vcenter':
        return { dx: 0, dy: ref.y + ref.h / 2 - (b.y + b.h / 2) };
      case 'bottom':
        return { dx: 0, dy: ref.y + ref.h - (b.y + b.h) };
    }
  });
}

/**
 * Spread three or more boxes evenly along an axis: the outermost stay, the gaps between
 * neighbours (in order of position) become equal. Answers the shift per box, in the given order.
 */
export function distributeBoxes(boxes: readonly Box[], axis: 'x' | 'y'): { dx: number; dy: number }[] {
  const out = boxes.map(() => ({ dx: 0, dy: 0 }));
  if (boxes.length < 3) return out;
  const pos = (b: Box) => (axis === 'x' ? b.x : b.y);
  const size = (b: Box) => (axis === 'x' ? b.w : b.h);
  const order = boxes.map((b, i) => ({ b, i })).sort((a, c) => pos(a.b) - pos(c.b));
  const first = order[0]!.b;
  const last = order[order.length - 1]!.b;
  const span = pos(last) + size(last) - pos(first);
  const total = order.reduce((a, o) => a + size(o.b), 0);
  const gap = (span - total) / (order.length - 1);
  let at = pos(first);
  for (const o of order) {
    const d = at - pos(o.b);
    out[o.i] = axis === 'x' ? { dx: d, dy: 0 } : { dx: 0, dy: d };
    at += size(o.b) + gap;
  }
  return out;
}

/** Snap one coordinate to the nearest line within `tolerance`: the value and the line (if any). */
export function snapValue(v: number, lines: readonly SnapLine[], tolerance: number): { v: number; line?: SnapLine } {
  let best: SnapLine | undefined;
  for (const l of lines) if (Math.abs(l.at - v) <= tolerance && (!best || Math.abs(l.at - v) < Math.abs(best.at - v) - 1e-9 || (Math.abs(Math.abs(l.at - v) - Math.abs(best.at - v)) <= 1e-9 && RANK[l.kind] < RANK[best.kind]))) best = l;
  return best ? { v: best.at, line: best } : { v };
}
