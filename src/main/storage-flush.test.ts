import { describe, expect, it, vi } from 'vitest';
import { IpcChannel } from '../shared/ipc/contract';
import type { Handlers } from './ipc/registry';
import { FLUSH_AFTER_MS, flushingStorageAfterLan, type FlushTimers } from './storage-flush';

/** Timers the test runs by hand. */
function handTimers() {
  const due: { fn: () => void; ms: number }[] = [];
  const timers: FlushTimers = { setTimeout: (fn, ms) => due.push({ fn, ms }) };
  const runAll = () => due.splice(0).forEach((t) => t.fn());
  return { timers, due, runAll };
}

/** Handlers of the LAN table's calls and one other; each answers what it was asked, `lan:publish` may fail. */
function someHandlers(fail = false): Handlers {
  return {
    [IpcChannel.LAN_START]: async (arg: unknown) => ({ started: arg }),
    [IpcChannel.LAN_PUBLISH]: async () => {
      if (fail) throw new Error('no table');
      return { sent: 1 };
    },
    [IpcChannel.LAN_STATUS]: async () => ({ running: true }),
  } as unknown as Handlers;
}
const callOf = (h: Handlers, c: string, arg: unknown = null) => (h[c as keyof Handlers] as (a: unknown) => Promise<unknown>)(arg);

describe('writing the window’s storage out while a LAN table is played', () => {
  it('writes it once, a moment after a start or a burst of publishes, with the answers unchanged', async () => {
    const { timers, due, runAll } = handTimers();
    const flush = vi.fn();
    const h = flushingStorageAfterLan(someHandlers(), flush, timers);
    expect(await callOf(h, IpcChannel.LAN_START, { port: 47800 })).toEqual({ started: { port: 47800 } });
    expect(await callOf(h, IpcChannel.LAN_PUBLISH)).toEqual({ sent: 1 });
    expect(await callOf(h, IpcChannel.LAN_PUBLISH)).toEqual({ sent: 1 });
    // Not at once: the renderer writes what it stores right after the answer.
    expect(flush).not.toHaveBeenCalled();
    expect(due.map((t) => t.ms)).toEqual([FLUSH_AFTER_MS]);
    runAll();
    expect(flush).toHaveBeenCalledTimes(1);
    // The next move: written out again.
    await callOf(h, IpcChannel.LAN_PUBLISH);
    runAll();
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('leaves other channels alone', async () => {
    const { timers, due } = handTimers();
    const flush = vi.fn();
    const h = flushingStorageAfterLan(someHandlers(), flush, timers);
    expect(await callOf(h, IpcChannel.LAN_STATUS)).toEqual({ running: true });
    expect(due).toEqual([]);
  });

  it('writes out after a failed call too, and a failing write is logged, not thrown', async () => {
    const { timers, runAll } = handTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const flush = vi.fn(() => {
      throw new Error('disk full');
    });
    const h = flushingStorageAfterLan(someHandlers(true), flush, timers);
    await expect(callOf(h, IpcChannel.LAN_PUBLISH)).rejects.toThrow('no table');
    expect(() => runAll()).not.toThrow();
    expect(flush).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls.flat().join(' ')).toContain('disk full');
    warn.mockRestore();
  });
});
