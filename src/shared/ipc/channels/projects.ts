/** Projects: the list, creating, copying, opening and trashing them, their cards table and settings, rendering their cards, and the changes seen on disk. */
import type { DrawList } from '../../cards/draw-list';

/** The projects channels: `domain:verb` names by key. */
export const PROJECTS_CHANNELS = {
  /** Built-in and user projects. */
  PROJECTS_LIST: 'projects:list',
  /** One project's cards, laid out as draw lists for every face, plus the images they use. */
  PROJECTS_RENDER: 'projects:render',
  /** A new blank project (card size, bleed, safe zone, corner radius) in the projects folder. */
  PROJECTS_CREATE: 'projects:create',
  /** A full copy of a project (built-in or the user's) under a new name. */
  PROJECTS_COPY: 'projects:copy',
  /** Open a project folder by its path; it joins the recent list. */
  PROJECTS_OPEN: 'projects:open',
  /** The recently created or opened projects, most recent first. */
  PROJECTS_RECENT: 'projects:recent',
  /** Change a user project's name (in project.json; the folder keeps its name). */
  PROJECTS_RENAME: 'projects:rename',
  /** A copy of a project beside it, named "… (copy)". */
  PROJECTS_DUPLICATE: 'projects:duplicate',
  /** Move a user project to the trash (never deleted). */
  PROJECTS_TRASH: 'projects:trash',
  /** A project's cards file as a table, with its revision. */
  PROJECTS_CARDS: 'projects:cards',
  /** Write a project's cards file from a table, if it did not change on disk since `baseRevision`. */
  PROJECTS_SAVE_CARDS: 'projects:save-cards',
  /** Write a project's cards file with some cells changed (an autosave), if it did not change on disk since `baseRevision`. */
  PROJECTS_PATCH_CARDS: 'projects:patch-cards',
  /** What changed on disk in a project folder since a given event number (polled, ~every 500 ms). */
  PROJECTS_CHANGES: 'projects:changes',
  /** One row of a cards table (as the grid holds it, maybe unsaved) laid out as a card, for the live preview. */
  PROJECTS_RENDER_ROW: 'projects:render-row',
  /** Write a project's settings (name, card geometry, column types) to project.json, if it did not change since `baseRevision`. */
  PROJECTS_SAVE_SETTINGS: 'projects:save-settings',
  /** The projects folder's path and its subfolders that hold a project.json (links never followed). */
  PROJECTS_FOLDERS: 'projects:folders',
} as const;

/** A project as listed on the home screen. */
export interface ProjectSummary {
  id: string;
  name: { zh: string; en: string };
  description?: { zh: string; en: string };
  builtIn: boolean;
  /** The project's folder (user projects only; built-in ones live inside the app). */
  dir?: string;
  /** Distinct cards in the set (rows of cards.csv). */
  cardCount: number;
  /** Cards a full print run makes: the sum of every card's copies. */
  faceCount: number;
  card: { width: number; height: number; bleed: number; preset: string; cornerRadius: number };
  /** Languages the project's rulebook is written in (empty: no rulebook). */
  rulebook: ('zh' | 'en')[];
  /** The built-in game the project's Table plays (a built-in game or a copy of one); absent: no table. */
  game?: string;
  /**
   * Why the project cannot be loaded (English, naming the file and how to fix it). It is listed
   * anyway, named by its folder, with zero cards, so the user sees it; nothing can be opened.
   */
  problem?: { code: string; message: string };
}

/** A project name: one for both languages, or one per language. */
export type ProjectNameArg = string | { zh: string; en: string };

/** A new blank project: its name and card geometry (millimetres). */
export interface CreateProjectArg {
  name: ProjectNameArg;
  /** A size preset, or a custom trim size. */
  card: { preset: 'poker' | 'poker-in' | 'bridge' | 'mini' | 'tarot' | 'square' } | { width: number; height: number };
  /** Default: the preset's bleed (3 mm for custom sizes). */
  bleed?: number;
  /** Default 3 mm. */
  safe?: number;
  /** Default 3 mm. */
  cornerRadius?: number;
}

/** A project made by create / copy / duplicate. */
export interface CreatedProject {
  summary: ProjectSummary;
  /** Files of the source left out of a copy (links, special files), with the reason. */
  skipped: { file: string; reason: string }[];
}

/** A project's cards file as a table. Send `revision` back as `baseRevision` when saving. */
export interface CardsTable {
  columns: string[];
  rows: string[][];
  /** sha1 of the file's bytes (`missing` when there is no file yet). */
  revision: string;
  /** The CSV file, relative to the project folder. */
  file: string;
  /** Built-in projects cannot be saved; make a copy. */
  builtIn: boolean;
  /** The project's settings as project.json holds them; send `settingsRevision` back when saving them. */
  settings: ProjectSettings;
  /** sha1 of project.json's bytes. */
  settingsRevision: string;
  /**
   * Where the project's change log stood when the files were read (`projects:changes` `seq`): the
   * folder is watched from before the read, so polling from here misses no change made after it.
   */
  changesSeq?: number;
}

/** A column's type for the grid's validation; a `list` column names its allowed values. */
export interface ColumnTypeDto {
  type: 'text' | 'number' | 'colour' | 'image' | 'list';
  values?: string[];
}

/** What the data page's settings panel edits in project.json. Lengths in millimetres. */
export interface ProjectSettings {
  name: { zh: string; en: string };
  card: { preset: 'poker' | 'poker-in' | 'bridge' | 'mini' | 'tarot' | 'square' | 'custom'; width: number; height: number; bleed: number; safe: number; cornerRadius: number };
  /** Column types by column name; columns not named are text. */
  columns: Record<string, ColumnTypeDto>;
}

