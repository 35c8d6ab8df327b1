import { walkOps, type DrawList, type DrawOp, type ImageOp } from './draw-list';
import { roundMm } from '../util/units';

/** A picture's own size (any unit: only its proportions count). */
export interface ImageSize {
  w: number;
  h: number;
}

/**
 * Where a picture of size `img` is drawn for an image op: the box itself (stretch, or when the
 * size is unknown or empty), the largest centred rect of the picture's proportions inside it
 * (contain), or the smallest covering it, offset by `focus` (cover).
 * @example fittedRect({ x: 0, y: 0, w: 10, h: 10, fit: 'cover', focus: { x: 0, y: 0.5 } }, { w: 2, h: 1 }) // → { x: 0, y: 0, w: 20, h: 10 }
 */
export function fittedRect(op: Pick<ImageOp, 'x' | 'y' | 'w' | 'h' | 'fit' | 'focus'>, img: ImageSize | undefined): { x: number; y: number; w: number; h: number } {
  const box = { x: op.x, y: op.y, w: op.w, h: op.h };
  if (!op.fit || !img || !(img.w > 0 && img.h > 0) || !(op.w > 0 && op.h > 0)) return box;
  const k = op.fit === 'contain' ? Math.min(op.w / img.w, op.h / img.h) : Math.max(op.w / img.w, op.h / img.h);
  const [w, h] = [img.w * k, img.h * k];
  const fx = op.fit === 'cover' ? (op.focus?.x ?? 0.5) : 0.5;
  const fy = op.fit === 'cover' ? (op.focus?.y ?? 0.5) : 0.5;
  return { x: roundMm(op.x + (op.w - w) * fx), y: roundMm(op.y + (op.h - h) * fy), w: roundMm(w), h: roundMm(h) };
}

/**
 * A draw list's ops with every fitted image (`fit` contain / cover) replaced by a stretched one
 * at its `fittedRect`, a cover image clipped to its box in a group: what a writer that only knows
 * stretched images (PDF, PNG, SVG) draws. `size` gives each picture's own size; an image whose
 * size it does not know is left as it is (fitted).
 */
export function fitImages(ops: readonly DrawOp[], size: (ref: string) => ImageSize | undefined): DrawOp[] {
  let changed = false;
  const out = ops.map((op): DrawOp => {
    if (op.op === 'group') {
      const inner = fitImages(op.ops, size);
      if (inner === op.ops) return op;
      changed = true;
      return { ...op, ops: inner };
    }
    if (op.op !== 'image' || !op.fit) return op;
    const img = size(op.ref);
    if (!img || !(img.w > 0 && img.h > 0)) return op;
    changed = true;
    const { fit, focus: _focus, ...plain } = op;
    const r = fittedRect(op, img);
    const image: ImageOp = { ...plain, ...r };
    if (fit === 'contain' || (r.x >= op.x && r.y >= op.y && r.x + r.w <= op.x + op.w + 1e-9 && r.y + r.h <= op.y + op.h + 1e-9)) return image;
    return { op: 'group', ...(op.id ? { id: op.id } : {}), clip: { x: op.x, y: op.y, w: op.w, h: op.h }, ops: [image] };
  });
  return changed ? out : (ops as DrawOp[]);
}

/** `fitImages` over a whole draw list (the same list when nothing is fitted). */
export function fitListImages(list: DrawList, size: (ref: string) => ImageSize | undefined): DrawList {
  // Walked without recursion first: a list of deeply nested groups with no fitted image is left alone.
  if (fittedRefs(list.ops).size === 0) return list;
  const ops = fitImages(list.ops, size);
  return ops === list.ops ? list : { ...list, ops };
}

/** The refs of fitted images in ops (what a writer must learn the size of). */
export function fittedRefs(ops: readonly DrawOp[], into = new Set<string>()): Set<string> {
  walkOps(ops, (op) => op.op === 'image' && op.fit && into.add(op.ref));
  return into;
}
