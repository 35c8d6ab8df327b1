/**
 * What can be done to the user's own projects: create, copy, open, rename, duplicate, trash, and
 * read and save their cards and settings. Built-in projects are never written. Where the projects
 * are and what their ids are is `user-project-registry.ts`.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { PROJECT_LIMITS, ProjectFileError } from '../../shared/cards/limits';
import { loadCardSet } from '../../shared/cards/load';
import { projectFileVersion } from '../../shared/cards/migrations';
import { CARD_SET_SCHEMA_VERSION, CardSetFile } from '../../shared/cards/schema';
import type { ProjectSettings, ProjectSummary } from '../../shared/ipc/contract';
import { err, ok, type Result } from '../../shared/util/result';
import { dictOf } from '../../shared/util/dict';
import { ensureDir, entryExists as exists, writeAtomic } from './export/write';
import { csvToTable, jsonText, projectTarget, revisionOf, writeBytes, writeBytesAsync, writeProjectJson, writeText, type CardTable } from './project-write';
import { bigTable, checkCardSave, MISSING, revisionNow, stillAt, type CardSaveChecker, type CheckedCardSave } from './card-save';
import { rawProjectFile } from './project-file';
import { applyTablePatch, type TablePatch } from '../../shared/cards/table/patch';
import type { ProjectStore } from './projects';
import { readProjectBytes, readProjectText } from './safe-read';
import { folderName, isRealDir, slug, UserProjectRegistry } from './user-project-registry';
import { USER_PROJECT_ERRORS } from './user-project-errors';
import { COPY_LIMITS, filesToCopy } from './project-copy';
import { blankProjectFiles, both, type CreateArg, type NameArg } from './blank-project';

export { USER_PROJECT_ERRORS } from './user-project-errors';
export { rawProjectFile } from './project-file';
export { MISSING } from './card-save';
export { COPY_LIMITS } from './project-copy';
export { blankProjectFiles, type CreateArg, type NameArg } from './blank-project';

/** A new project's answer: its summary (id, folder) and anything that was left out of a copy. */
export interface CreatedProject {
  summary: ProjectSummary;
  /** Files of the source left out of a copy (links, special files), each with the reason. */
  skipped: { file: string; reason: string }[];
}

/** A cards table as saved, with the revision to send back with the next save, and the project's settings. */
export interface CardsFile extends CardTable {
  revision: string;
  /** The CSV file, relative to the project folder. */
  file: string;
  builtIn: boolean;
  settings: ProjectSettings;
  /** The revision of project.json, to send back with the next settings save. */
  settingsRevision: string;
}

/**
 * What can be done to projects. Writes go only to user projects (built-in ones answer
 * `projects/read-only`), each through `writeAtomic`; new folders are built in a hidden staging
 * folder of the projects folder and renamed into place, so a failure leaves nothing half-made.
 */
export class ProjectEditor {
  constructor(
    private readonly store: ProjectStore,
    private readonly registry: UserProjectRegistry,
    /** Move a folder to the system trash (Electron's shell.trashItem); without it, to `<projects>/.trash`. */
    private readonly trashItem?: (path: string) => Promise<void>,
    /**
     * Told just before the editor writes a project file (project id, path relative to the project
     * folder, the revision it will have), so a file watcher does not report the app's own saves as
     * outside changes.
     */
    private readonly announce?: (projectId: string, rel: string, revision: string) => void,
  ) {}

  /** The folder of a user project, or the failure: not found, or built-in (read-only, "make a copy"). */
  writable(id: string): Result<string> {
    if (this.store.isBuiltIn(id))
      return err(USER_PROJECT_ERRORS.READ_ONLY, `"${id}" is a built-in project and is never changed; make a copy (New project → from ${id}) and edit the copy.`);
    const dir = this.registry.resolve(id);
    if (!dir) return err(USER_PROJECT_ERRORS.NOT_FOUND, `There is no project "${id}"; it may have been moved or trashed. Open its folder again.`);
    return ok(dir);
  }

