import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IpcChannel } from '../../shared/ipc/contract';
import type { LabStatus, SavedLabRun, SavedLabRunInfo } from '../../shared/lab';
import { createServices, type Services } from '../services';
import { createHandlers } from './index';
import { dispatch } from './registry';

const dir = mkdtempSync(join(tmpdir(), 'fuqi-lab-runs-ipc-'));
const open: Services[] = [];
/** The app's services on the run's folders (a second call is the app started again). */
function app() {
  const services = createServices({ mode: 'browser', exportDir: join(dir, 'exports'), projectsDir: join(dir, 'projects'), savesDir: join(dir, 'saves'), labRunsDir: join(dir, 'runs'), workers: { size: 1 } });
  open.push(services);
  const handlers = createHandlers(services, () => false);
  return async <T>(channel: string, arg: unknown): Promise<T> => {
    const env = await dispatch(handlers, channel, arg);
    if (!env.ok) throw Object.assign(new Error(env.error.message), { code: env.error.code, details: env.error.details });
    return env.value as T;
  };
}
afterAll(async () => {
  for (const s of open) {
    await s.lab.close();
    await s.workers.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

async function finish(call: ReturnType<typeof app>, runId: string): Promise<LabStatus> {
  for (;;) {
    const st = await call<LabStatus>(IpcChannel.LAB_STATUS, { runId });
    if (st.state !== 'running') return st;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The numbers of a run (its timing differs from one run to the next). */
const results = (st: LabStatus) => ({ state: st.state, done: st.done, games: st.games, a: st.a, b: st.b, paired: st.paired, warnings: st.warnings });

describe('saved balance runs over IPC', () => {
  const call = app();
  const arg = { projectId: 'zodiac-race', players: 3, bots: ['heuristic', 'heuristic', 'heuristic'], options: {}, vs: { target_points: 3 }, games: 40, seed: 'again', rotate: true };
  let first: LabStatus;
  let saved: SavedLabRun;

  it('saves every finished run with its settings, listed with its headline numbers', async () => {
    const { runId } = await call<{ runId: string }>(IpcChannel.LAB_START, arg);
    first = await finish(call, runId);
    expect(first.state).toBe('done');
    const { runs } = await call<{ runs: SavedLabRunInfo[] }>(IpcChannel.LAB_RUNS_LIST, { projectId: 'zodiac-race' });
    expect(runs[0]).toMatchObject({ id: runId, state: 'done', done: 40, games: 40, ab: true, players: 3, seed: 'again', seat0: { rate: first.a.firstPlayer.seat0.rate }, shift: { seat: expect.any(Number) } });
    saved = await call<SavedLabRun>(IpcChannel.LAB_RUNS_OPEN, { projectId: 'zodiac-race', id: runId });
    // The saved results are the run's, exactly; the settings are what was asked.
    expect(saved.status).toEqual(first);
    expect(saved.settings).toEqual({ players: 3, bots: arg.bots, options: {}, vs: { target_points: 3 }, games: 40, seed: 'again', rotate: true });
    expect(saved.rulesVersion).toEqual(expect.any(String));
    // Heuristic bots only: random's column comes from an extra all-random run on the same seeds.
    expect(saved.status.a.coverage.random).toMatchObject({ source: 'baseline', games: 40 });
  }, 120_000);

  it('re-running a saved run\'s settings gives the identical result', async () => {
    const { runId } = await call<{ runId: string }>(IpcChannel.LAB_START, { projectId: 'zodiac-race', ...saved.settings });
    const again = await finish(call, runId);
    expect(results(again)).toEqual(results(saved.status));
  }, 120_000);

  it('saves a cancelled run with where it stopped', async () => {
    const { runId } = await call<{ runId: string }>(IpcChannel.LAB_START, { ...arg, bots: ['random', 'random', 'random'], vs: undefined, games: 200_000, seed: 'stop' });
    while ((await call<LabStatus>(IpcChannel.LAB_STATUS, { runId })).done === 0) await new Promise((r) => setTimeout(r, 50));
    await call(IpcChannel.LAB_CANCEL, { runId });
    const st = await finish(call, runId);
    const { runs } = await call<{ runs: SavedLabRunInfo[] }>(IpcChannel.LAB_RUNS_LIST, { projectId: 'zodiac-race' });
    expect(runs.find((r) => r.id === runId)).toMatchObject({ state: 'cancelled', done: st.done, games: 200_000, ab: false, shift: null });
  }, 60_000);

  it('after a restart, a saved run still opens and exports its PDF and CSV; its JSONL asks for a re-run', async () => {
    const later = app();
    const got = await later<SavedLabRun>(IpcChannel.LAB_RUNS_OPEN, { projectId: 'zodiac-race', id: saved.id });
    expect(got).toEqual(saved);
    await expect(later(IpcChannel.LAB_EXPORT, { runId: saved.id, kind: 'csv', lang: 'en' })).rejects.toMatchObject({ code: 'lab/unknown-run' });
    const csv = await later<{ path: string }>(IpcChannel.LAB_EXPORT, { runId: saved.id, projectId: 'zodiac-race', kind: 'csv', lang: 'en' });
    expect(readFileSync(csv.path, 'utf8')).toMatch(/\nA,coverage,power:rooster@heuristic,/);
    const pdf = await later<{ path: string }>(IpcChannel.LAB_EXPORT, { runId: saved.id, projectId: 'zodiac-race', kind: 'pdf', lang: 'zh' });
    expect(readFileSync(pdf.path).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(later(IpcChannel.LAB_EXPORT, { runId: saved.id, projectId: 'zodiac-race', kind: 'jsonl', lang: 'en' })).rejects.toMatchObject({ code: 'lab/no-games', details: { zh: /重新运行/ } });
  }, 120_000);

  it('renames and deletes; bad ids are refused before they reach the store', async () => {
    const renamed = await call<SavedLabRunInfo>(IpcChannel.LAB_RUNS_RENAME, { projectId: 'zodiac-race', id: saved.id, name: '终点 3 分' });
    expect(renamed).toMatchObject({ id: saved.id, name: '终点 3 分' });
    expect((await call<{ runs: SavedLabRunInfo[] }>(IpcChannel.LAB_RUNS_LIST, { projectId: 'zodiac-race' })).runs.find((r) => r.id === saved.id)?.name).toBe('终点 3 分');
    await expect(call(IpcChannel.LAB_RUNS_OPEN, { projectId: 'zodiac-race', id: '../../etc/passwd' })).rejects.toMatchObject({ code: 'ipc/bad-request' });
    await expect(call(IpcChannel.LAB_RUNS_LIST, { projectId: '../x' })).rejects.toMatchObject({ code: 'ipc/bad-request' });
    await expect(call(IpcChannel.LAB_RUNS_RENAME, { projectId: 'zodiac-race', id: saved.id, name: 'x', extra: 1 })).rejects.toMatchObject({ code: 'ipc/bad-request' });
    expect(await call(IpcChannel.LAB_RUNS_DELETE, { projectId: 'zodiac-race', id: saved.id })).toEqual({ id: saved.id });
    await expect(call(IpcChannel.LAB_RUNS_OPEN, { projectId: 'zodiac-race', id: saved.id })).rejects.toMatchObject({ code: 'lab-runs/not-found' });
  });
});
