/**
 * The template editor's write path: a project's templates read for editing, and saved, added,
 * duplicated, renamed and taken out, each through `writeText` (atomic, announced to the watcher so
 * the app's own saves are not reported back as outside changes). A template is written only when it
 * passes the template schema and the whole project still loads with it; a save names the revision
 * it started from and is refused (`projects/conflict`) when the file changed on disk since.
 */
import { jsonProblem } from '../../shared/util/json-error';
import { issuesText } from '../../shared/cards/issue-text';
import { join } from 'node:path';
import { ProjectFileError } from '../../shared/cards/limits';
import { loadCardSet } from '../../shared/cards/load';
import { templateText as sharedTemplateText } from '../../shared/cards/serialize';
import { migrate, projectFileVersion } from '../../shared/cards/migrations';
import { CARD_SET_SCHEMA_VERSION, CardSetFile, TemplateFile } from '../../shared/cards/schema';
import type { FontFaceId } from '../../shared/cards/draw-list';
import type { TextMeasurer } from '../../shared/cards/fonts';
import { BUILTIN_FACES, fontTables } from './font-tables';
import type { FontTables, ImagePixels, OpenedTemplates, TemplateEntry } from '../../shared/ipc/contract';
import { err, ok, type AppErrorInfo, type Result } from '../../shared/util/result';
import { templateLimitProblems } from '../../shared/cards/template-limits';
import { jsonTextTooDeep, tooDeepMessage } from '../../shared/util/json-depth';
import type { TemplateRule } from '../../shared/cards/template-rules';
import { csvToTable, jsonText, projectTarget, revisionOf, tableToCsv, writeText } from './project-write';
import type { ProjectStore } from './projects';
import { readProjectBytes, readProjectText } from './safe-read';
import { MISSING, rawProjectFile, USER_PROJECT_ERRORS, type ProjectEditor } from './user-projects';
import { revisionNow } from './card-save';
import { dictOf } from '../../shared/util/dict';

/** Error codes of the template write path (conflicts reuse `projects/conflict`). */
export const TEMPLATE_ERRORS = {
  /** The template does not pass the schema, or the project would not load with it. */
  INVALID: 'templates/invalid',
  /** No template of that name in project.json. */
  UNKNOWN: 'templates/unknown',
  /** A template of that name exists already. */
  EXISTS: 'templates/exists',
  /** `front` and `back`, and templates cards use, cannot be taken out. */
  IN_USE: 'templates/in-use',
} as const;

/**
 * How a template's JSON is written: one layer per line in the schema's key order, at the lowest
 * format its content needs (shared `templateText`), so an unchanged template saves back
 * byte-identical and a diff shows only the layers that changed.
 */
export function templateText(template: unknown): string {
  return sharedTemplateText(template as Record<string, unknown>);
}

/** A blank face: one background rectangle at the card's trim, grown through the bleed. */
export function blankTemplate(name: string, card: { width: number; height: number }): Record<string, unknown> {
  return { schemaVersion: CARD_SET_SCHEMA_VERSION, name, maps: {}, layers: [{ id: 'background', type: 'rect', x: 0, y: 0, w: card.width, h: card.height, bleedExtend: true, fill: '#FFFFFF' }] };
}

function issues(e: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return e.issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(top)'}: ${i.message}`)
    .join('; ');
}

/** `templates/invalid` naming every limit the template is over (checked before the schema, which recurses), or undefined. */
function overLimits(name: string, verb: 'saved' | 'added', template: unknown): { ok: false; error: AppErrorInfo } | undefined {
  const over = templateLimitProblems(template);
  if (!over.length) return undefined;
  return err(TEMPLATE_ERRORS.INVALID, `Template "${name}" cannot be ${verb}: ${over.map((p) => p.en).join('; ')}.`, {
    zh: `无法${verb === 'saved' ? '保存' : '添加'}模板“${name}”：${over.map((p) => p.zh).join('；')}。`,
    problems: over,
  });
}

/** A file name for a new template: ASCII names keep their name, others get a numbered one. */
function fileFor(name: string, taken: (rel: string) => boolean): string {
  const base = /^[A-Za-z0-9_-]+$/.test(name) ? name.toLowerCase() : 'template';
  for (let i = 1; ; i++) {
    const rel = `${i === 1 ? base : `${base}-${i}`}.template.json`;
    if (!taken(rel)) return rel;
  }
}

export class TemplateService {
  constructor(
    private readonly store: ProjectStore,
    private readonly editor: ProjectEditor,
    private readonly measurer: TextMeasurer,
    private readonly dataUrl: (ref: string, dir: string) => Promise<string | undefined>,
    /** Told before a project file is written (project id, relative path, text), like the project editor's. */
    private readonly announce?: (projectId: string, rel: string, text: string) => void,
    /** The pixel size of an image ref in a project folder, as the export reads it (throws when it cannot be read). */
    private readonly inspect?: (ref: string, dir: string) => Promise<ImagePixels>,
  ) {}

