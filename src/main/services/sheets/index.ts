/**
 * Card data as spreadsheets: CSV and XLSX in and out as a checked `Table`, the import preview
 * (what rows and columns change) and applying it, and the project's cards.csv.
 */
export { parseCsv, tableToCsv } from './csv';
export { readXlsx, writeXlsx } from './xlsx';
export { diffTables, applyImport, type TableDiff, type CellChange } from './diff';
export { SHEETS_ERRORS, headerKey, normalizeTable, type Table } from './table';
export { readSheet, writeSheet, sheetFormat, type SheetFormat } from './sheet-file';
export { CARDS_FILE, readProjectTable, previewImport, writeProjectTable, type ImportPreview } from './project-table';
export { readSheetBook } from './sheet-file';
export { readXlsxBook, type WorkbookTable } from './xlsx';
