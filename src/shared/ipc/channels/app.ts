/** The app itself: its version and credits, the folder picker and "show in folder", and the bilingual text shape other channels share. */

/** The app channels: `domain:verb` names by key. */
export const APP_CHANNELS = {
  /** App version, runtime mode and credits. */
  APP_INFO: 'app:info',
  /** Reveal a written file in the system file manager (a no-op that returns false in browser mode). */
  SHELL_SHOW_IN_FOLDER: 'shell:show-in-folder',
  /** The system's folder picker (desktop only; browser mode answers `dialog/unavailable`). */
  DIALOG_PICK_FOLDER: 'dialog:pick-folder',
} as const;

/** What the app is and where it runs. */
export interface AppInfo {
  name: string;
  version: string;
  mode: 'desktop' | 'browser';
  credits: { what: string; who: string; licence: string }[];
}

/** `dialog:pick-folder`: the folder the user chose, or null when they cancelled. */
export interface PickedFolder {
  path: string | null;
}

/** A text in both interface languages (engine messages come this way). */
export interface Bilingual {
  zh: string;
  en: string;
}

/** The arguments and results of the app channels. */
export interface AppInvokeMap {
  [APP_CHANNELS.APP_INFO]: (arg: null) => AppInfo;
  [APP_CHANNELS.SHELL_SHOW_IN_FOLDER]: (arg: { path: string }) => { shown: boolean };
  [APP_CHANNELS.DIALOG_PICK_FOLDER]: (arg: { title?: string }) => PickedFolder;
}
