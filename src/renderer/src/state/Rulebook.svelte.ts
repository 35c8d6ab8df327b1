import type { RenderedRulebook, RulebookArg, WindowApi } from '../../../shared/ipc/contract';
import { i18n } from '../i18n/I18n.svelte';
import { describeError } from './errors';
import { ExportJob } from './ExportJob.svelte';

/** A rulebook language. */
export type RulebookLang = RulebookArg['lang'];
/** A rulebook paper. */
export type RulebookPaper = RulebookArg['paper'];
/** Paper choices, in menu order. */
export const RULEBOOK_PAPERS: readonly RulebookPaper[] = ['a4', 'a5', 'letter', 'half-letter'];
/** How the preview lays pages out: one column, or facing pages as the printed book opens. */
export type PageLayout = 'column' | 'spreads';

/** Zoom in percent of real size (1 mm on paper = 1 mm on a 96 dpi screen); fit-to-width never exceeds `fitMax`. */
export const PAGE_ZOOM = { min: 25, max: 200, step: 5, fitMax: 125 } as const;
/** CSS pixels per millimetre at 100 %. */
export const PX_PER_MM = 96 / 25.4;

const PREFS_KEY = 'fuqi.rulebook';

interface Prefs {
  paper: RulebookPaper;
  layout: PageLayout;
  zoom: number | null;
}

function loadPrefs(): Prefs {
  const prefs: Prefs = { paper: 'a4', layout: 'column', zoom: null };
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(PREFS_KEY) ?? 'null') as Partial<Prefs> | null;
    if (saved && typeof saved === 'object') {
      if (RULEBOOK_PAPERS.includes(saved.paper as RulebookPaper)) prefs.paper = saved.paper!;
      if (saved.layout === 'column' || saved.layout === 'spreads') prefs.layout = saved.layout;
      if (typeof saved.zoom === 'number' && saved.zoom >= PAGE_ZOOM.min && saved.zoom <= PAGE_ZOOM.max) prefs.zoom = saved.zoom;
    }
  } catch {
    // Storage disabled or garbled: the defaults are fine.
  }
  return prefs;
}

/**
 * The pages of a book as it opens: page 1 alone on the right (a cover is a recto), then facing
 * pages, even on the left and odd on the right; a last even page stands alone on the left.
 * @example spreads(4) // [[null, 1], [2, 3], [4, null]]
 */
export function spreads(count: number): [number | null, number | null][] {
  const out: [number | null, number | null][] = [];
  for (let left = 0; left <= count; left += 2) {
    const l = left >= 1 ? left : null;
    const r = left + 1 <= count ? left + 1 : null;
    if (l !== null || r !== null) out.push([l, r]);
  }
  return out;
}

/** Sheets and printed sides of a saddle-stitched booklet of `pages` pages (padded to a multiple of 4). */
export function bookletSize(pages: number): { sheets: number; sides: number; blanks: number } {
  const sheets = Math.ceil(pages / 4);
  return { sheets, sides: sheets * 2, blanks: sheets * 4 - pages };
}

/**
 * The rulebook view of one project: which edition (language, paper) is shown, how (column or
 * spreads, zoom), the typeset pages and the export job. Typesetting happens in main; answers are
 * cached per edition, so switching back is instant, and a stale answer (for an edition since
 * changed) is dropped. Paper, layout and zoom are remembered across projects.
 */
export class RulebookState {
  /** Languages the project's rulebook is written in (from its summary). */
  available = $state.raw<RulebookLang[]>([]);
  /** The language the reader picked; until then the interface language, when the book has it. */
  picked = $state<RulebookLang | null>(null);
  paper = $state<RulebookPaper>('a4');
  layout = $state<PageLayout>('column');
  /** Zoom in percent of real size; null fits the pages to the width of the view. */
  zoom = $state<number | null>(null);
  /** Export as a saddle-stitched booklet. */
  booklet = $state(false);

  /**
   * A heading to open the book at, in both editions (the table's rules button asks for the
   * section of its decision); the view scrolls there once the edition is typeset, then clears it.
   */
  wanted = $state.raw<{ zh: string; en: string } | null>(null);

  /** The pages shown (possibly of the previous edition while the next one typesets). */
  book = $state.raw<RenderedRulebook | null>(null);
  /** The edition `book` is (`lang/paper`). */
  bookKey = $state<string | null>(null);
  loading = $state(false);
  error = $state<string | null>(null);

  /** The export job. */
  readonly exporter: ExportJob;
  readonly projectId: string;

  readonly #api: WindowApi;
  readonly #uiLocale: () => RulebookLang;
  readonly #cache = new Map<string, RenderedRulebook>();
  /** Text being typed on the Rules page, per language: typeset instead of the saved file. */
  readonly #drafts = new Map<RulebookLang, string>();
  #seq = 0;
  /** The edition being typeset, if any. */
  #pending: string | null = null;

