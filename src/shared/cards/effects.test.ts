// Gradient fills, drop shadows and images cut to a shape (format 6): the template schema and its
// saved text, layout to the draw list, and the SVG the preview and the PNG writer render.
import { describe, expect, it } from 'vitest';
import { layoutFace } from './layout';
import { CARD_SET_SCHEMA_VERSION, TemplateFile, type CardSet } from './schema';
import { fakeMeasurer } from './test-measurer';
import { templateFileVersion } from './migrations';
import { templateText } from './serialize';
import { drawListToSvg } from './svg';
import { shadowSvg } from './svg-effects';
import type { GroupOp, RectOp, ShadowOp } from './draw-list';
import { shiftOps } from '../print/rulebook/chunk';

const stops = [
  { at: 0, color: '#c23b22' },
  { at: 1, color: '#F2C14E' },
];
const card = (layers: unknown[]): CardSet => ({
  file: { schemaVersion: CARD_SET_SCHEMA_VERSION, id: 't', name: { zh: '测', en: 'T' }, card: { preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 }, cards: 'c.csv', templates: { front: 'f', back: 'b' }, credits: [] },
  cards: [{ id: 'C1', copies: 1, template: 'front', back: 'back', fields: { art: 'file:art/rat.png' } }],
  templates: { front: TemplateFile.parse({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 'front', layers }), back: TemplateFile.parse({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 'back', layers: [] }) },
});
const lay = (layers: unknown[]) => {
  const s = card(layers);
  return layoutFace(s, s.cards[0]!, 'front', fakeMeasurer).list;
};
const rect = (extra: Record<string, unknown> = {}) => ({ id: 'r', type: 'rect', x: 10, y: 20, w: 40, h: 20, fill: '#000000', ...extra });
const image = (extra: Record<string, unknown> = {}) => ({ id: 'art', type: 'image', x: 10, y: 10, w: 30, h: 20, src: '{{art}}', ...extra });

