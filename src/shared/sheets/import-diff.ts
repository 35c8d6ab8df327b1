import { err, ok, type Result } from '../util/result';

/**
 * Comparing and merging two sheets of card data for an import: pure, so main (the CLI, the
 * preview channel) and the renderer (the import dialog, which recomputes the diff at once when
 * the key column changes) share one implementation.
 */

/** A sheet of card data as text: header and rows, every row `columns.length` cells long. */
export interface Table {
  columns: string[];
  rows: string[][];
}

/** The error code of two rows sharing one key (an import cannot tell which is meant). */
export const DUPLICATE_ID = 'sheets/duplicate-id';

/** A header name for matching: case-insensitive, spaces ignored ("Card ID" matches "cardid"). */
export const headerKey = (h: string): string => h.normalize('NFC').replace(/\s+/g, '').toLowerCase();

/** One cell an import changes. */
export interface CellChange {
  /** The column as the current table names it. */
  column: string;
  old: string;
  new: string;
}

/**
 * What importing `incoming` over `current` does. Columns are matched by header (case and spaces
 * ignored), rows by the key column (`id`) when both tables have it, else by position.
 */
export interface TableDiff {
  /** The key column's index in each table, or null when rows are matched by position. */
  key: { current: number; incoming: number } | null;
  /** For each incoming column, the index of the matching current column, or -1 (a new column). */
  columnMap: number[];
  columnsAdded: string[];
  columnsRemoved: string[];
  /** Incoming rows with no matching current row, by index into `incoming.rows`. */
  rowsAdded: { incomingRow: number; id: string }[];
  /** Matched rows with at least one different cell (in a column both tables have). */
  rowsChanged: { currentRow: number; incomingRow: number; id: string; cells: CellChange[] }[];
  /** Current rows that the incoming table does not have, by index into `current.rows`. */
  rowsRemoved: { currentRow: number; id: string }[];
  /** Matched rows with no change. */
  unchanged: number;
}

/** Row index → key value, refusing two rows with one id. Empty ids are left out. */
function indexById(t: Table, col: number, which: 'current' | 'imported'): Result<Map<string, number>> {
  const map = new Map<string, number>();
  for (let r = 0; r < t.rows.length; r++) {
    const id = (t.rows[r]![col] ?? '').trim();
    if (id === '') continue;
    const prev = map.get(id);
    if (prev !== undefined)
      return err(DUPLICATE_ID, `Rows ${prev + 2} and ${r + 2} of the ${which} table both have ${t.columns[col]} "${id}"; give every row its own ${t.columns[col]} before importing.`, {
        which,
        column: t.columns[col],
        id,
        lines: [prev + 2, r + 2],
      });
    map.set(id, r);
  }
  return ok(map);
}

/**
 * Compare two tables for an import preview: rows added, changed (which cells, old → new) and
 * removed, columns added and removed. Rows are matched by `opts.key` (default "id") when both
 * tables have that column — an incoming row with an empty id is a new row — and by position
 * otherwise (or when `opts.key` is null). Fails when a table has the same id twice (code
 * `sheets/duplicate-id`, details `{ which, column, id, lines }`).
 * @example diffTables(current, incoming, { key: 'id' })
 */
