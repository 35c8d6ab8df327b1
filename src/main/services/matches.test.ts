import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Match, randomBot } from '../../shared/engine';
import { Rng, seedRng } from '../../shared/util/rng';
import { MatchStore } from './matches';
import { doufu } from '../../shared/games/doufu';
import type { MatchFile } from '../../shared/ipc/contract';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fuqi-saves-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A 2-player 斗福 match played `n` moves by random bots, as the table would send it. */
function played(n: number, seed = 'save-test'): MatchFile {
  const m = Match.create(doufu, { seed, players: 2, options: doufu.defaultOptions });
  const rng = new Rng(seedRng(seed));
  for (let i = 0; i < n && !m.status().over; i++) {
    const seat = m.status().toAct[0]!;
    const r = m.apply(randomBot({ legal: doufu.legalMoves(m.state, seat), rng }));
    if (!r.ok) throw new Error(r.message.en);
  }
  return { ...(m.record() as MatchFile), table: { seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }] } };
}

const at = (iso: string) => () => new Date(iso);

describe('MatchStore', () => {
  it('saves under a name main chooses, lists it and loads the same record back', () => {
    const store = new MatchStore(join(dir, 'saves'), undefined, at('2026-03-04T05:06:07'));
    const file = played(40);
    const r = store.save(file);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.id).toBe('doufu-20260304-050607');
    expect(readdirSync(join(dir, 'saves'))).toEqual(['doufu-20260304-050607.fuqi.json']);
    expect(r.value).toMatchObject({ game: 'doufu', seed: 'save-test', players: 2, moves: 40, over: false, seats: file.table!.seats });

    const list = store.list();
    expect(list.map((x) => x.id)).toEqual([r.value.id]);
    expect(list[0]!.problem).toBeUndefined();

    const loaded = store.load(r.value.id);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.match.moves).toEqual(file.moves);
    expect(loaded.value.match.seed).toBe('save-test');
    expect(loaded.value.match.table).toEqual(file.table);
    expect(loaded.value.info.moves).toBe(40);
  });

  it('keeps a playtest\'s project and notes with the save, through save, load and rename', () => {
    const store = new MatchStore(dir, undefined, at('2026-03-04T05:06:07'));
    const notes = [{ step: 3, at: 1_780_000_000_000, text: '发牌太多 too many cards' }];
    const file: MatchFile = { ...played(6), table: { seats: [{ kind: 'human' }, { kind: 'human' }], project: 'u-beasts', notes } };
    const r = store.save(file);
    if (!r.ok) throw new Error(r.error.message);
    const loaded = store.load(r.value.id);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.match.table).toEqual({ seats: file.table!.seats, project: 'u-beasts', notes });
    expect(loaded.value.info.project).toBe('u-beasts');
    expect(store.list()[0]!.project).toBe('u-beasts');
    expect(store.rename(r.value.id, 'first try').ok).toBe(true);
    const again = store.load(r.value.id);
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.match.table).toEqual({ seats: file.table!.seats, name: 'first try', project: 'u-beasts', notes });
  });

  it('a second save in the same second gets its own file; replaces overwrites its own save', () => {
    const store = new MatchStore(dir, undefined, at('2026-03-04T05:06:07'));
    const a = store.save(played(10));
    const b = store.save(played(12));
    expect(a.ok && b.ok && [a.value.id, b.value.id]).toEqual(['doufu-20260304-050607', 'doufu-20260304-050607-2']);
    const c = store.save(played(20), 'doufu-20260304-050607');
    expect(c.ok && c.value.id).toBe('doufu-20260304-050607');
    expect(readdirSync(dir).sort()).toEqual(['doufu-20260304-050607-2.fuqi.json', 'doufu-20260304-050607.fuqi.json']);
    const again = store.load('doufu-20260304-050607');
    expect(again.ok && again.value.info.moves).toBe(20);
    // An id that does not exist is not a file name the renderer may pick: a fresh name is used.
    const d = store.save(played(5), 'doufu-19990101-000000');
    expect(d.ok && d.value.id).toBe('doufu-20260304-050607-3');
  });

  it('refuses to write a record that does not replay', () => {
    const store = new MatchStore(dir);
    const file = played(30);
    file.moves[5] = { type: 'draw', seat: 1 - file.moves[5]!.seat };
    const r = store.save(file);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('match/bad-moves');
    expect(!r.ok && (r.error.details as { message: { zh: string; en: string } }).message.zh).toMatch(/第 6 步/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses corrupt, edited, foreign and unknown files with a clear message, and lists them as such', () => {
    const store = new MatchStore(dir, undefined, at('2026-01-01T00:00:00'));
    const saved = store.save(played(30));
    if (!saved.ok) throw new Error(saved.error.message);
    const good = readFileSync(join(dir, `${saved.value.id}.fuqi.json`), 'utf8');
    const cases: [string, string, RegExp][] = [
      ['doufu-broken', good.slice(0, 200), /not valid JSON/],
      ['doufu-edited', good.replace(/"seed": "save-test"/, '"seed": "other"'), /does not replay|damaged|edited/],
      ['doufu-newer', good.replace(/"formatVersion": 1/, '"formatVersion": 99'), /newer version/],
      ['doufu-notes', '{"hello": "world"}', /not a saved match/],
      ['other-game', good.replace(/"game": "doufu"/, '"game": "go-fish"'), /a game this app does not have/],
      // A game the app has (生肖赛跑), but a 斗福 record relabelled: its rules version gives it away.
      ['race-game', good.replace(/"game": "doufu"/, '"game": "zodiac-race"'), /rules version doufu-1/],
    ];
    for (const [id, text] of cases) writeFileSync(join(dir, `${id}.fuqi.json`), text);
    for (const [id, , why] of cases) {
      const r = store.load(id);
      expect(r.ok, id).toBe(false);
      expect(!r.ok && r.error.message, id).toMatch(why);
      const zh = !r.ok && (r.error.details as { message: { zh: string } }).message.zh;
      expect(zh, id).toMatch(/[\u4e00-\u9fff]/);
    }
    const list = store.list();
    expect(list).toHaveLength(cases.length + 1);
    expect(list.filter((x) => x.problem).map((x) => x.id).sort()).toEqual(cases.map(([id]) => id).sort());
    expect(list.find((x) => x.id === 'doufu-edited')).toMatchObject({ game: 'doufu', seed: 'other', moves: 30 });
  });

  it('loads only ids it could have made, never a path', () => {
    const store = new MatchStore(dir);
    for (const id of ['../etc/passwd', 'x/../../y', '', 'nope']) {
      const r = store.load(id);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error.code).toBe('matches/not-found');
    }
  });

  it('a finished match is listed as over with its winners', () => {
    const store = new MatchStore(dir);
    const r = store.save(played(100_000, 'to-the-end'));
    expect(r.ok && r.value.over).toBe(true);
    expect(r.ok && r.value.winners.length).toBeGreaterThan(0);
    expect(store.list()[0]!.over).toBe(true);
  });

  it('checks the whole file on load: a bad seat, a seat too many or an extra field is refused naming the file', () => {
    const store = new MatchStore(dir);
    const saved = store.save(played(12));
    if (!saved.ok) throw new Error(saved.error.message);
    const good = JSON.parse(readFileSync(join(dir, `${saved.value.id}.fuqi.json`), 'utf8')) as MatchFile;
    const cases: [string, unknown, RegExp][] = [
      ['doufu-null-seat', { ...good, table: { seats: [null, { kind: 'human' }] } }, /"table\.seats\[0\]" is invalid/],
      ['doufu-alien-seat', { ...good, table: { seats: [{ kind: 'human' }, { kind: 'alien' }] } }, /"table\.seats\[1\]\.kind" is invalid/],
      ['doufu-three-seats', { ...good, table: { seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }] } }, /3 seats for 2 players/],
      ['doufu-extra-key', { ...good, notes: 'hi' }, /Unrecognized key: "notes"/],
      ['doufu-seats-string', { ...good, table: { seats: 'all' } }, /"table\.seats" is invalid/],
    ];
    for (const [id, data] of cases) writeFileSync(join(dir, `${id}.fuqi.json`), JSON.stringify(data));
    for (const [id, , why] of cases) {
      const r = store.load(id);
      expect(r.ok, id).toBe(false);
      expect(!r.ok && r.error.code, id).toBe('matches/invalid');
      expect(!r.ok && r.error.message, id).toMatch(why);
      expect(!r.ok && r.error.message, id).toContain(`${id}.fuqi.json`);
      expect(!r.ok && (r.error.details as { message: { zh: string } }).message.zh, id).toContain(`${id}.fuqi.json`);
    }
    const listed = store.list();
    expect(listed.filter((x) => x.problem?.code === 'matches/invalid').map((x) => x.id).sort()).toEqual(cases.map(([id]) => id).sort());
  });

  it('returns the record as the engine rebuilt it, not the raw JSON', () => {
    const store = new MatchStore(dir);
    const file = played(8);
    // Options left to their defaults and a stray level on a person's seat: valid, but not normal.
    writeFileSync(join(dir, 'doufu-terse.fuqi.json'), JSON.stringify({ ...file, options: {}, table: { seats: [{ kind: 'human', level: 'heuristic' }, { kind: 'bot', level: 'random' }] } }));
    const r = store.load('doufu-terse');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.match.options).toEqual(file.options);
    expect(r.value.match.table).toEqual({ seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }] });
    expect(r.value.match.moves).toEqual(file.moves);
  });

  it('reads a UTF-8 file with a byte-order mark; refuses UTF-16 and invalid UTF-8 saying to save as UTF-8', () => {
    const store = new MatchStore(dir);
    const text = JSON.stringify(played(6));
    writeFileSync(join(dir, 'doufu-bom.fuqi.json'), '\uFEFF' + text);
    writeFileSync(join(dir, 'doufu-utf16.fuqi.json'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    writeFileSync(join(dir, 'doufu-utf16-nobom.fuqi.json'), Buffer.from(text, 'utf16le'));
    writeFileSync(join(dir, 'doufu-latin1.fuqi.json'), Buffer.from(text.replace('"save-test"', '"sav\u00e9"'), 'latin1'));
    const bom = store.load('doufu-bom');
    expect(bom.ok && bom.value.info.moves).toBe(6);
    for (const id of ['doufu-utf16', 'doufu-utf16-nobom', 'doufu-latin1']) {
      const r = store.load(id);
      expect(!r.ok && r.error.code, id).toBe('matches/encoding');
      expect(!r.ok && r.error.message, id).toMatch(/save the file as UTF-8/);
      expect(!r.ok && r.error.message, id).toContain(`${id}.fuqi.json`);
    }
  });

  it('a folder or a link where a save should be is refused, never a crash', () => {
    const store = new MatchStore(dir);
    mkdirSync(join(dir, 'doufu-folder.fuqi.json'));
    writeFileSync(join(dir, 'elsewhere.json'), JSON.stringify(played(3)));
    symlinkSync(join(dir, 'elsewhere.json'), join(dir, 'doufu-link.fuqi.json'));
    for (const id of ['doufu-folder', 'doufu-link']) {
      const r = store.load(id);
      expect(!r.ok && r.error.code, id).toBe('matches/unreadable');
      expect(!r.ok && r.error.message, id).toContain(`${id}.fuqi.json`);
    }
    expect(store.list().map((x) => [x.id, x.problem?.code])).toEqual(expect.arrayContaining([['doufu-folder', 'matches/unreadable'], ['doufu-link', 'matches/unreadable']]));
  });

  it('writes through a random temporary name: a planted link is not followed, the folder and file are private', () => {
    const saves = join(dir, 'saves');
    const store = new MatchStore(saves, undefined, at('2026-03-04T05:06:07'));
    mkdirSync(saves);
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'keep me');
    // The name the old writer would have used for this save.
    symlinkSync(victim, join(saves, `doufu-20260304-050607.fuqi.json.${process.pid}.tmp`));
    const r = store.save(played(4));
    if (!r.ok) throw new Error(r.error.message);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    expect(readdirSync(saves).filter((n) => n.endsWith('.tmp') && !lstatSync(join(saves, n)).isSymbolicLink())).toEqual([]);
    if (process.platform !== 'win32') {
      expect(statSync(join(saves, `${r.value.id}.fuqi.json`)).mode & 0o777).toBe(0o600);
      const fresh = join(dir, 'fresh', 'saves');
      expect(new MatchStore(fresh).save(played(2)).ok).toBe(true);
      expect(statSync(fresh).mode & 0o777).toBe(0o700);
    }
  });

  it('on start, removes only the leftover temporary files of saves: old regular files, never links, folders or other files', () => {
    const old = new Date(Date.now() - 10 * 60_000);
    const hex = 'a'.repeat(32);
    const leftovers = [`doufu-20260101-000000.fuqi.json.${hex}.tmp`, 'doufu-20260101-000000.fuqi.json.12345.tmp'];
    const kept = ['notes.tmp', `doufu-x.fuqi.json.${hex}.tmp.bak`, 'doufu-x.fuqi.json', `young.fuqi.json.${'b'.repeat(32)}.tmp`];
    for (const n of [...leftovers, ...kept]) writeFileSync(join(dir, n), 'x');
    for (const n of [...leftovers, ...kept.slice(0, 3)]) utimesSync(join(dir, n), old, old);
    const outside = join(dir, 'outside.txt');
    writeFileSync(outside, 'keep');
    const link = `doufu-link.fuqi.json.${'c'.repeat(32)}.tmp`;
    symlinkSync(outside, join(dir, link));
    const folder = `doufu-folder.fuqi.json.${'d'.repeat(32)}.tmp`;
    mkdirSync(join(dir, folder));
    utimesSync(join(dir, folder), old, old);
    new MatchStore(dir);
    for (const n of leftovers) expect(existsSync(join(dir, n)), n).toBe(false);
    for (const n of [...kept, link, folder, 'outside.txt']) expect(lstatSync(join(dir, n)), n).toBeTruthy();
    expect(readFileSync(outside, 'utf8')).toBe('keep');
  });
});

