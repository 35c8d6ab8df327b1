/**
 * Edits of a card table as plain JSON values. `applyCommand(table, command)` returns the new table
 * and the command that undoes it exactly, so a history only stores pairs of commands and a saved
 * session can replay them. Commands never mutate their input table.
 *
 * User intents (`fillDown`, `replaceAll`, `sortFile`, `duplicateRows`) undo through primitive
 * commands (`setCells`, `patch`, `reorderRows`, `deleteRows`).
 */
import { err, ok, type Result } from '../../util/result';
import { blankRow, fileLine, normalizeRange, type CardTable, type CellRange } from './table';
import { sortOrder, type SortDirection } from './view';

/** Options of find and replace. */
export interface FindOptions {
  /** The text to find; must not be empty. */
  find: string;
  /** Only this column (index); all columns when absent. */
  column?: number;
  /** Upper and lower case must match (default false). */
  matchCase?: boolean;
  /** The whole cell must equal `find`, rather than contain it (default false). */
  wholeCell?: boolean;
  /** Only these rows (indices, e.g. the rows a filter shows); all rows when absent. */
  rows?: readonly number[];
}

/** One cell's new value. */
export interface CellPatch {
  row: number;
  col: number;
  value: string;
}

/** Every edit of a card table. Indices are file indices (row 0 is the first card, under the header). */
export type TableCommand =
  /** Write a rectangle of values with its top-left corner at (row, col); it must fit in the table. */
  | { kind: 'setCells'; row: number; col: number; values: string[][] }
  /** Write scattered cells. */
  | { kind: 'patch'; cells: CellPatch[] }
  /** Insert rows (padded or cut to the table's width) so the first lands at index `at`. */
  | { kind: 'insertRows'; at: number; rows: string[][] }
  /** Put rows back at the given final indices (ascending); the inverse of `deleteRows`. */
  | { kind: 'restoreRows'; entries: { index: number; row: string[] }[] }
  /** Delete rows by index (any order; duplicates ignored). */
  | { kind: 'deleteRows'; indices: number[] }
  /** Copy rows (in file order) and insert the copies right after the last of them. */
  | { kind: 'duplicateRows'; indices: number[] }
  /** Move `count` rows starting at `from` so that the first of them lands at index `to`. */
  | { kind: 'moveRows'; from: number; count: number; to: number }
  /** Rearrange rows: new row i is old row `order[i]` (a permutation). */
  | { kind: 'reorderRows'; order: number[] }
  /** Add a column at index `at`, with the given values (blank when absent). */
  | { kind: 'addColumn'; at: number; name: string; values?: string[] }
  | { kind: 'renameColumn'; at: number; name: string }
  | { kind: 'deleteColumn'; at: number }
  /** Move a column so it lands at index `to`. */
  | { kind: 'moveColumn'; from: number; to: number }
  /** Copy the first row of the range into the rows below it, within the range's columns. */
  | { kind: 'fillDown'; range: CellRange }
  /** Replace text everywhere it is found (see `FindOptions`). */
  | ({ kind: 'replaceAll'; replace: string } & FindOptions)
  /** Sort the rows in the file itself (not just the view) by a column. */
  | { kind: 'sortFile'; column: number; direction: SortDirection }
  /** Several commands as one step; applied in order, undone in reverse. */
  | { kind: 'batch'; commands: TableCommand[] }
  /**
   * Put a whole new table in place (an import applied): every column named, no name twice; rows
   * padded or cut to the header's width. Its inverse puts the old table back.
   */
  | { kind: 'replaceTable'; table: CardTable }
  /**
   * An edit of something beside the table (project settings, column types) kept in the same
   * history: the table stays as it is; the owner applies `set` when it sees the command. Its
   * inverse swaps `set` and `was`, so `was` must hold the old value of every key of `set`.
   */
  | { kind: 'meta'; set: Record<string, unknown>; was: Record<string, unknown> };

/** The result of applying a command: the new table and the command that restores the old one. */
export interface Applied {
  table: CardTable;
  inverse: TableCommand;
}

type Rows = string[][];

function outOfRange(what: string, fix: string): Result<never> {
  return err('table/out-of-range', `${what} is outside the table. ${fix}`);
}

function checkRow(table: CardTable, row: number, allowEnd = false): boolean {
  return Number.isInteger(row) && row >= 0 && (allowEnd ? row <= table.rows.length : row < table.rows.length);
}
function checkCol(table: CardTable, col: number, allowEnd = false): boolean {
  return Number.isInteger(col) && col >= 0 && (allowEnd ? col <= table.columns.length : col < table.columns.length);
}

function fit(row: readonly string[], width: number): string[] {
  if (row.length === width) return [...row];
  return Array.from({ length: width }, (_, i) => row[i] ?? '');
}

