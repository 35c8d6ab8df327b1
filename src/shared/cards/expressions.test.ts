// Expressions in bindings, "show when" conditions and per-card template rules (format 5), through
// the evaluator, layout (with the fake measurer), the loader and the file format.
import { describe, expect, it } from 'vitest';
import { bind, boundColumns } from './bind';
import { display, evaluate } from './expr';
import { layoutFace } from './layout';
import { loadCardSet } from './load';
import { projectFileVersion, templateFileVersion } from './migrations';
import { rowCard } from './row-card';
import { CARD_SET_SCHEMA_VERSION, TemplateFile, type CardSet } from './schema';
import { fakeMeasurer } from './test-measurer';
import type { TextOp } from './draw-list';

const card = { cost: '3', type: 'event', name: 'Spring 春', price: '2.5', 名称: '春' };
const value = (src: string, scope: Record<string, string> = card) => {
  const r = evaluate(src, scope);
  return r.ok ? display(r.value) : `ERROR ${r.error.en} | ${r.error.zh}`;
};

describe('the expression language', () => {
  it('computes numbers, chooses text, transforms and formats', () => {
    expect(value('cost * 2')).toBe('6');
    expect(value('cost + 1')).toBe('4'); // a field that reads as a number is one
    expect(value('if(type == "event", "事件", "")')).toBe('事件');
    expect(value('if(type == "unit", "单位", "")')).toBe('');
    expect(value('type == "event" ? "E" : "N"')).toBe('E');
    expect(value('upper(name)')).toBe('SPRING 春');
    expect(value('lower("ABC") || "-" || trim("  x ")')).toBe('abc-x');
    expect(value('fixed(price, 2)')).toBe('2.50');
    expect(value('pad(cost, 3)')).toBe('003');
    expect(value('group(1234567.5)')).toBe('1,234,567.5');
    expect(value('0.1 + 0.2')).toBe('0.3');
    expect(value('round(price)')).toBe('3');
    expect(value('field("名称") || "!"')).toBe('春!');
    expect(value('either(missing_ok, name)', { missing_ok: '', name: 'N' })).toBe('N');
  });

  it('compares with and / or / not', () => {
    expect(value('cost > 2 and type == "event"')).toBe('1');
    expect(value('cost > 5 or type != "event"')).toBe('');
    expect(value('not (cost > 5)')).toBe('1');
    expect(value('cost >= 3 and (type == "unit" or name == "Spring 春")')).toBe('1');
  });

  it('reads only the card’s fields and the functions offered: everything else is a message, never a throw', () => {
    for (const [src, want] of [
      ['x + 1', /uses column "x", which the cards have no column for/],
      ['(((', /cannot be read/],
      ['cost.constructor', /cannot be read .*member access/],
      ['constructor', /cannot be evaluated/],
      ['__proto__', /cannot be evaluated/],
      ['random()', /uses column "random"/],
      ['f(x) = x', /cannot be read/],
      ['a = 1', /cannot be read/],
      ['toString', /gives a function|cannot be evaluated/],
      ['1'.repeat(501), /longer than 500 characters/],
      ['('.repeat(200) + '1' + ')'.repeat(200), /^1$/],
    ] as const) {
      const out = value(src);
      expect(out, src).toMatch(want);
      if (out.startsWith('ERROR')) expect(out).toMatch(/ \| .*[\u4e00-\u9fff]/); // with its Chinese half
    }
  });
});

describe('bindings with expressions', () => {
  it('binds expressions beside plain bindings, and reports a broken one with the card', () => {
    const r = bind('{{name}}: {{cost * 2}} 福 {{if(type == "event", "事件", "")}}', card, {});
    expect(r).toEqual({ text: 'Spring 春: 6 福 事件', problems: [] });
    const bad = bind('[{{cost ** 2}}]', card, {});
    expect(bad.text).toBe('[]');
    expect(bad.problems).toHaveLength(1);
    expect(bad.problems[0]).toMatchObject({ expression: 'cost ** 2' });
    // A value that looks like an expression stays literal: values are never evaluated.
    expect(bind('{{name}}', { name: '{{1 + 1}}' }, {}).text).toBe('{{1 + 1}}');
    expect(boundColumns('{{upper(name)}} {{cost * k}} {{field("名称")}} {{id}}')).toEqual(['name', 'cost', 'k', 'id']);
  });
});

function set(layers: unknown[], fields: Record<string, string>): CardSet {
  const tpl = TemplateFile.parse({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 'front', maps: {}, layers });
  return {
    file: { schemaVersion: CARD_SET_SCHEMA_VERSION, id: 't', name: { zh: '测', en: 'T' }, card: { preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 }, cards: 'c.csv', templates: { front: 'f', back: 'b' }, credits: [] },
    cards: [{ id: 'C1', copies: 1, template: 'front', back: 'back', fields }],
    templates: { front: tpl, back: TemplateFile.parse({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 'back', layers: [] }) },
  };
}
const lay = (layers: unknown[], fields: Record<string, string>) => {
  const s = set(layers, fields);
  return layoutFace(s, s.cards[0]!, 'front', fakeMeasurer);
};
const text = (t: string, extra: Record<string, unknown> = {}) => ({ id: 't', type: 'text', x: 5, y: 5, w: 50, h: 20, text: t, face: 'sans', size: 10, color: '#111111', ...extra });
const drawn = (ops: { op: string }[]) => ops.filter((o): o is TextOp => o.op === 'text').map((o) => o.text).join('');

