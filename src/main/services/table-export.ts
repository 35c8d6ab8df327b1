/**
 * A sandbox playtest exported from the desktop app: the report (Markdown) or the record (JSON
 * Lines) the table wrote, saved into the export folder under a name of the project's and the
 * time's — reserved first so two exports never take one name, written atomically (a temporary file
 * renamed into place), like every other export.
 */
import { err, ok, type Result } from '../../shared/util/result';
import { reserveName } from './export/reserve';
import { ensureDir, writeAtomic, WriteError } from './export/write';
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
  const d = now();
  const two = (n: number) => String(n).padStart(2, '0');
  const base = `${slug(summary.name.en) || slug(arg.projectId) || 'project'}-playtest-${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}`;
  const bytes = new TextEncoder().encode(arg.text);
  if (bytes.length > PLAYTEST_EXPORT_MAX) return err('export/too-big', `The playtest export is over ${PLAYTEST_EXPORT_MAX / 1024 / 1024} MiB.`);
  try {
    ensureDir(exportDir, 0o700);
  } catch (e) {
    if (e instanceof WriteError) return err(e.code, e.message);
    throw e;
  }
  const slot = reserveName(exportDir, base, `.${arg.kind}`);
  if (!slot.ok) return slot;
  try {
    writeAtomic(slot.value.file, bytes);
  } catch (e) {
    slot.value.release();
    if (e instanceof WriteError) return err(e.code, e.message);
    throw e;
  }
  slot.value.release();
  return ok({ path: slot.value.file, fileName: `${slot.value.name}.${arg.kind}`, bytes: bytes.length });
}
