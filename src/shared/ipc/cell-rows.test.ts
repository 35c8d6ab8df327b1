// CellRows checks a table's rows in a plain loop and falls back to the per-cell schema only for a
// row that fails it: its answer must be the per-cell schema's, issue for issue.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CellRows } from './args';

const perCell = z.array(z.array(z.string().max(20_000, 'a cell holds at most 20000 characters')).max(200)).max(10_000, 'use at most 10000 rows');

const row = (n = 3) => Array.from({ length: n }, (_, i) => `c${i}`);
const CASES: [string, unknown][] = [
  ['a good table', [row(), row(200), []]],
  ['no rows', []],
  ['not an array', 'rows'],
  ['a row that is not an array', [row(), { 0: 'a' }, row()]],
  ['a cell that is a number, and one that is null', [row(), ['a', 3, 'b'], [null]]],
  ['a cell over 20,000 characters', [row(), ['a', 'x'.repeat(20_001)]]],
  ['a cell of exactly 20,000 characters', [['x'.repeat(20_000)]]],
  ['a row of 201 cells', [row(201)]],
  ['a sparse row', [[, 'a']]],
  ['several bad rows', [[1], row(201), ['x'.repeat(20_001), 2]]],
  ['10,001 rows', Array.from({ length: 10_001 }, () => ['a'])],
  ['10,001 rows, one with a bad cell', Array.from({ length: 10_001 }, (_, i) => (i === 5 ? ['a', 7] : ['a']))],
];

describe('CellRows answers as the per-cell schema', () => {
  for (const [name, value] of CASES)
    it(name, () => {
      const ours = CellRows.safeParse(value);
      const theirs = perCell.safeParse(value);
      expect(ours.success).toBe(theirs.success);
      if (ours.success && theirs.success) expect(ours.data).toEqual(theirs.data);
      else expect(JSON.parse(JSON.stringify(ours.error!.issues))).toEqual(JSON.parse(JSON.stringify(theirs.error!.issues)));
    });
});
