import { describe, expect, it } from 'vitest';
import { layoutFace } from './layout';
import { CARD_SET_SCHEMA_VERSION, TemplateFile, type CardSet, type Layer } from './schema';
import { fakeMeasurer } from './test-measurer';
import { bind } from './bind';
import { ptToMm } from '../util/units';
import type { DrawOp } from './draw-list';

function set(layers: unknown[], fields: Record<string, string> = {}): CardSet {
  const tpl = TemplateFile.parse({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 'front', maps: { colour: { 福: '#C8102E', 金: '#C9A227' } }, layers });
  return {
    file: {
      schemaVersion: CARD_SET_SCHEMA_VERSION,
      id: 't',
      name: { zh: '测', en: 'T' },
      card: { preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 },
      cards: 'cards.csv',
      templates: { front: 'f', back: 'b' },
      credits: [],
    },
    cards: [{ id: 'RAT-FU', copies: 1, template: 'front', back: 'back', fields }],
    templates: { front: tpl, back: TemplateFile.parse({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 'back', layers: [] }) },
  };
}
const lay = (layers: unknown[], fields: Record<string, string> = {}, opts = {}) => {
  const s = set(layers, fields);
  return layoutFace(s, s.cards[0]!, 'front', fakeMeasurer, opts);
};

describe('bind', () => {
  it('substitutes columns and map lookups, reporting unknown ones', () => {
    const r = bind('{{ name }}·{{attr:colour}}·{{nope}}·{{attr:nomap}}', { name: '福鼠', attr: '福' }, { colour: { 福: '#C8102E' } });
    expect(r.text).toBe('福鼠·#C8102E··福');
    expect(r.problems).toEqual([{ column: 'nope' }, { column: 'attr', map: 'nomap' }]);
  });
});

describe('bindings never reach inherited properties', () => {
  const inherited = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

  it('bind treats an inherited name as a missing column, map or map entry', () => {
    for (const name of inherited) {
      const r = bind(`[{{${name}}}|{{attr:${name}}}|{{attr:colour}}]`, { attr: name }, { colour: { 福: '#C8102E' } });
      expect(r.text, name).toBe(`[|${name}|${name}]`);
      expect(r.problems, name).toEqual([{ column: name }, { column: 'attr', map: name }]);
    }
  });

  it('layout warns about them as missing columns and never prints native code or crashes', () => {
    for (const name of inherited) {
      const { list, warnings } = lay([
        { id: 'a', type: 'text', x: 3, y: 3, w: 57, h: 10, text: `x{{${name}}}`, face: 'sans', size: 9, color: '#000000' },
        { id: 'b', type: 'text', x: 3, y: 20, w: 57, h: 10, text: 'shown', face: 'sans', size: 9, color: '#000000', when: name },
        { id: 'c', type: 'text', x: 3, y: 40, w: 57, h: 10, text: 'eq', face: 'sans', size: 9, color: '#000000', when: { field: name, notEquals: 'x' } },
        { id: 'd', type: 'rect', x: 0, y: 0, w: 10, h: 10, fill: '{{attr:constructor}}' },
        { id: 'e', type: 'image', x: 0, y: 0, w: 10, h: 10, src: `{{${name}}}` },
      ], { attr: '福' });
      expect(list.ops.map((o) => (o.op === 'text' ? o.text : o.op)), name).toEqual(['x', 'eq', 'rect']);
      expect(list.ops[2]).toEqual({ op: 'rect', id: 'd', x: 0, y: 0, w: 10, h: 10 }); // '福' is no colour, so no fill
      expect(JSON.stringify(list)).not.toMatch(/native code|function/);
      expect(warnings.map((w) => [w.layer, w.kind]), name).toEqual([['a', 'binding'], ['d', 'binding'], ['d', 'binding'], ['e', 'binding']]);
      expect(warnings[0]!.message).toBe(`Layer "a" binds column "${name}", which the cards have no column for; add the column to the CSV or fix the name.`);
      expect(warnings[1]!.message).toBe('Layer "d" uses map "constructor", which the template does not define; add it under "maps".');
    }
  });

  it('columns named like inherited properties are ordinary columns', () => {
    const fields: Record<string, string> = Object.create(null);
    Object.assign(fields, { constructor: '甲', toString: '乙' });
    Object.defineProperty(fields, '__proto__', { value: '丙', enumerable: true, writable: true, configurable: true });
    const { list, warnings } = lay([
      { id: 'a', type: 'text', x: 3, y: 3, w: 57, h: 10, text: '{{constructor}}{{toString}}{{__proto__}}', face: 'sans', size: 9, color: '#000000', when: '__proto__' },
    ], fields);
    expect(warnings).toEqual([]);
    expect(list.ops.map((o) => o.op === 'text' && o.text)).toEqual(['甲乙丙']);
  });
});

