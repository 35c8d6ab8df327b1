import { IpcChannel } from '../../shared/ipc/contract';
import { HandlerError, type Handlers } from './registry';
import type { Services } from '../services';

/**
 * `shell:*` handlers. Only files this app wrote and the folders of the user's projects may be
 * revealed, so a compromised renderer cannot use the channel to probe the disk.
 */
export function shellHandlers(s: Services, reveal: (path: string) => boolean): Pick<Handlers, typeof IpcChannel.SHELL_SHOW_IN_FOLDER> {
  return {
    [IpcChannel.SHELL_SHOW_IN_FOLDER]: ({ path }) => {
      const projectFolder = s.projects.user?.all().some((p) => p.dir === path) ?? false;
      if (!s.print.wrote(path) && !projectFolder) throw new HandlerError('shell/not-ours', `"${path}" was not written by this app in this session and is not a project folder, so it is not revealed.`);
      return { shown: reveal(path) };
    },
  };
}
