import type { BuiltinFaceId, DrawList, ProjectFaceId } from '../cards/draw-list';
import type { SandboxOptions, TableProblem } from '../games/sandbox';
import type { AppErrorInfo } from '../util/result';
import type { PrintRequest } from './print-request';
import type { KitRequest } from './kit-request';
import type { CardKitJob } from '../print/card-kit-request';
import type { LabStartArg, LabStatus } from '../lab/run';
import type { LabOptionsSaid } from '../lab/words';
import type { SavedLabRun, SavedLabRunInfo } from '../lab/saved';
import type { LanInfo, LanNext, LanPublishArg, LanRefuseArg, LanStartArg } from './lan';

/**
 * The IPC contract between renderer and main: channel names (`domain:verb`) and their
 * signatures. Electron (ipcMain.handle / preload) and the browser host (HTTP POST /api/<channel>)
 * both implement exactly this map; every handler validates its payload before use.
 */
export const IpcChannel = {
  /** App version, runtime mode and credits. */
  APP_INFO: 'app:info',
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
  /** Run preflight for a print request. */
  PRINT_PREFLIGHT: 'print:preflight',
  /** Start an export job; returns its id. */
  PRINT_START: 'print:start',
  /** Start an export job for a game's whole print-and-play kit (or some of its parts); returns its id. */
  PRINT_KIT_START: 'print:kit-start',
  /** Progress / result of an export job. */
  PRINT_STATUS: 'print:status',
  /** Cancel an export job. */
  PRINT_CANCEL: 'print:cancel',
  /** The bytes of a PDF a finished export job wrote (browser mode offers it as a download). */
  PRINT_FILE: 'print:file',
  /** Start a balance-lab run of a project's game (bots on worker threads); returns its id. */
  LAB_START: 'lab:start',
  /** A balance-lab run's progress and results so far (answered at once while it runs). */
  LAB_STATUS: 'lab:status',
  /** Stop a balance-lab run (the games played stay in its results). */
  LAB_CANCEL: 'lab:cancel',
  /** Write an ended balance-lab run as a PDF report, CSV of its aggregates or JSONL of its games into the export folder. */
  LAB_EXPORT: 'lab:export',
  /** A project's saved balance-lab runs, newest first (damaged or newer-format files listed with their problem). */
  LAB_RUNS_LIST: 'lab:runs-list',
  /** One saved balance-lab run: its settings and its results as they were when it ended. */
  LAB_RUNS_OPEN: 'lab:runs-open',
  /** Give a saved balance-lab run a name; an empty name removes it. */
  LAB_RUNS_RENAME: 'lab:runs-rename',
  /** Delete a saved balance-lab run. */
  LAB_RUNS_DELETE: 'lab:runs-delete',
  /** A project's rulebook, typeset into pages (draw lists) for the preview. */
  RULEBOOK_RENDER: 'rulebook:render',
  /** Start a rulebook PDF export job (progress and cancel through print:status / print:cancel). */
  RULEBOOK_START: 'rulebook:start',
  /** A project's Markdown rules in one language, with the revision to send back with a save. */
  RULEBOOK_SOURCE: 'rulebook:source',
  /** Write a project's Markdown rules in one language (atomically; refused when the file changed since). */
  RULEBOOK_SAVE_SOURCE: 'rulebook:save-source',
  /** Reveal a written file in the system file manager (a no-op that returns false in browser mode). */
  SHELL_SHOW_IN_FOLDER: 'shell:show-in-folder',
  /** Save a table's match (its record) as a file in the saves folder; main names the file. */
  MATCHES_SAVE: 'matches:save',
  /** The saved matches, newest first, each checked by replaying it. */
  MATCHES_LIST: 'matches:list',
  /** One saved match, validated by replaying it; corrupt files are refused with the reason. */
  MATCHES_LOAD: 'matches:load',
  /** Give a saved match a name (shown in the list instead of its date); an empty name removes it. */
  MATCHES_RENAME: 'matches:rename',
  /** Delete a saved match (only a file of the saves folder that is a match record). */
  MATCHES_DELETE: 'matches:delete',
  /** The system's folder picker (desktop only; browser mode answers `dialog/unavailable`). */
  DIALOG_PICK_FOLDER: 'dialog:pick-folder',
  /** The projects folder's path and its subfolders that hold a project.json (links never followed). */
  PROJECTS_FOLDERS: 'projects:folders',
  /** Read a spreadsheet (CSV or XLSX) to import: its table, the sheet names, and what it changes in the project's cards. */
  SHEETS_PREVIEW_IMPORT: 'sheets:preview-import',
  /** Write card data as CSV or XLSX into the export folder (and answer the bytes for a browser download when asked). */
  SHEETS_EXPORT: 'sheets:export',
  /** Copy an image (PNG, JPEG, WebP, SVG) into a user project's `art/` folder, checked and (SVG) sanitised. */
  PROJECTS_ADD_ART: 'projects:add-art',
  /** The images of a project's `art/` folder, with small thumbnails for the art picker. */
  PROJECTS_ART: 'projects:art',
  /** Copy a font (TTF, OTF, WOFF2) into a user project's `fonts/` folder, checked by parsing and test-embedding it, with its licence. */
  PROJECTS_ADD_FONT: 'projects:add-font',
  /** The fonts of a project's `fonts/` folder: face id, family, glyph count, licence, or why one cannot be used. */
  PROJECTS_FONTS: 'projects:fonts',
  /** The bytes of one project font (base64), for the editor's preview to draw with (FontFace). */
  PROJECTS_FONT_BYTES: 'projects:font-bytes',
  /** Set the licence text of a project font (its `fonts/<file>.licence.txt`). */
  PROJECTS_FONT_LICENCE: 'projects:font-licence',
  /** A project's sandbox table set-up (`table.json`, or the default table) read against its cards, with every problem named. */
  TABLE_OPEN: 'table:open',
  /** Write a project's `table.json`, if it did not change on disk since `baseRevision`. */
  TABLE_SAVE: 'table:save',
  TABLE_EXPORT: 'table:export',
  /** Invite devices to a table's seats on the local network: start the LAN server (see shared/ipc/lan.ts). */
  LAN_START: 'lan:start',
  /** Stop inviting: every device is told the table closed, and nothing listens beyond 127.0.0.1. */
  LAN_STOP: 'lan:stop',
  /** The LAN table's links and connected devices. */
  LAN_STATUS: 'lan:status',
  /** The match after a change: each invited seat's packet and the public one (a device gets only its own). */
  LAN_PUBLISH: 'lan:publish',
  /** What devices did after an event number (joined, left, a move): answers at once, or waits for one. */
  LAN_NEXT: 'lan:next',
  /** Tell a device the engine refused its move, and why. */
  LAN_REFUSE: 'lan:refuse',
  /** A project's templates (each file's JSON and revision) and card geometry, for the template editor. */
  TEMPLATES_OPEN: 'templates:open',
  /** Write one template file, if it did not change on disk since `baseRevision` and the project still loads. */
  TEMPLATES_SAVE: 'templates:save',
  /** Replace project.json's per-card template rules (a card without a template cell takes the first rule its fields meet). */
  TEMPLATES_SAVE_RULES: 'templates:save-rules',
  /** Add a new template (a blank face, or a copy of the given JSON) to a project. */
  TEMPLATES_ADD: 'templates:add',
  /** A copy of a template under a new name. */
  TEMPLATES_DUPLICATE: 'templates:duplicate',
  /** Rename a template in project.json and in the cards that use it. */
  TEMPLATES_RENAME: 'templates:rename',
  /** Take a template out of project.json (its file stays in the folder); refused while cards use it. */
  TEMPLATES_DELETE: 'templates:delete',
  /** Advance widths (em) and vertical metrics of the bundled faces (and, given a project, its own fonts), for layout in the renderer. */
  TEMPLATES_MEASURE: 'templates:measure',
  /** Data URLs of image refs (icons, project art) for the template editor's canvas. */
  TEMPLATES_IMAGES: 'templates:images',
  /** The pixel size of image refs as the export reads them (the editor's low-DPI warnings). */
  TEMPLATES_IMAGE_INFO: 'templates:image-info',
} as const;
export type IpcChannelName = (typeof IpcChannel)[keyof typeof IpcChannel];

