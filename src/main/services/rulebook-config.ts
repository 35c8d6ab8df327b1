import type { CardSetFile } from '../../shared/cards/schema';

/** The rules files every project of the user's may hold, one per language, beside project.json. */
export const RULES_FILES = { zh: 'rules.zh.md', en: 'rules.en.md' } as const;

/** A project's rulebook as the typesetter and the Rules page use it. */
export interface ProjectRulebook {
  title: { zh: string; en: string };
  subtitle?: { zh: string; en: string };
  /** Markdown file per language, relative to the project folder. */
  sources: { zh?: string; en?: string };
  cover?: string;
  figureProjects: Record<string, string>;
  /**
   * The sources are the conventional `rules.<lang>.md` of a user project without a "rulebook"
   * section in project.json: a missing file is an empty book to write, not an error.
   */
  conventional: boolean;
}

/**
 * The rulebook of a project: its project.json "rulebook" section when it has one; else, for the
 * user's own projects (never the built-in games), `rules.zh.md` / `rules.en.md` under the
 * project's name, so every project of the user's has a Rules page.
 */
export function projectRulebook(p: { builtIn: boolean; set: { file: CardSetFile } }): ProjectRulebook | undefined {
  const rb = p.set.file.rulebook;
  if (rb) return { ...rb, conventional: false };
  if (p.builtIn) return undefined;
  return { title: p.set.file.name, sources: { ...RULES_FILES }, figureProjects: {}, conventional: true };
}

/** Which languages a project's rulebook has. */
export function rulebookLanguages(p: { builtIn: boolean; set: { file: CardSetFile } }): ('zh' | 'en')[] {
  const s = projectRulebook(p)?.sources;
  return s ? (['zh', 'en'] as const).filter((l) => s[l]) : [];
}
