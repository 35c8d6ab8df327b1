/**
 * The check before a cards table is written: its shape, its CSV, the file not changed on disk since
 * the editor read it, and the whole project still loading with it (the loader's problems, naming
 * row and column). At the documented limit (10,000 rows × 200 columns) that is about a second of
 * work, so the editor runs it on a worker for a big table (`save-cards` in export-tasks.ts) and
 * inline for a small one. Either way the main thread writes the file afterwards (user-projects.ts),
 * so a save is announced to the file watcher before it lands; a big one is first found still at
 * the revision the edit started from (`stillAt`) and written through the system's threads.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { ProjectFileError } from '../../shared/cards/limits';
import { loadCardSet } from '../../shared/cards/load';
import { CardSetFile } from '../../shared/cards/schema';
import { err, ok, type Result } from '../../shared/util/result';
import { checkTable, revisionOf, tableToCsv, type CardTable } from './project-write';
import { readProjectBytes, readProjectText, resolveSync } from './safe-read';
import { rawProjectFile } from './project-file';
import { USER_PROJECT_ERRORS } from './user-project-errors';

/** The revision of a cards file that does not exist (yet). */
export const MISSING = 'missing';

/** A table at or above this many cells is checked on a worker (a tenth of the limit's ~1 s of checking). */
export const OFF_THREAD_CELLS = 200_000;

/** Whether checking `table` is heavy enough to be done on a worker. */
export function bigTable(table: CardTable): boolean {
  return table.rows.length * table.columns.length >= OFF_THREAD_CELLS;
}

/** What to check: the project folder, the table, and the revision of the cards file it was edited from. */
export interface CardSaveInput {
  dir: string;
  table: CardTable;
  baseRevision: string;
}

/** A table that passed: the cards file (relative to the folder), its bytes to write and their revision, and how many cards it holds. */
export interface CheckedCardSave {
  rel: string;
  bytes: Uint8Array;
  revision: string;
  cardCount: number;
  /** The cards file's `fileStamp` taken before it was found at the base revision. */
  stamp: string;
}

/** Checks a table off the main thread (the export workers' `save-cards` task). */
export type CardSaveChecker = (input: CardSaveInput) => Promise<Result<CheckedCardSave>>;

/** The revision of a project's file as it is on disk now (`MISSING` when it cannot be read). */
export function revisionNow(dir: string, rel: string): string {
  try {
    const bytes = readProjectBytes(dir, rel);
    return bytes === undefined ? MISSING : revisionOf(bytes);
  } catch (e) {
    if (e instanceof ProjectFileError) return MISSING;
    throw e;
  }
}

/**
 * The identity of a project file's version without reading it: inode, size and the times of its
 * last change (a write changes them), `MISSING` when it is not there or cannot be used.
 */
export function fileStamp(dir: string, rel: string): string {
  try {
    const path = resolveSync(dir, rel);
    if (path === undefined) return MISSING;
    const st = statSync(path, { bigint: true });
    return `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
  } catch {
    return MISSING;
  }
}

/**
 * Whether the cards file is still as `checked` found it, at `baseRevision`: its stamp unchanged,
 * or else its content (a file touched but not changed is still the same).
 */
export function stillAt(dir: string, checked: CheckedCardSave, baseRevision: string): Result<null> {
  if (fileStamp(dir, checked.rel) === checked.stamp) return ok(null);
  const now = revisionNow(dir, checked.rel);
  return now === baseRevision ? ok(null) : cardsConflict(dir, checked.rel, now);
}

/** The conflict answered when the cards file changed on disk since `baseRevision`. */
function cardsConflict(dir: string, rel: string, now: string): Result<never> {
  return err(USER_PROJECT_ERRORS.CONFLICT, `${join(dir, rel)} changed on disk since it was loaded (someone or another program edited it); reload it to see that change, then make your edit again.`, { revision: now });
}

/** Check a table before it is written as the project's cards file (see the module comment). */
export function checkCardSave({ dir, table, baseRevision }: CardSaveInput): Result<CheckedCardSave> {
  const shape = checkTable(table);
  if (!shape.ok) return shape;
  const raw = rawProjectFile(dir);
  if (!raw.ok) return raw;
  const pf = CardSetFile.safeParse(raw.value);
  if (!pf.success) return err('cards/invalid', `${join(dir, 'project.json')} has problems; fix it before saving cards (${pf.error.issues[0]?.path.join('.')}: ${pf.error.issues[0]?.message}).`);
  const rel = pf.data.cards;
  const csv = tableToCsv(table);
  const stamp = fileStamp(dir, rel);
  const now = revisionNow(dir, rel);
  if (now !== baseRevision) return cardsConflict(dir, rel, now);
  let loaded: ReturnType<typeof loadCardSet>;
  try {
    loaded = loadCardSet((r) => (r === rel ? csv : readProjectText(dir, r)));
  } catch (e) {
    if (!(e instanceof ProjectFileError)) throw e;
    return err('cards/invalid', `${e.file}: ${e.message}`, [{ file: e.file, where: '(file)', message: e.message }]);
  }
  if (!loaded.ok) return loaded;
  const bytes = Buffer.from(csv, 'utf8');
  return ok({ rel, bytes, revision: revisionOf(bytes), cardCount: loaded.value.cards.length, stamp });
}
