/** Spreadsheets: importing card data from a sheet (with a preview of what changes) and exporting it to one. */
import type { Bilingual } from './app';

/** The sheets channels: `domain:verb` names by key. */
export const SHEETS_CHANNELS = {
  /** Read a spreadsheet (CSV or XLSX) to import: its table, the sheet names, and what it changes in the project's cards. */
  SHEETS_PREVIEW_IMPORT: 'sheets:preview-import',
  /** Write card data as CSV or XLSX into the export folder (and answer the bytes for a browser download when asked). */
  SHEETS_EXPORT: 'sheets:export',
} as const;

/** A sheet of card data: a header and rows of text cells (every row as long as the header). */
export interface SheetTable {
  columns: string[];
  rows: string[][];
}

/** A spreadsheet to preview for import: its file name (for the format) and its bytes, base64. */
export interface PreviewImportArg {
  projectId: string;
  fileName: string;
  /** The file's bytes, base64 (at most 20 MB decoded). */
  bytes: string;
  /** The XLSX sheet to read (default: the first visible one). */
  sheet?: string;
}

/** One cell an import changes (the column as the project names it). */
export interface ImportCellChange {
  column: string;
  old: string;
  new: string;
}

/** What importing a sheet over the project's cards does (see shared/sheets/import-diff.ts `TableDiff`). */
export interface ImportDiff {
  key: { current: number; incoming: number } | null;
  /** For each incoming column, the index of the project's matching column, or -1 (a new column). */
  columnMap: number[];
  columnsAdded: string[];
  columnsRemoved: string[];
  rowsAdded: { incomingRow: number; id: string }[];
  rowsChanged: { currentRow: number; incomingRow: number; id: string; cells: ImportCellChange[] }[];
  rowsRemoved: { currentRow: number; id: string }[];
  unchanged: number;
}

/** Something to know before applying an import (new or missing columns, rows without an id…). */
export interface ImportWarning {
  code: string;
  message: Bilingual;
}

/** `sheets:preview-import`: the file read as a table, and its diff against the project's cards file on disk. */
export interface ImportPreviewResult {
  fileName: string;
  format: 'csv' | 'xlsx';
  /** The sheet as read, in the file's column order. */
  incoming: SheetTable;
  /** The XLSX sheet read, and every sheet of the workbook (empty for a CSV). */
  sheet: string;
  sheets: string[];
  /** The project's cards as on disk (what `diff` compares with; `revision` as projects:cards answers it). */
  current: SheetTable & { revision: string };
  /** Null when rows cannot be matched by `id` (two rows share one); `warnings` says which. */
  diff: ImportDiff | null;
  warnings: ImportWarning[];
}

/** `sheets:export`: card data to write as a file in the export folder. */
export interface SheetExportArg {
  projectId: string;
  format: 'csv' | 'xlsx';
  columns: string[];
  rows: string[][];
  /** Also answer the file's bytes (base64), for a download in browser mode. */
  download?: boolean;
}

/** A written data file. */
export interface SheetExportResult {
  path: string;
  fileName: string;
  bytes: number;
  /** The file's bytes, base64, when `download` was asked. */
  data?: string;
  mime: string;
}

/** The arguments and results of the sheets channels. */
export interface SheetsInvokeMap {
  [SHEETS_CHANNELS.SHEETS_PREVIEW_IMPORT]: (arg: PreviewImportArg) => ImportPreviewResult;
  [SHEETS_CHANNELS.SHEETS_EXPORT]: (arg: SheetExportArg) => SheetExportResult;
}
