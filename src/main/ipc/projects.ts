import { IpcChannel } from '../../shared/ipc/contract';
import { unwrap, type Handlers } from './registry';
import type { Services } from '../services';
import { RENDER_PAGE } from '../services/render';
import { runTask } from '../services/workers/export-pool';

/** `projects:*` handlers. Pages of cards are laid out on the export workers. */
export function projectHandlers(s: Services): Pick<Handlers, typeof IpcChannel.PROJECTS_LIST | typeof IpcChannel.PROJECTS_RENDER> {
  return {
    [IpcChannel.PROJECTS_LIST]: () => s.projects.list(),
    [IpcChannel.PROJECTS_RENDER]: async ({ projectId, offset, limit }) =>
      unwrap(await runTask(s.workers, 'render', { projectId, offset: offset ?? 0, limit: Math.min(limit ?? RENDER_PAGE.default, RENDER_PAGE.max) }, { priority: 'interactive' })),
  };
}
