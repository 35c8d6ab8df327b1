import { describe, expect, it } from 'vitest';
import { applyTablePatch, tablePatch } from './patch';
import type { CardTable } from './table';

const base: CardTable = { columns: ['id', 'name'], rows: [['a', 'A'], ['b', 'B'], ['c', 'C']] };

describe('tablePatch and applyTablePatch', () => {
  it('lists only the changed cells, and applying them gives the edited table', () => {
    const next: CardTable = { columns: base.columns, rows: [base.rows[0]!, ['b', 'B!'], ['c', 'C']] };
    const p = tablePatch(base, next)!;
    expect(p).toEqual({ columns: ['id', 'name'], rowCount: 3, cells: [{ row: 1, col: 1, value: 'B!' }] });
    const r = applyTablePatch(base, p);
    expect(r.ok && r.table.rows).toEqual(next.rows);
    expect(base.rows[1]).toEqual(['b', 'B']); // the base is left as it was
  });

  it('is undefined when the shape changed or too many cells did (the whole table is sent instead)', () => {
    expect(tablePatch(base, { columns: ['id', 'title'], rows: base.rows })).toBeUndefined();
    expect(tablePatch(base, { columns: base.columns, rows: base.rows.slice(1) })).toBeUndefined();
    expect(tablePatch(base, { columns: base.columns, rows: base.rows.map((r) => [r[0]!, `${r[1]}!`]) }, 2)).toBeUndefined();
  });

  it('refuses a patch made on another shape, or pointing outside the table', () => {
    expect(applyTablePatch(base, { columns: ['id', 'name'], rowCount: 4, cells: [] })).toMatchObject({ ok: false, reason: expect.stringMatching(/3 rows/) });
    expect(applyTablePatch(base, { columns: ['id'], rowCount: 3, cells: [] }).ok).toBe(false);
    expect(applyTablePatch(base, { columns: ['id', 'name'], rowCount: 3, cells: [{ row: 3, col: 0, value: 'x' }] }).ok).toBe(false);
  });
});