  /**
   * Build a new project folder from files and remember it: at `at` when given (which must not
   * exist; its parent must), else in the projects folder, named after `name` (made unique).
   */
  private place(name: { zh: string; en: string }, fill: (staging: string) => Result<unknown>, at?: string): Result<{ id: string; dir: string }> {
    const root = at === undefined ? this.registry.dir : dirname(resolve(at));
    if (at !== undefined && exists(resolve(at))) return err(USER_PROJECT_ERRORS.COPY_FAILED, `${resolve(at)} already exists; choose a new folder name (nothing is written over an existing folder).`);
    try {
      if (at === undefined) ensureDir(root, 0o700);
      else if (!lstatSync(root).isDirectory()) throw new Error(`${root} is not a folder`);
    } catch (e) {
      return err(USER_PROJECT_ERRORS.COPY_FAILED, at === undefined ? (e as Error).message : `The folder ${root} does not exist; create it first or choose another place.`);
    }
    const staging = join(root, `.staging-${randomBytes(6).toString('hex')}`);
    try {
      mkdirSync(staging, { mode: 0o700 });
    } catch (e) {
      return err(USER_PROJECT_ERRORS.COPY_FAILED, `Could not create a folder in ${root} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); choose a folder you can write to.`);
    }
    try {
      const filled = fill(staging);
      if (!filled.ok) return filled;
      const base = folderName(name.en || name.zh);
      for (let n = 1; n < 1000; n++) {
        const target = at !== undefined ? resolve(at) : join(root, n === 1 ? base : `${base} ${n}`);
        if (exists(target)) {
          if (at !== undefined) return err(USER_PROJECT_ERRORS.COPY_FAILED, `${target} already exists; choose a new folder name.`);
          continue;
        }
        try {
          renameSync(staging, target);
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code;
          if (code === 'EEXIST' || code === 'ENOTEMPTY') continue;
          throw e;
        }
        // The staging folder was private (0700); the project folder is an ordinary one.
        chmodSync(target, 0o755);
        const id = this.registry.idFor(target);
        this.registry.remember(id, target);
        return ok({ id, dir: target });
      }
      return err(USER_PROJECT_ERRORS.COPY_FAILED, `There are already 999 projects named "${base}" in ${root}; choose another name.`);
    } catch (e) {
      return err(USER_PROJECT_ERRORS.COPY_FAILED, `Could not create the project in ${root}: ${(e as Error).message}`);
    } finally {
      // Only ever the staging folder this call made (after a successful rename it is gone).
      if (exists(staging)) rmSync(staging, { recursive: true, force: true });
    }
  }

  private created(id: string, skipped: CreatedProject['skipped'] = []): Result<CreatedProject> {
    const p = this.store.get(id);
    if (!p.ok) return p;
    return ok({ summary: this.store.summary(p.value), skipped });
  }

  /** A new blank project in the projects folder, or at folder `at` (the CLI's `new <folder>`). */
  create(arg: CreateArg, at?: string): Result<CreatedProject> {
    const files = blankProjectFiles(arg);
    const placed = this.place(
      both(arg.name),
      (staging) => {
        for (const [rel, text] of Object.entries(files)) writeText(join(staging, rel), text);
        return ok(null);
      },
      at,
    );
    return placed.ok ? this.created(placed.value.id) : placed;
  }

  /**
   * A full copy of a project (built-in or the user's) under a new name: regular files only, never
   * links. In the projects folder, or at folder `at` (the CLI's `new <folder> --from <id>`).
   */
  copy(fromId: string, name: NameArg, at?: string): Result<CreatedProject> {
    const from = this.store.locate(fromId);
    if (!from.ok) return from;
    const src = from.value.dir;
    const list = filesToCopy(src);
    if (!list.ok) return list;
    const newName = both(name);
    const skipped = [...list.value.skipped];
    const placed = this.place(newName, (staging) => {
      let total = 0;
      for (const rel of list.value.files) {
        let bytes: Buffer | undefined;
        try {
          bytes = readProjectBytes(src, rel, PROJECT_LIMITS.imageBytes);
        } catch (e) {
          if (!(e instanceof ProjectFileError)) throw e;
          skipped.push({ file: rel, reason: e.message });
          continue;
        }
        if (bytes === undefined) continue; // gone since the listing
        total += bytes.length;
        if (total > COPY_LIMITS.bytes) return err(USER_PROJECT_ERRORS.COPY_FAILED, `${src} holds more than ${COPY_LIMITS.bytes / 1024 ** 3} GB; a project this large cannot be copied by the app.`);
        writeAtomic(join(staging, rel), bytes);
      }
      const raw = rawProjectFile(staging);
      if (!raw.ok) return raw;
      const copy = { ...raw.value, id: slug(newName.en) || slug(newName.zh) || 'my-project', name: newName };
      return ok(writeProjectJson(staging, 'project.json', { ...copy, schemaVersion: projectFileVersion(copy) }));
    }, at);
    return placed.ok ? this.created(placed.value.id, skipped) : placed;
  }

