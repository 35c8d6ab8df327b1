/**
 * The host's side of card faces on the LAN table: main is given each face picture the packets
 * name once per inviting session (it sends each device what that device lacks), the pictures over
 * one publish's budget follow with the same packets, and a new session gives them all again.
 */
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import type { TableSeat, WindowApi } from '../../../shared/ipc/contract';
import { LAN_FACES_BUDGET, type LanInfo, type LanPublishArg, type LanStartArg } from '../../../shared/ipc/lan';
import type { LanPacket } from '../../../shared/lan/protocol';
import { TableLan, type LanHost } from './TableLan.svelte';

function api() {
  const published: LanPublishArg[] = [];
  const fail = { next: false };
  let running = false;
  const info = (arg: LanStartArg | null): LanInfo => ({
    running,
    port: running ? 47834 : null,
    addresses: ['127.0.0.1'],
    game: arg?.game ?? null,
    project: arg?.project ?? null,
    seats: running && arg ? arg.remote.map((seat) => ({ seat, token: `token${seat}`.padEnd(20, 'a'), url: '', urls: [], qr: '', connected: 0 })) : [],
    spectator: null,
    refused: 0,
  });
  let last: LanStartArg | null = null;
  const windowApi = {
    LAN_START: async (arg: LanStartArg) => {
      last = arg;
      running = true;
      return info(arg);
    },
    LAN_STOP: async () => {
      running = false;
      return info(null);
    },
    LAN_STATUS: async () => info(last),
    LAN_PUBLISH: async (arg: LanPublishArg) => {
      if (fail.next) {
        fail.next = false;
        throw new Error('main is busy');
      }
      published.push(structuredClone(arg));
      return { sent: arg.seats.length };
    },
    LAN_REFUSE: async () => ({ sent: true }),
    // No device ever does anything: the poll waits a moment and answers nothing.
    LAN_NEXT: async ({ after, waitMs }: { after: number; waitMs: number }) => {
      if (waitMs) await new Promise((r) => setTimeout(r, 20));
      return { events: [], last: after, running };
    },
  } as unknown as WindowApi;
  return { windowApi, published, fail };
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 8; i++) {
    flushSync();
    await new Promise((r) => setTimeout(r, 0));
  }
};

/** A packet of `seat` at `step` naming `keys` as its cards' faces. */
function packet(seat: number | null, step: number, keys: string[]): LanPacket {
  return {
    game: 'sandbox',
    seat,
    step,
    view: {},
    legal: [],
    status: { over: false, winners: [], draw: false, scores: [], toAct: [0] },
    log: [],
    seats: [],
    held: false,
    cards: { known: Object.fromEntries(keys.map((k, i) => [`card${i}`, { name: `Card ${i}`, face: k }])), back: null },
  };
}

describe('face pictures from the host table to main', () => {
  it('gives main each picture once a session, splits a large batch over publishes, and gives them again after a restart', async () => {
    const { windowApi, published, fail } = api();
    const svg = new Map<string, string>([
      ['faaaa', '<svg>a</svg>'],
      ['fbbbb', '<svg>b</svg>'],
      ['fbig1', 'x'.repeat(LAN_FACES_BUDGET - 10)],
      ['fbig2', 'y'.repeat(100)],
    ]);
    let step = 0;
    let keys = ['faaaa'];
    const seats: TableSeat[] = [{ kind: 'human' }, { kind: 'human' }];
    const host: LanHost = {
      gameId: 'sandbox',
      projectId: 'p',
      title: () => ({ zh: '试玩', en: 'Playtest' }),
      players: () => 2,
      seats: () => seats,
      matchKey: () => 'sandbox:seed:2',
      packets: () => ({ step, seats: [packet(1, step, keys)], public: packet(null, step, []) }),
      playRemote: () => ({ ok: true }),
      setSeat: () => undefined,
      remoteChanged: () => undefined,
      face: (k) => svg.get(k),
    };
    const lan = new TableLan(windowApi, host);
    lan.chosen = [1];
    expect(await lan.start()).toBe(true);
    // The table publishes after every change (its effect does, in the app; here, by hand).
    lan.refresh();
    await settle();
    expect(published.at(-1)!.faces).toEqual({ faaaa: '<svg>a</svg>' });

    // The next step names the same picture and one more: only the new one goes.
    step = 1;
    keys = ['faaaa', 'fbbbb'];
    lan.refresh();
    await settle();
    expect(published.at(-1)!.faces).toEqual({ fbbbb: '<svg>b</svg>' });
    step = 2;
    lan.refresh();
    await settle();
    expect(published.at(-1)!.faces).toBeUndefined();

    // Two pictures over one publish's budget: the second follows with the same packets.
    const before = published.length;
    step = 3;
    keys = ['faaaa', 'fbig1', 'fbig2'];
    lan.refresh();
    await settle();
    const sent = published.slice(before);
    expect(sent.map((p) => Object.keys(p.faces ?? {}))).toEqual([['fbig1'], ['fbig2']]);
    expect(sent.map((p) => p.step)).toEqual([3, 3]);

    // A publish that fails: its pictures go again with the next one, even with the same packets.
    fail.next = true;
    step = 4;
    keys = ['faaaa', 'fcccc'];
    svg.set('fcccc', '<svg>c</svg>');
    lan.refresh();
    await settle();
    expect(lan.error).toBeTruthy();
    lan.refresh();
    await settle();
    expect(published.at(-1)).toMatchObject({ step: 4 });
    expect(Object.keys(published.at(-1)!.faces ?? {}).sort()).toEqual(['faaaa', 'fcccc']);

    // Stopped and started again: main starts afresh, so every picture named is given again.
    await lan.stop();
    expect(await lan.start()).toBe(true);
    lan.refresh();
    await settle();
    const again = published.slice(before + 3).flatMap((p) => Object.keys(p.faces ?? {}));
    expect(again.sort()).toEqual(['faaaa', 'fcccc']);
    await lan.stop();
  });
});