describe('MatchStore: renaming and deleting saves', () => {
  it('names a save, keeps its date, lists and loads the name; an empty name removes it; a later save of the same table keeps it', () => {
    const store = new MatchStore(join(dir, 'saves'), undefined, at('2026-03-04T05:06:07'));
    const saved = store.save(played(30));
    if (!saved.ok) throw new Error(saved.error.message);
    const path = join(dir, 'saves', `${saved.value.id}.fuqi.json`);
    utimesSync(path, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
    const before = store.list()[0]!;

    const r = store.rename(saved.value.id, '  周五\u202e 晚上\n\t的  对局 ');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.name).toBe('周五 晚上 的 对局');
    expect(r.value.savedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(statSync(path).mtime.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    // The listing sees the new name at once although the date did not move (its cache is dropped).
    expect(store.list()[0]).toMatchObject({ id: before.id, name: '周五 晚上 的 对局', savedAt: before.savedAt });
    const loaded = store.load(saved.value.id);
    expect(loaded.ok && loaded.value.match.table).toEqual({ seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }], name: '周五 晚上 的 对局' });
    expect(readdirSync(join(dir, 'saves'))).toEqual([`${saved.value.id}.fuqi.json`]); // no temporary file left

    const again = store.save(played(35), saved.value.id);
    expect(again.ok && again.value).toMatchObject({ id: saved.value.id, name: '周五 晚上 的 对局', moves: 35 });

    const cleared = store.rename(saved.value.id, ' \u200b ');
    expect(cleared.ok && cleared.value.name).toBeUndefined();
    expect(JSON.parse(readFileSync(path, 'utf8')).table).toEqual({ seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }] });
  });

  it('refuses a name that is too long, and a file that is not a sound save, leaving it unchanged', () => {
    const store = new MatchStore(join(dir, 'saves'), undefined, at('2026-03-04T05:06:07'));
    const saved = store.save(played(10));
    if (!saved.ok) throw new Error(saved.error.message);
    const long = store.rename(saved.value.id, '福'.repeat(81));
    expect(long).toMatchObject({ ok: false, error: { code: 'matches/invalid', details: { message: { zh: expect.stringContaining('最多 80 个'), en: 'The name has 81 characters; use at most 80.' } } } });
    expect(store.rename(saved.value.id, '福'.repeat(80)).ok).toBe(true);

    const broken = join(dir, 'saves', 'doufu-broken.fuqi.json');
    writeFileSync(broken, '{"format":"fuqi-match","game":"doufu","moves":[{"type":"nonsense","seat":0}]}');
    const text = readFileSync(broken, 'utf8');
    const r = store.rename('doufu-broken', 'x');
    expect(r).toMatchObject({ ok: false, error: { code: 'matches/not-a-save' } });
    expect(readFileSync(broken, 'utf8')).toBe(text);
    expect(store.rename('doufu-missing', 'x')).toMatchObject({ ok: false, error: { code: 'matches/not-found' } });
    expect(store.rename('../etc', 'x')).toMatchObject({ ok: false, error: { code: 'matches/not-found' } });
  });

  it('deletes a save (even one this version cannot replay) and nothing else: links, folders and other JSON stay', () => {
    const saves = join(dir, 'saves');
    const store = new MatchStore(saves, undefined, at('2026-03-04T05:06:07'));
    const saved = store.save(played(10));
    if (!saved.ok) throw new Error(saved.error.message);
    expect(store.list().map((x) => x.id)).toEqual([saved.value.id]);
    expect(store.delete(saved.value.id)).toEqual({ ok: true, value: { id: saved.value.id } });
    expect(existsSync(join(saves, `${saved.value.id}.fuqi.json`))).toBe(false);
    expect(store.list()).toEqual([]);
    expect(store.delete(saved.value.id)).toMatchObject({ ok: false, error: { code: 'matches/not-found' } });

    writeFileSync(join(saves, 'doufu-newer.fuqi.json'), JSON.stringify({ ...played(5), formatVersion: 99 }));
    expect(store.delete('doufu-newer').ok).toBe(true);

    const outside = join(dir, 'precious.json');
    writeFileSync(outside, JSON.stringify(played(5)));
    symlinkSync(outside, join(saves, 'doufu-link.fuqi.json'));
    mkdirSync(join(saves, 'doufu-folder.fuqi.json'));
    writeFileSync(join(saves, 'doufu-notes.fuqi.json'), '{"my":"notes"}');
    writeFileSync(join(saves, 'doufu-text.fuqi.json'), 'not json at all');
    for (const id of ['doufu-link', 'doufu-folder', 'doufu-notes', 'doufu-text']) expect(store.delete(id), id).toMatchObject({ ok: false, error: { code: 'matches/not-a-save' } });
    expect(existsSync(outside) && lstatSync(join(saves, 'doufu-link.fuqi.json')).isSymbolicLink()).toBe(true);
    expect(readdirSync(saves).sort()).toEqual(['doufu-folder.fuqi.json', 'doufu-link.fuqi.json', 'doufu-notes.fuqi.json', 'doufu-text.fuqi.json']);
  });
});
