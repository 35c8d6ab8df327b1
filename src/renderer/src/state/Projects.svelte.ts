import type { AppInfo, ProjectSummary, RenderedProject, WindowApi } from '../../../shared/ipc/contract';
import { api } from '../api';
import { CardsEditor } from './CardsEditor.svelte';
import { DeckState } from './Deck.svelte';
import { describeError } from './errors';
import { PrintState } from './Print.svelte';
import { loadAllPages } from './render-pages';
import { RowPreview } from './RowPreview.svelte';
import { RulebookState } from './Rulebook.svelte';

/** One open project: its rendered cards, plus the deck, print and rulebook state that outlive their views. */
export class ProjectSession {
  readonly id: string;
  /** The cards laid out so far (all of them once `loading` is over); `total` says how many there are. */
  rendered = $state.raw<RenderedProject | null>(null);
  /** The first card alone, for the home screen's cover (when the deck was not loaded). */
  cover = $state.raw<RenderedProject | null>(null);
  error = $state<string | null>(null);
  /** True until every page of cards arrived. */
  loading = $state(false);
  readonly deck = new DeckState();
  readonly print: PrintState;
  readonly rulebook: RulebookState;
  /**
   * The rendered cards are older than the files (the data page saved, or a file changed on disk):
   * the next `load()` lays them out again.
   */
  stale = $state(false);
  readonly #api: WindowApi;
  #bleedSet = false;
  #generation = 0;
  #cards: CardsEditor | undefined;
  #preview: RowPreview | undefined;
  readonly #onSettings: () => void;

  constructor(windowApi: WindowApi, id: string, onSettings: () => void = () => {}) {
    this.#api = windowApi;
    this.id = id;
    this.print = new PrintState(windowApi, id, this.deck);
    this.rulebook = new RulebookState(windowApi, id);
    this.#onSettings = onSettings;
  }

  /** The data page's editor of this project's cards and settings (made on first use, kept with the session). */
  get cards(): CardsEditor {
    this.#cards ??= new CardsEditor(this.#api, this.id, {
      onsaved: ({ settings }) => {
        this.stale = true;
        if (settings) this.#onSettings();
      },
      onfiles: () => {
        this.stale = true;
      },
    });
    return this.#cards;
  }

  /** The data page's live preview of the focused row. */
  get preview(): RowPreview {
    this.#preview ??= new RowPreview(this.#api, this.id);
    return this.#preview;
  }

  /**
   * Lay out every card, page by page (main does the work on its worker threads; the UI stays live
   * meanwhile): the first faces show at once, the rest follow. Loads once unless `force`d.
   */
  async load(force = false): Promise<void> {
    if (this.stale) force = true;
    if ((this.loading && !force) || (this.rendered && !force)) return;
    this.stale = false;
    const generation = ++this.#generation;
    this.loading = true;
    this.error = null;
    try {
      await loadAllPages((arg) => this.#api.PROJECTS_RENDER(arg), this.id, {
        stale: () => generation !== this.#generation,
        onPage: (soFar, complete) => this.#show(soFar, complete),
      });
    } catch (e) {
      if (generation === this.#generation) this.error = describeError(e);
    } finally {
      if (generation === this.#generation) this.loading = false;
    }
  }

  /** The cover of the home screen: the first card alone, unless the deck is loaded already. */
  async loadCover(): Promise<void> {
    if (this.cover || this.rendered?.cards.length) return;
    try {
      this.cover = await this.#api.PROJECTS_RENDER({ projectId: this.id, limit: 1 });
    } catch {
      // The cover is decoration: the card keeps its placeholder, and the deck view reports the error.
    }
  }

  #show(rendered: RenderedProject, complete: boolean): void {
    this.rendered = rendered;
    this.deck.setCards(rendered.cards, complete);
    if (!this.#bleedSet) {
      // Start the print dialog from the project's own bleed.
      this.print.bleed = rendered.summary.card.bleed;
      this.#bleedSet = true;
    }
  }
}

/** The projects the app knows, and a session per opened project. */
export class ProjectsStore {
  list = $state.raw<ProjectSummary[] | null>(null);
  error = $state<string | null>(null);
  loading = $state(false);
  info = $state.raw<AppInfo | null>(null);
  readonly #sessions = new Map<string, ProjectSession>();
  readonly #api: WindowApi;

  constructor(windowApi: WindowApi) {
    this.#api = windowApi;
  }

  /** Load the project list and app info (once, or again after an error). */
  async load(): Promise<void> {
    if (this.loading || this.list) return;
    this.loading = true;
    this.error = null;
    try {
      const [list, info] = await Promise.all([this.#api.PROJECTS_LIST(null), this.#api.APP_INFO(null)]);
      this.list = list;
      this.info = info;
    } catch (e) {
      this.error = describeError(e);
    } finally {
      this.loading = false;
    }
  }

  /** Load the project list again (after a project was created, copied or renamed); the old list shows meanwhile. */
  async reload(): Promise<void> {
    try {
      this.list = await this.#api.PROJECTS_LIST(null);
      this.error = null;
    } catch (e) {
      this.error = describeError(e);
    }
  }

  /**
   * Make the user's own copy of a project ("我的斗福 / My 斗福") and answer its id; the list is
   * reloaded so the copy shows at once.
   */
  async copyOf(id: string): Promise<string> {
    const from = this.summary(id)?.name ?? { zh: id, en: id };
    const made = await this.#api.PROJECTS_COPY({ fromId: id, name: { zh: `我的${from.zh}`, en: `My ${from.en}` } });
    await this.reload();
    return made.summary.id;
  }

  /** The session of a project, created on first use. */
  session(id: string): ProjectSession {
    let s = this.#sessions.get(id);
    if (!s) {
      // A $derived belongs to the effect active when it is created, and goes inert when that
      // effect ends. Sessions are first asked for inside views' effects but must outlive those
      // views, so they are built under a root of their own that is never destroyed.
      $effect.root(() => {
        s = new ProjectSession(this.#api, id, () => void this.reload());
      });
      this.#sessions.set(id, s!);
    }
    return s!;
  }

  /** A project's summary, once the list is loaded. */
  summary(id: string): ProjectSummary | undefined {
    return this.list?.find((p) => p.id === id);
  }
}

/** The window's project store. */
export const projects = new ProjectsStore(api);
