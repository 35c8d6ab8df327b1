import { describe, expect, it } from 'vitest';
import { bandBox, dragTo, layersInBand, scaleBox, startDrag } from './drag';
import { ADDABLE, type TemplateJson } from './layers';
import { snapTargets } from './snap';
import { addLayers, duplicateLayers, groupLayers, isLocked, newLayer, patchLayer, removeLayers, reorderLayer, ungroupLayer } from './template-ops';
import { Layer } from '../../../../shared/cards/schema';

const card = { width: 63, height: 88, bleed: 3, safe: 3 };
const tpl = (): TemplateJson => ({
  schemaVersion: 2,
  name: 'front',
  maps: {},
  layers: [
    { id: 'bg', type: 'rect', x: 0, y: 0, w: 63, h: 88, fill: '#FFFFFF' },
    { id: 'title', type: 'text', x: 5, y: 5, w: 53, h: 10, text: '{{name}}', face: 'sans', size: 12, color: '#000000' },
    { id: 'art', type: 'image', x: 10, y: 20, w: 20, h: 20, src: 'icon:fluent-emoji-flat:rat' },
  ],
});

describe('template edits', () => {
  it('new layers of every kind pass the template schema, with unique ids and a bound column for text', () => {
    for (const k of ADDABLE) expect(Layer.safeParse(newLayer(k, card, new Set([k]))).success, k).toBe(true);
    expect(newLayer('text', card, new Set(), 'name')).toMatchObject({ id: 'text', text: '{{name}}' });
    expect(newLayer('rect', card, new Set(['rect'])).id).toBe('rect-2');
  });

  it('patches fields and removes the ones set to undefined, without touching the input', () => {
    const t = tpl();
    const out = patchLayer(t, 'bg', { fill: undefined, stroke: '#C23B22' });
    expect(out.layers[0]).toEqual({ id: 'bg', type: 'rect', x: 0, y: 0, w: 63, h: 88, stroke: '#C23B22' });
    expect(t.layers[0]!.fill).toBe('#FFFFFF');
  });

  it('adds pasted layers with fresh ids, duplicates with an offset, removes, reorders', () => {
    const t = tpl();
    const pasted = addLayers(t, [structuredClone(t.layers[1]!)]);
    expect(pasted.ids).toEqual(['title-2']);
    const dup = duplicateLayers(t, ['art']);
    expect(dup.template.layers[3]).toMatchObject({ id: 'art-2', x: 12, y: 22 });
    expect(removeLayers(t, new Set(['title'])).layers.map((l) => l.id)).toEqual(['bg', 'art']);
    expect(reorderLayer(t, 'bg', 'top').layers.map((l) => l.id)).toEqual(['title', 'art', 'bg']);
    expect(reorderLayer(t, 'art', 'down').layers.map((l) => l.id)).toEqual(['bg', 'art', 'title']);
    expect(reorderLayer(t, 'art', 'bottom').layers.map((l) => l.id)).toEqual(['art', 'bg', 'title']);
  });

  it('groups where the topmost member was and ungroups back; locks reach children', () => {
    const t = tpl();
    const g = groupLayers(t, ['bg', 'art']);
    expect(g.id).toBe('group');
    expect(g.template.layers.map((l) => l.id)).toEqual(['title', 'group']);
    expect(g.template.layers[1]!.layers!.map((l) => l.id)).toEqual(['bg', 'art']);
    expect(groupLayers(t, ['bg']).id).toBeUndefined();
    const locked = patchLayer(g.template, 'group', { locked: true });
    expect(isLocked(locked, 'art')).toBe(true);
    expect(isLocked(locked, 'title')).toBe(false);
    const u = ungroupLayer(g.template, 'group');
    expect(u.template.layers.map((l) => l.id)).toEqual(['title', 'bg', 'art']);
    // An emptied group goes with its last child.
    expect(removeLayers(g.template, new Set(['bg', 'art'])).layers.map((l) => l.id)).toEqual(['title']);
  });
});

