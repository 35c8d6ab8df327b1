import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { coverageRatio, Histogram, labCsv, LabAccumulator, PairedAccumulator, pairsNeeded, sampleSize, Welford, wilson, type LabGame, type LabHook } from '.';

const game = (over: Partial<LabGame> & { index: number }): LabGame => ({ bots: ['a', 'a'], winners: [0], draw: false, capped: false, moves: 10, turns: 5, rounds: 1, scores: [3, 1], uses: [], ...over });
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

describe('wilson', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i/%i → [%f, %f]', (k, n, lo, hi) => {
    const r = wilson(k, n);
    expect(r.lo).toBeCloseTo(lo, 4);
    expect(r.hi).toBeCloseTo(hi, 4);
    expect(r.rate).toBe(k / n);
  });
  it('no trials: the interval is everything', () => expect(wilson(0, 0)).toMatchObject({ lo: 0, hi: 1 }));
});

describe('sample size and running mean', () => {
  it('a ±2-point interval on a coin needs 2401 games', () => expect(sampleSize(0.5, 0.02)).toBe(2401));
  it('Welford matches the textbook mean and sd', () => {
    const w = new Welford();
    for (const x of [2, 4, 4, 4, 5, 5, 7, 9]) w.add(x);
    const i = w.interval();
    expect(i.mean).toBe(5);
    expect(i.sd).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(i.hi - i.mean).toBeCloseTo((1.959963984540054 * Math.sqrt(32 / 7)) / Math.sqrt(8), 12);
  });
  it('histogram quantiles', () => {
    const h = new Histogram();
    for (let v = 1; v <= 10; v++) h.add(v);
    expect(h.summary()).toMatchObject({ n: 10, mean: 5.5, min: 1, p10: 1, median: 5, p90: 9, max: 10 });
  });
});

describe('LabAccumulator', () => {
  it('counts seats, the first-player verdict, stalls, margins and win lift', () => {
    const acc = new LabAccumulator(hook);
    // Seat 0 wins 90 of 100 two-player games: a clear first-player advantage over the fair 50 %.
    for (let i = 0; i < 100; i++) {
      const w = i < 90 ? 0 : 1;
      acc.add(game({ index: i, winners: [w], scores: w === 0 ? [5, 2] : [1, 4], uses: [['power:x', w, 1], ['end:y', -1, 2]] }));
    }
    acc.add(game({ index: 100, winners: [], capped: true, moves: 500 }));
    const s = acc.summary();
    expect(s.games).toBe(101);
    expect(s.capped.count).toBe(1);
    expect(s.winBySeat.map((w) => w.count)).toEqual([90, 10]);
    expect(s.firstPlayer.fair).toBeCloseTo(100 / 202, 12);
    expect(s.firstPlayer.verdict).toBe('advantage');
    expect(s.lengths.moves.max).toBe(500);
    expect(s.scores.margin.hist).toEqual([[3, 100]]);
    const x = s.counters.find((c) => c.key === 'power:x')!;
    // Always used by the winner: won 100 of 100 uses; lift = 1 / (100/202).
    expect(x.winWhenUsed).toMatchObject({ count: 100, of: 100 });
    expect(x.lift).toBeCloseTo(2.02, 12);
    const y = s.counters.find((c) => c.key === 'end:y')!;
    expect(y).toMatchObject({ uses: 200, winWhenUsed: null, lift: null });
    expect(s.counters.find((c) => c.key === 'power:never')).toMatchObject({ uses: 0 });
    // Groups in declared order.
    expect(s.counters.map((c) => c.group)).toEqual(['power', 'power', 'end']);
  });

  it('a fair game with enough games is called fair; too few games is unclear', () => {
    const acc = new LabAccumulator(hook);
    for (let i = 0; i < 2000; i++) acc.add(game({ index: i, winners: [i % 2] }));
    expect(acc.summary().firstPlayer.verdict).toBe('fair');
    const few = new LabAccumulator(hook);
    for (let i = 0; i < 20; i++) few.add(game({ index: i, winners: [i % 2] }));
    expect(few.summary().firstPlayer.verdict).toBe('unclear');
  });

  it('the bot matrix counts head-to-head results', () => {
    const acc = new LabAccumulator(hook);
    // search beats random 3 times out of 4, whichever seat it has.
    for (let i = 0; i < 4; i++) acc.add(game({ index: i, bots: i % 2 ? ['random', 'search'] : ['search', 'random'], winners: [i === 3 ? 1 - (i % 2) : i % 2] }));
    const s = acc.summary();
    expect(s.matrix.bots).toEqual(['random', 'search']);
    expect(s.matrix.cells[1]![0]).toMatchObject({ count: 3, of: 4 });
    expect(s.matrix.cells[0]![1]).toMatchObject({ count: 1, of: 4 });
    expect(s.matrix.cells[0]![0]).toBeNull();
    expect(s.firstPlayer.mixedBots).toBe(true);
  });

  it('does not depend on the order games arrive in', () => {
    const games = Array.from({ length: 30 }, (_, i) => game({ index: i, winners: [i % 3 === 0 ? 1 : 0], moves: i, uses: [['power:x', i % 2, i % 4]] }));
    const a = new LabAccumulator(hook);
    const b = new LabAccumulator(hook);
    games.forEach((g) => a.add(g));
    [...games].reverse().forEach((g) => b.add(g));
    expect(b.summary()).toEqual(a.summary());
  });
});