  /** Every template of a project with its JSON and revision, and the card geometry. */
  open(projectId: string): Result<OpenedTemplates> {
    const loc = this.store.locate(projectId);
    if (!loc.ok) return loc;
    const pf = this.projectFile(loc.value.dir);
    if (!pf.ok) return pf;
    const templates: TemplateEntry[] = [];
    for (const [name, file] of Object.entries(pf.value.templates)) templates.push(this.entry(loc.value.dir, name, file));
    const c = pf.value.card;
    return ok({ builtIn: loc.value.builtIn, card: { width: c.width, height: c.height, bleed: c.bleed, safe: c.safe, cornerRadius: c.cornerRadius }, templates, rules: pf.value.templateRules ?? [] });
  }

  /**
   * Replace project.json's per-card template rules (none: the key is removed). Refused when the
   * project would not load with them (an expression that cannot be read, an unknown template),
   * with the loader's message naming the rule.
   */
  saveRules(projectId: string, rules: TemplateRule[]): Result<{ rules: TemplateRule[] }> {
    const dir = this.editor.writable(projectId);
    if (!dir.ok) return dir;
    const pf = this.projectFile(dir.value);
    if (!pf.ok) return pf;
    const next = { ...this.raw(dir.value) };
    if (rules.length) next.templateRules = rules.map((r) => ({ when: r.when.trim(), template: r.template, ...(r.back ? { back: r.back } : {}) }));
    else delete next.templateRules;
    const project = this.projectText(next);
    const loads = this.loadsWith(dir.value, { 'project.json': project });
    if (!loads.ok) return loads;
    const w = this.write(projectId, dir.value, 'project.json', project);
    return w.ok ? ok({ rules: (next.templateRules as TemplateRule[] | undefined) ?? [] }) : w;
  }

  private entry(dir: string, name: string, file: string): TemplateEntry {
    let bytes: Buffer | undefined;
    let text: string | undefined;
    try {
      bytes = readProjectBytes(dir, file);
      text = bytes === undefined ? undefined : readProjectText(dir, file);
    } catch (e) {
      if (!(e instanceof ProjectFileError)) throw e;
      return { name, file, revision: MISSING, template: null, problem: `${file}: ${e.message}`, problemText: { zh: `无法读取 ${file}：${e.message}`, en: `${file}: ${e.message}` } };
    }
    if (bytes === undefined || text === undefined)
      return { name, file, revision: MISSING, template: null, problem: `${file} is missing; save the template to create it.`, problemText: { zh: `${file} 不存在；保存模板即可创建它。`, en: `${file} is missing; save the template to create it.` } };
    const revision = revisionOf(bytes);
    const deep = jsonTextTooDeep(text);
    if (deep !== undefined) return { name, file, revision, template: null, problem: `${file}: ${tooDeepMessage('The template', `character ${deep}`).en}` };
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (e) {
      const p = jsonProblem(file, text, e);
      return { name, file, revision, template: null, problem: p.en, problemText: { zh: p.zh, en: p.en }, ...(p.line ? { at: { line: p.line, column: p.column! } } : {}) };
    }
    const m = migrate(raw, file);
    if (!m.ok) return { name, file, revision, template: raw, problem: m.error.message };
    // Over a limit: the editor gets the message, not the template (which may be megabytes of table).
    const over = templateLimitProblems(m.value);
    if (over.length) return { name, file, revision, template: null, problem: `${file}: ${over.map((p) => p.en).join('; ')}` };
    const check = TemplateFile.safeParse(m.value);
    return { name, file, revision, template: m.value, ...(check.success ? {} : { problem: `${file}: ${issues(check.error)}`, problemText: issuesText(file, check.error.issues) }) };
  }

  private projectFile(dir: string): Result<CardSetFile> {
    const raw = rawProjectFile(dir);
    if (!raw.ok) return raw;
    const pf = CardSetFile.safeParse(raw.value);
    if (!pf.success) return err('cards/invalid', `${join(dir, 'project.json')} has problems to fix first (${issues(pf.error)}).`);
    return ok(pf.data);
  }

