import { IpcChannel } from '../../shared/ipc/contract';
import { unwrap, type Handlers } from './registry';
import type { Services } from '../services';

/** `lab:*` handlers: balance-lab runs the Balance page starts, polls and cancels (none waits on a game). */
export function labHandlers(s: Services): Pick<Handlers, typeof IpcChannel.LAB_START | typeof IpcChannel.LAB_STATUS | typeof IpcChannel.LAB_CANCEL> {
  return {
    [IpcChannel.LAB_START]: (arg) => unwrap(s.lab.start(arg)),
    [IpcChannel.LAB_STATUS]: ({ runId }) => unwrap(s.lab.status(runId)),
    [IpcChannel.LAB_CANCEL]: ({ runId }) => ({ cancelled: s.lab.cancel(runId) }),
  };
}
