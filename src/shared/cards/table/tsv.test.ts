import { describe, expect, it } from 'vitest';
import { padRows, parseTsv, toTsv } from './tsv';

describe('TSV clipboard', () => {
  it('writes spreadsheet TSV: quotes only cells with tabs, line breaks or quotes; CRLF rows', () => {
    expect(toTsv([['a', 'b'], ['c', 'd']])).toBe('a\tb\r\nc\td');
    expect(toTsv([['福鼠', 'say "hi"', 'two\nlines', 'tab\there']])).toBe('福鼠\t"say ""hi"""\t"two\nlines"\t"tab\there"');
  });

  it('reads what Excel, LibreOffice and Google Sheets put on the clipboard', () => {
    expect(parseTsv('a\tb\r\nc\td\r\n')).toEqual([['a', 'b'], ['c', 'd']]);
    expect(parseTsv('a\tb\nc\td\n')).toEqual([['a', 'b'], ['c', 'd']]);
    expect(parseTsv('"x\r\ny"\t2\r\n3')).toEqual([['x\r\ny', '2'], ['3']]);
    expect(parseTsv('single')).toEqual([['single']]);
    expect(parseTsv('')).toEqual([]);
    expect(parseTsv('a\t\t\r\n')).toEqual([['a', '', '']]);
    expect(parseTsv('\r\n\r\n')).toEqual([[''], ['']]);
  });

  it('keeps a quote that does not open a well-formed quoted cell as text', () => {
    expect(parseTsv('5" card\tx')).toEqual([['5" card', 'x']]);
    expect(parseTsv('"quoted" tail\ty')).toEqual([['"quoted" tail', 'y']]);
    expect(parseTsv('"unclosed\tz')).toEqual([['"unclosed', 'z']]);
  });

  it('pads ragged rows', () => {
    expect(padRows(parseTsv('a\tb\tc\r\nd\r\n'))).toEqual([['a', 'b', 'c'], ['d', '', '']]);
  });

  it('round-trips CJK, quotes, tabs, line breaks and empty cells', () => {
    const cells = [
      ['RAT-FU', '福鼠', '指定一名角色（可为自己）：\n其回合只能叠蒙', ''],
      ['"', '""', 'a\tb', '\r\n'],
      ['', '投鼠忌器 "Stack-Only"', '\t', 'end'],
    ];
    expect(parseTsv(toTsv(cells))).toEqual(cells);
    expect(parseTsv(toTsv(cells) + '\r\n')).toEqual(cells);
  });
});
