import { describe, expect, it } from 'vitest';
import { makeTable } from './table';
import { problemIndex, validateTable } from './validate';

describe('validateTable', () => {
  const table = makeTable(
    ['id', 'copies', 'power', 'colour', 'art', 'attr'],
    [
      ['RAT', '1', '3', '#c23b22', 'file:art/rat.png', '福'],
      ['OX', '', '', '', 'icon:fluent:ox', ''],
      ['', '1000', 'three', 'red', 'art/ox.png', '金子'],
      ['RAT', '2.5', '1e3', '#C23B22', 'icon:x', '玉'],
    ],
  );
  const specs = {
    power: { type: 'number' as const },
    colour: { type: 'colour' as const },
    art: { type: 'image' as const },
    attr: { type: 'list' as const, values: ['金', '玉', '福'] },
  };

  it('names the file line and column of each problem', () => {
    const problems = validateTable(table, specs);
    expect(problems.map((p) => [p.line, p.column, p.code])).toEqual([
      [4, 'id', 'id-empty'],
      [4, 'copies', 'copies'],
      [4, 'power', 'number'],
      [4, 'colour', 'colour'],
      [4, 'art', 'image'],
      [4, 'attr', 'list'],
      [5, 'id', 'id-duplicate'],
      [5, 'copies', 'copies'],
    ]);
    const dup = problems.find((p) => p.code === 'id-duplicate');
    expect(dup?.firstLine).toBe(2);
    expect(dup?.message).toBe('Line 5, column "id": the id "RAT" is already used on line 2. Make each id unique.');
    expect(problems.find((p) => p.code === 'list')?.allowed).toEqual(['金', '玉', '福']);
    expect(problemIndex(problems).get('2:3')?.code).toBe('colour');
  });

  it('treats unknown columns as text and a valid table as clean', () => {
    expect(validateTable(makeTable(['id', 'note'], [['A', '#zz'], ['B', '']]))).toEqual([]);
  });
});
