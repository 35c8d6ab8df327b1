import { describe, expect, it } from 'vitest';
import { diffTables, isEmptyDiff } from './diff';
import { applyCommand } from './commands';

const t = (columns: string[], rows: string[][]) => ({ columns, rows });

describe('diffTables', () => {
  const base = t(['id', 'name'], [['a', 'A'], ['b', 'B'], ['c', 'C']]);

  it('finds nothing between equal tables', () => {
    expect(isEmptyDiff(diffTables(base, t(['id', 'name'], base.rows.map((r) => [...r]))))).toBe(true);
  });

  it('counts rows added, changed and removed by id, naming them', () => {
    const d = diffTables(base, t(['id', 'name'], [['a', 'A'], ['b', 'Bee'], ['d', 'D']]));
    expect(d).toMatchObject({ added: 1, changed: 1, removed: 1, moved: 0 });
    expect(d.sample).toEqual(['b', 'd']);
  });

  it('reports a reordered file as moves, not changes', () => {
    const d = diffTables(base, t(['id', 'name'], [['c', 'C'], ['a', 'A'], ['b', 'B']]));
    expect(d).toMatchObject({ added: 0, changed: 0, removed: 0, moved: 3 });
  });

  it('does not count later rows as moved when a row is inserted', () => {
    const r = applyCommand(base, { kind: 'insertRows', at: 0, rows: [['z', 'Z']] });
    const d = diffTables(base, r.ok ? r.value.table : base);
    expect(d).toMatchObject({ added: 1, changed: 0, removed: 0, moved: 0 });
  });

  it('reports columns added or removed once, and compares the other cells by name', () => {
    const d = diffTables(base, t(['name', 'id', 'cost'], [['A', 'a', '1'], ['B', 'b', '2'], ['C!', 'c', '3']]));
    expect(d.columnsAdded).toEqual(['cost']);
    expect(d.columnsRemoved).toEqual([]);
    expect(d).toMatchObject({ changed: 1, added: 0, removed: 0 });
  });

  it('matches by position when there is no id column', () => {
    const d = diffTables(t(['x'], [['1'], ['2']]), t(['x'], [['1'], ['3'], ['4']]));
    expect(d).toMatchObject({ changed: 1, added: 1, removed: 0, sample: ['#3'] });
  });

  it('handles repeated ids (a designer mid-edit)', () => {
    const d = diffTables(t(['id'], [['a'], ['a']]), t(['id'], [['a']]));
    expect(d).toMatchObject({ removed: 1, added: 0 });
  });
});