export function diffTables(current: Table, incoming: Table, opts: { key?: string | null } = {}): Result<TableDiff> {
  const byHeader = new Map(current.columns.map((c, i) => [headerKey(c), i]));
  const columnMap = incoming.columns.map((c) => byHeader.get(headerKey(c)) ?? -1);
  const matched = new Set(columnMap.filter((i) => i >= 0));
  const columnsAdded = incoming.columns.filter((_, i) => columnMap[i] === -1);
  const columnsRemoved = current.columns.filter((_, i) => !matched.has(i));

  const keyName = opts.key === null ? null : headerKey(opts.key ?? 'id');
  const kc = keyName === null ? -1 : current.columns.findIndex((c) => headerKey(c) === keyName);
  const ki = keyName === null ? -1 : incoming.columns.findIndex((c) => headerKey(c) === keyName);
  const key = kc >= 0 && ki >= 0 ? { current: kc, incoming: ki } : null;
  const idOf = (t: Table, r: number, col: number | undefined): string => (col === undefined ? '' : (t.rows[r]![col] ?? '').trim());

  // pairs[incomingRow] = currentRow or -1
  const pairs: number[] = new Array(incoming.rows.length).fill(-1);
  if (key) {
    const cur = indexById(current, key.current, 'current');
    if (!cur.ok) return cur;
    const inc = indexById(incoming, key.incoming, 'imported');
    if (!inc.ok) return inc;
    for (const [id, r] of inc.value) pairs[r] = cur.value.get(id) ?? -1;
  } else {
    for (let r = 0; r < incoming.rows.length && r < current.rows.length; r++) pairs[r] = r;
  }

  const diff: TableDiff = { key, columnMap, columnsAdded, columnsRemoved, rowsAdded: [], rowsChanged: [], rowsRemoved: [], unchanged: 0 };
  const taken = new Set<number>();
  for (let r = 0; r < incoming.rows.length; r++) {
    const c = pairs[r]!;
    const id = idOf(incoming, r, key?.incoming);
    if (c < 0) {
      diff.rowsAdded.push({ incomingRow: r, id });
      continue;
    }
    taken.add(c);
    const cells: CellChange[] = [];
    columnMap.forEach((cc, ic) => {
      // A new column's value on an existing row is a change of that row too (from empty).
      if (cc < 0) {
        const n = incoming.rows[r]![ic] ?? '';
        if (n !== '') cells.push({ column: incoming.columns[ic]!, old: '', new: n });
        return;
      }
      const o = current.rows[c]![cc] ?? '';
      const n = incoming.rows[r]![ic] ?? '';
      if (o !== n) cells.push({ column: current.columns[cc]!, old: o, new: n });
    });
    if (cells.length) diff.rowsChanged.push({ currentRow: c, incomingRow: r, id: idOf(current, c, key?.current), cells });
    else diff.unchanged++;
  }
  for (let c = 0; c < current.rows.length; c++) if (!taken.has(c)) diff.rowsRemoved.push({ currentRow: c, id: idOf(current, c, key?.current) });
  return ok(diff);
}

/**
 * The table after an import: current rows keep their order and take the incoming values of the
 * columns both have, new columns are appended (values from the incoming rows, "" elsewhere) and
 * new rows appended in the incoming order. With `removeMissing`, rows and columns the incoming
 * table does not have are dropped; without it they stay as they are. `diff` must come from
 * `diffTables(current, incoming)`.
 */
export function applyImport(current: Table, incoming: Table, diff: TableDiff, opts: { removeMissing: boolean }): Table {
  const removedCols = new Set(diff.columnsRemoved.map(headerKey));
  const keepCols = current.columns.map((c, i) => ({ c, i })).filter(({ c }) => !(opts.removeMissing && removedCols.has(headerKey(c))));
  const addedCols = diff.columnMap.map((cc, ic) => ({ cc, ic })).filter(({ cc }) => cc < 0);
  const columns = [...keepCols.map(({ c }) => c), ...addedCols.map(({ ic }) => incoming.columns[ic]!)];
  // current column index → incoming column index
  const fromIncoming = new Map<number, number>();
  diff.columnMap.forEach((cc, ic) => cc >= 0 && fromIncoming.set(cc, ic));

  // The incoming row an unchanged current row was matched with (by id, else by position).
  let byId: Map<string, number> | undefined;
  const unchangedPartner = (c: number): string[] | undefined => {
    const k = diff.key;
    if (!k) return incoming.rows[c];
    byId ??= new Map(incoming.rows.map((r, i) => [(r[k.incoming] ?? '').trim(), i]));
    const i = byId.get((current.rows[c]![k.current] ?? '').trim());
    return i === undefined ? undefined : incoming.rows[i];
  };
  const pairOf = new Map<number, number>(); // current row → incoming row
  for (const ch of diff.rowsChanged) pairOf.set(ch.currentRow, ch.incomingRow);
  const removed = new Set(diff.rowsRemoved.map((r) => r.currentRow));
  const rows: string[][] = [];
  for (let c = 0; c < current.rows.length; c++) {
    if (removed.has(c) && opts.removeMissing) continue;
    const src = current.rows[c]!;
    const inc = pairOf.get(c);
    // Unchanged matched rows need the incoming row too, for the values of new columns.
    const incRow = inc !== undefined ? incoming.rows[inc] : removed.has(c) ? undefined : unchangedPartner(c);
    const row = keepCols.map(({ i }) => {
      const ic = fromIncoming.get(i);
      return incRow && ic !== undefined ? (incRow[ic] ?? '') : (src[i] ?? '');
    });
    for (const { ic } of addedCols) row.push(incRow ? (incRow[ic] ?? '') : '');
    rows.push(row);
  }
  for (const { incomingRow } of diff.rowsAdded) {
    const inc = incoming.rows[incomingRow]!;
    const row = keepCols.map(({ i }) => {
      const ic = fromIncoming.get(i);
      return ic !== undefined ? (inc[ic] ?? '') : '';
    });
    for (const { ic } of addedCols) row.push(inc[ic] ?? '');
    rows.push(row);
  }
  return { columns, rows };
}