describe('layoutFace', () => {
  it('a full-bleed background grows through the bleed; a bound colour resolves through a map', () => {
    const { list, warnings } = lay([{ id: 'bg', type: 'rect', x: 0, y: 0, w: 63, h: 88, bleedExtend: true, fill: '{{attr:colour}}' }], { attr: '福' });
    expect(warnings).toEqual([]);
    expect(list).toEqual({ width: 63, height: 88, bleed: 3, ops: [{ op: 'rect', id: 'bg', x: -3, y: -3, w: 69, h: 94, fill: { color: '#C8102E' } }] });
  });

  it('follows a changed bleed and card size: boxes scale per axis, type by the smaller scale', () => {
    const layers = [
      { id: 'bg', type: 'rect', x: 0, y: 0, w: 63, h: 88, bleedExtend: true, fill: '#000000' },
      { id: 't', type: 'text', x: 10, y: 10, w: 43, h: 20, text: 'A', face: 'sans', size: 10, color: '#000000', fit: 'none' },
    ];
    const { list } = lay(layers, {}, { bleed: 0, size: { width: 57.15, height: 88.9 } });
    expect(list.ops[0]).toMatchObject({ x: 0, y: 0, w: 57.15, h: 88.9 });
    const t = list.ops[1]!;
    expect(t.op === 'text' && t.size).toBeCloseTo((10 * 57.15) / 63, 2);
    expect(t.op === 'text' && t.x).toBeCloseTo((10 * 57.15) / 63, 3);
  });

  it('centres a line in its box: x from the measured width, baseline from the font metrics', () => {
    const { list } = lay([{ id: 'n', type: 'text', x: 0, y: 0, w: 63, h: 10, text: '福鼠', face: 'sans-bold', size: 10, color: '#111111', align: 'center', valign: 'middle', lineHeight: 1 }]);
    const em = ptToMm(10);
    const op = list.ops[0]!;
    expect(op).toMatchObject({ op: 'text', text: '福鼠', face: 'sans-bold', size: 10, color: '#111111' });
    if (op.op !== 'text') return;
    expect(op.x).toBeCloseTo((63 - 2 * em) / 2, 3);
    expect(op.y).toBeCloseTo((10 - em) / 2 + 0.88 * em, 3);
    expect(op.width).toBeCloseTo(2 * em, 3);
  });

  it('wraps and justifies CJK paragraphs: every full line spans the box exactly', () => {
    const em = ptToMm(8);
    const w = em * 5.5;
    const { list } = lay([{ id: 'e', type: 'text', x: 5, y: 5, w, h: 40, text: '{{effect}}', face: 'sans', size: 8, color: '#000000', align: 'justify' }], { effect: '指定目标角色回合内只能选择叠牌' });
    const lines = list.ops.filter((o) => o.op === 'text');
    expect(lines.map((l) => l.op === 'text' && l.text)).toEqual(['指定目标角', '色回合内只', '能选择叠牌']);
    for (const l of lines.slice(0, -1)) if (l.op === 'text') expect(l.x + l.width - (l.letterSpacing ?? 0)).toBeCloseTo(5 + w, 2);
  });

  it('shrinks text to fit when asked, and warns when even the minimum does not fit', () => {
    const base = { id: 's', type: 'text', x: 0, y: 0, w: 20, h: 5, face: 'sans', color: '#000000', fit: 'shrink', size: 12, minSize: 6, lineHeight: 1 };
    const fits = lay([{ ...base, text: '一二三四五六' }]);
    const op = fits.list.ops[0]!;
    expect(op.op === 'text' && op.size).toBeLessThan(12);
    expect(op.op === 'text' && op.size * 0.3528 * 6).toBeLessThanOrEqual(20.01);
    expect(fits.warnings).toEqual([]);
    const over = lay([{ ...base, text: '一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十' }]);
    expect(over.warnings.map((w) => w.kind)).toEqual(['overflow']);
    expect(over.warnings[0]!.message).toMatch(/does not fit its 20×5 mm box/);
  });

  it('shows layers by condition and warns about unknown columns', () => {
    const layers = [
      { id: 'skill', type: 'text', x: 0, y: 0, w: 60, h: 10, text: '{{skill}}', face: 'sans', size: 8, color: '#000000', when: 'skill' },
      { id: 'dual', type: 'rect', x: 0, y: 0, w: 5, h: 5, fill: '#000000', when: { field: 'dual', equals: 'yes' } },
      { id: 'ghost', type: 'text', x: 0, y: 20, w: 60, h: 10, text: '{{missing}}x', face: 'sans', size: 8, color: '#000000' },
    ];
    const plain = lay(layers, { skill: '', dual: '' });
    expect(plain.list.ops.map((o) => o.id)).toEqual(['ghost']);
    expect(plain.warnings[0]!.message).toMatch(/binds column "missing"/);
    const rich = lay(layers, { skill: '投鼠忌器', dual: 'yes' });
    expect(rich.list.ops.map((o) => o.id)).toEqual(['skill', 'dual', 'ghost']);
  });

  it('lays out a table: header band, stripes, aligned cells', () => {
    const table: Layer = TemplateFile.parse({
      schemaVersion: CARD_SET_SCHEMA_VERSION,
      name: 'x',
      layers: [{ id: 'combos', type: 'table', x: 3, y: 10, w: 57, rows: '福名|福分\n连中三元|5\n五福临门|1', columns: [{ width: 3 }, { width: 1, align: 'right' }], header: true, face: 'sans', size: 7, rowHeight: 3, color: '#222222', headerFill: '#C23B22', headerColor: '#FFFFFF', stripeFill: '#EEEEEE' }],
    }).layers[0]!;
    const { list } = lay([table]);
    const rects = list.ops.filter((o) => o.op === 'rect');
    expect(rects).toEqual([
      { op: 'rect', id: 'combos', x: 3, y: 10, w: 57, h: 3, fill: { color: '#C23B22' } },
      { op: 'rect', id: 'combos', x: 3, y: 16, w: 57, h: 3, fill: { color: '#EEEEEE' } },
    ]);
    const texts = list.ops.filter((o) => o.op === 'text');
    expect(texts.map((t) => t.op === 'text' && t.text)).toEqual(['福名', '福分', '连中三元', '5', '五福临门', '1']);
    const five = texts[3]!;
    if (five.op === 'text') expect(five.x + five.width).toBeCloseTo(60 - 0.8, 3);
  });
});

