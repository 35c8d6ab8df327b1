/**
 * A project's templates as the template editor holds them: the JSON of every template file, which
 * one is open, the selection, and saving.
 *
 * History: every template edit is a `meta` step (`template:<name>` → before / after) of the data
 * page's history (`CardsEditor.history`), so one undo stack holds data and template edits and
 * Ctrl+Z in either view takes back the latest of both. A drag shows a draft and records one step
 * when it ends; typing in one field coalesces into one step.
 *
 * Saving: each edited template is saved ~300 ms after its last edit (never later than 1 s after
 * the first unsaved one), through `templates:save` (atomic, refused if the file changed on disk
 * since). A template changed on disk by hand reloads when nothing of it is unsaved (`filesChanged`);
 * when it has unsaved edits too (or a save is refused because the file changed), it is a conflict:
 * the edits stay on screen, nothing is written, and the designer keeps theirs (saved over the
 * file) or takes the file's version (one undoable step, so undo brings the edits back).
 */
import { SvelteMap } from 'svelte/reactivity';
import type { Bilingual, ImagePixels, OpenedTemplates, TemplateEntry, WindowApi } from '../../../../shared/ipc/contract';
import type { TableCommand } from '../../../../shared/cards/table';
import { TEMPLATE_KEY, type CardsEditor } from '../../state/CardsEditor.svelte';
import { describeError, isConflict } from '../../state/errors';
import { announceSaved } from '../../state/tab-sync';
import type { TemplateJson } from './layers';
import { charsOf, TableMeasurer } from './measurer';
import { saveable, type FieldIssue } from './field-check';
import { ProjectFonts, type FontsApi } from './ProjectFonts.svelte';
import { dictOf, own } from '../../../../shared/util/dict';

/** The channels the template editor uses (tests pass fakes). */
export type TemplateApi = Pick<WindowApi, 'TEMPLATES_OPEN' | 'TEMPLATES_SAVE' | 'TEMPLATES_ADD' | 'TEMPLATES_DUPLICATE' | 'TEMPLATES_RENAME' | 'TEMPLATES_DELETE' | 'TEMPLATES_MEASURE' | 'TEMPLATES_IMAGES' | 'TEMPLATES_IMAGE_INFO'> &
  Partial<FontsApi>;

/** Quiet time after the last edit before saving, and the longest an edit waits unsaved. */
export const TEMPLATE_SAVE = { debounceMs: 300, maxWaitMs: 1000 } as const;

/** Where the template files stand. */
export type TemplateStatus = 'loading' | 'saved' | 'saving' | 'unsaved' | 'error';

