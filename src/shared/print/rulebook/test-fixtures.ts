import type { DrawList, DrawOp } from '../../cards/draw-list';
import type { FigureResolver } from './flow';

/**
 * Figures for tests and fixtures only: a 63 × 88 mm card face (with 3 mm bleed) for any
 * `card:ABC-XYZ` ref, a 280 × 180 mm board for `board:main`, nothing for other refs.
 */
export const fakeFigure: FigureResolver = (ref) => {
  const card = /^card:([A-Z0-9]+-[A-Z0-9]+)$/.exec(ref);
  if (card) {
    const list: DrawList = { width: 63, height: 88, bleed: 3, ops: [{ op: 'rect', x: -3, y: -3, w: 69, h: 94, fill: { color: '#C8102E' } }, { op: 'text', x: 5, y: 12, text: card[1]!, face: 'sans-bold', size: 9, color: '#FFFFFF', width: 15 }] };
    return { list, radius: 3 };
  }
  if (ref === 'board:main') return { list: { width: 280, height: 180, bleed: 0, ops: [{ op: 'rect', x: 0, y: 0, w: 280, h: 180, fill: { color: '#E9D8B4' } }] }, caption: 'Board' };
  return undefined;
};

/** The ops of a page with plain groups opened up; figure groups stay whole (their contents are the figure's). */
export function pageOps(ops: readonly DrawOp[]): DrawOp[] {
  return ops.flatMap((op) => (op.op === 'group' && op.id !== 'rulebook:figure' && op.id !== 'rulebook:cover' ? pageOps(op.ops) : [op]));
}