/** Settings to write. */
export interface SaveSettingsArg {
  id: string;
  settings: ProjectSettings;
  /** The `settingsRevision` the edit started from; project.json changed on disk since answers `projects/conflict`. */
  baseRevision: string;
}

/** One row of a cards table to lay out for the preview (it need not be saved, nor valid). */
export interface RenderRowArg {
  projectId: string;
  columns: string[];
  row: string[];
}

/** A cards table to write. */
export interface SaveCardsArg {
  id: string;
  columns: string[];
  rows: string[][];
  /** The revision the edit started from; a file changed on disk since answers `projects/conflict`. */
  baseRevision: string;
}

/**
 * Some cells of a cards table changed since `baseRevision` (see shared/cards/table/patch.ts): the
 * table's columns and row count as the edit saw them, and each changed cell. A file whose shape
 * differs answers `cards/patch-base`; the sender then saves the whole table.
 */
export interface PatchCardsArg {
  id: string;
  columns: string[];
  rowCount: number;
  cells: { row: number; col: number; value: string }[];
  baseRevision: string;
}

/** One card face, laid out. */
export interface RenderedFace {
  cardId: string;
  side: 'front' | 'back';
  /** The template that produced it. */
  template: string;
  list: DrawList;
}

/**
 * One page of a rendered project: cards `offset`… of `total`, each with its fields and both
 * faces, and the data URLs (by asset ref) of the images those faces use.
 */
export interface RenderedProject {
  summary: ProjectSummary;
  cards: { id: string; copies: number; fields: Record<string, string>; front: RenderedFace; back: RenderedFace }[];
  images: Record<string, string>;
  /** Layout warnings of the page's cards (unknown columns, text overflows), with the card and layer. */
  warnings: { cardId: string; layer: string; message: string }[];
  /** Cards in the project (the page holds `cards.length` of them). */
  total: number;
  /** Index of the page's first card in the project. */
  offset: number;
}

/** Which page of a project `projects:render` lays out: `limit` cards (default 60, at most 200) from `offset` (default 0). */
export interface RenderPageArg {
  projectId: string;
  offset?: number;
  limit?: number;
}

/** One change on disk in a watched project folder: a burst of writes is one event. */
export interface ProjectChangeEvent {
  /** Increasing number of the event; pass the newest as `since` to get only later ones. */
  seq: number;
  projectId: string;
  /** `changed`: files were written, created or deleted; `gone`: the project folder itself was removed (watching stopped). */
  kind: 'changed' | 'gone';
  /** The files, relative to the project folder with "/", sorted; `revision` is the sha1 of the new content, null when deleted. */
  files: { path: string; revision: string | null }[];
  /** One sha1 for the whole change (the files and their revisions). */
  revision: string;
  /** When it was seen (ms since 1970). */
  at: number;
}

/** `projects:changes`: the events after `since`, the newest number to poll with next, and whether the folder is still watched. */
export interface ProjectChanges {
  events: ProjectChangeEvent[];
  seq: number;
  watching: boolean;
}

/** `projects:folders`: the projects folder and the project folders directly inside it. */
export interface ProjectFolders {
  /** The projects folder (FUQI_PROJECTS_DIR, else ~/Documents/Fuqi Workshop/projects); it may not exist yet. */
  dir: string;
  /** Real subfolders (not links, not hidden) holding a project.json file, by name. */
  folders: { name: string; path: string }[];
}

/** The arguments and results of the projects channels. */
export interface ProjectsInvokeMap {
  [PROJECTS_CHANNELS.PROJECTS_LIST]: (arg: null) => ProjectSummary[];
  [PROJECTS_CHANNELS.PROJECTS_RENDER]: (arg: RenderPageArg) => RenderedProject;
  [PROJECTS_CHANNELS.PROJECTS_CREATE]: (arg: CreateProjectArg) => CreatedProject;
  [PROJECTS_CHANNELS.PROJECTS_COPY]: (arg: { fromId: string; name: ProjectNameArg }) => CreatedProject;
  [PROJECTS_CHANNELS.PROJECTS_OPEN]: (arg: { path: string }) => ProjectSummary;
  [PROJECTS_CHANNELS.PROJECTS_RECENT]: (arg: null) => ProjectSummary[];
  [PROJECTS_CHANNELS.PROJECTS_RENAME]: (arg: { id: string; name: ProjectNameArg }) => ProjectSummary;
  [PROJECTS_CHANNELS.PROJECTS_DUPLICATE]: (arg: { id: string }) => CreatedProject;
  [PROJECTS_CHANNELS.PROJECTS_TRASH]: (arg: { id: string }) => { trashedTo?: string };
  [PROJECTS_CHANNELS.PROJECTS_CARDS]: (arg: { id: string }) => CardsTable;
  [PROJECTS_CHANNELS.PROJECTS_SAVE_CARDS]: (arg: SaveCardsArg) => { revision: string; cardCount: number };
  [PROJECTS_CHANNELS.PROJECTS_PATCH_CARDS]: (arg: PatchCardsArg) => { revision: string; cardCount: number };
  [PROJECTS_CHANNELS.PROJECTS_CHANGES]: (arg: { projectId: string; since: number }) => ProjectChanges;
  [PROJECTS_CHANNELS.PROJECTS_RENDER_ROW]: (arg: RenderRowArg) => RenderedProject;
  [PROJECTS_CHANNELS.PROJECTS_SAVE_SETTINGS]: (arg: SaveSettingsArg) => { revision: string; summary: ProjectSummary };
  [PROJECTS_CHANNELS.PROJECTS_FOLDERS]: (arg: null) => ProjectFolders;
}