describe('layout with expressions', () => {
  it('draws a text layer’s expression (in markup too) and a colour computed per card', () => {
    const out = lay([text('**{{upper(name)}}** costs {{cost * 2}}', { color: '{{if(cost > 2, "#C23B22", "#111111")}}' })], card);
    expect(out.warnings).toEqual([]);
    expect(drawn(out.list.ops)).toBe('SPRING 春 costs 6');
    expect((out.list.ops.find((o) => o.op === 'text') as TextOp).color).toBe('#C23B22');
  });

  it('shows a layer when its expression holds; an expression that fails hides it and says why on the layer, with the card', () => {
    const when = (expr: string) => lay([text('shown', { when: { expr } })], card);
    expect(drawn(when('cost >= 3 and type == "event"').list.ops)).toBe('shown');
    expect(drawn(when('cost > 3 or type == "unit"').list.ops)).toBe('');
    const bad = when('cost > nope');
    expect(drawn(bad.list.ops)).toBe('');
    expect(bad.warnings).toEqual([{ cardId: 'C1', layer: 't', kind: 'binding', message: expect.stringMatching(/^Layer "t": Expression "cost > nope" uses column "nope".*（?\(表达式/) }]);
    // In a text layer, a broken expression is reported the same way and the rest is drawn.
    const broken = lay([text('a{{cost +}}b')], card);
    expect(drawn(broken.list.ops)).toBe('ab');
    expect(broken.warnings[0]).toMatchObject({ cardId: 'C1', layer: 't', message: expect.stringContaining('cannot be read') });
  });
});

describe('per-card template rules', () => {
  const files = (rules: unknown, csv: string) => {
    const project = {
      schemaVersion: 5,
      id: 'r',
      name: { zh: '规', en: 'Rules' },
      card: { preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 },
      cards: 'cards.csv',
      templates: { front: 'front.json', 'front-zodiac': 'z.json', back: 'back.json', 'back-zodiac': 'bz.json' },
      templateRules: rules,
    };
    const tpl = (name: string) => JSON.stringify({ schemaVersion: 1, name, layers: [] });
    const all: Record<string, string> = { 'project.json': JSON.stringify(project), 'cards.csv': csv, 'front.json': tpl('front'), 'z.json': tpl('front-zodiac'), 'back.json': tpl('back'), 'bz.json': tpl('back-zodiac') };
    return (rel: string) => all[rel];
  };

  it('chooses a card’s templates by the first rule its fields meet, without a template column', () => {
    const rules = [
      { when: 'type == "zodiac" and cost >= 2', template: 'front-zodiac', back: 'back-zodiac' },
      { when: 'type == "zodiac"', template: 'front-zodiac' },
    ];
    const r = loadCardSet(files(rules, 'id,type,cost\nrat,zodiac,3\nox,zodiac,1\nrain,event,5\n'));
    expect(r.ok, JSON.stringify(!r.ok && r.error)).toBe(true);
    if (!r.ok) return;
    expect(r.value.cards.map((c) => [c.id, c.template, c.back])).toEqual([
      ['rat', 'front-zodiac', 'back-zodiac'],
      ['ox', 'front-zodiac', 'back'],
      ['rain', 'front', 'back'],
    ]);
    // A template named on the row wins over the rules.
    const named = loadCardSet(files(rules, 'id,type,cost,template\nrat,zodiac,3,front\n'));
    expect(named.ok && named.value.cards[0]!.template).toBe('front');
    // The data page's preview of a row (not yet saved) follows the same rules.
    expect(rowCard(['id', 'type', 'cost'], ['rat', 'zodiac', '3'], new Set(['front', 'front-zodiac', 'back', 'back-zodiac']), rules).card).toMatchObject({ template: 'front-zodiac', back: 'back-zodiac' });
  });

  it('refuses a rule that cannot be evaluated with a message naming it, and a rule to an unknown template', () => {
    const bad = loadCardSet(files([{ when: 'type = "zodiac"', template: 'front-zodiac' }], 'id,type\nrat,zodiac\n'));
    expect(!bad.ok && bad.error.message).toMatch(/templateRules\[0\]\.when.*cannot be read/);
    const unknown = loadCardSet(files([{ when: 'type == "zodiac"', template: 'front-nope' }], 'id,type\nrat,zodiac\n'));
    expect(!unknown.ok && unknown.error.message).toMatch(/template "front-nope" is not listed/);
  });
});

describe('format 5', () => {
  it('saves a template at format 5 only when it uses an expression, and project.json only with template rules', () => {
    expect(templateFileVersion({ layers: [text('{{name}}')] })).toBe(1);
    expect(templateFileVersion({ layers: [text('{{name:colour}}')] })).toBe(1);
    expect(templateFileVersion({ layers: [text('{{cost * 2}}')] })).toBe(5);
    expect(templateFileVersion({ layers: [{ id: 'g', type: 'group', layers: [{ ...text('x'), when: { expr: 'cost > 1' } }] }] })).toBe(5);
    expect(templateFileVersion({ layers: [{ id: 'r', type: 'rect', fill: '{{if(cost > 1, "#000000", "#FFFFFF")}}' }] })).toBe(5);
    expect(projectFileVersion({ templateRules: [{ when: 'x', template: 'front' }] })).toBe(5);
    expect(projectFileVersion({})).toBe(1);
  });
});
