import { readdirSync, existsSync, lstatSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, loadCardSet, type LoadProblem } from '../../shared/cards/load';
import { ProjectFileError } from '../../shared/cards/limits';
import type { CardSet } from '../../shared/cards/schema';
import type { ProjectSummary } from '../../shared/ipc/contract';
import { err, ok, type Result } from '../../shared/util/result';
import { templatesDir } from './paths';
import { readProjectText } from './safe-read';
import type { UserProjectRegistry } from './user-project-registry';
import { rulebookLanguages } from './rulebook-config';

/** A project on disk: its folder and the loaded set. */
export interface LoadedProject {
  id: string;
  dir: string;
  builtIn: boolean;
  set: CardSet;
  warnings: LoadProblem[];
}

/**
 * Reads a project's text files through `readProjectText`: undefined when a file is missing, a
 * `ProjectFileError` naming the file when it leaves the folder (absolute, `..`, a symlink pointing
 * out), is not a regular file, is too large or is not UTF-8.
 */
export function folderReader(dir: string): (rel: string) => string | undefined {
  return (rel) => readProjectText(dir, rel);
}

/** Error codes of the store (a project that loads but is invalid keeps the loader's `cards/…` codes). */
export const PROJECTS_ERRORS = {
  /** No project folder has that id. */
  NOT_FOUND: 'projects/not-found',
  /** The folder's name cannot be a project id (ids are used in links and file names). */
  BAD_FOLDER_NAME: 'projects/bad-folder-name',
  /** The folder has no project.json. */
  NO_PROJECT_FILE: 'projects/no-project-file',
} as const;

/** What a project id may be: it appears in links, file names and the CLI. */
const PROJECT_ID = /^[a-z0-9][a-z0-9-]*$/;

/** A valid id close to a folder name, for the rename hint. */
function suggestId(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'my-project';
}

/** The home-screen entry of a project that failed to load: its folder name and the problem. */
function brokenSummary(id: string, problem: { code: string; message: string }, dir?: string): ProjectSummary {
  const label = dir ? basename(dir) : id;
  return {
    id,
    name: { zh: label, en: label },
    builtIn: dir === undefined,
    ...(dir === undefined ? {} : { dir }),
    cardCount: 0,
    faceCount: 0,
    card: { width: 0, height: 0, bleed: 0, preset: '', cornerRadius: 0 },
    rulebook: [],
    problem: { code: problem.code, message: problem.message },
  };
}

/**
 * What a cached project was loaded from: identity, size and time of its folder and of each file
 * it read. A file replaced (an atomic write renames a new inode in), edited or removed changes
 * it, so every thread's cache notices a write without being told.
 */
function stamp(dir: string, files: string[]): string {
  // The folder itself first: moved away, trashed or swapped for a link, the project is looked up again.
  return ['', ...files]
    .map((f) => {
      try {
        const st = lstatSync(f ? join(dir, f) : dir);
        if (!f && !st.isDirectory()) return '-';
        return `${st.ino}:${st.size}:${st.mtimeMs}`;
      } catch {
        return '-';
      }
    })
    .join('|');
}

/** The files a loaded project was read from. */
const filesOf = (p: LoadedProject): string[] => ['project.json', p.set.file.cards, ...Object.values(p.set.file.templates)];

/**
 * The project store: built-in projects from the templates folder and, given a registry, the
 * user's projects (ids `u-…` / `x-…`), loaded on demand and cached until one of their files
 * changes on disk.
 */
export class ProjectStore {
  private cache = new Map<string, { project: LoadedProject; stamp: string }>();
  constructor(
    private readonly root: string = templatesDir(),
    /** Where user project ids are resolved; without it the store serves built-in projects only. */
    readonly user?: UserProjectRegistry,
  ) {}

  /**
   * Every project, loaded: built-in ones (sorted, 斗福 first), then the user's. A folder that
   * fails to load is listed too, named by its folder and carrying the problem, so the user sees
   * why it is not usable instead of it silently missing from the home screen.
   */
  list(): ProjectSummary[] {
    const builtIn = this.ids().map((id) => {
      const r = this.get(id);
      return r.ok ? this.summary(r.value) : brokenSummary(id, r.error);
    });
    const user = (this.user?.all() ?? []).map(({ id, dir }) => {
      const r = this.get(id);
      return r.ok ? this.summary(r.value) : brokenSummary(id, r.error, dir);
    });
    return [...builtIn, ...user];
  }

