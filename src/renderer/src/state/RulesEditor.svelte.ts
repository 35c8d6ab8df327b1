import type { ProjectChangeEvent, RulebookSource, WindowApi } from '../../../shared/ipc/contract';
import { describeError, isConflict } from './errors';
import type { RulebookLang, RulebookState } from './Rulebook.svelte';

/** What the Rules page needs from main. */
export type RulesApi = Pick<WindowApi, 'RULEBOOK_SOURCE' | 'RULEBOOK_SAVE_SOURCE' | 'PROJECTS_CHANGES'>;

/** Quiet time after a keystroke before the preview typesets the text (the typesetting itself runs on a worker). */
export const PREVIEW_DELAY_MS = 120;
/** Quiet time after a keystroke before the text is saved; never later than `SAVE_MAX_MS` after the first unsaved one. */
export const SAVE_DELAY_MS = 700;
export const SAVE_MAX_MS = 2_000;

/** The save state the page shows. */
export type RulesStatus = 'loading' | 'saved' | 'unsaved' | 'saving' | 'error';

/**
 * The Rules page's Markdown editor of one project: the text of the language shown, typeset into
 * the preview a moment after each pause in typing (one typesetting in flight at a time, the
 * newest text next), saved by itself shortly after (atomically in main, from the revision it was
 * opened at), and reloaded when the file changes on disk — or, with unsaved edits, a conflict to
 * resolve by keeping either version. Switching language saves first.
 */
export class RulesEditor {
  lang = $state<RulebookLang | null>(null);
  text = $state('');
  /** The file edited, relative to the project folder. */
  file = $state('');
  editable = $state(false);
  status = $state<RulesStatus>('loading');
  error = $state<string | null>(null);
  /** The file changed on disk while there were unsaved edits here. */
  conflict = $state(false);
  /** The file was reloaded from disk (another program saved it); cleared on the next edit. */
  reloaded = $state(false);
  /** The heading the caret is under (its text as the contents list it), for the preview to follow. */
  caretHeading = $state<string | null>(null);
  /** Milliseconds from the last keystroke to the preview showing that text, for the last update. */
  lastPreviewMs = $state<number | null>(null);

  readonly #api: RulesApi;
  readonly #rb: RulebookState;
  readonly #projectId: string;
  #revision = 'missing';
  #saved = '';
  #timer: ReturnType<typeof setTimeout> | undefined;
  #previewTimer: ReturnType<typeof setTimeout> | undefined;
  #firstUnsaved: number | undefined;
  #saving: Promise<void> | null = null;
  #previewBusy = false;
  #previewAgain = false;
  #typedAt = 0;
  #seq = 0;
  #watching = false;
  #pollBusy = false;
  #polling: ReturnType<typeof setInterval> | undefined;
  #loadSeq = 0;

  constructor(api: RulesApi, rb: RulebookState, projectId: string) {
    this.#api = api;
    this.#rb = rb;
    this.#projectId = projectId;
  }

  /** The caret moved to `offset` in the text: remember the heading it is under. */
  caretAt(offset: number): void {
    this.caretHeading = headingBefore(this.text, offset);
  }

  get dirty(): boolean {
    return this.text !== this.#saved;
  }