interface FileState {
  file: string;
  revision: string;
  /** What the file holds, as far as the editor knows. */
  saved: TemplateJson | null;
  problem?: string;
  problemText?: Bilingual;
  /** The file on disk does not parse: the last good template is shown read-only, nothing is saved, until it is fixed. */
  broken?: boolean;
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A template changed on disk while it has edits here: the file's version, to keep or take. */
export interface TemplateConflict {
  name: string;
  file: string;
  /** The file's revision now (saving "mine" writes over it). */
  revision: string;
  /** The file's template (null: it does not parse; `problem` says why). */
  theirs: TemplateJson | null;
  problem?: string;
  problemText?: Bilingual;
}

/** A template file that exists but does not parse as JSON (a missing file is not broken: saving creates it). */
function isBroken(e: TemplateEntry): boolean {
  return e.template === null && e.revision !== 'missing';
}

function asTemplate(raw: unknown, name: string): TemplateJson {
  const o = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  return { ...o, schemaVersion: typeof o.schemaVersion === 'number' ? o.schemaVersion : 2, name: typeof o.name === 'string' ? o.name : name, layers: Array.isArray(o.layers) ? (o.layers as TemplateJson['layers']) : [] };
}

export class TemplateDoc {
  readonly projectId: string;
  readonly cards: CardsEditor;
  /** Every template by name, as edited. */
  templates = $state.raw<Record<string, TemplateJson>>(dictOf());
  /** Template names in project.json order. */
  names = $state.raw<string[]>([]);
  card = $state.raw<OpenedTemplates['card']>({ width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 });
  builtIn = $state(false);
  /** project.json's per-card template rules (a card without a template cell takes the first that holds). */
  rules = $state.raw<NonNullable<OpenedTemplates['rules']>>([]);
  /** The template open in the editor. */
  current = $state('front');
  /** Selected layer ids. */
  selection = $state.raw<string[]>([]);
  /** A drag in progress: the template as it looks mid-drag (not yet a history step). */
  draft = $state.raw<TemplateJson | null>(null);
  status = $state<TemplateStatus>('loading');
  error = $state<string | null>(null);
  loaded = $state(false);
  /** Image data URLs by ref. */
  images = $state.raw<Record<string, string>>({});
  /** Images' own pixel sizes by ref (the preview's data URLs may be smaller), for low-DPI warnings. */
  pixels = $state.raw<Record<string, ImagePixels>>({});
  /** Templates changed on disk while edited here, waiting for keep-mine / take-theirs. */
  conflicts = $state.raw<TemplateConflict[]>([]);
  /** Increases when font widths arrive (the canvas lays out again). */
  metricsStamp = $state(0);
  readonly measurer = new TableMeasurer();
  /** The project's own fonts (absent when the API has no font channels, e.g. in unit tests). */
  readonly fonts: ProjectFonts | undefined;

  readonly #api: TemplateApi;
  // Reactive: the problem, broken and read-only getters follow the files as they change.
  readonly #files = new SvelteMap<string, FileState>();
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #firstUnsaved = new Map<string, number>();
  #saving: Promise<void> | null = null;
  readonly #askedImages = new Set<string>();
  #measuring = false;
  readonly #onsaved: () => void;

  constructor(api: TemplateApi, projectId: string, cards: CardsEditor, onsaved: () => void = () => {}, fonts?: ProjectFonts) {
    this.#api = api;
    this.projectId = projectId;
    this.cards = cards;
    this.#onsaved = onsaved;
    const { PROJECTS_FONTS, PROJECTS_ADD_FONT, PROJECTS_FONT_BYTES, PROJECTS_FONT_LICENCE } = api;
    this.fonts =
      fonts ??
      (PROJECTS_FONTS && PROJECTS_ADD_FONT && PROJECTS_FONT_BYTES && PROJECTS_FONT_LICENCE
        ? new ProjectFonts({ PROJECTS_FONTS, PROJECTS_ADD_FONT, PROJECTS_FONT_BYTES, PROJECTS_FONT_LICENCE }, projectId, () => void this.remeasure())
        : undefined);
    cards.ontemplate = (name, t) => this.#applied(name, t as TemplateJson);
  }

  /** The open template as shown (the draft while dragging). */
  get shown(): TemplateJson | undefined {
    return this.draft ?? own(this.templates, this.current);
  }

  /** Why the open template's file does not load, if it does not (in both languages). */
  get problem(): Bilingual | undefined {
    const f = this.#files.get(this.current);
    return f?.problemText ?? (f?.problem ? { zh: f.problem, en: f.problem } : undefined);
  }

  /** Whether the open template's file is broken on disk (shown as it last loaded, read-only, until fixed). */
  get broken(): boolean {
    return !!this.#files.get(this.current)?.broken;
  }

  /** Whether the open template cannot be edited (a built-in project, or its file is broken on disk). */
  get readOnly(): boolean {
    return this.builtIn || this.broken;
  }

