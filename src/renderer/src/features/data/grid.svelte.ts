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
  padRows,
  parseTsv,
  problemIndex,
  sameTable,
  toTsv,
  typingKey,
  TableValidation,
  visibleRows,
  blankRow,
  type CardTable,
  type CellPatch,
  type CellProblem,
  type ColumnSpecs,
  type FilterMode,
  type HistoryStep,
  type SortDirection,
  type TableCommand,
} from '../../../../shared/cards/table';
import type { AppErrorInfo, Result } from '../../../../shared/util/result';
import { own } from '../../../../shared/util/dict';

/** A cell in view coordinates. */
export interface GridCell {
  row: number;
  col: number;
}

/** The selected rectangle in view coordinates, corners ordered. */
export interface GridRect {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/**
 * How the cell editor was opened: `enter` by typing over a cell (arrows commit and move, as in a
 * spreadsheet), `edit` by F2 or double-click (arrows move the caret).
 */
export type EditMode = 'enter' | 'edit';

export interface Editing {
  row: number;
  col: number;
  mode: EditMode;
  /** The text in the editor. */
  draft: string;
  /** The cell's value before editing, restored by Escape. */
  original: string;
}

/** A change the owner should know about (and save). */
export interface GridChange {
  table: CardTable;
  /** The command that ran: the edit, for undo the step's inverse, for redo the step again. */
  command: TableCommand;
  source: 'edit' | 'undo' | 'redo';
  revision: number;
}

/** The keys of a keyboard event the grid reads (a DOM `KeyboardEvent` fits). */
export interface KeyInput {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** Per-column filter, kept by column name so it survives columns moving. */
export interface GridFilter {
  column: string;
  mode: FilterMode;
  text: string;
}

export interface GridOptions {
  specs?: ColumnSpecs;
  /** Share one history with other editors (e.g. project settings); a fresh one by default. */
  history?: History;
  onchange?: (change: GridChange) => void;
  /** Rows a Page Up / Page Down moves (the component sets it from the viewport). */
  pageSize?: number;
  readonly?: boolean;
  /** Asked before each undo and redo with the step it would take; false stops it (see `StepNotes`). */
  stepGuard?: (kind: 'undo' | 'redo', step: HistoryStep) => boolean;
}

/** What `keydown` did, so the component can act on the DOM (clipboard, find field focus). */
export type KeyOutcome = 'handled' | 'ignored' | 'copy' | 'cut' | 'paste' | 'find' | 'replace';

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

  #clamp(cell: GridCell): GridCell {
    return {
      row: Math.max(0, Math.min(cell.row, this.rowCount - 1)),
      col: Math.max(0, Math.min(cell.col, this.colCount - 1)),
    };
  }

