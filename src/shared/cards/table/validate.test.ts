import { describe, expect, it } from 'vitest';
import { makeTable, type CardTable } from './table';
import { problemIndex, TableValidation, validateTable } from './validate';

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

describe('TableValidation (incremental, as the grid types)', () => {
  const specs = { cost: { type: 'number' }, colour: { type: 'colour' }, kind: { type: 'list', values: ['a', 'b'] } } as const;
  const columns = ['name', 'cost', 'id', 'colour', 'kind', 'copies'];
  const start: CardTable = {
    columns,
    rows: Array.from({ length: 40 }, (_, i) => [`n${i}`, i % 7 === 0 ? 'x' : String(i), `C${i % 30}`, i % 5 === 0 ? 'red' : '#112233', i % 4 === 0 ? 'z' : 'a', i % 9 === 0 ? '-1' : '1']),
  };

  it('agrees with validateTable after every edit: cells, ids, rows added and removed, other column types', () => {
    const v = new TableValidation();
    let t = start;
    let seed = 7;
    const rnd = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0), (seed >>> 8) % n);
    const values = ['', 'x', '3', '#abcdef', 'red', 'a', 'b', 'C1', 'C39', '2', '-4'];
    for (let step = 0; step < 300; step++) {
      const rows = t.rows.slice();
      const k = rnd(10);
      if (k < 8) {
        const y = rnd(rows.length);
        const row = rows[y]!.slice();
        row[rnd(columns.length)] = values[rnd(values.length)]!;
        rows[y] = row;
      } else if (k === 8) rows.splice(rnd(rows.length), 1);
      else rows.push(['new', '1', `C${rnd(50)}`, '', '', '']);
      t = { columns, rows };
      const s = step % 50 === 49 ? { ...specs } : specs;
      expect(v.run(t, s)).toEqual(validateTable(t, s));
    }
  });

  it('answers the same array when nothing changed, and checks only the copied row', () => {
    const v = new TableValidation();
    const a = v.run(start, specs);
    expect(v.run(start, specs)).toBe(a);
    const rows = start.rows.slice();
    rows[3] = ['n3', 'oops', 'C3', '#112233', 'a', '1'];
    const b = v.run({ columns, rows }, specs);
    expect(b.filter((p) => p.row === 3).map((p) => p.code)).toEqual(['number']);
    expect(b).toEqual(validateTable({ columns, rows }, specs));
  });
});
