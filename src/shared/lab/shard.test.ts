import { describe, expect, it } from 'vitest';
import type { Result } from '../util/result';
import { Histogram, LAB_RUN_FORMAT, LAB_RUN_VERSION, LabAccumulator, mergeLabRuns, PairedAccumulator, parseShard, readLabRunFile, shardRange, type LabGame, type LabHook, type LabRunFile, type LabRunSettings } from '.';

const hook: LabHook<never> = {
  game: 'test',
  lengths: { moves: { zh: '步', en: 'Moves' }, turns: { zh: '回合', en: 'Turns' }, rounds: { zh: '局', en: 'Hands' } },
  score: { zh: '分', en: 'Score' },
  groups: { power: { zh: '能力', en: 'Powers' }, end: { zh: '结局', en: 'Endings' } },
  declared: ['power:never'],
  label: (k) => ({ zh: k, en: k }),
  fromMatch: () => {
    throw new Error('unused');
  },
};
const hooks = { test: hook };

/** A deterministic spread of games: mixed bots, draws, caps, fractional scores, uses by seat and by nobody. */
function game(i: number, side: 0 | 1 = 0): LabGame {
  const r = (k: number) => ((i * 7919 + k * 104729 + side * 31) % 97) / 97;
  const bots = i % 3 === 0 ? ['random', 'search', 'heuristic'] : ['heuristic', 'random', 'search'];
  const capped = r(1) < 0.05;
  const draw = !capped && r(2) < 0.05;
  const winners = capped ? [] : draw ? [0, 1, 2] : [Math.floor(r(3) * 3)];
  return {
    index: i,
    bots,
    winners,
    draw,
    capped,
    moves: 20 + Math.floor(r(4) * 40),
    turns: 5 + Math.floor(r(5) * 10),
    rounds: 1 + (i % 4),
    scores: [r(6) * 10, r(7) * 10, 2.5],
    uses: [
      [`power:${i % 5}`, i % 3, 1 + (i % 2)],
      ['end:x', -1, 1],
    ],
  };
}

/** One run's accumulators fed games [from, to), as the runner does. */
function play(from: number, to: number, ab = false) {
  const a = new LabAccumulator(hook);
  const b = new LabAccumulator(hook);
  const p = new PairedAccumulator();
  for (let i = from; i < to; i++) {
    a.add(game(i));
    p.add(0, game(i));
    if (ab) {
      b.add(game(i, 1));
      p.add(1, game(i, 1));
    }
  }
  return { a, b, p };
}

const settings = (over: Partial<LabRunSettings> = {}): LabRunSettings => ({
  game: 'test',
  games: 100,
  seed: '1',
  players: 3,
  bots: ['heuristic', 'random', 'search'],
  rotate: false,
  options: {},
  vs: {},
  resolved: [
    { seed: '1', bots: ['heuristic', 'random', 'search'], options: { x: 1 } },
    { seed: '1', bots: ['heuristic', 'random', 'search'], options: { x: 2 } },
  ],
  ...over,
});

/** A shard file of `settings()` as `balance --shard K/N --json` writes it. */
function shardFile(index: number, count: number, over: Partial<LabRunFile> = {}, run = settings()): LabRunFile {
  const { from, to } = shardRange(run.games, index, count);
  const { a, b, p } = play(from, to, true);
  return {
    format: LAB_RUN_FORMAT,
    version: LAB_RUN_VERSION,
    run,
    shard: { index, count, from, to },
    state: 'done',
    game: 'test',
    games: to - from,
    done: to - from,
    elapsedMs: 10,
    gamesPerSec: 1,
    etaMs: 0,
    workers: 2,
    a: a.summary(),
    b: b.summary(),
    paired: p.summary(),
    warnings: [],
    tallies: { a: a.state(), b: b.state(), paired: p.state() },
    ...over,
  };
}
const named = (files: LabRunFile[]) => files.map((file, i) => ({ name: `shard-${file.shard.index}-${i}.json`, file }));
const error = (r: Result<unknown>) => {
  if (r.ok) throw new Error('expected a refusal');
  return { ...r.error, zh: (r.error.details as { zh: string }).zh };
};

