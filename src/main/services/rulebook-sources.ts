/**
 * The Rules page's reads and writes of a project's Markdown rules (`rules.zh.md`, `rules.en.md`,
 * or the files project.json's "rulebook" names). A save names the revision it started from and is
 * refused (`projects/conflict`) when the file changed on disk since; it is written atomically
 * inside the project folder, and announced so the file watcher does not report it back.
 */
import { join } from 'node:path';
import { ProjectFileError, PROJECT_LIMITS } from '../../shared/cards/limits';
import type { RulebookSource } from '../../shared/ipc/contract';
import { err, ok, type Result } from '../../shared/util/result';
import { projectTarget, revisionOf, writeText } from './project-write';
import type { ProjectStore } from './projects';
import { projectRulebook } from './rulebook-config';
import { readProjectBytes, decodeProjectText } from './safe-read';
import { MISSING, USER_PROJECT_ERRORS, type ProjectEditor } from './user-projects';

const LANG_NAME = { zh: { zh: '中文', en: 'Chinese' }, en: { zh: '英文', en: 'English' } } as const;

export class RulebookSources {
  constructor(
    private readonly store: ProjectStore,
    private readonly editor: ProjectEditor,
    private readonly announce?: (projectId: string, rel: string, text: string) => void,
  ) {}

  /** The file of a language's rules, relative to the project folder, or the failure. */
  private file(projectId: string, lang: 'zh' | 'en'): Result<{ dir: string; rel: string; builtIn: boolean }> {
    const p = this.store.get(projectId);
    if (!p.ok) return p;
    const rb = projectRulebook(p.value);
    if (!rb) return err('rulebook/none', `Project "${projectId}" has no rulebook. (这个项目没有规则书。)`);
    const rel = rb.sources[lang];
    if (!rel)
      return err(
        'rulebook/no-language',
        `The rulebook has no ${LANG_NAME[lang].en} edition; add "sources.${lang}" to the "rulebook" section of project.json. (规则书没有${LANG_NAME[lang].zh}版：请在 project.json 的 “rulebook” 一节加入 “sources.${lang}”。)`,
      );
    return ok({ dir: p.value.dir, rel, builtIn: p.value.builtIn });
  }

  /** A language's rules text and revision (`missing` and empty when the file is not there yet). */
  open(projectId: string, lang: 'zh' | 'en'): Result<RulebookSource> {
    const f = this.file(projectId, lang);
    if (!f.ok) return f;
    const { dir, rel, builtIn } = f.value;
    let bytes: Buffer | undefined;
    let text = '';
    try {
      bytes = readProjectBytes(dir, rel);
      if (bytes !== undefined) text = decodeProjectText(rel, bytes);
    } catch (e) {
      if (e instanceof ProjectFileError) return err('rulebook/unreadable', `${rel} cannot be read: ${e.message}`);
      throw e;
    }
    return ok({ lang, file: rel, text, revision: bytes === undefined ? MISSING : revisionOf(bytes), editable: !builtIn });
  }

  /** Write a language's rules; refused for built-in projects, stale revisions and oversize text. */
  save(projectId: string, lang: 'zh' | 'en', text: string, baseRevision: string): Result<{ revision: string }> {
    const dir = this.editor.writable(projectId);
    if (!dir.ok) return dir;
    const f = this.file(projectId, lang);
    if (!f.ok) return f;
    const { rel } = f.value;
    if (Buffer.byteLength(text, 'utf8') > PROJECT_LIMITS.fileBytes)
      return err('rulebook/too-large', `${rel} would be over ${PROJECT_LIMITS.fileBytes / 1024 / 1024} MiB; split the rules or shorten them. (规则文件超过 ${PROJECT_LIMITS.fileBytes / 1024 / 1024} MiB，请精简。)`);
    let now: string;
    try {
      const b = readProjectBytes(dir.value, rel);
      now = b === undefined ? MISSING : revisionOf(b);
    } catch (e) {
      if (!(e instanceof ProjectFileError)) throw e;
      return err('rulebook/unreadable', `${rel} cannot be replaced: ${e.message}`);
    }
    if (now !== baseRevision)
      return err(USER_PROJECT_ERRORS.CONFLICT, `${join(dir.value, rel)} changed on disk since it was opened (another program edited it); reload it to see that change, then make your edit again.`, { revision: now });
    try {
      const target = projectTarget(dir.value, rel);
      this.announce?.(projectId, rel, text);
      return ok({ revision: writeText(target, text) });
    } catch (e) {
      return err('projects/write-failed', `Could not write ${rel}: ${(e as Error).message}`);
    }
  }
}
