import { IpcChannel } from '../../shared/ipc/contract';
import { labCsv } from '../../shared/lab';
import { unwrap, type Handlers } from './registry';
import type { Services } from '../services';
import { writeLabExport } from '../services/lab/export';
import { runTask } from '../services/workers/export-pool';

/**
 * `lab:*` handlers: balance-lab runs the Balance page starts, polls and cancels (none waits on a
 * game), and exports of an ended run (the PDF is drawn on an export worker).
 */
export function labHandlers(s: Services): Pick<Handlers, typeof IpcChannel.LAB_START | typeof IpcChannel.LAB_STATUS | typeof IpcChannel.LAB_CANCEL | typeof IpcChannel.LAB_EXPORT> {
  return {
    [IpcChannel.LAB_START]: (arg) => unwrap(s.lab.start(arg)),
    [IpcChannel.LAB_STATUS]: ({ runId }) => unwrap(s.lab.status(runId)),
    [IpcChannel.LAB_CANCEL]: ({ runId }) => ({ cancelled: s.lab.cancel(runId) }),
    [IpcChannel.LAB_EXPORT]: async ({ runId, kind, lang, download }) => {
      const ex = unwrap(s.lab.exportable(runId));
      let bytes: Uint8Array;
      if (kind === 'csv') bytes = new TextEncoder().encode(labCsv(ex.status));
      else if (kind === 'jsonl') bytes = new TextEncoder().encode(unwrap(s.lab.jsonl(runId)));
      else {
        const { arg } = ex;
        const settings = { title: ex.project[lang], players: arg.players, bots: arg.bots, options: arg.options, ...(arg.vs ? { vs: arg.vs } : {}), games: arg.games, seed: arg.seed, ...(arg.rotate ? { rotate: true } : {}), ...(arg.searchIterations ? { searchIterations: arg.searchIterations } : {}) };
        bytes = unwrap(await runTask(s.workers, 'lab-report', { status: ex.status, settings, lang }, { priority: 'interactive', key: arg.projectId, label: `the balance report of project "${arg.projectId}"` }));
      }
      return unwrap(writeLabExport(s.exportDir, ex.project.en, kind, bytes, download === true));
    },
  };
}
