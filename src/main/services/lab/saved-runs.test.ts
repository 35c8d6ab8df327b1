import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_SAVED_FORMAT, LAB_SAVED_FORMAT_VERSION, type LabStatus, type SavedLabRun } from '../../../shared/lab';
import { LAB_RUNS_LIST_LIMIT, LabRunStore } from './saved-runs';
import { LabJob, resolveLabRun } from '.';

const root = mkdtempSync(join(tmpdir(), 'fuqi-lab-runs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A real run's results: 30 races of 生肖赛跑, A/B on paired seeds (heuristic bots: random's rate from the baseline). */
let status: LabStatus;
beforeAll(async () => {
  const r = resolveLabRun({ game: 'zodiac-race', players: 3, bots: 'heuristic', games: 30, seed: 'saved', options: {}, vs: { target_points: 3 }, workers: 1, baseline: true });
  if (!r.ok) throw new Error(r.error.message);
  const job = new LabJob(r.value);
  await job.finished;
  status = job.status();
}, 60_000);

const runOf = (over: Partial<SavedLabRun> = {}): SavedLabRun => ({
  format: LAB_SAVED_FORMAT,
  formatVersion: LAB_SAVED_FORMAT_VERSION,
  id: randomUUID(),
  projectId: 'zodiac-race',
  game: 'zodiac-race',
  savedAt: '2026-12-05T08:00:00.000Z',
  settings: { players: 3, bots: ['heuristic', 'heuristic', 'heuristic'], options: {}, vs: { target_points: 3 }, games: 30, seed: 'saved' },
  status,
  ...over,
});

describe('LabRunStore', () => {
  it('saves a run and opens it exactly as it was (intervals at infinity included), private to the user', () => {
    const store = new LabRunStore(join(root, 'trip'));
    const run = runOf();
    const info = store.save(run);
    expect(info).toMatchObject({ ok: true, value: { id: run.id, ab: true, games: 30, done: 30, state: 'done', seed: 'saved' } });
    const back = store.open('zodiac-race', run.id);
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value).toEqual(run);
    expect(back.value.status.a.coverage.random).toMatchObject({ source: 'baseline', games: 30 });
    const file = join(root, 'trip', 'zodiac-race', `${run.id}.lab-run.json`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, 'trip', 'zodiac-race')).mode & 0o777).toBe(0o700);
    // Nothing but the run file: the temporary file was renamed into place.
    expect(readdirSync(join(root, 'trip', 'zodiac-race'))).toEqual([`${run.id}.lab-run.json`]);
    // Another project's list does not show it, and cannot open it.
    expect(store.list('doufu')).toEqual({ runs: [], more: 0 });
    expect(store.open('doufu', run.id)).toMatchObject({ ok: false, error: { code: 'lab-runs/not-found' } });
  });

  it('keeps ±Infinity interval ends of a paired measure with too few pairs', () => {
    const store = new LabRunStore(join(root, 'inf'));
    const paired = { pairs: 1, measures: [{ key: 'win:0', n: 1, mean: 1, sd: 0, lo: -Infinity, hi: Infinity, a: 0, b: 1, significant: false }] };
    const run = runOf({ status: { ...status, paired } });
    store.save(run);
    const back = store.open('zodiac-race', run.id);
    expect(back.ok && back.value.status.paired!.measures[0]).toMatchObject({ lo: -Infinity, hi: Infinity });
  });

  it('lists corrupt, foreign and newer-format files with their problem, and never opens them', () => {
    const dir = join(root, 'bad');
    const store = new LabRunStore(dir);
    const good = runOf();
    store.save(good);
    const folder = join(dir, 'zodiac-race');
    const [torn, newer, edited, foreign, utf16] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    writeFileSync(join(folder, `${torn}.lab-run.json`), JSON.stringify(runOf({ id: torn })).slice(0, 500));
    writeFileSync(join(folder, `${newer}.lab-run.json`), JSON.stringify({ ...runOf({ id: newer }), formatVersion: 99, somethingNew: true }));
    const e = runOf({ id: edited }) as unknown as { status: { a: { winBySeat: unknown } } };
    e.status = { ...e.status, a: { ...e.status.a, winBySeat: 'lots' } };
    writeFileSync(join(folder, `${edited}.lab-run.json`), JSON.stringify(e));
    writeFileSync(join(folder, `${foreign}.lab-run.json`), JSON.stringify({ format: 'fuqi-match', game: 'doufu' }));
    writeFileSync(join(folder, `${utf16}.lab-run.json`), Buffer.from(`\ufeff${JSON.stringify(runOf({ id: utf16 }))}`, 'utf16le'));
    // Files the store did not name are not listed; a crash's old temporary file is removed, a fresh one left alone.
    const stale = `${good.id}.lab-run.json.${'a'.repeat(32)}.tmp`;
    const fresh = `${good.id}.lab-run.json.${'b'.repeat(32)}.tmp`;
    writeFileSync(join(folder, stale), '{');
    writeFileSync(join(folder, fresh), '{');
    utimesSync(join(folder, stale), new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    writeFileSync(join(folder, 'notes.txt'), 'hello');
    writeFileSync(join(folder, 'x.lab-run.json'), '{}');
    const { runs } = store.list('zodiac-race');
    expect(runs).toHaveLength(6);
    expect(existsSync(join(folder, stale))).toBe(false);
    expect(existsSync(join(folder, fresh))).toBe(true);
    expect(existsSync(join(folder, 'notes.txt'))).toBe(true);
    const by = new Map(runs.map((r) => [r.id, r]));
    expect(by.get(good.id)!.problem).toBeUndefined();
    expect(by.get(torn)!.problem).toMatchObject({ code: 'lab-runs/invalid', message: { zh: /不是有效的 JSON/, en: /not valid JSON/ } });
    expect(by.get(newer)!.problem).toMatchObject({ code: 'lab-runs/newer-format', message: { zh: /更新版本/, en: /newer version of the app \(format 99\)/ } });
    // A newer file still shows what it says about itself.
    expect(by.get(newer)).toMatchObject({ games: 30, seed: 'saved', game: 'zodiac-race' });
    expect(by.get(edited)!.problem).toMatchObject({ message: { en: /"status\.a\.winBySeat" is invalid/ } });
    expect(by.get(foreign)!.problem).toMatchObject({ message: { en: /not a saved balance run/ } });
    expect(by.get(utf16)!.problem).toMatchObject({ code: 'matches/encoding', message: { en: /UTF-16/ } });
    for (const id of [torn, newer, edited, foreign, utf16]) expect(store.open('zodiac-race', id)).toMatchObject({ ok: false, error: { details: { message: { zh: expect.any(String) } } } });
    // They can be deleted (removing a damaged run from the list); renaming leaves them alone.
    expect(store.rename('zodiac-race', newer, 'x')).toMatchObject({ ok: false, error: { code: 'lab-runs/not-a-run' } });
    expect(JSON.parse(readFileSync(join(folder, `${newer}.lab-run.json`), 'utf8')).somethingNew).toBe(true);
    expect(store.delete('zodiac-race', torn)).toMatchObject({ ok: true });
    expect(store.list('zodiac-race').runs).toHaveLength(5);
  });

  it('a file whose id or project was changed is refused; links and folders are never read', () => {
    const dir = join(root, 'moved');
    const store = new LabRunStore(dir);
    const run = runOf();
    store.save(run);
    const other = randomUUID();
    const folder = join(dir, 'zodiac-race');
    writeFileSync(join(folder, `${other}.lab-run.json`), readFileSync(join(folder, `${run.id}.lab-run.json`)));
    expect(store.open('zodiac-race', other)).toMatchObject({ ok: false, error: { message: /does not match its file name/ } });
    const linked = randomUUID();
    symlinkSync(join(folder, `${run.id}.lab-run.json`), join(folder, `${linked}.lab-run.json`));
    expect(store.open('zodiac-race', linked)).toMatchObject({ ok: false, error: { code: 'lab-runs/not-found' } });
    mkdirSync(join(folder, `${randomUUID()}.lab-run.json`));
    expect(store.list('zodiac-race').runs.filter((r) => !r.problem).map((r) => r.id)).toEqual([run.id]);
    expect(store.delete('zodiac-race', linked)).toMatchObject({ ok: false });
    expect(store.open('../etc', run.id)).toMatchObject({ ok: false, error: { code: 'lab-runs/not-found' } });
  });

  it('renames (the date stays, a cleaned name, too long refused) and deletes', () => {
    const store = new LabRunStore(join(root, 'names'));
    const run = runOf();
    store.save(run);
    expect(store.rename('zodiac-race', run.id, '  涅槃 ×3\n试验 ')).toMatchObject({ ok: true, value: { name: '涅槃 ×3 试验' } });
    expect(store.list('zodiac-race').runs[0]).toMatchObject({ name: '涅槃 ×3 试验', savedAt: run.savedAt });
    expect(store.rename('zodiac-race', run.id, 'x'.repeat(81))).toMatchObject({ ok: false, error: { details: { message: { zh: expect.any(String) } } } });
    expect(store.rename('zodiac-race', run.id, '')).toMatchObject({ ok: true });
    expect(store.open('zodiac-race', run.id)).toMatchObject({ ok: true, value: { id: run.id } });
    expect((store.open('zodiac-race', run.id) as { value: SavedLabRun }).value.name).toBeUndefined();
    expect(store.delete('zodiac-race', run.id)).toEqual({ ok: true, value: { id: run.id } });
    expect(store.list('zodiac-race').runs).toEqual([]);
    expect(store.delete('zodiac-race', run.id)).toMatchObject({ ok: false, error: { code: 'lab-runs/not-found', details: { message: { zh: /没有这个保存的测试/ } } } });
  });

  it('lists many runs newest first, up to the limit, and says how many more there are', () => {
    const store = new LabRunStore(join(root, 'many'));
    const n = LAB_RUNS_LIST_LIMIT + 20;
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    const small = { ...status, b: undefined, paired: undefined };
    delete small.b;
    delete small.paired;
    for (let i = 0; i < n; i++) store.save(runOf({ savedAt: new Date(t0 + i * 60_000).toISOString(), status: small }));
    const { runs, more } = store.list('zodiac-race');
    expect(runs).toHaveLength(LAB_RUNS_LIST_LIMIT);
    expect(more).toBe(20);
    expect(runs[0]!.savedAt).toBe(new Date(t0 + (n - 1) * 60_000).toISOString());
    expect([...runs].sort((a, b) => b.savedAt.localeCompare(a.savedAt))).toEqual(runs);
    expect(runs[0]).toMatchObject({ ab: false, shift: null, seat0: { verdict: expect.any(String) } });
    // A second listing is answered from the cache of unchanged files, with the same result.
    expect(store.list('zodiac-race')).toEqual({ runs, more });
  });
});
