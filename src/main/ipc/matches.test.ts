import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Match } from '../../shared/engine';
import { doufu } from '../../shared/games/doufu';
import { zodiacRace } from '../../shared/games/zodiac-race';
import type { LoadedMatch, MatchFile, SavedMatchInfo } from '../../shared/ipc/contract';
import { createServices } from '../services';
import { savesDir } from '../services/paths';
import { createHandlers } from './index';
import { dispatch } from './registry';

const root = mkdtempSync(join(tmpdir(), 'fuqi-ipc-matches-'));
const exportDir = join(root, 'exports');
const services = createServices({ mode: 'browser', exportDir });
const handlers = createHandlers(services, () => false);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A few moves of a 2-player match, always taking the first legal move. */
function record(moves: number): MatchFile {
  const m = Match.create(doufu, { seed: 'ipc', players: 2, options: doufu.defaultOptions });
  for (let i = 0; i < moves; i++) m.apply(doufu.legalMoves(m.state, m.status().toAct[0]!)[0]!);
  return { ...(m.record() as MatchFile), table: { seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }] } };
}

describe('matches:* handlers', () => {
  it('the saves folder sits beside the export folder unless FUQI_SAVES_DIR says otherwise', () => {
    expect(services.savesDir).toBe(join(root, 'saves'));
    const before = process.env.FUQI_SAVES_DIR;
    process.env.FUQI_SAVES_DIR = join(root, 'elsewhere');
    try {
      expect(savesDir(exportDir)).toBe(join(root, 'elsewhere'));
    } finally {
      if (before === undefined) delete process.env.FUQI_SAVES_DIR;
      else process.env.FUQI_SAVES_DIR = before;
    }
  });

  it('save → list → load round-trips a match', async () => {
    const file = record(25);
    const saved = await dispatch(handlers, 'matches:save', { match: file });
    if (!saved.ok) throw new Error(saved.error.message);
    const info = saved.value as SavedMatchInfo;
    expect(info.id).toMatch(/^doufu-\d{8}-\d{6}$/);
    expect(readdirSync(join(root, 'saves'))).toEqual([`${info.id}.fuqi.json`]);

    const list = await dispatch(handlers, 'matches:list', null);
    expect(list.ok && (list.value as SavedMatchInfo[]).map((x) => x.id)).toEqual([info.id]);

    const loaded = await dispatch(handlers, 'matches:load', { id: info.id });
    if (!loaded.ok) throw new Error(loaded.error.message);
    const v = loaded.value as LoadedMatch;
    expect(v.match.moves).toEqual(file.moves);
    expect(v.match.table).toEqual(file.table);
    expect(v.info).toMatchObject({ id: info.id, moves: 25, players: 2, over: false });
  });

  it('refuses paths, unknown fields and malformed records before any handler runs', async () => {
    for (const id of ['../../etc/passwd', 'a/b', 'A-B', '.hidden'])
      expect(await dispatch(handlers, 'matches:load', { id })).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
    expect(await dispatch(handlers, 'matches:save', { match: record(1), path: '/tmp/x.json' })).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
    expect(await dispatch(handlers, 'matches:save', { match: { ...record(1), format: 'other' } })).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
    expect(await dispatch(handlers, 'matches:save', { match: record(1), replaces: '../x' })).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
  });

  it('answers a corrupt file with the engine code and the reason in both languages', async () => {
    writeFileSync(join(root, 'saves', 'doufu-corrupt.fuqi.json'), '{"format":"fuqi-match",');
    const r = await dispatch(handlers, 'matches:load', { id: 'doufu-corrupt' });
    expect(r).toMatchObject({ ok: false, error: { code: 'match/corrupt' } });
    const details = !r.ok ? (r.error.details as { message: { zh: string; en: string } }) : null;
    expect(details?.message.en).toMatch(/not valid JSON/);
    expect(details?.message.zh).toMatch(/JSON/);
    expect(await dispatch(handlers, 'matches:load', { id: 'doufu-missing' })).toMatchObject({ ok: false, error: { code: 'matches/not-found' } });
  });

  it('saves, lists and loads a 生肖赛跑 race by its game id, and refuses an edited one with its engine\'s reason', async () => {
    const m = Match.create(zodiacRace, { seed: 'ipc-zr', players: 3, options: { ...zodiacRace.defaultOptions, target_points: 2 } });
    for (let i = 0; i < 40; i++) m.apply(zodiacRace.legalMoves(m.state, m.status().toAct[0]!)[0]!);
    const file: MatchFile = { ...(m.record() as MatchFile), table: { seats: [{ kind: 'human' }, { kind: 'bot', level: 'search' }, { kind: 'bot', level: 'random' }] } };
    const saved = await dispatch(handlers, 'matches:save', { match: file });
    if (!saved.ok) throw new Error(saved.error.message);
    const info = saved.value as SavedMatchInfo;
    expect(info).toMatchObject({ game: 'zodiac-race', players: 3, moves: 40 });
    expect(info.id).toMatch(/^zodiac-race-\d{8}-\d{6}$/);
    const list = await dispatch(handlers, 'matches:list', null);
    expect(list.ok && (list.value as SavedMatchInfo[]).find((x) => x.id === info.id)?.game).toBe('zodiac-race');
    const loaded = await dispatch(handlers, 'matches:load', { id: info.id });
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect((loaded.value as LoadedMatch).match).toMatchObject({ game: 'zodiac-race', options: { target_points: 2 }, moves: file.moves, table: file.table });

    // A move nobody could make (seat 3 rolls in seat 1's turn): the engine refuses the file, in both languages.
    const edited = { ...file, moves: [...file.moves, { type: 'roll', seat: 2 }, { type: 'roll', seat: 2 }] };
    const r = await dispatch(handlers, 'matches:save', { match: edited });
    expect(r.ok).toBe(false);
    const details = !r.ok ? (r.error.details as { message: { zh: string; en: string } }) : null;
    expect(details?.message.en.length).toBeGreaterThan(0);
    expect(details?.message.zh.length).toBeGreaterThan(0);
    // Bad rule options too (a record of this game, checked by its own option parser).
    const badOptions = await dispatch(handlers, 'matches:save', { match: { ...file, options: { ...zodiacRace.defaultOptions, star_spacing: 5 } } });
    expect(badOptions.ok).toBe(false);
  });

  it('matches:rename and matches:delete name a save only by its id, and check the name', async () => {
    const saved = await dispatch(handlers, 'matches:save', { match: record(12) });
    if (!saved.ok) throw new Error(saved.error.message);
    const id = (saved.value as SavedMatchInfo).id;
    const renamed = await dispatch(handlers, 'matches:rename', { id, name: 'Friday night' });
    expect(renamed.ok && (renamed.value as SavedMatchInfo).name).toBe('Friday night');
    for (const bad of [{ id: '../x', name: 'a' }, { id, name: 5 }, { id, name: 'x'.repeat(401) }, { id, name: 'a', extra: 1 }, { id }])
      expect(await dispatch(handlers, 'matches:rename', bad), JSON.stringify(bad).slice(0, 60)).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
    for (const bad of [{ id: 'a/b' }, { id: 'A' }, null, { id, more: true }]) expect(await dispatch(handlers, 'matches:delete', bad)).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
    expect(await dispatch(handlers, 'matches:delete', { id })).toEqual({ ok: true, value: { id } });
    const list = await dispatch(handlers, 'matches:list', null);
    expect(list.ok && (list.value as SavedMatchInfo[]).some((x) => x.id === id)).toBe(false);
  });
});
