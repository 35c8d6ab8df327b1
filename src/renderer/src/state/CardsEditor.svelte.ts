/**
 * The data page's model of one project: its cards table, its settings (name, card geometry,
 * column types) and one undo history shared by the grid and the settings panel. Owned by the
 * project's session, so edits, history and the save state outlive the view.
 *
 * Saving: every edit schedules a save ~300 ms after the last edit and never later than 1 s after
 * the first unsaved one; `flush()` saves at once (page hidden or closed). Saves are serialized:
 * never two in flight; edits made during a save are saved right after it. Each save names the
 * revision it started from, so a file changed on disk meanwhile is never overwritten silently.
 *
 * Live reload: `poll()` (every ~400 ms while the page is open) asks main what changed on disk.
 * Our own saves are not reported (main announces them to its watcher). With no unsaved edits the
 * table reloads and `notice` says what changed; with unsaved edits `conflict` asks the designer.
 */
import type { CardsTable, ColumnTypeDto, ProjectChangeEvent, ProjectSettings } from '../../../shared/ipc/contract';
import { diffTables, History, isEmptyDiff, metaParts, applyTablePatch, tablePatch, type CardTable, type ColumnSpecs, type TableCommand, type TableDiff } from '../../../shared/cards/table';
import { describeError, isConflict, isOffline } from './errors';
import { announceSaved, onSavedElsewhere } from './tab-sync';
import { StepNotes } from './StepNotes.svelte';
import { TEMPLATE_KEY } from './step-origin';
import { DraftKeeper, makeDraft, windowDrafts } from './cards-drafts';
import { carryColumnTypes, columnTypeCommand, sameJson, settingsCommand, settingsForColumns, settingsPart } from './cards-settings';
import type { Conflict, EditorApi, EditorHooks, ReloadNotice, SaveStatus } from './cards-editor-types';

export { TEMPLATE_KEY } from './step-origin';
export { DRAFT_EVERY_MS, type DraftStore } from './cards-drafts';
export type { Conflict, EditorApi, EditorHooks, ReloadNotice, SaveStatus } from './cards-editor-types';

/** Quiet time after the last edit before saving, and the longest an edit waits unsaved. */
export const SAVE_TIMING = { debounceMs: 300, maxWaitMs: 1000, offlineRetryMs: 2000 } as const;


export class CardsEditor {
  readonly projectId: string;
  /** The table as edited (the grid's, once it reported an edit); immutable values. */
  table = $state.raw<CardTable>({ columns: [], rows: [] });
  settings = $state.raw<ProjectSettings | null>(null);
  builtIn = $state(false);
  /** The cards file, relative to the project folder. */
  file = $state('cards.csv');
  status = $state<SaveStatus>('loading');
  /** Why the last load or save failed (shown in the status chip), else null. */
  error = $state<string | null>(null);
  /** True while the last failure was the app host not answering (so the chip can say so in the user's language). */
  offline = $state(false);
  notice = $state.raw<ReloadNotice | null>(null);
  conflict = $state.raw<Conflict | null>(null);
  /** Increases whenever files the preview draws from (templates, art, project.json) change on disk. */
  filesStamp = $state(0);
  /** The first load answered. */
  loaded = $state(false);
  /** When the unsaved edits brought back at load were made (ms since 1970), until dismissed. */
  restored = $state<number | null>(null);
  /** One history for grid and settings edits. */
  readonly history = new History();
  /** Undo and redo ask before taking back another page's step, and say what they did. */
  readonly steps = new StepNotes(() => this.table.columns);

  readonly #api: EditorApi;
  readonly #hooks: EditorHooks;
  #revision = 'missing';
  #settingsRevision = '';
  /** What the files on disk hold, as far as the editor knows (the last load or save). */
  #savedTable: CardTable = { columns: [], rows: [] };
  #savedSettings: ProjectSettings | null = null;
  #loading: Promise<void> | null = null;
  #seq = 0;
  /** The first poll answered (it starts main's watch; events before it predate our load). */
  #watching = false;
  #noticeSeq = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #disposed = false;
  #firstUnsaved: number | undefined;
  #saving: Promise<void> | null = null;
  #polling: ReturnType<typeof setInterval> | undefined;
  #pollBusy = false;
  #unhear: (() => void) | undefined;
  /** Files another tab or window saved since this editor last loaded or saved them: a refused save then names that tab, not "another program". */
  readonly #heard = new Set<string>();
  readonly #drafts: DraftKeeper;

