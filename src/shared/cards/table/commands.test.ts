import { describe, expect, it } from 'vitest';
import { applyCommand, findMatches, metaParts, type TableCommand } from './commands';
import { makeTable, type CardTable } from './table';

const base = (): CardTable =>
  makeTable(
    ['id', 'name', 'power'],
    [
      ['RAT', '福鼠', '3'],
      ['OX', '牛', '10'],
      ['TIGER', '虎', '2'],
      ['RABBIT', '兔', ''],
    ],
  );

function run(table: CardTable, command: TableCommand) {
  const r = applyCommand(table, command);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Apply, then the inverse, and expect the original back; also the inverse of the inverse redoes. */
function roundTrip(command: TableCommand, table = base()): CardTable {
  const snapshot = JSON.stringify(table);
  const a = run(table, command);
  expect(JSON.stringify(table)).toBe(snapshot); // input untouched
  const b = run(a.table, a.inverse);
  expect(b.table).toEqual(table);
  const c = run(b.table, b.inverse);
  expect(c.table).toEqual(a.table);
  return a.table;
}

describe('applyCommand', () => {
  it('sets a rectangle of cells and undoes exactly', () => {
    const t = roundTrip({ kind: 'setCells', row: 1, col: 1, values: [['牛牛', '11'], ['老虎', '']] });
    expect(t.rows[1]).toEqual(['OX', '牛牛', '11']);
    expect(t.rows[2]).toEqual(['TIGER', '老虎', '']);
  });

  it('refuses a rectangle that does not fit, naming the line', () => {
    const r = applyCommand(base(), { kind: 'setCells', row: 3, col: 0, values: [['a'], ['b']] });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('table/out-of-range');
      expect(r.error.message).toContain('line 5');
    }
  });

  it('patches scattered cells, a cell written twice undoes to its first value', () => {
    roundTrip({ kind: 'patch', cells: [{ row: 0, col: 1, value: 'x' }, { row: 0, col: 1, value: 'y' }, { row: 3, col: 2, value: '1' }] });
  });

  it('inserts, deletes and duplicates rows', () => {
    const t = roundTrip({ kind: 'insertRows', at: 1, rows: [['NEW'], ['NEW2', 'n', '1', 'extra']] });
    expect(t.rows[1]).toEqual(['NEW', '', '']);
    expect(t.rows[2]).toEqual(['NEW2', 'n', '1']);
    const d = roundTrip({ kind: 'deleteRows', indices: [3, 0, 3] });
    expect(d.rows.map((r) => r[0])).toEqual(['OX', 'TIGER']);
    const dup = roundTrip({ kind: 'duplicateRows', indices: [0, 2] });
    expect(dup.rows.map((r) => r[0])).toEqual(['RAT', 'OX', 'TIGER', 'RAT', 'TIGER', 'RABBIT']);
  });

  it('moves rows and reorders them', () => {
    const m = roundTrip({ kind: 'moveRows', from: 0, count: 2, to: 2 });
    expect(m.rows.map((r) => r[0])).toEqual(['TIGER', 'RABBIT', 'RAT', 'OX']);
    const o = roundTrip({ kind: 'reorderRows', order: [3, 2, 1, 0] });
    expect(o.rows.map((r) => r[0])).toEqual(['RABBIT', 'TIGER', 'OX', 'RAT']);
    expect(applyCommand(base(), { kind: 'reorderRows', order: [0, 0, 1, 2] }).ok).toBe(false);
  });

  it('adds, renames, deletes and moves columns', () => {
    const a = roundTrip({ kind: 'addColumn', at: 1, name: ' colour ', values: ['#ff0000'] });
    expect(a.columns).toEqual(['id', 'colour', 'name', 'power']);
    expect(a.rows[0]).toEqual(['RAT', '#ff0000', '福鼠', '3']);
    expect(a.rows[1]).toEqual(['OX', '', '牛', '10']);
    expect(roundTrip({ kind: 'renameColumn', at: 2, name: 'attack' }).columns).toEqual(['id', 'name', 'attack']);
    const d = roundTrip({ kind: 'deleteColumn', at: 1 });
    expect(d.rows[0]).toEqual(['RAT', '3']);
    const m = roundTrip({ kind: 'moveColumn', from: 0, to: 2 });
    expect(m.columns).toEqual(['name', 'power', 'id']);
    expect(m.rows[0]).toEqual(['福鼠', '3', 'RAT']);
  });

  it('refuses empty or duplicate column names with a fix', () => {
    const dup = applyCommand(base(), { kind: 'renameColumn', at: 2, name: 'name' });
    expect(!dup.ok && dup.error.message).toContain('already a column "name" (column 2)');
    const empty = applyCommand(base(), { kind: 'addColumn', at: 0, name: '  ' });
    expect(!empty.ok && empty.error.code).toBe('table/column-name');
  });

  it('fills down the first row of a selection', () => {
    const t = roundTrip({ kind: 'fillDown', range: { top: 2, left: 2, bottom: 0, right: 1 } });
    expect(t.rows.map((r) => r.slice(1))).toEqual([
      ['福鼠', '3'],
      ['福鼠', '3'],
      ['福鼠', '3'],
      ['兔', ''],
    ]);
  });

  it('replaces all, by substring or whole cell, case-insensitive by default, in one column or the visible rows', () => {
    const t = roundTrip({ kind: 'replaceAll', find: 'ra', replace: 'Ra', column: 0 });
    expect(t.rows.map((r) => r[0])).toEqual(['RaT', 'OX', 'TIGER', 'RaBBIT']);
    const cs = roundTrip({ kind: 'replaceAll', find: 'ra', replace: 'X', matchCase: true });
    expect(cs).toEqual(base());
    const whole = roundTrip({ kind: 'replaceAll', find: '3', replace: '4', wholeCell: true });
    expect(whole.rows[0][2]).toBe('4');
    const some = roundTrip({ kind: 'replaceAll', find: 'r', replace: '$&$1', rows: [0] });
    expect(some.rows.map((r) => r[0])).toEqual(['$&$1AT', 'OX', 'TIGER', 'RABBIT']);
    expect(findMatches(base(), { find: '鼠' })).toEqual([{ row: 0, col: 1 }]);
    expect(applyCommand(base(), { kind: 'replaceAll', find: '', replace: 'x' }).ok).toBe(false);
  });

  it('sorts the file by a numeric column, empty cells last, and undoes to file order', () => {
    const t = roundTrip({ kind: 'sortFile', column: 2, direction: 'asc' });
    expect(t.rows.map((r) => r[0])).toEqual(['TIGER', 'RAT', 'OX', 'RABBIT']);
    const d = roundTrip({ kind: 'sortFile', column: 2, direction: 'desc' });
    expect(d.rows.map((r) => r[0])).toEqual(['OX', 'RAT', 'TIGER', 'RABBIT']);
  });

  it('applies a batch as one step and undoes it in reverse', () => {
    const t = roundTrip({
      kind: 'batch',
      commands: [
        { kind: 'addColumn', at: 3, name: 'copies' },
        { kind: 'insertRows', at: 4, rows: [['DRAGON']] },
        { kind: 'setCells', row: 4, col: 3, values: [['2']] },
      ],
    });
    expect(t.rows[4]).toEqual(['DRAGON', '', '', '2']);
    const bad = applyCommand(base(), { kind: 'batch', commands: [{ kind: 'deleteRows', indices: [0] }, { kind: 'deleteRows', indices: [9] }] });
    expect(bad.ok).toBe(false);
  });

  it('survives JSON (commands and inverses are plain data)', () => {
    const a = run(base(), { kind: 'deleteColumn', at: 1 });
    const inverse = JSON.parse(JSON.stringify(a.inverse)) as TableCommand;
    expect(run(a.table, inverse).table).toEqual(base());
  });
});

