import { gridRowNumber } from '../messages';
import type { CardTable } from '../../../../../shared/cards/table';
import type { ImportPreviewResult, WindowApi } from '../../../../../shared/ipc/contract';
import { applyImport, diffTables, headerKey, type Table, type TableDiff } from '../../../../../shared/sheets/import-diff';
import { diffFailureNote, importNotes, type ImportNote } from '../../../../../shared/sheets/import-warnings';
import { fileToBase64 } from './file-bytes';

/** The largest file the preview channel takes (20 MB). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** How many changed rows the dialog lists (the counts cover all of them). */
export const LISTED_CHANGES = 200;

/** A failure of reading the file, as a catalogue key and its parameters (worded by the dialog). */
export interface ImportFailure {
  key:
    | 'import.error.encoding-utf16'
    | 'import.error.encoding-legacy'
    | 'import.error.no-sheet'
    | 'import.error.format'
    | 'import.error.too-large'
    | 'import.error.file-too-large'
    | 'import.error.invalid'
    | 'import.error.other'
    | 'import.error.read'
    | 'import.error.quote';
  params: Record<string, string>;
}

/** One line of the column mapping: a file column and the project column it fills (or new / missing). */
export interface ColumnLine {
  incoming: string | null;
  current: string | null;
  kind: 'matched' | 'new' | 'missing';
}

/** One row of the change list. */
export interface ChangeLine {
  kind: 'added' | 'changed' | 'removed';
  /** The row's id (or "" when rows have none). */
  id: string;
  /** The row's number in the grid (as the data page numbers rows, from 1); for added rows, the number it will get. */
  line: number;
  cells: { column: string; old: string; new: string }[];
}

/** The preview channel, as the dialog uses it (a fake in tests). */
export type PreviewApi = Pick<WindowApi, 'SHEETS_PREVIEW_IMPORT'>;

/** Map a channel failure to a message key (main's messages are English; the code says which). */
export function failureOf(e: unknown, name: string, sheet?: string): ImportFailure {
  const code = (e as { code?: string })?.code ?? '';
  const message = (e as Error)?.message ?? String(e);
  const details = (e as { details?: { encoding?: string; quoteRow?: number } })?.details;
  if (code === 'sheets/encoding') return { key: details?.encoding === 'utf-16' ? 'import.error.encoding-utf16' : 'import.error.encoding-legacy', params: { name } };
  if (code === 'sheets/no-sheet') return { key: 'import.error.no-sheet', params: { sheet: sheet ?? '' } };
  if (code === 'sheets/too-large') return { key: 'import.error.too-large', params: { message } };
  if (code === 'sheets/invalid' && typeof details?.quoteRow === 'number') return { key: 'import.error.quote', params: { name, row: String(details.quoteRow) } };
  if (code === 'sheets/invalid' && /is not a CSV or XLSX file/.test(message)) return { key: 'import.error.format', params: { name } };
  if (code === 'sheets/invalid') return { key: 'import.error.invalid', params: { message } };
  return { key: 'import.error.other', params: { message } };
}

/**
 * The import dialog's state: the file read by main (`sheets:preview-import`), then everything else
 * computed here from the owner's table — which may hold edits not yet saved — with the same shared
 * diff main uses: the column mapping, the diff by the chosen key column (or row order), the notes,
 * and the table to apply. Nothing is saved: `result()` is handed to the owner, who applies it as
 * one undoable command.
 */
export class ImportState {
  /** idle → reading → ready, or failed. */
  status = $state<'idle' | 'reading' | 'ready' | 'failed'>('idle');
  fileName = $state('');
  failure = $state<ImportFailure | null>(null);
  preview = $state.raw<ImportPreviewResult | null>(null);
  /** The column rows are matched by (a name both tables have), or null for row order. */
  key = $state<string | null>('id');
  removeMissing = $state(false);

  #file: Blob | null = null;
  #token = 0;

  constructor(
    private readonly api: PreviewApi,
    private readonly projectId: string,
    private readonly table: () => CardTable,
  ) {}

