/**
 * Edits of the selected cells of the data grid: clear, copy, cut, paste (spreadsheet style: a larger
 * block grows the table, a single value fills the selection) and fill down. Each is one command,
 * so one undo step.
 */
import { blankRow, freshColumnName, padRows, parseTsv, toTsv, type CellPatch, type TableCommand } from '../../../../shared/cards/table';
import type { GridState } from './grid.svelte';

/** Patches writing `value(row, col)` for every cell of the selection (view → file rows). */
function selectionPatch(grid: GridState, value: (viewRow: number, col: number) => string): CellPatch[] {
  const s = grid.selection;
  const cells: CellPatch[] = [];
  for (let r = s.top; r <= s.bottom; r++) {
    const file = grid.fileRow(r);
    if (file === undefined) continue;
    for (let c = s.left; c <= s.right; c++) cells.push({ row: file, col: c, value: value(r, c) });
  }
  return cells;
}

/** Empty every selected cell. */
export function clearSelection(grid: GridState): boolean {
  if (grid.rowCount === 0 || grid.colCount === 0) return false;
  const cells = selectionPatch(grid, () => '').filter((p) => grid.table.rows[p.row][p.col] !== '');
  if (cells.length === 0) return false;
  return grid.run({ kind: 'patch', cells });
}

/** The selection as TSV for the clipboard, rows in display order. */
export function copyText(grid: GridState): string {
  const s = grid.selection;
  const rows: string[][] = [];
  for (let r = s.top; r <= s.bottom; r++) {
    const line: string[] = [];
    for (let c = s.left; c <= s.right; c++) line.push(grid.value(r, c));
    rows.push(line);
  }
  return toTsv(rows);
}

/** Copy then clear the selection; returns the TSV for the clipboard. */
export function cut(grid: GridState): string {
  const text = grid.copyText();
  grid.clearSelection();
  return text;
}

/**
 * Paste TSV at the selection's top-left, as spreadsheets do: a block larger than the table adds
 * rows at the end of the file and columns at the right; a single value fills the whole
 * selection. One undo step. The pasted block becomes the selection.
 */
export function paste(grid: GridState, text: string): boolean {
  if (grid.readonly) return grid.run({ kind: 'batch', commands: [] });
  const block = padRows(parseTsv(text));
  if (block.length === 0 || block[0].length === 0) return false;
  const s = grid.selection;
  const top = grid.rowCount === 0 ? 0 : s.top;
  const left = grid.colCount === 0 ? 0 : s.left;
  if (block.length === 1 && block[0].length === 1 && (s.bottom > s.top || s.right > s.left)) {
    const v = block[0][0];
    return grid.run({ kind: 'patch', cells: selectionPatch(grid, () => v) });
  }
  const height = block.length;
  const width = block[0].length;
  const commands: TableCommand[] = [];
  let columns = [...grid.table.columns];
  for (let c = columns.length; c < left + width; c++) {
    const name = freshColumnName(columns, `column_${c + 1}`);
    commands.push({ kind: 'addColumn', at: c, name });
    columns = [...columns, name];
  }
  const missing = top + height - grid.rowCount;
  const fileRows = grid.order.slice(top, top + height);
  if (missing > 0) {
    const at = grid.table.rows.length;
    commands.push({ kind: 'insertRows', at, rows: Array.from({ length: missing }, () => blankRow(columns.length)) });
    for (let i = 0; i < missing; i++) fileRows.push(at + i);
  }
  const cells: CellPatch[] = [];
  block.forEach((line, y) => line.forEach((value, x) => cells.push({ row: fileRows[y], col: left + x, value })));
  commands.push({ kind: 'patch', cells });
  if (!grid.run({ kind: 'batch', commands })) return false;
  // New rows are shown at the end of the view only if no filter hides them; select what is visible.
  grid.anchor = grid.clamp({ row: top, col: left });
  grid.focus = grid.clamp({ row: top + height - 1, col: left + width - 1 });
  return true;
}

/** Copy the first selected row into the other selected rows (Ctrl/Cmd+D). */
export function fillDown(grid: GridState): boolean {
  const s = grid.selection;
  if (s.bottom === s.top || grid.rowCount === 0) return false;
  const files = grid.order.slice(s.top, s.bottom + 1);
  const contiguous = files.every((f, i) => f === files[0] + i);
  if (contiguous) return grid.run({ kind: 'fillDown', range: { top: files[0], bottom: files[files.length - 1], left: s.left, right: s.right } });
  const source = grid.fileRow(s.top);
  return grid.run({ kind: 'patch', cells: selectionPatch(grid, (_r, c) => grid.table.rows[source][c]).filter((p) => p.row !== source) });
}
