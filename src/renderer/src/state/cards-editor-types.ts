/** What the data page's `CardsEditor` needs from its owner and reports to its view. */
import type { WindowApi } from '../../../shared/ipc/contract';
import type { TableDiff } from '../../../shared/cards/table';
import type { DraftStore } from './cards-drafts';

/** The channels the editor uses (a test passes fakes). */
export type EditorApi = Pick<WindowApi, 'PROJECTS_CARDS' | 'PROJECTS_SAVE_CARDS' | 'PROJECTS_SAVE_SETTINGS' | 'PROJECTS_CHANGES'> & Partial<Pick<WindowApi, 'PROJECTS_PATCH_CARDS'>>;

/** Where the project's files stand relative to the editor. */
export type SaveStatus = 'loading' | 'saved' | 'saving' | 'unsaved' | 'error';

/** What changed on disk and was reloaded (shown for a few seconds). */
export interface ReloadNotice {
  /** Rows and columns of the cards file that differ; undefined when only other files changed. */
  diff?: TableDiff;
  /** The files that changed, relative to the project folder. */
  files: string[];
  /** Who changed them: another program (`disk`) or another tab or window of the app (`tab`). */
  by?: 'disk' | 'tab';
  /** Increases with every notice, so the view can restart its timer. */
  seq: number;
}

/** The files changed on disk while there were unsaved edits (or a save was refused as stale). */
export interface Conflict {
  files: string[];
  /**
   * `disk`: another program changed the file (seen by polling); `tab`: another tab or window of
   * the app saved it; `save`: a save was refused because the file had changed.
   */
  reason: 'disk' | 'tab' | 'save';
  /** What the version on disk changes against the one this editor last loaded or saved, when known: shown before "keep mine" can overwrite it. */
  theirs?: TableDiff;
}
/** Hooks of the owner: told after each successful save (e.g. to re-render the deck). */
export interface EditorHooks {
  /** Where drafts are kept (default: localStorage; tests pass a map). */
  drafts?: DraftStore;
  onsaved?: (what: { cards: boolean; settings: boolean }) => void;
  /** Files other than the cards and project.json changed (templates, art): the preview should redraw. */
  onfiles?: (files: string[]) => void;
}