/** What the app is and where it runs. */
export interface AppInfo {
  name: string;
  version: string;
  mode: 'desktop' | 'browser';
  credits: { what: string; who: string; licence: string }[];
}

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

/** One preflight finding. */
export interface PreflightIssue {
  severity: 'error' | 'warning';
  code: string;
  cardId?: string;
  elementId?: string;
  message: { en: string; zh: string };
}

/** The preflight result: findings, and whether export is blocked until they are fixed or accepted. */
export interface PreflightReport {
  issues: PreflightIssue[];
  blocking: boolean;
  /** Pages the PDF will have, and sheets of cards. */
  pages: number;
  cardsPerSheet: number;
  /** The orientation the sheets print in (what `auto` chose). */
  orientation: 'portrait' | 'landscape';
  /**
   * The first sheet's pages as the PDF draws them (cards, marks, foot line; page coordinates, bleed 0),
   * for the dialog's preview: its back is null without duplex. `sheets` counts the physical sheets.
   */
  preview?: { front: DrawList | null; back: DrawList | null; sheets: number };
}

/** State of an export job. */
export interface PrintJobStatus {
  id: string;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  /** 0..1 */
  progress: number;
  /** Files written (PDF first). */
  files: { path: string; bytes: number; kind: 'pdf' | 'png-dir' | 'tts' }[];
  pages?: number;
  error?: AppErrorInfo;
}