  /** A copy of a project beside it, named "<name> (copy)". */
  duplicate(id: string): Result<CreatedProject> {
    const p = this.store.get(id);
    if (!p.ok) return p;
    const n = p.value.set.file.name;
    return this.copy(id, { zh: `${n.zh}（副本）`, en: `${n.en} (copy)` });
  }

  /**
   * Open a folder holding a project.json: it is added to the recent list and answered as a summary.
   * A refusal's `details.reason` (`relative`, `missing`, `link`, `file`, `no-project-json`) lets the
   * interface say what went wrong in the user's language.
   */
  open(path: string): Result<ProjectSummary> {
    if (!isAbsolute(path)) return err(USER_PROJECT_ERRORS.NOT_A_PROJECT, `"${path}" is not a full path; give the whole path of the project folder (e.g. ${join(this.registry.dir, 'my-game')}).`, { reason: 'relative' });
    const abs = resolve(path);
    let st: import('node:fs').Stats;
    try {
      st = lstatSync(abs);
    } catch {
      return err(USER_PROJECT_ERRORS.NOT_A_PROJECT, `There is no folder ${abs}; check the path.`, { reason: 'missing' });
    }
    if (st.isSymbolicLink()) return err(USER_PROJECT_ERRORS.NOT_A_PROJECT, `${abs} is a link; open the folder it points to instead.`, { reason: 'link' });
    if (!st.isDirectory()) return err(USER_PROJECT_ERRORS.NOT_A_PROJECT, `${abs} is a file, not a folder; open the folder that holds project.json.`, { reason: 'file' });
    let pj: import('node:fs').Stats | undefined;
    try {
      pj = lstatSync(join(abs, 'project.json'));
    } catch {
      pj = undefined;
    }
    if (!pj?.isFile())
      return err(USER_PROJECT_ERRORS.NOT_A_PROJECT, `${abs} is not a project folder: it has no project.json${pj ? ' file (it is a link or a folder)' : ''}. Open the folder that holds project.json, or create a new project.`, { reason: 'no-project-json' });
    const id = this.registry.idFor(abs);
    this.registry.remember(id, abs);
    this.store.forget(id);
    const p = this.store.get(id);
    return ok(p.ok ? this.store.summary(p.value) : this.store.brokenSummary(id, abs, p.error));
  }

  /** The recent list as summaries, most recent first; folders that are gone are left out. */
  recent(): ProjectSummary[] {
    return this.registry
      .recent()
      .filter((e) => exists(e.path) && this.registry.resolve(e.id) !== undefined)
      .map((e) => {
        const p = this.store.get(e.id);
        return p.ok ? this.store.summary(p.value) : this.store.brokenSummary(e.id, e.path, p.error);
      });
  }

  /** Change a user project's name in its project.json (the folder keeps its name). */
  rename(id: string, name: NameArg): Result<ProjectSummary> {
    const dir = this.writable(id);
    if (!dir.ok) return dir;
    const raw = rawProjectFile(dir.value);
    if (!raw.ok) return raw;
    const next = { ...raw.value, name: both(name) };
    const check = CardSetFile.safeParse(next);
    if (!check.success) return err('cards/invalid', `${join(dir.value, 'project.json')} has problems to fix before it can be renamed: ${check.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).slice(0, 3).join('; ')}.`);
    try {
      writeProjectJson(dir.value, 'project.json', { ...next, schemaVersion: projectFileVersion(next) });
    } catch (e) {
      return err(USER_PROJECT_ERRORS.COPY_FAILED, (e as Error).message);
    }
    this.store.forget(id);
    const p = this.store.get(id);
    return ok(p.ok ? this.store.summary(p.value) : this.store.brokenSummary(id, dir.value, p.error));
  }

