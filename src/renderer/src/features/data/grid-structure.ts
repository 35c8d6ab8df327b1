/**
 * The data grid's rows and columns: insert, append, delete, duplicate and move rows (in the file,
 * next to the selection), and add, rename, delete and move columns, keeping the view's sort,
 * filters and find column on the renamed or deleted column.
 */
import { blankRow } from '../../../../shared/cards/table';
import type { GridState } from './grid.svelte';

// ---- rows ----------------------------------------------------------------------------------

/** Insert blank rows above or below the selection (as many as are selected), in the file next to it. */
export function insertRows(grid: GridState, where: 'above' | 'below', count: number): boolean {
  const files = grid.selectedFileRows();
  const at = files.length === 0 ? grid.table.rows.length : where === 'above' ? Math.min(...files) : Math.max(...files) + 1;
  const ok = grid.run({ kind: 'insertRows', at, rows: Array.from({ length: Math.max(1, count) }, () => blankRow(grid.colCount)) });
  if (ok) selectFileRow(grid, at);
  return ok;
}

/** Add a blank row at the end of the file and select its first cell. */
export function appendRow(grid: GridState): boolean {
  const at = grid.table.rows.length;
  const ok = grid.run({ kind: 'insertRows', at, rows: [blankRow(grid.colCount)] });
  if (ok) selectFileRow(grid, at, 0);
  return ok;
}

function selectFileRow(grid: GridState, file: number, col = grid.focus.col): void {
  const at = grid.order.indexOf(file);
  if (at >= 0) grid.select(at, col);
}

/** Delete the selected rows from the file. */
export function deleteRows(grid: GridState): boolean {
  const files = grid.selectedFileRows();
  if (files.length === 0) return false;
  const top = grid.selection.top;
  const ok = grid.run({ kind: 'deleteRows', indices: files });
  if (ok) grid.select(top, grid.focus.col);
  return ok;
}

/** Copy the selected rows in below the last of them and select the copies. */
export function duplicateRows(grid: GridState): boolean {
  const files = grid.selectedFileRows();
  if (files.length === 0) return false;
  const ok = grid.run({ kind: 'duplicateRows', indices: files });
  if (ok) {
    const first = Math.max(...files) + 1;
    const a = grid.order.indexOf(first);
    const b = grid.order.indexOf(first + files.length - 1);
    if (a >= 0 && b >= 0) {
      grid.anchor = { row: a, col: 0 };
      grid.focus = { row: b, col: grid.colCount - 1 };
    }
  }
  return ok;
}

/** Move the selected rows one up or down in the file. Only in file order (no sort or filter). */
export function moveRows(grid: GridState, delta: -1 | 1): boolean {
  if (!grid.isFileOrder) {
    grid.error = { code: 'table/view-order', message: 'Rows can only be moved while the grid shows file order. Clear the sort and filters first.' };
    return false;
  }
  const s = grid.selection;
  const count = s.bottom - s.top + 1;
  const to = s.top + delta;
  if (to < 0 || to + count > grid.rowCount) return false;
  const ok = grid.run({ kind: 'moveRows', from: s.top, count, to });
  if (ok) {
    grid.anchor = { ...grid.anchor, row: grid.anchor.row + delta };
    grid.focus = { ...grid.focus, row: grid.focus.row + delta };
  }
  return ok;
}

// ---- columns -------------------------------------------------------------------------------

/** Add a column at `at` and move the focus to it. */
export function addColumn(grid: GridState, at: number, name: string): boolean {
  const ok = grid.run({ kind: 'addColumn', at, name });
  if (ok && grid.rowCount > 0) grid.select(grid.focus.row, at);
  return ok;
}

/** Rename a column; the view's sort, filters and find column follow the new name. */
export function renameColumn(grid: GridState, col: number, name: string): boolean {
  const old = grid.table.columns[col];
  if (old === undefined || old === name.trim()) return false;
  const ok = grid.run({ kind: 'renameColumn', at: col, name });
  if (ok) {
    const now = grid.table.columns[col];
    if (grid.sort?.column === old) grid.sort = { ...grid.sort, column: now };
    grid.filters = grid.filters.map((f) => (f.column === old ? { ...f, column: now } : f));
    if (grid.findColumn === old) grid.findColumn = now;
  }
  return ok;
}

/** Delete a column, dropping the sort, filter and find column that named it. */
export function deleteColumn(grid: GridState, col: number): boolean {
  const name = grid.table.columns[col];
  const ok = grid.run({ kind: 'deleteColumn', at: col });
  if (ok) {
    if (grid.sort?.column === name) grid.sort = undefined;
    grid.filters = grid.filters.filter((f) => f.column !== name);
    if (grid.findColumn === name) grid.findColumn = undefined;
  }
  return ok;
}

/** Move a column to another index; the focus follows it. */
export function moveColumn(grid: GridState, from: number, to: number): boolean {
  if (from === to) return false;
  const ok = grid.run({ kind: 'moveColumn', from, to });
  if (ok && grid.focus.col === from) grid.select(grid.focus.row, to);
  return ok;
}
