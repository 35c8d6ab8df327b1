import type { Handlers } from './registry';
import type { Services } from '../services';
import { appHandlers } from './app';
import { projectHandlers } from './projects';
import { printHandlers } from './print';
import { shellHandlers } from './shell';
import { rulebookHandlers } from './rulebook';
import { matchHandlers } from './matches';
import { sheetHandlers } from './sheets';

/** Every channel's handler, composed from the domain files. */
export function createHandlers(s: Services, reveal: (path: string) => boolean): Handlers {
  return { ...appHandlers(s), ...projectHandlers(s), ...printHandlers(s), ...rulebookHandlers(s), ...matchHandlers(s), ...sheetHandlers(s), ...shellHandlers(s, reveal) };
}
