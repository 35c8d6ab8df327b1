import { PROJECT_LIMITS } from '../../../shared/cards/limits';
import { err, ok, type Result } from '../../../shared/util/result';
import { normalizeTable, SHEETS_ERRORS, type Table } from './table';
import { checkXlsxZip } from './zip-check';

/**
 * What the app needs from an XLSX library, so the library can be swapped without touching the
 * callers. `read` gets bytes that already passed `checkXlsxZip`.
 */
export interface XlsxCodec {
  /**
   * The cells of one sheet (the first visible one, or the one named `sheet`) as text, rows as they
   * come (see `normalizeTable`), with the names of all the workbook's sheets and of the one read.
   */
  read(file: string, bytes: Uint8Array, sheet?: string): Promise<Result<WorkbookRows>>;
  /** A workbook of one sheet "cards": the header row bold and frozen, every cell text. */
  write(table: Table): Promise<Uint8Array>;
}

/** One sheet's raw rows, which sheet that is, and the sheets of the workbook (in tab order). */
export interface WorkbookRows {
  rows: string[][];
  sheet: string;
  sheets: string[];
}

/** A sheet of a workbook as a table, with the workbook's sheet names (for choosing another). */
export interface WorkbookTable {
  table: Table;
  sheet: string;
  sheets: string[];
}

let codec: Promise<XlsxCodec> | undefined;
/** The codec in use (exceljs), loaded on first use so the app starts without it. */
function getCodec(): Promise<XlsxCodec> {
  codec ??= import('./xlsx-exceljs').then((m) => m.exceljsCodec);
  return codec;
}

/**
 * Read an XLSX workbook's sheet (the first, or `opts.sheet`) into a `Table`: formulas give their
 * cached values, numbers are written as the sheet shows them, dates as ISO, merged cells keep
 * their value in the first cell only, empty rows and trailing columns are dropped. The file is
 * checked before anything is unpacked (size, parts, zip bombs) and the table against PROJECT_LIMITS.
 * @example await readXlsx('cards.xlsx', bytes, { sheet: '卡牌' })
 */
export async function readXlsx(file: string, bytes: Uint8Array, opts: { sheet?: string } = {}): Promise<Result<Table>> {
  const r = await readXlsxBook(file, bytes, opts);
  return r.ok ? { ok: true, value: r.value.table } : r;
}

/** `readXlsx`, also answering which sheet was read and the names of all the sheets. */
export async function readXlsxBook(file: string, bytes: Uint8Array, opts: { sheet?: string } = {}): Promise<Result<WorkbookTable>> {
  if (bytes.length > PROJECT_LIMITS.fileBytes)
    return err(SHEETS_ERRORS.TOO_LARGE, `${file} is ${Math.round(bytes.length / 1048576)} MB, over the limit of ${PROJECT_LIMITS.fileBytes / 1048576} MB for a spreadsheet; save only the cards sheet, or export it as CSV UTF-8.`);
  const zip = checkXlsxZip(file, bytes);
  if (!zip.ok) return zip;
  const book = await (await getCodec()).read(file, bytes, opts.sheet);
  if (!book.ok) return book;
  const { rows, sheet, sheets } = book.value;
  const table = normalizeTable(opts.sheet ? `${file} (sheet "${opts.sheet}")` : file, rows);
  if (!table.ok) return { ok: false, error: { ...table.error, details: { sheet, sheets } } };
  return ok({ table: table.value, sheet, sheets });
}

/** A table as an XLSX workbook: one sheet "cards", header row bold and frozen, every cell text (CJK, "007", "=x" kept as typed). */
export async function writeXlsx(table: Table): Promise<Uint8Array> {
  return (await getCodec()).write(table);
}
