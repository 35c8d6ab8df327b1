import { describe, expect, it } from 'vitest';
import { parseCsv, tableToCsv } from './csv';
import type { Table } from './table';

const tricky: Table = {
  columns: ['id', '名字', 'text', 'copies'],
  rows: [
    ['007', '福 "大" 字', 'a, b, c', '2'],
    ['rat', '鼠', 'line one\nline two', ''],
    ['ox', '', ' edge spaces ', '0010'],
  ],
};

describe('CSV', () => {
  it('round trips CJK, quotes, commas, newlines, empty cells and leading zeros', () => {
    const text = tableToCsv(tricky);
    expect(text.startsWith('id,名字')).toBe(true);
    expect(text.endsWith('\n')).toBe(true);
    expect(text).not.toContain('\r');
    expect(text).toContain('"福 ""大"" 字"');
    const back = parseCsv('cards.csv', Buffer.from(text, 'utf8'));
    expect(back).toEqual({ ok: true, value: tricky });
  });

  it('writes a stable, diffable form: one row per line, quoting only when needed', () => {
    expect(tableToCsv({ columns: ['id', 'name'], rows: [['a', 'x'], ['b', 'y,z']] })).toBe('id,name\na,x\nb,"y,z"\n');
  });

  it('drops a UTF-8 byte-order mark, blank lines, and empty trailing rows and columns; pads short rows', () => {
    const text = '\uFEFFid,name,,\n1,甲,,\n\n2\n,,,\n';
    expect(parseCsv('cards.csv', Buffer.from(text, 'utf8'))).toEqual({ ok: true, value: { columns: ['id', 'name'], rows: [['1', '甲'], ['2', '']] } });
  });

  it('reads the semicolon and tab separated files some spreadsheets save as CSV', () => {
    expect(parseCsv('eu.csv', Buffer.from('id;name;copies\n1;甲;2\n2;"乙;丙";1\n'))).toEqual({ ok: true, value: { columns: ['id', 'name', 'copies'], rows: [['1', '甲', '2'], ['2', '乙;丙', '1']] } });
    expect(parseCsv('tab.txt', Buffer.from('id\tname\n1\t甲\n'))).toEqual({ ok: true, value: { columns: ['id', 'name'], rows: [['1', '甲']] } });
  });

  it('refuses UTF-16 and GBK with "save as CSV UTF-8", naming the file', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id,name\n1,鼠\n', 'utf16le')]);
    const r16 = parseCsv('data/卡牌.csv', utf16);
    expect(r16.ok).toBe(false);
    if (!r16.ok) {
      expect(r16.error.code).toBe('sheets/encoding');
      expect(r16.error.message).toContain('data/卡牌.csv');
      expect(r16.error.message).toContain('CSV UTF-8');
    }
    // "鼠" in GBK is 0xca 0xf3: not valid UTF-8.
    const gbk = Buffer.from([0x69, 0x64, 0x2c, 0x6e, 0x0a, 0x31, 0x2c, 0xca, 0xf3, 0x0a]);
    const rg = parseCsv('gbk.csv', gbk);
    expect(!rg.ok && rg.error.code).toBe('sheets/encoding');
    expect(!rg.ok && rg.error.message).toContain('gbk.csv');
  });

  it('refuses a value without a header, two columns of one name, and an unclosed quote', () => {
    const noHeader = parseCsv('a.csv', Buffer.from('id,\n1,x\n'));
    expect(!noHeader.ok && noHeader.error.message).toMatch(/column B has values \(row 2\) but no header/);
    const dup = parseCsv('a.csv', Buffer.from('id,Name,name \n1,x,y\n'));
    expect(!dup.ok && dup.error.message).toContain('columns B and C are both named');
    const open = parseCsv('a.csv', Buffer.from('id,name\n1,"abc\n'));
    expect(!open.ok && open.error.message).toContain('never closed');
  });
});
