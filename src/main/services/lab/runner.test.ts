import { describe, expect, it } from 'vitest';
import { LAB_HOOKS, LabAccumulator, type LabGame } from '../../../shared/lab';
import { playMatch, resolveConfig } from '../simulation';
import { LabJob, playLabGame, resolveLabRun, type LabRequest } from '.';

const run = (req: LabRequest) => {
  const r = resolveLabRun(req);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('resolveLabRun', () => {
  it('says what is wrong', () => {
    expect(resolveLabRun({ game: 'chess' })).toMatchObject({ ok: false, error: { code: 'lab/game' } });
    expect(resolveLabRun({ game: 'doufu', games: 0 })).toMatchObject({ ok: false, error: { code: 'lab/games' } });
    expect(resolveLabRun({ game: 'doufu', vs: { mode: 'nope' } })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^Option set B: /) } });
    expect(resolveLabRun({ game: 'dou-laoban', players: 4 })).toMatchObject({ ok: false, error: { code: 'sim/players' } });
  });
});

describe('the 斗福 hook', () => {
  it('counts the declarer\'s combos and each skill by seat, as the simulator recorded them', () => {
    const cfg = resolveConfig({ game: 'doufu', matches: 2, seed: 'hook', bots: 'heuristic', players: 3 });
    if (!cfg.ok) throw new Error(cfg.error.message);
    for (let i = 0; i < 2; i++) {
      const m = playMatch(cfg.value, i);
      const g = LAB_HOOKS.doufu.fromMatch(m as never, cfg.value.bots);
      expect(g.rounds).toBe(m.records.length);
      expect(g.turns).toBe(m.records.reduce((a, r) => a + r.turns, 0));
      expect(g.scores).toEqual(m.records.at(-1)!.fuqiAfter);
      const combos = g.uses.filter(([k]) => k.startsWith('combo:')).reduce((a, u) => a + u[2], 0);
      expect(combos).toBe(m.extras.reduce((a, e) => a + e.rows.length, 0));
      const skills = g.uses.filter(([k]) => k.startsWith('skill:')).reduce((a, u) => a + u[2], 0);
      expect(skills).toBe(m.extras.reduce((a, e) => a + Object.values(e.skills).reduce((x, y) => x + y, 0), 0));
      expect(g.winners).toEqual(m.winners);
    }
  });
});

describe('LabJob', () => {
  it('streams to the same summary on 1 or 2 workers as played in this thread', async () => {
    const req: LabRequest = { game: 'zodiac-race', players: 3, bots: 'random', games: 24, seed: 'lab' };
    const local = new LabAccumulator(LAB_HOOKS['zodiac-race']);
    const r1 = run({ ...req, workers: 1 });
    for (let i = 0; i < 24; i++) local.add(playLabGame(r1.configs[0], i, false));
    for (const workers of [1, 2]) {
      const job = new LabJob(run({ ...req, workers }));
      await job.finished;
      const s = job.status();
      expect(s.state).toBe('done');
      expect(s.done).toBe(24);
      expect(s.a).toEqual(local.summary());
    }
  });

  it('plays A and B on the same seeds: identical options give a zero difference', async () => {
    const job = new LabJob(run({ game: 'doufu', players: 2, bots: 'random', games: 12, seed: 'ab', options: {}, vs: {}, workers: 2 }));
    await job.finished;
    const s = job.status();
    expect(s.paired!.pairs).toBe(12);
    for (const m of s.paired!.measures) expect(m).toMatchObject({ mean: 0, sd: 0, significant: false });
    expect(s.b).toEqual(s.a);
  });

  it('rotates bots so every bot sits in every seat, and fills the strength matrix', async () => {
    const seen: LabGame[] = [];
    const job = new LabJob(run({ game: 'zodiac-race', players: 2, bots: 'random,heuristic', games: 10, seed: 'rot', rotate: true, workers: 1 }), (_, g) => seen.push(g));
    await job.finished;
    expect(new Set(seen.map((g) => g.bots.join()))).toEqual(new Set(['random,heuristic', 'heuristic,random']));
    const m = job.status().a.matrix;
    expect(m.bots).toEqual(['heuristic', 'random']);
    const decided = m.cells[0]![1]!.of;
    expect(m.cells[0]![1]!.count + m.cells[1]![0]!.count).toBe(decided);
  });

  it('cancels: the workers stop and the games played stay', async () => {
    const job = new LabJob(run({ game: 'doufu', players: 4, bots: 'random', games: 100_000, seed: 'stop', workers: 2 }));
    await new Promise((r) => setTimeout(r, 300));
    expect(job.cancel()).toBe(true);
    await job.finished;
    const s = job.status();
    expect(s.state).toBe('cancelled');
    expect(s.done).toBeLessThan(100_000);
    expect(s.a.games).toBe(s.done);
    expect(job.cancel()).toBe(false);
  });
});
