/**
 * The clipboard format of spreadsheets: tab-separated values as Excel, LibreOffice Calc and Google
 * Sheets write and read them. A cell holding a tab, a line break or a double quote is wrapped in
 * quotes with inner quotes doubled; rows end with `\r\n`.
 */

/** Whether a cell must be quoted on the clipboard. */
function needsQuotes(cell: string): boolean {
  return /[\t\r\n"]/.test(cell);
}

/**
 * A rectangle of cells as TSV text, rows joined by `\r\n`, with no trailing line break (so a single
 * copied cell pastes into a text field as just its text; spreadsheets read it either way).
 * @example toTsv([['a', 'b\tc']]) // 'a\t"b\tc"'
 */
export function toTsv(cells: readonly (readonly string[])[]): string {
  return cells.map((row) => row.map((c) => (needsQuotes(c) ? `"${c.replace(/"/g, '""')}"` : c)).join('\t')).join('\r\n');
}

/**
 * Parse pasted TSV into rows of cells. Accepts `\r\n`, `\n` or `\r` line ends, quoted cells with
 * tabs, line breaks and doubled quotes inside, a trailing line break (ignored) and rows of
 * different lengths (returned as they are; `padRows` evens them). A quote that does not start a
 * cell is kept as text, as spreadsheets do.
 * @example parseTsv('a\t"b\nc"\r\n1\t2\r\n') // [['a', 'b\nc'], ['1', '2']]
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  const n = text.length;
  if (n === 0) return [];
  let atCellStart = true;
  while (i < n) {
    const ch = text[i];
    if (atCellStart && ch === '"') {
      // A quoted cell, if a closing quote followed by a tab, line end or the end exists.
      let j = i + 1;
      let value = '';
      let closed = false;
      while (j < n) {
        if (text[j] === '"') {
          if (text[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          closed = true;
          j++;
          break;
        }
        value += text[j++];
      }
      if (closed && (j === n || text[j] === '\t' || text[j] === '\n' || text[j] === '\r')) {
        cell = value;
        i = j;
        atCellStart = false;
        continue;
      }
      // Not a well-formed quoted cell: read the quote as text.
    }
    atCellStart = false;
    if (ch === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
      i++;
    } else if (ch === '\r' || ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      cell += ch;
      i++;
    }
  }
  // The last row, unless the text ended with a line break.
  if (!atCellStart || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Rows padded with empty cells to the widest row. */
export function padRows(rows: readonly (readonly string[])[]): string[][] {
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  return rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
}
