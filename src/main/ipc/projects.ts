import { IpcChannel } from '../../shared/ipc/contract';
import { unwrap, type Handlers } from './registry';
import type { Services } from '../services';
import { RENDER_PAGE } from '../services/render';
import { runTask } from '../services/workers/export-pool';

/**
 * `projects:*` handlers. Pages of cards are laid out on the export workers. `projects:changes`
 * starts watching the project's folder on its first poll, so only projects someone looks at are watched.
 */
export function projectHandlers(s: Services): Pick<Handlers, typeof IpcChannel.PROJECTS_LIST | typeof IpcChannel.PROJECTS_RENDER | typeof IpcChannel.PROJECTS_CHANGES> {
  return {
    [IpcChannel.PROJECTS_LIST]: () => s.projects.list(),
    [IpcChannel.PROJECTS_RENDER]: async ({ projectId, offset, limit }) =>
      unwrap(await runTask(s.workers, 'render', { projectId, offset: offset ?? 0, limit: Math.min(limit ?? RENDER_PAGE.default, RENDER_PAGE.max) }, { priority: 'interactive' })),
    [IpcChannel.PROJECTS_CHANGES]: ({ projectId, since }) => {
      if (!s.watcher.isWatching(projectId)) {
        const p = s.projects.get(projectId);
        if (p.ok) s.watcher.watch(projectId, p.value.dir);
        // A project whose folder went away still answers its last events (the "gone" one).
        else if (!s.watcher.knows(projectId)) unwrap(p);
      }
      return s.watcher.changes(projectId, since);
    },
  };
}
