import type { AppInfo, CreatedProject, CreateProjectArg, ProjectFolders, ProjectNameArg, ProjectSummary, RenderedProject, WindowApi } from '../../../shared/ipc/contract';
import { api } from '../api';
import { CardsEditor } from './CardsEditor.svelte';
import { DeckState } from './Deck.svelte';
import { describeError } from './errors';
import { KIT_GAMES, KitPrintState } from './KitPrint.svelte';
import { CardKitPrintState } from './CardKitPrint.svelte';
import { isCardKitGame } from '../../../shared/print/card-kits';
import { PrintState } from './Print.svelte';
import { loadAllPages } from './render-pages';
import { RowLayout } from './row-layout';
import { RowPreview } from './RowPreview.svelte';
import { RulebookState } from './Rulebook.svelte';
import { TemplateDoc } from '../features/editor/TemplateDoc.svelte';
import { ProjectFonts } from '../features/editor/ProjectFonts.svelte';

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
  /** The game's whole print-and-play kit, for projects that belong to one (生肖赛跑 and its board). */
  readonly kit: KitPrintState | null;
  /** 斗老闆's whole print-and-play kit (cards, table pieces, score sheet), for its project. */
  readonly cardKit: CardKitPrintState | null;
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
  #templates: TemplateDoc | undefined;
  #fonts: ProjectFonts | undefined;
  readonly #onSettings: () => void;

  constructor(windowApi: WindowApi, id: string, onSettings: () => void = () => {}) {
    this.#api = windowApi;
    this.id = id;
    this.print = new PrintState(windowApi, id, this.deck);
    this.rulebook = new RulebookState(windowApi, id);
    this.kit = Object.hasOwn(KIT_GAMES, id) ? new KitPrintState(windowApi) : null;
    this.cardKit = isCardKitGame(id) ? new CardKitPrintState(windowApi, id) : null;
    this.#onSettings = onSettings;
  }

  /** The data page's editor of this project's cards and settings (made on first use, kept with the session). */
  get cards(): CardsEditor {
    this.#cards ??= new CardsEditor(this.#api, this.id, {
      onsaved: ({ settings }) => {
        this.stale = true;
        if (settings) this.#onSettings();
      },
      onfiles: (files) => {
        this.stale = true;
        void this.#templates?.filesChanged(files);
      },
    });
    return this.#cards;
  }

  /** The template editor's templates (made on first use; shares the data editor's history). */
  get templates(): TemplateDoc {
    this.#templates ??= new TemplateDoc(
      this.#api,
      this.id,
      this.cards,
      () => {
        this.stale = true;
      },
      this.fonts,
    );
    return this.#templates;
  }

  /**
   * The project's own fonts (fonts/), listed and registered with the page on first use (App does
   * so when one of the project's views is shown: the deck, the data page's preview and the print
   * preview draw faces in them too; the home page's cards do not list them).
   */
  get fonts(): ProjectFonts {
    if (!this.#fonts) {
      this.#fonts = new ProjectFonts(this.#api, this.id, () => {
        this.stale = true;
        void this.#templates?.remeasure();
      });
      void this.#fonts.load();
    }
    return this.#fonts;
  }

  /** The data page's live preview of the focused row. */
  get preview(): RowPreview {
    this.#preview ??= new RowPreview(this.#api, this.id, new RowLayout(this.#api, this.id));
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
  loadCover(): Promise<void> {
    // Asked once per cover: a request in flight (or answered) is not asked again when Home redraws.
    this.#coverLoad ??= (async () => {
      if (this.cover || this.rendered?.cards.length) return;
      try {
        this.cover = await this.#api.PROJECTS_RENDER({ projectId: this.id, limit: 1 });
      } catch {
        // The cover is decoration: the card keeps its placeholder, and the deck view reports the error.
        this.#coverLoad = undefined; // asked again the next time Home shows
      }
    })();
    return this.#coverLoad;
  }
  #coverLoad: Promise<void> | undefined;

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
  /** The recently created or opened user projects (`projects:recent`), most recent first. */
  recent = $state.raw<ProjectSummary[] | null>(null);
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
      const [list, info, recent] = await Promise.all([this.#api.PROJECTS_LIST(null), this.#api.APP_INFO(null), this.#api.PROJECTS_RECENT(null)]);
      this.list = list;
      this.info = info;
      this.recent = recent;
    } catch (e) {
      this.error = describeError(e);
    } finally {
      this.loading = false;
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
    return this.list?.find((p) => p.id === id) ?? this.recent?.find((p) => p.id === id);
  }

  /** Where the app runs: the desktop app has native dialogs and the system trash; browser mode has neither. */
  get mode(): 'desktop' | 'browser' {
    return this.info?.mode ?? ('api' in globalThis ? 'desktop' : 'browser');
  }

  /**
   * Fetch the project list and the recent list again (after any change to projects, or when the
   * user asks). A failure is kept in `error`; the lists shown so far stay.
   */
  async reload(): Promise<void> {
    try {
      const [list, recent] = await Promise.all([this.#api.PROJECTS_LIST(null), this.#api.PROJECTS_RECENT(null)]);
      this.list = list;
      this.recent = recent;
      this.error = null;
    } catch (e) {
      this.error = describeError(e);
    }
  }

  // The actions below throw the AppError of a failure (the dialog that asked shows it) and
  // refresh the lists after a success.

  /** A new blank project in the projects folder. */
  async create(arg: CreateProjectArg): Promise<CreatedProject> {
    const made = await this.#api.PROJECTS_CREATE(arg);
    await this.reload();
    return made;
  }

  /** A copy of a project (built-in or the user's) in the projects folder, under a new name. */
  async copy(fromId: string, name: ProjectNameArg): Promise<CreatedProject> {
    const made = await this.#api.PROJECTS_COPY({ fromId, name });
    await this.reload();
    return made;
  }

  /** A copy of a user project beside it, named "… (copy)". */
  async duplicate(id: string): Promise<CreatedProject> {
    const made = await this.#api.PROJECTS_DUPLICATE({ id });
    await this.reload();
    return made;
  }

  /** Open a project folder by its full path; it joins the recent list. */
  async open(path: string): Promise<ProjectSummary> {
    const opened = await this.#api.PROJECTS_OPEN({ path });
    // A folder opened again may have changed since its session laid it out.
    this.#sessions.delete(opened.id);
    await this.reload();
    return opened;
  }

  /** Rename a user project (its project.json; the folder keeps its name). */
  async rename(id: string, name: ProjectNameArg): Promise<ProjectSummary> {
    const renamed = await this.#api.PROJECTS_RENAME({ id, name });
    // The session's laid-out cards carry the old name in their summary: start afresh.
    this.#sessions.delete(id);
    await this.reload();
    return renamed;
  }

  /** Move a user project to the trash (the system's, or `<projects>/.trash` in browser mode). */
  async trash(id: string): Promise<{ trashedTo?: string }> {
    const r = await this.#api.PROJECTS_TRASH({ id });
    this.#sessions.delete(id);
    await this.reload();
    return r;
  }

  /** The projects folder and the project folders in it (for the "open folder" dialog). */
  folders(): Promise<ProjectFolders> {
    return this.#api.PROJECTS_FOLDERS(null);
  }

  /** The system's folder picker (desktop only): the chosen path, or null when cancelled. */
  async pickFolder(title: string): Promise<string | null> {
    return (await this.#api.DIALOG_PICK_FOLDER({ title })).path;
  }

  /** Show a project folder in the system file manager (desktop; false in browser mode). */
  async reveal(path: string): Promise<boolean> {
    return (await this.#api.SHELL_SHOW_IN_FOLDER({ path })).shown;
  }
}

/** The window's project store. */
export const projects = new ProjectsStore(api);
