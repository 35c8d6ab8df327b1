import { IpcChannel } from '../../shared/ipc/contract';
import { unwrap, type Handlers } from './registry';
import type { Services } from '../services';
import { RENDER_PAGE } from '../services/render';
import { runTask } from '../services/workers/export-pool';
import type { CardSaveChecker } from '../services/card-save';
import { packTable } from '../services/table-transfer';

type ProjectChannel =
  | typeof IpcChannel.PROJECTS_LIST
  | typeof IpcChannel.PROJECTS_RENDER
  | typeof IpcChannel.PROJECTS_CREATE
  | typeof IpcChannel.PROJECTS_COPY
  | typeof IpcChannel.PROJECTS_OPEN
  | typeof IpcChannel.PROJECTS_RECENT
  | typeof IpcChannel.PROJECTS_RENAME
  | typeof IpcChannel.PROJECTS_DUPLICATE
  | typeof IpcChannel.PROJECTS_TRASH
  | typeof IpcChannel.PROJECTS_CARDS
  | typeof IpcChannel.PROJECTS_SAVE_CARDS
  | typeof IpcChannel.PROJECTS_PATCH_CARDS
  | typeof IpcChannel.PROJECTS_CHANGES
  | typeof IpcChannel.PROJECTS_RENDER_ROW
  | typeof IpcChannel.PROJECTS_SAVE_SETTINGS;

/** Check a cards table of project `id` before it is saved, on an export worker (an interactive task); the table travels packed (table-transfer.ts). */
function checkOnWorker(s: Services, id: string): CardSaveChecker {
  return async (input) => runTask(s.workers, 'save-cards', { ...input, table: await packTable(input.table) }, { priority: 'interactive', key: id, label: `project "${id}"` });
}

/**
 * `projects:*` handlers. Pages of cards are laid out on the export workers; their stores notice
 * a written file by itself (each cached project is checked against its files' identity and time).
 * `projects:changes` starts watching the project's folder on its first poll, so only projects
 * someone looks at are watched.
 */
export function projectHandlers(s: Services): Pick<Handlers, ProjectChannel> {
  return {
    [IpcChannel.PROJECTS_LIST]: () => s.projects.list(),
    [IpcChannel.PROJECTS_CREATE]: (arg) => unwrap(s.editor.create(arg)),
    [IpcChannel.PROJECTS_COPY]: ({ fromId, name }) => unwrap(s.editor.copy(fromId, name)),
    [IpcChannel.PROJECTS_OPEN]: ({ path }) => unwrap(s.editor.open(path)),
    [IpcChannel.PROJECTS_RECENT]: () => s.editor.recent(),
    [IpcChannel.PROJECTS_RENAME]: ({ id, name }) => unwrap(s.editor.rename(id, name)),
    [IpcChannel.PROJECTS_DUPLICATE]: ({ id }) => unwrap(s.editor.duplicate(id)),
    [IpcChannel.PROJECTS_TRASH]: async ({ id }) => unwrap(await s.editor.trash(id)),
    [IpcChannel.PROJECTS_CARDS]: ({ id }) => {
      // Watch the folder before reading it, so a change made after the read is reported.
      if (!s.watcher.isWatching(id)) {
        const p = s.projects.get(id);
        if (p.ok) s.watcher.watch(id, p.value.dir);
      }
      const changesSeq = s.watcher.changes(id, Number.MAX_SAFE_INTEGER).seq;
      return { ...unwrap(s.editor.cards(id)), changesSeq };
    },
    // A big table is checked on a worker: the window and other requests do not wait for it.
    [IpcChannel.PROJECTS_SAVE_CARDS]: async ({ id, columns, rows, baseRevision }) => unwrap(await s.editor.saveCardsOffThread(id, { columns, rows }, baseRevision, checkOnWorker(s, id))),
    [IpcChannel.PROJECTS_PATCH_CARDS]: async ({ id, columns, rowCount, cells, baseRevision }) => unwrap(await s.editor.patchCardsOffThread(id, { columns, rowCount, cells }, baseRevision, checkOnWorker(s, id))),
    [IpcChannel.PROJECTS_RENDER]: async ({ projectId, offset, limit }) =>
      unwrap(await runTask(s.workers, 'render', { projectId, offset: offset ?? 0, limit: Math.min(limit ?? RENDER_PAGE.default, RENDER_PAGE.max) }, { priority: 'interactive', key: projectId, label: `project "${projectId}"` })),
    [IpcChannel.PROJECTS_RENDER_ROW]: async ({ projectId, columns, row }) => unwrap(await runTask(s.workers, 'render-row', { projectId, columns, row }, { priority: 'interactive', key: projectId, supersede: `render-row:${projectId}`, label: `project "${projectId}"` })),
    [IpcChannel.PROJECTS_SAVE_SETTINGS]: ({ id, settings, baseRevision }) => unwrap(s.editor.saveSettings(id, settings, baseRevision)),
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