/** Which rulebook to typeset. */
export interface RulebookArg {
  projectId: string;
  lang: 'zh' | 'en';
  paper: 'a4' | 'a5' | 'letter' | 'half-letter';
}

/** One language's Markdown rules of a project, as the Rules page edits them. */
export interface RulebookSource {
  lang: 'zh' | 'en';
  /** The file, relative to the project folder (`rules.zh.md`). */
  file: string;
  /** Empty when the file is not there yet. */
  text: string;
  /** sha1 of the file, or `missing`: send it back with the next save. */
  revision: string;
  /** False for the built-in games (read-only). */
  editable: boolean;
}

/** A typeset rulebook for the preview. */
export interface RenderedRulebook {
  pages: DrawList[];
  toc: { level: number; title: string; page: number }[];
  /** What the author should fix (unresolved figures, missing glyphs…). */
  warnings: string[];
  images: Record<string, string>;
}

/** A text in both interface languages (engine messages come this way). */
export interface Bilingual {
  zh: string;
  en: string;
}

/** A seat at a table: a person (hot-seat) or a bot of some level. Saved with the match. */
export interface TableSeat {
  kind: 'human' | 'bot';
  /** The bot's level id (`random`, `heuristic`, …); absent for a person. */
  level?: string;
}

/**
 * A match as saved: the engine's record (seed + options + moves reproduce every state; see
 * shared/engine/runner.ts `MatchRecord`) plus the table's seats. The renderer sends it to save and
 * receives it on load; main checks it by replaying it with the game's engine.
 */
export interface MatchFile {
  format: 'fuqi-match';
  formatVersion: number;
  /** The game id (`doufu`, `zodiac-race`): main replays the record with that game's engine. */
  game: string;
  rulesVersion: string;
  options: unknown;
  seed: string;
  players: number;
  moves: { type: string; seat: number; [field: string]: unknown }[];
  /**
   * Who sat where (absent in records made outside the table, e.g. by the simulator), and the name
   * the user gave the save (matches:rename).
   */
  table?: { seats?: TableSeat[]; name?: string; project?: string; notes?: PlaytestNote[] };
}

/** A playtest note at a sandbox table: written after move `step`, at `at` (ms since 1970). */
export interface PlaytestNote {
  step: number;
  at: number;
  text: string;
}

/** A saved match as the load list shows it. */
/** The longest name a saved match may be given (characters). */
export const SAVE_NAME_MAX = 80;

export interface SavedMatchInfo {
  /** The file's id (its name without `.fuqi.json`), chosen by main. */
  id: string;
  game: string;
  seed: string;
  players: number;
  /** Moves recorded. */
  moves: number;
  /** When the file was written (ISO 8601). */
  savedAt: string;
  /** The name the user gave it (matches:rename), if any. */
  name?: string;
  /** The project a sandbox playtest was played with (its table lists it, other projects' do not). */
  project?: string;
  /** The match is finished. */
  over: boolean;
  /** Each seat's headline score (斗福: its 福气) at the end of the record. */
  scores: number[];
  /** The winning seats, or every seat sharing a draw (`draw`). */
  winners: number[];
  /** The match ended in a shared draw [HI-59]. */
  draw?: boolean;
  seats?: TableSeat[];
  /** Why the file cannot be loaded; it is listed anyway so the user sees it. */
  problem?: { code: string; message: Bilingual };
}

