import { describe, expect, it } from 'vitest';
import type { SavedMatchInfo, WindowApi } from '../../../shared/ipc/contract';
import { TableSaves } from './TableSaves.svelte';

const info = (id: string, game: string, problem = false): SavedMatchInfo => ({
  id,
  game,
  seed: 's',
  players: 2,
  moves: 3,
  savedAt: '2026-12-04T00:00:00.000Z',
  over: false,
  scores: [0, 0],
  winners: [],
  ...(problem ? { problem: { code: 'matches/encoding', message: { zh: '坏', en: 'bad' } } } : {}),
});

/** A window API whose list holds saves of both games and two unreadable files. */
function fakeApi(): WindowApi {
  const list = [info('doufu-1', 'doufu'), info('zodiac-race-1', 'zodiac-race'), info('broken', '', true), info('doufu-bad', 'doufu', true)];
  return { MATCHES_LIST: async () => list } as unknown as WindowApi;
}

describe('TableSaves', () => {
  it("lists the saves of its own game, and unreadable files whose game is unknown", async () => {
    const zr = new TableSaves(fakeApi(), 'zodiac-race', 'zodiac-race');
    await zr.refresh();
    expect(zr.list?.map((x) => x.id)).toEqual(['zodiac-race-1', 'broken']);
    const df = new TableSaves(fakeApi(), 'doufu');
    await df.refresh();
    expect(df.list?.map((x) => x.id)).toEqual(['doufu-1', 'broken', 'doufu-bad']);
  });

  it('remembers whether the stashed match was over, so the new-game screen does not call a finished one unfinished', () => {
    const store = new Map<string, string>();
    const ls = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const saved = globalThis.localStorage;
    Object.defineProperty(globalThis, 'localStorage', { value: ls, configurable: true });
    try {
      const rec = { seed: 'z', players: 2, moves: [{ type: 'roll', seat: 0 }] } as unknown as Parameters<TableSaves['stash']>[0];
      new TableSaves(fakeApi(), 'zodiac-race', 'zodiac-race').stash(rec, true);
      expect(new TableSaves(fakeApi(), 'zodiac-race', 'zodiac-race').resumable).toEqual({ seed: 'z', players: 2, moves: 1, over: true });
      new TableSaves(fakeApi(), 'zodiac-race', 'zodiac-race').stash(rec);
      expect(new TableSaves(fakeApi(), 'zodiac-race', 'zodiac-race').resumable?.over).toBe(false);
    } finally {
      Object.defineProperty(globalThis, 'localStorage', { value: saved, configurable: true });
    }
  });
});
