import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { LabJob, labWorkers, LabWorkerPool, resolveLabRun, type LabRequest } from '.';

/** A worker that answers each message with its thread id. */
const echo = () => new Worker(`require('node:worker_threads').parentPort.on('message', () => require('node:worker_threads').parentPort.postMessage(require('node:worker_threads').threadId))`, { eval: true });
const ask = (w: Worker) =>
  new Promise<number>((resolve) => {
    w.once('message', resolve);
    w.postMessage(0);
  });
const exited = (w: Worker) => new Promise<number>((resolve) => w.once('exit', resolve));

describe('LabWorkerPool', () => {
  const pools: LabWorkerPool[] = [];
  const pool = (keep = 2, idleMs = 60_000) => {
    const p = new LabWorkerPool(echo, keep, idleMs);
    pools.push(p);
    return p;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  it('hands back the same warm workers to the next run, new ones only for the rest', async () => {
    const p = pool(4);
    const first = p.take(2);
    const ids = await Promise.all(first.map(ask));
    p.give(first);
    expect(p.size).toBe(2);
    const next = p.take(3);
    expect(p.size).toBe(0);
    expect(next.slice(0, 2)).toEqual(first);
    const nextIds = await Promise.all(next.map(ask));
    expect(nextIds.slice(0, 2)).toEqual(ids);
    expect(ids).not.toContain(nextIds[2]);
    await Promise.all(next.map((w) => w.terminate()));
  });

  it('keeps at most `keep` idle workers and stops the others', async () => {
    const p = pool(1);
    const ws = p.take(2);
    const gone = exited(ws[1]!);
    p.give(ws);
    expect(p.size).toBe(1);
    await gone;
    expect(await ask(p.take(1)[0]!)).toBe(ws[0]!.threadId);
    await ws[0]!.terminate();
  });

  it('stops idle workers after the idle time, and forgets one that dies while idle', async () => {
    const p = pool(2, 50);
    const ws = p.take(2);
    await Promise.all(ws.map(ask));
    p.give([ws[0]!]);
    await ws[1]!.terminate();
    const gone = exited(ws[0]!);
    await gone;
    expect(p.size).toBe(0);
    const q = pool(2);
    const [w] = q.take(1);
    q.give([w!]);
    await w!.terminate();
    expect(q.size).toBe(0);
    // The next run gets a live worker, not the dead one.
    const [fresh] = q.take(1);
    expect(fresh).not.toBe(w);
    expect(await ask(fresh!)).toBeGreaterThan(0);
    await fresh!.terminate();
  });
});

describe('the lab runner and its pool', () => {
  const run = (req: LabRequest) => {
    const r = resolveLabRun(req);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };
  afterEach(() => labWorkers.close());

  it('a finished run leaves its workers warm; the next run plays on them to the same results', async () => {
    await labWorkers.close();
    const req: LabRequest = { game: 'zodiac-race', players: 4, bots: 'random', games: 40, seed: 'warm', workers: 2 };
    const cold = new LabJob(run(req));
    await cold.finished;
    expect(cold.status().state).toBe('done');
    expect(labWorkers.size).toBe(2);
    const warm = new LabJob(run(req));
    // The run took both warm workers.
    expect(labWorkers.size).toBe(0);
    await warm.finished;
    expect(warm.status()).toMatchObject({ state: 'done', done: 40 });
    expect(warm.status().a).toEqual(cold.status().a);
    expect(labWorkers.size).toBe(2);
  });

  it('a cancelled run stops its workers instead of keeping them', async () => {
    await labWorkers.close();
    const job = new LabJob(run({ game: 'zodiac-race', players: 4, bots: 'random', games: 100_000, seed: 'stop', workers: 2 }));
    await new Promise((r) => setTimeout(r, 300));
    expect(job.cancel()).toBe(true);
    await job.finished;
    expect(labWorkers.size).toBe(0);
  });
});