describe('--shard K/N', () => {
  it('reads K from 0 to N−1 and says how to fix anything else', () => {
    expect(parseShard('0/8')).toEqual({ ok: true, value: { index: 0, count: 8 } });
    expect(parseShard(' 7 / 8 ')).toEqual({ ok: true, value: { index: 7, count: 8 } });
    expect(error(parseShard('8/8')).message).toMatch(/shards count from 0, so with 8 shards K is 0 to 7 \(for the last shard write 7\/8; Kubernetes/);
    expect(error(parseShard('9/8')).message).toMatch(/K is 0 to 7\.$/);
    expect(error(parseShard('1/0')).message).toMatch(/at least 1/);
    for (const bad of ['3', '1/2/3', 'a/b', '-1/4', '1.5/4', ''])
      expect(error(parseShard(bad))).toMatchObject({ code: 'lab/shard', message: expect.stringMatching(/is not K\/N/), zh: expect.stringMatching(/不是 K\/N/) });
  });

  it('splits the games into contiguous ranges differing by at most one game, covering each index once', () => {
    for (const [games, n] of [
      [10, 3],
      [1000, 7],
      [5, 5],
      [1_000_003, 16],
    ] as const) {
      const ranges = Array.from({ length: n }, (_, k) => shardRange(games, k, n));
      expect(ranges[0]!.from).toBe(0);
      expect(ranges.at(-1)!.to).toBe(games);
      for (let k = 1; k < n; k++) expect(ranges[k]!.from).toBe(ranges[k - 1]!.to);
      const sizes = ranges.map((r) => r.to - r.from);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
    expect([0, 1, 2].map((k) => shardRange(10, k, 3))).toEqual([
      { from: 0, to: 3 },
      { from: 3, to: 6 },
      { from: 6, to: 10 },
    ]);
  });
});

describe('mergeable accumulators', () => {
  it('a histogram merged from parts summarises to the last bit as one, whatever the order', () => {
    const values = Array.from({ length: 200 }, (_, i) => ((i * 37) % 23) * 0.1 - 0.7);
    const one = new Histogram();
    values.forEach((v) => one.add(v));
    const parts = [new Histogram(), new Histogram(), new Histogram()];
    [...values].reverse().forEach((v, i) => parts[i % 3]!.add(v));
    const merged = new Histogram();
    parts.forEach((h) => merged.merge(h.state()));
    expect(merged.summary()).toEqual(one.summary());
    expect(merged.interval()).toEqual(one.interval());
    expect(merged.state()).toEqual(one.state());
  });

  it('the lab and paired accumulators of shards merge to exactly one run’s state and summary', () => {
    const one = play(0, 90, true);
    const a = new LabAccumulator(hook);
    const b = new LabAccumulator(hook);
    const p = new PairedAccumulator();
    for (const [from, to] of [
      [60, 90],
      [0, 31],
      [31, 60],
    ] as const) {
      const s = play(from, to, true);
      a.merge(s.a.state());
      b.merge(s.b.state());
      p.merge(s.p.state());
    }
    expect(a.state()).toEqual(one.a.state());
    expect(a.summary()).toEqual(one.a.summary());
    expect(b.summary()).toEqual(one.b.summary());
    expect(p.state()).toEqual(one.p.state());
    expect(p.summary()).toEqual(one.p.summary());
    // The run has what a strength matrix, draws, caps and seatless uses need, so all of it was compared.
    expect(one.a.summary()).toMatchObject({ draws: expect.any(Number), matrix: { bots: ['heuristic', 'random', 'search'] } });
    expect(one.a.summary().capped.count).toBeGreaterThan(0);
    expect(one.p.summary().measures.find((m) => m.key === 'win:0')!.sd).toBeGreaterThan(0);
  });

  it('the state survives JSON', () => {
    const { a, p } = play(0, 40, true);
    expect(new LabAccumulator(hook).merge(JSON.parse(JSON.stringify(a.state()))).summary()).toEqual(a.summary());
    expect(new PairedAccumulator().merge(JSON.parse(JSON.stringify(p.state()))).summary()).toEqual(p.summary());
  });
});

describe('mergeLabRuns', () => {
  it('merges all N shards of an A/B run into the unsharded run’s summaries and sums', () => {
    const whole = shardFile(0, 1);
    const r = mergeLabRuns(named([2, 0, 3, 1].map((k) => shardFile(k, 4))), hooks);
    if (!r.ok) throw new Error(r.error.message);
    const m = r.value;
    expect(m).toMatchObject({ state: 'done', games: 100, done: 100, shard: { index: 0, count: 1, from: 0, to: 100 }, elapsedMs: 40, workers: 2 });
    for (const k of ['a', 'b', 'paired', 'tallies', 'run', 'game', 'warnings'] as const) expect(m[k]).toEqual(whole[k]);
    expect(m.merged!.shards.map((s) => [s.index, s.from, s.to])).toEqual([
      [0, 0, 25],
      [1, 25, 50],
      [2, 50, 75],
      [3, 75, 100],
    ]);
    // A whole run's file merges alone into itself (to write its CSV or report again).
    const again = mergeLabRuns(named([whole]), hooks);
    expect(again.ok && again.value.a).toEqual(whole.a);
  });

  it('names missing and duplicate shards', () => {
    const missing = error(mergeLabRuns(named([shardFile(0, 5), shardFile(3, 5)]), hooks));
    expect(missing).toMatchObject({ code: 'lab/merge-missing', message: expect.stringContaining('3 of 5 shards missing: 1/5, 2/5, 4/5. Run them (the same command with --shard 1/5') });
    expect(missing.zh).toContain('缺少 5 个分片中的 3 个：1/5, 2/5, 4/5');
    const twice = error(mergeLabRuns(named([shardFile(0, 2), shardFile(1, 2), shardFile(1, 2)]), hooks));
    expect(twice).toMatchObject({ code: 'lab/merge-duplicate', message: 'Shard 1/2 is given twice (shard-1-1.json and shard-1-2.json): give each shard once.' });
  });

  it('refuses shards of different runs, naming the setting that differs', () => {
    const other = (over: Partial<LabRunSettings>, index = 1) => shardFile(index, 2, {}, settings(over));
    const cases: [LabRunFile, RegExp][] = [
      [other({ games: 120 }), /games 100 vs 120/],
      [other({ rotate: true }), /rotate false vs true/],
      [other({ resolved: [settings().resolved[0]!, { ...settings().resolved[1]!, options: { x: 3 } }] }), /rule option "x" of option set B 2 vs 3/],
      [other({ resolved: [{ ...settings().resolved[0]!, seed: '2' }, settings().resolved[1]!] }), /seed of option set A "1" vs "2"/],
      [other({ resolved: [settings().resolved[0]!] }), /option set B \(--vs\) given vs not given/],
    ];
    for (const [file, why] of cases) {
      const e = error(mergeLabRuns(named([shardFile(0, 2), file]), hooks));
      expect(e.code).toBe('lab/merge-mismatch');
      expect(e.message).toMatch(/^shard-1-1\.json is not a shard of the same run as shard-0-0\.json: /);
      expect(e.message).toMatch(why);
      expect(e.zh).toMatch(/不是同一次测试的分片/);
    }
    // The same settings written in another key order are the same run.
    const reordered = settings();
    reordered.resolved = reordered.resolved.map((c) => Object.fromEntries(Object.entries(c).reverse()));
    expect(mergeLabRuns(named([shardFile(0, 2), shardFile(1, 2, {}, reordered)]), hooks).ok).toBe(true);
    expect(error(mergeLabRuns(named([shardFile(0, 2), shardFile(1, 3)]), hooks)).message).toMatch(/is shard 1\/3 but shard-0-0\.json is shard 0\/2: the shards of one run all have the same N/);
  });

  it('refuses a shard that did not finish, or whose range or sums do not add up', () => {
    const cancelled = shardFile(1, 2, { state: 'cancelled', done: 20 });
    expect(error(mergeLabRuns(named([shardFile(0, 2), cancelled]), hooks))).toMatchObject({ code: 'lab/merge-incomplete', message: expect.stringContaining('(shard 1/2) did not finish: it was cancelled after 20 of 50 games. Run that shard again') });
    const shifted = shardFile(1, 2);
    shifted.shard = { ...shifted.shard, from: 49 };
    expect(error(mergeLabRuns(named([shardFile(0, 2), shifted]), hooks)).message).toMatch(/is damaged: shard 1\/2 should hold games 50–99/);
    const short = shardFile(1, 2);
    short.tallies.a = shardFile(0, 4).tallies.a;
    expect(error(mergeLabRuns(named([shardFile(0, 2), short]), hooks)).code).toBe('lab/run-file');
    expect(error(mergeLabRuns(named([shardFile(0, 1, {}, settings({ game: 'chess' }))]), hooks)).message).toMatch(/a game this Fuqi Workshop has no balance lab for/);
  });
});

describe('readLabRunFile', () => {
  const text = JSON.stringify(shardFile(0, 2));
  it('reads what balance --json writes', () => {
    const r = readLabRunFile('s.json', text);
    expect(r.ok && r.value.shard).toEqual({ index: 0, count: 2, from: 0, to: 50 });
  });
  it('says what is wrong with a corrupt, foreign, newer or damaged file', () => {
    expect(error(readLabRunFile('s.json', text.slice(0, 500))).message).toMatch(/^s\.json is not valid JSON at line 1, column 50\d .* run that shard again\.$/);
    expect(error(readLabRunFile('s.json', '[1,2]')).message).toMatch(/s\.json is not a balance run file .* give the files `balance --json` wrote/);
    expect(error(readLabRunFile('s.json', '{"format":"other"}')).code).toBe('lab/run-file');
    const newer = error(readLabRunFile('s.json', JSON.stringify({ ...JSON.parse(text), version: LAB_RUN_VERSION + 1 })));
    expect(newer).toMatchObject({ code: 'lab/run-version', message: expect.stringMatching(/written by a newer Fuqi Workshop \(run file version 2; this one reads version 1\): update/), zh: expect.stringMatching(/较新版本/) });
    const broken = JSON.parse(text) as LabRunFile;
    (broken.tallies.a.lengths.moves[0] as unknown[])[1] = -3;
    expect(error(readLabRunFile('s.json', JSON.stringify(broken))).message).toMatch(/^s\.json is damaged: tallies\.a\.lengths\.moves\.0\.1: .* Run that shard again/);
    expect(error(readLabRunFile('s.json', '['.repeat(100))).message).toMatch(/nested more than 64 levels/);
  });
});
