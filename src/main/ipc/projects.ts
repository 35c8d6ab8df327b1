import { IpcChannel } from '../../shared/ipc/contract';
import { unwrap, type Handlers } from './registry';
import type { Services } from '../services';
import { renderProject } from '../services/render';

/** `projects:*` handlers. */
export function projectHandlers(s: Services): Pick<Handlers, typeof IpcChannel.PROJECTS_LIST | typeof IpcChannel.PROJECTS_RENDER> {
  return {
    [IpcChannel.PROJECTS_LIST]: () => s.projects.list(),
    [IpcChannel.PROJECTS_RENDER]: async ({ projectId }) => {
      const p = unwrap(s.projects.get(projectId));
      return renderProject(s.projects, p, s.fonts.measurer, (ref) => s.assets.dataUrl(ref, p.dir));
    },
  };
}
