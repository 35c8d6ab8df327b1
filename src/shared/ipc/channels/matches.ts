/** The play table: saved matches (save, list, load, rename, delete) and the sandbox table's setup file and playtest exports. */
import type { SandboxOptions, TableProblem } from '../../games/sandbox';
import type { Bilingual } from './app';

/** The matches channels: `domain:verb` names by key. */
export const MATCHES_CHANNELS = {
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
  /** A project's sandbox table set-up (`table.json`, or the default table) read against its cards, with every problem named. */
  TABLE_OPEN: 'table:open',
  /** Write a project's `table.json`, if it did not change on disk since `baseRevision`. */
  TABLE_SAVE: 'table:save',
  TABLE_EXPORT: 'table:export',
} as const;

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

/** The longest name a saved match may be given (characters). */
export const SAVE_NAME_MAX = 80;

/** A saved match as the load list shows it. */
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

/** The arguments and results of the matches channels. */
export interface MatchesInvokeMap {
  [MATCHES_CHANNELS.MATCHES_SAVE]: (arg: { match: MatchFile; replaces?: string }) => SavedMatchInfo;
  [MATCHES_CHANNELS.MATCHES_LIST]: (arg: null) => SavedMatchInfo[];
  [MATCHES_CHANNELS.MATCHES_LOAD]: (arg: { id: string }) => LoadedMatch;
  [MATCHES_CHANNELS.MATCHES_RENAME]: (arg: { id: string; name: string }) => SavedMatchInfo;
  [MATCHES_CHANNELS.MATCHES_DELETE]: (arg: { id: string }) => { id: string };
  [MATCHES_CHANNELS.TABLE_OPEN]: (arg: { projectId: string }) => TableSetupOpened;
  [MATCHES_CHANNELS.TABLE_SAVE]: (arg: { projectId: string; text: string; baseRevision: string }) => { revision: string };
  /** A sandbox playtest's report (Markdown) or record (JSON Lines), written into the export folder. */
  [MATCHES_CHANNELS.TABLE_EXPORT]: (arg: { projectId: string; kind: 'md' | 'jsonl'; text: string }) => { path: string; fileName: string; bytes: number };
}
