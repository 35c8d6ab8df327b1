import { IpcChannel } from '../../shared/ipc/contract';
import { HandlerError, type Handlers } from './registry';
import type { Services } from '../services';
import { LanError } from '../services/lan/service';
import type { LanPacket } from '../../shared/lan/protocol';

/** A LAN failure as the renderer shows it: English message, both languages in `details.message`. */
async function lanCall<T>(f: () => T | Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof LanError) throw new HandlerError(e.code, e.text.en, { message: e.text });
    throw e;
  }
}

/** `lan:*` handlers: invite devices to a table's seats on the local network (services/lan). */
export function lanHandlers(s: Services): Pick<Handlers, typeof IpcChannel.LAN_START | typeof IpcChannel.LAN_STOP | typeof IpcChannel.LAN_STATUS | typeof IpcChannel.LAN_PUBLISH | typeof IpcChannel.LAN_NEXT | typeof IpcChannel.LAN_REFUSE> {
  return {
    [IpcChannel.LAN_START]: (arg) => lanCall(() => s.lan.start(arg)),
    [IpcChannel.LAN_STOP]: () => lanCall(() => s.lan.stop()),
    [IpcChannel.LAN_STATUS]: () => s.lan.status(),
    [IpcChannel.LAN_PUBLISH]: ({ step, seats, public: pub, faces }) => lanCall(() => s.lan.publish(step, seats as LanPacket[], pub as LanPacket | null, faces)),
    [IpcChannel.LAN_NEXT]: ({ after, waitMs }) => s.lan.next(after, waitMs),
    [IpcChannel.LAN_REFUSE]: ({ seat, n, code, message }) => s.lan.refuse(seat, n, code, message),
  };
}
