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
  const idCol = table.columns.indexOf('id');
  const problems: CellProblem[] = [];
  const ids = idProblems(table, idCol);
  let next = 0;
  table.rows.forEach((row, y) => {
    const id = next < ids.length && ids[next]!.row === y ? ids[next++] : undefined;
    pushRow(problems, id, rowProblems(table.columns, row, y, specs, idCol));
  });
  return problems;
}

/** A row's problems left to right: its id problem (at most one) among the others. */
function pushRow(out: CellProblem[], id: CellProblem | undefined, rest: readonly CellProblem[]): void {
  let placed = !id;
  for (const p of rest) {
    if (!placed && id!.col < p.col) (out.push(id!), (placed = true));
    out.push(p);
  }
  if (!placed) out.push(id!);
}

const where = (line: number, column: string) => `Line ${line}, column "${column}"`;

/** The id column's problems (empty, or used before), in row order. */
function idProblems(table: CardTable, idCol: number): CellProblem[] {
  if (idCol < 0) return [];
  const out: CellProblem[] = [];
  const column = table.columns[idCol]!;
  const firstById = new Map<string, number>();
  table.rows.forEach((row, y) => {
    const value = row[idCol] ?? '';
    const line = fileLine(y);
    if (value.trim() === '') {
      out.push({ code: 'id-empty', row: y, line, col: idCol, column, value, message: `${where(line, column)}: the card has no id. Give every card a unique id such as RAT-1.` });
      return;
    }
    const first = firstById.get(value);
    if (first === undefined) firstById.set(value, y);
    else
      out.push({
        code: 'id-duplicate',
        row: y,
        line,
        col: idCol,
        column,
        value,
        firstRow: first,
        firstLine: fileLine(first),
        message: `${where(line, column)}: the id "${value}" is already used on line ${fileLine(first)}. Make each id unique.`,
      });
  });
  return out;
}

/** The problems of row `y` outside the id column, left to right. */
function rowProblems(columns: readonly string[], row: readonly string[], y: number, specs: ColumnSpecs, idCol: number): CellProblem[] {
  let out: CellProblem[] | undefined;
  for (let x = 0; x < columns.length; x++) {
    if (x === idCol) continue;
    const column = columns[x]!;
    const p = checkCell(column, row[x] ?? '', specs[column]);
    if (!p) continue;
    const line = fileLine(y);
    (out ??= []).push({ ...p, row: y, line, col: x, message: p.message(where(line, column)) });
  }
  return out ?? NONE;
}
const NONE: CellProblem[] = [];

/**
 * `validateTable` for a table edited a few cells at a time (the grid, as the designer types): it
 * remembers the last table and checks again only the rows that are new objects (an edit copies
 * the rows it changes), so a keystroke costs the same in a 10-row and a 10,000-row table. Anything
 * else — other columns, other column types, rows added or removed, an id changed — checks all.
 */
export class TableValidation {
  #table: CardTable | undefined;
  #specs: ColumnSpecs | undefined;
  #ids: CellProblem[] = [];
  /** Rows with problems outside the id column: row → its problems. */
  #rows = new Map<number, CellProblem[]>();
  #all: CellProblem[] = [];

  /** The problems of `table` (the same array as last time when nothing changed). */
  run(table: CardTable, specs: ColumnSpecs = {}): CellProblem[] {
    const prev = this.#table;
    if (prev === table && this.#specs === specs) return this.#all;
    const changed = prev && this.#specs === specs && prev.columns === table.columns && prev.rows.length === table.rows.length ? changedRows(prev, table, 64) : undefined;
    const idCol = table.columns.indexOf('id');
    this.#table = table;
    this.#specs = specs;
    if (!changed || (idCol >= 0 && changed.some((y) => prev!.rows[y]![idCol] !== table.rows[y]![idCol]))) return this.#full(table, specs, idCol);
    for (const y of changed) {
      const p = rowProblems(table.columns, table.rows[y]!, y, specs, idCol);
      if (p.length) this.#rows.set(y, p);
      else this.#rows.delete(y);
    }
    return (this.#all = this.#merge());
  }

  #full(table: CardTable, specs: ColumnSpecs, idCol: number): CellProblem[] {
    this.#ids = idProblems(table, idCol);
    this.#rows.clear();
    table.rows.forEach((row, y) => {
      const p = rowProblems(table.columns, row, y, specs, idCol);
      if (p.length) this.#rows.set(y, p);
    });
    return (this.#all = this.#merge());
  }

  /** The id problems and the rows' problems in row order, as `validateTable` lists them. */
  #merge(): CellProblem[] {
    const out: CellProblem[] = [];
    const rows = [...this.#rows.keys()].sort((a, b) => a - b);
    let i = 0;
    for (const y of rows) {
      while (i < this.#ids.length && this.#ids[i]!.row < y) out.push(this.#ids[i++]!);
      pushRow(out, i < this.#ids.length && this.#ids[i]!.row === y ? this.#ids[i++] : undefined, this.#rows.get(y)!);
    }
    while (i < this.#ids.length) out.push(this.#ids[i++]!);
    return out;
  }
}

/** The indices of rows of `b` that are not the same objects as in `a` (same length), or undefined past `limit` of them. */
function changedRows(a: CardTable, b: CardTable, limit: number): number[] | undefined {
  const out: number[] = [];
  for (let y = 0; y < b.rows.length; y++)
    if (a.rows[y] !== b.rows[y]) {
      if (out.length === limit) return undefined;
      out.push(y);
    }
  return out;
}

/** Problems keyed by `row:col` for quick lookup while drawing cells. */
export function problemIndex(problems: readonly CellProblem[]): Map<string, CellProblem> {
  const m = new Map<string, CellProblem>();
  for (const p of problems) m.set(`${p.row}:${p.col}`, p);
  return m;
}