describe('drags', () => {
  const opts = (t: TemplateJson, ids: string[]) => ({ snap: true, shift: false, targets: snapTargets(card, t.layers.filter((l) => !ids.includes(l.id)).map((l) => ({ x: l.x!, y: l.y!, w: l.w!, h: l.h! }))), tolerance: 0.5 });

  it('moves with snapping to the card centre and shows the guide; Ctrl (no snap) moves freely', () => {
    const t = tpl();
    const d = startDrag('move', t, ['art'], { x: 20, y: 30 })!;
    const r = dragTo(d, { x: 31.3, y: 40 }, opts(t, ['art']));
    expect(r.template.layers[2]).toMatchObject({ x: 21.5, y: 30 });
    expect(r.guides.some((g) => g.axis === 'x' && g.at === 31.5)).toBe(true);
    const free = dragTo(d, { x: 31.3, y: 40 }, { ...opts(t, ['art']), snap: false });
    expect(free.template.layers[2]).toMatchObject({ x: 21.3, y: 30 });
    expect(t.layers[2]).toMatchObject({ x: 10, y: 20 });
  });

  it('Shift keeps a move on one axis', () => {
    const t = tpl();
    const d = startDrag('move', t, ['art'], { x: 20, y: 30 })!;
    expect(dragTo(d, { x: 27, y: 31 }, { ...opts(t, ['art']), snap: false, shift: true }).template.layers[2]).toMatchObject({ x: 17, y: 20 });
  });

  it('resizes by a handle, snapping the moving edge only', () => {
    const t = tpl();
    const d = startDrag('resize', t, ['art'], { x: 30, y: 40 }, 'se')!;
    const r = dragTo(d, { x: 50.2, y: 50 }, opts(t, ['art']));
    // No line within 0.5 mm of x = 50.2: the edge stays where the pointer is.
    expect(r.template.layers[2]).toMatchObject({ x: 10, y: 20, w: 40.2, h: 30 });
    const r2 = dragTo(d, { x: 57.8, y: 50 }, opts(t, ['art']));
    expect(r2.template.layers[2]).toMatchObject({ w: 48 });
    expect(r2.guides[0]).toMatchObject({ axis: 'x', at: 58 });
  });

  it('resizes a multi-selection by its box: every layer scales with it', () => {
    const t = tpl();
    // title 5,5 53×10 and art 10,20 20×20: the selection box is 5,5 53×35; drag its east edge 53 mm further (to twice the width).
    const d = startDrag('resize', t, ['title', 'art'], { x: 58, y: 20 }, 'e')!;
    const r = dragTo(d, { x: 111, y: 20 }, { ...opts(t, ['title', 'art']), snap: false });
    expect(r.template.layers[1]).toMatchObject({ x: 5, y: 5, w: 106, h: 10 });
    expect(r.template.layers[2]).toMatchObject({ x: 15, y: 20, w: 40, h: 20 });
    expect(r.template.layers[0]).toEqual(t.layers[0]);
    expect(scaleBox({ x: 10, y: 10, w: 10, h: 10 }, { x: 0, y: 0, w: 20, h: 20 }, { x: 0, y: 0, w: 40, h: 20 })).toEqual({ x: 20, y: 10, w: 20, h: 10 });
  });

  it('a rubber band selects the shown, unlocked top-level layers wholly inside it, turned ones by their turned bounds', () => {
    const t: TemplateJson = { ...tpl(), layers: [...tpl().layers, { id: 'locked', type: 'rect', x: 40, y: 60, w: 5, h: 5, locked: true }, { id: 'gone', type: 'rect', x: 40, y: 60, w: 5, h: 5, hidden: true }, { id: 'turned', type: 'rect', x: 40, y: 70, w: 20, h: 2, rotation: 90 }] };
    expect(bandBox({ x: 30, y: 45 }, { x: 8, y: 18 })).toEqual({ x: 8, y: 18, w: 22, h: 27 });
    // Around the art (not the whole background): the art; around title and art: both; around the card: all the shown, unlocked ones.
    expect(layersInBand(t, bandBox({ x: 31, y: 41 }, { x: 9, y: 19 }))).toEqual(['art']);
    expect(layersInBand(t, { x: 4, y: 4, w: 56, h: 40 })).toEqual(['title', 'art']);
    expect(layersInBand(t, { x: -1, y: -1, w: 70, h: 90 })).toEqual(['bg', 'title', 'art', 'turned']);
    // Touching is not enough; the locked and hidden ones never.
    expect(layersInBand(t, { x: 12, y: 25, w: 2, h: 2 })).toEqual([]);
    expect(layersInBand(t, { x: 39, y: 59, w: 7, h: 7 })).toEqual([]);
    // The turned bar stands upright: 49..51 × 61..81, outside a band around its unturned box (40..60 × 70..72).
    expect(layersInBand(t, { x: 39, y: 69, w: 22, h: 4 })).toEqual([]);
    expect(layersInBand(t, { x: 48, y: 60, w: 4, h: 22 })).toEqual(['turned']);
  });

  it('rotates with square angles snapping and 15° steps with Shift; 0° removes the field', () => {
    const t = tpl();
    const d = startDrag('rotate', t, ['art'], { x: 20, y: 10 })!;
    expect(dragTo(d, { x: 40, y: 31 }, opts(t, ['art'])).template.layers[2]!.rotation).toBe(90);
    expect(dragTo(d, { x: 31, y: 18 }, { ...opts(t, ['art']), shift: true }).template.layers[2]!.rotation).toBe(45);
    expect('rotation' in dragTo(d, { x: 20.1, y: 0 }, opts(t, ['art'])).template.layers[2]!).toBe(false);
  });

  it('rotates several layers as one piece about the selection centre: each centre orbits it, each layer turns by the same angle', () => {
    const t = patchLayer(tpl(), 'art', { rotation: 100 });
    // Selection box: x 5…58, y 5…40, centre (31.5, 22.5); the handle above it, the pointer to the right: 90°.
    const d = startDrag('rotate', t, ['title', 'art'], { x: 31.5, y: 0 })!;
    expect(d.mode).toBe('rotate-many');
    const r = dragTo(d, { x: 60, y: 22.5 }, opts(t, ['title', 'art'])).template;
    // title's centre (31.5, 10) → (44, 22.5); art's (20, 30) → (24, 11); sizes unchanged.
    expect(r.layers[1]).toMatchObject({ x: 17.5, y: 17.5, w: 53, h: 10, rotation: 90 });
    expect(r.layers[2]).toMatchObject({ x: 14, y: 1, w: 20, h: 20, rotation: -170 });
    // The background was not selected.
    expect(r.layers[0]).toEqual(t.layers[0]);
    // Back to the start angle: everything where it was (no rotation field left on title).
    const back = dragTo(d, { x: 31.5, y: -5 }, opts(t, ['title', 'art'])).template;
    expect(back).toEqual(t);
    // Shift: 15° steps.
    const r45 = dragTo(d, { x: 45, y: 10 }, { ...opts(t, ['title', 'art']), shift: true }).template;
    expect(r45.layers[1]!.rotation).toBe(45);
    expect(r45.layers[2]!.rotation).toBe(145);
  });

  it('moves one end of a line', () => {
    const t: TemplateJson = { ...tpl(), layers: [{ id: 'l', type: 'line', x: 5, y: 5, x2: 20, y2: 5, stroke: '#000000', strokeWidth: 0.3 }] };
    const d = startDrag('end', t, ['l'], { x: 20, y: 5 }, undefined, 2)!;
    expect(dragTo(d, { x: 25, y: 17 }, { ...opts(t, ['l']), snap: false }).template.layers[0]).toMatchObject({ x: 5, y: 5, x2: 25, y2: 17 });
  });
});

describe('renaming a layer', () => {
  it('renames at any depth, refusing an empty id or one the template already has', async () => {
    const { layerIdProblem, renameLayer } = await import('./template-ops');
    const t = { schemaVersion: 4, name: 'front', maps: {}, layers: [{ id: 'bg', type: 'rect' }, { id: 'g', type: 'group', layers: [{ id: 'title', type: 'text' }] }] };
    expect(layerIdProblem(t, 'title', '  ')).toBe('editor.idEmpty');
    expect(layerIdProblem(t, 'title', 'bg')).toBe('editor.idTaken');
    expect(layerIdProblem(t, 'title', 'heading')).toBeUndefined();
    const r = renameLayer(t, 'title', 'heading');
    expect(r.layers[1]!.layers![0]!.id).toBe('heading');
    expect(r.layers[0]).toBe(t.layers[0]);
  });
});
