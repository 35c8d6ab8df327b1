/**
 * State of the card data grid: the table, the view (sort and filters, never written to the file
 * unless `sortFile()`), the selection, the cell being edited, find and replace, and the undo
 * history. Every change goes through a `TableCommand`, recorded in `History` and reported through
 * `onchange` so the owner can save; the grid itself never saves.
 *
 * Coordinates: the selection is in view coordinates (`row` = position among the shown rows,
 * `col` = column index); `fileRow(row)` maps a view row to the file row commands act on.
 */
import {
  applyCommand,
  findMatches,
  freshColumnName,
  History,
  problemIndex,
  sameTable,
  typingKey,
  TableValidation,
  visibleRows,
  type CardTable,
  type CellProblem,
  type ColumnSpecs,
  type FilterMode,
  type HistoryStep,
  type SortDirection,
  type TableCommand,
} from '../../../../shared/cards/table';
import type { AppErrorInfo, Result } from '../../../../shared/util/result';
import { own } from '../../../../shared/util/dict';

import type { EditMode, Editing, GridCell, GridChange, GridFilter, GridOptions, GridRect, KeyInput, KeyOutcome } from './grid-types';
import * as keyboard from './grid-keys';
import * as clipboard from './grid-clipboard';
import * as structure from './grid-structure';

export type { EditMode, Editing, GridCell, GridChange, GridFilter, GridOptions, GridRect, KeyInput, KeyOutcome } from './grid-types';

export class GridState {
  table = $state.raw<CardTable>({ columns: [], rows: [] });
  specs = $state.raw<ColumnSpecs>({});
  readonly = $state(false);
  /** Rows a Page Up / Page Down moves. */
  pageSize = $state(20);

  sort = $state.raw<{ column: string; direction: SortDirection } | undefined>(undefined);
  filters = $state.raw<GridFilter[]>([]);

  anchor = $state.raw<GridCell>({ row: 0, col: 0 });
  focus = $state.raw<GridCell>({ row: 0, col: 0 });
  editing = $state.raw<Editing | undefined>(undefined);

  /** The last failure, shown to the user until the next successful action. */
  error = $state.raw<AppErrorInfo | undefined>(undefined);

  findOpen = $state(false);
  replaceOpen = $state(false);
  findText = $state('');
  replaceText = $state('');
  matchCase = $state(false);
  wholeCell = $state(false);
  /** Search only this column (name); all columns when undefined. */
  findColumn = $state<string | undefined>(undefined);

  /** Mirrors `history.revision` so templates can react to undo/redo availability. */
  revision = $state(0);

  readonly history: History;
  #onchange?: (change: GridChange) => void;
  #stepGuard?: GridOptions['stepGuard'];

  /** File rows in display order. */
  order = $derived.by(() => {
    const idx = (name: string) => this.table.columns.indexOf(name);
    const sort = this.sort && idx(this.sort.column) >= 0 ? { column: idx(this.sort.column), direction: this.sort.direction } : undefined;
    const filters = this.filters.filter((f) => idx(f.column) >= 0).map((f) => ({ column: idx(f.column), mode: f.mode, text: f.text }));
    return visibleRows(this.table, { sort, filters });
  });

  /** Whether the view shows the file as it is (no sort, no filter), so rows can be moved. */
  isFileOrder = $derived(this.order.length === this.table.rows.length && this.order.every((r, i) => r === i));

