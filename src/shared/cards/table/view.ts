/**
 * Sorting and filtering as views: a row order and a visible set computed from the table, which
 * never change the file. Only the `sortFile` command (commands.ts) writes a sorted order.
 */
import type { CardTable } from './table';

export type SortDirection = 'asc' | 'desc';

/** How a column filter matches a cell. */
export type FilterMode = 'contains' | 'equals' | 'empty' | 'notEmpty';

export interface ColumnFilter {
  column: number;
  mode: FilterMode;
  /** The text for `contains` / `equals` (case-insensitive); ignored by `empty` / `notEmpty`. */
  text: string;
}

/** What the grid shows: at most one sort key and any number of filters (all must match). */
export interface ViewSpec {
  sort?: { column: number; direction: SortDirection };
  filters: ColumnFilter[];
}

const collator = new Intl.Collator('zh', { numeric: true, sensitivity: 'base' });

function isNumber(s: string): boolean {
  return s.trim() !== '' && Number.isFinite(Number(s));
}

/**
 * Compare two cells for sorting: as numbers when `numeric`, else with Chinese collation (pinyin
 * order for 汉字, natural order for digits inside text). Empty cells sort after everything.
 */
export function compareCells(a: string, b: string, numeric: boolean): number {
  const ea = a.trim() === '';
  const eb = b.trim() === '';
  if (ea || eb) return ea === eb ? 0 : ea ? 1 : -1;
  if (numeric) return Number(a) - Number(b);
  return collator.compare(a, b);
}

/** Whether a column sorts as numbers: every non-empty cell is a number, and there is one. */
export function isNumericColumn(table: CardTable, column: number): boolean {
  let any = false;
  for (const r of table.rows) {
    const v = r[column] ?? '';
    if (v.trim() === '') continue;
    if (!isNumber(v)) return false;
    any = true;
  }
  return any;
}

/**
 * The rows ordered by one column, stable (equal cells keep file order). Empty cells go last in
 * both directions.
 * @returns a permutation: position i shows file row `order[i]`.
 */
export function sortOrder(table: CardTable, column: number, direction: SortDirection): number[] {
  const numeric = isNumericColumn(table, column);
  const sign = direction === 'desc' ? -1 : 1;
  const order = table.rows.map((_, i) => i);
  order.sort((a, b) => {
    const va = table.rows[a][column] ?? '';
    const vb = table.rows[b][column] ?? '';
    const ea = va.trim() === '';
    const eb = vb.trim() === '';
    if (ea || eb) return ea === eb ? a - b : ea ? 1 : -1;
    return sign * compareCells(va, vb, numeric) || a - b;
  });
  return order;
}

function matches(cell: string, f: ColumnFilter): boolean {
  switch (f.mode) {
    case 'empty':
      return cell.trim() === '';
    case 'notEmpty':
      return cell.trim() !== '';
    case 'equals':
      return cell.toLocaleLowerCase() === f.text.toLocaleLowerCase();
    case 'contains':
      return cell.toLocaleLowerCase().includes(f.text.toLocaleLowerCase());
  }
}

/**
 * The file rows the grid shows, in display order.
 * @example visibleRows(table, { filters: [{ column: 1, mode: 'contains', text: '鼠' }] })
 */
export function visibleRows(table: CardTable, spec: ViewSpec): number[] {
  const base = spec.sort && spec.sort.column < table.columns.length ? sortOrder(table, spec.sort.column, spec.sort.direction) : table.rows.map((_, i) => i);
  const filters = spec.filters.filter((f) => f.column < table.columns.length && (f.mode === 'empty' || f.mode === 'notEmpty' || f.text !== ''));
  if (filters.length === 0) return base;
  return base.filter((i) => filters.every((f) => matches(table.rows[i][f.column] ?? '', f)));
}