  /**
   * Move a user project to the trash: the system trash when the app has one (Electron), else
   * `<projects>/.trash/<folder>-<timestamp>`. Nothing is ever unlinked.
   */
  async trash(id: string, now: Date = new Date()): Promise<Result<{ trashedTo?: string }>> {
    const dir = this.writable(id);
    if (!dir.ok) return dir;
    try {
      if (this.trashItem) {
        await this.trashItem(dir.value);
        this.forgetFolder(id);
        return ok({});
      }
      const bin = join(this.registry.dir, '.trash');
      ensureDir(bin, 0o700);
      const to = join(bin, `${basename(dir.value)}-${now.toISOString().replace(/[:.]/g, '-')}`);
      if (exists(to)) return err(USER_PROJECT_ERRORS.TRASH_FAILED, `${to} already exists; try again in a moment.`);
      renameSync(dir.value, to);
      this.forgetFolder(id);
      return ok({ trashedTo: to });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const hint = code === 'EXDEV' ? `it is on another disk than ${this.registry.dir}; move it to the trash in your file manager` : 'check that you may change that folder';
      return err(USER_PROJECT_ERRORS.TRASH_FAILED, `Could not move ${dir.value} to the trash (${code ?? (e as Error).message}); ${hint}.`);
    }
  }

  private forgetFolder(id: string): void {
    this.registry.drop(id);
    this.store.forget(id);
  }

  /** The cards file of a project as a table, with its revision, and the project's settings with theirs. */
  cards(id: string): Result<CardsFile> {
    const loc = this.store.locate(id);
    if (!loc.ok) return loc;
    const raw = rawProjectFile(loc.value.dir);
    if (!raw.ok) return raw;
    const pf = CardSetFile.safeParse(raw.value);
    if (!pf.success) return err('cards/invalid', `${join(loc.value.dir, 'project.json')} has problems to fix before its cards can be edited (${pf.error.issues[0]?.path.join('.')}: ${pf.error.issues[0]?.message}).`);
    const settings = settingsOf(pf.data);
    const settingsRevision = projectJsonRevision(loc.value.dir);
    const file = CardSetFile.shape.cards.safeParse(raw.value.cards);
    if (!file.success) return err('cards/invalid', `${join(loc.value.dir, 'project.json')}: "cards" must name the CSV file, e.g. "cards.csv".`);
    let bytes: Buffer | undefined;
    try {
      bytes = readProjectBytes(loc.value.dir, file.data);
    } catch (e) {
      if (e instanceof ProjectFileError) return err('cards/invalid', e.message);
      throw e;
    }
    if (bytes === undefined) return ok({ columns: ['id', 'copies'], rows: [], revision: MISSING, file: file.data, builtIn: loc.value.builtIn, settings, settingsRevision });
    let text: string;
    try {
      text = readProjectText(loc.value.dir, file.data) ?? '';
    } catch (e) {
      if (e instanceof ProjectFileError) return err('cards/invalid', e.message);
      throw e;
    }
    const table = csvToTable(text);
    const revision = revisionOf(bytes);
    this.#lastTable.set(id, { revision, table });
    return ok({ ...table, revision, file: file.data, builtIn: loc.value.builtIn, settings, settingsRevision });
  }

  /**
   * Write the cards file with the cells of `patch` changed (an autosave): applied to the file as
   * it is at `baseRevision`, then checked and written atomically like `saveCards`. A file that
   * changed since answers `projects/conflict`; a patch that does not fit the file's shape answers
   * `cards/patch-base` (the editor then saves its whole table).
   */
  patchCards(id: string, patch: TablePatch, baseRevision: string): Result<{ revision: string; cardCount: number }> {
    const table = this.#patched(id, patch, baseRevision);
    return table.ok ? this.saveCards(id, table.value, baseRevision) : table;
  }