  /**
   * Write one template: refused for built-in projects, for a name project.json does not list, when
   * the file changed since `baseRevision`, when the template fails the schema, and when the project
   * would not load with it. Answers the new revision.
   */
  save(projectId: string, name: string, template: unknown, baseRevision: string): Result<{ revision: string }> {
    const dir = this.editor.writable(projectId);
    if (!dir.ok) return dir;
    const pf = this.projectFile(dir.value);
    if (!pf.ok) return pf;
    const rel = Object.hasOwn(pf.value.templates, name) ? pf.value.templates[name]! : undefined;
    if (rel === undefined) return err(TEMPLATE_ERRORS.UNKNOWN, `project.json has no template "${name}"; add it first (templates: ${Object.keys(pf.value.templates).join(', ')}).`);
    const over = overLimits(name, 'saved', template);
    if (over) return over;
    const check = TemplateFile.safeParse(template);
    if (!check.success) return err(TEMPLATE_ERRORS.INVALID, `Template "${name}" cannot be saved: ${issues(check.error)}.`);
    const now = this.revision(dir.value, rel);
    if (now !== baseRevision)
      return err(USER_PROJECT_ERRORS.CONFLICT, `${join(dir.value, rel)} changed on disk since it was opened (another program edited it); reload it to see that change, then make your edit again.`, { revision: now });
    const text = templateText(template);
    const loads = this.loadsWith(dir.value, { [rel]: text });
    if (!loads.ok) return loads;
    const w = this.write(projectId, dir.value, rel, text);
    return w.ok ? ok({ revision: w.value }) : w;
  }

  /** Add a template (a blank face, or `template`) under a new name, with its own file. */
  add(projectId: string, name: string, template?: unknown): Result<TemplateEntry> {
    const dir = this.editor.writable(projectId);
    if (!dir.ok) return dir;
    const pf = this.projectFile(dir.value);
    if (!pf.ok) return pf;
    if (Object.hasOwn(pf.value.templates, name)) return err(TEMPLATE_ERRORS.EXISTS, `The project already has a template "${name}"; choose another name.`);
    const body = template === undefined ? blankTemplate(name, pf.value.card) : { ...(template as Record<string, unknown>), name };
    const over = overLimits(name, 'added', body);
    if (over) return over;
    const check = TemplateFile.safeParse(body);
    if (!check.success) return err(TEMPLATE_ERRORS.INVALID, `Template "${name}" cannot be added: ${issues(check.error)}.`);
    const used = new Set(Object.values(pf.value.templates));
    const rel = fileFor(name, (r) => used.has(r) || this.revision(dir.value, r) !== MISSING);
    const text = templateText(body);
    const project = this.projectText({ ...this.raw(dir.value), templates: { ...pf.value.templates, [name]: rel } });
    const loads = this.loadsWith(dir.value, { [rel]: text, 'project.json': project });
    if (!loads.ok) return loads;
    const w1 = this.write(projectId, dir.value, rel, text);
    if (!w1.ok) return w1;
    const w2 = this.write(projectId, dir.value, 'project.json', project);
    if (!w2.ok) return w2;
    return ok({ name, file: rel, revision: w1.value, template: body });
  }

  /** A copy of template `from` named `name`. */
  duplicate(projectId: string, from: string, name: string): Result<TemplateEntry> {
    const opened = this.open(projectId);
    if (!opened.ok) return opened;
    const src = opened.value.templates.find((t) => t.name === from);
    if (!src) return err(TEMPLATE_ERRORS.UNKNOWN, `There is no template "${from}" to copy.`);
    if (src.problem) return err(TEMPLATE_ERRORS.INVALID, `Template "${from}" has problems to fix before it can be copied: ${src.problem}`);
    return this.add(projectId, name, src.template);
  }

  /**
   * Rename a template: its key in project.json and every `template` / `back` cell of the cards that
   * named it (the file keeps its name). Answers how many cells changed.
   */
  rename(projectId: string, from: string, to: string): Result<{ cardsChanged: number }> {
    const dir = this.editor.writable(projectId);
    if (!dir.ok) return dir;
    const pf = this.projectFile(dir.value);
    if (!pf.ok) return pf;
    if (!Object.hasOwn(pf.value.templates, from)) return err(TEMPLATE_ERRORS.UNKNOWN, `There is no template "${from}" to rename.`);
    if (from === to) return ok({ cardsChanged: 0 });
    if (Object.hasOwn(pf.value.templates, to)) return err(TEMPLATE_ERRORS.EXISTS, `The project already has a template "${to}"; choose another name.`);
    if (from === 'front' || from === 'back') return err(TEMPLATE_ERRORS.IN_USE, `"${from}" is the default ${from} of every card that names no template and cannot be renamed; duplicate it instead.`);
    const templates = dictOf(Object.entries(pf.value.templates).map(([k, v]) => [k === from ? to : k, v] as const));
    const project = this.projectText({ ...this.raw(dir.value), templates });
    const csvText = readProjectText(dir.value, pf.value.cards) ?? '';
    const table = csvToTable(csvText);
    let changed = 0;
    const cols = ['template', 'back'].map((c) => table.columns.indexOf(c)).filter((i) => i >= 0);
    for (const row of table.rows)
      for (const c of cols)
        if (row[c]?.trim() === from) {
          row[c] = to;
          changed++;
        }
    const csv = changed ? tableToCsv(table) : csvText;
    const loads = this.loadsWith(dir.value, { 'project.json': project, [pf.value.cards]: csv });
    if (!loads.ok) return loads;
    const w = this.write(projectId, dir.value, 'project.json', project);
    if (!w.ok) return w;
    if (changed) {
      const wc = this.write(projectId, dir.value, pf.value.cards, csv);
      if (!wc.ok) return wc;
    }
    return ok({ cardsChanged: changed });
  }

