// The template features of format 3 through layout, with the fake measurer (every character
// 0.5 em, CJK 1 em; ascent 0.88, descent 0.12): hidden/locked layers, rotation, groups, image fit,
// and text markup (bold and colour spans, inline icons, escapes, `|rich` values).
import { describe, expect, it } from 'vitest';
import { layoutFace } from './layout';
import { CARD_SET_SCHEMA_VERSION, TemplateFile, type CardSet } from './schema';
import { fakeMeasurer } from './test-measurer';
import { parseRich, escapeMarkup } from './rich';
import { layerBounds } from './bounds';
import { fitImages, fittedRect } from './image-fit';
import type { DrawOp, GroupOp, ImageOp, TextOp } from './draw-list';
import { drawListToSvg } from './svg';
import { preflight } from '../print/preflight';
import { ptToMm } from '../util/units';

function set(layers: unknown[], fields: Record<string, string> = {}, icons?: Record<string, string>): CardSet {
  const tpl = TemplateFile.parse({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 'front', maps: { colour: { 福: '#C8102E' } }, ...(icons ? { icons } : {}), layers });
  return {
    file: { schemaVersion: CARD_SET_SCHEMA_VERSION, id: 't', name: { zh: '测', en: 'T' }, card: { preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 }, cards: 'c.csv', templates: { front: 'f', back: 'b' }, credits: [] },
    cards: [{ id: 'C1', copies: 1, template: 'front', back: 'back', fields }],
    templates: { front: tpl, back: TemplateFile.parse({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 'back', layers: [] }) },
  };
}
const lay = (layers: unknown[], fields: Record<string, string> = {}, icons?: Record<string, string>) => {
  const s = set(layers, fields, icons);
  return layoutFace(s, s.cards[0]!, 'front', fakeMeasurer);
};
const rect = (extra: Record<string, unknown> = {}) => ({ id: 'r', type: 'rect', x: 10, y: 20, w: 30, h: 10, fill: '#000000', ...extra });
const text = (t: string, extra: Record<string, unknown> = {}) => ({ id: 't', type: 'text', x: 5, y: 5, w: 50, h: 20, text: t, face: 'sans', size: 10, color: '#111111', ...extra });
const texts = (ops: DrawOp[]) => ops.filter((o): o is TextOp => o.op === 'text');

describe('hidden and locked layers', () => {
  it('a hidden layer is not drawn (nor its group\'s children); a locked one is drawn as usual', () => {
    expect(lay([rect({ hidden: true })]).list.ops).toEqual([]);
    expect(lay([rect({ locked: true })]).list.ops).toEqual([{ op: 'rect', id: 'r', x: 10, y: 20, w: 30, h: 10, fill: { color: '#000000' } }]);
    expect(lay([{ id: 'g', type: 'group', hidden: true, layers: [rect()] }]).list.ops).toEqual([]);
  });
});

describe('rotation', () => {
  it('turns a layer clockwise about its box centre, a line about its midpoint; whole turns draw plainly', () => {
    expect(lay([rect({ rotation: 30 })]).list.ops).toEqual([{ op: 'group', id: 'r', rotate: { deg: 30, cx: 25, cy: 25 }, ops: [{ op: 'rect', id: 'r', x: 10, y: 20, w: 30, h: 10, fill: { color: '#000000' } }] }]);
    const line = lay([{ id: 'l', type: 'line', x: 0, y: 0, x2: 10, y2: 20, stroke: '#000000', strokeWidth: 0.5, rotation: -90 }]).list.ops[0] as GroupOp;
    expect(line.rotate).toEqual({ deg: -90, cx: 5, cy: 10 });
    expect(lay([rect({ rotation: 360 })]).list.ops[0]!.op).toBe('rect');
    const t = lay([text('福', { rotation: 90 })]).list.ops[0] as GroupOp;
    expect(t.rotate).toEqual({ deg: 90, cx: 30, cy: 15 });
    expect(t.ops[0]!.op).toBe('text');
  });

  it('scales the pivot with the card when laid out at another size', () => {
    const s = set([rect({ rotation: 45 })]);
    const r = layoutFace(s, s.cards[0]!, 'front', fakeMeasurer, { size: { width: 126, height: 176 } });
    expect((r.list.ops[0] as GroupOp).rotate).toEqual({ deg: 45, cx: 50, cy: 50 });
  });

  it('bounds: a rotated box\'s axis-aligned bounds; a group\'s are its children\'s, turned by its own rotation', () => {
    const b = layerBounds(rect({ rotation: 90 }) as never)!;
    expect([b.x, b.y, b.w, b.h].map((v) => Math.round(v * 1000) / 1000)).toEqual([20, 10, 10, 30]);
    const g = layerBounds({ type: 'group', id: 'g', layers: [rect() as never, { ...(rect() as object), id: 'r2', x: 50, y: 60, w: 10, h: 10 } as never] })!;
    expect(g).toEqual({ x: 10, y: 20, w: 50, h: 50 });
  });

  it('the SVG writer turns the group about the same point', () => {
    const svg = drawListToSvg(lay([rect({ rotation: 30 })]).list, { text: 'text', imageHref: () => undefined });
    expect(svg).toContain('<g transform="rotate(30 25 25)"><rect x="10" y="20" width="30" height="10" fill="#000000"/></g>');
  });
});