  /** Checks only the rows an edit copied: a keystroke costs the same at 10 rows and 10,000. */
  readonly #validation = new TableValidation();
  problems = $derived(this.#validation.run(this.table, this.specs));
  problemAt = $derived(problemIndex(this.problems));
  /** Problems by file row, then column; rows without problems are absent (so their views stay put). */
  problemsByRow = $derived.by(() => {
    const m = new Map<number, Map<number, CellProblem>>();
    for (const p of this.problems) {
      let row = m.get(p.row);
      if (!row) m.set(p.row, (row = new Map()));
      row.set(p.col, p);
    }
    return m;
  });

  selection = $derived<GridRect>({
    top: Math.min(this.anchor.row, this.focus.row),
    bottom: Math.max(this.anchor.row, this.focus.row),
    left: Math.min(this.anchor.col, this.focus.col),
    right: Math.max(this.anchor.col, this.focus.col),
  });

  /** Matching cells of the find bar, in view coordinates and display order. */
  matches = $derived.by((): GridCell[] => {
    if (!this.findOpen || this.findText === '') return [];
    const col = this.findColumn === undefined ? undefined : this.table.columns.indexOf(this.findColumn);
    if (col === -1) return [];
    const viewRowOf = new Map(this.order.map((f, v) => [f, v]));
    return findMatches(this.table, { find: this.findText, matchCase: this.matchCase, wholeCell: this.wholeCell, column: col, rows: this.order })
      .map((m) => ({ row: viewRowOf.get(m.row) ?? 0, col: m.col }))
      .sort((a, b) => a.row - b.row || a.col - b.col);
  });

  constructor(table: CardTable, options: GridOptions = {}) {
    this.table = table;
    this.specs = options.specs ?? {};
    this.history = options.history ?? new History();
    this.revision = this.history.revision;
    this.#onchange = options.onchange;
    this.#stepGuard = options.stepGuard;
    this.pageSize = options.pageSize ?? 20;
    this.readonly = options.readonly ?? false;
  }

  get rowCount(): number {
    return this.order.length;
  }
  get colCount(): number {
    return this.table.columns.length;
  }
  get canUndo(): boolean {
    void this.revision;
    return this.history.canUndo;
  }
  get canRedo(): boolean {
    void this.revision;
    return this.history.canRedo;
  }

  /** The file row shown at view row `row`. */
  fileRow(row: number): number {
    return this.order[row];
  }

  /** The value at a view cell. */
  value(row: number, col: number): string {
    const f = this.order[row];
    return f === undefined ? '' : (this.table.rows[f]?.[col] ?? '');
  }

  /** The validation problem of a view cell, if any. */
  problem(row: number, col: number): CellProblem | undefined {
    const f = this.order[row];
    return f === undefined ? undefined : this.problemAt.get(`${f}:${col}`);
  }

  /** The allowed values of a list column (for the editor's picker), else undefined. */
  optionsOf(col: number): readonly string[] | undefined {
    const spec = own(this.specs, this.table.columns[col] ?? '');
    return spec?.type === 'list' ? (spec.values ?? []) : undefined;
  }

  isSelected(row: number, col: number): boolean {
    const s = this.selection;
    return row >= s.top && row <= s.bottom && col >= s.left && col <= s.right;
  }

  /** Replace the table from outside (a reload from disk): keeps history, the view and the selection (clamped). */
  setTable(table: CardTable): void {
    // The owner handing back the grid's own edit (maybe wrapped in a reactive proxy) is no change.
    if (sameTable(table, this.table)) return;
    this.editing = undefined;
    this.table = table;
    this.history.seal();
    this.#clampSelection();
  }

  // ---- applying commands ----------------------------------------------------------------

  /** Apply an edit, record it and report it. Returns false (and sets `error`) if it failed. */
  run(command: TableCommand, coalesceKey?: string): boolean {
    if (this.readonly) {
      this.error = { code: 'table/readonly', message: 'This project is read-only. Make a copy to edit it.' };
      return false;
    }
    const r = this.history.apply(this.table, command, { coalesceKey });
    return this.#took(r, command, 'edit');
  }

  #took(r: Result<CardTable> | undefined, command: TableCommand, source: GridChange['source']): boolean {
    if (!r) return false;
    if (!r.ok) {
      this.error = r.error;
      return false;
    }
    this.error = undefined;
    this.table = r.value;
    this.revision = this.history.revision;
    this.#clampSelection();
    this.#onchange?.({ table: r.value, command, source, revision: this.history.revision });
    return true;
  }

