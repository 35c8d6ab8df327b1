/**
 * Where an image picked in the Art tab or dropped on the grid is referenced: a cell of an image
 * column, or of a plain text column a designer has not typed yet. Never `id`, `copies`, `template`
 * or `back`, and never a number, colour or list column (the value would be refused there).
 */
import type { ColumnSpecs } from '../../../../../shared/cards/table';

/** Columns with a meaning of their own in cards.csv: an image reference is never written there. */
export const RESERVED_COLUMNS: ReadonlySet<string> = new Set(['id', 'copies', 'template', 'back']);

/** Whether a column can hold an image reference. */
export function takesImage(column: string | undefined, specs: ColumnSpecs): boolean {
  if (column === undefined || RESERVED_COLUMNS.has(column)) return false;
  const type = specs[column]?.type ?? 'text';
  return type === 'image' || type === 'text';
}

/**
 * The column an image goes into when `col` is focused: that one when it can hold an image,
 * else the table's first image column, else null (nothing to write into).
 */
export function artColumn(columns: readonly string[], specs: ColumnSpecs, col: number): number | null {
  if (takesImage(columns[col], specs)) return col;
  const first = columns.findIndex((c) => !RESERVED_COLUMNS.has(c) && specs[c]?.type === 'image');
  return first >= 0 ? first : null;
}