describe('PairedAccumulator', () => {
  it('pairs games by index and reports B − A with an interval', () => {
    const p = new PairedAccumulator();
    // Under B seat 0 wins 8 more of 20 paired games than under A.
    for (let i = 0; i < 20; i++) {
      p.add(1, game({ index: i, winners: [i < 18 ? 0 : 1], moves: 12 }));
      p.add(0, game({ index: i, winners: [i < 10 ? 0 : 1], moves: 10 }));
    }
    p.add(0, game({ index: 99 })); // no twin yet: not counted
    const s = p.summary();
    expect(s.pairs).toBe(20);
    const w0 = s.measures.find((m) => m.key === 'win:0')!;
    expect(w0).toMatchObject({ a: 0.5, b: 0.9 });
    expect(w0.mean).toBeCloseTo(0.4, 12);
    // d is 1 in 8 games, 0 in 12: sd = sqrt(20·0.4·0.6/19).
    expect(w0.sd).toBeCloseTo(Math.sqrt((20 * 0.24) / 19), 12);
    expect(w0.significant).toBe(true);
    const moves = s.measures.find((m) => m.key === 'moves')!;
    expect(moves).toMatchObject({ mean: 2, sd: 0, lo: 2, hi: 2, significant: true });
    expect(pairsNeeded(w0, 0.05)).toBe(Math.ceil(((1.959963984540054 * w0.sd) / 0.05) ** 2));
  });
});

describe('labCsv', () => {
  it('writes one row per number, quoted where needed, that reads back', () => {
    const acc = new LabAccumulator({ ...hook, label: (k) => ({ zh: `名,"${k}"`, en: k }) });
    for (let i = 0; i < 10; i++) acc.add(game({ index: i, winners: [i % 2], uses: [['power:x', 0, 1]] }));
    const s = acc.summary();
    const text = labCsv({ state: 'done', game: 'test', games: 10, done: 10, elapsedMs: 1, gamesPerSec: 1, etaMs: 0, workers: 1, a: s, warnings: [] });
    const rows = Papa.parse<Record<string, string>>(text.trim(), { header: true }).data;
    expect(rows.find((r) => r.section === 'win' && r.key === 'seat0')).toMatchObject({ value: '0.5', count: '5', of: '10' });
    expect(rows.find((r) => r.section === 'counter-win' && r.key === 'power:x')).toMatchObject({ name_zh: '名,"power:x"', value: '0.5' });
    expect(rows.find((r) => r.section === 'length' && r.key === 'moves.mean')).toMatchObject({ value: '10' });
    expect(rows.find((r) => r.key === 'verdict')).toMatchObject({ value: 'unclear' });
  });
});

describe('bot coverage', () => {
  it('counts each bot kind\'s uses per seat-game, with random\'s rate from the run\'s random seats', () => {
    const acc = new LabAccumulator(hook);
    // 10 games: seat 0 heuristic never uses power:x, seat 1 random uses it twice a game in half the games.
    for (let i = 0; i < 10; i++) acc.add(game({ index: i, bots: ['heuristic', 'random'], uses: i % 2 ? [['power:x', 1, 4], ['end:y', -1, 1]] : [['power:z', 0, 1]] }));
    const c = acc.summary().coverage;
    expect(c.bots).toEqual(['heuristic', 'random']);
    expect(c.seatGames).toEqual({ heuristic: 10, random: 10 });
    expect(c.random).toEqual({ source: 'run', games: 10, seatGames: 10 });
    const x = c.rows.find((r) => r.key === 'power:x')!;
    expect(x.byBot.heuristic).toMatchObject({ uses: 0, perGame: 0, games: { count: 0, of: 10 } });
    expect(x.random).toMatchObject({ uses: 20, perGame: 2, games: { count: 5, of: 10 } });
    expect(coverageRatio(x.byBot.heuristic!, x.random)).toBe(0);
    expect(c.rows.find((r) => r.key === 'power:z')!.byBot.heuristic).toMatchObject({ uses: 5, perGame: 0.5 });
    // A counter whose uses never name a seat cannot be split by bot; a declared one never used stays listed.
    expect(c.rows.map((r) => r.key)).toEqual(['power:x', 'power:z', 'power:never']);
  });

  it('takes random\'s rate from a baseline run when no seat is random, listing what only random used', () => {
    const acc = new LabAccumulator(hook);
    const base = new LabAccumulator(hook);
    for (let i = 0; i < 4; i++) {
      acc.add(game({ index: i, bots: ['search', 'search'], uses: [['power:x', 0, 1]] }));
      base.add(game({ index: i, bots: ['random', 'random'], uses: [['power:x', 0, 1], ['power:x', 1, 1], ['power:w', 1, 3]] }));
    }
    const c = acc.summary(base).coverage;
    expect(c.random).toEqual({ source: 'baseline', games: 4, seatGames: 8 });
    expect(c.rows.find((r) => r.key === 'power:x')).toMatchObject({ byBot: { search: { perGame: 0.5 } }, random: { perGame: 1 } });
    expect(c.rows.find((r) => r.key === 'power:w')).toMatchObject({ byBot: { search: { uses: 0 } }, random: { uses: 12, perGame: 1.5 } });
    // The baseline never reaches the run's own counters.
    expect(acc.summary(base).counters.find((r) => r.key === 'power:w')).toBeUndefined();
    expect(acc.summary().coverage.random).toBeNull();
  });
});