  /** Open a language's rules (saving the one open first). */
  async open(lang: RulebookLang): Promise<void> {
    if (this.lang === lang && this.status !== 'loading' && this.status !== 'error') return;
    if (this.lang && this.lang !== lang) await this.flush();
    const seq = ++this.#loadSeq;
    this.lang = lang;
    this.status = 'loading';
    this.error = null;
    this.conflict = false;
    let src: RulebookSource;
    try {
      src = await this.#api.RULEBOOK_SOURCE({ projectId: this.#projectId, lang });
    } catch (e) {
      if (seq !== this.#loadSeq) return;
      this.status = 'error';
      this.error = describeError(e);
      return;
    }
    if (seq !== this.#loadSeq) return;
    this.#take(src);
  }

  #take(src: RulebookSource): void {
    this.text = src.text;
    this.#saved = src.text;
    this.#revision = src.revision;
    this.file = src.file;
    this.editable = src.editable;
    this.status = 'saved';
    this.error = null;
    this.conflict = false;
    // The preview typesets the file itself again (figures may have changed with it).
    void this.#rb.setDraft(src.lang, null);
  }

  /** The text was typed: preview it a moment after the typing pauses, save it a little later. */
  edit(text: string): void {
    if (!this.editable || this.text === text) return;
    this.text = text;
    this.reloaded = false;
    this.#typedAt = performance.now();
    this.status = 'unsaved';
    clearTimeout(this.#previewTimer);
    this.#previewTimer = setTimeout(() => void this.#preview(), PREVIEW_DELAY_MS);
    this.#firstUnsaved ??= Date.now();
    clearTimeout(this.#timer);
    const wait = Math.max(0, Math.min(SAVE_DELAY_MS, this.#firstUnsaved + SAVE_MAX_MS - Date.now()));
    this.#timer = setTimeout(() => void this.flush(), wait);
  }

  /** Insert `snippet` at `[from, to)` of the text (a picked figure or table), as its own paragraph. */
  insert(snippet: string, from: number, to: number = from): { caret: number } {
    const before = this.text.slice(0, from);
    const after = this.text.slice(to);
    const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
    const tail = after === '' ? '\n' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
    const inserted = lead + snippet.trimEnd() + tail;
    this.edit(before + inserted + after);
    return { caret: before.length + inserted.length };
  }

  async #preview(): Promise<void> {
    const lang = this.lang;
    if (!lang) return;
    if (this.#previewBusy) {
      this.#previewAgain = true;
      return;
    }
    this.#previewBusy = true;
    const typedAt = this.#typedAt;
    try {
      await this.#rb.setDraft(lang, this.text);
      this.lastPreviewMs = Math.round(performance.now() - typedAt);
    } finally {
      this.#previewBusy = false;
    }
    if (this.#previewAgain) {
      this.#previewAgain = false;
      await this.#preview();
    }
  }

  /** Save now (the page calls it when it closes; the timer otherwise). */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    while (this.#saving) await this.#saving;
    const lang = this.lang;
    if (!lang || !this.dirty || !this.editable || this.conflict) return;
    const text = this.text;
    this.#saving = (async () => {
      this.status = 'saving';
      try {
        const r = await this.#api.RULEBOOK_SAVE_SOURCE({ projectId: this.#projectId, lang, text, baseRevision: this.#revision });
        this.#revision = r.revision;
        this.#saved = text;
        this.#firstUnsaved = undefined;
        this.error = null;
        this.status = this.dirty ? 'unsaved' : 'saved';
      } catch (e) {
        if (isConflict(e)) this.conflict = true;
        else this.error = describeError(e);
        this.status = 'error';
      }
    })();
    try {
      await this.#saving;
    } finally {
      this.#saving = null;
    }
    if (this.dirty && this.status === 'unsaved') this.edit(this.text);
  }

  /** Resolve a conflict: write this text over the file on disk. */
  async keepMine(): Promise<void> {
    const lang = this.lang;
    if (!lang) return;
    try {
      const now = await this.#api.RULEBOOK_SOURCE({ projectId: this.#projectId, lang });
      this.#revision = now.revision;
    } catch (e) {
      this.error = describeError(e);
      return;
    }
    this.conflict = false;
    await this.flush();
  }

  /** Resolve a conflict: take the file on disk, dropping the unsaved edits. */
  async takeTheirs(): Promise<void> {
    const lang = this.lang;
    if (!lang) return;
    clearTimeout(this.#timer);
    this.#firstUnsaved = undefined;
    this.conflict = false;
    this.status = 'loading';
    this.lang = null;
    await this.open(lang);
  }

  // ---- live reload ----------------------------------------------------------------------------

  startPolling(ms = 500): void {
    this.stopPolling();
    this.#polling = setInterval(() => void this.poll(), ms);
  }

  stopPolling(): void {
    clearInterval(this.#polling);
    this.#polling = undefined;
  }

  /** Ask main what changed on disk since the last poll: the rules file reloads; cards or templates typeset the figures again. */
  async poll(): Promise<void> {
    if (this.#pollBusy) return;
    this.#pollBusy = true;
    try {
      const first = !this.#watching;
      const r = await this.#api.PROJECTS_CHANGES({ projectId: this.#projectId, since: this.#seq });
      this.#seq = r.seq;
      this.#watching = true;
      if (first) return;
      const files = changedFiles(r.events);
      if (files.length === 0) return;
      if (files.includes(this.file)) await this.#fileChanged();
      else if (this.lang) void this.#rb.load(true);
    } catch {
      // Best effort: the next tick tries again.
    } finally {
      this.#pollBusy = false;
    }
  }

  async #fileChanged(): Promise<void> {
    const lang = this.lang;
    if (!lang) return;
    while (this.#saving) await this.#saving;
    let src: RulebookSource;
    try {
      src = await this.#api.RULEBOOK_SOURCE({ projectId: this.#projectId, lang });
    } catch {
      return;
    }
    if (src.revision === this.#revision || this.lang !== lang) return;
    if (this.dirty) {
      this.conflict = true;
      return;
    }
    this.#take(src);
    this.reloaded = true;
  }

  /** Stop polling and save what is unsaved (the page is left). */
  async dispose(): Promise<void> {
    this.stopPolling();
    clearTimeout(this.#previewTimer);
    await this.flush();
  }
}

/**
 * The text of the last heading (`#` to `###`) on or above the line of `offset`, as the contents list it:
 * without its markers and inline emphasis.
 * @example headingBefore('# Setup\n\nDeal.\n', 12) // 'Setup'
 */
export function headingBefore(text: string, offset: number): string | null {
  // The caret's whole line counts: a caret inside a heading is under that heading.
  const end = text.indexOf('\n', Math.max(0, offset));
  const before = end < 0 ? text : text.slice(0, end);
  let found: string | null = null;
  for (const m of before.matchAll(/^ {0,3}#{1,3}[ \t]+(.+?)[ \t#]*$/gm)) found = m[1]!;
  return found === null ? null : found.replace(/[*_`~]/g, '').trim();
}

function changedFiles(events: readonly ProjectChangeEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) if (e.kind === 'changed') for (const f of e.files) if (!out.includes(f.path)) out.push(f.path);
  return out;
}