describe('groups', () => {
  it('draws the children where they are, as one group op with the group\'s opacity and rotation about the children\'s bounds', () => {
    const r = lay([{ id: 'g', type: 'group', opacity: 0.5, rotation: 10, layers: [rect(), { ...rect(), id: 'r2', x: 50, y: 60, w: 10, h: 10, when: 'badge' }, rect({ id: 'r3', hidden: true })] }], { badge: '1' });
    expect(r.list.ops).toEqual([
      {
        op: 'group', id: 'g', opacity: 0.5, rotate: { deg: 10, cx: 35, cy: 45 },
        ops: [
          { op: 'rect', id: 'r', x: 10, y: 20, w: 30, h: 10, fill: { color: '#000000' } },
          { op: 'rect', id: 'r2', x: 50, y: 60, w: 10, h: 10, fill: { color: '#000000' } },
        ],
      },
    ]);
  });

  it('a group\'s `when` shows or hides all its children; a group with nothing shown draws nothing', () => {
    const g = { id: 'g', type: 'group', when: 'badge', layers: [rect()] };
    expect(lay([g], { badge: '' }).list.ops).toEqual([]);
    expect(lay([g], { badge: 'x' }).list.ops).toHaveLength(1);
    expect(lay([{ id: 'g', type: 'group', layers: [rect({ when: 'badge' })] }], { badge: '' }).list.ops).toEqual([]);
  });
});

describe('image fit', () => {
  it('passes fit and focus to the image op (stretch, the default, adds nothing)', () => {
    const img = (extra: Record<string, unknown>) => lay([{ id: 'i', type: 'image', x: 0, y: 0, w: 20, h: 10, src: 'file:a.png', ...extra }]).list.ops[0] as ImageOp;
    expect(img({})).toEqual({ op: 'image', id: 'i', x: 0, y: 0, w: 20, h: 10, ref: 'file:a.png' });
    expect(img({ fit: 'stretch' })).not.toHaveProperty('fit');
    expect(img({ fit: 'contain', focus: { x: 0, y: 0 } })).toMatchObject({ fit: 'contain' });
    expect(img({ fit: 'contain', focus: { x: 0, y: 0 } })).not.toHaveProperty('focus');
    expect(img({ fit: 'cover', focus: { x: 0.2, y: 1 } })).toMatchObject({ fit: 'cover', focus: { x: 0.2, y: 1 } });
  });

  it('places contain centred and cover by its focus (object-position), and clips cover to the box', () => {
    const box = { x: 10, y: 10, w: 20, h: 10 };
    expect(fittedRect({ ...box, fit: 'contain' }, { w: 100, h: 100 })).toEqual({ x: 15, y: 10, w: 10, h: 10 });
    expect(fittedRect({ ...box, fit: 'cover' }, { w: 100, h: 100 })).toEqual({ x: 10, y: 5, w: 20, h: 20 });
    expect(fittedRect({ ...box, fit: 'cover', focus: { x: 0.5, y: 0 } }, { w: 100, h: 100 })).toEqual({ x: 10, y: 10, w: 20, h: 20 });
    expect(fittedRect({ ...box, fit: 'cover', focus: { x: 0.5, y: 1 } }, { w: 100, h: 100 })).toEqual({ x: 10, y: 0, w: 20, h: 20 });
    const ops = fitImages([{ op: 'image', id: 'i', ...box, ref: 'a', fit: 'cover', focus: { x: 0.5, y: 0.25 } }], () => ({ w: 1, h: 1 }));
    expect(ops).toEqual([{ op: 'group', id: 'i', clip: box, ops: [{ op: 'image', id: 'i', x: 10, y: 7.5, w: 20, h: 20, ref: 'a' }] }]);
    // Unknown size: left fitted; the SVG writer then uses preserveAspectRatio.
    const kept = fitImages([{ op: 'image', ...box, ref: 'a', fit: 'cover', focus: { x: 0, y: 1 } }], () => undefined);
    expect(drawListToSvg({ width: 63, height: 88, bleed: 0, ops: kept }, { text: 'text', imageHref: () => 'data:x' })).toContain('preserveAspectRatio="xMinYMax slice"');
  });

  it('preflight counts the DPI of a cover image at its cropped size', () => {
    const list = { width: 63, height: 88, bleed: 0, ops: [{ op: 'image' as const, id: 'art', x: 0, y: 0, w: 25.4, h: 12.7, ref: 'a', fit: 'cover' as const }] };
    // 300 × 300 px over a 25.4 × 25.4 mm crop: 300 DPI stretched would be 300 × 600/2…; cover makes it 300 DPI exactly.
    expect(preflight([{ cardId: 'C', side: 'front', list, safe: 0 }], fakeMeasurer, new Map([['a', { widthPx: 300, heightPx: 300 }]])).issues).toEqual([]);
    const r = preflight([{ cardId: 'C', side: 'front', list, safe: 0 }], fakeMeasurer, new Map([['a', { widthPx: 200, heightPx: 200 }]]));
    expect(r.issues[0]!.message.en).toMatch(/prints at 200 DPI at 25\.4 × 25\.4 mm; 300 DPI needs 300 × 300 px/);
  });
});

