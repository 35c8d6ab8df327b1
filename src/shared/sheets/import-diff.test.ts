import { describe, expect, it } from 'vitest';
import { applyImport, diffTables, type Table } from './import-diff';

const current: Table = {
  columns: ['id', 'name', 'copies', 'note'],
  rows: [
    ['rat', '鼠', '1', 'a'],
    ['ox', '牛', '2', 'b'],
    ['tiger', '虎', '1', 'c'],
  ],
};
// Headers differ in case and spaces; "ox" renamed to "cow"; tiger changed; dragon added; "note" gone, "art" new.
const incoming: Table = {
  columns: ['ID', ' Name ', 'Co pies', 'art'],
  rows: [
    ['tiger', '老虎', '1', 'art/tiger.png'],
    ['rat', '鼠', '1', 'art/rat.png'],
    ['cow', '牛', '2', ''],
    ['dragon', '龙', '3', 'art/dragon.png'],
  ],
};

describe('diffTables', () => {
  it('matches columns by header (case and spaces ignored) and rows by id', () => {
    const r = diffTables(current, incoming, { key: 'id' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const d = r.value;
    expect(d.key).toEqual({ current: 0, incoming: 0 });
    expect(d.columnMap).toEqual([0, 1, 2, -1]);
    expect(d.columnsAdded).toEqual(['art']);
    expect(d.columnsRemoved).toEqual(['note']);
    // A new column's values on existing rows are changes of those rows.
    expect(d.rowsChanged).toEqual([
      { currentRow: 2, incomingRow: 0, id: 'tiger', cells: [{ column: 'name', old: '虎', new: '老虎' }, { column: 'art', old: '', new: 'art/tiger.png' }] },
      { currentRow: 0, incomingRow: 1, id: 'rat', cells: [{ column: 'art', old: '', new: 'art/rat.png' }] },
    ]);
    // A renamed id is a row removed and a row added.
    expect(d.rowsAdded).toEqual([
      { incomingRow: 2, id: 'cow' },
      { incomingRow: 3, id: 'dragon' },
    ]);
    expect(d.rowsRemoved).toEqual([{ currentRow: 1, id: 'ox' }]);
    expect(d.unchanged).toBe(0);
  });

  it('matches by position when a table has no id column', () => {
    const a: Table = { columns: ['name'], rows: [['x'], ['y']] };
    const b: Table = { columns: ['NAME'], rows: [['x'], ['z'], ['w']] };
    const r = diffTables(a, b);
    expect(r.ok && r.value.key).toBeNull();
    expect(r.ok && r.value.rowsChanged).toEqual([{ currentRow: 1, incomingRow: 1, id: '', cells: [{ column: 'name', old: 'y', new: 'z' }] }]);
    expect(r.ok && r.value.rowsAdded).toEqual([{ incomingRow: 2, id: '' }]);
  });

  it('refuses an import with the same id twice, naming the rows', () => {
    const r = diffTables(current, { columns: ['id'], rows: [['rat'], ['x'], ['rat']] });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('sheets/duplicate-id');
      expect(r.error.message).toContain('Rows 2 and 4 of the imported table');
    }
  });
});

describe('applyImport', () => {
  const diff = diffTables(current, incoming, { key: 'id' });
  if (!diff.ok) throw new Error('diff failed');

  it('keeps missing rows and columns unless asked to remove them; appends new ones', () => {
    expect(applyImport(current, incoming, diff.value, { removeMissing: false })).toEqual({
      columns: ['id', 'name', 'copies', 'note', 'art'],
      rows: [
        ['rat', '鼠', '1', 'a', 'art/rat.png'],
        ['ox', '牛', '2', 'b', ''],
        ['tiger', '老虎', '1', 'c', 'art/tiger.png'],
        ['cow', '牛', '2', '', ''],
        ['dragon', '龙', '3', '', 'art/dragon.png'],
      ],
    });
  });

  it('drops rows and columns the import does not have with removeMissing', () => {
    expect(applyImport(current, incoming, diff.value, { removeMissing: true })).toEqual({
      columns: ['id', 'name', 'copies', 'art'],
      rows: [
        ['rat', '鼠', '1', 'art/rat.png'],
        ['tiger', '老虎', '1', 'art/tiger.png'],
        ['cow', '牛', '2', ''],
        ['dragon', '龙', '3', 'art/dragon.png'],
      ],
    });
  });
});
