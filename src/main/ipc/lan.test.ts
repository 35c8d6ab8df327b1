import { describe, expect, it } from 'vitest';
import { ipcTestApp } from './app.test-fixture';
import { LAN_NEXT_MAX_WAIT, type LanInfo, type LanNext } from '../../shared/ipc/lan';

const { call } = ipcTestApp('lan-ipc');
const PORT = 47818;
const start = { game: 'doufu', project: 'doufu', title: { zh: '斗福', en: 'Dou Fu' }, port: PORT, players: 3, remote: [1], spectator: false };
const packet = (seat: number | null) => ({
  game: 'doufu',
  seat,
  step: 0,
  view: { hand: [] },
  legal: [],
  status: { over: false, winners: [], draw: false, scores: [0, 0, 0], toAct: [0] },
  log: [],
  seats: [{ seat: 0, kind: 'human', connected: false, name: { zh: '座位 1', en: 'Seat 1' } }],
  held: false,
});

describe('lan:* channels', () => {
  it('refuse bad payloads with the field at fault, before any handler runs', async () => {
    const bad: [string, unknown, RegExp][] = [
      ['lan:start', { ...start, port: 80 }, /port: use a port from 1024 to 65535/],
      ['lan:start', { ...start, remote: [99] }, /remote\.0/],
      ['lan:start', { ...start, tokens: { seats: ['../../etc'], spectator: null } }, /tokens\.seats\.0: send a link token/],
      ['lan:start', { ...start, extra: true }, /lan:start/],
      ['lan:next', { after: 0, waitMs: LAN_NEXT_MAX_WAIT + 1 }, new RegExp(`wait at most ${LAN_NEXT_MAX_WAIT} ms`)],
      ['lan:publish', { step: 0, seats: [{ ...packet(0), secret: 'x' }], public: null }, /seats\.0/],
      ['lan:publish', { step: -1, seats: [], public: null }, /step/],
      ['lan:refuse', { seat: 0, n: 0, code: 'delete', message: { zh: 'x', en: 'x' } }, /code/],
      ['lan:stop', { now: true }, /lan:stop/],
    ];
    for (const [channel, arg, why] of bad) await expect(call(channel, arg), channel).rejects.toThrow(why);
  });

  it('start, status, publish, next and stop through the handlers, with bilingual errors', async () => {
    expect((await call<LanInfo>('lan:status', null)).running).toBe(false);
    const info = await call<LanInfo>('lan:start', start);
    expect(info).toMatchObject({ running: true, port: PORT, seats: [{ seat: 1, connected: 0 }], spectator: null });
    expect(info.addresses.at(-1)).toBe('127.0.0.1');
    expect(await call('lan:publish', { step: 0, seats: [packet(1)], public: packet(null) })).toEqual({ sent: 0 });
    await expect(call('lan:publish', { step: 0, seats: [{ ...packet(1), game: 'zodiac-race' }], public: null })).rejects.toThrow(/lan\/wrong-game/);
    expect(await call<LanNext>('lan:next', { after: 0, waitMs: 0 })).toMatchObject({ events: [], running: true });
    expect(await call('lan:refuse', { seat: 1, n: 0, code: 'illegal', message: { zh: '不行', en: 'No' } })).toEqual({ sent: false });
    await expect(call('lan:start', { ...start, remote: [], spectator: false })).rejects.toThrow(/lan\/no-seats/);
    expect((await call<LanInfo>('lan:stop', null)).running).toBe(false);
  });
});