  /** Names of the built-in project folders in the templates folder (hidden folders aside), 斗福 first. */
  ids(): string[] {
    return readdirSync(this.root, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
      .map((d) => d.name)
      .sort((a, b) => (a === 'doufu' ? -1 : b === 'doufu' ? 1 : a.localeCompare(b)));
  }

  /** Whether `id` names a built-in project (which is never written). */
  isBuiltIn(id: string): boolean {
    return this.ids().includes(id);
  }

  /** The summary of a project that cannot be loaded, for lists. */
  brokenSummary(id: string, dir: string | undefined, problem: { code: string; message: string }): ProjectSummary {
    return brokenSummary(id, problem, this.isBuiltIn(id) ? undefined : dir);
  }

  /** Where a project is, without loading it: its folder and whether it is built in. */
  locate(id: string): Result<{ dir: string; builtIn: boolean }> {
    const ids = this.ids();
    if (ids.includes(id)) {
      if (!PROJECT_ID.test(id))
        return err(PROJECTS_ERRORS.BAD_FOLDER_NAME, `The project folder ${join(this.root, id)} has a name that is not a project id; rename it to lowercase letters, digits and "-" (e.g. "${suggestId(id)}").`);
      return ok({ dir: join(this.root, id), builtIn: true });
    }
    const dir = this.user?.resolve(id);
    if (dir) return ok({ dir, builtIn: false });
    const mine = this.user?.all().map((p) => p.id) ?? [];
    return err(PROJECTS_ERRORS.NOT_FOUND, `There is no project "${id}" in ${this.root}${this.user ? ` or ${this.user.dir}` : ''}. Projects: ${[...ids, ...mine].join(', ') || '(none)'}.`);
  }

  /** Drop a project from the cache (after a write), or every project. */
  forget(id?: string): void {
    if (id === undefined) this.cache.clear();
    else this.cache.delete(id);
  }

  /** Load a project by id; bad files come back as a described failure, never a throw. */
  get(id: string): Result<LoadedProject> {
    const hit = this.cache.get(id);
    if (hit && stamp(hit.project.dir, filesOf(hit.project)) === hit.stamp) return ok(hit.project);
    this.cache.delete(id);
    const where = this.locate(id);
    if (!where.ok) return where;
    const { dir, builtIn } = where.value;
    if (!existsSync(join(dir, 'project.json')))
      return err(PROJECTS_ERRORS.NO_PROJECT_FILE, `${join(dir, 'project.json')} is missing; every project folder needs a project.json (copy one from templates/doufu), or remove the folder.`);
    let r: ReturnType<typeof loadCardSet>;
    try {
      r = loadCardSet(folderReader(dir));
    } catch (e) {
      if (!(e instanceof ProjectFileError)) throw e;
      const problems: LoadProblem[] = [{ file: e.file, where: '(file)', message: e.message }];
      return err('cards/invalid', describe(problems), problems);
    }
    if (!r.ok) return r;
    const p: LoadedProject = { id, dir, builtIn, set: r.value, warnings: r.warnings };
    // Stamped after the read: a write during the load is seen as a change at the next get.
    this.cache.set(id, { project: p, stamp: stamp(dir, filesOf(p)) });
    return ok(p);
  }

  /**
   * The project for laying out one row the caller holds (the data page's live preview): like
   * `get`, but a change to the cards file alone does not load the project again — the row comes
   * with the request, and reading and checking a 5,000-row table after every autosave would hold
   * the preview up for a tenth of a second. A change to project.json or a template still does.
   */
  forRow(id: string): Result<LoadedProject> {
    const hit = this.cache.get(id);
    if (hit) {
      const files = filesOf(hit.project);
      const now = stamp(hit.project.dir, files).split('|');
      const then = hit.stamp.split('|');
      // Entry 0 is the folder itself, then the files in order; only the cards file may differ.
      if (now.length === then.length && now.every((v, i) => v === then[i] || (i > 0 && files[i - 1] === hit.project.set.file.cards && v !== '-'))) return ok(hit.project);
    }
    return this.get(id);
  }

  /** The home-screen summary of a project. */
  summary(p: LoadedProject): ProjectSummary {
    const c = p.set.file.card;
    const s: ProjectSummary = {
      id: p.id,
      name: p.set.file.name,
      builtIn: p.builtIn,
      cardCount: p.set.cards.length,
      faceCount: p.set.cards.reduce((a, card) => a + card.copies, 0),
      card: { width: c.width, height: c.height, bleed: c.bleed, preset: c.preset, cornerRadius: c.cornerRadius },
      rulebook: rulebookLanguages(p),
    };
    if (p.set.file.description) s.description = p.set.file.description;
    if (p.set.file.game) s.game = p.set.file.game;
    if (!p.builtIn) s.dir = p.dir;
    return s;
  }
}