/** A loaded match: its record (replayed and found sound by main) and warnings about it. */
export interface LoadedMatch {
  info: SavedMatchInfo;
  match: MatchFile;
  warnings: string[];
}

/** `dialog:pick-folder`: the folder the user chose, or null when they cancelled. */
export interface PickedFolder {
  path: string | null;
}

/** `projects:folders`: the projects folder and the project folders directly inside it. */
export interface ProjectFolders {
  /** The projects folder (FUQI_PROJECTS_DIR, else ~/Documents/Fuqi Workshop/projects); it may not exist yet. */
  dir: string;
  /** Real subfolders (not links, not hidden) holding a project.json file, by name. */
  folders: { name: string; path: string }[];
}

/** A sheet of card data: a header and rows of text cells (every row as long as the header). */
export interface SheetTable {
  columns: string[];
  rows: string[][];
}

/** A spreadsheet to preview for import: its file name (for the format) and its bytes, base64. */
export interface PreviewImportArg {
  projectId: string;
  fileName: string;
  /** The file's bytes, base64 (at most 20 MB decoded). */
  bytes: string;
  /** The XLSX sheet to read (default: the first visible one). */
  sheet?: string;
}

/** One cell an import changes (the column as the project names it). */
export interface ImportCellChange {
  column: string;
  old: string;
  new: string;
}

/** What importing a sheet over the project's cards does (see shared/sheets/import-diff.ts `TableDiff`). */
export interface ImportDiff {
  key: { current: number; incoming: number } | null;
  /** For each incoming column, the index of the project's matching column, or -1 (a new column). */
  columnMap: number[];
  columnsAdded: string[];
  columnsRemoved: string[];
  rowsAdded: { incomingRow: number; id: string }[];
  rowsChanged: { currentRow: number; incomingRow: number; id: string; cells: ImportCellChange[] }[];
  rowsRemoved: { currentRow: number; id: string }[];
  unchanged: number;
}

/** Something to know before applying an import (new or missing columns, rows without an id…). */
export interface ImportWarning {
  code: string;
  message: Bilingual;
}

/** `sheets:preview-import`: the file read as a table, and its diff against the project's cards file on disk. */
export interface ImportPreviewResult {
  fileName: string;
  format: 'csv' | 'xlsx';
  /** The sheet as read, in the file's column order. */
  incoming: SheetTable;
  /** The XLSX sheet read, and every sheet of the workbook (empty for a CSV). */
  sheet: string;
  sheets: string[];
  /** The project's cards as on disk (what `diff` compares with; `revision` as projects:cards answers it). */
  current: SheetTable & { revision: string };
  /** Null when rows cannot be matched by `id` (two rows share one); `warnings` says which. */
  diff: ImportDiff | null;
  warnings: ImportWarning[];
}

/** `lab:export`: an ended run to write as a file in the export folder. */
export interface LabExportArg {
  runId: string;
  /** The project of a saved run (exported from its saved results when the run is no longer in memory). */
  projectId?: string;
  kind: 'pdf' | 'csv' | 'jsonl';
  /** The report's language (PDF). */
  lang: 'zh' | 'en';
  /** Also answer the file's bytes (base64), for a download in browser mode. */
  download?: boolean;
  /** The rule options' names and value words in `lang`, as the page says them (PDF settings). */
  said?: LabOptionsSaid;
}

/** A written lab export. */
export interface LabExportResult {
  path: string;
  fileName: string;
  bytes: number;
  mime: string;
  /** The file's bytes, base64, when `download` was asked. */
  data?: string;
}

/** `sheets:export`: card data to write as a file in the export folder. */
export interface SheetExportArg {
  projectId: string;
  format: 'csv' | 'xlsx';
  columns: string[];
  rows: string[][];
  /** Also answer the file's bytes (base64), for a download in browser mode. */
  download?: boolean;
}

