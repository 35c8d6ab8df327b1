/**
 * A lab run exported from the Balance page: the PDF report, the CSV of its aggregates or the JSONL
 * of every game, written into the export folder under a name of the project's, the kind's and the
 * time's — reserved first so two exports never take one name, written atomically (a temporary file
 * renamed into place), like every other export. The PDF is drawn on an export worker.
 */
import type { LabExportResult } from '../../../shared/ipc/contract';
import { err, ok, type Result } from '../../../shared/util/result';
import { reserveName } from '../export/reserve';
import { ensureDir, writeAtomic, WriteError } from '../export/write';
import { slug } from '../user-project-registry';

export type LabExportKind = 'pdf' | 'csv' | 'jsonl';
export const LAB_EXPORT_MIME: Record<LabExportKind, string> = { pdf: 'application/pdf', csv: 'text/csv', jsonl: 'application/x-ndjson' };


/** Write `bytes` as `<project>-balance-<date>.<kind>` into `exportDir`. */
export function writeLabExport(exportDir: string, project: string, kind: LabExportKind, bytes: Uint8Array, download: boolean, now: Date = new Date()): Result<LabExportResult> {
  const two = (n: number) => String(n).padStart(2, '0');
  const base = `${slug(project) || 'project'}-balance-${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}`;
  try {
    ensureDir(exportDir, 0o700);
  } catch (e) {
    if (e instanceof WriteError) return err(e.code, e.message);
    throw e;
  }
  const slot = reserveName(exportDir, base, `.${kind}`);
  if (!slot.ok) return slot;
  try {
    writeAtomic(slot.value.file, bytes);
  } catch (e) {
    slot.value.release();
    if (e instanceof WriteError) return err(e.code, e.message);
    throw e;
  }
  slot.value.release();
  return ok({ path: slot.value.file, fileName: `${slot.value.name}.${kind}`, bytes: bytes.length, mime: LAB_EXPORT_MIME[kind], ...(download ? { data: Buffer.from(bytes).toString('base64') } : {}) });
}
