/**
 * What changed between two versions of a card table, for the notice the data page shows when
 * cards.csv changed on disk ("2 rows added, 1 changed"). Rows are matched by their `id` cell when
 * the table has an `id` column (so a reordered file is not "everything changed"), else by position.
 */
import type { CardTable } from './table';

/** Counts of rows and columns that differ, and the ids (or 1-based lines) of the first few rows. */
export interface TableDiff {
  added: number;
  changed: number;
  removed: number;
  /** Rows whose id moved to another position (only when matching by id). */
  moved: number;
  columnsAdded: string[];
  columnsRemoved: string[];
  /** Up to `SAMPLE` ids of changed or added rows, to name in the notice. */
  sample: string[];
}

const SAMPLE = 3;

/** Whether a diff found nothing at all. */
export function isEmptyDiff(d: TableDiff): boolean {
  return d.added + d.changed + d.removed + d.moved + d.columnsAdded.length + d.columnsRemoved.length === 0;
}

/** A row as `column → value`, for comparing rows of tables whose columns moved. */
function cellsOf(table: CardTable, row: readonly string[], columns: readonly string[]): string {
  return columns.map((c) => row[table.columns.indexOf(c)] ?? '').join('\u0000');
}

/**
 * The rows and columns added, changed and removed from `before` to `after`. Cells are compared by
 * column name over the columns both tables have; a column added or removed is reported once, not
 * as a change of every row.
 * @example diffTables({ columns: ['id'], rows: [['a']] }, { columns: ['id'], rows: [['a'], ['b']] }).added // 1
 */
export function diffTables(before: CardTable, after: CardTable): TableDiff {
  const columnsAdded = after.columns.filter((c) => !before.columns.includes(c));
  const columnsRemoved = before.columns.filter((c) => !after.columns.includes(c));
  const shared = after.columns.filter((c) => before.columns.includes(c));
  const idB = before.columns.indexOf('id');
  const idA = after.columns.indexOf('id');
  const out: TableDiff = { added: 0, changed: 0, removed: 0, moved: 0, columnsAdded, columnsRemoved, sample: [] };
  const note = (label: string) => {
    if (out.sample.length < SAMPLE) out.sample.push(label);
  };
  if (idB >= 0 && idA >= 0) {
    // Ids may repeat while a designer types; the first row with an id is matched, the others count by position in their id group.
    const keyed = (t: CardTable, col: number) => {
      const m = new Map<string, { index: number; row: readonly string[] }[]>();
      t.rows.forEach((row, index) => {
        const k = row[col] ?? '';
        const list = m.get(k);
        if (list) list.push({ index, row });
        else m.set(k, [{ index, row }]);
      });
      return m;
    };
    const old = keyed(before, idB);
    const now = keyed(after, idA);
    for (const [id, rows] of now) {
      const was = old.get(id) ?? [];
      rows.forEach((r, i) => {
        const o = was[i];
        if (!o) {
          out.added++;
          note(id || `#${r.index + 2}`);
        } else {
          if (cellsOf(before, o.row, shared) !== cellsOf(after, r.row, shared)) {
            out.changed++;
            note(id || `#${r.index + 2}`);
          }
          if (o.index !== r.index) out.moved++;
        }
      });
    }
    for (const [id, rows] of old) out.removed += Math.max(0, rows.length - (now.get(id)?.length ?? 0));
    // A row inserted or deleted shifts every later row: that is not a move of each of them.
    if (out.added > 0 || out.removed > 0) out.moved = 0;
    return out;
  }
  const n = Math.min(before.rows.length, after.rows.length);
  for (let i = 0; i < n; i++) {
    if (cellsOf(before, before.rows[i], shared) !== cellsOf(after, after.rows[i], shared)) {
      out.changed++;
      note(`#${i + 2}`);
    }
  }
  out.added = Math.max(0, after.rows.length - before.rows.length);
  out.removed = Math.max(0, before.rows.length - after.rows.length);
  return out;
}
