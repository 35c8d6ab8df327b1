import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARD_SET_SCHEMA_VERSION, TemplateFile, type Layer } from './schema';
import { migrate, templateFileVersion } from './migrations';
import { serializeTemplate, templateText } from './serialize';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../templates');
const builtIns = readdirSync(root).flatMap((game) => readdirSync(join(root, game)).filter((f) => f.endsWith('.template.json')).map((f) => join(root, game, f)));

/** Read a template file as the app does: migrate, then the schema. */
function read(text: string): TemplateFile {
  const m = migrate(JSON.parse(text), 'test');
  if (!m.ok) throw new Error(m.error.message);
  return TemplateFile.parse(m.value);
}

describe('serializeTemplate', () => {
  it('every built-in template parses and saves back byte-identical', () => {
    expect(builtIns.length).toBeGreaterThanOrEqual(9);
    for (const file of builtIns) {
      const text = readFileSync(file, 'utf8');
      const t = read(text);
      const version = JSON.parse(text).schemaVersion as number;
      // Saved at the version the file has: the lowest its content needs.
      expect(templateFileVersion(t as unknown as Record<string, unknown>), file).toBe(version);
      expect(templateText(t), file).toBe(text);
      expect(serializeTemplate({ ...t, schemaVersion: version }), file).toBe(text);
    }
  });

  it('writes keys in one order whatever order they were set in, nested groups one layer per line', () => {
    const a = { name: 'x', layers: [{ hidden: true, rotation: 15, fill: '#000000', h: 2, w: 1, y: 0, x: 0, type: 'rect', id: 'r' }], maps: {}, schemaVersion: 3 };
    const b = { schemaVersion: 3, name: 'x', maps: {}, layers: [{ id: 'r', type: 'rect', x: 0, y: 0, w: 1, h: 2, fill: '#000000', rotation: 15, hidden: true }] };
    expect(serializeTemplate(a)).toBe(serializeTemplate(b));
    const g: Layer = { type: 'group', id: 'g', rotation: 30, layers: [{ type: 'ellipse', id: 'e', x: 1, y: 1, w: 2, h: 2, fill: '#FF0000' }, { type: 'group', id: 'inner', layers: [] }] };
    const text = serializeTemplate({ schemaVersion: 3, name: 'g', maps: {}, icons: { luck: 'file:art/luck.svg' }, layers: [g] });
    expect(text).toBe(
      '{\n  "schemaVersion": 3,\n  "name": "g",\n  "maps": {},\n  "icons": {\n    "luck": "file:art/luck.svg"\n  },\n  "layers": [\n' +
        '    {"id":"g","type":"group","rotation":30,"layers":[\n      {"id":"e","type":"ellipse","x":1,"y":1,"w":2,"h":2,"fill":"#FF0000"},\n      {"id":"inner","type":"group","layers":[]}\n    ]}\n  ]\n}\n',
    );
    // It reads back as what was written.
    expect(read(text)).toEqual({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 'g', maps: {}, icons: { luck: 'file:art/luck.svg' }, layers: [g] });
  });

  it('leaves undefined fields out and fills in no defaults', () => {
    const t = read('{"schemaVersion":1,"name":"t","maps":{},"layers":[{"id":"a","type":"text","x":0,"y":0,"w":9,"h":9,"text":"hi","face":"sans","size":9,"color":"#000000"}]}');
    expect(t.layers[0]).not.toHaveProperty('align');
    expect(serializeTemplate({ ...t, layers: [{ ...t.layers[0]!, rotation: undefined } as Layer] })).toContain('{"id":"a","type":"text","x":0,"y":0,"w":9,"h":9,"text":"hi","face":"sans","size":9,"color":"#000000"}');
  });
});

describe('template format 3', () => {
  const base = { schemaVersion: 3, name: 't', maps: {}, layers: [] as unknown[] };
  const v = (layers: unknown[], extra: Record<string, unknown> = {}) => templateFileVersion({ ...base, ...extra, layers });
  it('is the version only of templates that use something new', () => {
    expect(v([{ id: 'a', type: 'rect', x: 0, y: 0, w: 1, h: 1 }])).toBe(1);
    expect(v([{ id: 'a', type: 'text', text: 'plain {{name}}', fit: 'shrink' }])).toBe(1);
    expect(v([{ id: 'a', type: 'rect', rotation: 0 }])).toBe(3);
    expect(v([{ id: 'a', type: 'rect', hidden: false }])).toBe(3);
    expect(v([{ id: 'a', type: 'rect', locked: true }])).toBe(3);
    expect(v([{ id: 'g', type: 'group', layers: [] }])).toBe(3);
    expect(v([{ id: 'i', type: 'image', src: 'x', fit: 'cover' }])).toBe(3);
    expect(v([{ id: 'i', type: 'image', src: 'x', focus: { x: 0, y: 0 } }])).toBe(3);
    expect(v([], { icons: {} })).toBe(3);
    // Format 4: a project font, also inside a group or as a table's header face.
    expect(v([{ id: 'a', type: 'text', text: 'x', face: 'font:old-press.ttf' }])).toBe(4);
    expect(v([{ id: 'g', type: 'group', layers: [{ id: 'a', type: 'text', text: 'x', face: 'font:old-press.ttf' }] }])).toBe(4);
    expect(v([{ id: 't', type: 'table', face: 'sans', headerFace: 'font:a.woff2' }])).toBe(4);
    expect(v([{ id: 'g', type: 'group', layers: [{ id: 'a', type: 'text', text: 'x', face: 'brush' }] }])).toBe(3);
    // A project face names a file of fonts/ by a name the app gives: never a path.
    const text = (face: string) => TemplateFile.safeParse({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 't', layers: [{ id: 'a', type: 'text', x: 0, y: 0, w: 10, h: 5, text: 'x', face, size: 9, color: '#000000' }] }).success;
    expect(text('font:old-press.ttf')).toBe(true);
    expect(text('font:楷体.otf')).toBe(true);
    for (const bad of ['font:../old-press.ttf', 'font:fonts/a.ttf', 'font:a.exe', 'latin', 'Noto Sans']) expect(text(bad), bad).toBe(false);
    for (const text of ['**b**', '[#C23B22]r[/]', '{{icon:luck}}', '{{rules|rich}}', 'a\\*', '[{{a:colour}}]x[/]']) expect(v([{ id: 'a', type: 'text', text }]), text).toBe(3);
  });

  it('an older app refuses a format-3 file with "update the app"; format-1 and -2 files read unchanged', () => {
    const m = migrate({ ...base }, 'front.template.json', undefined, 2);
    expect(!m.ok && m.error.message).toMatch(/saved by a newer version of the app \(format 3; this app reads up to 2\)\. Update the app/);
    const old = { schemaVersion: 1, name: 't', maps: {}, layers: [{ id: 'a', type: 'rect', x: 0, y: 0, w: 1, h: 1 }] };
    const r = migrate(old, 'x');
    expect(r.ok && r.value).toEqual({ ...old, schemaVersion: CARD_SET_SCHEMA_VERSION });
  });
});