  #clampSelection(): void {
    this.anchor = this.#clamp(this.anchor);
    this.focus = this.#clamp(this.focus);
  }

  /** Select one cell, or extend the selection to it from the anchor. */
  select(row: number, col: number, extend = false): void {
    const cell = this.#clamp({ row, col });
    if (this.editing && (this.editing.row !== cell.row || this.editing.col !== cell.col)) this.commitEdit();
    this.focus = cell;
    if (!extend) this.anchor = cell;
  }

  selectAll(): void {
    this.anchor = { row: 0, col: 0 };
    this.focus = this.#clamp({ row: this.rowCount - 1, col: this.colCount - 1 });
  }

  /** Select whole rows (view rows from `from` to `to`). */
  selectRows(from: number, to: number, extend = false): void {
    const start = extend ? this.anchor.row : from;
    this.anchor = this.#clamp({ row: start, col: 0 });
    this.focus = this.#clamp({ row: to, col: this.colCount - 1 });
  }

  /** Select a whole column. */
  selectColumn(col: number): void {
    this.anchor = this.#clamp({ row: 0, col });
    this.focus = this.#clamp({ row: this.rowCount - 1, col });
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
    const mod = !!(k.ctrlKey || k.metaKey);
    const key = k.key.length === 1 ? k.key.toLowerCase() : k.key;
    if (mod && !k.altKey) {
      switch (key) {
        case 'z':
          if (k.shiftKey) this.redo();
          else this.undo();
          return 'handled';
        case 'y':
          this.redo();
          return 'handled';
        case 'f':
          this.openFind(false);
          return 'find';
        case 'h':
          this.openFind(true);
          return 'replace';
        case 'c':
          return this.editing ? 'ignored' : 'copy';
        case 'x':
          return this.editing ? 'ignored' : 'cut';
        case 'v':
          return this.editing ? 'ignored' : 'paste';
      }
    }
    if (this.editing) return this.#editingKey(k);
    if (mod && !k.altKey) {
      switch (key) {
        case 'd':
          this.fillDown();
          return 'handled';
        case 'a':
          this.selectAll();
          return 'handled';
        case 'ArrowUp':
          this.select(0, this.focus.col, k.shiftKey);
          return 'handled';
        case 'ArrowDown':
          this.select(this.rowCount - 1, this.focus.col, k.shiftKey);
          return 'handled';
        case 'ArrowLeft':
        case 'Home':
          this.select(key === 'Home' ? 0 : this.focus.row, 0, k.shiftKey);
          return 'handled';
        case 'ArrowRight':
        case 'End':
          this.select(key === 'End' ? this.rowCount - 1 : this.focus.row, this.colCount - 1, k.shiftKey);
          return 'handled';
      }
      return 'ignored';
    }
    switch (k.key) {
      case 'ArrowUp':
        this.move(-1, 0, k.shiftKey);
        return 'handled';
      case 'ArrowDown':
        this.move(1, 0, k.shiftKey);
        return 'handled';
      case 'ArrowLeft':
        this.move(0, -1, k.shiftKey);
        return 'handled';
      case 'ArrowRight':
        this.move(0, 1, k.shiftKey);
        return 'handled';
      case 'Tab':
        // At the edge Tab leaves the grid, so keyboard users are never trapped in it.
        if (k.shiftKey ? this.focus.col === 0 : this.focus.col >= this.colCount - 1) return 'ignored';
        this.move(0, k.shiftKey ? -1 : 1);
        return 'handled';
      case 'Enter':
        this.move(k.shiftKey ? -1 : 1, 0);
        return 'handled';
      case 'Home':
        this.select(this.focus.row, 0, k.shiftKey);
        return 'handled';
      case 'End':
        this.select(this.focus.row, this.colCount - 1, k.shiftKey);
        return 'handled';
      case 'PageDown':
        this.move(this.pageSize, 0, k.shiftKey);
        return 'handled';
      case 'PageUp':
        this.move(-this.pageSize, 0, k.shiftKey);
        return 'handled';
      case 'F2':
        this.startEdit('edit');
        return 'handled';
      case 'Delete':
      case 'Backspace':
        this.clearSelection();
        return 'handled';
      case 'Escape':
        if (this.findOpen) this.closeFind();
        else this.anchor = this.focus;
        return 'handled';
    }
    if (k.key === 'Process' && !this.readonly) {
      // An input method (pinyin, zhuyin…) is composing: open an empty editor for the composed text
      // and let the key through to it.
      this.startEdit('enter', '');
      return 'ignored';
    }
    if (k.key.length === 1 && !k.altKey && !this.readonly) {
      this.startEdit('enter', k.key);
      return 'handled';
    }
    return 'ignored';
  }

  #editingKey(k: KeyInput): KeyOutcome {
    const e = this.editing!;
    switch (k.key) {
      case 'Escape':
        this.cancelEdit();
        return 'handled';
      case 'Enter':
        if (k.altKey) {
          // A line break inside the cell, as Alt+Enter does in spreadsheets; the editor inserts it.
          return 'ignored';
        }
        this.commitEdit();
        this.move(k.shiftKey ? -1 : 1, 0);
        return 'handled';
      case 'Tab':
        this.commitEdit();
        this.move(0, k.shiftKey ? -1 : 1);
        return 'handled';
      case 'ArrowUp':
      case 'ArrowDown':
      case 'ArrowLeft':
      case 'ArrowRight':
        if (e.mode === 'edit') return 'ignored';
        this.commitEdit();
        this.move(k.key === 'ArrowUp' ? -1 : k.key === 'ArrowDown' ? 1 : 0, k.key === 'ArrowLeft' ? -1 : k.key === 'ArrowRight' ? 1 : 0);
        return 'handled';
      case 'F2':
        this.editing = { ...e, mode: e.mode === 'edit' ? 'enter' : 'edit' };
        return 'handled';
    }
    return 'ignored';
  }

  // ---- cell edits ----------------------------------------------------------------------------

  /** Patches writing `value(row, col)` for every cell of the selection (view → file rows). */
  #selectionPatch(value: (viewRow: number, col: number) => string): CellPatch[] {
    const s = this.selection;
    const cells: CellPatch[] = [];
    for (let r = s.top; r <= s.bottom; r++) {
      const file = this.fileRow(r);
      if (file === undefined) continue;
      for (let c = s.left; c <= s.right; c++) cells.push({ row: file, col: c, value: value(r, c) });
    }
    return cells;
  }

  /** Empty every selected cell. */
  clearSelection(): boolean {
    if (this.rowCount === 0 || this.colCount === 0) return false;
    const cells = this.#selectionPatch(() => '').filter((p) => this.table.rows[p.row][p.col] !== '');
    if (cells.length === 0) return false;
    return this.run({ kind: 'patch', cells });
  }

  /** The selection as TSV for the clipboard, rows in display order. */
  copyText(): string {
    const s = this.selection;
    const rows: string[][] = [];
    for (let r = s.top; r <= s.bottom; r++) {
      const line: string[] = [];
      for (let c = s.left; c <= s.right; c++) line.push(this.value(r, c));
      rows.push(line);
    }
    return toTsv(rows);
  }

  /** Copy then clear the selection; returns the TSV for the clipboard. */
  cut(): string {
    const text = this.copyText();
    this.clearSelection();
    return text;
  }

  /**
   * Paste TSV at the selection's top-left, as spreadsheets do: a block larger than the table adds
   * rows at the end of the file and columns at the right; a single value fills the whole
   * selection. One undo step. The pasted block becomes the selection.
   */
  paste(text: string): boolean {
    if (this.readonly) return this.run({ kind: 'batch', commands: [] });
    const block = padRows(parseTsv(text));
    if (block.length === 0 || block[0].length === 0) return false;
    const s = this.selection;
    const top = this.rowCount === 0 ? 0 : s.top;
    const left = this.colCount === 0 ? 0 : s.left;
    if (block.length === 1 && block[0].length === 1 && (s.bottom > s.top || s.right > s.left)) {
      const v = block[0][0];
      return this.run({ kind: 'patch', cells: this.#selectionPatch(() => v) });
    }
    const height = block.length;
    const width = block[0].length;
    const commands: TableCommand[] = [];
    let columns = [...this.table.columns];
    for (let c = columns.length; c < left + width; c++) {
      const name = freshColumnName(columns, `column_${c + 1}`);
      commands.push({ kind: 'addColumn', at: c, name });
      columns = [...columns, name];
    }
    const missing = top + height - this.rowCount;
    const fileRows = this.order.slice(top, top + height);
    if (missing > 0) {
      const at = this.table.rows.length;
      commands.push({ kind: 'insertRows', at, rows: Array.from({ length: missing }, () => blankRow(columns.length)) });
      for (let i = 0; i < missing; i++) fileRows.push(at + i);
    }
    const cells: CellPatch[] = [];
    block.forEach((line, y) => line.forEach((value, x) => cells.push({ row: fileRows[y], col: left + x, value })));
    commands.push({ kind: 'patch', cells });
    if (!this.run({ kind: 'batch', commands })) return false;
    // New rows are shown at the end of the view only if no filter hides them; select what is visible.
    this.anchor = this.#clamp({ row: top, col: left });
    this.focus = this.#clamp({ row: top + height - 1, col: left + width - 1 });
    return true;
  }

  /** Copy the first selected row into the other selected rows (Ctrl/Cmd+D). */
  fillDown(): boolean {
    const s = this.selection;
    if (s.bottom === s.top || this.rowCount === 0) return false;
    const files = this.order.slice(s.top, s.bottom + 1);
    const contiguous = files.every((f, i) => f === files[0] + i);
    if (contiguous) return this.run({ kind: 'fillDown', range: { top: files[0], bottom: files[files.length - 1], left: s.left, right: s.right } });
    const source = this.fileRow(s.top);
    return this.run({ kind: 'patch', cells: this.#selectionPatch((_r, c) => this.table.rows[source][c]).filter((p) => p.row !== source) });
  }

  // ---- rows ----------------------------------------------------------------------------------

  /** File rows of the selected view rows, in display order. */
  selectedFileRows(): number[] {
    const s = this.selection;
    return this.order.slice(s.top, s.bottom + 1);
  }

  /** Insert blank rows above or below the selection (as many as are selected), in the file next to it. */
  insertRows(where: 'above' | 'below', count = this.selection.bottom - this.selection.top + 1): boolean {
    const files = this.selectedFileRows();
    const at = files.length === 0 ? this.table.rows.length : where === 'above' ? Math.min(...files) : Math.max(...files) + 1;
    const ok = this.run({ kind: 'insertRows', at, rows: Array.from({ length: Math.max(1, count) }, () => blankRow(this.colCount)) });
    if (ok) this.#selectFileRow(at);
    return ok;
  }

  /** Add a blank row at the end of the file and select its first cell. */
  appendRow(): boolean {
    const at = this.table.rows.length;
    const ok = this.run({ kind: 'insertRows', at, rows: [blankRow(this.colCount)] });
    if (ok) this.#selectFileRow(at, 0);
    return ok;
  }

  #selectFileRow(file: number, col = this.focus.col): void {
    const at = this.order.indexOf(file);
    if (at >= 0) this.select(at, col);
  }

  deleteRows(): boolean {
    const files = this.selectedFileRows();
    if (files.length === 0) return false;
    const top = this.selection.top;
    const ok = this.run({ kind: 'deleteRows', indices: files });
    if (ok) this.select(top, this.focus.col);
    return ok;
  }

  duplicateRows(): boolean {
    const files = this.selectedFileRows();
    if (files.length === 0) return false;
    const ok = this.run({ kind: 'duplicateRows', indices: files });
    if (ok) {
      const first = Math.max(...files) + 1;
      const a = this.order.indexOf(first);
      const b = this.order.indexOf(first + files.length - 1);
      if (a >= 0 && b >= 0) {
        this.anchor = { row: a, col: 0 };
        this.focus = { row: b, col: this.colCount - 1 };
      }
    }
    return ok;
  }

  /** Move the selected rows one up or down in the file. Only in file order (no sort or filter). */
  moveRows(delta: -1 | 1): boolean {
    if (!this.isFileOrder) {
      this.error = { code: 'table/view-order', message: 'Rows can only be moved while the grid shows file order. Clear the sort and filters first.' };
      return false;
    }
    const s = this.selection;
    const count = s.bottom - s.top + 1;
    const to = s.top + delta;
    if (to < 0 || to + count > this.rowCount) return false;
    const ok = this.run({ kind: 'moveRows', from: s.top, count, to });
    if (ok) {
      this.anchor = { ...this.anchor, row: this.anchor.row + delta };
      this.focus = { ...this.focus, row: this.focus.row + delta };
    }
    return ok;
  }

  // ---- columns -------------------------------------------------------------------------------

  addColumn(at = this.colCount, name = freshColumnName(this.table.columns, `column_${this.colCount + 1}`)): boolean {
    const ok = this.run({ kind: 'addColumn', at, name });
    if (ok && this.rowCount > 0) this.select(this.focus.row, at);
    return ok;
  }

  renameColumn(col: number, name: string): boolean {
    const old = this.table.columns[col];
    if (old === undefined || old === name.trim()) return false;
    const ok = this.run({ kind: 'renameColumn', at: col, name });
    if (ok) {
      const now = this.table.columns[col];
      if (this.sort?.column === old) this.sort = { ...this.sort, column: now };
      this.filters = this.filters.map((f) => (f.column === old ? { ...f, column: now } : f));
      if (this.findColumn === old) this.findColumn = now;
    }
    return ok;
  }

  deleteColumn(col: number): boolean {
    const name = this.table.columns[col];
    const ok = this.run({ kind: 'deleteColumn', at: col });
    if (ok) {
      if (this.sort?.column === name) this.sort = undefined;
      this.filters = this.filters.filter((f) => f.column !== name);
      if (this.findColumn === name) this.findColumn = undefined;
    }
    return ok;
  }

  moveColumn(from: number, to: number): boolean {
    if (from === to) return false;
    const ok = this.run({ kind: 'moveColumn', from, to });
    if (ok && this.focus.col === from) this.select(this.focus.row, to);
    return ok;
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