/** A written data file. */
export interface SheetExportResult {
  path: string;
  fileName: string;
  bytes: number;
  /** The file's bytes, base64, when `download` was asked. */
  data?: string;
  mime: string;
}

/** An image to add to a project's art folder. */
export interface AddArtArg {
  projectId: string;
  fileName: string;
  /** The file's bytes, base64 (at most 30 MB decoded). */
  bytes: string;
}

/** An image added to `art/`. */
export interface AddedArt {
  /** The image reference to write in a cell or a layer's source: `file:art/<name>` (what image layers and image columns take). */
  ref: string;
  /** The file's path in the project: `art/<name>`. */
  path: string;
  /** Pixel size (an SVG's rendered size at 72 dpi, as sharp reads it). */
  width: number;
  height: number;
  format: 'png' | 'jpeg' | 'webp' | 'svg';
  /** Pixels per inch when the image spans the card's full width; null for SVG (vector: sharp at any size). */
  dpiAtCard: number | null;
  /** Low resolution for the card size, parts removed from an SVG, a renamed file. */
  warnings: ImportWarning[];
}

/** A font to add to a project's `fonts/` folder. */
export interface AddFontArg {
  projectId: string;
  fileName: string;
  /** The file's bytes, base64 (at most FONT_ADD_MB decoded). */
  bytes: string;
  /** The font's licence as the designer gives it (a name such as "SIL OFL 1.1", or the text); empty: the font's own licence field, if it has one. */
  licence: string;
}

/** The largest font file a project takes, in MB (a full CJK face is 10–25 MB). */
export const FONT_ADD_MB = 40;

/** A font of a project's `fonts/` folder. */
export interface ProjectFontInfo {
  /** The face id templates use: `font:<file>`. */
  face: `font:${string}`;
  /** The file name inside `fonts/`. */
  file: string;
  bytes: number;
  format: 'ttf' | 'otf' | 'woff2';
  /** Family and style from the font's name table (the file name when it has none). */
  family: string;
  style: string;
  /** The PostScript name the PDF embeds it under (before the subset tag). */
  postscriptName: string;
  glyphs: number;
  /** How many characters it maps, and whether it covers common Chinese (一 to 龥 sampled). */
  characters: number;
  cjk: boolean;
  /** The licence text (`fonts/<file>.licence.txt`), first line shown in credits; empty when none was given. */
  licence: string;
  /** Designer / copyright from the font's name table, for the credits. */
  who: string;
  /** Why the font cannot be used (damaged, not a font, embedding not allowed), in both languages. */
  problem?: Bilingual;
}

/** A font added to `fonts/`. */
export interface AddedFont {
  font: ProjectFontInfo;
  /** A renamed file (name taken), no licence given, a licence taken from the font itself. */
  warnings: ImportWarning[];
}

/** One image of a project's art folder. */
/** An image's own size in pixels; `vector` (icons, SVG files): scalable, so no print resolution. */
export interface ImagePixels {
  widthPx: number;
  heightPx: number;
  vector: boolean;
}

export interface ArtFile {
  /** Its image reference, `file:art/<name>`, as cells and layers hold it. */
  ref: string;
  /** Its path in the project, `art/<name>`. */
  path: string;
  name: string;
  bytes: number;
  format: 'png' | 'jpeg' | 'webp' | 'svg';
  width: number;
  height: number;
  /** A PNG data URL at most 128 px on its long side; absent when the file cannot be read as an image. */
  thumb?: string;
  /** Why the file cannot be used (not an image, too large…), in both languages. */
  problem?: Bilingual;
}

/** One template of a project as the editor edits it. */
export interface TemplateEntry {
  /** Its name in project.json (what the cards' `template` and `back` columns name). */
  name: string;
  /** Its file, relative to the project folder. */
  file: string;
  /** sha1 of the file's bytes (`missing` when there is no file yet). */
  revision: string;
  /** The file's JSON as parsed (validated by main on save, not on open: a broken file still opens to be fixed). */
  template: unknown;
  /** Why the file does not load as it is (English, naming the field), if it does not. */
  problem?: string;
  /** The same problem in both languages, for the interface (a JSON error names its line and column). */
  problemText?: Bilingual;
  /** Where a file that is not valid JSON stops parsing (lines and columns from 1). */
  at?: { line: number; column: number };
}

