import type { Handlers } from './registry';
import type { Services } from '../services';
import { appHandlers } from './app';
import { projectHandlers } from './projects';
import { printHandlers } from './print';
import { shellHandlers } from './shell';
import { rulebookHandlers } from './rulebook';
import { matchHandlers } from './matches';
import { dialogHandlers, type PickFolder } from './dialog';
import { sheetHandlers } from './sheets';
import { templateHandlers } from './templates';
import { tableHandlers } from './table';
import { fontHandlers } from './fonts';
import { labHandlers } from './lab';
import { lanHandlers } from './lan';

/**
 * Every channel's handler, composed from the domain files. `reveal` shows a file in the system
 * file manager; `pickFolder` is the native folder dialog (desktop only).
 */
export function createHandlers(s: Services, reveal: (path: string) => boolean, pickFolder?: PickFolder): Handlers {
  return { ...appHandlers(s), ...projectHandlers(s), ...printHandlers(s), ...rulebookHandlers(s), ...matchHandlers(s), ...sheetHandlers(s), ...templateHandlers(s), ...tableHandlers(s), ...fontHandlers(s), ...labHandlers(s), ...lanHandlers(s), ...shellHandlers(s, reveal), ...dialogHandlers(s, pickFolder) };
}
