import { IpcChannel } from '../../shared/ipc/contract';
import { HandlerError, type Handlers } from './registry';
import type { Services } from '../services';
import { listProjectFolders } from '../services/project-folders';

/**
 * The system's folder picker: resolves to the chosen folder's path, or null when the user
 * cancelled. Electron's `dialog.showOpenDialog` with `openDirectory` in the desktop app; absent in
 * browser mode, where no native dialog can be shown.
 */
export type PickFolder = (opts: { title?: string; defaultPath?: string }) => Promise<string | null>;

/** Error codes of the dialog channels. */
export const DIALOG_ERRORS = {
  /** No native dialog here (browser mode): type the folder path instead. */
  UNAVAILABLE: 'dialog/unavailable',
} as const;

/**
 * `dialog:pick-folder` and `projects:folders`: the two ways the "open folder" dialog finds a
 * project folder. The picker starts in the projects folder.
 */
export function dialogHandlers(s: Services, pickFolder?: PickFolder): Pick<Handlers, typeof IpcChannel.DIALOG_PICK_FOLDER | typeof IpcChannel.PROJECTS_FOLDERS> {
  return {
    [IpcChannel.DIALOG_PICK_FOLDER]: async ({ title }) => {
      if (!pickFolder)
        throw new HandlerError(DIALOG_ERRORS.UNAVAILABLE, 'There is no system folder dialog in browser mode; type the folder path, or pick a folder of the projects folder.');
      const path = await pickFolder({ title, defaultPath: s.projectsDir });
      return { path: path ?? null };
    },
    [IpcChannel.PROJECTS_FOLDERS]: () => listProjectFolders(s.projectsDir),
  };
}