function checkColumnName(columns: readonly string[], name: string, except = -1): Result<string> {
  const trimmed = name.trim();
  if (trimmed === '') return err('table/column-name', 'A column needs a name. Type a name such as "title".');
  if (/[\r\n]/.test(trimmed)) return err('table/column-name', `The column name "${trimmed}" has a line break. Use one line.`);
  const clash = columns.findIndex((c, i) => c === trimmed && i !== except);
  if (clash >= 0) return err('table/column-name', `There is already a column "${trimmed}" (column ${clash + 1}). Choose another name.`);
  return ok(trimmed);
}

/** Escape a string for use in a RegExp. */
function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where `opts.find` occurs: every matching cell, in file order (row, then column). */
export function findMatches(table: CardTable, opts: FindOptions): { row: number; col: number }[] {
  if (opts.find === '') return [];
  const out: { row: number; col: number }[] = [];
  const rows = opts.rows ?? table.rows.map((_, i) => i);
  const needle = opts.matchCase ? opts.find : opts.find.toLocaleLowerCase();
  for (const y of rows) {
    const row = table.rows[y];
    if (!row) continue;
    for (let x = 0; x < row.length; x++) {
      if (opts.column !== undefined && x !== opts.column) continue;
      const cell = opts.matchCase ? row[x] : row[x].toLocaleLowerCase();
      if (opts.wholeCell ? cell === needle : cell.includes(needle)) out.push({ row: y, col: x });
    }
  }
  return out;
}

/** The text of a cell after replacing `find` in it (whole cell or every occurrence). */
export function replaceInCell(cell: string, opts: FindOptions & { replace: string }): string {
  if (opts.wholeCell) return opts.replace;
  const re = new RegExp(escapeRegExp(opts.find), opts.matchCase ? 'g' : 'gi');
  return cell.replace(re, () => opts.replace);
}

function withPatch(table: CardTable, cells: readonly CellPatch[]): Result<Applied> {
  const rows: Rows = table.rows as Rows;
  const copy = rows.slice();
  const touched = new Set<number>();
  const old: CellPatch[] = [];
  for (const c of cells) {
    if (!checkRow(table, c.row) || !checkCol(table, c.col)) {
      return outOfRange(`Cell at line ${fileLine(c.row)}, column ${c.col + 1}`, 'Add rows or columns first.');
    }
    if (!touched.has(c.row)) {
      copy[c.row] = copy[c.row].slice();
      touched.add(c.row);
    }
    old.push({ row: c.row, col: c.col, value: copy[c.row][c.col] });
    copy[c.row][c.col] = c.value;
  }
  // Undo restores in reverse so a cell written twice ends at its first old value.
  return ok({ table: { columns: table.columns, rows: copy }, inverse: { kind: 'patch', cells: old.reverse() } });
}

function applySetCells(table: CardTable, row: number, col: number, values: string[][]): Result<Applied> {
  const height = values.length;
  const width = values.reduce((w, v) => Math.max(w, v.length), 0);
  if (height === 0 || width === 0) return ok({ table, inverse: { kind: 'setCells', row, col, values: [] } });
  if (!checkRow(table, row) || !checkRow(table, row + height - 1) || !checkCol(table, col) || !checkCol(table, col + width - 1)) {
    return outOfRange(
      `A block of ${height}×${width} cells at line ${fileLine(row)}, column ${col + 1}`,
      'Add rows or columns first (pasting in the grid does this for you).',
    );
  }
  const copy = (table.rows as Rows).slice();
  const old: string[][] = [];
  for (let y = 0; y < height; y++) {
    const r = copy[row + y].slice();
    const line: string[] = [];
    for (let x = 0; x < width; x++) {
      line.push(r[col + x]);
      const v = values[y][x];
      if (v !== undefined) r[col + x] = v;
      else line[x] = r[col + x];
    }
    copy[row + y] = r;
    old.push(line);
  }
  return ok({ table: { columns: table.columns, rows: copy }, inverse: { kind: 'setCells', row, col, values: old } });
}

function uniqueSorted(indices: readonly number[]): number[] {
  return [...new Set(indices)].sort((a, b) => a - b);
}

function applyDeleteRows(table: CardTable, indices: number[]): Result<Applied> {
  const sorted = uniqueSorted(indices);
  for (const i of sorted) if (!checkRow(table, i)) return outOfRange(`Row at line ${fileLine(i)}`, 'Select rows that exist.');
  const drop = new Set(sorted);
  const entries = sorted.map((index) => ({ index, row: [...table.rows[index]] }));
  return ok({
    table: { columns: table.columns, rows: table.rows.filter((_, i) => !drop.has(i)) },
    inverse: { kind: 'restoreRows', entries },
  });
}

