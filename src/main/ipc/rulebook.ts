import { IpcChannel } from '../../shared/ipc/contract';
import { unwrap, type Handlers } from './registry';
import type { Services } from '../services';
import { runTask } from '../services/workers/export-pool';

/** `rulebook:*` handlers: typeset pages for the preview (on an export worker), and export jobs. */
export function rulebookHandlers(s: Services): Pick<Handlers, typeof IpcChannel.RULEBOOK_RENDER | typeof IpcChannel.RULEBOOK_START> {
  return {
    [IpcChannel.RULEBOOK_RENDER]: async (req) => unwrap(await runTask(s.workers, 'rulebook-render', req, { priority: 'interactive', key: req.projectId, label: `the rulebook of project "${req.projectId}"` })),
    [IpcChannel.RULEBOOK_START]: (req) => unwrap(s.print.startRulebook(req)),
  };
}
