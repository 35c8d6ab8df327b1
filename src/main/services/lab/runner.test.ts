import { describe, expect, it } from 'vitest';
import { LAB_HOOKS, LabAccumulator, type LabGame } from '../../../shared/lab';
import { playDsMatch, playMatch, playMwMatch, resolveConfig, resolveDsConfig, resolveMwConfig } from '../simulation';
import { LabJob, playLabGame, resolveLabRun, type LabRequest } from '.';

/** The games of a batch's JSONL lines. */
const gamesOf = (lines: string) => lines.split('\n').filter(Boolean).map((l) => JSON.parse(l) as LabGame & { set: string });

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

describe('the 摸鱼王 hook', () => {
  it('counts each excuse by the seat that played it, who worked overtime, and keeps the record\'s winners and scores', () => {
    const cfg = resolveMwConfig({ matches: 4, seed: 'hook', bots: 'heuristic', players: 5, options: { roles: true } });
    if (!cfg.ok) throw new Error(cfg.error.message);
    for (let i = 0; i < 4; i++) {
      const m = playMwMatch(cfg.value, i);
      const g = LAB_HOOKS['moyu-wang'].fromMatch(m as never, cfg.value.bots);
      const rounds = m.record.rounds;
      expect(g).toMatchObject({ winners: m.record.winners, scores: m.record.scores, rounds: rounds.length, moves: m.moves, capped: false });
      expect(g.turns).toBe(rounds.reduce((a, r) => a + r.plays.length, 0));
      const excuses = rounds.flatMap((r) => r.excuses);
      for (let seat = 0; seat < 5; seat++) {
        const mine = g.uses.filter(([k, s]) => k.startsWith('excuse:') && s === seat).reduce((a, u) => a + u[2], 0);
        expect(mine).toBe(excuses.filter((e) => e.seat === seat).length);
        const overtime = g.uses.find(([k, s]) => k === 'overtime:worked' && s === seat)?.[2] ?? 0;
        expect(overtime).toBe(rounds.filter((r) => r.overtime.includes(seat)).length);
      }
      // Role mode: one Boss, each seat one role.
      expect(g.uses.filter(([k]) => k === 'role:boss')).toHaveLength(1);
      expect(g.uses.filter(([k]) => k.startsWith('role:')).reduce((a, u) => a + u[2], 0)).toBe(5);
    }
  });
});

describe('the 斗十四 hook', () => {
  it('counts each call by the seat that made it and each win by the winner; totals decide the match', () => {
    const cfg = resolveDsConfig({ matches: 3, seed: 'hook', bots: 'heuristic', players: 4, options: { hands: 3 } });
    if (!cfg.ok) throw new Error(cfg.error.message);
    for (let i = 0; i < 3; i++) {
      const m = playDsMatch(cfg.value, i);
      const g = LAB_HOOKS['dou-shisi'].fromMatch(m as never, cfg.value.bots);
      const totals = [0, 1, 2, 3].map((s) => m.records.reduce((a, h) => a + h.payments[s]!, 0));
      expect(g).toMatchObject({ rounds: 3, moves: m.moves, scores: totals });
      expect(g.winners).toEqual(totals.flatMap((t, s) => (t === Math.max(...totals) ? [s] : [])));
      const moves = m.records.flatMap((h) => h.moves);
      for (const type of ['chi', 'peng', 'gang', 'exchange'] as const)
        for (let seat = 0; seat < 4; seat++) expect(g.uses.find(([k, s]) => k === `call:${type}` && s === seat)?.[2] ?? 0).toBe(moves.filter((x) => x.type === type && x.seat === seat).length);
      const wins = g.uses.filter(([k]) => k.startsWith('win:')).reduce((a, u) => a + u[2], 0);
      expect(wins).toBe(m.records.filter((h) => h.winner !== null && !h.void).length);
    }
  });
});

describe('LabJob', () => {
  it('plays 斗十四 on the workers, and A/B of a rule change on the same seeds', async () => {
    const job = new LabJob(run({ game: 'dou-shisi', players: 4, bots: 'random,heuristic,random,heuristic', games: 2, seed: 'ds', options: { hands: 2 }, vs: { hands: 2, fan_cap: 1 }, workers: 2 }));
    await job.finished.catch(() => undefined);
    const s = job.status();
    expect(s, JSON.stringify(s.error)).toMatchObject({ state: 'done', game: 'dou-shisi', done: 2 });
    expect(s.a.lengths.rounds.mean).toBe(2);
    expect(s.a.counters.map((c) => c.key)).toEqual(expect.arrayContaining(['call:peng', 'win:discard', 'hand:drawn']));
    expect(s.paired!.pairs).toBe(2);
    // The fan cap changes payments, never play: the moves are the same.
    expect(s.paired!.measures.find((m) => m.key === 'moves')).toMatchObject({ mean: 0, sd: 0 });
  });

  it('plays 摸鱼王 on the workers: bots rotated through every seat, A/B on the same seeds', async () => {
    const seen: LabGame[] = [];
    const job = new LabJob(run({ game: 'moyu-wang', players: 4, bots: 'random,heuristic,random,random', games: 16, seed: 'mw', rotate: true, options: {}, vs: { overtime_limit: 2 }, workers: 2 }), (b) => seen.push(...gamesOf(b.lines).filter((g) => g.set === 'A')));
    await job.finished;
    const s = job.status();
    expect(s).toMatchObject({ state: 'done', game: 'moyu-wang', done: 16 });
    expect(new Set(seen.map((g) => g.bots.indexOf('heuristic')))).toEqual(new Set([0, 1, 2, 3]));
    expect(s.a.counters.map((c) => c.key)).toEqual(expect.arrayContaining(['overtime:worked', 'excuse:not_me', 'excuse:hustle']));
    expect(s.a.matrix.bots).toEqual(['heuristic', 'random']);
    expect(s.paired!.pairs).toBe(16);
    // Ending at 2 overtimes instead of 3 makes games shorter.
    expect(s.b!.lengths.rounds.mean).toBeLessThan(s.a.lengths.rounds.mean);
  });

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
    const job = new LabJob(run({ game: 'zodiac-race', players: 2, bots: 'random,heuristic', games: 10, seed: 'rot', rotate: true, workers: 1 }), (b) => seen.push(...gamesOf(b.lines)));
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
