import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import type { WindowApi } from '../../../shared/ipc/contract';
import type { LanEvent, LanEventBody, LanInfo, LanPublishArg, LanRefuseArg, LanStartArg } from '../../../shared/ipc/lan';
import { CountTable } from '../features/table-kit/toy-game.svelte';

/** Main's side of the LAN table, in memory: what the table published and refused, and device events to hand it. */
function lanApi() {
  const published: LanPublishArg[] = [];
  const refused: LanRefuseArg[] = [];
  const started: LanStartArg[] = [];
  let events: LanEvent[] = [];
  let seq = 0;
  let running = false;
  let wake: (() => void) | null = null;
  const info = (arg: LanStartArg | null): LanInfo => ({
    running,
    port: running ? (arg?.port ?? 47800) : null,
    addresses: ['127.0.0.1'],
    game: arg?.game ?? null,
    project: arg?.project ?? null,
    seats: running && arg ? arg.remote.map((seat) => ({ seat, token: arg.tokens?.seats[seat] ?? `token${seat}`.padEnd(20, 'a'), url: `http://127.0.0.1:47800/j/t${seat}`, urls: [], qr: '<svg/>', connected: 0 })) : [],
    spectator: null,
    refused: 0,
  });
  const api = {
    LAN_START: async (arg: LanStartArg) => {
      started.push(arg);
      running = true;
      return info(arg);
    },
    LAN_STOP: async () => {
      running = false;
      wake?.();
      return info(null);
    },
    LAN_STATUS: async () => info(started.at(-1) ?? null),
    LAN_PUBLISH: async (arg: LanPublishArg) => {
      published.push(structuredClone(arg));
      return { sent: arg.seats.length };
    },
    LAN_REFUSE: async (arg: LanRefuseArg) => {
      refused.push(arg);
      return { sent: true };
    },
    LAN_NEXT: async ({ after, waitMs }: { after: number; waitMs: number }) => {
      if (!events.some((e) => e.seq > after) && waitMs > 0 && running) await new Promise<void>((r) => (wake = r));
      const out = events.filter((e) => e.seq > after);
      events = [];
      return { events: out, last: out.at(-1)?.seq ?? after, running };
    },
  } as unknown as WindowApi;
  const device = (e: LanEventBody): void => {
    events.push({ ...e, seq: ++seq } as LanEvent);
    const w = wake;
    wake = null;
    w?.();
  };
  return { api, published, refused, started, device };
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) {
    flushSync();
    await new Promise((r) => setTimeout(r, 0));
  }
};