  /** As `patchCards`, with a big table checked off the main thread (see `saveCardsOffThread`). */
  patchCardsOffThread(id: string, patch: TablePatch, baseRevision: string, offThread: CardSaveChecker): Promise<Result<{ revision: string; cardCount: number }>> {
    return this.#inTurn(id, async () => {
      // In turn: the table as the save before this one left it.
      const table = this.#patched(id, patch, baseRevision);
      return table.ok ? this.#saveOffThread(id, table.value, baseRevision, offThread) : table;
    });
  }

  /** The table of the cards file at `baseRevision` with `patch` applied, or why it cannot be (see `patchCards`). */
  #patched(id: string, patch: TablePatch, baseRevision: string): Result<CardTable> {
    const base = this.#lastTable.get(id);
    let table: CardTable;
    if (base && base.revision === baseRevision) table = base.table;
    else {
      const now = this.cards(id);
      if (!now.ok) return now;
      if (now.value.revision !== baseRevision)
        return err(USER_PROJECT_ERRORS.CONFLICT, `The cards file of this project changed on disk since it was loaded (someone or another program edited it); reload it to see that change, then make your edit again.`, { revision: now.value.revision });
      table = { columns: now.value.columns, rows: now.value.rows };
    }
    const applied = applyTablePatch(table, patch);
    if (!applied.ok) {
      // A file changed on disk is a conflict to show, not a reason to send the whole table.
      const now = this.cards(id);
      if (now.ok && now.value.revision !== baseRevision)
        return err(USER_PROJECT_ERRORS.CONFLICT, `The cards file of this project changed on disk since it was loaded (someone or another program edited it); reload it to see that change, then make your edit again.`, { revision: now.value.revision });
      return err('cards/patch-base', `The edit does not fit the cards file: ${applied.reason}. Save the whole table instead.`);
    }
    return ok({ columns: [...applied.table.columns], rows: applied.table.rows as string[][] });
  }

  /** Each project's table as last read or written, by revision: an autosave's patch applies to it without reading the file. */
  readonly #lastTable = new Map<string, { revision: string; table: CardTable }>();

  /**
   * Write a new cards file from a table: refused for built-in projects, when the file changed on
   * disk since `baseRevision` (`projects/conflict`), and when the result would not load (the
   * loader's problems, naming row and column). Answers the new revision.
   */
  saveCards(id: string, table: CardTable, baseRevision: string): Result<{ revision: string; cardCount: number }> {
    const dir = this.writable(id);
    if (!dir.ok) return dir;
    const checked = checkCardSave({ dir: dir.value, table, baseRevision });
    if (!checked.ok) return checked;
    return this.#writeCards(id, dir.value, table, checked.value);
  }

  /**
   * As `saveCards`, with a big table (`bigTable`) checked by `offThread` (a worker) and written by
   * the system's threads while the main thread answers other requests. The saves of one project
   * run in turn, each after the one before has written; a small table is saved as `saveCards` does.
   */
  saveCardsOffThread(id: string, table: CardTable, baseRevision: string, offThread: CardSaveChecker): Promise<Result<{ revision: string; cardCount: number }>> {
    return this.#inTurn(id, () => this.#saveOffThread(id, table, baseRevision, offThread));
  }

  async #saveOffThread(id: string, table: CardTable, baseRevision: string, offThread: CardSaveChecker): Promise<Result<{ revision: string; cardCount: number }>> {
    if (!bigTable(table)) return this.saveCards(id, table, baseRevision);
    const dir = this.writable(id);
    if (!dir.ok) return dir;
    const checked = await offThread({ dir: dir.value, table, baseRevision });
    if (!checked.ok) return checked;
    // The file may have changed on disk while the worker checked (another program saved it).
    const still = stillAt(dir.value, checked.value, baseRevision);
    if (!still.ok) return still;
    const { rel, bytes, revision, cardCount } = checked.value;
    try {
      const target = projectTarget(dir.value, rel);
      this.announce?.(id, rel, revision);
      await writeBytesAsync(target, bytes, revision);
    } catch (e) {
      return err('projects/write-failed', (e as Error).message);
    }
    return ok(this.#written(id, table, revision, cardCount));
  }

  /** Each project's card saves in progress, the last one's promise (see `#inTurn`). */
  readonly #cardSaves = new Map<string, Promise<unknown>>();

  /** Run `fn` after the card saves of project `id` already queued have finished. */
  #inTurn<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.#cardSaves.get(id) ?? Promise.resolve()).then(fn, fn);
    this.#cardSaves.set(id, run);
    const done = (): void => void (this.#cardSaves.get(id) === run && this.#cardSaves.delete(id));
    run.then(done, done);
    return run;
  }

  /** Write a checked cards file: announced, written atomically, the project's cached copy dropped. */
  #writeCards(id: string, dir: string, table: CardTable, { rel, bytes, revision, cardCount }: CheckedCardSave): Result<{ revision: string; cardCount: number }> {
    try {
      const target = projectTarget(dir, rel);
      this.announce?.(id, rel, revision);
      writeBytes(target, bytes, revision);
    } catch (e) {
      return err('projects/write-failed', (e as Error).message);
    }
    return ok(this.#written(id, table, revision, cardCount));
  }

  /** After a cards file was written: the project's cached copy dropped, the table kept for the next patch. */
  #written(id: string, table: CardTable, revision: string, cardCount: number): { revision: string; cardCount: number } {
    this.store.forget(id);
    this.#lastTable.set(id, { revision, table });
    return { revision, cardCount };
  }

  /**
   * Write a project's settings (name, card geometry, column types) into its project.json, keeping
   * every other field: refused for built-in projects, when project.json changed on disk since
   * `baseRevision` (`projects/conflict`), and when the project would no longer load. Column types
   * are written only when there are some, so a project without them keeps its file as it was.
   */
  saveSettings(id: string, settings: ProjectSettings, baseRevision: string): Result<{ revision: string; summary: ProjectSummary }> {
    const dir = this.writable(id);
    if (!dir.ok) return dir;
    const now = projectJsonRevision(dir.value);
    if (now !== baseRevision)
      return err(USER_PROJECT_ERRORS.CONFLICT, `${join(dir.value, 'project.json')} changed on disk since it was loaded (someone or another program edited it); reload it to see that change, then make your edit again.`, { revision: now });
    const raw = rawProjectFile(dir.value);
    if (!raw.ok) return raw;
    const next: Record<string, unknown> = { ...raw.value, name: { zh: settings.name.zh.trim(), en: settings.name.en.trim() }, card: { ...settings.card } };
    const columns = Object.entries(settings.columns).filter(([, c]) => c.type !== 'text');
    if (columns.length > 0) next.columns = Object.fromEntries(columns.map(([name, c]) => [name, c.type === 'list' ? { type: c.type, values: [...(c.values ?? [])] } : { type: c.type }]));
    else delete next.columns;
    const check = CardSetFile.safeParse({ ...next, schemaVersion: CARD_SET_SCHEMA_VERSION });
    if (!check.success) return err('cards/invalid', `The settings cannot be saved: ${check.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).slice(0, 3).join('; ')}.`);
    const text = jsonText({ ...next, schemaVersion: projectFileVersion(next) });
    let loaded: ReturnType<typeof loadCardSet>;
    try {
      loaded = loadCardSet((r) => (r === 'project.json' ? text : readProjectText(dir.value, r)));
    } catch (e) {
      if (!(e instanceof ProjectFileError)) throw e;
      return err('cards/invalid', `${e.file}: ${e.message}`, [{ file: e.file, where: '(file)', message: e.message }]);
    }
    if (!loaded.ok) return loaded;
    let revision: string;
    try {
      const target = projectTarget(dir.value, 'project.json');
      this.announce?.(id, 'project.json', revisionOf(text));
      revision = writeText(target, text);
    } catch (e) {
      return err('projects/write-failed', (e as Error).message);
    }
    this.store.forget(id);
    const p = this.store.get(id);
    return ok({ revision, summary: p.ok ? this.store.summary(p.value) : this.store.brokenSummary(id, dir.value, p.error) });
  }
}

/** The settings the data page edits, from a parsed project file. */
function settingsOf(f: CardSetFile): ProjectSettings {
  const columns: ProjectSettings['columns'] = dictOf();
  for (const [name, c] of Object.entries(f.columns ?? {})) columns[name] = c.values ? { type: c.type, values: [...c.values] } : { type: c.type };
  return { name: { ...f.name }, card: { ...f.card }, columns };
}

/** The revision (sha1) of a project folder's project.json, `missing` when it cannot be read. */
function projectJsonRevision(dir: string): string {
  return revisionNow(dir, 'project.json');
}

