import { IpcChannel } from '../shared/ipc/contract';
import type { Handlers } from './ipc/registry';

/**
 * The desktop window keeps the match in play and the LAN table's invitation (its port and link
 * tokens) in its own storage, which Chromium writes to disk some seconds after a change, and at a
 * clean quit. A crash of the app in those seconds would lose them: the table would reopen a few
 * moves back, or the devices' links would be unknown and refused for good. While a LAN table is
 * played, the renderer writes both right around its `lan:start` and every `lan:publish` (a move
 * stashed, then its packets sent), so after each of those main has the session write its storage
 * out: once, `FLUSH_AFTER_MS` after the first call of a burst, so the renderer's writes that
 * follow the call are in it too.
 */

/** How long after a LAN table's call the window's storage is written out. */
export const FLUSH_AFTER_MS = 500;

/** The channels after which the renderer has just written (or is writing) what a restart restores. */
const CHANNELS = [IpcChannel.LAN_START, IpcChannel.LAN_PUBLISH] as const;

export interface FlushTimers {
  setTimeout(fn: () => void, ms: number): unknown;
}

const realTimers: FlushTimers = {
  // Unref'd: a pending write-out never holds the app open.
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
};

/**
 * The handlers, with `flush` (Electron: `session.flushStorageData()`) run `FLUSH_AFTER_MS` after a
 * LAN table's start or publish, at most once per that time. A failing flush is logged, never
 * answered to the renderer: its call already succeeded.
 */
export function flushingStorageAfterLan(handlers: Handlers, flush: () => void, timers: FlushTimers = realTimers): Handlers {
  let pending = false;
  const poke = (): void => {
    if (pending) return;
    pending = true;
    timers.setTimeout(() => {
      pending = false;
      try {
        flush();
      } catch (e) {
        console.warn(`[storage] writing the window's storage out failed: ${(e as Error).message}`);
      }
    }, FLUSH_AFTER_MS);
  };
  const out: Handlers = { ...handlers };
  for (const c of CHANNELS) {
    const h = handlers[c] as (arg: unknown) => unknown;
    (out as Record<string, (arg: unknown) => unknown>)[c] = async (arg) => {
      try {
        return await h(arg);
      } finally {
        poke();
      }
    };
  }
  return out;
}