/**
 * `table:open`: a project's sandbox table. `text` is `table.json` as on disk (null when the project
 * has none: the default table), `revision` what to save against; `options` the table set up from
 * it and the project's cards; `problems` every field that was left out and why.
 */
export interface TableSetupOpened {
  text: string | null;
  revision: string;
  seats: number;
  options: SandboxOptions;
  problems: TableProblem[];
  usedDefault: boolean;
  /** The ids of the project's cards, in data order (a card on the table missing from them is flagged). */
  cards: string[];
}

/** `templates:open`: what the template editor needs of a project. */
export interface OpenedTemplates {
  builtIn: boolean;
  card: { width: number; height: number; bleed: number; safe: number; cornerRadius: number };
  templates: TemplateEntry[];
  /** project.json's per-card template rules (`templateRules`), in order. */
  rules?: { when: string; template: string; back?: string }[];
}

/** `templates:measure`: per face, vertical metrics and the advance (em) of each asked character; `missing` lists characters the face has no glyph for. */
export type FontTables = Record<BuiltinFaceId, FaceTable> & Partial<Record<ProjectFaceId, FaceTable>>;

/** One face of `FontTables`. */
export interface FaceTable {
  ascent: number;
  descent: number;
  capHeight: number;
  widths: Record<string, number>;
  missing: string;
}