describe('preflight with rotated layers', () => {
  it('a background rotated 180° still covers the bleed; one rotated 10° does not; rotated text is checked where it lands', () => {
    const bg = (rotation: number) => ({ id: 'bg', type: 'rect', x: 0, y: 0, w: 63, h: 88, bleedExtend: true, fill: '#FFFFFF', rotation });
    const check = (layers: unknown[]) => {
      const r = lay(layers);
      return preflight([{ cardId: 'C1', side: 'front', list: r.list, safe: 3 }], fakeMeasurer).issues.map((i) => i.code);
    };
    expect(check([bg(180)])).toEqual([]);
    expect(check([bg(10)])).toEqual(['print/bleed-not-covered']);
    // A 40 mm line of text at the centre, upright inside the safe zone, turned 90° reaches past its top and bottom… no: 40 mm fits 82 mm; at x it is 5 mm wide.
    expect(check([bg(0), text('ABCDEFGHIJKLMNOP', { x: 11.5, y: 40, w: 40, h: 8, size: 10, rotation: 0 })])).toEqual([]);
    expect(check([bg(0), text('ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJ', { x: 1.5, y: 40, w: 60, h: 8, size: 10, fit: 'none', align: 'center' })])).toEqual(['print/text-outside-safe']);
    expect(check([bg(0), text('ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJ', { x: 1.5, y: 40, w: 60, h: 8, size: 10, fit: 'none', align: 'center', rotation: 90 })])).toEqual([]);
  });
});