describe('meta command', () => {
  it('leaves the table as it is and undoes by swapping set and was', () => {
    const table = { columns: ['id'], rows: [['a']] };
    const r = applyCommand(table, { kind: 'meta', set: { bleed: 2 }, was: { bleed: 3 } });
    expect(r.ok && r.value.table).toBe(table);
    expect(r.ok && r.value.inverse).toEqual({ kind: 'meta', set: { bleed: 3 }, was: { bleed: 2 } });
  });

  it('is found inside batches by metaParts', () => {
    expect(metaParts({ kind: 'batch', commands: [{ kind: 'renameColumn', at: 0, name: 'x' }, { kind: 'meta', set: { a: 1 }, was: { a: 0 } }] })).toEqual([{ set: { a: 1 }, was: { a: 0 } }]);
    expect(metaParts({ kind: 'deleteRows', indices: [0] })).toEqual([]);
  });
});

describe('replaceTable command', () => {
  it('puts an imported table in place (rows fitted to the header) and undoes to the exact old table', () => {
    const t = base();
    const incoming: CardTable = { columns: ['id', 'name', 'power', 'art'], rows: [['RAT', '福鼠', '4', 'art/rat.png'], ['DRAGON', '龙', '7']] };
    const r = applyCommand(t, { kind: 'replaceTable', table: incoming });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.table).toEqual({ columns: ['id', 'name', 'power', 'art'], rows: [['RAT', '福鼠', '4', 'art/rat.png'], ['DRAGON', '龙', '7', '']] });
    const back = applyCommand(r.value.table, r.value.inverse);
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.table).toEqual(t);
  });

  it('refuses a table with a column named twice or not named, changing nothing', () => {
    for (const columns of [['id', 'name', 'id'], ['id', ' ']]) {
      const r = applyCommand(base(), { kind: 'replaceTable', table: { columns, rows: [] } });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('table/column-name');
    }
  });
});
