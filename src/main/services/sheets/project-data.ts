/**
 * Card data in and out of a project as files: the import preview (a spreadsheet read and compared
 * with the project's cards), an import applied and saved (the CLI), and an export into the export
 * folder. The IPC handlers and the CLI share these; the heavy reading can be handed to a worker
 * (`read`), which is how the app keeps XLSX parsing off the main thread.
 */
import type { ImportPreviewResult, SheetExportResult } from '../../../shared/ipc/contract';
import { diffFailureNote, importNotes } from '../../../shared/sheets/import-warnings';
import { applyImport, diffTables, type Table, type TableDiff } from '../../../shared/sheets/import-diff';
import { err, ok, type Result } from '../../../shared/util/result';
import { writeNewFile } from '../export/reserve';
import type { ProjectEditor } from '../user-projects';
import { slug } from '../user-project-registry';
import type { ProjectStore } from '../projects';
import { readSheetBook, writeSheet, type SheetFormat } from './sheet-file';
import type { WorkbookTable } from './xlsx';

/** Reads a spreadsheet's bytes (inline, or on a worker thread). */
export type SheetReader = (file: string, bytes: Uint8Array, sheet?: string) => Promise<Result<WorkbookTable & { format: SheetFormat }>>;

/** The inline reader (the CLI, tests). */
export const readInline: SheetReader = (file, bytes, sheet) => readSheetBook(file, bytes, sheet === undefined ? {} : { sheet });

/** The services the functions here use. */
export interface DataDeps {
  editor: ProjectEditor;
  projects: ProjectStore;
}

/** Only the last part of a name the user's system gave (browsers send just the name; a path is cut). */
export const baseName = (name: string): string => name.split(/[\\/]/).pop()!.trim() || name.trim();

/**
 * Read a spreadsheet and compare it with the project's cards file on disk (rows by `id`): the
 * incoming table, the sheet names, the diff and what to know before applying. A diff that fails
 * (two rows with one id) answers `diff: null` with the reason as a warning, so the dialog can
 * still show the file and let the designer match rows by another column.
 * @example await previewProjectImport(deps, readInline, { projectId: 'u-my-game', fileName: 'cards.xlsx', bytes })
 */
export async function previewProjectImport(
  deps: DataDeps,
  read: SheetReader,
  arg: { projectId: string; fileName: string; bytes: Uint8Array; sheet?: string },
): Promise<Result<ImportPreviewResult>> {
  const current = deps.editor.cards(arg.projectId);
  if (!current.ok) return current;
  const fileName = baseName(arg.fileName);
  const book = await read(fileName, arg.bytes, arg.sheet);
  if (!book.ok) return book;
  const cur: Table = { columns: current.value.columns, rows: current.value.rows };
  const incoming = book.value.table;
  const diff = diffTables(cur, incoming, { key: 'id' });
  const warnings = diff.ok ? importNotes(cur, incoming, diff.value) : [diffFailureNote(diff.error)];
  return ok({
    fileName,
    format: book.value.format,
    incoming,
    sheet: book.value.sheet,
    sheets: book.value.sheets,
    current: { ...cur, revision: current.value.revision },
    diff: diff.ok ? diff.value : null,
    warnings,
  });
}

/** What `importIntoProject` did (or, with `dryRun`, would do). */
export interface ImportOutcome {
  diff: TableDiff;
  table: Table;
  notes: ReturnType<typeof importNotes>;
  /** The new revision of the cards file; absent for a dry run. */
  revision?: string;
}

/**
 * Import a spreadsheet into a user project's cards file (the CLI's `import`): read, compare by
 * `id`, merge (`removeMissing` drops rows and columns the file lacks), then save through the
 * editor — refused for built-in projects ("make a copy"), checked to load, written atomically, and
 * only if the file did not change on disk meanwhile. `dryRun` stops before saving.
 */
