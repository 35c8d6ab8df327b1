/**
 * The card data as a spreadsheet: a header of column names and rows of string cells, in file
 * order. Pure values: every edit makes a new table (see `commands.ts`), rows that did not change
 * are shared between versions.
 */
export interface CardTable {
  /** Column names in file order; unique and non-empty. */
  readonly columns: readonly string[];
  /** Rows in file order; every row has exactly `columns.length` cells. */
  readonly rows: readonly (readonly string[])[];
}

/** A rectangle of cells, inclusive on all sides, in file coordinates (row and column indices). */
export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/**
 * A table whose rows are padded or cut to the header's width, as a ragged CSV or paste gives them.
 * @example makeTable(['id', 'name'], [['A']]).rows // [['A', '']]
 */
export function makeTable(columns: readonly string[], rows: readonly (readonly string[])[]): CardTable {
  const width = columns.length;
  return {
    columns: [...columns],
    rows: rows.map((r) => (r.length === width ? [...r] : Array.from({ length: width }, (_, i) => r[i] ?? ''))),
  };
}

/** An empty row of the table's width. */
export function blankRow(width: number): string[] {
  return Array.from({ length: width }, () => '');
}

/** A range with its corners in order (top ≤ bottom, left ≤ right). */
export function normalizeRange(r: CellRange): CellRange {
  return {
    top: Math.min(r.top, r.bottom),
    bottom: Math.max(r.top, r.bottom),
    left: Math.min(r.left, r.right),
    right: Math.max(r.left, r.right),
  };
}

/** The values of a range of the table, row by row. */
export function readRange(table: CardTable, range: CellRange): string[][] {
  const r = normalizeRange(range);
  const out: string[][] = [];
  for (let y = r.top; y <= r.bottom; y++) {
    const row = table.rows[y] ?? [];
    const line: string[] = [];
    for (let x = r.left; x <= r.right; x++) line.push(row[x] ?? '');
    out.push(line);
  }
  return out;
}

/** The 1-based line of a row in `cards.csv`, as editors and error messages count it (the header is line 1). */
export function fileLine(rowIndex: number): number {
  return rowIndex + 2;
}

/** A column name not yet used in the table: `base`, or `base_2`, `base_3`, … */
export function freshColumnName(columns: readonly string[], base = 'column'): string {
  if (!columns.includes(base)) return base;
  for (let i = 2; ; i++) {
    const name = `${base}_${i}`;
    if (!columns.includes(name)) return name;
  }
}

/**
 * Whether two tables hold the same header and cells. Cheap when they share rows (as versions made
 * by commands do); a full comparison otherwise, e.g. for a copy wrapped by a reactive proxy.
 */
export function sameTable(a: CardTable, b: CardTable): boolean {
  if (a === b) return true;
  if (a.columns.length !== b.columns.length || a.rows.length !== b.rows.length) return false;
  for (let i = 0; i < a.columns.length; i++) if (a.columns[i] !== b.columns[i]) return false;
  for (let y = 0; y < a.rows.length; y++) {
    const ra = a.rows[y];
    const rb = b.rows[y];
    if (ra === rb) continue;
    if (ra.length !== rb.length) return false;
    for (let x = 0; x < ra.length; x++) if (ra[x] !== rb[x]) return false;
  }
  return true;
}
