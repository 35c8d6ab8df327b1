import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultPoolSize, WorkerPool, WorkerTaskError, type PoolOptions } from './pool';
import type { TestTasks } from './pool-test-worker';

const here = dirname(fileURLToPath(import.meta.url));
const entry = { source: join(here, 'pool-test-worker.ts'), built: 'pool-test-worker.js' };
const pools: WorkerPool<TestTasks>[] = [];
const makePool = (size = 1, cancelGraceMs = 2000, more: Partial<PoolOptions> = {}) => {
  const p = new WorkerPool<TestTasks>({ entry, size, cancelGraceMs, ...more });
  pools.push(p);
  return p;
};
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

async function rejection(p: Promise<unknown>): Promise<WorkerTaskError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof WorkerTaskError) return e;
    throw e;
  }
  throw new Error('expected the task to fail');
}

describe('WorkerPool', () => {
  it("has three workers: a project's export, its preview, and another project each find one", () => {
    expect(defaultPoolSize()).toBe(3);
  });

  it('stops a task over its time budget, naming what it was working on, and restarts its worker', async () => {
    const pool = makePool(1, 2000, { budgets: { stuck: 400 } });
    const before = (await pool.run('whoami', 'before')).threadId;
    const t0 = performance.now();
    const e = await rejection(pool.run('stuck', 60_000, { label: 'project "heavy"' }));
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(e.code).toBe('worker/over-budget');
    expect(e.message).toBe(
      '"stuck" of project "heavy" took longer than its 0.4 s budget while working on card RAT, layer "body" of template "front", so it was stopped (the worker was restarted). Make that layer or file lighter (fewer or smaller tables, filters and images), or export fewer cards at a time.',
    );
    expect(e.zh).toMatch(/超过了 0\.4 秒的时间上限（当时正在处理牌 RAT 的模板“front”中的图层“body”）/);
    const after = await pool.run('whoami', 'after');
    expect(after.threadId).not.toBe(before);
    // A task's own budget overrides the pool's.
    expect(await pool.run('stuck', 50, { budgetMs: 5000 })).toBeGreaterThan(0);
  });

  it('stops a task over its memory budget, naming the file it was reading', async () => {
    const pool = makePool(1, 2000, { maxHeapMb: 64 });
    const e = await rejection(pool.run('hog', null));
    expect(e.code).toBe('worker/over-budget');
    expect(e.message).toMatch(/^"hog" needed more than its 64 MB of memory while working on the file art\/huge\.svg, so it was stopped/);
    expect((await pool.run('whoami', 'next')).input).toBe('next');
  });

  it("never lets one project's heavy jobs hold every worker: another project's task starts at once", async () => {
    const pool = makePool(3);
    await Promise.all([pool.run('whoami', 'w1'), pool.run('whoami', 'w2'), pool.run('whoami', 'w3')]);
    const heavy = [1, 2, 3].map(() => pool.run('spin', 1500, { key: 'A' }));
    await new Promise((r) => setTimeout(r, 50));
    const t0 = performance.now();
    // A's preview during its export, and B's page: both start while A's exports run.
    const [previewA, pageB] = await Promise.all([pool.run('whoami', 'A preview', { key: 'A', priority: 'interactive' }), pool.run('whoami', 'B page', { key: 'B', priority: 'interactive' })]);
    expect(performance.now() - t0).toBeLessThan(1200);
    expect([previewA.input, pageB.input]).toEqual(['A preview', 'B page']);
    await Promise.all(heavy);
  });

  it('drops a queued request a newer one supersedes', async () => {
    const pool = makePool(1);
    const busy = pool.run('spin', 300);
    const old = rejection(pool.run('whoami', 'old', { supersede: 'row:p' }));
    const other = pool.run('whoami', 'other project', { supersede: 'row:q' });
    const latest = pool.run('whoami', 'latest', { supersede: 'row:p' });
    const e = await old;
    expect(e.code).toBe('worker/cancelled');
    expect(e.message).toMatch(/a newer request replaced it/);
    expect((await latest).input).toBe('latest');
    expect((await other).input).toBe('other project');
    await busy;
  });

  it('runs tasks on another thread, starting workers on demand up to its size', async () => {
    const pool = makePool(2);
    expect(pool.threads).toBe(0);
    const [a, b, c] = await Promise.all([pool.run('whoami', 'a'), pool.run('whoami', 'b'), pool.run('whoami', 'c')]);
    expect([a.input, b.input, c.input]).toEqual(['a', 'b', 'c']);
    for (const r of [a, b, c]) expect(r.threadId).not.toBe(threadId);
    expect(pool.threads).toBe(2);
    expect(pool.pending).toBe(0);
  });

  it("keeps the main thread's event loop ticking while a task holds its worker busy", async () => {
    const pool = makePool();
    await pool.run('whoami', 'warm-up');
    let ticks = 0;
    let worstGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
      ticks++;
    }, 10);
    await pool.run('spin', 1500);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(40);
    expect(worstGap).toBeLessThan(500);
  });

  it('passes progress on, and answers interactive tasks ahead of queued background ones', async () => {
    const pool = makePool();
    const seen: number[] = [];
    expect(await pool.run('steps', null, { onProgress: (f) => seen.push(f) })).toBe('stepped');
    expect(seen).toEqual([0.25, 0.5, 1]);
    const order: string[] = [];
    const busy = pool.run('spin', 200).then(() => order.push('spin'));
    const bg = pool.run('whoami', 'background').then(() => order.push('background'));
    const fg = pool.run('whoami', 'interactive', { priority: 'interactive' }).then(() => order.push('interactive'));
    await Promise.all([busy, bg, fg]);
    expect(order).toEqual(['spin', 'interactive', 'background']);
  });

  it('cancels a queued task at once, and a running one through its signal', async () => {
    const pool = makePool();
    const running = new AbortController();
    const queued = new AbortController();
    const first = pool.run('wait', 10_000, { signal: running.signal });
    const second = rejection(pool.run('whoami', 'never', { signal: queued.signal }));
    queued.abort();
    expect((await second).code).toBe('worker/cancelled');
    await new Promise((r) => setTimeout(r, 50));
    running.abort();
    expect(await first).toBe('aborted');
    expect(pool.threads).toBe(1);
    expect((await rejection(pool.run('whoami', 'x', { signal: AbortSignal.abort() }))).code).toBe('worker/cancelled');
  });

  it('terminates and replaces a worker that ignores a cancel for longer than the grace time', async () => {
    const pool = makePool(1, 300);
    const abort = new AbortController();
    const before = (await pool.run('whoami', 'before')).threadId;
    const spin = rejection(pool.run('spin', 20_000, { signal: abort.signal }));
    await new Promise((r) => setTimeout(r, 100));
    const t0 = performance.now();
    abort.abort();
    const e = await spin;
    expect(e.code).toBe('worker/cancelled');
    expect(e.message).toMatch(/did not stop within 300 ms/);
    expect(performance.now() - t0).toBeLessThan(3000);
    const after = await pool.run('whoami', 'after');
    expect(after.threadId).not.toBe(before);
  });

  it('a task that throws fails alone, with its own message; the worker serves the next task', async () => {
    const pool = makePool();
    const before = (await pool.run('whoami', '1')).threadId;
    const e = await rejection(pool.run('fail', 'the card RAT-FU has no art'));
    expect(e.code).toBe('worker/failed');
    expect(e.message).toBe('the card RAT-FU has no art');
    expect((await pool.run('whoami', '2')).threadId).toBe(before);
  });

  it('a crashed worker fails only its own task and is replaced; queued tasks still run', async () => {
    const pool = makePool();
    const before = (await pool.run('whoami', '1')).threadId;
    const crash = rejection(pool.run('crash', 'sharp exploded'));
    const next = pool.run('whoami', 'queued behind the crash');
    const e = await crash;
    expect(e.code).toBe('worker/crashed');
    expect(e.message).toMatch(/"crash" stopped unexpectedly: sharp exploded/);
    const r = await next;
    expect(r.input).toBe('queued behind the crash');
    expect(r.threadId).not.toBe(before);
    expect(pool.threads).toBe(1);
  });

  it('closing fails queued and running tasks and refuses new ones', async () => {
    const pool = makePool();
    const running = rejection(pool.run('wait', 10_000));
    const queued = rejection(pool.run('whoami', 'q'));
    await new Promise((r) => setTimeout(r, 50));
    await pool.close();
    expect((await running).code).toBe('worker/closed');
    expect((await queued).code).toBe('worker/closed');
    expect((await rejection(pool.run('whoami', 'late'))).code).toBe('worker/closed');
    expect(pool.threads).toBe(0);
  });
});