  /** Load the templates (and the data, and the font widths the data and templates need). */
  async load(): Promise<void> {
    try {
      await this.cards.load();
      const o = await this.#api.TEMPLATES_OPEN({ projectId: this.projectId });
      this.#take(o);
      this.status = 'saved';
      this.error = null;
      this.loaded = true;
      const text = [JSON.stringify(o.templates.map((t) => t.template)), ...this.cards.table.rows.flat()].join('\n');
      const fonts = this.fonts?.load();
      this.measurer.add(await this.#api.TEMPLATES_MEASURE({ chars: charsOf(text).slice(0, 20_000), projectId: this.projectId }));
      this.metricsStamp++;
      await fonts;
    } catch (e) {
      this.status = 'error';
      this.error = describeError(e);
    }
  }

  #take(o: OpenedTemplates, only?: ReadonlySet<string>): void {
    this.card = o.card;
    this.builtIn = o.builtIn;
    this.rules = o.rules ?? [];
    // Keyed by the project's template names: no prototype, so `constructor` is only ever a template.
    const next: Record<string, TemplateJson> = dictOf(only ? Object.entries(this.templates) : []);
    for (const e of o.templates) {
      if (only && !only.has(e.name)) continue;
      if (isBroken(e)) {
        // Keep showing the last good version (read-only) until the file parses again.
        const last = own(this.templates, e.name) ?? asTemplate(null, e.name);
        next[e.name] = last;
        // What the file held when it last parsed stays its saved state (a field refused here is no edit).
        const saved = this.#files.get(e.name)?.saved ?? last;
        this.#files.set(e.name, { file: e.file, revision: e.revision, saved, problem: e.problem, problemText: e.problemText, broken: true });
        continue;
      }
      const t = asTemplate(e.template, e.name);
      next[e.name] = t;
      this.#files.set(e.name, { file: e.file, revision: e.revision, saved: e.template ? t : null, problem: e.problem, problemText: e.problemText });
    }
    if (!only) for (const n of Object.keys(next)) if (!o.templates.some((e) => e.name === n)) delete next[n];
    this.templates = next;
    this.names = o.templates.map((t) => t.name);
    if (!this.names.includes(this.current)) this.current = this.names[0] ?? 'front';
    this.selection = this.selection.filter((id) => JSON.stringify(next[this.current]?.layers ?? []).includes(`"${id}"`));
  }

  /** Open another template (the selection is cleared). */
  open(name: string): void {
    if (!own(this.templates, name) || name === this.current) return;
    this.draft = null;
    this.current = name;
    this.selection = [];
  }

  /**
   * Record an edit of the open template as one history step (`coalesceKey`: steps with the same key
   * in a row merge, e.g. typing in one field).
   */
  edit(next: TemplateJson, coalesceKey?: string): void {
    this.draft = null;
    const name = this.current;
    const before = own(this.templates, name);
    if (!before || sameJson(before, next) || this.readOnly) return;
    const command: TableCommand = { kind: 'meta', set: { [TEMPLATE_KEY + name]: next }, was: { [TEMPLATE_KEY + name]: before } };
    const r = this.cards.history.apply(this.cards.table, command, coalesceKey ? { coalesceKey: `tpl:${name}:${coalesceKey}`, origin: 'template' } : { origin: 'template' });
    if (!r.ok) {
      this.error = r.error.message;
      return;
    }
    if (!coalesceKey) this.cards.history.seal();
    this.cards.change({ table: r.value, command });
  }

  /** Run a data command (a row's template assignment) through the same history. */
  editData(command: TableCommand): boolean {
    const r = this.cards.history.apply(this.cards.table, command, { origin: 'template' });
    if (!r.ok) {
      this.error = r.error.message;
      return false;
    }
    this.cards.history.seal();
    this.cards.change({ table: r.value, command });
    return true;
  }

  /** Undo the latest step of the shared history (a data page's step is asked about first: `CardsEditor.steps`). */
  undo(): void {
    const step = this.cards.history.peekUndo();
    if (!step || !this.cards.steps.allow('undo', step, 'template')) return;
    const r = this.cards.history.undo(this.cards.table);
    if (r?.ok) this.cards.change({ table: r.value, command: step.inverse });
  }

