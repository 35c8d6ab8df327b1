import { IpcChannel } from '../../shared/ipc/contract';
import type { Handlers } from './registry';
import type { Services } from '../services';

/** `app:*` handlers. */
export function appHandlers(s: Services): Pick<Handlers, typeof IpcChannel.APP_INFO> {
  return { [IpcChannel.APP_INFO]: () => s.info() };
}
