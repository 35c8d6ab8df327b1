import { IpcChannel } from '../../shared/ipc/contract';
import { labCsv } from '../../shared/lab';
import { HandlerError, unwrap, type Handlers } from './registry';
import type { Services } from '../services';
import { writeLabExport } from '../services/lab/export';
import { runTask } from '../services/workers/export-pool';

/**
 * `lab:*` handlers: balance-lab runs the Balance page starts, polls and cancels (none waits on a
 * game), and exports of an ended run (the PDF is drawn on an export worker).
 */
export function labHandlers(
  s: Services,
): Pick<Handlers, typeof IpcChannel.LAB_START | typeof IpcChannel.LAB_STATUS | typeof IpcChannel.LAB_CANCEL | typeof IpcChannel.LAB_EXPORT | typeof IpcChannel.LAB_RUNS_LIST | typeof IpcChannel.LAB_RUNS_OPEN | typeof IpcChannel.LAB_RUNS_RENAME | typeof IpcChannel.LAB_RUNS_DELETE> {
  const runs = () => {
    if (!s.lab.runs) throw new HandlerError('lab-runs/unavailable', 'Saved balance runs are not kept in this mode.', { zh: '此模式下不保存平衡测试。' });
    return s.lab.runs;
  };
  return {
    [IpcChannel.LAB_START]: (arg) => unwrap(s.lab.start(arg)),
    [IpcChannel.LAB_STATUS]: ({ runId }) => unwrap(s.lab.status(runId)),
    [IpcChannel.LAB_CANCEL]: ({ runId }) => ({ cancelled: s.lab.cancel(runId) }),
    [IpcChannel.LAB_RUNS_LIST]: ({ projectId }) => runs().list(projectId),
    [IpcChannel.LAB_RUNS_OPEN]: ({ projectId, id }) => unwrap(runs().open(projectId, id)),
    [IpcChannel.LAB_RUNS_RENAME]: ({ projectId, id, name }) => unwrap(runs().rename(projectId, id, name)),
    [IpcChannel.LAB_RUNS_DELETE]: ({ projectId, id }) => unwrap(runs().delete(projectId, id)),
    [IpcChannel.LAB_EXPORT]: async ({ runId, projectId, kind, lang, download, said }) => {
      const ex = unwrap(s.lab.exportable(runId, projectId));
      let bytes: Uint8Array;
      if (kind === 'csv') bytes = new TextEncoder().encode(labCsv(ex.status));
      else if (kind === 'jsonl') bytes = new TextEncoder().encode(unwrap(s.lab.jsonl(runId, projectId)));
      else {
        const { arg } = ex;
        const settings = { title: ex.project[lang], players: arg.players, bots: arg.bots, options: arg.options, ...(arg.vs ? { vs: arg.vs } : {}), games: arg.games, seed: arg.seed, ...(arg.rotate ? { rotate: true } : {}), ...(arg.searchIterations ? { searchIterations: arg.searchIterations } : {}), ...(said ? { said } : {}) };
        bytes = unwrap(await runTask(s.workers, 'lab-report', { status: ex.status, settings, lang }, { priority: 'interactive', key: arg.projectId, label: `the balance report of project "${arg.projectId}"` }));
      }
      return unwrap(writeLabExport(s.exportDir, ex.project.en, kind, bytes, download === true));
    },
  };
}
