/**
 * An autosave's changes as cells rather than the whole table: what changed between the table on
 * disk and the one in the grid, and that change applied again on the other side. A keystroke in a
 * 5,000-row project sends a few cells, not 700 KB.
 */
import type { CardTable } from './table';

/** The cells that differ, with the shape they apply to (the columns and the number of rows). */
export interface TablePatch {
  columns: string[];
  rowCount: number;
  cells: { row: number; col: number; value: string }[];
}

/**
 * The cells of `next` that differ from `base`, or undefined when the shape changed (columns, row
 * count) or more than `limit` cells did: then the whole table is the smaller message. Rows are
 * compared by object first (an edit copies only the rows it changes), so this is quick on big tables.
 * @example tablePatch(saved, edited)?.cells // → [{ row: 4, col: 2, value: '福鼠' }]
 */
export function tablePatch(base: CardTable, next: CardTable, limit = 2000): TablePatch | undefined {
  if (base.rows.length !== next.rows.length || base.columns.length !== next.columns.length || base.columns.some((c, i) => c !== next.columns[i])) return undefined;
  const cells: TablePatch['cells'] = [];
  for (let y = 0; y < next.rows.length; y++) {
    const a = base.rows[y]!;
    const b = next.rows[y]!;
    if (a === b) continue;
    for (let x = 0; x < next.columns.length; x++) {
      const v = b[x] ?? '';
      if ((a[x] ?? '') === v) continue;
      if (cells.length === limit) return undefined;
      cells.push({ row: y, col: x, value: v });
    }
  }
  return { columns: [...next.columns], rowCount: next.rows.length, cells };
}

/**
 * `patch` applied to `base`, or a sentence saying why it does not fit (other columns, another
 * number of rows, a cell outside the table): then the sender saves the whole table instead.
 */
export function applyTablePatch(base: CardTable, patch: TablePatch): { ok: true; table: CardTable } | { ok: false; reason: string } {
  if (patch.rowCount !== base.rows.length) return { ok: false, reason: `the file has ${base.rows.length} rows, the edit was made on ${patch.rowCount}` };
  if (patch.columns.length !== base.columns.length || patch.columns.some((c, i) => c !== base.columns[i])) return { ok: false, reason: 'the file has other columns than the edit was made on' };
  const rows = base.rows.slice();
  const copied = new Set<number>();
  for (const c of patch.cells) {
    if (c.row < 0 || c.row >= rows.length || c.col < 0 || c.col >= base.columns.length) return { ok: false, reason: `cell (${c.row}, ${c.col}) is outside the table` };
    if (!copied.has(c.row)) {
      rows[c.row] = Array.from({ length: base.columns.length }, (_, i) => rows[c.row]![i] ?? '');
      copied.add(c.row);
    }
    (rows[c.row] as string[])[c.col] = c.value;
  }
  return { ok: true, table: { columns: base.columns, rows } };
}
