import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServices } from '..';
import { dataFileBytes, diffSummary, exportProjectData, importIntoProject, previewProjectImport, readInline } from './project-data';

const tmp = mkdtempSync(join(tmpdir(), 'fuqi-data-'));
const services = createServices({ mode: 'cli', projectsDir: join(tmp, 'projects'), exportDir: join(tmp, 'exports') });
afterAll(async () => {
  await services.workers.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** A user project whose cards.csv is `csv`. */
function project(name: string, csv: string): { id: string; dir: string } {
  const made = services.editor.create({ name, card: { preset: 'poker' } });
  if (!made.ok) throw new Error(made.error.message);
  const dir = made.value.summary.dir!;
  writeFileSync(join(dir, 'cards.csv'), csv);
  return { id: made.value.summary.id, dir };
}

const CSV = 'id,copies,name,text\nrat,1,鼠,"第一行\n第二行"\nox,2,牛,"他说 ""好"""\ntiger,1,虎,\n';

describe('previewProjectImport', () => {
  it('reads a CSV with CJK, quotes and newlines in cells and compares it with the cards by id', async () => {
    const p = project('preview', CSV);
    const file = 'ID,Name,text,art\nox,牛,"他说 ""好""",art/ox.png\nrat,老鼠,"第一行\n第二行",\ndragon,龙,"a, b",art/dragon.png\n';
    const r = await previewProjectImport(services, readInline, { projectId: p.id, fileName: 'C:\\Users\\me\\新卡.csv', bytes: Buffer.from(file) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const v = r.value;
    expect(v.fileName).toBe('新卡.csv');
    expect(v.format).toBe('csv');
    expect(v.incoming.rows[1]).toEqual(['rat', '老鼠', '第一行\n第二行', '']);
    expect(v.diff?.rowsChanged.map((c) => [c.id, c.cells])).toEqual([
      ['ox', [{ column: 'art', old: '', new: 'art/ox.png' }]],
      ['rat', [{ column: 'name', old: '鼠', new: '老鼠' }]],
    ]);
    expect(v.diff?.rowsAdded.map((a) => a.id)).toEqual(['dragon']);
    expect(v.diff?.rowsRemoved.map((a) => a.id)).toEqual(['tiger']);
    expect(v.diff?.columnsAdded).toEqual(['art']);
    expect(v.diff?.columnsRemoved).toEqual(['copies']);
    expect(v.warnings.map((w) => w.code)).toEqual(['import/new-columns', 'import/missing-columns']);
    expect(v.warnings[0]!.message.zh).toContain('“art”');
    expect(v.current.revision).toMatch(/^[0-9a-f]{40}$/);
  });

  it('refuses UTF-16 ("Unicode text") and GBK CSVs, telling to save as CSV UTF-8, with the encoding in details', async () => {
    const p = project('encodings', CSV);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id\tname\r\nrat\t鼠\r\n', 'utf16le')]);
    const a = await previewProjectImport(services, readInline, { projectId: p.id, fileName: 'cards.txt', bytes: utf16 });
    expect(a).toMatchObject({ ok: false, error: { code: 'sheets/encoding', details: { encoding: 'utf-16' } } });
    if (!a.ok) expect(a.error.message).toMatch(/UTF-16.*CSV UTF-8/);
    // "id,name\nrat,鼠" in GBK: 鼠 is 0xCA 0xF3.
    const gbk = Buffer.concat([Buffer.from('id,name\nrat,'), Buffer.from([0xca, 0xf3]), Buffer.from('\n')]);
    const b = await previewProjectImport(services, readInline, { projectId: p.id, fileName: 'cards.csv', bytes: gbk });
    expect(b).toMatchObject({ ok: false, error: { code: 'sheets/encoding', details: { encoding: 'legacy' } } });
    if (!b.ok) expect(b.error.message).toMatch(/not valid UTF-8.*CSV UTF-8/);
  });

  it('answers a null diff with a bilingual note when the file has one id twice', async () => {
    const p = project('dupes', CSV);
    const r = await previewProjectImport(services, readInline, { projectId: p.id, fileName: 'd.csv', bytes: Buffer.from('id,name\nrat,a\nrat,b\n') });
    expect(r.ok && r.value.diff).toBe(null);
    expect(r.ok && r.value.warnings[0]).toMatchObject({ code: 'import/duplicate-id', message: { zh: expect.stringContaining('第 2 行和第 3 行'), en: expect.stringContaining('lines 2 and 3') } });
  });
});

describe('exportProjectData and XLSX round trip', () => {
  it('writes <name>-cards.xlsx into the export folder, -2 when taken, and the XLSX imports back unchanged', async () => {
    const p = project('Round Trip', CSV);
    const cards = services.editor.cards(p.id);
    if (!cards.ok) throw new Error(cards.error.message);
    const arg = { projectId: p.id, format: 'xlsx' as const, columns: cards.value.columns, rows: cards.value.rows };
    const a = await exportProjectData(services, services.exportDir, { ...arg, download: true });
    const b = await exportProjectData(services, services.exportDir, arg);
    expect(a.ok && a.value.fileName).toBe('round-trip-cards.xlsx');
    expect(b.ok && b.value.fileName).toBe('round-trip-cards-2.xlsx');
    expect(b.ok && b.value.data).toBeUndefined();
    if (!a.ok) return;
    expect(a.value.path).toBe(join(services.exportDir, 'round-trip-cards.xlsx'));
    expect(Buffer.from(a.value.data!, 'base64').equals(readFileSync(a.value.path))).toBe(true);
    const back = await previewProjectImport(services, readInline, { projectId: p.id, fileName: 'round-trip-cards.xlsx', bytes: readFileSync(a.value.path) });
    expect(back.ok && back.value.incoming).toEqual({ columns: cards.value.columns, rows: cards.value.rows });
    expect(back.ok && back.value.sheets).toEqual(['cards']);
    expect(back.ok && back.value.diff).toMatchObject({ rowsAdded: [], rowsChanged: [], rowsRemoved: [], unchanged: 3 });
    expect(readdirSync(services.exportDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('writes CSV as UTF-8 without a mark and refuses a header with a repeated name', async () => {
    const csv = await dataFileBytes({ columns: ['id', '名字'], rows: [['a', '甲, 乙']] }, 'csv');
    expect(csv.ok && Buffer.from(csv.value).toString('utf8')).toBe('id,名字\na,"甲, 乙"\n');
    expect(await dataFileBytes({ columns: ['id', 'id'], rows: [] }, 'csv')).toMatchObject({ ok: false, error: { code: 'sheets/invalid' } });
  });
});

describe('importIntoProject (the CLI import)', () => {
  it('dry run changes nothing; a real import merges by id and writes cards.csv; --remove-missing drops the rest', async () => {
    const p = project('importing', CSV);
    const file = Buffer.from('id,name\nrat,老鼠\ndragon,龙\n');
    const dry = await importIntoProject(services, readInline, { projectId: p.id, fileName: 'in.csv', bytes: file, removeMissing: false, dryRun: true });
    expect(dry.ok && dry.value.revision).toBeUndefined();
    expect(readFileSync(join(p.dir, 'cards.csv'), 'utf8')).toBe(CSV);
    if (dry.ok) expect(diffSummary(dry.value.diff, false)).toMatch(/^\+1 added; ~1 changed; -2 not in the file \(kept; --remove-missing removes them\); 0 unchanged/);

    const kept = await importIntoProject(services, readInline, { projectId: p.id, fileName: 'in.csv', bytes: file, removeMissing: false, dryRun: false });
    expect(kept.ok && kept.value.revision).toMatch(/^[0-9a-f]{40}$/);
    const after = readFileSync(join(p.dir, 'cards.csv'), 'utf8');
    expect(after.split('\n')[1]).toBe('rat,1,老鼠,"第一行');
    expect(after).toContain('dragon,,龙,');
    expect(after).toContain('tiger,1,虎,');

    const gone = await importIntoProject(services, readInline, { projectId: p.id, fileName: 'in.csv', bytes: Buffer.from('id,name,copies\nrat,鼠,1\n'), removeMissing: true, dryRun: false });
    expect(gone.ok).toBe(true);
    expect(readFileSync(join(p.dir, 'cards.csv'), 'utf8')).toBe('id,copies,name\nrat,1,鼠\n');
  });

  it('refuses built-in projects with "make a copy"', async () => {
    const r = await importIntoProject(services, readInline, { projectId: 'doufu', fileName: 'in.csv', bytes: Buffer.from('id\nx\n'), removeMissing: false, dryRun: false });
    expect(r).toMatchObject({ ok: false, error: { code: 'projects/read-only' } });
    if (!r.ok) expect(r.error.message).toMatch(/make a copy first \(npm run cli -- new my-copy --from doufu\)/);
  });
});
