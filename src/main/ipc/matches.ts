import { IpcChannel } from '../../shared/ipc/contract';
import { unwrap, type Handlers } from './registry';
import type { Services } from '../services';

/**
 * `matches:*` handlers: save a table's match, list the saves, load, rename or delete one. File names are main's:
 * the renderer names a save only by the id `matches:list` or `matches:save` gave it.
 */
export function matchHandlers(s: Services): Pick<Handlers, typeof IpcChannel.MATCHES_SAVE | typeof IpcChannel.MATCHES_LIST | typeof IpcChannel.MATCHES_LOAD | typeof IpcChannel.MATCHES_RENAME | typeof IpcChannel.MATCHES_DELETE> {
  return {
    [IpcChannel.MATCHES_SAVE]: ({ match, replaces }) => unwrap(s.matches.save(match, replaces)),
    [IpcChannel.MATCHES_LIST]: () => s.matches.list(),
    [IpcChannel.MATCHES_LOAD]: ({ id }) => unwrap(s.matches.load(id)),
    [IpcChannel.MATCHES_RENAME]: ({ id, name }) => unwrap(s.matches.rename(id, name)),
    [IpcChannel.MATCHES_DELETE]: ({ id }) => unwrap(s.matches.delete(id)),
  };
}
