import { describe, expect, it } from 'vitest';
import { layerBox, moveLayer, nudgeStep, resizeBox, rotationTo, setLayerBox, uniqueId, type LayerJson } from './layers';
import { alignBoxes, distributeBoxes, snapBox, snapTargets } from './snap';
import { clampZoom, CSS_PX_PER_MM, fitZoom, rulerTicks } from './view';

const card = { width: 63, height: 88, bleed: 3, safe: 3 };

describe('layer geometry', () => {
  it('boxes of lines, tables and groups', () => {
    expect(layerBox({ id: 'l', type: 'line', x: 10, y: 20, x2: 4, y2: 25 })).toEqual({ x: 4, y: 20, w: 6, h: 5 });
    expect(layerBox({ id: 't', type: 'table', x: 1, y: 2, w: 30, rowHeight: 4, rows: 'a|b\n\nc|d\n' })).toEqual({ x: 1, y: 2, w: 30, h: 8 });
    const g: LayerJson = { id: 'g', type: 'group', layers: [{ id: 'a', type: 'rect', x: 0, y: 0, w: 10, h: 10 }, { id: 'b', type: 'rect', x: 20, y: 5, w: 5, h: 20 }] };
    expect(layerBox(g)).toEqual({ x: 0, y: 0, w: 25, h: 25 });
  });

  it('moves a line by both ends and a group by its children, rounding to 0.01 mm', () => {
    expect(moveLayer({ id: 'l', type: 'line', x: 1, y: 1, x2: 5, y2: 1 }, 0.333, 1)).toMatchObject({ x: 1.33, y: 2, x2: 5.33, y2: 2 });
    const g = moveLayer({ id: 'g', type: 'group', layers: [{ id: 'a', type: 'rect', x: 1, y: 1, w: 2, h: 2 }] }, 2, 3);
    expect(g.layers![0]).toMatchObject({ x: 3, y: 4 });
  });

  it('fits a group to a new box by scaling its children', () => {
    const g: LayerJson = { id: 'g', type: 'group', layers: [{ id: 'a', type: 'rect', x: 0, y: 0, w: 10, h: 10 }, { id: 'b', type: 'rect', x: 10, y: 10, w: 10, h: 10 }] };
    const out = setLayerBox(g, { x: 5, y: 5, w: 40, h: 20 });
    expect(out.layers).toMatchObject([{ x: 5, y: 5, w: 20, h: 10 }, { x: 25, y: 15, w: 20, h: 10 }]);
  });

  it('resizes from a handle, keeping the opposite edge, never below 0.5 mm, with ratio on corners', () => {
    const b = { x: 10, y: 10, w: 20, h: 10 };
    expect(resizeBox(b, 'e', 5, 99)).toEqual({ x: 10, y: 10, w: 25, h: 10 });
    expect(resizeBox(b, 'nw', 5, 2)).toEqual({ x: 15, y: 12, w: 15, h: 8 });
    expect(resizeBox(b, 'w', 100, 0)).toEqual({ x: 29.5, y: 10, w: 0.5, h: 10 });
    const r = resizeBox(b, 'se', 20, 0, true);
    expect(r.w / r.h).toBeCloseTo(2);
    expect(r).toMatchObject({ x: 10, y: 10, w: 40 });
  });

  it('nudges 0.5 mm, 5 with Shift, 0.1 with Alt', () => {
    expect([nudgeStep({}), nudgeStep({ shiftKey: true }), nudgeStep({ altKey: true }), nudgeStep({ altKey: true, shiftKey: true })]).toEqual([0.5, 5, 0.1, 0.1]);
  });

  it('rotation from the centre to the pointer, clockwise, in steps when asked', () => {
    const c = { x: 0, y: 0 };
    expect(rotationTo(c, { x: 0, y: -10 })).toBe(0);
    expect(rotationTo(c, { x: 10, y: 0 })).toBe(90);
    expect(rotationTo(c, { x: -10, y: 0 })).toBe(-90);
    expect(rotationTo(c, { x: 0, y: 10 })).toBe(180);
    expect(rotationTo(c, { x: 10, y: -9 }, 15)).toBe(45);
  });

  it('unique ids', () => {
    expect(uniqueId('text', new Set(['text', 'text-2']))).toBe('text-3');
    expect(uniqueId('rect', new Set())).toBe('rect');
  });
});

