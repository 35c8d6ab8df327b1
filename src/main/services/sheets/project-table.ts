import { join } from 'node:path';
import { err, ok, type Result } from '../../../shared/util/result';
import { ProjectFileError } from '../../../shared/cards/limits';
import { writeAtomicResult } from '../export/write';
import { readProjectBytes } from '../safe-read';
import { parseCsv, tableToCsv } from './csv';
import { diffTables, type TableDiff } from './diff';
import { readSheet } from './sheet-file';
import type { Table } from './table';
import { revisionOf } from '../watch';

/** The card data file of a project folder. */
export const CARDS_FILE = 'cards.csv';

/** A project's cards.csv as a table (read only inside the folder, through `readProjectBytes`). A missing file is an empty table with an `id` column. */
export function readProjectTable(dir: string): Result<Table> {
  let bytes: Buffer | undefined;
  try {
    bytes = readProjectBytes(dir, CARDS_FILE);
  } catch (e) {
    if (e instanceof ProjectFileError) return err('sheets/unreadable', e.message);
    throw e;
  }
  if (bytes === undefined) return ok({ columns: ['id'], rows: [] });
  return parseCsv(CARDS_FILE, bytes);
}

/** What an import would do: the current and incoming tables and their difference. */
export interface ImportPreview {
  current: Table;
  incoming: Table;
  diff: TableDiff;
}

/**
 * Read a spreadsheet (`file` names it, for the format and messages) and compare it with the
 * project's cards.csv, rows matched by `id`, for the "what changes" preview before applying.
 * @example const p = await previewImport(dir, 'cards.xlsx', bytes); applyImport(p.value.current, p.value.incoming, p.value.diff, { removeMissing: false })
 */
export async function previewImport(dir: string, file: string, bytes: Uint8Array, opts: { sheet?: string } = {}): Promise<Result<ImportPreview>> {
  const current = readProjectTable(dir);
  if (!current.ok) return current;
  const incoming = await readSheet(file, bytes, opts);
  if (!incoming.ok) return incoming;
  const diff = diffTables(current.value, incoming.value, { key: 'id' });
  if (!diff.ok) return diff;
  return ok({ current: current.value, incoming: incoming.value, diff: diff.value });
}

/**
 * Write a table as the project's cards.csv (stable CSV, atomic write). `announce` gets the file
 * and the revision before writing, so a watcher does not report the app's own save
 * (`(rel, rev) => watcher.recordRevision(projectId, rel, rev)`).
 */
export function writeProjectTable(dir: string, table: Table, announce?: (rel: string, revision: string) => void): Result<{ revision: string }> {
  const bytes = Buffer.from(tableToCsv(table), 'utf8');
  const revision = revisionOf(bytes);
  announce?.(CARDS_FILE, revision);
  const written = writeAtomicResult(join(dir, CARDS_FILE), bytes);
  if (!written.ok) return written;
  return ok({ revision });
}
