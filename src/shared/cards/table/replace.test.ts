import { describe, expect, it } from 'vitest';
import { applyCommand } from './commands';
import { editToTable } from './replace';
import type { CardTable } from './table';

const old: CardTable = {
  columns: ['id', 'name', 'power'],
  rows: [
    ['rat', '鼠', '1'],
    ['ox', '牛', '2'],
    ['tiger', '虎', '3'],
  ],
};

function run(from: CardTable, to: CardTable) {
  const command = editToTable(from, to);
  const r = applyCommand(from, command);
  if (!r.ok) throw new Error(r.error.message);
  expect(r.value.table).toEqual(to);
  return { command, inverse: r.value.inverse, table: r.value.table };
}

describe('editToTable (an import as granular edits)', () => {
  it('changes cells, adds a column and rows as a batch whose undo keeps an edit made since elsewhere', () => {
    const to: CardTable = { columns: ['id', 'name', 'power', 'art'], rows: [['rat', '鼠', '9', 'a.png'], ['ox', '牛', '2', ''], ['tiger', '虎', '3', ''], ['horse', '马', '5', '']] };
    const { command, inverse, table } = run(old, to);
    expect(command.kind).toBe('batch');
    // Someone edits the ox's name on disk after the import; undoing the import keeps that edit.
    const edited = { columns: table.columns, rows: table.rows.map((r) => (r[0] === 'ox' ? ['ox', '金牛', '2', ''] : r)) };
    const undone = applyCommand(edited, inverse);
    if (!undone.ok) throw new Error(undone.error.message);
    expect(undone.value.table).toEqual({ columns: ['id', 'name', 'power'], rows: [['rat', '鼠', '1'], ['ox', '金牛', '2'], ['tiger', '虎', '3']] });
  });

  it('removes rows (matched by id) and columns the file lacks', () => {
    const to: CardTable = { columns: ['id', 'power'], rows: [['rat', '1'], ['tiger', '4']] };
    expect(run(old, to).command.kind).toBe('batch');
  });

  it('falls back to replacing the table when the columns were reordered', () => {
    const to: CardTable = { columns: ['name', 'id', 'power'], rows: old.rows.map(([a, b, c]) => [b!, a!, c!]) };
    expect(run(old, to).command.kind).toBe('replaceTable');
  });

  it('handles tables without ids by position', () => {
    const from: CardTable = { columns: ['a'], rows: [['1'], ['2'], ['3']] };
    expect(run(from, { columns: ['a'], rows: [['1'], ['x']] }).command.kind).toBe('batch');
    expect(run(from, { columns: ['a', 'b'], rows: [['1', 'p'], ['2', ''], ['3', ''], ['4', 'q']] }).command.kind).toBe('batch');
  });
});