  undo(): boolean {
    this.commitEdit();
    const step = this.history.peekUndo();
    if (!step || (this.#stepGuard && !this.#stepGuard('undo', step))) return false;
    return this.#took(this.history.undo(this.table), step.inverse, 'undo');
  }

  redo(): boolean {
    this.commitEdit();
    const step = this.history.peekRedo();
    if (!step || (this.#stepGuard && !this.#stepGuard('redo', step))) return false;
    return this.#took(this.history.redo(this.table), step.command, 'redo');
  }

  // ---- selection ---------------------------------------------------------------------------

  /** The cell moved inside the table (view coordinates). */
  clamp(cell: GridCell): GridCell {
    return {
      row: Math.max(0, Math.min(cell.row, this.rowCount - 1)),
      col: Math.max(0, Math.min(cell.col, this.colCount - 1)),
    };
  }

  #clampSelection(): void {
    this.anchor = this.clamp(this.anchor);
    this.focus = this.clamp(this.focus);
  }

  /** Select one cell, or extend the selection to it from the anchor. */
  select(row: number, col: number, extend = false): void {
    const cell = this.clamp({ row, col });
    if (this.editing && (this.editing.row !== cell.row || this.editing.col !== cell.col)) this.commitEdit();
    this.focus = cell;
    if (!extend) this.anchor = cell;
  }

  selectAll(): void {
    this.anchor = { row: 0, col: 0 };
    this.focus = this.clamp({ row: this.rowCount - 1, col: this.colCount - 1 });
  }

  /** Select whole rows (view rows from `from` to `to`). */
  selectRows(from: number, to: number, extend = false): void {
    const start = extend ? this.anchor.row : from;
    this.anchor = this.clamp({ row: start, col: 0 });
    this.focus = this.clamp({ row: to, col: this.colCount - 1 });
  }

  /** Select a whole column. */
  selectColumn(col: number): void {
    this.anchor = this.clamp({ row: 0, col });
    this.focus = this.clamp({ row: this.rowCount - 1, col });
  }

  move(dRow: number, dCol: number, extend = false): void {
    this.select(this.focus.row + dRow, this.focus.col + dCol, extend);
  }

  // ---- editing -------------------------------------------------------------------------------

  /** Open the editor on the focused cell: with its value (F2, double-click) or replaced by typed text. */
  startEdit(mode: EditMode = 'edit', initial?: string): boolean {
    if (this.readonly || this.rowCount === 0 || this.colCount === 0) return false;
    const { row, col } = this.focus;
    const original = this.value(row, col);
    this.anchor = this.focus;
    this.editing = { row, col, mode, draft: original, original };
    this.history.seal();
    if (initial !== undefined) this.input(initial);
    return true;
  }

  /** The editor's text changed: write it to the cell (one undo step per editing session). */
  input(text: string): void {
    const e = this.editing;
    if (!e) return;
    this.editing = { ...e, draft: text };
    const file = this.fileRow(e.row);
    if (file === undefined || this.table.rows[file][e.col] === text) return;
    this.run({ kind: 'setCells', row: file, col: e.col, values: [[text]] }, typingKey(file, e.col));
    // A sorted or filtered view may move the row while typing; keep editing the same file row.
    const at = this.order.indexOf(file);
    if (at >= 0 && at !== e.row) {
      this.editing = { ...this.editing!, row: at };
      this.anchor = this.focus = { row: at, col: e.col };
    }
  }

  /** Close the editor, keeping what was typed. */
  commitEdit(): void {
    if (!this.editing) return;
    this.editing = undefined;
    this.history.seal();
  }

  /** Close the editor and put the cell back as it was. */
  cancelEdit(): void {
    const e = this.editing;
    if (!e) return;
    this.editing = undefined;
    const file = this.fileRow(e.row);
    if (file !== undefined && this.history.openKey === typingKey(file, e.col)) {
      const r = this.history.discardLast(this.table);
      this.#took(r, { kind: 'setCells', row: file, col: e.col, values: [[e.original]] }, 'undo');
    }
    this.history.seal();
  }

  // ---- keyboard -------------------------------------------------------------------------------

  /**
   * Handle a key like a spreadsheet. Returns what happened; `copy`, `cut` and `paste` mean the
   * component should use the clipboard (navigator.clipboard), `find` / `replace` that the find bar
   * opened.
   */
  keydown(k: KeyInput): KeyOutcome {
    return keyboard.keydown(this, k);
  }

  // ---- cell edits ----------------------------------------------------------------------------

  /** Empty every selected cell. */
  clearSelection(): boolean {
    return clipboard.clearSelection(this);
  }

  /** The selection as TSV for the clipboard, rows in display order. */
  copyText(): string {
    return clipboard.copyText(this);
  }

  /** Copy then clear the selection; returns the TSV for the clipboard. */
  cut(): string {
    return clipboard.cut(this);
  }

  /**
   * Paste TSV at the selection's top-left, as spreadsheets do: a block larger than the table adds
   * rows at the end of the file and columns at the right; a single value fills the whole
   * selection. One undo step. The pasted block becomes the selection.
   */
  paste(text: string): boolean {
    return clipboard.paste(this, text);
  }

  /** Copy the first selected row into the other selected rows (Ctrl/Cmd+D). */
  fillDown(): boolean {
    return clipboard.fillDown(this);
  }

  // ---- rows ----------------------------------------------------------------------------------

  /** File rows of the selected view rows, in display order. */
  selectedFileRows(): number[] {
    const s = this.selection;
    return this.order.slice(s.top, s.bottom + 1);
  }

  /** Insert blank rows above or below the selection (as many as are selected), in the file next to it. */
  insertRows(where: 'above' | 'below', count = this.selection.bottom - this.selection.top + 1): boolean {
    return structure.insertRows(this, where, count);
  }

  /** Add a blank row at the end of the file and select its first cell. */
  appendRow(): boolean {
    return structure.appendRow(this);
  }

  deleteRows(): boolean {
    return structure.deleteRows(this);
  }

  duplicateRows(): boolean {
    return structure.duplicateRows(this);
  }

  /** Move the selected rows one up or down in the file. Only in file order (no sort or filter). */
  moveRows(delta: -1 | 1): boolean {
    return structure.moveRows(this, delta);
  }

  // ---- columns -------------------------------------------------------------------------------

  addColumn(at = this.colCount, name = freshColumnName(this.table.columns, `column_${this.colCount + 1}`)): boolean {
    return structure.addColumn(this, at, name);
  }

  renameColumn(col: number, name: string): boolean {
    return structure.renameColumn(this, col, name);
  }

  deleteColumn(col: number): boolean {
    return structure.deleteColumn(this, col);
  }

  moveColumn(from: number, to: number): boolean {
    return structure.moveColumn(this, from, to);
  }

  // ---- view ----------------------------------------------------------------------------------

  /** Sort the view by a column (undefined clears); the file keeps its order. */
  setSort(column: string | undefined, direction: SortDirection = 'asc'): void {
    this.commitEdit();
    this.sort = column === undefined ? undefined : { column, direction };
    this.#clampSelection();
  }

  /** Filter the view by a column; an empty `contains` / `equals` text removes the filter. */
  setFilter(column: string, mode: FilterMode, text = ''): void {
    this.commitEdit();
    const rest = this.filters.filter((f) => f.column !== column);
    const active = mode === 'empty' || mode === 'notEmpty' || text !== '';
    this.filters = active ? [...rest, { column, mode, text }] : rest;
    this.#clampSelection();
  }

  filterOf(column: string): GridFilter | undefined {
    return this.filters.find((f) => f.column === column);
  }

  clearView(): void {
    this.sort = undefined;
    this.filters = [];
    this.#clampSelection();
  }

  /** Write the view's sort into the file itself (undoable), then show file order. */
  sortFile(): boolean {
    if (!this.sort) return false;
    const column = this.table.columns.indexOf(this.sort.column);
    if (column < 0) return false;
    const ok = this.run({ kind: 'sortFile', column, direction: this.sort.direction });
    if (ok) this.sort = undefined;
    return ok;
  }

  // ---- find and replace ----------------------------------------------------------------------

  openFind(replace: boolean): void {
    this.commitEdit();
    this.findOpen = true;
    this.replaceOpen = replace;
    if (this.findText === '' && this.rowCount > 0) {
      const v = this.value(this.focus.row, this.focus.col);
      if (v !== '' && !v.includes('\n') && v.length <= 60) this.findText = v;
    }
  }

  closeFind(): void {
    this.findOpen = false;
    this.replaceOpen = false;
  }

  /** Select the next (or previous) match after the focused cell, wrapping around. */
  findNext(backwards = false): boolean {
    const m = this.matches;
    if (m.length === 0) return false;
    const { row, col } = this.focus;
    const after = (c: GridCell) => c.row > row || (c.row === row && c.col > col);
    const before = (c: GridCell) => c.row < row || (c.row === row && c.col < col);
    const next = backwards ? ([...m].reverse().find(before) ?? m[m.length - 1]) : (m.find(after) ?? m[0]);
    this.select(next.row, next.col);
    return true;
  }

  #findOptions() {
    const col = this.findColumn === undefined ? undefined : this.table.columns.indexOf(this.findColumn);
    return { find: this.findText, replace: this.replaceText, matchCase: this.matchCase, wholeCell: this.wholeCell, column: col === -1 ? undefined : col };
  }

  /** Replace in the focused cell if it matches, then go to the next match. */
  replaceCurrent(): boolean {
    const { row, col } = this.focus;
    const here = this.matches.some((m) => m.row === row && m.col === col);
    if (!here) return this.findNext();
    const file = this.fileRow(row);
    const ok = this.run({ kind: 'replaceAll', ...this.#findOptions(), column: col, rows: [file] });
    if (ok) this.findNext();
    return ok;
  }

  /** Replace every match among the shown rows; returns how many cells changed. */
  replaceAll(): number {
    const n = this.matches.length;
    if (n === 0) return 0;
    return this.run({ kind: 'replaceAll', ...this.#findOptions(), rows: [...this.order] }) ? n : 0;
  }

  /** Check a command against the table without applying it (for enabling buttons). */
  wouldApply(command: TableCommand): boolean {
    return applyCommand(this.table, command).ok;
  }
}
