import { IpcChannel } from '../../shared/ipc/contract';
import { unwrap, type Handlers } from './registry';
import type { Services } from '../services';

/** `print:*` handlers: preflight, and export jobs the renderer polls. */
export function printHandlers(
  s: Services,
): Pick<Handlers, typeof IpcChannel.PRINT_PREFLIGHT | typeof IpcChannel.PRINT_START | typeof IpcChannel.PRINT_KIT_START | typeof IpcChannel.PRINT_STATUS | typeof IpcChannel.PRINT_CANCEL | typeof IpcChannel.PRINT_FILE> {
  return {
    [IpcChannel.PRINT_PREFLIGHT]: async (req) => unwrap(await s.print.preflight(req)),
    [IpcChannel.PRINT_START]: (req) => unwrap(s.print.start(req)),
    [IpcChannel.PRINT_KIT_START]: (req) => unwrap(s.print.startKit(req)),
    [IpcChannel.PRINT_STATUS]: ({ jobId }) => unwrap(s.print.status(jobId)),
    [IpcChannel.PRINT_CANCEL]: ({ jobId }) => ({ cancelled: s.print.cancel(jobId) }),
    [IpcChannel.PRINT_FILE]: ({ jobId, path }) => unwrap(s.print.file(jobId, path)),
  };
}