/** Every invoke channel with its argument and result. */
export interface IpcInvokeMap {
  [IpcChannel.APP_INFO]: (arg: null) => AppInfo;
  [IpcChannel.PROJECTS_LIST]: (arg: null) => ProjectSummary[];
  [IpcChannel.PROJECTS_RENDER]: (arg: RenderPageArg) => RenderedProject;
  [IpcChannel.PROJECTS_CREATE]: (arg: CreateProjectArg) => CreatedProject;
  [IpcChannel.PROJECTS_COPY]: (arg: { fromId: string; name: ProjectNameArg }) => CreatedProject;
  [IpcChannel.PROJECTS_OPEN]: (arg: { path: string }) => ProjectSummary;
  [IpcChannel.PROJECTS_RECENT]: (arg: null) => ProjectSummary[];
  [IpcChannel.PROJECTS_RENAME]: (arg: { id: string; name: ProjectNameArg }) => ProjectSummary;
  [IpcChannel.PROJECTS_DUPLICATE]: (arg: { id: string }) => CreatedProject;
  [IpcChannel.PROJECTS_TRASH]: (arg: { id: string }) => { trashedTo?: string };
  [IpcChannel.PROJECTS_CARDS]: (arg: { id: string }) => CardsTable;
  [IpcChannel.PROJECTS_SAVE_CARDS]: (arg: SaveCardsArg) => { revision: string; cardCount: number };
  [IpcChannel.PROJECTS_PATCH_CARDS]: (arg: PatchCardsArg) => { revision: string; cardCount: number };
  [IpcChannel.PROJECTS_CHANGES]: (arg: { projectId: string; since: number }) => ProjectChanges;
  [IpcChannel.PROJECTS_RENDER_ROW]: (arg: RenderRowArg) => RenderedProject;
  [IpcChannel.PROJECTS_SAVE_SETTINGS]: (arg: SaveSettingsArg) => { revision: string; summary: ProjectSummary };
  [IpcChannel.PRINT_PREFLIGHT]: (arg: PrintRequest) => PreflightReport;
  [IpcChannel.PRINT_START]: (arg: PrintRequest) => { jobId: string };
  [IpcChannel.PRINT_KIT_START]: (arg: KitRequest | CardKitJob) => { jobId: string };
  [IpcChannel.PRINT_STATUS]: (arg: { jobId: string }) => PrintJobStatus;
  [IpcChannel.PRINT_CANCEL]: (arg: { jobId: string }) => { cancelled: boolean };
  [IpcChannel.PRINT_FILE]: (arg: { jobId: string; path: string }) => { fileName: string; mime: string; data: string };
  [IpcChannel.LAB_START]: (arg: LabStartArg) => { runId: string };
  [IpcChannel.LAB_STATUS]: (arg: { runId: string }) => LabStatus;
  [IpcChannel.LAB_CANCEL]: (arg: { runId: string }) => { cancelled: boolean };
  [IpcChannel.LAB_EXPORT]: (arg: LabExportArg) => LabExportResult;
  [IpcChannel.LAB_RUNS_LIST]: (arg: { projectId: string }) => { runs: SavedLabRunInfo[]; more: number };
  [IpcChannel.LAB_RUNS_OPEN]: (arg: { projectId: string; id: string }) => SavedLabRun;
  [IpcChannel.LAB_RUNS_RENAME]: (arg: { projectId: string; id: string; name: string }) => SavedLabRunInfo;
  [IpcChannel.LAB_RUNS_DELETE]: (arg: { projectId: string; id: string }) => { id: string };
  [IpcChannel.RULEBOOK_RENDER]: (arg: RulebookArg & { markdown?: string }) => RenderedRulebook;
  [IpcChannel.RULEBOOK_START]: (arg: RulebookArg & { booklet: boolean }) => { jobId: string };
  [IpcChannel.RULEBOOK_SOURCE]: (arg: { projectId: string; lang: 'zh' | 'en' }) => RulebookSource;
  [IpcChannel.RULEBOOK_SAVE_SOURCE]: (arg: { projectId: string; lang: 'zh' | 'en'; text: string; baseRevision: string }) => { revision: string };
  [IpcChannel.SHELL_SHOW_IN_FOLDER]: (arg: { path: string }) => { shown: boolean };
  [IpcChannel.MATCHES_SAVE]: (arg: { match: MatchFile; replaces?: string }) => SavedMatchInfo;
  [IpcChannel.MATCHES_LIST]: (arg: null) => SavedMatchInfo[];
  [IpcChannel.MATCHES_LOAD]: (arg: { id: string }) => LoadedMatch;
  [IpcChannel.MATCHES_RENAME]: (arg: { id: string; name: string }) => SavedMatchInfo;
  [IpcChannel.MATCHES_DELETE]: (arg: { id: string }) => { id: string };
  [IpcChannel.DIALOG_PICK_FOLDER]: (arg: { title?: string }) => PickedFolder;
  [IpcChannel.PROJECTS_FOLDERS]: (arg: null) => ProjectFolders;
  [IpcChannel.SHEETS_PREVIEW_IMPORT]: (arg: PreviewImportArg) => ImportPreviewResult;
  [IpcChannel.SHEETS_EXPORT]: (arg: SheetExportArg) => SheetExportResult;
  [IpcChannel.PROJECTS_ADD_ART]: (arg: AddArtArg) => AddedArt;
  [IpcChannel.PROJECTS_ART]: (arg: { projectId: string }) => { files: ArtFile[]; folder: string | null };
  [IpcChannel.PROJECTS_ADD_FONT]: (arg: AddFontArg) => AddedFont;
  [IpcChannel.PROJECTS_FONTS]: (arg: { projectId: string }) => { fonts: ProjectFontInfo[] };
  [IpcChannel.PROJECTS_FONT_BYTES]: (arg: { projectId: string; face: string }) => { bytes: string };
  [IpcChannel.PROJECTS_FONT_LICENCE]: (arg: { projectId: string; face: string; licence: string }) => ProjectFontInfo;
  [IpcChannel.TABLE_OPEN]: (arg: { projectId: string }) => TableSetupOpened;
  [IpcChannel.TABLE_SAVE]: (arg: { projectId: string; text: string; baseRevision: string }) => { revision: string };
  /** A sandbox playtest's report (Markdown) or record (JSON Lines), written into the export folder. */
  [IpcChannel.TABLE_EXPORT]: (arg: { projectId: string; kind: 'md' | 'jsonl'; text: string }) => { path: string; fileName: string; bytes: number };
  [IpcChannel.LAN_START]: (arg: LanStartArg) => LanInfo;
  [IpcChannel.LAN_STOP]: (arg: null) => LanInfo;
  [IpcChannel.LAN_STATUS]: (arg: null) => LanInfo;
  [IpcChannel.LAN_PUBLISH]: (arg: LanPublishArg) => { sent: number };
  [IpcChannel.LAN_NEXT]: (arg: { after: number; waitMs: number }) => LanNext;
  [IpcChannel.LAN_REFUSE]: (arg: LanRefuseArg) => { sent: boolean };
  [IpcChannel.TEMPLATES_OPEN]: (arg: { projectId: string }) => OpenedTemplates;
  [IpcChannel.TEMPLATES_SAVE]: (arg: { projectId: string; name: string; template: unknown; baseRevision: string }) => { revision: string };
  [IpcChannel.TEMPLATES_SAVE_RULES]: (arg: { projectId: string; rules: { when: string; template: string; back?: string }[] }) => { rules: { when: string; template: string; back?: string }[] };
  [IpcChannel.TEMPLATES_ADD]: (arg: { projectId: string; name: string; template?: unknown }) => TemplateEntry;
  [IpcChannel.TEMPLATES_DUPLICATE]: (arg: { projectId: string; from: string; name: string }) => TemplateEntry;
  [IpcChannel.TEMPLATES_RENAME]: (arg: { projectId: string; from: string; to: string }) => { cardsChanged: number };
  [IpcChannel.TEMPLATES_DELETE]: (arg: { projectId: string; name: string }) => { file: string };
  [IpcChannel.TEMPLATES_MEASURE]: (arg: { chars: string; projectId?: string }) => FontTables;
  [IpcChannel.TEMPLATES_IMAGES]: (arg: { projectId: string; refs: string[] }) => Record<string, string>;
  [IpcChannel.TEMPLATES_IMAGE_INFO]: (arg: { projectId: string; refs: string[] }) => Record<string, ImagePixels>;
}

