import { createRequire } from 'node:module';
import { err, ok, type Result } from '../../../shared/util/result';
import { formatDate, formatNumber } from './format';
import { SHEETS_ERRORS, type Table } from './table';
import type { WorkbookRows, XlsxCodec } from './xlsx';

/**
 * The part of exceljs@4.4.0's API used here, declared locally so the app builds and typechecks
 * before the package is installed (it is loaded at run time, on first use).
 */
interface Cell {
  value: unknown;
  numFmt?: string;
  isMerged: boolean;
  master: { address: string };
  address: string;
}
interface Row {
  eachCell(opt: { includeEmpty: boolean }, cb: (cell: Cell, col: number) => void): void;
  font?: unknown;
}
interface Worksheet {
  name: string;
  state: string;
  eachRow(opt: { includeEmpty: boolean }, cb: (row: Row, n: number) => void): void;
  getColumn(n: number): { numFmt?: string };
  getRow(n: number): Row & { font?: unknown };
  addRow(values: unknown[]): Row;
}
interface Workbook {
  worksheets: Worksheet[];
  addWorksheet(name: string, opts?: { views?: Record<string, unknown>[] }): Worksheet;
  xlsx: { load(data: Buffer): Promise<unknown>; writeBuffer(): Promise<ArrayBuffer> };
}
export interface ExcelJsModule {
  Workbook: new () => Workbook;
}

/** The package name, in a variable so the bundler and the type checker leave it to run time. */
const PACKAGE = 'exceljs';
let loaded: Promise<ExcelJsModule> | undefined;
/**
 * Load exceljs (CommonJS), resolved from this source file rather than from wherever a bundle of it
 * lives (the CLI's bundle is in the user's cache folder, outside the install).
 */
export function loadExcelJs(): Promise<ExcelJsModule> {
  loaded ??= Promise.resolve().then(() => createRequire(import.meta.url)(PACKAGE) as ExcelJsModule);
  return loaded;
}

/** A result value (plain or a formula's cached one) as the sheet shows it. */
function shown(v: unknown, numFmt: string | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatNumber(v, numFmt);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return formatDate(v);
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText)) return (o.richText as { text?: unknown }[]).map((t) => String(t.text ?? '')).join('');
    if ('error' in o) return String(o.error ?? '');
    if ('formula' in o || 'sharedFormula' in o) return shown(o.result, numFmt);
    if ('text' in o) return shown(o.text, numFmt);
  }
  return String(v);
}

/** The text of one cell; cells covered by a merge (all but its first) are empty. */
function cellText(c: Cell): string {
  if (c.isMerged && c.master.address !== c.address) return '';
  return shown(c.value, c.numFmt);
}

/** The XLSX codec on exceljs. */
export const exceljsCodec: XlsxCodec = {
  async read(file: string, bytes: Uint8Array, sheet?: string): Promise<Result<WorkbookRows>> {
    const ExcelJS = await loadExcelJs();
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch (e) {
      return err(SHEETS_ERRORS.INVALID, `${file} could not be read as an XLSX workbook (${(e as Error).message}); open it in a spreadsheet and save it again as "Excel Workbook (.xlsx)", or as "CSV UTF-8".`);
    }
    const names = wb.worksheets.map((w) => w.name);
    const ws = sheet === undefined ? (wb.worksheets.find((w) => w.state === 'visible') ?? wb.worksheets[0]) : wb.worksheets.find((w) => w.name === sheet);
    if (!ws)
      return sheet === undefined
        ? err(SHEETS_ERRORS.INVALID, `${file} has no sheets; add the cards on a sheet and save it again.`)
        : err(SHEETS_ERRORS.NO_SHEET, `${file} has no sheet named "${sheet}"; its sheets are ${names.map((n) => `"${n}"`).join(', ')}. Choose one of them.`, { sheets: names });
    const rows: string[][] = [];
    ws.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (c, col) => {
        while (cells.length < col - 1) cells.push('');
        cells[col - 1] = cellText(c);
      });
      // A row of empty strings (formatting only, formulas giving "") is not a card.
      if (cells.some((c) => c.trim() !== '')) rows.push(cells);
    });
    return ok({ rows, sheet: ws.name, sheets: names });
  },

  async write(table: Table): Promise<Uint8Array> {
    const ExcelJS = await loadExcelJs();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('cards', { views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }] });
    // Text format, so what a designer types later in the spreadsheet stays text (007 stays 007).
    table.columns.forEach((_, i) => {
      ws.getColumn(i + 1).numFmt = '@';
    });
    ws.addRow(table.columns);
    ws.getRow(1).font = { bold: true };
    for (const r of table.rows) ws.addRow(r);
    return new Uint8Array(await wb.xlsx.writeBuffer());
  },
};