  redo(): void {
    const step = this.cards.history.peekRedo();
    if (!step || !this.cards.steps.allow('redo', step, 'template')) return;
    const r = this.cards.history.redo(this.cards.table);
    if (r?.ok) this.cards.change({ table: r.value, command: step.command });
  }

  /** A template edit passed through the history (made, undone or redone, from any view). */
  #applied(name: string, t: TemplateJson): void {
    if (!(name in this.templates)) return;
    this.templates = dictOf([...Object.entries(this.templates), [name, t] as const]);
    if (name === this.current) {
      const ids = JSON.stringify(t.layers);
      this.selection = this.selection.filter((id) => ids.includes(`"id":"${id}"`));
    }
    this.#schedule(name);
  }

  // ---- saving ------------------------------------------------------------------------------

  /** Whether a template has edits not yet written. */
  dirty(name: string): boolean {
    const f = this.#files.get(name);
    const t = own(this.templates, name);
    return !!f && !!t && !f.broken && !sameJson(f.saved, saveable(t, f.saved).template);
  }

  /** The fields of the open template the format refuses (shown on the field; the file keeps their last good value). */
  get fieldIssues(): FieldIssue[] {
    const t = own(this.templates, this.current);
    return t ? saveable(t, this.#files.get(this.current)?.saved ?? null).issues : [];
  }

  #schedule(name: string): void {
    if (this.builtIn) return;
    if (!this.dirty(name)) {
      if (!this.#saving) this.status = [...this.#files.keys()].some((n) => this.dirty(n)) ? 'unsaved' : 'saved';
      return;
    }
    this.status = 'unsaved';
    const now = Date.now();
    if (!this.#firstUnsaved.has(name)) this.#firstUnsaved.set(name, now);
    clearTimeout(this.#timers.get(name));
    const wait = Math.max(0, Math.min(TEMPLATE_SAVE.debounceMs, this.#firstUnsaved.get(name)! + TEMPLATE_SAVE.maxWaitMs - now));
    this.#timers.set(name, setTimeout(() => void this.flush(), wait));
  }

  /** Save every unsaved template now (serialized: one save at a time). */
  async flush(): Promise<void> {
    for (const t of this.#timers.values()) clearTimeout(t);
    this.#timers.clear();
    while (this.#saving) await this.#saving;
    const names = [...this.#files.keys()].filter((n) => this.dirty(n) && !this.conflicts.some((c) => c.name === n));
    if (names.length === 0 || this.builtIn) return;
    this.#saving = (async () => {
      this.status = 'saving';
      let failed: string | null = null;
      for (const name of names) {
        const f = this.#files.get(name)!;
        // What the file can take: a refused field keeps the file's value (see field-check.ts).
        const t = saveable(own(this.templates, name)!, f.saved).template;
        this.#firstUnsaved.delete(name);
        try {
          const r = await this.#api.TEMPLATES_SAVE({ projectId: this.projectId, name, template: t, baseRevision: f.revision });
          this.#files.set(name, { ...f, revision: r.revision, saved: t, problem: undefined });
          announceSaved(this.projectId, [f.file]);
        } catch (e) {
          if (isConflict(e) && (await this.#conflictFromDisk(name))) continue;
          failed = describeError(e);
        }
      }
      this.error = failed;
      this.status = failed ? 'error' : [...this.#files.keys()].some((n) => this.dirty(n)) ? 'unsaved' : 'saved';
      this.#onsaved();
    })();
    try {
      await this.#saving;
    } finally {
      this.#saving = null;
    }
  }

  // ---- files changed on disk -----------------------------------------------------------------

  /**
   * Files of the project changed on disk (told by the data editor's watcher poll): templates
   * whose file changed and that have nothing unsaved are read again (not an undo step).
   */
  async filesChanged(files: readonly string[]): Promise<void> {
    if (!this.loaded) return;
    const touched = [...this.#files.entries()].filter(([, f]) => files.includes(f.file)).map(([n]) => n);
    if (touched.length === 0 && !files.includes('project.json')) return;
    while (this.#saving) await this.#saving;
    try {
      const o = await this.#api.TEMPLATES_OPEN({ projectId: this.projectId });
      const changed = new Set(o.templates.filter((e) => e.revision !== this.#files.get(e.name)?.revision).map((e) => e.name));
      // A file broken by hand is never a conflict: it shows read-only until it parses again; edits
      // made here before it broke wait, unsaved, and meet the fixed file as a conflict then.
      const edited = (n: string) => {
        const f = this.#files.get(n);
        const t = own(this.templates, n);
        return !!f && !!t && !sameJson(f.saved, saveable(t, f.saved).template);
      };
      for (const n of [...changed]) {
        const e = o.templates.find((x) => x.name === n)!;
        const f = this.#files.get(n);
        if (isBroken(e) && f && edited(n)) {
          this.#files.set(n, { ...f, problem: e.problem, problemText: e.problemText, broken: true });
          changed.delete(n);
        }
      }
      const clash = [...changed].filter((n) => edited(n) && !isBroken(o.templates.find((x) => x.name === n)!));
      // Fixed back to the very bytes it had: nothing to reload, only the lock to lift.
      for (const e of o.templates) {
        const f = this.#files.get(e.name);
        if (f?.broken && !changed.has(e.name) && !isBroken(e) && e.revision === f.revision) this.#files.set(e.name, { ...f, broken: false, problem: e.problem, problemText: e.problemText });
      }
      for (const n of clash) {
        const e = o.templates.find((x) => x.name === n)!;
        this.#addConflict({ name: n, file: e.file, revision: e.revision, theirs: e.template ? asTemplate(e.template, n) : null, problem: e.problem, problemText: e.problemText });
        changed.delete(n);
      }
      if (files.includes('project.json') || o.templates.length !== this.names.length) this.#take(o);
      else this.#take(o, changed);
      this.cards.history.seal();
      this.#onsaved();
    } catch (e) {
      this.error = describeError(e);
    }
  }

  #addConflict(c: TemplateConflict): void {
    this.conflicts = [...this.conflicts.filter((x) => x.name !== c.name), c];
    this.status = 'unsaved';
  }

  /** A save of `name` was refused as changed on disk: read the file's version as a conflict. */
  async #conflictFromDisk(name: string): Promise<boolean> {
    try {
      const o = await this.#api.TEMPLATES_OPEN({ projectId: this.projectId });
      const e = o.templates.find((x) => x.name === name);
      if (!e) return false;
      this.#addConflict({ name, file: e.file, revision: e.revision, theirs: e.template ? asTemplate(e.template, name) : null, problem: e.problem, problemText: e.problemText });
      return true;
    } catch {
      return false;
    }
  }

  /** Keep the edits made here: they are saved over the file's version. */
  async keepMine(name: string): Promise<void> {
    const c = this.conflicts.find((x) => x.name === name);
    const f = this.#files.get(name);
    if (!c || !f) return;
    this.#files.set(name, { ...f, revision: c.revision, saved: c.theirs, problem: c.problem, problemText: c.problemText });
    this.conflicts = this.conflicts.filter((x) => x.name !== name);
    this.#schedule(name);
    await this.flush();
  }

  /** Take the file's version: one history step (undo brings the edits made here back, to save over it). */
  takeTheirs(name: string): void {
    const c = this.conflicts.find((x) => x.name === name);
    const f = this.#files.get(name);
    const before = own(this.templates, name);
    if (!c || !f || !before) return;
    this.#files.set(name, { ...f, revision: c.revision, saved: c.theirs, problem: c.problem, problemText: c.problemText });
    this.conflicts = this.conflicts.filter((x) => x.name !== name);
    if (!c.theirs) return;
    const command: TableCommand = { kind: 'meta', set: { [TEMPLATE_KEY + name]: c.theirs }, was: { [TEMPLATE_KEY + name]: before } };
    const r = this.cards.history.apply(this.cards.table, command, { origin: 'template' });
    if (!r.ok) {
      this.error = r.error.message;
      return;
    }
    this.cards.history.seal();
    this.cards.change({ table: r.value, command });
  }

  // ---- fonts and images ----------------------------------------------------------------------

  /** Ask main for widths the canvas measured by estimate (after a layout). */
  async fetchWanted(): Promise<void> {
    if (this.#measuring) return;
    const chars = this.measurer.takeWanted();
    if (!chars) return;
    this.#measuring = true;
    try {
      this.measurer.add(await this.#api.TEMPLATES_MEASURE({ chars: chars.slice(0, 20_000), projectId: this.projectId }));
      this.metricsStamp++;
    } catch {
      // The estimate stays; the next layout asks again.
    } finally {
      this.#measuring = false;
    }
  }

  /** Measure every known character again (a font was added: its table is new). */
  async remeasure(): Promise<void> {
    try {
      this.measurer.add(await this.#api.TEMPLATES_MEASURE({ chars: this.measurer.known().slice(0, 20_000), projectId: this.projectId }));
      this.metricsStamp++;
    } catch {
      // The new face measures as sans until the next measure.
    }
  }

  /** A picture's own size (pixels) once known, for placing contain / cover images exactly. */
  imageSize(ref: string): { w: number; h: number } | undefined {
    const p = this.pixels[ref];
    return p && p.widthPx > 0 && p.heightPx > 0 ? { w: p.widthPx, h: p.heightPx } : undefined;
  }

  /** Fetch the images of `refs` not asked for yet. */
  async fetchImages(refs: Iterable<string>): Promise<void> {
    const want = [...refs].filter((r) => !this.#askedImages.has(r)).slice(0, 200);
    if (want.length === 0) return;
    for (const r of want) this.#askedImages.add(r);
    // The sizes come on their own (a picture shows as soon as its data URL is here).
    void this.#api.TEMPLATES_IMAGE_INFO({ projectId: this.projectId, refs: want }).then(
      (px) => (this.pixels = { ...this.pixels, ...px }),
      () => {},
    );
    try {
      const got = await this.#api.TEMPLATES_IMAGES({ projectId: this.projectId, refs: want });
      this.images = { ...this.images, ...got };
    } catch {
      for (const r of want) this.#askedImages.delete(r);
    }
  }

  // ---- templates: add, duplicate, rename, delete ---------------------------------------------

  async #reload(): Promise<void> {
    this.#take(await this.#api.TEMPLATES_OPEN({ projectId: this.projectId }));
    this.#onsaved();
  }

  /** Add a blank template and open it. */
  async add(name: string): Promise<void> {
    await this.flush();
    await this.#api.TEMPLATES_ADD({ projectId: this.projectId, name });
    await this.#reload();
    this.open(name);
  }

  /** Copy the open template under `name` and open the copy. */
  async duplicate(name: string): Promise<void> {
    await this.flush();
    await this.#api.TEMPLATES_DUPLICATE({ projectId: this.projectId, from: this.current, name });
    await this.#reload();
    this.open(name);
  }

  /** Rename the open template (main renames it in the cards too; the data is read again). */
  async rename(to: string): Promise<void> {
    await this.flush();
    await this.cards.flush();
    const from = this.current;
    await this.#api.TEMPLATES_RENAME({ projectId: this.projectId, from, to });
    await this.cards.load(true);
    this.current = to;
    await this.#reload();
  }

  /** Take the open template out of the project (refused for front, back and templates in use). */
  async remove(): Promise<void> {
    await this.flush();
    await this.#api.TEMPLATES_DELETE({ projectId: this.projectId, name: this.current });
    await this.#reload();
  }

  /** The entry names main knows (for tests and the picker). */
  entry(name: string): Pick<TemplateEntry, 'file' | 'revision'> | undefined {
    const f = this.#files.get(name);
    return f && { file: f.file, revision: f.revision };
  }
}
