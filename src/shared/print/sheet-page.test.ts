import { describe, expect, it } from 'vitest';
import type { DrawList, GroupOp } from '../cards/draw-list';
import { fakeMeasurer } from './fake-measurer';
import { placeCard, sheetPage } from './sheet-page';
import { impose, type ImposeOptions, type Sheet } from './sheet';

const OPTS: ImposeOptions = { paper: 'a4', orientation: 'portrait', margin: 5, bleed: 3, card: { width: 63, height: 88 }, duplex: 'short', backOffset: { x: 0, y: 0 }, marks: 'crop' };
const face = (name: string): DrawList => ({ width: 63, height: 88, bleed: 3, ops: [{ op: 'rect', id: name, x: -3, y: -3, w: 69, h: 94, fill: { color: '#c23b22' } }] });

describe('sheetPage', () => {
  const [front, back] = impose(4, OPTS) as [Sheet, Sheet];
  const m = fakeMeasurer({ factor: 0.25 });
  it('is the whole page: each card clipped to its bleed and moved to its trim, then the marks, then the foot', () => {
    const p = sheetPage(front, (i, side) => face(`${side}-${i}`), { marks: 'crop', footer: ['x 1/1 front'], measurer: m });
    expect(p.list).toMatchObject({ width: 210, height: 297, bleed: 0 });
    expect(p.list.ops).toEqual([...p.cards.map((c) => c.op), ...p.marks, ...p.footer]);
    expect(p.cards.map((c) => c.itemIndex)).toEqual([0, 1, 2, 3]);
    const g = p.cards[0]!.op;
    expect(g.clip).toEqual(front.placements[0]!.clip);
    expect((g.ops[0] as GroupOp).transform).toEqual({ x: 10.5, y: 13.25 });
    expect((g.ops[0] as GroupOp).rotate).toBeUndefined();
    expect(((g.ops[0] as GroupOp).ops[0] as { id: string }).id).toBe('front-0');
    expect(p.marks.length).toBe(20);
    expect(p.footer.length).toBeGreaterThan(0);
  });
  it('short-edge duplex: every back is turned 180° about its trim centre, so an asymmetric back reads as in long-edge output', () => {
    const p = sheetPage(back, (i, side) => face(`${side}-${i}`), { marks: 'crop', footer: [], measurer: m });
    for (const c of p.cards) {
      const inner = c.op.ops[0] as GroupOp;
      expect(inner.rotate).toEqual({ deg: 180, cx: 31.5, cy: 44 });
      expect((inner.ops[0] as { id: string }).id).toBe(`back-${c.itemIndex}`);
    }
    // Turned about the trim centre, the card's own top-left corner (0, 0) lands at its slot's bottom-right trim corner.
    const pl = back.placements[0]!;
    const inner = placeCard(face('b'), pl).ops[0] as GroupOp;
    const r = inner.rotate!;
    const corner = { x: inner.transform!.x + 2 * r.cx - 0, y: inner.transform!.y + 2 * r.cy - 0 };
    expect(corner).toEqual({ x: pl.trim.x + pl.trim.w, y: pl.trim.y + pl.trim.h });
  });
});