describe('the schema and the saved file', () => {
  const layers = [
    rect({ radius: 2, gradient: { type: 'linear', angle: 90, stops }, shadow: { x: 1, y: 1.5, blur: 2, color: '#000000', opacity: 0.4 } }),
    { id: 'e', type: 'ellipse', x: 0, y: 0, w: 10, h: 10, gradient: { type: 'radial', stops: [...stops, { at: 1, color: '#000000' }] } },
    image({ clip: { shape: 'rect', radius: 4 }, shadow: { x: 0, y: 1, blur: 0, color: '#333333' } }),
    { id: 'g', type: 'group', layers: [image({ id: 'round', clip: { shape: 'ellipse' } })] },
  ];

  it('reads effects back exactly as written, saved at format 6 (and not when no layer has one)', () => {
    const tpl = TemplateFile.parse({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 'front', layers });
    const text = templateText(tpl);
    expect(JSON.parse(text).schemaVersion).toBe(6);
    expect(TemplateFile.parse(JSON.parse(text))).toEqual({ ...tpl, schemaVersion: 6 });
    // One layer per line, the effect's keys in a fixed order whatever order they were set in.
    expect(text).toContain('"gradient":{"type":"linear","angle":90,"stops":[{"at":0,"color":"#c23b22"},{"at":1,"color":"#F2C14E"}]}');
    expect(templateText({ ...tpl, layers: [rect({ shadow: { color: '#000000', blur: 1, y: 2, x: 0 } })] })).toContain('"shadow":{"x":0,"y":2,"blur":1,"color":"#000000"}');
    // A group's child with a clip alone needs format 6.
    expect(templateFileVersion({ layers: [layers[3]] })).toBe(6);
    expect(templateFileVersion({ layers: [rect()] })).toBe(1);
  });

  it('refuses stops out of order, a single stop, a bound stop colour and an unknown clip shape, saying what to write', () => {
    const parse = (layer: unknown) => TemplateFile.safeParse({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 't', layers: [layer] });
    const msg = (layer: unknown) => {
      const r = parse(layer);
      return r.success ? '' : r.error.issues.map((i) => i.message).join('; ');
    };
    expect(msg(rect({ gradient: { type: 'linear', stops: [stops[1], { at: 0.2, color: '#000000' }].map((s, i) => ({ ...s, at: i ? 0.2 : 0.9 })) } }))).toMatch(/in order of "at"/);
    expect(msg(rect({ gradient: { type: 'linear', stops: [stops[0]] } }))).toMatch(/at least two stops/);
    expect(msg(rect({ gradient: { type: 'radial', stops: [stops[0], { at: 1, color: '{{colour}}' }] } }))).toMatch(/colour like #C23B22/);
    expect(parse(image({ clip: { shape: 'star' } })).success).toBe(false);
    expect(msg(rect({ shadow: { x: 0, y: 0, blur: 80, color: '#000000' } }))).toMatch(/blur of at most 50 mm/);
  });
});

describe('layout', () => {
  it('a linear gradient runs through the box centre at its angle, its ends reaching the corners', () => {
    const [op] = lay([rect({ gradient: { type: 'linear', stops } })]).ops as RectOp[];
    expect(op!.fill).toEqual({ color: '#C23B22', gradient: { kind: 'linear', x1: 10, y1: 30, x2: 50, y2: 30, stops: [{ at: 0, color: '#C23B22' }, { at: 1, color: '#F2C14E' }] } });
    const down = (lay([rect({ gradient: { type: 'linear', angle: 90, stops } })]).ops[0] as RectOp).fill!.gradient!;
    expect(down).toMatchObject({ x1: 30, y1: 20, x2: 30, y2: 40 });
    // At 45° the line is |w cos| + |h sin| long, so the far corners get the end colours exactly (CSS).
    const diag = (lay([rect({ gradient: { type: 'linear', angle: 45, stops } })]).ops[0] as RectOp).fill!.gradient!;
    const half = (40 + 20) / Math.SQRT2 / 2;
    expect(diag).toMatchObject({ x1: expect.closeTo(30 - half * Math.SQRT1_2, 2), y1: expect.closeTo(30 - half * Math.SQRT1_2, 2) });
  });

  it('a radial gradient is the ellipse of the box; the layer opacity fades it', () => {
    const [op] = lay([{ id: 'e', type: 'ellipse', x: 0, y: 0, w: 20, h: 10, opacity: 0.5, gradient: { type: 'radial', stops } }]).ops;
    expect(op).toMatchObject({ op: 'ellipse', fill: { opacity: 0.5, gradient: { kind: 'radial', cx: 10, cy: 5, rx: 10, ry: 5 } } });
  });

  it('a shadow is painted under its layer, in the layer outline, faded with it', () => {
    const ops = lay([rect({ radius: 3, opacity: 0.5, shadow: { x: 1, y: 2, blur: 3, color: '#112233' } })]).ops;
    expect(ops.map((o) => o.op)).toEqual(['shadow', 'rect']);
    expect(ops[0]).toEqual({ op: 'shadow', id: 'r', outline: { shape: 'rect', x: 10, y: 20, w: 40, h: 20, radius: 3 }, dx: 1, dy: 2, blur: 3, color: '#112233', opacity: 0.25 });
    // A rotated layer turns with its shadow.
    const turned = lay([rect({ rotation: 30, shadow: { x: 1, y: 2, blur: 3, color: '#112233' } })]).ops[0] as GroupOp;
    expect(turned.ops.map((o) => o.op)).toEqual(['shadow', 'rect']);
  });

  it('a frame (stroked, not filled) casts the shadow of its stroke, in SVG and its bounds', () => {
    const [sh] = lay([rect({ fill: 'none', stroke: '#C23B22', strokeWidth: 0.5, shadow: { x: 1, y: 1, blur: 0, color: '#000000' } })]).ops as ShadowOp[];
    expect(sh!.strokeWidth).toBe(0.5);
    const s = drawListToSvg(lay([rect({ fill: 'none', stroke: '#C23B22', strokeWidth: 0.5, shadow: { x: 1, y: 1, blur: 0, color: '#000000' } })]), { text: 'text', imageHref: () => undefined });
    expect(s).toContain('<rect x="11" y="21" width="40" height="20" fill="none" stroke="#000000" stroke-width="0.5" opacity="0.5"/>');
    expect((lay([rect({ shadow: { x: 1, y: 1, blur: 0, color: '#000000' } })]).ops[0] as ShadowOp).strokeWidth).toBeUndefined();
  });

  it('an image cut to a shape is clipped to it in a group, and its shadow follows the shape', () => {
    const [sh, g] = lay([image({ clip: { shape: 'ellipse' }, shadow: { x: 0, y: 1, blur: 2, color: '#000000' } })]).ops as [ShadowOp, GroupOp];
    expect(sh.outline).toEqual({ shape: 'ellipse', x: 10, y: 10, w: 30, h: 20 });
    expect(g).toEqual({ op: 'group', id: 'art', clip: { x: 10, y: 10, w: 30, h: 20, shape: 'ellipse' }, ops: [{ op: 'image', id: 'art', x: 10, y: 10, w: 30, h: 20, ref: 'file:art/rat.png' }] });
    const [rounded] = lay([image({ clip: { shape: 'rect', radius: 40 } })]).ops as GroupOp[];
    expect(rounded!.clip).toEqual({ x: 10, y: 10, w: 30, h: 20, radius: 10 }); // no more than half the short side
  });

  it('an image cut to another layer\'s outline is clipped to that layer\'s shape where it is drawn, its shadow too', () => {
    const frame = { id: 'frame', type: 'rect', x: 12, y: 12, w: 20, h: 10, radius: 3, hidden: true };
    const [sh, g] = lay([frame, image({ clip: { layer: 'frame' }, shadow: { x: 0, y: 1, blur: 0, color: '#000000' } })]).ops as [ShadowOp, GroupOp];
    expect(sh.outline).toEqual({ shape: 'rect', x: 12, y: 12, w: 20, h: 10, radius: 3 });
    expect(g).toEqual({ op: 'group', id: 'art', clip: { x: 12, y: 12, w: 20, h: 10, radius: 3 }, ops: [{ op: 'image', id: 'art', x: 10, y: 10, w: 30, h: 20, ref: 'file:art/rat.png' }] });
    const oval = { id: 'oval', type: 'ellipse', x: 0, y: 0, w: 8, h: 6 };
    const inGroup = { id: 'g', type: 'group', layers: [{ id: 'round', type: 'image', x: 30, y: 30, w: 10, h: 10, src: 'x', clip: { shape: 'ellipse' } }] };
    expect((lay([oval, image({ clip: { layer: 'oval' } })]).ops[1] as GroupOp).clip).toEqual({ x: 0, y: 0, w: 8, h: 6, shape: 'ellipse' });
    expect((lay([inGroup, image({ clip: { layer: 'round' } })]).ops[1] as GroupOp).clip).toEqual({ x: 30, y: 30, w: 10, h: 10, shape: 'ellipse' });
  });

  it('an outline that cannot be cut to is said on the layer and the picture is drawn whole', () => {
    const warn = (layers: unknown[]) => {
      const s = card(layers);
      const r = layoutFace(s, s.cards[0]!, 'front', fakeMeasurer);
      return { ops: r.list.ops, messages: r.warnings.map((w) => w.message) };
    };
    const missing = warn([image({ clip: { layer: 'nope' } })]);
    expect(missing.ops).toEqual([{ op: 'image', id: 'art', x: 10, y: 10, w: 30, h: 20, ref: 'file:art/rat.png' }]);
    expect(missing.messages).toEqual(['Layer "art" is cut to the outline of layer "nope", which the template does not have; choose another layer or a shape.']);
    expect(warn([image({ clip: { layer: 'art' } })]).messages[0]).toMatch(/which the template does not have/);
    expect(warn([{ id: 't', type: 'line', x: 0, y: 0, x2: 9, y2: 9, stroke: '#000000', strokeWidth: 0.3 }, image({ clip: { layer: 't' } })]).messages).toContain('Layer "art" is cut to the outline of layer "t", a line layer; cut to a rectangle, an ellipse or an image.');
    expect(warn([rect({ rotation: 30 }), image({ clip: { layer: 'r' } })]).messages).toContain('Layer "art" is cut to the outline of layer "r", which is turned; cut to a layer that is not turned, or to a shape.');
  });

  it('a clip naming a layer is saved at format 6 and read back', () => {
    const tpl = TemplateFile.parse({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 'front', layers: [rect(), image({ clip: { layer: 'r' } })] });
    const text = templateText(tpl);
    expect(text).toContain('"clip":{"layer":"r"}');
    expect(TemplateFile.parse(JSON.parse(text))).toEqual({ ...tpl, schemaVersion: 6 });
    expect(TemplateFile.safeParse({ ...tpl, layers: [image({ clip: { layer: '' } })] }).success).toBe(false);
  });

  it('a rulebook moving a face moves its gradients and shadows with it', () => {
    const ops = lay([rect({ gradient: { type: 'linear', stops }, shadow: { x: 1, y: 1, blur: 1, color: '#000000' } })]).ops;
    const moved = shiftOps(ops, 5, 7);
    expect(moved.every((o) => o.op === 'group' && o.transform?.x === 5 && o.transform.y === 7)).toBe(true);
  });
});

describe('SVG', () => {
  const svg = (layers: unknown[]) => drawListToSvg(lay(layers), { text: 'text', imageHref: () => 'data:image/png;base64,AAAA', idPrefix: 'x' });

  it('fills with a user-space gradient: linear along its line, radial as a unit circle mapped on the ellipse', () => {
    expect(svg([rect({ stroke: '#111111', gradient: { type: 'linear', stops } })])).toContain(
      '<linearGradient id="xg1" gradientUnits="userSpaceOnUse" x1="10" y1="30" x2="50" y2="30"><stop offset="0" stop-color="#C23B22"/><stop offset="1" stop-color="#F2C14E"/></linearGradient>' +
        '<rect x="10" y="20" width="40" height="20" fill="url(#xg1)" stroke="#111111" stroke-width="0.3"/>',
    );
    expect(svg([{ id: 'e', type: 'ellipse', x: 0, y: 0, w: 20, h: 10, gradient: { type: 'radial', stops } }])).toContain(
      '<radialGradient id="xg1" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="1" gradientTransform="matrix(10 0 0 5 10 5)">',
    );
  });

  it('draws a blurred shadow through a Gaussian filter wide enough for the blur, and a sharp one without', () => {
    const s = svg([rect({ shadow: { x: 1, y: 2, blur: 4, color: '#112233', opacity: 0.6 } })]);
    expect(s).toContain(
      '<filter id="xs1" filterUnits="userSpaceOnUse" x="5" y="16" width="52" height="32" color-interpolation-filters="sRGB"><feGaussianBlur stdDeviation="2"/></filter>' +
        '<rect x="11" y="22" width="40" height="20" fill="#112233" opacity="0.6" filter="url(#xs1)"/><rect x="10" y="20"',
    );
    expect(svg([rect({ shadow: { x: 1, y: 2, blur: 0, color: '#112233' } })])).toContain('<rect x="11" y="22" width="40" height="20" fill="#112233" opacity="0.5"/>');
    // The PDF's raster of the shadow: the same filter over the shadow's bounds.
    const sh = lay([rect({ shadow: { x: 1, y: 2, blur: 4, color: '#112233' } })]).ops[0] as ShadowOp;
    expect(shadowSvg(sh, 520, 320)).toMatch(/^<svg [^>]*width="520" height="320" viewBox="5 16 52 32"[^>]*><filter id="s"/);
  });

  it('clips an image to an ellipse or a rounded rectangle', () => {
    expect(svg([image({ clip: { shape: 'ellipse' } })])).toContain('<clipPath id="xc1"><ellipse cx="25" cy="20" rx="15" ry="10"/></clipPath><g clip-path="url(#xc1)"><image');
    expect(svg([image({ clip: { shape: 'rect', radius: 4 } })])).toContain('<clipPath id="xc1"><rect x="10" y="10" width="30" height="20" rx="4"/></clipPath>');
  });

  it('clips an image to another layer\'s outline', () => {
    const oval = { id: 'oval', type: 'ellipse', x: 14, y: 12, w: 20, h: 16, fill: '#000000', hidden: true };
    expect(svg([oval, image({ clip: { layer: 'oval' } })])).toContain('<clipPath id="xc1"><ellipse cx="24" cy="20" rx="10" ry="8"/></clipPath><g clip-path="url(#xc1)"><image');
  });
});