  constructor(api: WindowApi, projectId: string, uiLocale: () => RulebookLang = () => i18n.locale) {
    this.#api = api;
    this.projectId = projectId;
    this.#uiLocale = uiLocale;
    this.exporter = new ExportJob(api);
    const prefs = loadPrefs();
    this.paper = prefs.paper;
    this.layout = prefs.layout;
    this.zoom = prefs.zoom;
  }

  /** The language shown: the reader's pick, else the interface language, else the book's first. */
  readonly lang: RulebookLang | null = $derived.by(() => {
    if (this.picked && this.available.includes(this.picked)) return this.picked;
    const ui = this.#uiLocale();
    return this.available.includes(ui) ? ui : (this.available[0] ?? null);
  });

  /** The edition asked for. */
  readonly key = $derived(this.lang ? `${this.lang}/${this.paper}` : null);
  /** The pages shown are of another edition than the one asked for (it is typesetting). */
  readonly stale = $derived(this.book !== null && this.bookKey !== this.key);
  /** Whether Export can start now. */
  get canExport(): boolean {
    return this.lang !== null && !this.exporter.running;
  }

  /** Tell the state which languages the project's rulebook has. */
  setAvailable(langs: readonly RulebookLang[]): void {
    if (langs.length !== this.available.length || langs.some((l, i) => l !== this.available[i])) this.available = [...langs];
  }

  /** Ask the view to open the book at a heading (or at its start when the heading is not found). */
  openAt(heading: { zh: string; en: string }): void {
    this.wanted = { ...heading };
  }

  /** Pick a language, paper, layout or zoom (remembered). */
  setLang(lang: RulebookLang): void {
    // A finished export's file is of the edition it was made for: the panel goes back to its form.
    if (lang !== this.lang) this.exporter.reset();
    this.picked = lang;
  }
  setPaper(paper: RulebookPaper): void {
    if (paper !== this.paper) this.exporter.reset();
    this.paper = paper;
    this.#savePrefs();
  }
  setLayout(layout: PageLayout): void {
    this.layout = layout;
    this.#savePrefs();
  }
  /** Set the zoom in percent, clamped and snapped to the step; null fits to width. */
  setZoom(percent: number | null): void {
    this.zoom = percent === null ? null : Math.min(PAGE_ZOOM.max, Math.max(PAGE_ZOOM.min, Math.round(percent / PAGE_ZOOM.step) * PAGE_ZOOM.step));
    this.#savePrefs();
  }

  #savePrefs(): void {
    try {
      globalThis.localStorage?.setItem(PREFS_KEY, JSON.stringify({ paper: this.paper, layout: this.layout, zoom: this.zoom }));
    } catch {
      // Not remembered; harmless.
    }
  }

  /**
   * Typeset `text` as the `lang` edition (the Rules page, while it is typed and before it is
   * saved); null goes back to the file. Answers when the pages shown are of this text.
   */
  setDraft(lang: RulebookLang, text: string | null): Promise<void> {
    if (text === null) this.#drafts.delete(lang);
    else this.#drafts.set(lang, text);
    return this.lang === lang ? this.load(true) : Promise.resolve();
  }

  /** Typeset the edition asked for (cached), or again from the sources with `force` (dropping the cache). */
  async load(force = false): Promise<void> {
    const key = this.key;
    const lang = this.lang;
    if (!key || !lang) return;
    // Typesetting again means the sources may have changed: every cached edition is stale.
    if (force) this.#cache.clear();
    else if (this.#pending === key) return;
    const cached = this.#cache.get(key);
    const seq = ++this.#seq;
    if (cached) {
      this.#pending = null;
      this.book = cached;
      this.bookKey = key;
      this.error = null;
      this.loading = false;
      return;
    }
    this.#pending = key;
    this.loading = true;
    this.error = null;
    try {
      const markdown = this.#drafts.get(lang);
      const book = await this.#api.RULEBOOK_RENDER({ projectId: this.projectId, lang, paper: this.paper, ...(markdown === undefined ? {} : { markdown }) });
      // An answer overtaken by a newer request may be of older text: never cached.
      if (seq !== this.#seq) return;
      this.#cache.set(key, book);
      this.book = book;
      this.bookKey = key;
    } catch (e) {
      if (seq !== this.#seq) return;
      this.error = describeError(e);
      this.book = null;
      this.bookKey = null;
    } finally {
      if (seq === this.#seq) {
        this.loading = false;
        this.#pending = null;
      }
    }
  }

  /** Export the edition shown as a PDF (or a booklet), and follow the job. */
  async startExport(): Promise<void> {
    const lang = this.lang;
    if (!lang || !this.canExport) return;
    const arg = { projectId: this.projectId, lang, paper: this.paper, booklet: this.booklet };
    await this.exporter.start(() => this.#api.RULEBOOK_START(arg));
  }
}
