/** The shapes the card data grid (`GridState`) takes and reports: cells, edits, keys, filters, options. */
import type { CardTable, ColumnSpecs, FilterMode, History, HistoryStep, TableCommand } from '../../../../shared/cards/table';

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
