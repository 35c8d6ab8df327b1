import { IpcChannel } from '../../shared/ipc/contract';
import { unwrap, type Handlers } from './registry';
import type { Services } from '../services';
import { exportPlaytest } from '../services/table-export';

/** `table:*` handlers: a project's sandbox table set-up, read leniently and written atomically (services/table-setup.ts). */
export function tableHandlers(s: Services): Pick<Handlers, typeof IpcChannel.TABLE_OPEN | typeof IpcChannel.TABLE_SAVE | typeof IpcChannel.TABLE_EXPORT> {
  return {
    [IpcChannel.TABLE_OPEN]: ({ projectId }) => unwrap(s.tableSetups.open(projectId)),
    [IpcChannel.TABLE_SAVE]: ({ projectId, text, baseRevision }) => unwrap(s.tableSetups.save(projectId, text, baseRevision)),
    [IpcChannel.TABLE_EXPORT]: (arg) => unwrap(exportPlaytest(s.projects, s.exportDir, arg)),
  };
}
