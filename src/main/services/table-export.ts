/**
 * A sandbox playtest exported from the desktop app: the report (Markdown) or the record (JSON
 * Lines) the table wrote, saved into the export folder under a name of the project's and the
 * time's — reserved first so two exports never take one name, written atomically (a temporary file
 * renamed into place), like every other export.
 */
import { err, ok, type Result } from '../../shared/util/result';
import { minuteStamp, writeNewFile } from './export/reserve';
import type { ProjectStore } from './projects';
import { slug } from './user-project-registry';

/** The largest playtest file written (a long session's log, well under this). */
export const PLAYTEST_EXPORT_MAX = 20 * 1024 * 1024;

export function exportPlaytest(
  projects: Pick<ProjectStore, 'get' | 'summary'>,
  exportDir: string,
  arg: { projectId: string; kind: 'md' | 'jsonl'; text: string },
  now: () => Date = () => new Date(),
): Result<{ path: string; fileName: string; bytes: number }> {
  const p = projects.get(arg.projectId);
  if (!p.ok) return p;
  const summary = projects.summary(p.value);
  const base = `${slug(summary.name.en) || slug(arg.projectId) || 'project'}-playtest-${minuteStamp(now())}`;
  const bytes = new TextEncoder().encode(arg.text);
  if (bytes.length > PLAYTEST_EXPORT_MAX) return err('export/too-big', `The playtest export is over ${PLAYTEST_EXPORT_MAX / 1024 / 1024} MiB.`);
  const written = writeNewFile(exportDir, base, `.${arg.kind}`, bytes);
  if (!written.ok) return written;
  return ok({ path: written.value.file, fileName: `${written.value.name}.${arg.kind}`, bytes: bytes.length });
}
