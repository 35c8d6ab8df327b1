// The simulator: configuration errors, the hand recorder against the engine, the JSONL format
// (exactly the documented fields, valid values), identical output for 1 and 2 worker threads, and
// a summary that matches an independent recount of the JSONL.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { doufu, type DoufuState } from '../../../shared/games/doufu';
import { makeBot } from '../../../shared/games/doufu/bots';
import { randomGameOptions } from '../../../shared/games/doufu/bots/soak';
import { CARD_BY_CODE } from '../../../shared/games/doufu/cards';
import { areaScore } from '../../../shared/games/doufu/scoring';
import { Rng, seedRng } from '../../../shared/util/rng';
import { HandRecorder, RECORD_FIELDS, replayAreas, resolveConfig, runSimulation, runToFile, wilson, type HandRecord, type SimConfig, type SimSummary } from './index';

const dir = mkdtempSync(join(tmpdir(), 'fuqi-sim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function config(input: Parameters<typeof resolveConfig>[0]): SimConfig {
  const r = resolveConfig(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const readJsonl = (file: string): HandRecord[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as HandRecord);

describe('simulation config', () => {
  it('refuses bad input with a message naming the problem', () => {
    const bad = (input: Parameters<typeof resolveConfig>[0]) => {
      const r = resolveConfig(input);
      expect(r.ok).toBe(false);
      return r.ok ? '' : r.error.message;
    };
    expect(bad({ game: 'chess' })).toMatch(/Unknown game "chess"/);
    expect(bad({ players: 5 })).toMatch(/--players must be 2–4/);
    expect(bad({ bots: 'random,clever' })).toMatch(/Unknown bot "clever"; bots are: random, heuristic, planner, search/);
    expect(bad({ players: 3, bots: 'random,heuristic' })).toMatch(/one per seat \(3\); got 2/);
    expect(bad({ options: '{oops' })).toMatch(/--options is not valid JSON/);
    expect(bad({ options: '{"shuangyun_value":3}' })).toMatch(/Invalid rule options: .*shuangyun_value must be 2 or 1 \(got 3\)/s);
    expect(bad({ options: '{"no_such_rule":true}' })).toMatch(/Unknown rule option "no_such_rule"/);
    expect(bad({ players: 3, mode: '2v2' })).toMatch(/2v2 is played by exactly 4 players/);
    expect(bad({ mode: 'teams' })).toMatch(/mode must be "ffa" or "2v2"/);
  });

  it('fills defaults and one bot for every seat', () => {
    const c = config({ players: 3, bots: 'search', options: '{"shuangyun_value":1}', mode: 'ffa' });
    expect(c.bots).toEqual(['search', 'search', 'search']);
    expect(c.options.shuangyun_value).toBe(1);
    expect(c.options.mode).toBe('ffa');
  });
});

describe('summary statistics', () => {
  it('Wilson 95% intervals match published values', () => {
    const r = (k: number, n: number) => {
      const w = wilson(k, n);
      return [w.lo, w.hi].map((x) => Number(x.toFixed(4)));
    };
    expect(r(8, 20)).toEqual([0.2188, 0.6134]);
    expect(r(5, 10)).toEqual([0.2366, 0.7634]);
    expect(r(0, 10)).toEqual([0, 0.2775]);
    expect(r(10, 10)).toEqual([0.7225, 1]);
  });
});

describe('hand recorder', () => {
  it('replaying a move\'s events over the areas before it gives the engine\'s areas after it', () => {
    let moves = 0;
    for (let g = 0; g < 40; g++) {
      const r = new Rng(seedRng(`rec-${g}`));
      const mode = g % 4 === 3 ? '2v2' : 'ffa';
      const players = mode === '2v2' ? 4 : 2 + (g % 3);
      let s: DoufuState = doufu.setup({ seed: `rec-${g}`, players, options: randomGameOptions(r, mode) });
      const bot = makeBot(g % 2 ? 'heuristic' : 'random');
      const rec = new HandRecorder(`rec-${g}`, g, s);
      for (let n = 0; n < 1500 && s.step.k !== 'over'; n++) {
        const seat = doufu.status(s).toAct[0]!;
        const res = doufu.apply(s, bot({ seat, view: doufu.view(s, seat), legal: doufu.legalMoves(s, seat), rng: r }));
        if (!res.ok) throw new Error(res.code);
        const before = rec.hands;
        rec.onMove(s, res.events);
        // A record is written exactly when the engine finishes a hand, numbered as the engine does.
        expect(rec.hands - before).toBe(res.state.handsDone - s.handsDone);
        if (rec.hands > before) expect(rec.done[rec.hands - 1]!.record.hand).toBe(s.handNo);
        if (res.state.handNo === s.handNo) {
          const rep = replayAreas(s, res.events);
          const want = { areas: res.state.areas.map((a) => a.map((c) => ({ code: c.code, attr: c.attr }))), santie: res.state.santieBonus };
          if (JSON.stringify(rep) !== JSON.stringify(want)) expect(rep, `match ${g} move ${n}`).toEqual(want);
          moves++;
        }
        s = res.state;
      }
    }
    expect(moves).toBeGreaterThan(10_000);
  });

  it('a declared hand\'s W is the settlement of the recorded declarer area', () => {
    const cfg = config({ players: 3, matches: 6, seed: 'w', bots: 'heuristic' });
    let declared = 0;
    return runSimulation(cfg, {
      onMatch: (m) => {
        for (const rec of m.records) {
          if (rec.outcome !== 'declared' || rec.turns === 0) continue;
          const side = rec.declarer!;
          const sc = areaScore(rec.scoreAreas[side]!.map((c) => ({ code: c.card, attr: c.attr })), rec.santie[side]!, rec.options);
          expect(rec.W).toBe(Math.max(0, (rec.nirvana ? 2 : 1) * sc.B + sc.H));
          declared++;
        }
      },
    }).then(() => expect(declared).toBeGreaterThan(20));
  });
});

/** The checks every JSONL line must pass. */
function checkRecord(rec: HandRecord, cfg: SimConfig, prev: HandRecord | undefined): void {
  expect(Object.keys(rec)).toEqual([...RECORD_FIELDS]);
  const sides = cfg.options.mode === '2v2' ? 2 : cfg.players;
  expect(rec.game).toBe('doufu');
  expect(rec.seed).toBe(`${cfg.seed}/${rec.match}`);
  expect(Number.isInteger(rec.match) && rec.match >= 0 && rec.match < cfg.matches).toBe(true);
  expect(rec.hand).toBe(prev && prev.match === rec.match ? prev.hand + 1 : 1);
  expect(rec.players).toBe(cfg.players);
  expect(rec.options).toEqual(cfg.options);
  expect(['declared', 'drawn', 'dead']).toContain(rec.outcome);
  if (rec.outcome === 'declared') {
    expect(Number.isInteger(rec.declarer) && rec.declarer! >= 0 && rec.declarer! < cfg.players).toBe(true);
    expect(Number.isInteger(rec.W) && rec.W! >= 0).toBe(true);
  } else {
    expect(rec.declarer).toBeNull();
    expect(rec.W).toBeNull();
    expect(rec.nirvana).toBe(false);
    expect(rec.fuqiAfter).toEqual(rec.fuqiBefore);
  }
  expect(typeof rec.nirvana).toBe('boolean');
  expect(rec.scoreAreas).toHaveLength(sides);
  const seen = new Set<string>();
  for (const area of rec.scoreAreas)
    for (const c of area) {
      expect(Object.keys(c)).toEqual(['card', 'attr']);
      expect(CARD_BY_CODE.get(c.card)?.attrs).toContain(c.attr);
      expect(seen.has(c.card)).toBe(false);
      seen.add(c.card);
    }
  expect(rec.santie).toHaveLength(sides);
  for (const t of rec.santie) expect(Number.isInteger(t) && t >= 0).toBe(true);
  expect(rec.families).toHaveLength(sides);
  rec.families.forEach((f, side) => {
    expect(Object.keys(f)).toEqual(['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'sets']);
    const sc = areaScore(rec.scoreAreas[side]!.map((c) => ({ code: c.card, attr: c.attr })), rec.santie[side]!, rec.options);
    expect(f).toEqual({ ...sc.families, sets: sc.sets });
  });
  expect(rec.fuqiBefore).toHaveLength(sides);
  expect(rec.fuqiAfter).toHaveLength(sides);
  if (prev && prev.match === rec.match) expect(rec.fuqiBefore).toEqual(prev.fuqiAfter);
  else expect(rec.fuqiBefore).toEqual(new Array(sides).fill(24));
  expect(Number.isInteger(rec.turns) && rec.turns >= 0).toBe(true);
}

/** Recount the summary's reproducible numbers from the JSONL alone. */
function recount(recs: HandRecord[], cfg: SimConfig): Partial<SimSummary> & { wins: number[] } {
  const sides = cfg.options.mode === '2v2' ? 2 : cfg.players;
  const seatsOf = (side: number) => (cfg.options.mode === '2v2' ? [side, side + 2] : [side]);
  const sideOf = (seat: number) => (cfg.options.mode === '2v2' ? seat % 2 : seat);
  const wins = new Array<number>(cfg.players).fill(0);
  const byMatch = new Map<number, HandRecord[]>();
  for (const r of recs) byMatch.set(r.match, [...(byMatch.get(r.match) ?? []), r]);
  let finished = 0;
  let draws = 0;
  for (const hands of byMatch.values()) {
    const last = hands[hands.length - 1]!;
    const wasIn = [...Array(sides).keys()].filter((i) => last.fuqiBefore[i]! > 0);
    const stillIn = wasIn.filter((i) => last.fuqiAfter[i]! > 0);
    if (cfg.options.mode === '2v2' ? stillIn.length === 2 : stillIn.length >= 2) continue; // unfinished
    finished++;
    let winners: number[];
    if (stillIn.length === 1) winners = stillIn;
    else {
      // Spec §6.4 [HI-59] / §7.11: highest 福气, then the declarer, else a shared draw.
      const top = Math.max(...wasIn.map((i) => last.fuqiAfter[i]!));
      const tied = wasIn.filter((i) => last.fuqiAfter[i] === top);
      const decl = sideOf(last.declarer!);
      winners = tied.length === 1 ? tied : tied.includes(decl) ? [decl] : [];
      if (!winners.length) draws++;
    }
    for (const w of winners) for (const seat of seatsOf(w)) wins[seat]!++;
  }
  const turns = recs.map((r) => r.turns).sort((a, b) => a - b);
  const q = (f: number) => turns[Math.ceil(f * turns.length) - 1]!;
  const declared = recs.filter((r) => r.outcome === 'declared');
  const rows = new Array<number>(22).fill(0);
  for (const r of declared) {
    const side = sideOf(r.declarer!);
    const found = new Set<number>();
    if (r.turns === 0) {
      // 天时/地利 at deal time: W = m × (12, 10 or 22).
      const B = r.W! / (r.nirvana ? 2 : 1);
      if (B === 12 || B === 22) found.add(17);
      if (B === 10 || B === 22) found.add(18);
    } else for (const c of areaScore(r.scoreAreas[side]!.map((x) => ({ code: x.card, attr: x.attr })), r.santie[side]!, r.options).combos) found.add(c.row);
    if (r.nirvana) found.add(21);
    for (const row of found) rows[row]!++;
  }
  return {
    wins,
    finished,
    draws,
    matches: byMatch.size,
    hands: {
      total: recs.length,
      perMatch: recs.length / byMatch.size,
      outcomes: Object.fromEntries((['declared', 'drawn', 'dead'] as const).map((o) => [o, recs.filter((r) => r.outcome === o).length])) as never,
    },
    handLength: { mean: turns.reduce((a, b) => a + b, 0) / turns.length, median: q(0.5), p10: q(0.1), p90: q(0.9), max: turns[turns.length - 1]! },
    W: { mean: declared.reduce((a, r) => a + r.W!, 0) / declared.length, max: Math.max(...declared.map((r) => r.W!)) },
    combos: rows.slice(1).map((n, i) => ({ row: i + 1, n })) as never,
  };
}

describe('simulate → JSONL', () => {
  const cases: [string, Parameters<typeof resolveConfig>[0]][] = [
    ['4 heuristic players', { players: 4, matches: 8, seed: 'a', bots: 'heuristic' }],
    ['3 players: random, heuristic, search', { players: 3, matches: 2, seed: 'b', bots: 'random,heuristic,search', searchIterations: 2, maxHands: 4 }],
    ['2v2 with options', { players: 4, matches: 6, seed: 'c', bots: 'heuristic,random,heuristic,random', mode: '2v2', options: '{"shuangyun_value":1,"declare_trigger":"card_change"}' }],
    ['2 players, random', { players: 2, matches: 5, seed: 'd', bots: 'random', maxHands: 12 }],
  ];
  for (const [name, input] of cases) {
    it(`${name}: every line parses with exactly the documented fields; workers 1 and 2 write identical files; the summary matches a recount`, async () => {
      const cfg = config(input);
      const f1 = join(dir, `${input.seed}-1.jsonl`);
      const f2 = join(dir, `${input.seed}-2.jsonl`);
      const one = await runToFile({ ...cfg, workers: 1 }, f1);
      const two = await runToFile({ ...cfg, workers: 2 }, f2);
      expect(readFileSync(f2, 'utf8')).toBe(readFileSync(f1, 'utf8'));
      expect(two.summary).toEqual(one.summary);
      const recs = readJsonl(f1);
      expect(recs.length).toBe(one.summary.hands.total);
      expect(recs.length).toBeGreaterThan(0);
      recs.forEach((r, i) => checkRecord(r, cfg, recs[i - 1]));
      const rc = recount(recs, cfg);
      const s = one.summary;
      expect(s.winRate.map((w) => w.count)).toEqual(rc.wins);
      expect([s.matches, s.finished, s.draws]).toEqual([cfg.matches, rc.finished, rc.draws]);
      expect(s.hands.total).toBe(rc.hands!.total);
      expect(s.hands.perMatch).toBeCloseTo(rc.hands!.perMatch, 10);
      expect(Object.fromEntries(Object.entries(s.hands.outcomes).map(([k, v]) => [k, v.count]))).toEqual(rc.hands!.outcomes);
      expect(s.handLength.mean).toBeCloseTo(rc.handLength!.mean, 10);
      expect([s.handLength.median, s.handLength.p10, s.handLength.p90, s.handLength.max]).toEqual([rc.handLength!.median, rc.handLength!.p10, rc.handLength!.p90, rc.handLength!.max]);
      if (s.hands.outcomes.declared.count) {
        expect(s.W.mean).toBeCloseTo(rc.W!.mean, 10);
        expect(s.W.max).toBe(rc.W!.max);
      }
      expect(s.combos.map((c) => c.hands.count)).toEqual((rc.combos as unknown as { n: number }[]).map((c) => c.n));
      for (const w of s.winRate) expect(w.lo <= w.rate && w.rate <= w.hi).toBe(true);
    }, 120_000);
  }

  it('the file appears only when the run is done (written to .tmp, then renamed)', async () => {
    const cfg = config({ players: 2, matches: 2, seed: 'tmp', bots: 'random' });
    const out = join(dir, 'atomic.jsonl');
    let sawTmp = false;
    await runToFile(cfg, out, {
      onProgress: () => {
        sawTmp ||= existsSync(`${out}.tmp`) && !existsSync(out);
      },
    });
    expect(sawTmp).toBe(true);
    expect(existsSync(`${out}.tmp`)).toBe(false);
    expect(readJsonl(out).length).toBeGreaterThan(0);
  });
});
