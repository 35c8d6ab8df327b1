/**
 * The edit that turns one table into another as granular commands (columns removed and added,
 * rows removed, cells changed, rows added), for applying an import. Undoing granular commands
 * takes back only what the import changed: an edit made on disk since (a cell someone changed in
 * Excel) stays. When the new table is not "the old rows, some removed, some changed, new ones at
 * the end" — the shape an import has — it falls back to `replaceTable`.
 */
import { applyCommand, type CellPatch, type TableCommand } from './commands';
import type { CardTable } from './table';

const same = (a: CardTable, b: CardTable): boolean =>
  a.columns.length === b.columns.length &&
  a.columns.every((c, i) => c === b.columns[i]) &&
  a.rows.length === b.rows.length &&
  a.rows.every((r, i) => r.length === b.rows[i]!.length && r.every((v, j) => v === b.rows[i]![j]));

/** Rows of `from` that do not reach `to`, by `id` when both have unique ids, else the trailing ones. */
function removedRows(from: CardTable, to: CardTable): number[] {
  const fi = from.columns.indexOf('id');
  const ti = to.columns.indexOf('id');
  if (fi >= 0 && ti >= 0) {
    const ids = new Set(to.rows.map((r) => r[ti] ?? ''));
    const fromIds = from.rows.map((r) => r[fi] ?? '');
    if (new Set(fromIds).size === fromIds.length && ids.size === to.rows.length) return fromIds.flatMap((id, i) => (ids.has(id) ? [] : [i]));
  }
  return from.rows.length > to.rows.length ? Array.from({ length: from.rows.length - to.rows.length }, (_, i) => to.rows.length + i) : [];
}

/**
 * The command that turns `from` into `to`: a batch of granular commands when `to` keeps `from`'s
 * columns in order (some removed, new ones at the end) and its rows in order (some removed, new
 * ones at the end); otherwise `replaceTable`.
 */
export function editToTable(from: CardTable, to: CardTable): TableCommand {
  const fallback: TableCommand = { kind: 'replaceTable', table: to };
  const commands: TableCommand[] = [];
  // Columns: the ones kept must come first in `to`, in their order; the rest of `to` is new.
  const kept = from.columns.filter((c) => to.columns.includes(c));
  if (!kept.every((c, i) => to.columns[i] === c)) return fallback;
  for (let i = from.columns.length - 1; i >= 0; i--) if (!to.columns.includes(from.columns[i]!)) commands.push({ kind: 'deleteColumn', at: i });
  const removed = removedRows(from, to);
  if (removed.length) commands.push({ kind: 'deleteRows', indices: removed });
  const keptRows = from.rows.length - removed.length;
  if (keptRows > to.rows.length) return fallback;
  for (let c = kept.length; c < to.columns.length; c++) commands.push({ kind: 'addColumn', at: c, name: to.columns[c]!, values: to.rows.slice(0, keptRows).map((r) => r[c] ?? '') });
  // What the table is after those: compare the kept rows cell by cell.
  let mid = from;
  for (const c of commands) {
    const r = applyCommand(mid, c);
    if (!r.ok) return fallback;
    mid = r.value.table;
  }
  const cells: CellPatch[] = [];
  for (let r = 0; r < keptRows; r++) for (let c = 0; c < to.columns.length; c++) if ((mid.rows[r]![c] ?? '') !== (to.rows[r]![c] ?? '')) cells.push({ row: r, col: c, value: to.rows[r]![c] ?? '' });
  if (cells.length) commands.push({ kind: 'patch', cells });
  if (to.rows.length > keptRows) commands.push({ kind: 'insertRows', at: keptRows, rows: to.rows.slice(keptRows).map((r) => [...r]) });
  const batch: TableCommand = { kind: 'batch', commands };
  const check = applyCommand(from, batch);
  return check.ok && same(check.value.table, to) ? batch : fallback;
}
