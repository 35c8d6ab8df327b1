/**
 * cards.csv read as a table: its header names and, per row, each column's cell. The result is
 * exactly what papaparse's header mode (`header: true`, greedy blank-line skipping) gives — the
 * same names (a BOM stripped from each, repeated names renamed `a_1`…), the same cells (a name
 * used twice reads the last of its columns the row reaches), the same errors in the same order —
 * without the object per row that mode builds: at 10,000 rows × 200 columns those objects (and
 * reading them by name) cost several times the parse itself.
 */
import Papa from 'papaparse';

/** Prefix of header keys in papaparse's header mode: a column named `__proto__` is then a key like any other. */
const COL = 'col:';

export interface CsvTable {
  /** The header names in file order (a name papaparse could not make unique appears twice). */
  headers: string[];
  /** Each header's slot in a row's cells, by name. */
  slot: ReadonlyMap<string, number>;
  /** The rows under the header, blank ones left out: a row's cell for `name` is `row[slot.get(name)]`, undefined when the row is too short. */
  rows: (string | undefined)[][];
  /** Quote errors (row counted from the header, blank lines included), then rows with too few or too many cells (counted in `rows`). */
  errors: Papa.ParseError[];
}

const blank = (row: readonly string[]): boolean => row.every((c) => c.trim() === '');

/** Read comma-separated `csv` (without a BOM) as header mode would. */
export function readCsvTable(csv: string): CsvTable {
  // Header mode's names, from papaparse itself: it reads the header row only (the first line,
  // even a blank one) and renames repeated names as the full parse would.
  const fields = Papa.parse(csv, { header: true, delimiter: ',', preview: 1, transformHeader: (h) => COL + h }).meta.fields ?? [];
  const headers = fields.map((f) => f.slice(COL.length));
  const slot = new Map<string, number>();
  for (const h of headers) if (!slot.has(h)) slot.set(h, slot.size);
  const parsed = Papa.parse<string[]>(csv, { delimiter: ',' });
  const errors = parsed.errors;
  const width = headers.length;
  // Header mode sets `row[name] = cell` column by column, so with a repeated name the last column a
  // row reaches wins. Without one, a row's cells are already in slot order.
  const repeated = slot.size !== width;
  const slots = headers.map((h) => slot.get(h)!);
  const rows: (string | undefined)[][] = [];
  for (let i = 1; i < parsed.data.length; i++) {
    const cells = parsed.data[i]!;
    if (blank(cells)) continue;
    if (cells.length !== width) {
      const [code, how] = cells.length > width ? (['TooManyFields', 'Too many'] as const) : (['TooFewFields', 'Too few'] as const);
      errors.push({ type: 'FieldMismatch', code, message: `${how} fields: expected ${width} fields but parsed ${cells.length}`, row: rows.length });
    }
    if (!repeated) rows.push(cells);
    else {
      const row = new Array<string | undefined>(slot.size);
      for (let j = 0; j < Math.min(width, cells.length); j++) row[slots[j]!] = cells[j];
      rows.push(row);
    }
  }
  return { headers, slot, rows, errors };
}