describe('text markup', () => {
  const em = ptToMm(10);
  it('bold spans switch to sans-bold, colour spans to their colour, on one baseline one after another', () => {
    const ops = texts(lay([text('ab**cd**[#C23B22]ef[/]g')]).list.ops);
    expect(ops.map((o) => [o.text, o.face, o.color])).toEqual([
      ['ab', 'sans', '#111111'],
      ['cd', 'sans-bold', '#111111'],
      ['ef', 'sans', '#C23B22'],
      ['g', 'sans', '#111111'],
    ]);
    expect(new Set(ops.map((o) => o.y)).size).toBe(1);
    for (let i = 1; i < ops.length; i++) expect(ops[i]!.x).toBeCloseTo(ops[i - 1]!.x + ops[i - 1]!.width, 2);
  });

  it('a colour span may be bound through a map; a bad colour warns and falls back to the layer colour', () => {
    expect(texts(lay([text('[{{attr:colour}}]福[/]')], { attr: '福' }).list.ops)[0]!.color).toBe('#C8102E');
    const r = lay([text('x[{{attr}}]y[/]')], { attr: 'red' });
    expect(texts(r.list.ops).map((o) => o.color)).toEqual(['#111111']);
    expect(r.warnings[0]!.message).toMatch(/colour "red" is not #rrggbb/);
  });

  it('an inline icon is an image one em square on the descender line, text flowing around it', () => {
    const r = lay([text('a{{icon:luck}}b', { fit: 'none' })], {}, { luck: 'file:art/luck.svg' });
    const [a, icon, b] = r.list.ops as [TextOp, ImageOp, TextOp];
    expect(icon).toMatchObject({ op: 'image', id: 't', ref: 'file:art/luck.svg' });
    expect(icon.w).toBeCloseTo(em, 3);
    expect(icon.h).toBeCloseTo(em, 3);
    expect(icon.y + icon.h).toBeCloseTo(a.y + 0.12 * em, 2);
    expect(icon.x).toBeCloseTo(a.x + a.width, 2);
    expect(b.x).toBeCloseTo(icon.x + em, 2);
    expect(lay([text('{{icon:fluent-emoji-flat:rat-face}}')]).list.ops[0]).toMatchObject({ op: 'image', ref: 'icon:fluent-emoji-flat:rat-face' });
    expect(lay([text('x{{icon:nope}}')]).warnings[0]!.message).toMatch(/shows icon "nope", which the template does not define; add it under "icons"/);
  });

  it('values from the cards are literal unless the binding says |rich; a |rich value cannot bind other columns', () => {
    const fields = { rules: '**2×** [#C23B22]福[/] {{icon:luck}} {{secret}}', secret: 'S' };
    const plain = lay([text('{{rules}}', { w: 200 })], fields, { luck: 'file:l.svg' });
    expect(texts(plain.list.ops).map((o) => o.text)).toEqual(['**2×** [#C23B22]福[/] {{icon:luck}} {{secret}}']);
    const rich = lay([text('{{rules|rich}}', { w: 200 })], fields, { luck: 'file:l.svg' });
    expect(rich.list.ops.map((o) => (o.op === 'text' ? `${o.text}/${o.face}/${o.color}` : o.op))).toEqual(['2×/sans-bold/#111111', '福/sans/#C23B22', 'image', ' {{secret}}/sans/#111111']);
    // A rich value's spans end with it.
    expect(parseRich('{{v|rich}}z', { v: '**[#000000]a' }, {}).runs).toEqual([
      { kind: 'text', text: 'a', bold: true, color: '#000000' },
      { kind: 'text', text: 'z', bold: false },
    ]);
  });

  it('a backslash makes the next character literal; escapeMarkup round-trips', () => {
    expect(texts(lay([text('\\*\\*x\\[#000000] \\{{name}}')], { name: 'N' }).list.ops).map((o) => o.text)).toEqual(['**x[#000000] {{name}}']);
    const s = '**[#C23B22]{{a}}\\';
    expect(parseRich(escapeMarkup(s), { a: 'A' }, {}).runs).toEqual([{ kind: 'text', text: s, bold: false }]);
  });

  it('wraps, justifies and shrinks mixed runs like plain text', () => {
    // 8 words of 4 characters (2 em each at 10 pt, 7.06 mm) in a 30 mm box wrap 3 to a line.
    const words = 'aaaa **bbbb** cccc dddd eeee ffff gggg hhhh';
    const r = lay([text(words, { w: 30, h: 40, align: 'justify' })]);
    const lines = [...new Set(texts(r.list.ops).map((o) => o.y))];
    expect(lines).toHaveLength(3);
    const first = texts(r.list.ops).filter((o) => o.y === lines[0]);
    const last = first[first.length - 1]!;
    expect(last.x + last.width - last.letterSpacing!).toBeCloseTo(5 + 30, 1); // justified to the right edge
    const shrunk = lay([text(words, { w: 30, h: 5, fit: 'shrink', minSize: 4 })]);
    expect(shrunk.warnings).toEqual([]);
    expect(texts(shrunk.list.ops)[0]!.size).toBeLessThan(10);
    expect(texts(lay([text(words, { w: 30, h: 5 })]).list.ops).length).toBeGreaterThan(0);
    expect(lay([text(words, { w: 30, h: 5 })]).warnings[0]!.kind).toBe('overflow');
  });

  it('plain text is laid out exactly as before markup existed', () => {
    const a = lay([text('plain words, no markup at all', { w: 30, align: 'justify' })]).list.ops;
    expect(a.every((o) => o.op === 'text' && o.face === 'sans')).toBe(true);
  });
});
