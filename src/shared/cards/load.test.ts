import { describe, expect, it, vi } from 'vitest';
import { loadCardSet, type LoadProblem, type ProjectReader } from './load';
import { PROJECT_LIMITS, ProjectFileError } from './limits';
import { migrate, MIGRATIONS, projectFileVersion, type Migration } from './migrations';
import { CARD_SET_SCHEMA_VERSION } from './schema';

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
    // Defaults (TEXT_DEFAULTS) are not filled in: the template saves back as it was written.
    expect(r.value.templates.front!.layers[0]).toMatchObject({ type: 'text', text: '{{name}}' });
    expect(r.value.templates.front!.layers[0]).not.toHaveProperty('align');
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

  it('reports rows with too few or too many cells and broken quotes, each on its line, then the cards\' own problems', () => {
    const f = good();
    f['cards.csv'] = 'id,copies,name\nA,1\n\nB,1,x,extra\nB,1,y\nC,1,"open\n';
    const r = loadCardSet(reader(f));
    expect(!r.ok && (r.error.details as LoadProblem[]).map((p) => `${p.file} ${p.where}: ${p.message}`)).toEqual([
      'cards.csv row 7: Quoted field unterminated; check quotes and commas on that line',
      'cards.csv row 2: Too few fields: expected 3 fields but parsed 2; check quotes and commas on that line',
      'cards.csv row 3: Too many fields: expected 3 fields but parsed 4; check quotes and commas on that line',
      'cards.csv row 4: id "B" is used again (first on row 3); ids must be unique',
    ]);
  });

  it('reads a column name used twice as papaparse renames it (name, name_1), and a short row\'s missing cells as empty', () => {
    const f: Record<string, string> = { ...good(), 'front.template.json': template([text, { ...text, id: 'again', text: '{{name_1}}' }]) };
    f['cards.csv'] = 'id,name,name,copies\nA,福,禄,2\nB,寿\n';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const r = loadCardSet(reader(f));
    warn.mockRestore();
    expect(!r.ok && (r.error.details as LoadProblem[]).map((p) => p.message)).toEqual(['Too few fields: expected 4 fields but parsed 2; check quotes and commas on that line']);
    f['cards.csv'] = 'id,name,name,copies\nA,福,禄,2\nB,寿,,\n';
    const ok = loadCardSet(reader(f));
    if (!ok.ok) throw new Error(ok.error.message);
    expect(ok.value.cards).toEqual([
      { id: 'A', copies: 2, template: 'front', back: 'back', fields: { name: '福', name_1: '禄' } },
      { id: 'B', copies: 1, template: 'front', back: 'back', fields: { name: '寿', name_1: '' } },
    ]);
    expect(ok.warnings).toEqual([]);
  });

  it('names the row, card and column of every over-long cell, in column order, beside its other problems', () => {
    const f = good();
    const long = 'x'.repeat(PROJECT_LIMITS.cellChars + 1);
    f['cards.csv'] = `id,copies,name,text\nA,1,ok,ok\nB,-1,${long},${long}\n`;
    const r = loadCardSet(reader(f));
    expect(!r.ok && (r.error.details as LoadProblem[]).map((p) => `${p.where}: ${p.message}`)).toEqual([
      'row 3 (B).copies: "-1" is not a whole number of copies from 0 to 999',
      'row 3 (B).name: the cell has 20,001 characters; the limit is 20,000; shorten it',
      'row 3 (B).text: the cell has 20,001 characters; the limit is 20,000; shorten it',
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
    expect(!r.ok && r.error.message).toMatch(new RegExp(`newer version of the app \\(format 9; this app reads up to ${CARD_SET_SCHEMA_VERSION}\\)`));
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
  it('opens format-1 files, with or without column types, and saves each at the lowest format it needs', () => {
    const v1 = JSON.parse(project()) as Record<string, unknown>;
    expect(v1.schemaVersion).toBe(1);
    expect(loadCardSet(reader(good())).ok).toBe(true);
    const typed = { ...v1, columns: { cost: { type: 'number' } } };
    expect(loadCardSet(reader({ ...good(), 'project.json': JSON.stringify(typed) })).ok).toBe(true);
    expect(projectFileVersion(v1)).toBe(1);
    expect(projectFileVersion(typed)).toBe(2);
    const played = { ...v1, game: 'zodiac-race' };
    expect(projectFileVersion(played)).toBe(3);
    expect(loadCardSet(reader({ ...good(), 'project.json': JSON.stringify({ ...played, schemaVersion: 3 }) })).ok).toBe(true);
    // Only a game the app can play.
    expect(loadCardSet(reader({ ...good(), 'project.json': JSON.stringify({ ...v1, game: 'chess', schemaVersion: 3 }) })).ok).toBe(false);
    expect(MIGRATIONS.map((m) => m.from)).toEqual(Array.from({ length: CARD_SET_SCHEMA_VERSION - 1 }, (_, i) => i + 1));
  });
});

/** The problems of a set that must not load, as `file where: message`. */
function problemsOf(f: Record<string, string>): string[] {
  const r = loadCardSet(reader(f));
  expect(r.ok).toBe(false);
  return r.ok ? [] : (r.error.details as LoadProblem[]).map((p) => `${p.file} ${p.where}: ${p.message}`);
}

describe('loadCardSet limits', () => {
  it(`refuses more than ${PROJECT_LIMITS.rows} rows, naming the file and the limit`, () => {
    const f = good();
    const rows = Array.from({ length: PROJECT_LIMITS.rows + 1 }, (_, i) => `C${i},1,x`);
    f['cards.csv'] = `id,copies,name\n${rows.join('\n')}\n`;
    expect(problemsOf(f)).toEqual(['cards.csv (file): has 10,001 rows of cards; the limit is 10,000; split the cards into several projects']);
    // Blank lines are not rows: 10,000 cards with blank lines between them all load.
    f['cards.csv'] = `id,copies,name\n${rows.slice(1).join('\n\n')}\n`;
    const r = loadCardSet(reader(f));
    expect(r.ok && r.value.cards.length).toBe(PROJECT_LIMITS.rows);
  });

  it(`refuses more than ${PROJECT_LIMITS.columns} columns`, () => {
    const f = good();
    const cols = Array.from({ length: PROJECT_LIMITS.columns }, (_, i) => `c${i}`);
    f['cards.csv'] = `id,${cols.join(',')}\nA,${cols.map(() => 'x').join(',')}\n`;
    expect(problemsOf(f)).toEqual(['cards.csv header: has 201 columns; the limit is 200; remove the columns no template uses']);
  });

  it(`refuses a cell over ${PROJECT_LIMITS.cellChars} characters, naming its row and column`, () => {
    const f = good();
    f['cards.csv'] = `id,copies,name\nA,1,ok\nB,1,${'福'.repeat(PROJECT_LIMITS.cellChars + 1)}\n`;
    expect(problemsOf(f)).toEqual(['cards.csv row 3 (B).name: the cell has 20,001 characters; the limit is 20,000; shorten it']);
  });

  it(`refuses a template with more than ${PROJECT_LIMITS.layers} layers before validating each`, () => {
    const f = good();
    f['front.template.json'] = template(Array.from({ length: PROJECT_LIMITS.layers + 1 }, (_, i) => ({ ...text, id: `t${i}` })));
    expect(problemsOf(f)).toEqual(['front.template.json layers: has 501 layers; the limit is 500; merge layers or split the template into several templates']);
    f['front.template.json'] = template(Array.from({ length: PROJECT_LIMITS.layers }, (_, i) => ({ ...text, id: `t${i}` })));
    expect(loadCardSet(reader(f)).ok).toBe(true);
  });

  it(`refuses more than ${PROJECT_LIMITS.templates} templates`, () => {
    const f = good();
    const templates: Record<string, string> = { front: 'front.template.json', back: 'back.template.json' };
    for (let i = 0; i < PROJECT_LIMITS.templates - 1; i++) templates[`t${i}`] = 'back.template.json';
    f['project.json'] = project({ templates });
    expect(problemsOf(f)).toEqual(['project.json templates: has 101 templates; the limit is 100; keep the templates cards use and split the rest into another project']);
  });

  it('turns a file the reader refuses into a problem of that file, and never throws', () => {
    const files = good();
    const refusing: ProjectReader = (p) => {
      if (p === 'front.template.json') throw new ProjectFileError(p, 'front.template.json is a link to a file outside the project folder; copy the file into the folder instead');
      if (p === 'cards.csv') throw new Error('EIO: i/o error');
      return files[p];
    };
    const r = loadCardSet(refusing);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect((r.error.details as LoadProblem[]).map((p) => `${p.file} ${p.where}: ${p.message}`)).toEqual([
      'front.template.json (file): front.template.json is a link to a file outside the project folder; copy the file into the folder instead',
      'cards.csv (file): could not be read (EIO: i/o error); check that the file exists and can be opened',
    ]);
    const first: ProjectReader = () => {
      throw new ProjectFileError('project.json', 'project.json is over the 16 MiB limit');
    };
    expect(() => loadCardSet(first)).not.toThrow();
    expect(loadCardSet(first).ok).toBe(false);
  });
});

describe('loadCardSet encodings', () => {
  /** What a reader that decodes everything as UTF-8 (readFileSync(…, 'utf8')) makes of these bytes. */
  const asUtf8 = (bytes: Uint8Array): string => new TextDecoder('utf-8').decode(bytes);
  const utf16le = (s: string, bom: boolean): Uint8Array => {
    const out = new Uint8Array((bom ? 2 : 0) + s.length * 2);
    if (bom) out.set([0xff, 0xfe]);
    for (let i = 0; i < s.length; i++) {
      out[(bom ? 2 : 0) + 2 * i] = s.charCodeAt(i) & 0xff;
      out[(bom ? 2 : 0) + 2 * i + 1] = s.charCodeAt(i) >> 8;
    }
    return out;
  };
  const saveUtf8 = 'save the file as UTF-8 (in Excel choose "CSV UTF-8", in an editor choose the UTF-8 encoding)';

  it('loads project.json and templates that start with a byte-order mark', () => {
    const f = good();
    f['project.json'] = `\uFEFF${f['project.json']}`;
    f['front.template.json'] = `\uFEFF${f['front.template.json']}`;
    f['cards.csv'] = `\uFEFF${f['cards.csv']}`;
    const r = loadCardSet(reader(f));
    expect(r.ok).toBe(true);
    expect(r.ok && r.value.cards.map((c) => c.id)).toEqual(['A', 'B']);
  });

  it('says "save the file as UTF-8" for a UTF-16 LE cards.csv, with a byte-order mark and without', () => {
    for (const bom of [true, false]) {
      const f = good();
      f['cards.csv'] = asUtf8(utf16le('id,copies,name\r\nA,1,福鼠\r\n', bom));
      expect(problemsOf(f)).toEqual([`cards.csv line 1: is UTF-16 ("Unicode") text, not UTF-8; ${saveUtf8}`]);
    }
  });

  it('says "save the file as UTF-8" for a GBK cards.csv, naming the line', () => {
    const f = good();
    // 福鼠 in GBK is B8 A3 CA F3: not UTF-8.
    f['cards.csv'] = asUtf8(new Uint8Array([...new TextEncoder().encode('id,copies,name\nA,1,'), 0xb8, 0xa3, 0xca, 0xf3, 0x0a]));
    expect(problemsOf(f)).toEqual([`cards.csv line 2: has characters that are not UTF-8 (it is probably GBK or another legacy encoding); ${saveUtf8}`]);
  });

  it('refuses a CSV separated by ";" or tabs, saying how to save it', () => {
    const f = good();
    f['cards.csv'] = 'id;copies;name\nA;1;福鼠\n';
    expect(problemsOf(f)).toEqual(["cards.csv header: uses ';' between columns; save it as comma-separated CSV (UTF-8)"]);
    f['cards.csv'] = 'id\tcopies\tname\nA\t1\t福鼠\n';
    expect(problemsOf(f)).toEqual(['cards.csv header: uses tabs between columns; save it as comma-separated CSV (UTF-8)']);
  });

  it('splits on commas only, never a guessed separator', () => {
    const f = good();
    f['cards.csv'] = 'id,name\nA|B,x|y\n';
    const r = loadCardSet(reader(f));
    expect(r.ok && r.value.cards).toEqual([{ id: 'A|B', copies: 1, template: 'front', back: 'back', fields: { name: 'x|y' } }]);
    f['cards.csv'] = 'id\nA|1\nB|2\n';
    const one = loadCardSet(reader(f));
    expect(one.ok && one.value.cards.map((c) => c.id)).toEqual(['A|1', 'B|2']);
  });
});

describe('loadCardSet deeply nested JSON', () => {
  it('refuses a template nested a million levels deep at once, naming the line', () => {
    const f = good();
    f['front.template.json'] = `{ "schemaVersion": 1,\n "name": "t",\n "layers": ${'['.repeat(1_000_000)}${']'.repeat(1_000_000)} }`;
    const t0 = Date.now();
    expect(problemsOf(f)).toEqual(['front.template.json line 3: values are nested more than 64 deep; no project file needs that many levels, so restore the file from git or a backup']);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('counts brackets inside strings as text', () => {
    const f = good();
    f['front.template.json'] = template([{ ...text, text: `{{name}} ${'[{'.repeat(100)} \\" ${'[{'.repeat(100)}` }]);
    expect(loadCardSet(reader(f)).ok).toBe(true);
  });
});

describe('loading format-3 templates', () => {
  const tpl3 = (layers: unknown[], extra: Record<string, unknown> = {}) => JSON.stringify({ schemaVersion: 3, name: 't', ...extra, layers });
  it('warns about unknown columns inside groups and in |rich bindings, naming the nested layer; icons are not columns', () => {
    const group = { id: 'g', type: 'group', rotation: 10, layers: [text, { ...text, id: 'rules', text: '{{icon:luck}} {{rules|rich}} {{icon:fluent-emoji-flat:rat}}' }] };
    const r = loadCardSet(reader({ ...good(), 'front.template.json': tpl3([group], { icons: { luck: 'file:art/luck.svg' } }) }));
    expect(r.ok).toBe(true);
    expect(r.warnings).toEqual([{ file: 'front.template.json', where: 'layers[0].layers[1] (rules)', message: 'binds column "rules", which cards.csv does not have' }]);
  });

  it('counts layers inside groups towards the layer limit, and explains a bad layer', () => {
    const many = Array.from({ length: PROJECT_LIMITS.layers }, (_, i) => ({ ...text, id: `t${i}` }));
    const r = loadCardSet(reader({ ...good(), 'front.template.json': tpl3([{ id: 'g', type: 'group', layers: many }]) }));
    expect(!r.ok && r.error.message).toMatch(/more than 500 layers counting those in groups/);
    const bad = loadCardSet(reader({ ...good(), 'front.template.json': tpl3([{ id: 'g', type: 'group', layers: [{ ...text, rotation: 'ninety' }] }]) }));
    expect(!bad.ok && bad.error.message).toMatch(/layers\[0\]/);
    const icon = loadCardSet(reader({ ...good(), 'front.template.json': tpl3([], { icons: { 'bad name': 'file:x.svg' } }) }));
    expect(!icon.ok && icon.error.message).toMatch(/use letters, digits, - and _ in icon names/);
  });
});
