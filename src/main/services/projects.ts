import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, loadCardSet, type LoadProblem } from '../../shared/cards/load';
import { ProjectFileError } from '../../shared/cards/limits';
import type { CardSet } from '../../shared/cards/schema';
import type { ProjectSummary } from '../../shared/ipc/contract';
import { err, ok, type Result } from '../../shared/util/result';
import { templatesDir } from './paths';
import { readProjectText } from './safe-read';

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

/** The project store: built-in projects from the templates folder, loaded on demand and cached. */
export class ProjectStore {
  private cache = new Map<string, LoadedProject>();
  constructor(private readonly root: string = templatesDir()) {}

  /** Ids of the built-in projects (folders holding a project.json). */
  ids(): string[] {
    return readdirSync(this.root, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(this.root, d.name, 'project.json')))
      .map((d) => d.name)
      .sort((a, b) => (a === 'doufu' ? -1 : b === 'doufu' ? 1 : a.localeCompare(b)));
  }

  /** Load a project by id; bad files come back as a described failure, never a throw. */
  get(id: string): Result<LoadedProject> {
    const hit = this.cache.get(id);
    if (hit) return ok(hit);
    if (!/^[a-z0-9][a-z0-9-]*$/.test(id) || !this.ids().includes(id))
      return err('projects/not-found', `There is no project "${id}". Built-in projects: ${this.ids().join(', ')}.`);
    const dir = join(this.root, id);
    let r: ReturnType<typeof loadCardSet>;
    try {
      r = loadCardSet(folderReader(dir));
    } catch (e) {
      if (!(e instanceof ProjectFileError)) throw e;
      const problems: LoadProblem[] = [{ file: e.file, where: '(file)', message: e.message }];
      return err('cards/invalid', describe(problems), problems);
    }
    if (!r.ok) return r;
    const p: LoadedProject = { id, dir, builtIn: true, set: r.value, warnings: r.warnings };
    this.cache.set(id, p);
    return ok(p);
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
      rulebook: p.set.file.rulebook ? (['zh', 'en'] as const).filter((l) => p.set.file.rulebook!.sources[l]) : [],
    };
    if (p.set.file.description) s.description = p.set.file.description;
    return s;
  }
}
