import { describe, expect, it } from 'vitest';
import { AppError, type ImportPreviewResult } from '../../../../../shared/ipc/contract';
import type { CardTable } from '../../../../../shared/cards/table';
import { failureOf, ImportState, type PreviewApi } from './import.svelte';
import { fromBase64, toBase64 } from './file-bytes';

const table: CardTable = { columns: ['id', 'copies', 'name'], rows: [['rat', '1', '鼠'], ['ox', '2', '牛'], ['tiger', '1', '虎']] };
const incoming = { columns: ['ID', 'Name', 'art'], rows: [['ox', '金牛', 'art/ox.png'], ['dragon', '龙', ''], ['rat', '鼠', '']] };

/** A preview channel that answers `incoming` for any file (or throws `fail`). */
function fakeApi(fail?: AppError): PreviewApi & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    calls,
    SHEETS_PREVIEW_IMPORT: async (arg) => {
      calls.push(arg);
      if (fail) throw fail;
      return { fileName: arg.fileName, format: 'csv', incoming, sheet: arg.fileName, sheets: [], current: { ...table, columns: [...table.columns], rows: [], revision: 'missing' }, diff: null, warnings: [] } as ImportPreviewResult;
    },
  };
}
const file = (text: string, name = 'cards.csv') => Object.assign(new Blob([text]), { name });

describe('ImportState (the import dialog logic)', () => {
  it('sends the file as base64, then diffs against the owner\'s table by id: mapping, counts, changes, notes', async () => {
    const api = fakeApi();
    const s = new ImportState(api, 'u-x', () => table);
    await s.read(file('福,"a\nb"'));
    expect(s.status).toBe('ready');
    expect(api.calls[0]).toEqual({ projectId: 'u-x', fileName: 'cards.csv', bytes: toBase64(new TextEncoder().encode('福,"a\nb"')) });
    expect(s.key).toBe('id');
    expect(s.keyChoices).toEqual(['id', 'name']);
    expect(s.columns().map((c) => `${c.incoming}>${c.current}:${c.kind}`)).toEqual(['ID>id:matched', 'Name>name:matched', 'art>null:new', 'null>copies:missing']);
    const d = s.diff;
    expect(d?.ok && [d.value.rowsAdded.length, d.value.rowsChanged.length, d.value.rowsRemoved.length, d.value.unchanged]).toEqual([1, 1, 1, 1]);
    // Rows numbered as the grid numbers them: ox is row 2; dragon, appended, becomes row 4.
    expect(s.changes().lines.map((l) => [l.kind, l.id, l.line])).toEqual([['changed', 'ox', 2], ['added', 'dragon', 4]]);
    // The new column's value on an existing row is shown with the row's other changes.
    expect(s.changes().lines[0]!.cells).toEqual([{ column: 'name', old: '牛', new: '金牛' }, { column: 'art', old: '', new: 'art/ox.png' }]);
    expect(s.changes().lines[1]!.cells).toEqual([{ column: 'ID', old: '', new: 'dragon' }, { column: 'Name', old: '', new: '龙' }]);
    expect(s.notes().map((n) => n.code)).toEqual(['import/new-columns', 'import/missing-columns']);
  });

  it('applies without removing by default, removes rows and columns when asked, and matches by order when told', async () => {
    const s = new ImportState(fakeApi(), 'u-x', () => table);
    await s.read(file('x'));
    expect(s.result()).toEqual({
      columns: ['id', 'copies', 'name', 'art'],
      rows: [['rat', '1', '鼠', ''], ['ox', '2', '金牛', 'art/ox.png'], ['tiger', '1', '虎', ''], ['dragon', '', '龙', '']],
    });
    s.removeMissing = true;
    expect(s.changes().lines.map((l) => l.kind)).toEqual(['changed', 'added', 'removed']);
    expect(s.result()).toEqual({ columns: ['id', 'name', 'art'], rows: [['rat', '鼠', ''], ['ox', '金牛', 'art/ox.png'], ['dragon', '龙', '']] });
    s.removeMissing = false;
    s.key = null;
    const d = s.diff;
    expect(d?.ok && d.value.key).toBe(null);
    expect(d?.ok && d.value.rowsChanged.map((c) => c.currentRow)).toEqual([0, 1, 2]);
    expect(s.changesAnything()).toBe(true);
  });

  it('reports a duplicate id as a bilingual note and nothing to apply', async () => {
    const dup: CardTable = { columns: ['id', 'name'], rows: [['ox', 'a'], ['ox', 'b']] };
    const s = new ImportState(fakeApi(), 'u-x', () => dup);
    await s.read(file('x'));
    expect(s.notes()[0]).toMatchObject({ code: 'import/duplicate-id', message: { zh: expect.stringContaining('项目的卡牌数据中第 2 行和第 3 行') } });
    expect(s.result()).toBe(null);
    expect(s.changesAnything()).toBe(false);
  });

  it('words failures by code: UTF-16 and legacy encodings, wrong format, files over 20 MB', async () => {
    expect(failureOf(new AppError('sheets/encoding', 'x', { encoding: 'utf-16' }), 'a.txt')).toEqual({ key: 'import.error.encoding-utf16', params: { name: 'a.txt' } });
    expect(failureOf(new AppError('sheets/encoding', 'x', { encoding: 'legacy' }), 'a.csv').key).toBe('import.error.encoding-legacy');
    expect(failureOf(new AppError('sheets/invalid', 'a.ods is not a CSV or XLSX file (.ods); …'), 'a.ods').key).toBe('import.error.format');
    expect(failureOf(new AppError('sheets/invalid', 'a.csv: a quoted cell starting in row 3 is never closed; …', { quoteRow: 3 }), 'a.csv')).toEqual({ key: 'import.error.quote', params: { name: 'a.csv', row: '3' } });
    const s = new ImportState(fakeApi(new AppError('sheets/encoding', 'x', { encoding: 'legacy' })), 'u-x', () => table);
    await s.read(file('x', 'gbk.csv'));
    expect(s.status).toBe('failed');
    expect(s.failure).toEqual({ key: 'import.error.encoding-legacy', params: { name: 'gbk.csv' } });
    const big = Object.assign(new Blob([new Uint8Array(20 * 1024 * 1024 + 1)]), { name: 'big.xlsx' });
    await s.read(big);
    expect(s.failure?.key).toBe('import.error.file-too-large');
  });

  it('base64 survives files larger than one chunk', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) & 255);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
  });
});
