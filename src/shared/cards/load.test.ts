import { describe, expect, it } from 'vitest';
import { loadCardSet, type ProjectReader } from './load';
import { migrate, type Migration } from './migrations';

const project = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    schemaVersion: 1,
    id: 'mini',
    name: { zh: '小', en: 'Mini' },
    card: { preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3 },
    cards: 'cards.csv',
    templates: { front: 'front.template.json', back: 'back.template.json' },
    ...over,
  });
const template = (layers: unknown[] = []) => JSON.stringify({ schemaVersion: 1, name: 't', layers });
const text = { id: 'name', type: 'text', x: 3, y: 3, w: 57, h: 10, text: '{{name}}', face: 'sans', size: 9, color: '#000000' };

function reader(files: Record<string, string>): ProjectReader {
  return (p) => files[p];
}
const good = (): Record<string, string> => ({
  'project.json': project(),
  'front.template.json': template([text]),
  'back.template.json': template([]),
  'cards.csv': 'id,copies,name\nA,2,福鼠\nB,,"line one\nline two"\n',
});

describe('loadCardSet', () => {
  it('loads columns named __proto__, constructor and toString as ordinary fields', () => {
    const files = { ...good(), 'cards.csv': 'id,__proto__,constructor,toString,name\nA,甲,乙,丙,福鼠\n' };
    const r = loadCardSet(reader(files));
    if (!r.ok) throw new Error(r.error.message);
    const f = r.value.cards[0]!.fields;
    expect(Object.keys(f)).toEqual(['__proto__', 'constructor', 'toString', 'name']);
    expect([f['__proto__'], f['constructor'], f['toString'], f['name']]).toEqual(['甲', '乙', '丙', '福鼠']);
    expect(Object.getPrototypeOf(f)).toBe(null);
    expect(JSON.parse(JSON.stringify(f))).toEqual(JSON.parse('{"__proto__":"甲","constructor":"乙","toString":"丙","name":"福鼠"}'));
    expect(r.warnings).toEqual([]);
  });

  it('a card without a constructor column does not see an inherited one', () => {
    const files = { ...good(), 'front.template.json': template([{ ...text, text: '{{constructor}}' }]) };
    const r = loadCardSet(reader(files));
    expect(r.ok && r.value.cards[0]!.fields['constructor']).toBeUndefined();
    expect(r.warnings.map((w) => w.message)).toEqual(['binds column "constructor", which cards.csv does not have']);
  });

  it('loads a valid set: ids, copies (default 1), fields, multiline cells, default templates', () => {
    const r = loadCardSet(reader(good()));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.cards).toEqual([
      { id: 'A', copies: 2, template: 'front', back: 'back', fields: { name: '福鼠' } },
      { id: 'B', copies: 1, template: 'front', back: 'back', fields: { name: 'line one\nline two' } },
    ]);
    expect(r.value.templates.front!.layers[0]).toMatchObject({ type: 'text', align: 'left', fit: 'wrap', lineHeight: 1.3 });
    expect(r.warnings).toEqual([]);
  });

  it('names the file and field of a bad template value and says what is expected', () => {
    const f = good();
    f['front.template.json'] = template([{ ...text, size: -2 }]);
    const r = loadCardSet(reader(f));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('cards/invalid');
    expect(r.error.message).toMatch(/front\.template\.json layers\[0\]\.size: .*>0/);
  });

  it('refuses unknown keys, naming them', () => {
    const f = good();
    f['front.template.json'] = template([{ ...text, colour: '#000000' }]);
    const r = loadCardSet(reader(f));
    expect(!r.ok && r.error.message).toMatch(/layers\[0\].*"colour".*remove it or check its spelling/);
  });

  it('refuses a bad colour with the accepted forms', () => {
    const f = good();
    f['front.template.json'] = template([{ ...text, color: 'red' }]);
    const r = loadCardSet(reader(f));
    expect(!r.ok && r.error.message).toMatch(/layers\[0\]\.color: use a colour like #C23B22/);
  });

  it('reports duplicate ids, bad copies, unknown templates and empty ids with row numbers', () => {
    const f = good();
    f['cards.csv'] = 'id,copies,template,name\nA,1,,x\nA,1,,y\nC,two,,z\nD,1,fancy,w\n,1,,v\n';
    const r = loadCardSet(reader(f));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const problems = r.error.details as { where: string; message: string }[];
    expect(problems.map((p) => `${p.where}: ${p.message}`)).toEqual([
      'row 3: id "A" is used again (first on row 2); ids must be unique',
      'row 4 (C).copies: "two" is not a whole number of copies from 0 to 999',
      'row 5 (D): template "fancy" is not listed in project.json "templates" (have: front, back)',
      'row 6: the "id" cell is empty; give every card a unique id',
    ]);
  });

  it('refuses a CSV without an id column, and a missing file, saying how to fix it', () => {
    const f = good();
    f['cards.csv'] = 'name\nx\n';
    let r = loadCardSet(reader(f));
    expect(!r.ok && r.error.message).toMatch(/must name an "id" column/);
    delete f['cards.csv'];
    r = loadCardSet(reader(f));
    expect(!r.ok && r.error.message).toMatch(/cards\.csv \(file\): file not found; create it or fix "cards" in project.json/);
  });

  it('refuses corrupt JSON without throwing', () => {
    const f = good();
    f['project.json'] = '{ "schemaVersion": 1, ';
    const r = loadCardSet(reader(f));
    expect(!r.ok && r.error.message).toMatch(/project\.json \(file\): not valid JSON/);
  });

  it('refuses files from a newer app and files without a version', () => {
    const f = good();
    f['project.json'] = project({ schemaVersion: 9 });
    let r = loadCardSet(reader(f));
    expect(!r.ok && r.error.message).toMatch(/newer version of the app \(format 9; this app reads up to 1\)/);
    f['project.json'] = JSON.stringify({ ...JSON.parse(project()), schemaVersion: undefined });
    r = loadCardSet(reader(f));
    expect(!r.ok && r.error.message).toMatch(/"schemaVersion" is missing/);
  });

  it('warns (without refusing) about bindings to columns the CSV lacks', () => {
    const f = good();
    f['front.template.json'] = template([{ ...text, text: '{{title}}' }]);
    const r = loadCardSet(reader(f));
    expect(r.ok).toBe(true);
    expect(r.warnings).toEqual([{ file: 'front.template.json', where: 'layers[0] (name)', message: 'binds column "title", which cards.csv does not have' }]);
  });
});

describe('migrate', () => {
  const steps: Migration[] = [
    { from: 1, description: 'size → card', up: ({ size, ...rest }) => ({ ...rest, card: size }) },
    { from: 2, description: 'adds credits', up: (f) => ({ ...f, credits: [] }) },
  ];
  it('runs every step from the file version to the current one, in order', () => {
    const r = migrate({ schemaVersion: 1, size: { width: 63 } }, 'p.json', steps, 3);
    expect(r).toEqual({ ok: true, value: { schemaVersion: 3, card: { width: 63 }, credits: [] } });
  });
  it('leaves current files alone and refuses non-objects', () => {
    expect(migrate({ schemaVersion: 3, a: 1 }, 'p.json', steps, 3)).toEqual({ ok: true, value: { schemaVersion: 3, a: 1 } });
    const r = migrate([1, 2], 'p.json', steps, 3);
    expect(!r.ok && r.error.code).toBe('cards/invalid');
  });
});