function applyRestoreRows(table: CardTable, entries: { index: number; row: string[] }[]): Result<Applied> {
  const sorted = [...entries].sort((a, b) => a.index - b.index);
  const total = table.rows.length + sorted.length;
  const out: Rows = [];
  let src = 0;
  let e = 0;
  for (let i = 0; i < total; i++) {
    if (e < sorted.length && sorted[e].index === i) {
      out.push(fit(sorted[e].row, table.columns.length));
      e++;
    } else {
      if (src >= table.rows.length) return outOfRange(`Row index ${sorted[e]?.index}`, 'Restore rows at indices that exist.');
      out.push(table.rows[src++] as string[]);
    }
  }
  if (e < sorted.length) return outOfRange(`Row index ${sorted[e].index}`, 'Restore rows at indices that exist.');
  return ok({ table: { columns: table.columns, rows: out }, inverse: { kind: 'deleteRows', indices: sorted.map((s) => s.index) } });
}

function isPermutation(order: readonly number[], n: number): boolean {
  if (order.length !== n) return false;
  const seen = new Uint8Array(n);
  for (const i of order) {
    if (!Number.isInteger(i) || i < 0 || i >= n || seen[i]) return false;
    seen[i] = 1;
  }
  return true;
}

function applyReorder(table: CardTable, order: number[]): Result<Applied> {
  if (!isPermutation(order, table.rows.length)) {
    return err('table/bad-order', `A row order must list each of the ${table.rows.length} rows exactly once. Reload the data and try again.`);
  }
  const inverse = new Array<number>(order.length);
  order.forEach((old, i) => (inverse[old] = i));
  return ok({ table: { columns: table.columns, rows: order.map((i) => table.rows[i]) }, inverse: { kind: 'reorderRows', order: inverse } });
}

function moveItem<T>(list: readonly T[], from: number, count: number, to: number): T[] {
  const copy = list.slice();
  const block = copy.splice(from, count);
  copy.splice(to, 0, ...block);
  return copy;
}

/**
 * Apply one command. Fails (and leaves nothing changed) when an index is outside the table or a
 * column name is empty or taken; the message says which and how to fix it.
 */
