import { describe, expect, it } from 'vitest';
import type { MatchFile, SavedMatchInfo, WindowApi } from '../../../shared/ipc/contract';
import { CountTable } from '../features/table-kit/toy-game.svelte';

/** A window API that keeps saves in memory, as main would (it stores the record and lists it). */
function memoryApi(): WindowApi {
  const saves = new Map<string, MatchFile>();
  const info = (id: string, m: MatchFile): SavedMatchInfo =>
    ({ id, game: 'count-to-ten', seed: m.seed, players: m.players, moves: m.moves.length, savedAt: '2026-12-05T00:00:00.000Z', over: false, scores: [], winners: [] }) as SavedMatchInfo;
  return {
    MATCHES_LIST: async () => [...saves].map(([id, m]) => info(id, m)),
    MATCHES_SAVE: async ({ match, replaces }: { match: MatchFile; replaces?: string }) => {
      const id = replaces ?? `save-${saves.size + 1}`;
      saves.set(id, structuredClone(match));
      return info(id, match);
    },
    MATCHES_LOAD: async ({ id }: { id: string }) => ({ info: info(id, saves.get(id)!), match: structuredClone(saves.get(id)!) }),
  } as unknown as WindowApi;
}

/** A table of the toy game in the kit's README, started with two people. */
function started(): CountTable {
  const t = new CountTable('count', memoryApi());
  t.start();
  return t;
}

describe('TableShell (the table kit) with the README’s toy game', () => {
  it('hands the screen between two people through the curtain, and logs each move in the game’s words', () => {
    const t = started();
    expect(t.screen).toBe('play');
    expect(t.curtain).toBe(0);
    expect(t.shownSeat).toBeNull();
    expect(t.legal).toEqual([]);
    t.lift();
    expect(t.viewer).toBe(0);
    expect(t.legal.map((m) => m.by)).toEqual([1, 2]);
    t.act({ type: 'add', seat: 0, by: 2 });
    expect(t.curtain).toBe(1);
    expect(t.log.map((l) => l.text.en)).toEqual(['Seat 1 adds 2: 2']);
    t.lift();
    expect(t.since?.seat).toBe(1);
  });

  it('refuses an illegal move with the engine’s reason, and undoes as the policy says', () => {
    const t = started();
    t.lift();
    t.act({ type: 'add', seat: 1, by: 1 });
    expect(t.notice).toEqual({ text: { zh: '还没轮到你。', en: 'It is not your turn.' }, tone: 'error' });
    t.act({ type: 'add', seat: 0, by: 1 });
    t.lift();
    t.act({ type: 'add', seat: 1, by: 1 });
    expect(t.length).toBe(2);
    t.setUndoPolicy('designer');
    t.undo();
    expect(t.length).toBe(1);
    // Seat 2's decision again: the curtain waits for them (and clears the last person's notes).
    expect(t.curtain).toBe(1);
    t.lift();
    expect(t.legal).toHaveLength(2);
  });

  it('saves, loads and replays a match, and plays it to its end', async () => {
    const t = started();
    for (let i = 0; i < 5; i++) {
      t.lift();
      t.act({ type: 'add', seat: t.deciding!, by: 2 });
    }
    expect(t.status?.over).toBe(true);
    expect(t.status?.winners).toEqual([0]);
    await t.save();
    expect(t.saveId).toBe('save-1');
    t.leave();
    expect(t.screen).toBe('setup');
    t.start();
    expect(t.length).toBe(0);
    expect(await t.load('save-1', true)).toBe(true);
    expect(t.length).toBe(5);
    expect(t.replay.step).toBe(0);
    t.replay.step = 3;
    expect(t.view?.count).toBe(6);
    expect(t.log).toHaveLength(3);
  });
});
