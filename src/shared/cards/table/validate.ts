/**
 * Validation of card data per column. Each column has a type (text, number, colour, image or
 * list); the `copies` and `id` columns have fixed rules. Problems name the row as the file counts
 * it (`line`: the header is line 1) and the column, with a code the interface translates and an
 * English message for logs and the CLI.
 */
import { fileLine, type CardTable } from './table';
import { own } from '../../util/dict';

export type ColumnType = 'text' | 'number' | 'colour' | 'image' | 'list';

export interface ColumnSpec {
  type: ColumnType;
  /** The allowed values of a `list` column. */
  values?: readonly string[];
}

/** Column types by name; columns not named here are text. */
export type ColumnSpecs = Readonly<Record<string, ColumnSpec>>;

export type ProblemCode =
  | 'number'
  | 'colour'
  | 'image'
  | 'list'
  | 'copies'
  | 'id-empty'
  | 'id-duplicate';

export interface CellProblem {
  code: ProblemCode;
  /** File row index (0 = first card). */
  row: number;
  /** Line in cards.csv (header is line 1). */
  line: number;
  /** Column index and name. */
  col: number;
  column: string;
  /** The cell's value. */
  value: string;
  /** For `list`: the allowed values; for `id-duplicate`: the first use's row index and line. */
  allowed?: readonly string[];
  firstRow?: number;
  firstLine?: number;
  /** What is wrong and how to fix it, in English. */
  message: string;
}

const COLOUR = /^#[0-9a-fA-F]{6}$/;
const IMAGE = /^(file|icon):\S+$/;
const COPIES = /^\d{1,3}$/;

function isNumber(v: string): boolean {
  return v.trim() !== '' && Number.isFinite(Number(v));
}

/** The problem with one cell of a typed column, or undefined. Empty cells are allowed (unset). */
export function checkCell(column: string, value: string, spec: ColumnSpec | undefined): Omit<CellProblem, 'row' | 'line' | 'col' | 'message'> & { message: (where: string) => string } | undefined {
  if (column === 'copies') {
    if (value === '' || COPIES.test(value)) return undefined;
    return { code: 'copies', column, value, message: (w) => `${w}: copies "${value}" is not a whole number from 0 to 999. Type a number such as 1, or leave it empty for 1.` };
  }
  if (value === '' || !spec) return undefined;
  switch (spec.type) {
    case 'text':
      return undefined;
    case 'number':
      return isNumber(value) ? undefined : { code: 'number', column, value, message: (w) => `${w}: "${value}" is not a number. Type digits such as 3 or 2.5.` };
    case 'colour':
      return COLOUR.test(value) ? undefined : { code: 'colour', column, value, message: (w) => `${w}: "${value}" is not a colour. Use #rrggbb, e.g. #c23b22.` };
    case 'image':
      return IMAGE.test(value)
        ? undefined
        : { code: 'image', column, value, message: (w) => `${w}: "${value}" is not an image reference. Use file:art/name.png or icon:set:name.` };
    case 'list': {
      const allowed = spec.values ?? [];
      return allowed.includes(value)
        ? undefined
        : { code: 'list', column, value, allowed, message: (w) => `${w}: "${value}" is not one of ${allowed.map((a) => `"${a}"`).join(', ')}. Pick one of them.` };
    }
  }
}

/**
 * Every problem in the table, row by row. `id` must be non-empty and unique; `copies` a whole
 * number 0–999 (empty means 1); typed columns must hold values of their type (empty is allowed).
 */
export function validateTable(table: CardTable, specs: ColumnSpecs = {}): CellProblem[] {
  const problems: CellProblem[] = [];
  const idCol = table.columns.indexOf('id');
  const firstById = new Map<string, number>();
  table.rows.forEach((row, y) => {
    const line = fileLine(y);
    table.columns.forEach((column, x) => {
      const value = row[x] ?? '';
      const where = `Line ${line}, column "${column}"`;
      if (x === idCol) {
        if (value.trim() === '') {
          problems.push({ code: 'id-empty', row: y, line, col: x, column, value, message: `${where}: the card has no id. Give every card a unique id such as RAT-1.` });
        } else {
          const first = firstById.get(value);
          if (first === undefined) firstById.set(value, y);
          else {
            problems.push({
              code: 'id-duplicate',
              row: y,
              line,
              col: x,
              column,
              value,
              firstRow: first,
              firstLine: fileLine(first),
              message: `${where}: the id "${value}" is already used on line ${fileLine(first)}. Make each id unique.`,
            });
          }
        }
        return;
      }
      const p = checkCell(column, value, own(specs, column));
      if (p) problems.push({ ...p, row: y, line, col: x, message: p.message(where) });
    });
  });
  return problems;
}

/** Problems keyed by `row:col` for quick lookup while drawing cells. */
export function problemIndex(problems: readonly CellProblem[]): Map<string, CellProblem> {
  const m = new Map<string, CellProblem>();
  for (const p of problems) m.set(`${p.row}:${p.col}`, p);
  return m;
}