  constructor(api: EditorApi, projectId: string, hooks: EditorHooks = {}) {
    this.#api = api;
    this.projectId = projectId;
    this.#hooks = hooks;
    this.#drafts = new DraftKeeper(hooks.drafts ?? windowDrafts(), projectId);
  }

  /** Keep the unsaved edits (soon: at most every DRAFT_EVERY_MS), or drop the draft when nothing is unsaved. */
  #keepDraft(): void {
    this.#drafts.keep(
      () => this.dirty,
      () => makeDraft(this.#savedTable, this.table, { revision: this.#revision, settings: this.settings, at: Date.now() }),
    );
  }

  /**
   * Bring back edits a crash or kill left unsaved: as one undoable step over the loaded table
   * (undo drops them), saved again at once; if the file changed on disk since they were made, the
   * conflict prompt asks which to keep.
   */
  #restoreDraft(): void {
    if (this.builtIn) return;
    const d = this.#drafts.read();
    if (!d) return this.#drafts.drop();
    const table = d.v === 1 ? d.table : applyTablePatch(this.table, d.patch);
    if ('ok' in table && !table.ok) return this.#drafts.drop(); // made on a file of another shape
    const draftTable = 'ok' in table ? table.table : table;
    const sameTable = sameJson(draftTable, this.table);
    const sameSettings = d.settings === null || sameJson(d.settings, this.settings);
    if (sameTable && sameSettings) return this.#drafts.drop();
    if (!sameTable) {
      const r = this.history.apply(this.table, { kind: 'replaceTable', table: draftTable });
      if (!r.ok) return this.#drafts.drop();
      this.table = r.value;
    }
    if (!sameSettings) this.settings = d.settings;
    this.restored = d.at;
    if (d.revision !== this.#revision) {
      this.status = 'unsaved';
      this.conflict = { files: [this.file], reason: 'disk' };
      return;
    }
    this.#edited();
  }

  /** Hide the "restored" notice. */
  dismissRestored(): void {
    this.restored = null;
  }

  /** Column types for the grid's validation (from the settings). */
  get specs(): ColumnSpecs {
    return this.settings?.columns ?? {};
  }

  /** Whether there are edits not yet written. */
  get dirty(): boolean {
    return this.table !== this.#savedTable || (this.settings !== null && !sameJson(this.#writtenSettings(), this.#savedSettingsForCompare()));
  }


  /** Load the table and settings (once; `force` loads again, dropping nothing from the history). */
  load(force = false): Promise<void> {
    if (this.#loading) return this.#loading;
    if (this.loaded && !force) return Promise.resolve();
    this.#loading = (async () => {
      try {
        const c = await this.#api.PROJECTS_CARDS({ id: this.projectId });
        this.#take(c);
        // Poll from where the change log stood when the files were read: a change made between the
        // read and the first poll is reported, not taken for one that predates the load.
        if (c.changesSeq !== undefined && !this.#watching) {
          this.#seq = c.changesSeq;
          this.#watching = true;
        }
        this.status = 'saved';
        this.error = null;
        this.offline = false;
        this.loaded = true;
        if (!force) this.#restoreDraft();
      } catch (e) {
        this.status = 'error';
        this.error = describeError(e);
        this.offline = isOffline(e);
      } finally {
        this.#loading = null;
      }
    })();
    return this.#loading;
  }

  #take(c: CardsTable): void {
    const t: CardTable = { columns: c.columns, rows: c.rows };
    this.table = t;
    this.#savedTable = t;
    this.settings = c.settings;
    this.#savedSettings = c.settings;
    this.builtIn = c.builtIn;
    this.file = c.file;
    this.#revision = c.revision;
    this.#settingsRevision = c.settingsRevision;
  }

  // ---- edits ---------------------------------------------------------------------------------

  /**
   * The grid reported a change (an edit, an undo or a redo; the grid's `GridChange`): take the
   * table, apply the settings part of `meta` commands, and schedule a save.
   */
  change(c: { table: CardTable; command: TableCommand }): void {
    const before = this.table;
    this.table = c.table;
    let settings = this.settings;
    if (settings) {
      for (const m of metaParts(c.command)) settings = { ...settings, ...(settingsPart(m.set) as Partial<ProjectSettings>) };
      settings = carryColumnTypes(settings, before, c.command);
      if (settings !== this.settings) this.settings = settings;
    }
    // Template edits share this history (see TEMPLATE_KEY): whoever edits templates applies them.
    for (const m of metaParts(c.command)) for (const [k, v] of Object.entries(m.set)) if (k.startsWith(TEMPLATE_KEY)) this.ontemplate?.(k.slice(TEMPLATE_KEY.length), v);
    // A question about a step that is no longer next (an edit came between) is moot.
    const a = this.steps.asking;
    if (a && a.step !== (a.kind === 'undo' ? this.history.peekUndo() : this.history.peekRedo())) this.steps.asking = null;
    this.#edited();
  }

  /**
   * Told of every template edit that passes through the history (made, undone or redone): the
   * template's name and its JSON as it now is. Set by the template editor.
   */
  ontemplate: ((name: string, template: unknown) => void) | null = null;

  /**
   * The command that changes settings fields (run it through the grid, so it joins the history):
   * `set` holds the new values, `was` the current ones.
   */
  settingsCommand(patch: Partial<ProjectSettings>): TableCommand | undefined {
    return settingsCommand(this.settings, patch);
  }

  /** The command that sets one column's type (see `settingsCommand`). */
  columnTypeCommand(column: string, spec: ColumnTypeDto): TableCommand | undefined {
    return columnTypeCommand(this.settings, column, spec);
  }

  #edited(): void {
    if (this.builtIn) return;
    this.#keepDraft();
    if (!this.dirty) {
      // Undone back to what is on disk: nothing to write.
      if (!this.#saving && this.status !== 'error') this.status = 'saved';
      return;
    }
    if (this.status !== 'saving') this.status = 'unsaved';
    this.#schedule();
  }

  #schedule(): void {
    const now = Date.now();
    this.#firstUnsaved ??= now;
    clearTimeout(this.#timer);
    const wait = Math.max(0, Math.min(SAVE_TIMING.debounceMs, this.#firstUnsaved + SAVE_TIMING.maxWaitMs - now));
    this.#timer = setTimeout(() => void this.flush(), wait);
  }

  // ---- saving --------------------------------------------------------------------------------

  /**
   * Save now (what is unsaved, if anything). Serialized: while a save runs, this waits for it and
   * then saves what changed meanwhile. Resolves when everything known at the call is written (or
   * the save failed; see `status` and `error`).
   */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#saving) await this.#saving;
    if (!this.dirty || this.builtIn || this.conflict || !this.loaded) return;
    this.#firstUnsaved = undefined;
    this.#saving = this.#saveOnce();
    try {
      await this.#saving;
    } finally {
      this.#saving = null;
    }
    // Edits made while saving wait for their own timer (already scheduled by `change`).
  }

  async #saveOnce(): Promise<void> {
    const table = this.table;
    const settings = this.#writtenSettings();
    const cardsDirty = table !== this.#savedTable;
    const settingsDirty = settings !== null && !sameJson(settings, this.#savedSettingsForCompare());
    this.status = 'saving';
    const failures: unknown[] = [];
    let saved = { cards: false, settings: false };
    // Settings and cards are separate files: a refused one (say, an empty name) does not hold back the other.
    if (settingsDirty && settings) {
      try {
        const r = await this.#api.PROJECTS_SAVE_SETTINGS({ id: this.projectId, settings, baseRevision: this.#settingsRevision });
        this.#settingsRevision = r.revision;
        this.#savedSettings = settings;
        saved = { ...saved, settings: true };
        this.#heard.delete('project.json');
      } catch (e) {
        failures.push(e);
      }
    }
    if (cardsDirty && !failures.some(isConflict)) {
      try {
        const r = await this.#saveCards(table);
        this.#revision = r.revision;
        this.#savedTable = table;
        saved = { ...saved, cards: true };
        this.#heard.delete(this.file);
      } catch (e) {
        failures.push(e);
      }
    }
    if (saved.cards || saved.settings) {
      this.#hooks.onsaved?.(saved);
      announceSaved(this.projectId, [...(saved.cards ? [this.file] : []), ...(saved.settings ? ['project.json'] : [])]);
    }
    const conflict = failures.find(isConflict);
    if (conflict) {
      const file = saved.settings || !settingsDirty ? this.file : 'project.json';
      this.conflict = { files: [file], reason: this.#heard.has(file) ? 'tab' : 'save', theirs: await this.#theirs() };
      this.status = 'unsaved';
      this.error = null;
      this.offline = false;
    } else if (failures.length > 0) {
      this.status = 'error';
      this.error = failures.map((e) => describeError(e)).join(' · ');
      this.offline = failures.every(isOffline);
      // The host did not answer: try again until it does (the draft keeps the edits meanwhile).
      if (this.offline && !this.#timer && !this.#disposed) this.#timer = setTimeout(() => void this.flush(), SAVE_TIMING.offlineRetryMs);
    } else {
      this.error = null;
      this.offline = false;
      this.status = this.dirty ? 'unsaved' : 'saved';
    }
    this.#keepDraft();
  }

  /** The settings as they will be written: column types only for columns the table has. */
  #writtenSettings(): ProjectSettings | null {
    return settingsForColumns(this.settings, this.table.columns);
  }

  /**
   * Write the table: the changed cells when the shape is the file's (an autosave while typing sends
   * a few cells, not the whole table), else the whole table; a patch the host cannot place on the
   * file (`cards/patch-base`) is sent again whole.
   */
  async #saveCards(table: CardTable): Promise<{ revision: string }> {
    const patch = this.#api.PROJECTS_PATCH_CARDS ? tablePatch(this.#savedTable, table) : undefined;
    if (patch) {
      try {
        return await this.#api.PROJECTS_PATCH_CARDS!({ id: this.projectId, ...patch, baseRevision: this.#revision });
      } catch (e) {
        if ((e as { code?: string }).code !== 'cards/patch-base') throw e;
      }
    }
    return this.#api.PROJECTS_SAVE_CARDS({ id: this.projectId, columns: [...table.columns], rows: table.rows.map((row) => [...row]), baseRevision: this.#revision });
  }

  #savedSettingsForCompare(): ProjectSettings | null {
    return settingsForColumns(this.#savedSettings, this.table.columns);
  }

  // ---- live reload ----------------------------------------------------------------------------

  /**
   * Poll for changes on disk every `ms` until `stopPolling()` (the data page calls both), and
   * hear the saves of the app's other tabs and windows on this project meanwhile.
   */
  startPolling(ms = 400): void {
    this.stopPolling();
    this.#polling = setInterval(() => void this.poll(), ms);
    this.#unhear = onSavedElsewhere(this.projectId, (files) => {
      for (const f of files) this.#heard.add(f);
      void this.#changedOnDisk(files, 'tab');
    });
  }

  stopPolling(): void {
    clearInterval(this.#polling);
    this.#polling = undefined;
    this.#unhear?.();
    this.#unhear = undefined;
  }

  /** Ask main once what changed on disk since the last poll, and act on it. */
  async poll(): Promise<void> {
    if (this.#pollBusy || !this.loaded) return;
    this.#pollBusy = true;
    try {
      const first = !this.#watching;
      const r = await this.#api.PROJECTS_CHANGES({ projectId: this.projectId, since: this.#seq });
      this.#seq = r.seq;
      this.#watching = true;
      // The first answer only starts the watch (events before it predate our load).
      if (first) return;
      const files = changedFiles(r.events);
      if (files.length > 0) await this.#changedOnDisk(files);
    } catch {
      // Polling is best effort: the next tick tries again.
    } finally {
      this.#pollBusy = false;
    }
  }

  async #changedOnDisk(files: string[], by: 'disk' | 'tab' = 'disk'): Promise<void> {
    const ours = files.filter((f) => f === this.file || f === 'project.json');
    const others = files.filter((f) => !ours.includes(f));
    if (others.length > 0 || ours.includes('project.json')) {
      this.filesStamp++;
      this.#hooks.onfiles?.(files);
    }
    if (ours.length === 0) {
      this.#notify(undefined, others);
      return;
    }
    while (this.#saving) await this.#saving;
    if (this.dirty) {
      // Events can arrive late: if the files are still what this editor last loaded or saved (a
      // "keep mine" already wrote over that change, say), there is nothing to ask about.
      let now: CardsTable | undefined;
      try {
        now = await this.#api.PROJECTS_CARDS({ id: this.projectId });
        if (now.revision === this.#revision && now.settingsRevision === this.#settingsRevision) return;
      } catch {
        // Cannot tell: ask, as for any change.
      }
      if (this.dirty) this.conflict = { files: ours, reason: by, theirs: now ? diffTables(this.#savedTable, { columns: now.columns, rows: now.rows }) : undefined };
      return;
    }
    await this.#reloadFromDisk(files, by);
  }

  async #reloadFromDisk(files: string[], by: 'disk' | 'tab' = 'disk'): Promise<void> {
    const before = this.table;
    let c: CardsTable;
    try {
      c = await this.#api.PROJECTS_CARDS({ id: this.projectId });
    } catch (e) {
      this.status = 'error';
      this.error = describeError(e);
      this.offline = isOffline(e);
      return;
    }
    this.#take(c);
    this.#heard.clear();
    this.history.seal();
    this.#keepDraft();
    this.status = 'saved';
    this.error = null;
    this.offline = false;
    this.#notify(diffTables(before, this.table), files, by);
    this.#hooks.onsaved?.({ cards: true, settings: true });
  }

  /** What the cards on disk change against what this editor last loaded or saved (undefined when they cannot be read). */
  async #theirs(): Promise<TableDiff | undefined> {
    try {
      const c = await this.#api.PROJECTS_CARDS({ id: this.projectId });
      return diffTables(this.#savedTable, { columns: c.columns, rows: c.rows });
    } catch {
      return undefined;
    }
  }

  #notify(diff: TableDiff | undefined, files: string[], by: 'disk' | 'tab' = 'disk'): void {
    if (diff && isEmptyDiff(diff) && files.every((f) => f === this.file)) return;
    this.notice = { diff: diff && !isEmptyDiff(diff) ? diff : undefined, files, by, seq: ++this.#noticeSeq };
  }

  /** Dismiss the reload notice. */
  dismissNotice(): void {
    this.notice = null;
  }

  /** Resolve a conflict by writing the app's version over the file on disk. */
  async keepMine(): Promise<void> {
    if (!this.conflict) return;
    try {
      const c = await this.#api.PROJECTS_CARDS({ id: this.projectId });
      // Base the next save on what is on disk now, so it is accepted; nothing else of theirs is kept.
      this.#revision = c.revision;
      this.#settingsRevision = c.settingsRevision;
      this.#savedTable = { columns: c.columns, rows: c.rows };
      this.#savedSettings = c.settings;
    } catch (e) {
      this.status = 'error';
      this.error = describeError(e);
      this.offline = isOffline(e);
      return;
    }
    this.conflict = null;
    await this.flush();
  }

  /** Resolve a conflict by taking the files on disk and dropping the unsaved edits. */
  async takeTheirs(): Promise<void> {
    if (!this.conflict) return;
    const files = this.conflict.files;
    this.conflict = null;
    clearTimeout(this.#timer);
    this.#firstUnsaved = undefined;
    await this.#reloadFromDisk(files);
  }

  /** Stop timers (the session is dropped). Unsaved edits are flushed first. */
  async dispose(): Promise<void> {
    this.#disposed = true;
    this.stopPolling();
    await this.flush();
  }
}

/** The files of `changed` events, in order, without repeats. */
function changedFiles(events: readonly ProjectChangeEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) if (e.kind === 'changed') for (const f of e.files) if (!out.includes(f.path)) out.push(f.path);
  return out;
}
