import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PrintJobStatus } from '../../shared/ipc/contract';
import { createServices } from './index';
import { JOB_LIMITS } from './print';
import { bigProjectTemplates } from './workers/big-project';

const templates = bigProjectTemplates(5000);
const exportDir = mkdtempSync(join(tmpdir(), 'fuqi-jobs-'));
const services = createServices({ mode: 'browser', exportDir, templatesDir: templates.dir });
afterAll(async () => {
  await services.workers.close();
  templates.dispose();
  rmSync(exportDir, { recursive: true, force: true });
});

function status(id: string): PrintJobStatus {
  const s = services.print.status(id);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

async function settled(id: string, ms = 60_000): Promise<PrintJobStatus> {
  const end = Date.now() + ms;
  while (status(id).state === 'running' && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return status(id);
}

function start(req: object): string {
  const r = services.print.start(req);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.jobId;
}

describe('print jobs on the export workers', () => {
  it('status() answers at once, again and again, while a 5,000-card project exports', async () => {
    // Start the worker first: from sources it is bundled on the main thread (built apps ship it).
    expect(await services.workers.run('render', { projectId: 'doufu', offset: 0, limit: 1 })).toMatchObject({ ok: true });
    const id = start({ projectId: 'big', duplex: 'none', calibration: false });
    const t0 = performance.now();
    let answers = 0;
    let worst = 0;
    // Ask for the status every 10 ms for 3 s: each timer must fire on time, and each answer say "running".
    while (performance.now() - t0 < 3000) {
      const asked = performance.now();
      await new Promise((r) => setTimeout(r, 10));
      expect(status(id).state).toBe('running');
      worst = Math.max(worst, performance.now() - asked);
      answers++;
    }
    expect(answers).toBeGreaterThan(60);
    expect(worst).toBeLessThan(500);
    // Laying out 5,000 cards ignores a cancel; the worker is stopped after the grace time.
    expect(services.print.cancel(id)).toBe(true);
    const end = await settled(id, 10_000);
    expect(end.state).toBe('cancelled');
    expect(readdirSync(exportDir).filter((f) => f.endsWith('.pdf'))).toEqual([]);
  }, 120_000);

  it(`runs at most ${JOB_LIMITS.running} jobs at once; another start answers print/busy until one ends`, async () => {
    const ids = Array.from({ length: JOB_LIMITS.running }, () => start({ projectId: 'doufu', duplex: 'none', calibration: false, cards: ['OX-FU'] }));
    const busy = services.print.start({ projectId: 'doufu' });
    expect(busy).toMatchObject({ ok: false, error: { code: 'print/busy' } });
    expect(!busy.ok && busy.error.message).toMatch(/wait for one to finish or cancel one/);
    expect(services.print.startRulebook({ projectId: 'doufu', lang: 'zh', paper: 'a5' })).toMatchObject({ ok: false, error: { code: 'print/busy' } });
    for (const id of ids) services.print.cancel(id);
    for (const id of ids) expect((await settled(id)).state).toBe('cancelled');
    const again = start({ projectId: 'doufu', duplex: 'none', calibration: false, cards: ['RAT-FU'] });
    const done = await settled(again);
    expect(done.state).toBe('done');
    expect(existsSync(done.files[0]!.path)).toBe(true);
    expect(services.print.wrote(done.files[0]!.path)).toBe(true);
  }, 120_000);

  it(`keeps the last ${JOB_LIMITS.keep} finished jobs, and forgets finished jobs after 15 minutes`, async () => {
    // A job cancelled as soon as it starts finishes at once (its queued task is dropped).
    const quick = (): string => {
      const id = start({ projectId: 'doufu', duplex: 'none', calibration: false, cards: ['RAT-FU'] });
      services.print.cancel(id);
      return id;
    };
    const ids: string[] = [];
    for (let i = 0; i < JOB_LIMITS.keep + 5; i++) {
      const id = quick();
      expect((await settled(id)).state).toBe('cancelled');
      ids.push(id);
    }
    const last = quick();
    await settled(last);
    const kept = ids.filter((id) => services.print.status(id).ok);
    expect(kept).toEqual(ids.slice(-JOB_LIMITS.keep));
    expect(services.print.status(ids[0]!)).toMatchObject({ ok: false, error: { code: 'print/no-job' } });
    const later = Date.now() + JOB_LIMITS.keepMs + 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      const next = quick();
      expect(services.print.status(last).ok).toBe(false);
      expect(ids.some((id) => services.print.status(id).ok)).toBe(false);
      expect(services.print.status(next).ok).toBe(true);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
