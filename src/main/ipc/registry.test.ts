import { describe, expect, it } from 'vitest';
import { IpcChannel } from '../../shared/ipc/contract';
import { appPage, type FrameLike } from '../window-guard';
import { registerIpc, type Handlers, type IpcMainLike } from './registry';

const INDEX = '/opt/fuqi/out/renderer/index.html';
const page = appPage({ isPackaged: true, devUrl: undefined, indexFile: INDEX, platform: 'linux' });

/** An ipcMain stand-in that keeps the registered listeners, and handlers that record their calls. */
function setup() {
  const listeners = new Map<string, Parameters<IpcMainLike['handle']>[1]>();
  const calls: string[] = [];
  const handlers = new Proxy({}, { get: (_t, c: string) => () => (calls.push(c), { ran: c }) }) as Handlers;
  registerIpc({ handle: (channel, l) => listeners.set(channel, l) }, handlers, page);
  const invoke = (channel: string, senderFrame: FrameLike | null) => listeners.get(channel)!({ senderFrame }, null);
  return { listeners, calls, invoke };
}

describe('registerIpc', () => {
  it('registers every channel of the contract', () => {
    expect([...setup().listeners.keys()].sort()).toEqual(Object.values(IpcChannel).sort());
  });

  it("runs handlers for the app page's top frame", async () => {
    const { calls, invoke } = setup();
    expect(await invoke('app:info', { url: `file://${INDEX}#/p/doufu`, parent: null })).toEqual({ ok: true, value: { ran: 'app:info' } });
    expect(calls).toEqual(['app:info']);
  });

  it('refuses subframes, other pages and gone frames before any handler runs', async () => {
    const { calls, invoke } = setup();
    const senders: (FrameLike | null)[] = [
      { url: 'https://evil.example/', parent: null },
      { url: `file://${INDEX}`, parent: { url: `file://${INDEX}`, parent: null } },
      { url: 'file:///tmp/other.html', parent: null },
      null,
    ];
    for (const frame of senders) {
      const env = await invoke('shell:show-in-folder', frame);
      expect(env, frame?.url ?? 'null').toMatchObject({ ok: false, error: { code: 'ipc/untrusted-sender', message: expect.stringMatching(/only the app's own page/) } });
    }
    expect(calls).toEqual([]);
  });
});