export async function importIntoProject(
  deps: DataDeps,
  read: SheetReader,
  arg: { projectId: string; fileName: string; bytes: Uint8Array; sheet?: string; removeMissing: boolean; dryRun: boolean },
): Promise<Result<ImportOutcome>> {
  if (!arg.dryRun && deps.projects.isBuiltIn(arg.projectId))
    return err('projects/read-only', `"${arg.projectId}" is a built-in project and is never changed; make a copy first (npm run cli -- new my-copy --from ${arg.projectId}) and import into the copy.`);
  const p = await previewProjectImport(deps, read, arg);
  if (!p.ok) return p;
  const { current, incoming, diff } = p.value;
  if (!diff) {
    const note = p.value.warnings[0]!;
    return err(note.code === 'import/duplicate-id' ? 'sheets/duplicate-id' : note.code, note.message.en);
  }
  const table = applyImport(current, incoming, diff, { removeMissing: arg.removeMissing });
  const notes = importNotes(current, incoming, diff);
  if (arg.dryRun) return ok({ diff, table, notes });
  const saved = deps.editor.saveCards(arg.projectId, table, current.revision);
  if (!saved.ok) return saved;
  return ok({ diff, table, notes, revision: saved.value.revision });
}

/** A one-line summary of a diff, for the CLI: `+2 added, ~3 changed, -1 removed (kept), 47 unchanged`. */
export function diffSummary(diff: TableDiff, removeMissing: boolean): string {
  const removed = diff.rowsRemoved.length;
  const parts = [`+${diff.rowsAdded.length} added`, `~${diff.rowsChanged.length} changed`, `-${removed} ${removeMissing ? 'removed' : `not in the file (kept; --remove-missing removes ${removed === 1 ? 'it' : 'them'})`}`, `${diff.unchanged} unchanged`];
  if (diff.columnsAdded.length) parts.push(`new columns: ${diff.columnsAdded.join(', ')}`);
  if (diff.columnsRemoved.length) parts.push(`${removeMissing ? 'removed' : 'kept'} columns not in the file: ${diff.columnsRemoved.join(', ')}`);
  return parts.join('; ');
}

const MIME: Record<SheetFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The bytes of a table as a CSV (UTF-8, no mark) or XLSX file. The header must be a real one
 * (names unique, not empty) and every row as long as it.
 */
export async function dataFileBytes(table: Table, format: SheetFormat): Promise<Result<Uint8Array>> {
  const seen = new Set<string>();
  for (const [i, c] of table.columns.entries()) {
    if (c.trim() === '') return err('sheets/invalid', `Column ${i + 1} has no name; name it before exporting.`);
    if (seen.has(c)) return err('sheets/invalid', `The column "${c}" appears twice; rename one of them before exporting.`);
    seen.add(c);
  }
  const bad = table.rows.findIndex((r) => r.length !== table.columns.length);
  if (bad >= 0) return err('sheets/invalid', `Row ${bad + 2} has ${table.rows[bad]!.length} cells for ${table.columns.length} columns.`);
  return ok(await writeSheet(table, format));
}

/**
 * Write card data into the export folder as `<project>-cards.csv|xlsx` (`-2`, `-3`… when taken:
 * the name is reserved first, so nothing is overwritten), atomically. With `download`, the answer
 * carries the bytes (base64) so browser mode can offer the file as a download too.
 */
export async function exportProjectData(
  deps: Pick<DataDeps, 'projects'>,
  exportDir: string,
  arg: { projectId: string; format: SheetFormat; columns: string[]; rows: string[][]; download?: boolean },
): Promise<Result<SheetExportResult>> {
  const p = deps.projects.get(arg.projectId);
  if (!p.ok) return p;
  const summary = deps.projects.summary(p.value);
  const base = `${slug(summary.name.en) || slug(arg.projectId) || 'project'}-cards`;
  const bytes = await dataFileBytes({ columns: arg.columns, rows: arg.rows }, arg.format);
  if (!bytes.ok) return bytes;
  const written = writeNewFile(exportDir, base, `.${arg.format}`, bytes.value);
  if (!written.ok) return written;
  return ok({
    path: written.value.file,
    fileName: `${written.value.name}.${arg.format}`,
    bytes: bytes.value.length,
    mime: MIME[arg.format],
    ...(arg.download ? { data: Buffer.from(bytes.value).toString('base64') } : {}),
  });
}
