import { afterEach, describe, expect, it } from 'vitest';
import { validateTable } from '../../../../shared/cards/table';
import { i18n } from '../../i18n/I18n.svelte';
import { gridRowNumber, problemText } from './messages';

afterEach(() => i18n.setLocale('zh'));

describe('grid messages', () => {
  it('name rows by the number the grid shows beside them, not by the line of cards.csv', () => {
    const table = { columns: ['id', 'copies', 'name'], rows: [['A', '1', '甲'], ['B', 'x', '乙'], ['A', '', '丙']] };
    const problems = validateTable(table);
    expect(problems.map((p) => [p.code, p.row, p.line])).toEqual([
      ['copies', 1, 3],
      ['id-duplicate', 2, 4],
    ]);
    expect(gridRowNumber(problems[0]!.row)).toBe(2);
    i18n.setLocale('zh');
    expect(problems.map(problemText)).toEqual([
      '第 2 行“copies”：副本数“x”不是 0 到 999 的整数。请输入如 1 的数字，留空即为 1。',
      '第 3 行：编号“A”已在第 1 行使用。请让每个编号唯一。',
    ]);
    i18n.setLocale('en');
    expect(problemText(problems[1]!)).toBe('Row 3: the id “A” is already used in row 1. Make each id unique.');
  });
});
