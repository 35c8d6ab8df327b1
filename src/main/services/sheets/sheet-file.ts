import { extname } from 'node:path';
import { err, ok, type Result } from '../../../shared/util/result';
import { exportCsv, parseCsv, unescapeTable } from './csv';
import { SHEETS_ERRORS, type Table } from './table';
import { readXlsx, readXlsxBook, writeXlsx, type WorkbookTable } from './xlsx';

/** The spreadsheet formats the app reads and writes. */
export type SheetFormat = 'csv' | 'xlsx';

/** The format of a file by its name, or a failure telling which formats to save as. */
export function sheetFormat(file: string): Result<SheetFormat> {
  const ext = extname(file).toLowerCase();
  if (ext === '.csv' || ext === '.txt') return ok('csv');
  if (ext === '.xlsx' || ext === '.xlsm') return ok('xlsx');
  return err(
    SHEETS_ERRORS.INVALID,
    `${file} is not a CSV or XLSX file${ext ? ` (${ext})` : ''}; in the spreadsheet (Excel, LibreOffice, Numbers, Google Sheets: File → Download) save or export it as "Excel Workbook (.xlsx)" or "CSV UTF-8", then import that.`,
  );
}

/**
 * Read a spreadsheet file's bytes into a table, by its name: CSV (UTF-8) or XLSX (the first
 * sheet, or `opts.sheet`). A CSV cell written as text by an export (`'=…`) reads back as it was.
 * @example await readSheet('cards.xlsx', bytes)
 */
export async function readSheet(file: string, bytes: Uint8Array, opts: { sheet?: string } = {}): Promise<Result<Table>> {
  const f = sheetFormat(file);
  if (!f.ok) return f;
  if (f.value === 'xlsx') return readXlsx(file, bytes, opts);
  const r = parseCsv(file, bytes);
  return r.ok ? ok(unescapeTable(r.value)) : r;
}

/**
 * `readSheet`, also answering the sheet names of an XLSX (a CSV is one sheet named after the file),
 * for the import dialog's sheet choice.
 */
export async function readSheetBook(file: string, bytes: Uint8Array, opts: { sheet?: string } = {}): Promise<Result<WorkbookTable & { format: SheetFormat }>> {
  const f = sheetFormat(file);
  if (!f.ok) return f;
  if (f.value === 'xlsx') {
    const r = await readXlsxBook(file, bytes, opts);
    return r.ok ? ok({ ...r.value, format: 'xlsx' }) : r;
  }
  const r = parseCsv(file, bytes);
  return r.ok ? ok({ table: unescapeTable(r.value), sheet: file, sheets: [], format: 'csv' }) : r;
}

/**
 * A table as the bytes of a CSV (UTF-8, no mark, `\n`) or an XLSX file. A CSV cell that a
 * spreadsheet would run as a formula is written as text (see `exportCsv`); an XLSX holds every
 * cell as a text value, never a formula.
 */
export async function writeSheet(table: Table, format: SheetFormat): Promise<Uint8Array> {
  return format === 'csv' ? Buffer.from(exportCsv(table), 'utf8') : writeXlsx(table);
}
