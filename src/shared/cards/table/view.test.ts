import { describe, expect, it } from 'vitest';
import { makeTable } from './table';
import { isNumericColumn, sortOrder, visibleRows } from './view';

const t = makeTable(
  ['id', 'name', 'n'],
  [
    ['a', '鼠', '10'],
    ['b', '牛', '9'],
    ['c', '虎', ''],
    ['d', '兔', '9'],
    ['e', 'Apple', '100'],
  ],
);

describe('views', () => {
  it('sorts numerically when every non-empty value is a number, stable, empties last', () => {
    expect(isNumericColumn(t, 2)).toBe(true);
    expect(sortOrder(t, 2, 'asc')).toEqual([1, 3, 0, 4, 2]);
    expect(sortOrder(t, 2, 'desc')).toEqual([4, 0, 1, 3, 2]);
  });

  it('sorts text with Chinese collation (pinyin order)', () => {
    // hǔ 虎, niú 牛, shǔ 鼠, tù 兔 in pinyin order; ICU's zh collation puts Han before Latin.
    expect(isNumericColumn(t, 1)).toBe(false);
    expect(sortOrder(t, 1, 'asc').map((i) => t.rows[i][1])).toEqual(['虎', '牛', '鼠', '兔', 'Apple']);
  });

  it('filters and sorts without touching the table', () => {
    const before = JSON.stringify(t);
    expect(visibleRows(t, { filters: [{ column: 2, mode: 'equals', text: '9' }] })).toEqual([1, 3]);
    expect(visibleRows(t, { filters: [{ column: 2, mode: 'empty', text: '' }] })).toEqual([2]);
    expect(visibleRows(t, { sort: { column: 2, direction: 'desc' }, filters: [{ column: 1, mode: 'contains', text: 'APP' }] })).toEqual([4]);
    expect(visibleRows(t, { filters: [{ column: 1, mode: 'contains', text: '' }] })).toEqual([0, 1, 2, 3, 4]);
    expect(JSON.stringify(t)).toBe(before);
  });
});
