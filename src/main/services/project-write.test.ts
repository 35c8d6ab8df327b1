import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCards, type LoadProblem } from '../../shared/cards/load';
import { checkTable, csvToTable, jsonText, onProjectWrite, orderColumns, projectTarget, revisionOf, tableToCsv, writeCardsCsv, writeProjectJson } from './project-write';

const TEMPLATES = resolve(__dirname, '../../../templates');

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'fuqi-write-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('cards.csv round trip', () => {
  it.each(['doufu', 'zodiac-race', 'zodiac-race-board', 'dou-laoban', 'moyu-wang', 'dou-shisi'])('reading %s/cards.csv and writing it back gives the same bytes', (id) => {
    const bytes = readFileSync(join(TEMPLATES, id, 'cards.csv'));
    const out = tableToCsv(csvToTable(bytes.toString('utf8')));
    expect(Buffer.from(out, 'utf8').equals(bytes)).toBe(true);
    expect(revisionOf(out)).toBe(revisionOf(bytes));
  });

  it('quotes commas, quotes, line breaks and edge spaces (RFC 4180), and the loader reads them back unchanged', () => {
    const t = { columns: ['id', 'name', 'text'], rows: [['A', '福, 鼠', 'say "hi"\nline 2'], ['B', ' lead', 'plain']] };
    const csv = tableToCsv(t);
    expect(csv).toBe('id,name,text\nA,"福, 鼠","say ""hi""\nline 2"\nB," lead",plain\n');
    expect(csv.charCodeAt(0)).not.toBe(0xfeff);
    const problems: LoadProblem[] = [];
    const cards = parseCards('cards.csv', csv, new Set(['front', 'back']), problems);
    expect(problems).toEqual([]);
    expect(cards.map((c) => c.fields)).toEqual([
      { name: '福, 鼠', text: 'say "hi"\nline 2' },
      { name: ' lead', text: 'plain' },
    ]);
    expect(csvToTable(csv)).toEqual(t);
  });

  it('puts id, copies, template, back first, then the other columns in the order given', () => {
    expect(orderColumns(['name', 'back', 'id', 'art', 'copies'])).toEqual(['id', 'copies', 'back', 'name', 'art']);
    expect(tableToCsv({ columns: ['name', 'copies', 'id'], rows: [['Rat', '2', 'R']] })).toBe('id,copies,name\nR,2,Rat\n');
  });
});

describe('checkTable', () => {
  it('names the row (as the file counts it) and the column of each problem', () => {
    const r = checkTable({ columns: ['id', 'name', 'name', ''], rows: [['a', 'b', 'c', 'd'], ['x']] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toMatch(/header column 3: the column "name" appears twice/);
    expect(r.error.message).toMatch(/header column 4: a column has no name/);
    expect(r.error.message).toMatch(/row 3: has 1 cells for 4 columns/);
  });
  it('refuses a table without an id column', () => {
    const r = checkTable({ columns: ['name'], rows: [] });
    expect(!r.ok && r.error.message).toMatch(/no "id" column/);
  });
});

describe('JSON files', () => {
  it('writes keys in the schema order with 2-space indent and a final newline', () => {
    const text = jsonText({ cards: 'cards.csv', name: { en: 'E', zh: 'Z' }, schemaVersion: 1, id: 'x', card: { height: 88, width: 63, preset: 'poker', safe: 3, bleed: 3, cornerRadius: 3 }, extra: true });
    expect(Object.keys(JSON.parse(text))).toEqual(['schemaVersion', 'id', 'name', 'card', 'cards', 'extra']);
    expect(Object.keys(JSON.parse(text).name)).toEqual(['zh', 'en']);
    expect(Object.keys(JSON.parse(text).card)).toEqual(['preset', 'width', 'height', 'bleed', 'safe', 'cornerRadius']);
    expect(text.startsWith('{\n  "schemaVersion": 1,\n')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('keeps the author order of name maps (templates) and layer fields after id and type', () => {
    const text = jsonText({ templates: { front: 'f', back: 'b', jade: 'j' }, layers: [{ fill: '#000000', type: 'rect', id: 'bg', x: 0 }] });
    const v = JSON.parse(text);
    expect(Object.keys(v.templates)).toEqual(['front', 'back', 'jade']);
    expect(Object.keys(v.layers[0])).toEqual(['id', 'type', 'x', 'fill']);
  });
});

describe('writing inside a project folder', () => {
  it('writes atomically (no temp file left) and tells listeners the revision', () => {
    const seen: [string, string][] = [];
    const stop = onProjectWrite((f, r) => seen.push([f, r]));
    const rev = writeCardsCsv(tmp, 'cards.csv', { columns: ['id'], rows: [['A']] });
    stop();
    expect(readFileSync(join(tmp, 'cards.csv'), 'utf8')).toBe('id\nA\n');
    expect(rev).toBe(revisionOf('id\nA\n'));
    expect(seen).toEqual([[join(tmp, 'cards.csv'), rev]]);
    expect(readdirSync(tmp)).toEqual(['cards.csv']);
    writeProjectJson(tmp, 'project.json', { id: 'a', schemaVersion: 1 });
    expect(readFileSync(join(tmp, 'project.json'), 'utf8')).toBe('{\n  "schemaVersion": 1,\n  "id": "a"\n}\n');
  });

  it('refuses names that leave the folder, and a subfolder that is a link pointing out', () => {
    const project = join(tmp, 'p');
    const outside = join(tmp, 'outside');
    mkdirSync(project);
    mkdirSync(outside);
    symlinkSync(outside, join(project, 'sub'));
    expect(() => projectTarget(project, '../x.csv')).toThrow(/goes up out of the project folder/);
    expect(() => projectTarget(project, '/etc/x.csv')).toThrow(/absolute path/);
    expect(() => projectTarget(project, 'sub/cards.csv')).toThrow(/link to a place outside the project folder/);
    expect(() => writeCardsCsv(project, 'sub/cards.csv', { columns: ['id'], rows: [] })).toThrow();
    expect(readdirSync(outside)).toEqual([]);
  });

  it('replaces a link at the target instead of writing through it', () => {
    const victim = join(tmp, 'victim.txt');
    writeFileSync(victim, 'keep');
    const project = join(tmp, 'p');
    mkdirSync(project);
    symlinkSync(victim, join(project, 'cards.csv'));
    writeCardsCsv(project, 'cards.csv', { columns: ['id'], rows: [['A']] });
    expect(readFileSync(victim, 'utf8')).toBe('keep');
    expect(readFileSync(join(project, 'cards.csv'), 'utf8')).toBe('id\nA\n');
  });
});