/** CPU milliseconds this process has spent since `since`: a budget that other busy processes do not eat into. */
const cpuMs = (since: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

describe('layoutFace with huge text', () => {
  const box = { id: 'body', type: 'text', x: 3, y: 3, w: 57, h: 30, text: '{{body}}', face: 'sans', size: 9, color: '#000000', lineHeight: 1.3 };
  const huge: Record<string, string> = {
    cjk: '福'.repeat(10_000_000),
    words: 'fortune '.repeat(1_250_000),
    lines: '福\n'.repeat(5_000_000),
    word: 'x'.repeat(10_000_000),
  };

  for (const [name, body] of Object.entries(huge))
    for (const fit of ['wrap', 'shrink', 'none'])
      it(`lays out a 10-million-character cell (${name}, fit ${fit}) fast, only the lines that fit, and reports overflow`, () => {
        const t0 = process.cpuUsage();
        const { list, warnings } = lay([{ ...box, fit, minSize: 4 }], { body });
        expect(cpuMs(t0)).toBeLessThan(2000);
        const texts = list.ops.filter((o) => o.op === 'text');
        const lh = texts[0]!.op === 'text' ? ptToMm(texts[0]!.size) * 1.3 : 0;
        expect(texts.length).toBeGreaterThan(0);
        expect(texts.length * lh).toBeLessThanOrEqual(30.01);
        expect(warnings.map((w) => `${w.layer} ${w.kind}`)).toEqual(['body overflow']);
      });

  it('draws only the lines of wrapped text that fit the box, and says it overflows', () => {
    const em = ptToMm(10);
    const { list, warnings } = lay([{ ...box, w: em * 4.1, h: em * 2.5, size: 10, lineHeight: 1 }], { body: '一二三四五六七八九十一二三四五六七八九十' });
    expect(list.ops.map((o) => o.op === 'text' && o.text)).toEqual(['一二三四', '五六七八']);
    expect(warnings.map((w) => w.kind)).toEqual(['overflow']);
  });

  it('stops shrinking after a bounded number of tries, however wide the size range', () => {
    let calls = 0;
    const counting = { ...fakeMeasurer, width: (f: Parameters<typeof fakeMeasurer.width>[0], t: string, s: number) => (calls++, fakeMeasurer.width(f, t, s)) };
    const s = set([{ ...box, w: 20, h: 5, size: 1000, minSize: 0.001, fit: 'shrink', text: '一二三四五六' }]);
    const { list, warnings } = layoutFace(s, s.cards[0]!, 'front', counting);
    const op = list.ops[0]!;
    expect(warnings).toEqual([]);
    // The largest size on the 0.25 pt ladder from 1000 pt (the largest a template may ask) whose six characters fit 20 mm.
    const fits = (size: number) => 6 * ptToMm(size) <= 20.01 && ptToMm(size) * 1.3 <= 5.01;
    let want = 1000;
    while (!fits(want)) want -= 0.25;
    expect(op.op === 'text' && op.size).toBe(Math.round(want * 100) / 100);
    expect(calls).toBeLessThan(2000);
  });

  it('fits a table cell too wide for its column: a little shrinks (to 90 % at most), more wraps onto balanced lines and its row grows', () => {
    const rows = 'a|Triple Laureate\nb|Hall Full of Gold & Jade\nc|x';
    const { list, warnings } = lay([{ id: 'tb', type: 'table', x: 3, y: 10, w: 30, rows, columns: [{ width: 10 }, { width: 20 }], face: 'sans', size: 7, rowHeight: 3, color: '#222222', stripeFill: '#EEEEEE' }]);
    expect(warnings).toEqual([]);
    const texts = list.ops.flatMap((o) => (o.op === 'text' ? [o] : []));
    const name = (t: string) => texts.find((o) => o.text === t)!;
    // "Triple Laureate" (17.5 mm at 7 pt) in a 20 − 1.6 mm column: one line, a little smaller.
    expect(name('Triple Laureate').size).toBeLessThan(7);
    expect(name('Triple Laureate').size).toBeGreaterThanOrEqual(6.3);
    expect(name('Triple Laureate').width).toBeLessThanOrEqual(18.4 + 0.01);
    // Too long for that: two lines at 7 pt, balanced, each inside the column.
    expect(texts.filter((o) => o.text === 'Hall Full of' || o.text === 'Gold & Jade').map((o) => o.size)).toEqual([7, 7]);
    expect(name('Gold & Jade').y).toBeGreaterThan(name('Hall Full of').y);
    // The wrapped row is taller: the next row starts a line lower, and its stripe is as tall as it.
    const pitch = ptToMm(7) * 1.1;
    expect(name('c').y - name('b').y).toBeCloseTo(3 + pitch, 2);
    const stripe = list.ops.find((o) => o.op === 'rect')!;
    expect(stripe.op === 'rect' && stripe.h).toBeCloseTo(3 + pitch, 2);
  });

  it('lays out the rows of a table that fall on the card only, and says the rest fall off', () => {
    const rows = Array.from({ length: 1_000_000 }, (_, i) => `r${i}|${i}`).join('\n');
    const t0 = process.cpuUsage();
    const { list, warnings } = lay([{ id: 'tb', type: 'table', x: 3, y: 10, w: 57, rows: '{{rows}}', columns: [{ width: 3 }, { width: 1 }], face: 'sans', size: 7, rowHeight: 3, color: '#222222' }], { rows });
    expect(cpuMs(t0)).toBeLessThan(2000);
    for (const op of list.ops) if (op.op === 'text') expect(op.y).toBeLessThan(88 + 3);
    expect(warnings.map((w) => w.message)).toEqual(['Table "tb" has more rows than the card holds; rows 28 on fall off it; remove rows or lower the row height.']);
  });
});

describe('curly quotes on cards', () => {
  const faces = (ops: DrawOp[]) => ops.flatMap((o) => (o.op === 'text' ? [[o.text, o.face]] : []));

  it('sets an apostrophe or quote in Latin text in the Latin face, one run after the other, and leaves CJK quotes full-width', () => {
    const { list } = lay([{ id: 'a', type: 'text', x: 3, y: 3, w: 57, h: 10, text: 'another’s “skill” 「福」“福”', face: 'sans', size: 9, color: '#000000' }]);
    expect(faces(list.ops)).toEqual([['another', 'sans'], ['’', 'latin'], ['s ', 'sans'], ['“', 'latin'], ['skill', 'sans'], ['”', 'latin'], [' 「福」“福”', 'sans']]);
    const texts = list.ops.filter((o) => o.op === 'text') as { x: number; width: number }[];
    for (let i = 1; i < texts.length; i++) expect(texts[i]!.x).toBeCloseTo(texts[i - 1]!.x + texts[i - 1]!.width, 1);
  });

  it('does the same in rich text, in each styled piece, and in the bold face', () => {
    const { list } = lay([{ id: 'a', type: 'text', x: 3, y: 3, w: 57, h: 10, text: '**Rat’s** turn: copy another’s skill', face: 'sans', size: 9, color: '#000000' }]);
    const f = faces(list.ops);
    expect(f).toContainEqual(['’', 'latin-bold']);
    expect(f).toContainEqual(['’', 'latin']);
    expect(f.map(([t]) => t).join('')).toBe('Rat’s turn: copy another’s skill');
  });
});
