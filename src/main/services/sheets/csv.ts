import Papa from 'papaparse';
import { decodeProjectText, ProjectReadError } from '../safe-read';
import { err, type Result } from '../../../shared/util/result';
import { normalizeTable, SHEETS_ERRORS, type Table } from './table';

/**
 * What a text that is not UTF-8 most likely is, for the message: `utf-16` (Excel's "Unicode
 * text", by its byte-order mark or the NUL byte beside every ASCII character) or `legacy` (GBK,
 * Big5, Shift-JIS, Windows-1252: Excel's plain "CSV" in many locales).
 */
export function textEncoding(bytes: Uint8Array): 'utf-16' | 'legacy' {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return 'utf-16';
  const head = bytes.subarray(0, 4096);
  let nuls = 0;
  for (const b of head) if (b === 0) nuls++;
  return nuls * 10 >= head.length && nuls > 0 ? 'utf-16' : 'legacy';
}

/**
 * Read CSV bytes into a `Table`. The text must be UTF-8 (a byte-order mark is dropped); UTF-16,
 * GBK and other encodings are refused with a message naming `file` and telling to save it as
 * "CSV UTF-8" (the detection is the project reader's own, `decodeProjectText`; `details.encoding`
 * says which, see `textEncoding`). Blank lines are
 * skipped; see `normalizeTable` for the checks on the header and the sizes.
 * @example parseCsv('cards.csv', readFileSync('cards.csv'))
 */
export function parseCsv(file: string, bytes: Uint8Array): Result<Table> {
  let text: string;
  try {
    text = decodeProjectText(file, bytes);
  } catch (e) {
    if (e instanceof ProjectReadError) return err(SHEETS_ERRORS.ENCODING, e.message, { encoding: textEncoding(bytes) });
    throw e;
  }
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: 'greedy' });
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (broken)
    return err(SHEETS_ERRORS.INVALID, `${file}: a quoted cell starting in row ${(broken.row ?? 0) + 1} is never closed; add the missing " (a quote inside a cell is written "").`, { quoteRow: (broken.row ?? 0) + 1 });
  return normalizeTable(file, parsed.data);
}

/**
 * A table as CSV in the project's stable, diffable form: papaparse's quoting (only cells with a
 * comma, quote, newline or edge space are quoted), `\n` line ends, one row per line, a final
 * newline, no byte-order mark, columns in the table's order.
 */
export function tableToCsv(table: Table): string {
  if (table.columns.length === 0) return '';
  return `${Papa.unparse({ fields: table.columns, data: table.rows }, { newline: '\n', header: true })}\n`;
}

/**
 * A cell a spreadsheet would run as a formula when it opens a CSV (OWASP "CSV Injection"): one
 * starting with `=`, `+`, `-`, `@`, a tab or a carriage return — unless the whole cell is a plain
 * number (`-2`, `+3.5`, `-1e5`), which a spreadsheet reads as that number and nothing else, so
 * negative numbers stay numbers in every column. A cell that is already such a cell behind
 * apostrophes (`'=x`) gets one more, so reading the file back (`unescapeCell`) is exact.
 */
const FORMULA = /^(?![+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$)'*[=+\-@\t\r]/;

/**
 * A table as a CSV for other programs (the data export): `tableToCsv`'s form, with every cell
 * that a spreadsheet would run as a formula written as text, as OWASP recommends: a leading
 * apostrophe (which Excel, LibreOffice and Google Sheets take as "this is text" and hide) and
 * the cell quoted. `=cmd|' /C calc'!A0` is written `"'=cmd|' /C calc'!A0"`.
 */
export function exportCsv(table: Table): string {
  if (table.columns.length === 0) return '';
  return `${Papa.unparse({ fields: table.columns, data: table.rows }, { newline: '\n', header: true, escapeFormulae: FORMULA })}\n`;
}

/** A cell as `exportCsv` wrote it, back to what it was: one apostrophe less before a formula character. */
export function unescapeCell(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** A table read from a CSV file with `unescapeCell` applied to every name and cell. */
export function unescapeTable(table: Table): Table {
  return { ...table, columns: table.columns.map(unescapeCell), rows: table.rows.map((r) => r.map(unescapeCell)) };
}
