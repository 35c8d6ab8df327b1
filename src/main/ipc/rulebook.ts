import { IpcChannel } from '../../shared/ipc/contract';
import { unwrap, type Handlers } from './registry';
import type { Services } from '../services';
import { runTask } from '../services/workers/export-pool';

/** `rulebook:*` handlers: typeset pages for the preview (on an export worker), export jobs, and the Rules page's sources. */
export function rulebookHandlers(s: Services): Pick<
  Handlers,
  typeof IpcChannel.RULEBOOK_RENDER | typeof IpcChannel.RULEBOOK_START | typeof IpcChannel.RULEBOOK_SOURCE | typeof IpcChannel.RULEBOOK_SAVE_SOURCE
> {
  return {
    [IpcChannel.RULEBOOK_RENDER]: async (req) => unwrap(await runTask(s.workers, 'rulebook-render', req, { priority: 'interactive', key: req.projectId, label: `the rulebook of project "${req.projectId}"` })),
    [IpcChannel.RULEBOOK_START]: (req) => unwrap(s.print.startRulebook(req)),
    [IpcChannel.RULEBOOK_SOURCE]: ({ projectId, lang }) => unwrap(s.rulebookSources.open(projectId, lang)),
    [IpcChannel.RULEBOOK_SAVE_SOURCE]: ({ projectId, lang, text, baseRevision }) => unwrap(s.rulebookSources.save(projectId, lang, text, baseRevision)),
  };
}