  /** Take a template out of project.json; its file stays in the folder (add it back by hand to restore it). */
  remove(projectId: string, name: string): Result<{ file: string }> {
    const dir = this.editor.writable(projectId);
    if (!dir.ok) return dir;
    const pf = this.projectFile(dir.value);
    if (!pf.ok) return pf;
    if (!Object.hasOwn(pf.value.templates, name)) return err(TEMPLATE_ERRORS.UNKNOWN, `There is no template "${name}" to delete.`);
    if (name === 'front' || name === 'back') return err(TEMPLATE_ERRORS.IN_USE, `"${name}" is every card's default ${name} and cannot be deleted.`);
    const set = this.store.get(projectId);
    if (set.ok) {
      const users = set.value.set.cards.filter((c) => c.template === name || c.back === name).map((c) => c.id);
      if (users.length) return err(TEMPLATE_ERRORS.IN_USE, `Template "${name}" is used by ${users.length} card(s) (${users.slice(0, 5).join(', ')}); change their template column first.`);
    }
    const file = pf.value.templates[name]!;
    const templates = dictOf(Object.entries(pf.value.templates));
    delete templates[name];
    const project = this.projectText({ ...this.raw(dir.value), templates });
    const loads = this.loadsWith(dir.value, { 'project.json': project });
    if (!loads.ok) return loads;
    const w = this.write(projectId, dir.value, 'project.json', project);
    return w.ok ? ok({ file }) : w;
  }

  /** Advance widths (em) of `chars` in every bundled face, with the faces' vertical metrics (a project's own fonts: the `measure` worker task). */
  measure(chars: string): FontTables {
    return fontTables(this.measurer, BUILTIN_FACES, chars) as FontTables;
  }

  /** Data URLs of image refs in a project (refs that cannot be found are left out). */
  async images(projectId: string, refs: string[]): Promise<Result<Record<string, string>>> {
    const loc = this.store.locate(projectId);
    if (!loc.ok) return loc;
    const out: Record<string, string> = {};
    for (const ref of new Set(refs)) {
      const url = await this.dataUrl(ref, loc.value.dir);
      if (url) out[ref] = url;
    }
    return ok(out);
  }

  /**
   * The pixel sizes of image refs (for the editor's low-DPI warnings); a ref that cannot be read
   * is left out (the face already shows it as missing).
   */
  async imageInfo(projectId: string, refs: string[]): Promise<Result<Record<string, ImagePixels>>> {
    const loc = this.store.locate(projectId);
    if (!loc.ok) return loc;
    const out: Record<string, ImagePixels> = {};
    if (!this.inspect) return ok(out);
    for (const ref of new Set(refs)) {
      try {
        const i = await this.inspect(ref, loc.value.dir);
        out[ref] = { widthPx: i.widthPx, heightPx: i.heightPx, vector: i.vector };
      } catch {
        // Unreadable: not measured.
      }
    }
    return ok(out);
  }

  /** project.json as an object (already checked by `projectFile`, so it parses). */
  private raw(dir: string): Record<string, unknown> {
    const r = rawProjectFile(dir);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  }

  private revision(dir: string, rel: string): string {
    return revisionNow(dir, rel);
  }

  private projectText(next: Record<string, unknown>): string {
    return jsonText({ ...next, schemaVersion: projectFileVersion(next) });
  }

  /** Whether the project loads with some files replaced by `texts`; the loader's problems otherwise. */
  private loadsWith(dir: string, texts: Record<string, string>): Result<null> {
    try {
      const r = loadCardSet((rel) => (Object.hasOwn(texts, rel) ? texts[rel] : readProjectText(dir, rel)));
      if (!r.ok) return err(TEMPLATE_ERRORS.INVALID, `The project would not load after this change: ${r.error.message}`, r.error.details);
      return ok(null);
    } catch (e) {
      if (!(e instanceof ProjectFileError)) throw e;
      return err(TEMPLATE_ERRORS.INVALID, `${e.file}: ${e.message}`);
    }
  }

  private write(projectId: string, dir: string, rel: string, text: string): Result<string> {
    try {
      const target = projectTarget(dir, rel);
      this.announce?.(projectId, rel, text);
      const rev = writeText(target, text);
      this.store.forget(projectId);
      return ok(rev);
    } catch (e) {
      return err('projects/write-failed', `Could not write ${rel}: ${(e as Error).message}`);
    }
  }
}
