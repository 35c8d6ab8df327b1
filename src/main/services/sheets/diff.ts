/** The import diff lives in shared code (the renderer's import dialog uses it too); main re-exports it. */
export { applyImport, diffTables, type CellChange, type TableDiff } from '../../../shared/sheets/import-diff';
