import { describe, expect, it } from 'vitest';
import { fileLine, freshColumnName, makeTable, readRange, sameTable } from './table';

describe('table helpers', () => {
  it('pads and cuts rows to the header', () => {
    expect(makeTable(['a', 'b'], [['1'], ['1', '2', '3']]).rows).toEqual([['1', ''], ['1', '2']]);
  });
  it('reads a range whatever the corner order', () => {
    const t = makeTable(['a', 'b', 'c'], [['1', '2', '3'], ['4', '5', '6']]);
    expect(readRange(t, { top: 1, left: 2, bottom: 0, right: 1 })).toEqual([['2', '3'], ['5', '6']]);
  });
  it('counts file lines from the header and finds fresh column names', () => {
    expect(fileLine(0)).toBe(2);
    expect(freshColumnName(['column', 'column_2'])).toBe('column_3');
  });
  it('compares tables by content', () => {
    const t = makeTable(['a'], [['1'], ['2']]);
    expect(sameTable(t, JSON.parse(JSON.stringify(t)))).toBe(true);
    expect(sameTable(t, makeTable(['a'], [['1'], ['3']]))).toBe(false);
    expect(sameTable(t, makeTable(['b'], [['1'], ['2']]))).toBe(false);
  });
});
