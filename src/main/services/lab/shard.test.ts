// A run split with --shard and merged gives exactly what one run on the same seeds gives: real
// games on the workers, a plain run and an A/B on paired seeds, the shards of uneven sizes.
import { describe, expect, it } from 'vitest';
import { LAB_HOOKS, LAB_RUN_FORMAT, LAB_RUN_VERSION, mergeLabRuns, type LabGame, type LabRunFile } from '../../../shared/lab';
import { LabJob, labRunSettings, resolveLabRun, type LabLines, type LabRequest } from '.';

/** Play a request to the end and write its run file as `balance --json` does. */
async function runFile(req: LabRequest, onLines?: (b: LabLines) => void): Promise<LabRunFile> {
  const r = resolveLabRun(req);
  if (!r.ok) throw new Error(r.error.message);
  const job = new LabJob(r.value, onLines);
  await job.finished;
  const st = job.status();
  expect(st.state, JSON.stringify(st.error)).toBe('done');
  const shard = r.value.shard ?? { index: 0, count: 1, from: 0, to: r.value.games };
  // Through JSON, as the files travel between machines.
  return JSON.parse(JSON.stringify({ format: LAB_RUN_FORMAT, version: LAB_RUN_VERSION, run: labRunSettings(r.value, req), shard, ...st, tallies: job.tallies() })) as LabRunFile;
}

/** Everything but the timing (elapsed, rate, ETA, workers) and the list of merged shards. */
function results(f: LabRunFile): Omit<LabRunFile, 'elapsedMs' | 'gamesPerSec' | 'etaMs' | 'workers' | 'merged'> {
  const { elapsedMs: _e, gamesPerSec: _g, etaMs: _t, workers: _w, merged: _m, ...rest } = f;
  return rest;
}

async function shardedEqualsOne(req: LabRequest, n: number): Promise<LabRunFile> {
  const one = await runFile({ ...req, workers: 2 });
  const seen = new Set<number>();
  const shards: LabRunFile[] = [];
  for (let k = 0; k < n; k++) shards.push(await runFile({ ...req, shard: `${k}/${n}`, workers: 1 }, (b) => b.lines.split('\n').filter(Boolean).forEach((l) => seen.add((JSON.parse(l) as LabGame).index))));
  // Each game index was played by exactly one shard.
  expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: req.games! }, (_, i) => i));
  expect(shards.map((s) => s.done)).toEqual(shards.map((s) => s.shard.to - s.shard.from));
  const merged = mergeLabRuns(
    shards.reverse().map((file) => ({ name: `shard-${file.shard.index}.json`, file })),
    LAB_HOOKS,
  );
  if (!merged.ok) throw new Error(merged.error.message);
  expect(results(merged.value)).toEqual(results(one));
  return one;
}

describe('balance shards merge into one run', () => {
  it('生肖赛跑, mixed bots rotating seats: 3 shards of 17 games', async () => {
    const one = await shardedEqualsOne({ game: 'zodiac-race', players: 2, bots: 'random,heuristic', rotate: true, games: 17, seed: 'shard' }, 3);
    // The comparison covered a bot matrix and counters with win lift.
    expect(one.a.matrix.bots).toEqual(['heuristic', 'random']);
    expect(one.a.counters.some((c) => c.lift !== null && c.uses > 0)).toBe(true);
  }, 120_000);

  it('摸鱼王 A/B on paired seeds: 4 shards of 22 games merge to the same paired result', async () => {
    const one = await shardedEqualsOne({ game: 'moyu-wang', players: 4, bots: 'random', games: 22, seed: 'ab', options: {}, vs: { overtime_limit: 2 } }, 4);
    expect(one.paired!.pairs).toBe(22);
    expect(one.paired!.measures.find((m) => m.key === 'rounds')!.sd).toBeGreaterThan(0);
  }, 120_000);
});

describe('resolveLabRun --shard', () => {
  it('plays the shard’s range; a run too big for one process is played in shards', () => {
    const r = resolveLabRun({ game: 'doufu', games: 3_000_000, shard: '2/3' });
    expect(r.ok && r.value.shard).toEqual({ index: 2, count: 3, from: 2_000_000, to: 3_000_000 });
    expect(resolveLabRun({ game: 'doufu', games: 3_000_000 })).toMatchObject({ ok: false, error: { code: 'lab/games', message: expect.stringMatching(/split with --shard K\/N/) } });
    expect(resolveLabRun({ game: 'doufu', games: 3_000_000, shard: '0/2' })).toMatchObject({ ok: false, error: { code: 'lab/shard', message: expect.stringMatching(/at most 1000000 games \(this one 1500000\); split the run into more shards/) } });
    expect(resolveLabRun({ game: 'doufu', games: 3, shard: '0/4' })).toMatchObject({ ok: false, error: { code: 'lab/shard', details: { zh: expect.stringMatching(/空分片/) } } });
    expect(resolveLabRun({ game: 'doufu', games: 3, shard: '3/3' })).toMatchObject({ ok: false, error: { code: 'lab/shard' } });
  });
});
