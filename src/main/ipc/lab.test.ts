import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IpcChannel } from '../../shared/ipc/contract';
import type { LabStatus } from '../../shared/lab';
import { createServices } from '../services';
import { createHandlers } from './index';
import { dispatch } from './registry';

const exportDir = mkdtempSync(join(tmpdir(), 'fuqi-lab-ipc-'));
const projectsDir = mkdtempSync(join(tmpdir(), 'fuqi-lab-projects-'));
const services = createServices({ mode: 'browser', exportDir, projectsDir, savesDir: join(exportDir, 'saves'), labRunsDir: join(exportDir, 'runs') });
const handlers = createHandlers(services, () => false);
afterAll(async () => {
  await services.lab.close();
  rmSync(exportDir, { recursive: true, force: true });
  rmSync(projectsDir, { recursive: true, force: true });
});

const call = async <T>(channel: string, arg: unknown): Promise<T> => {
  const env = await dispatch(handlers, channel, arg);
  if (!env.ok) throw Object.assign(new Error(env.error.message), { code: env.error.code, zh: (env.error.details as { zh?: string } | undefined)?.zh });
  return env.value as T;
};

describe('lab:* channels', () => {
  it('start a run of a project\'s game, answer its status at once while it plays, and cancel it', async () => {
    const arg = { projectId: 'zodiac-race', players: 3, bots: ['random', 'random', 'random'], options: { target_points: 3 }, games: 50_000, seed: 's' };
    const { runId } = await call<{ runId: string }>(IpcChannel.LAB_START, arg);
    let st = await call<LabStatus>(IpcChannel.LAB_STATUS, { runId });
    expect(st).toMatchObject({ state: 'running', game: 'zodiac-race', games: 50_000 });
    // Status answers quickly even while the workers play and games stream in.
    await new Promise((r) => setTimeout(r, 400));
    const t0 = performance.now();
    st = await call<LabStatus>(IpcChannel.LAB_STATUS, { runId });
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(await call(IpcChannel.LAB_CANCEL, { runId })).toEqual({ cancelled: true });
    st = await call<LabStatus>(IpcChannel.LAB_STATUS, { runId });
    expect(st.state).toBe('cancelled');
    expect(st.a.games).toBe(st.done);
  });

  it('exports an ended run into the export folder as a PDF report, CSV and JSONL (and answers the bytes for a download)', async () => {
    const arg = { projectId: 'zodiac-race', players: 2, bots: ['random', 'heuristic'], options: {}, vs: { target_points: 3 }, games: 20, seed: 'export' };
    const { runId } = await call<{ runId: string }>(IpcChannel.LAB_START, arg);
    let st = await call<LabStatus>(IpcChannel.LAB_STATUS, { runId });
    if (st.state === 'running') await expect(call(IpcChannel.LAB_EXPORT, { runId, kind: 'csv', lang: 'en' })).rejects.toMatchObject({ code: 'lab/running', zh: /仍在进行/ });
    while (st.state === 'running') {
      await new Promise((r) => setTimeout(r, 50));
      st = await call<LabStatus>(IpcChannel.LAB_STATUS, { runId });
    }
    type Written = { path: string; fileName: string; bytes: number; mime: string; data?: string };
    const csv = await call<Written>(IpcChannel.LAB_EXPORT, { runId, kind: 'csv', lang: 'en' });
    expect(csv.fileName).toMatch(/^zodiac-race-balance-\d{8}-\d{4}\.csv$/);
    expect(csv.data).toBeUndefined();
    expect(readFileSync(csv.path, 'utf8')).toMatch(/^set,section,key/);
    const jsonl = await call<Written>(IpcChannel.LAB_EXPORT, { runId, kind: 'jsonl', lang: 'en', download: true });
    const lines = Buffer.from(jsonl.data!, 'base64').toString('utf8').trim().split('\n');
    expect(lines).toHaveLength(40);
    expect(JSON.parse(lines[1]!)).toMatchObject({ set: 'B', index: 0 });
    // In game order, A before B, whatever order the workers' batches came in.
    expect(lines.map((l) => JSON.parse(l) as { set: string; index: number }).map((g) => `${g.index}${g.set}`)).toEqual(Array.from({ length: 40 }, (_, k) => `${k >> 1}${k % 2 ? 'B' : 'A'}`));
    const pdf = await call<Written>(IpcChannel.LAB_EXPORT, { runId, kind: 'pdf', lang: 'zh', download: true });
    expect(pdf).toMatchObject({ mime: 'application/pdf', fileName: expect.stringMatching(/\.pdf$/) });
    expect(readFileSync(pdf.path).subarray(0, 5).toString()).toBe('%PDF-');
    expect(Buffer.from(pdf.data!, 'base64').equals(readFileSync(pdf.path))).toBe(true);
    // Each export takes a name of its own; nothing else is written there.
    expect(readdirSync(exportDir).filter((f) => f.includes('-balance-')).sort()).toEqual([csv.fileName, jsonl.fileName, pdf.fileName].sort());
    await expect(call(IpcChannel.LAB_EXPORT, { runId, kind: 'docx', lang: 'en' })).rejects.toMatchObject({ code: 'ipc/bad-request' });
  }, 60_000);

  it('refuses bad requests with a message saying what to fix, in both languages', async () => {
    await expect(call(IpcChannel.LAB_START, { projectId: 'doufu', players: 4, bots: ['random'], options: {}, games: 0, seed: 's' })).rejects.toMatchObject({ code: 'ipc/bad-request', message: /play at least 1 game/ });
    await expect(call(IpcChannel.LAB_START, { projectId: 'doufu', players: 4, bots: ['robot'], options: {}, games: 10, seed: 's' })).rejects.toMatchObject({ code: 'sim/bots', zh: /设置有误/ });
    await expect(call(IpcChannel.LAB_START, { projectId: 'zodiac-race-board', players: 4, bots: ['random'], options: {}, games: 10, seed: 's' })).rejects.toMatchObject({ code: 'lab/no-game', zh: /平衡实验室/ });
    await expect(call(IpcChannel.LAB_STATUS, { runId: 'not-a-uuid' })).rejects.toMatchObject({ code: 'ipc/bad-request' });
    await expect(call(IpcChannel.LAB_STATUS, { runId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ code: 'lab/unknown-run' });
  });
});

describe('LabService', () => {
  it('stops a run nobody polls any more (its page was closed) at the next request', async () => {
    const { LabService, ABANDONED_MS } = await import('../services/lab');
    let clock = 0;
    const lab = new LabService(services.projects, 1, () => clock);
    const start = lab.start({ projectId: 'zodiac-race', players: 2, bots: ['random', 'random'], options: {}, games: 100_000, seed: 'x' });
    if (!start.ok) throw new Error(start.error.message);
    const other = lab.start({ projectId: 'zodiac-race', players: 2, bots: ['random', 'random'], options: {}, games: 100_000, seed: 'y' });
    if (!other.ok) throw new Error(other.error.message);
    clock = ABANDONED_MS / 2;
    expect(lab.status(other.value.runId)).toMatchObject({ ok: true, value: { state: 'running' } });
    clock = ABANDONED_MS + 1;
    // Polling `other` keeps it; `start` was last polled at 0 and is stopped.
    expect(lab.status(other.value.runId)).toMatchObject({ ok: true, value: { state: 'running' } });
    expect(lab.status(start.value.runId)).toMatchObject({ ok: true, value: { state: 'cancelled' } });
    await lab.close();
  });
});