export function applyCommand(table: CardTable, command: TableCommand): Result<Applied> {
  const width = table.columns.length;
  switch (command.kind) {
    case 'setCells':
      return applySetCells(table, command.row, command.col, command.values);
    case 'patch':
      return withPatch(table, command.cells);
    case 'insertRows': {
      if (!checkRow(table, command.at, true)) return outOfRange(`Insert position line ${fileLine(command.at)}`, 'Insert inside the table or at its end.');
      const rows = table.rows.slice() as Rows;
      rows.splice(command.at, 0, ...command.rows.map((r) => fit(r, width)));
      return ok({
        table: { columns: table.columns, rows },
        inverse: { kind: 'deleteRows', indices: command.rows.map((_, i) => command.at + i) },
      });
    }
    case 'restoreRows':
      return applyRestoreRows(table, command.entries);
    case 'deleteRows':
      return applyDeleteRows(table, command.indices);
    case 'duplicateRows': {
      const sorted = uniqueSorted(command.indices);
      if (sorted.length === 0) return ok({ table, inverse: { kind: 'deleteRows', indices: [] } });
      for (const i of sorted) if (!checkRow(table, i)) return outOfRange(`Row at line ${fileLine(i)}`, 'Select rows that exist.');
      const at = sorted[sorted.length - 1] + 1;
      return applyCommand(table, { kind: 'insertRows', at, rows: sorted.map((i) => [...table.rows[i]]) });
    }
    case 'moveRows': {
      const { from, count, to } = command;
      if (!Number.isInteger(count) || count < 1 || !checkRow(table, from) || !checkRow(table, from + count - 1) || !checkRow(table, to) || to + count > table.rows.length) {
        return outOfRange(`Moving ${count} row(s) from line ${fileLine(from)} to line ${fileLine(to)}`, 'Move rows within the table.');
      }
      return ok({
        table: { columns: table.columns, rows: moveItem(table.rows, from, count, to) },
        inverse: { kind: 'moveRows', from: to, count, to: from },
      });
    }
    case 'reorderRows':
      return applyReorder(table, command.order);
    case 'addColumn': {
      if (!checkCol(table, command.at, true)) return outOfRange(`Column position ${command.at + 1}`, 'Add the column inside the table or at its end.');
      const name = checkColumnName(table.columns, command.name);
      if (!name.ok) return name;
      const columns = table.columns.slice();
      columns.splice(command.at, 0, name.value);
      const rows = table.rows.map((r, i) => {
        const copy = r.slice();
        copy.splice(command.at, 0, command.values?.[i] ?? '');
        return copy;
      });
      return ok({ table: { columns, rows }, inverse: { kind: 'deleteColumn', at: command.at } });
    }
    case 'renameColumn': {
      if (!checkCol(table, command.at)) return outOfRange(`Column ${command.at + 1}`, 'Rename a column that exists.');
      const name = checkColumnName(table.columns, command.name, command.at);
      if (!name.ok) return name;
      const columns = table.columns.slice();
      const old = columns[command.at];
      columns[command.at] = name.value;
      return ok({ table: { columns, rows: table.rows }, inverse: { kind: 'renameColumn', at: command.at, name: old } });
    }
    case 'deleteColumn': {
      if (!checkCol(table, command.at)) return outOfRange(`Column ${command.at + 1}`, 'Delete a column that exists.');
      const at = command.at;
      return ok({
        table: { columns: table.columns.filter((_, i) => i !== at), rows: table.rows.map((r) => r.filter((_, i) => i !== at)) },
        inverse: { kind: 'addColumn', at, name: table.columns[at], values: table.rows.map((r) => r[at]) },
      });
    }
    case 'moveColumn': {
      const { from, to } = command;
      if (!checkCol(table, from) || !checkCol(table, to)) return outOfRange(`Moving column ${from + 1} to ${to + 1}`, 'Move columns within the table.');
      return ok({
        table: { columns: moveItem(table.columns, from, 1, to), rows: table.rows.map((r) => moveItem(r, from, 1, to)) },
        inverse: { kind: 'moveColumn', from: to, to: from },
      });
    }
    case 'fillDown': {
      const r = normalizeRange(command.range);
      if (!checkRow(table, r.top) || !checkRow(table, r.bottom) || !checkCol(table, r.left) || !checkCol(table, r.right)) {
        return outOfRange(`The selection at line ${fileLine(r.top)}`, 'Select cells inside the table.');
      }
      const source = table.rows[r.top].slice(r.left, r.right + 1);
      const values = Array.from({ length: r.bottom - r.top }, () => [...source]);
      return applySetCells(table, r.top + 1, r.left, values);
    }
    case 'replaceAll': {
      if (command.find === '') return err('table/find-empty', 'Type the text to find before replacing.');
      if (command.column !== undefined && !checkCol(table, command.column)) return outOfRange(`Column ${command.column + 1}`, 'Choose a column that exists.');
      const cells = findMatches(table, command).map(({ row, col }) => ({ row, col, value: replaceInCell(table.rows[row][col], command) }));
      return withPatch(table, cells);
    }
    case 'sortFile': {
      if (!checkCol(table, command.column)) return outOfRange(`Column ${command.column + 1}`, 'Sort by a column that exists.');
      return applyReorder(table, sortOrder(table, command.column, command.direction));
    }
    case 'batch': {
      let current = table;
      const inverses: TableCommand[] = [];
      for (const c of command.commands) {
        const r = applyCommand(current, c);
        if (!r.ok) return r;
        current = r.value.table;
        inverses.push(r.value.inverse);
      }
      return ok({ table: current, inverse: { kind: 'batch', commands: inverses.reverse() } });
    }
    case 'meta':
      return ok({ table, inverse: { kind: 'meta', set: command.was, was: command.set } });
    case 'replaceTable': {
      const columns: string[] = [];
      for (const c of command.table.columns) {
        const name = checkColumnName(columns, c);
        if (!name.ok) return name;
        columns.push(name.value);
      }
      const rows = command.table.rows.map((r) => fit(r, columns.length));
      return ok({ table: { columns, rows }, inverse: { kind: 'replaceTable', table } });
    }
  }
}

/**
 * The `meta` commands inside a command (itself, or the members of a batch, in order), so an owner
 * can apply their `set` when the grid reports the command.
 */
export function metaParts(command: TableCommand): { set: Record<string, unknown>; was: Record<string, unknown> }[] {
  if (command.kind === 'meta') return [{ set: command.set, was: command.was }];
  if (command.kind !== 'batch') return [];
  const out: { set: Record<string, unknown>; was: Record<string, unknown> }[] = [];
  for (const c of command.commands) for (const m of metaParts(c)) out.push(m);
  return out;
}

/** Rows to append so that a block of `height` rows starting at `row` fits: blank rows of the table's width. */
export function growRows(table: CardTable, row: number, height: number): TableCommand | undefined {
  const missing = row + height - table.rows.length;
  if (missing <= 0) return undefined;
  return { kind: 'insertRows', at: table.rows.length, rows: Array.from({ length: missing }, () => blankRow(table.columns.length)) };
}
