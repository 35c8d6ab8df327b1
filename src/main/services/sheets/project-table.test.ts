import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { previewImport, readProjectTable, writeProjectTable } from './project-table';
import { applyImport } from './diff';
import { revisionOf } from '../watch';

const dirs: string[] = [];
const fresh = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'fuqi-sheet-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('project cards table', () => {
  it('previews a CSV import against cards.csv and writes the result back in the stable form', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'cards.csv'), 'id,name,copies\nrat,鼠,1\nox,牛,2\n');
    const incoming = Buffer.from('\uFEFFID,Name,copies\nrat,老鼠,1\ntiger,虎,1\n');
    const p = await previewImport(dir, 'new.csv', incoming);
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.value.diff.rowsChanged.map((r) => r.cells)).toEqual([[{ column: 'name', old: '鼠', new: '老鼠' }]]);
    expect(p.value.diff.rowsAdded.map((r) => r.id)).toEqual(['tiger']);
    expect(p.value.diff.rowsRemoved.map((r) => r.id)).toEqual(['ox']);
    const next = applyImport(p.value.current, p.value.incoming, p.value.diff, { removeMissing: true });
    const announced: [string, string][] = [];
    const w = writeProjectTable(dir, next, (rel, rev) => announced.push([rel, rev]));
    const text = readFileSync(join(dir, 'cards.csv'), 'utf8');
    expect(text).toBe('id,name,copies\nrat,老鼠,1\ntiger,虎,1\n');
    expect(w).toEqual({ ok: true, value: { revision: revisionOf(text) } });
    expect(announced).toEqual([['cards.csv', revisionOf(text)]]);
    expect(readProjectTable(dir)).toEqual({ ok: true, value: next });
  });

  it('reads a missing cards.csv as an empty table, and refuses a link leading outside', () => {
    const dir = fresh();
    expect(readProjectTable(dir)).toEqual({ ok: true, value: { columns: ['id'], rows: [] } });
    const outside = fresh();
    writeFileSync(join(outside, 'secret.csv'), 'id\nx\n');
    symlinkSync(join(outside, 'secret.csv'), join(dir, 'cards.csv'));
    const r = readProjectTable(dir);
    expect(!r.ok && r.error.message).toContain('outside the project folder');
  });
});