describe('snapping', () => {
  it('snaps the nearest edge or centre to the card centre, safe zone and other layers, with guides', () => {
    const t = snapTargets(card, [{ x: 40, y: 40, w: 10, h: 10 }]);
    // Centre at 31.3 → card centre 31.5.
    const s = snapBox({ x: 26.3, y: 60, w: 10, h: 5 }, t, 0.5);
    expect(s.dx).toBeCloseTo(0.2);
    expect(s.dy).toBe(0);
    expect(s.guides).toEqual([{ axis: 'x', at: 31.5, from: -3, to: 91, kind: 'card' }]);
    // Left edge near the other layer's right edge (50) and top near the safe line.
    const s2 = snapBox({ x: 50.3, y: 3.2, w: 5, h: 5 }, t, 0.5);
    expect(s2.dx).toBeCloseTo(-0.3);
    expect(s2.dy).toBeCloseTo(-0.2);
    expect(s2.guides.map((g) => g.kind).sort()).toEqual(['layer', 'safe']);
  });

  it('snaps to the grid only when asked, and not beyond the tolerance', () => {
    expect(snapBox({ x: 7.2, y: 30.3, w: 1, h: 1 }, snapTargets(card, []), 0.5)).toMatchObject({ dx: 0, dy: 0, guides: [] });
    const g = snapBox({ x: 7.2, y: 30.3, w: 1, h: 1 }, snapTargets(card, [], 5), 0.5);
    expect(g.dy).toBeCloseTo(-0.3);
    expect(g.guides).toEqual([{ axis: 'y', at: 30, from: -3, to: 66, kind: 'grid' }]);
  });

  it('aligns and distributes', () => {
    const boxes = [{ x: 0, y: 0, w: 10, h: 10 }, { x: 30, y: 5, w: 20, h: 4 }, { x: 12, y: 50, w: 2, h: 2 }];
    expect(alignBoxes(boxes, { x: 0, y: 0, w: 63, h: 88 }, 'hcenter').map((d) => d.dx)).toEqual([26.5, -8.5, 18.5]);
    expect(alignBoxes(boxes, { x: 0, y: 0, w: 50, h: 52 }, 'bottom').map((d) => d.dy)).toEqual([42, 43, 0]);
    // Sorted by x: 0..10, 12..14, 30..50 → span 50, sizes 32, gaps 9 each.
    expect(distributeBoxes(boxes, 'x')).toEqual([{ dx: 0, dy: 0 }, { dx: 0, dy: 0 }, { dx: 7, dy: 0 }]);
    expect(distributeBoxes(boxes.slice(0, 2), 'x')).toEqual([{ dx: 0, dy: 0 }, { dx: 0, dy: 0 }]);
  });
});

describe('view', () => {
  it('fits the card with its bleed into the viewport, within the zoom range', () => {
    const z = fitZoom({ w: 800, h: 600 }, card, 32);
    expect((94 * CSS_PX_PER_MM * z)).toBeCloseTo(600 - 64);
    expect(clampZoom(100)).toBe(16);
    expect(fitZoom({ w: 0, h: 0 }, card)).toBe(1); // no room yet: 100 %
  });

  it('ruler ticks every mm when there is room, labels every 10', () => {
    const t = rulerTicks(-3, 12, 6);
    expect(t.map((x) => x.mm)).toEqual([-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(t.filter((x) => x.label).map((x) => x.label)).toEqual(['0', '10']);
    expect(rulerTicks(0, 100, 0.5).map((x) => x.mm)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
  });
});
