import { PROJECT_LIMITS } from '../../../shared/cards/limits';
import { err, ok, type Result } from '../../../shared/util/result';
import { DUPLICATE_ID, headerKey, type Table } from '../../../shared/sheets/import-diff';

export { headerKey, type Table };

// A `Table` is a sheet of card data as text: a header row of column names and the rows under it,
// every row exactly `columns.length` cells long. Cells are strings as the spreadsheet shows them,
// so "007" stays "007" and nothing is guessed from a cell's look.

/** Error codes of the sheets service. */
export const SHEETS_ERRORS = {
  /** A CSV that is not UTF-8 (UTF-16, GBK, …). */
  ENCODING: 'sheets/encoding',
  /** Malformed content: a header missing or repeated, a row longer than the header, a broken XLSX. */
  INVALID: 'sheets/invalid',
  /** Over a limit of PROJECT_LIMITS (rows, columns, cell length, the size of an XLSX unpacked). */
  TOO_LARGE: 'sheets/too-large',
  /** The named sheet is not in the workbook. */
  NO_SHEET: 'sheets/no-sheet',
  /** Two rows share the same id, so an import cannot tell which one is meant. */
  DUPLICATE_ID,
} as const;


/** Spreadsheet-style column letters for a 0-based index (0 → A, 26 → AA), for messages. */
export function columnLetter(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/**
 * Turn raw rows (first row = header) into a checked `Table`: empty trailing rows and columns are
 * dropped, short rows padded with "", and a missing or repeated header, a value beyond the last
 * header, or anything over PROJECT_LIMITS is refused with a message naming `file`, the row/column
 * and the fix.
 */
export function normalizeTable(file: string, raw: string[][]): Result<Table> {
  const isEmpty = (r: string[]): boolean => r.every((c) => c.trim() === '');
  let end = raw.length;
  while (end > 0 && isEmpty(raw[end - 1]!)) end--;
  let start = 0;
  while (start < end && isEmpty(raw[start]!)) start++;
  if (start === end) return err(SHEETS_ERRORS.INVALID, `${file} is empty; it needs a header row (e.g. "id,name,copies") and one row per card.`);
  const rows = raw.slice(start, end);
  // Width: the last column that has a header or any value.
  let width = 0;
  for (const r of rows) for (let c = r.length - 1; c >= width; c--) if ((r[c] ?? '').trim() !== '') { width = c + 1; break; }
  const header = rows[0]!;
  const lineOf = (i: number): number => start + i + 1;
  const columns: string[] = [];
  const seen = new Map<string, number>();
  for (let c = 0; c < width; c++) {
    const name = (header[c] ?? '').trim();
    if (name === '') {
      const row = rows.findIndex((r, i) => i > 0 && (r[c] ?? '').trim() !== '');
      return err(SHEETS_ERRORS.INVALID, `${file}: column ${columnLetter(c)} has values (row ${lineOf(row)}) but no header; write a column name in row ${lineOf(0)}, or delete the column.`);
    }
    const k = headerKey(name);
    const prev = seen.get(k);
    if (prev !== undefined)
      return err(SHEETS_ERRORS.INVALID, `${file}: columns ${columnLetter(prev)} and ${columnLetter(c)} are both named "${name}"; rename one of them so every column has its own name.`);
    seen.set(k, c);
    columns.push(name);
  }
  if (columns.length > PROJECT_LIMITS.columns)
    return err(SHEETS_ERRORS.TOO_LARGE, `${file} has ${columns.length} columns, over the limit of ${PROJECT_LIMITS.columns}; remove the columns the cards do not use.`);
  if (rows.length - 1 > PROJECT_LIMITS.rows)
    return err(SHEETS_ERRORS.TOO_LARGE, `${file} has ${rows.length - 1} rows, over the limit of ${PROJECT_LIMITS.rows} cards; split the cards into several projects.`);
  const out: string[][] = [];
  for (let i = 1; i < rows.length; i++) {
    const r = rows[i]!;
    const cells: string[] = [];
    for (let c = 0; c < width; c++) {
      const v = r[c] ?? '';
      if (v.length > PROJECT_LIMITS.cellChars)
        return err(SHEETS_ERRORS.TOO_LARGE, `${file}: the cell in row ${lineOf(i)}, column "${columns[c]}" has ${v.length} characters, over the limit of ${PROJECT_LIMITS.cellChars}; shorten it.`);
      cells.push(v);
    }
    out.push(cells);
  }
  return ok({ columns, rows: out });
}
