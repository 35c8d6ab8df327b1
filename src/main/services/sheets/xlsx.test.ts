import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { readXlsx, writeXlsx } from './xlsx';
import { readSheet, writeSheet } from './sheet-file';
import { parseCsv, tableToCsv } from './csv';
import type { Table } from './table';

const tricky: Table = {
  columns: ['id', '名字', 'text', 'copies', 'formula-like'],
  rows: [
    ['007', '福 "大" 字', 'a, b, c', '2', '=1+1'],
    ['rat', '鼠', 'line one\nline two', '', '+86'],
    ['ox', '', ' edge spaces ', '0010', ''],
  ],
};

// exceljs is a pinned dependency; the app loads it on first use (xlsx-exceljs.ts), the tests directly.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const ExcelJS: Any = createRequire(import.meta.url)('exceljs');

async function workbook(build: (wb: Any) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('XLSX (exceljs)', () => {
  it('round trips CSV → table → XLSX → table → CSV with CJK, quotes, commas, newlines, empty cells and 007', async () => {
    const csv = tableToCsv(tricky);
    const table = parseCsv('cards.csv', Buffer.from(csv));
    expect(table).toEqual({ ok: true, value: tricky });
    const bytes = await writeXlsx(tricky);
    const back = await readXlsx('cards.xlsx', bytes);
    expect(back).toEqual({ ok: true, value: tricky });
    if (back.ok) expect(tableToCsv(back.value)).toBe(csv);
  });

  it('writes one sheet "cards" with the header row bold and frozen, every cell text', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await writeXlsx(tricky)));
    expect(wb.worksheets.map((w: Any) => w.name)).toEqual(['cards']);
    const ws = wb.worksheets[0]!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getRow(1).getCell(2).font?.bold).toBe(true);
    expect(ws.getRow(1).getCell(2).value).toBe('名字');
    expect(ws.getRow(2).getCell(1).value).toBe('007');
    expect(ws.getRow(2).getCell(5).value).toBe('=1+1');
  });

  it('reads formulas as their cached values, numbers as shown, dates as ISO, merged cells once, and drops empty edges', async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.getCell('A1').value = 'id';
      ws.getCell('B1').value = 'power';
      ws.getCell('C1').value = 'price';
      ws.getCell('D1').value = 'date';
      ws.getCell('E1').value = 'title';
      ws.getCell('A2').value = 'rat';
      ws.getCell('B2').value = { formula: 'C2*2', result: 7 };
      ws.getCell('C2').value = 3.5;
      ws.getCell('C2').numFmt = '0.00';
      ws.getCell('D2').value = new Date(Date.UTC(2026, 1, 3));
      ws.getCell('D2').numFmt = 'yyyy-mm-dd';
      ws.getCell('E2').value = '鼠王';
      ws.mergeCells('E2:F3');
      ws.getCell('A3').value = 'ox';
      ws.getCell('B3').value = 0.1 + 0.2;
      ws.getCell('C3').value = 0.25;
      ws.getCell('C3').numFmt = '0%';
      ws.getCell('D3').value = true;
      // Formatting only: no value, must not become a row or a column.
      ws.getCell('H9').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFF0000' } };
      ws.getCell('A12').value = '';
    });
    const r = await readXlsx('cards.xlsx', bytes);
    expect(r).toEqual({
      ok: true,
      value: {
        columns: ['id', 'power', 'price', 'date', 'title'],
        rows: [
          ['rat', '7', '3.50', '2026-02-03', '鼠王'],
          ['ox', '0.3', '25%', 'TRUE', ''],
        ],
      },
    });
  });

  it('reads a named sheet, and names the sheets when it is missing', async () => {
    const bytes = await workbook((wb) => {
      wb.addWorksheet('说明').getCell('A1').value = 'read me';
      const ws = wb.addWorksheet('卡牌');
      ws.addRow(['id', 'name']);
      ws.addRow(['a', '甲']);
    });
    expect(await readXlsx('book.xlsx', bytes, { sheet: '卡牌' })).toEqual({ ok: true, value: { columns: ['id', 'name'], rows: [['a', '甲']] } });
    const first = await readXlsx('book.xlsx', bytes);
    expect(first.ok && first.value.columns).toEqual(['read me']);
    const missing = await readXlsx('book.xlsx', bytes, { sheet: 'cards' });
    expect(!missing.ok && missing.error).toMatchObject({ code: 'sheets/no-sheet' });
    expect(!missing.ok && missing.error.message).toContain('"说明", "卡牌"');
  });

  it('picks the XLSX reader by file name, whatever the case of the extension', async () => {
    const bytes = await writeSheet(tricky, 'xlsx');
    expect(await readSheet('Cards.XLSX', bytes)).toEqual({ ok: true, value: tricky });
    expect(await readSheet('cards.csv', await writeSheet(tricky, 'csv'))).toEqual({ ok: true, value: tricky });
  });
});