describe('a table with a seat played on its own device', () => {
  it('publishes each invited seat its own packet, applies the device’s legal move and refuses the rest with the engine’s reason', async () => {
    const lan = lanApi();
    const t = new CountTable('count', lan.api);
    t.start();
    t.lift();
    t.lan.chosen = [1];
    expect(await t.lan.start()).toBe(true);
    expect(lan.started[0]).toMatchObject({ game: 'count-to-ten', project: 'count', players: 2, remote: [1] });
    await settle();
    // Seat 1 is on a device: seat 0 is the only person here, so there is no curtain.
    expect(t.humans).toEqual([0]);
    expect(t.lan.plays(1)).toBe(true);
    const first = lan.published.at(-1)!;
    expect(first.seats.map((p) => p.seat)).toEqual([1]);
    expect(first.public?.seat).toBeNull();
    expect(first.seats[0]!.legal).toEqual([]); // seat 0 decides
    expect(first.seats[0]!.seats.map((s) => s.kind)).toEqual(['human', 'remote']);

    t.act({ type: 'add', seat: 0, by: 1 });
    await settle();
    expect(t.curtain).toBeNull();
    expect(t.remoteDeciding).toBe(1);
    const mine = lan.published.at(-1)!.seats[0]!;
    expect(mine).toMatchObject({ seat: 1, step: 1, held: false, status: { toAct: [1] } });
    expect(mine.legal).toEqual([
      { type: 'add', seat: 1, by: 1 },
      { type: 'add', seat: 1, by: 2 },
    ]);

    lan.device({ kind: 'joined', seat: 1, resumed: false });
    lan.device({ kind: 'move', seat: 1, n: 0, at: 1, move: { type: 'add', seat: 1, by: 5 } });
    await settle();
    expect(t.lan.connected.has(1)).toBe(true);
    expect(t.length).toBe(1);
    expect(lan.refused.at(-1)).toMatchObject({ seat: 1, n: 0, code: 'illegal' });

    lan.device({ kind: 'move', seat: 1, n: 1, at: 0, move: { type: 'add', seat: 1, by: 2 } });
    await settle();
    expect(lan.refused.at(-1)).toMatchObject({ n: 1, code: 'stale' });

    lan.device({ kind: 'move', seat: 1, n: 2, at: 1, move: { by: 2, seat: 1, type: 'add', extra: 'dropped' } });
    await settle();
    expect(t.length).toBe(2);
    expect(t.match!.record().moves.at(-1)).toEqual({ type: 'add', seat: 1, by: 2 });
    expect(lan.published.at(-1)!.step).toBe(2);
    expect(t.remoteDeciding).toBeNull();

    // Paused, a device's move waits.
    t.act({ type: 'add', seat: 0, by: 1 });
    t.setPaused(true);
    await settle();
    expect(lan.published.at(-1)!.seats[0]).toMatchObject({ held: true, legal: [] });
    lan.device({ kind: 'move', seat: 1, n: 3, at: 3, move: { type: 'add', seat: 1, by: 1 } });
    await settle();
    expect(lan.refused.at(-1)).toMatchObject({ n: 3, code: 'not-your-turn' });
    t.setPaused(false);

    // The device drops; the host hands the seat to a bot, then back.
    lan.device({ kind: 'left', seat: 1 });
    await settle();
    expect(t.lan.dropped.has(1)).toBe(true);
    t.lan.handToBot(1, true);
    await settle();
    expect(t.seats[1]).toMatchObject({ kind: 'bot' });
    expect(t.lan.plays(1)).toBe(false);
    expect(lan.published.at(-1)!.seats[0]!.seats[1]!.kind).toBe('bot');
    t.bots.stop();
    t.lan.handToBot(1, false);
    expect(t.seats[1]).toEqual({ kind: 'human' });
    expect(t.lan.plays(1)).toBe(true);

    // Stopping gives the seat back to the people at this screen.
    await t.lan.stop();
    await settle();
    expect(t.lan.running).toBe(false);
    expect(t.humans).toEqual([0, 1]);
    expect(t.curtain).toBe(1);
  });

  it('takes the same links up again after a reload of the same match, and lets them go for a new match', async () => {
    const store = new Map<string, string>();
    const had = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      value: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, String(v)), removeItem: (k: string) => void store.delete(k) },
    });
    try {
      await restores();
    } finally {
      if (had) Object.defineProperty(globalThis, 'localStorage', had);
      else delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });
});

async function restores(): Promise<void> {
  {
    const lan = lanApi();
    const t = new CountTable('count-restore', lan.api);
    t.start();
    t.lan.chosen = [1];
    await t.lan.start();
    const tokens = lan.started[0]!;
    // A reload: a new table over the same stash resumes the match and restores the invitation.
    const again = new CountTable('count-restore', lan.api);
    again.resume();
    await settle();
    expect(lan.started).toHaveLength(2);
    expect(lan.started[1]).toMatchObject({ remote: [1], tokens: { seats: [null, expect.stringMatching(/^token1/)] } });
    expect(again.lan.running).toBe(true);
    // The panel opens saying the invitation is back (with its Stop button).
    expect(again.lan.restored).toBe(true);
    expect(again.lan.panel).toBe(true);
    expect(tokens.remote).toEqual([1]);
    // A new match lets the devices go.
    again.leave();
    again.start();
    await settle();
    expect(again.lan.running).toBe(false);
  }
}