/** The envelope every handler answers with; the preload unwraps it and throws AppError on failure. */
export type IpcEnvelope<T> = { ok: true; value: T } | { ok: false; error: AppErrorInfo };

/** Argument type of a channel. */
export type IpcArg<C extends keyof IpcInvokeMap> = Parameters<IpcInvokeMap[C]>[0];
/** Result type of a channel. */
export type IpcResult<C extends keyof IpcInvokeMap> = ReturnType<IpcInvokeMap[C]>;

/** The API the preload exposes on `window.api`: one function per channel. */
export type WindowApi = { [K in keyof typeof IpcChannel]: (arg: IpcArg<(typeof IpcChannel)[K]>) => Promise<IpcResult<(typeof IpcChannel)[K]>> };

/** Error thrown in the renderer when a handler answered `{ ok: false }`. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
  }
}

/** The same API before unwrapping: every function answers the envelope. This is what the preload exposes. */
export type RawApi = { [K in keyof typeof IpcChannel]: (arg: IpcArg<(typeof IpcChannel)[K]>) => Promise<IpcEnvelope<IpcResult<(typeof IpcChannel)[K]>>> };

/**
 * One function per channel over an invoke function (ipcRenderer.invoke in the preload, fetch in
 * the browser). The preload exposes this raw form because errors thrown across Electron's context
 * bridge lose their fields; the renderer unwraps it with `unwrapApi`.
 */
export function createRawApi(invoke: (channel: string, arg: unknown) => Promise<IpcEnvelope<unknown>>): RawApi {
  const api = {} as Record<string, (arg: unknown) => Promise<IpcEnvelope<unknown>>>;
  for (const [key, channel] of Object.entries(IpcChannel)) api[key] = (arg: unknown) => invoke(channel, arg ?? null);
  return api as unknown as RawApi;
}

/** Turn envelopes into values, and `{ ok: false }` into a thrown AppError carrying the code. */
export function unwrapApi(raw: RawApi): WindowApi {
  const api = {} as Record<string, (arg: unknown) => Promise<unknown>>;
  for (const key of Object.keys(IpcChannel)) {
    const fn = (raw as unknown as Record<string, (arg: unknown) => Promise<IpcEnvelope<unknown>>>)[key]!;
    api[key] = async (arg: unknown) => {
      const env = await fn(arg ?? null);
      if (env.ok) return env.value;
      throw new AppError(env.error.code, env.error.message, env.error.details);
    };
  }
  return api as unknown as WindowApi;
}

/** `unwrapApi(createRawApi(invoke))`: the API the renderer uses. */
export function createApi(invoke: (channel: string, arg: unknown) => Promise<IpcEnvelope<unknown>>): WindowApi {
  return unwrapApi(createRawApi(invoke));
}
