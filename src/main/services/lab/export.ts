/**
 * A lab run exported from the Balance page: the PDF report, the CSV of its aggregates or the JSONL
 * of every game, written into the export folder under a name of the project's, the kind's and the
 * time's — reserved first so two exports never take one name, written atomically (a temporary file
 * renamed into place), like every other export. The PDF is drawn on an export worker.
 */
import type { LabExportResult } from '../../../shared/ipc/contract';
import { ok, type Result } from '../../../shared/util/result';
import { minuteStamp, writeNewFile } from '../export/reserve';
import { slug } from '../user-project-registry';

export type LabExportKind = 'pdf' | 'csv' | 'jsonl';
export const LAB_EXPORT_MIME: Record<LabExportKind, string> = { pdf: 'application/pdf', csv: 'text/csv', jsonl: 'application/x-ndjson' };


/** Write `bytes` as `<project>-balance-<date>.<kind>` into `exportDir`. */
export function writeLabExport(exportDir: string, project: string, kind: LabExportKind, bytes: Uint8Array, download: boolean, now: Date = new Date()): Result<LabExportResult> {
  const written = writeNewFile(exportDir, `${slug(project) || 'project'}-balance-${minuteStamp(now)}`, `.${kind}`, bytes);
  if (!written.ok) return written;
  return ok({ path: written.value.file, fileName: `${written.value.name}.${kind}`, bytes: bytes.length, mime: LAB_EXPORT_MIME[kind], ...(download ? { data: Buffer.from(bytes).toString('base64') } : {}) });
}