  /** The owner's table as a plain `Table` (cells copied out of any reactive proxy). */
  #current(): Table {
    const t = this.table();
    return { columns: [...t.columns], rows: t.rows.map((r) => [...r]) };
  }

  /** Read a picked or dropped file (and, for a workbook, `sheet`). */
  async read(file: Blob & { name?: string }, sheet?: string, name: string = file.name ?? 'cards.csv'): Promise<void> {
    const token = ++this.#token;
    this.#file = file;
    this.fileName = name;
    this.failure = null;
    if (file.size > IMPORT_MAX_BYTES) {
      this.status = 'failed';
      this.failure = { key: 'import.error.file-too-large', params: { name: this.fileName } };
      return;
    }
    this.status = 'reading';
    let bytes: string;
    try {
      bytes = await fileToBase64(file);
    } catch {
      if (token !== this.#token) return;
      this.status = 'failed';
      this.failure = { key: 'import.error.read', params: { name: this.fileName } };
      return;
    }
    try {
      const p = await this.api.SHEETS_PREVIEW_IMPORT({ projectId: this.projectId, fileName: this.fileName, bytes, ...(sheet ? { sheet } : {}) });
      if (token !== this.#token) return;
      this.preview = p;
      const hasId = (cols: readonly string[]) => cols.some((c) => headerKey(c) === 'id');
      this.key = hasId(this.table().columns) && hasId(p.incoming.columns) ? 'id' : null;
      this.status = 'ready';
    } catch (e) {
      if (token !== this.#token) return;
      this.status = 'failed';
      this.failure = failureOf(e, this.fileName, sheet);
    }
  }

  /** Read another sheet of the same workbook. */
  chooseSheet(sheet: string): Promise<void> {
    return this.#file ? this.read(this.#file, sheet, this.fileName) : Promise.resolve();
  }

  /** Columns both tables have (by header), the candidates for the key. */
  get keyChoices(): string[] {
    const p = this.preview;
    if (!p) return [];
    const inFile = new Set(p.incoming.columns.map(headerKey));
    return this.table().columns.filter((c) => inFile.has(headerKey(c)));
  }

  /** The diff against the owner's table, or the failure (two rows with one key) as a note. */
  get diff(): { ok: true; value: TableDiff } | { ok: false; note: ImportNote } | null {
    const p = this.preview;
    if (!p) return null;
    const d = diffTables(this.#current(), p.incoming, { key: this.key });
    return d.ok ? d : { ok: false, note: diffFailureNote(d.error) };
  }

  /** What to know before applying (plus the duplicate-key failure, if any). */
  notes(diff = this.diff): ImportNote[] {
    const p = this.preview;
    if (!p || !diff) return [];
    if (!diff.ok) return [diff.note];
    return importNotes(this.#current(), p.incoming, diff.value, this.key ?? 'id').filter((n) => n.code !== 'import/no-key' || this.key !== null || this.keyChoices.length === 0);
  }

  /** The column mapping: file columns in file order (matched or new), then project columns the file lacks. */
  columns(diff = this.diff): ColumnLine[] {
    const p = this.preview;
    if (!p || !diff?.ok) return [];
    const cur = this.table().columns;
    const lines: ColumnLine[] = p.incoming.columns.map((c, i) => {
      const at = diff.value.columnMap[i]!;
      return at >= 0 ? { incoming: c, current: cur[at]!, kind: 'matched' } : { incoming: c, current: null, kind: 'new' };
    });
    for (const c of diff.value.columnsRemoved) lines.push({ incoming: null, current: c, kind: 'missing' });
    return lines;
  }

  /** Changed rows (old → new per cell), added rows and — when they will be removed — removed rows, at most LISTED_CHANGES. */
  changes(diff = this.diff): { lines: ChangeLine[]; more: number } {
    const p = this.preview;
    if (!p || !diff?.ok) return { lines: [], more: 0 };
    const d = diff.value;
    const all: ChangeLine[] = [];
    for (const c of d.rowsChanged) {
      if (all.length >= LISTED_CHANGES) break;
      all.push({ kind: 'changed', id: c.id, line: gridRowNumber(c.currentRow), cells: c.cells });
    }
    const kept = this.table().rows.length - (this.removeMissing ? d.rowsRemoved.length : 0);
    for (const [n, a] of d.rowsAdded.entries()) {
      if (all.length >= LISTED_CHANGES) break;
      const row = p.incoming.rows[a.incomingRow]!;
      all.push({ kind: 'added', id: a.id, line: gridRowNumber(kept + n), cells: p.incoming.columns.map((column, i) => ({ column, old: '', new: row[i] ?? '' })).filter((c) => c.new !== '') });
    }
    if (this.removeMissing)
      for (const r of d.rowsRemoved) {
        if (all.length >= LISTED_CHANGES) break;
        all.push({ kind: 'removed', id: r.id, line: gridRowNumber(r.currentRow), cells: [] });
      }
    const total = d.rowsChanged.length + d.rowsAdded.length + (this.removeMissing ? d.rowsRemoved.length : 0);
    return { lines: all, more: total - all.length };
  }

  /** Whether applying would change the table. */
  changesAnything(diff = this.diff): boolean {
    if (!diff?.ok) return false;
    const d = diff.value;
    return d.rowsAdded.length + d.rowsChanged.length + d.columnsAdded.length > 0 || (this.removeMissing && d.rowsRemoved.length + d.columnsRemoved.length > 0);
  }

  /** The table after the import, for the owner to apply as one command; null when it cannot be applied. */
  result(): CardTable | null {
    const p = this.preview;
    const diff = this.diff;
    if (!p || !diff?.ok) return null;
    return applyImport(this.#current(), p.incoming, diff.value, { removeMissing: this.removeMissing });
  }
}
