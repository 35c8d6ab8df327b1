// simulate moyu-wang: config validation with clear messages, one record per game with exactly the
// documented fields, records that replay through the contract engine to the same scores and
// winners, the same bytes for 1 and 2 workers, and a summary the records recount.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMw, startMw, statusMw, type MwMove, type MwState } from '../../../shared/games/moyu-wang';
import { MW_RECORD_FIELDS, MW_ROUND_FIELDS } from '../../../shared/games/moyu-wang/table';
import { mwRecordLine, playMwMatch, resolveMwConfig, runMwToFile, type MwSimConfig } from './index';

const dir = mkdtempSync(join(tmpdir(), 'fuqi-mw-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function config(input: Parameters<typeof resolveMwConfig>[0]): MwSimConfig {
  const r = resolveMwConfig(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('moyu-wang simulation config', () => {
  it.each([
    [{ bots: 'genius' }, /Unknown bot "genius"; bots are: random, heuristic, search/],
    [{ bots: 'random,heuristic' }, /one bot for all seats or one per seat \(4\)/],
    [{ players: 10 }, /--players must be 2–9/],
    [{ options: '{oops' }, /--options is not valid JSON/],
    [{ options: '[1]' }, /--options must be a JSON object/],
    [{ options: '{"hand_size":0}' }, /Option hand_size: 0 is not allowed \(3–11\)/],
    [{ options: '{"roles":true}', players: 3 }, /hidden-role mode needs 4–9 players/],
    [{ matches: 0 }, /--games must be a whole number ≥ 1/],
    [{ workers: 0 }, /--workers must be 1–64/],
    [{ searchIterations: 0 }, /--search-iterations must be a whole number ≥ 1/],
  ])('refuses %j', (input, message) => {
    const r = resolveMwConfig(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(message);
  });
});

/** A round of a record's line. */
interface LineRound {
  plays: { seat: number; cards: string[] }[];
  excuses: { seat: number; card: string; number: string; target: number | null }[];
  draws: { seat: number; cards: string[] }[];
}

/** Replay a record's rounds through the contract; the final state. */
function replay(rec: { seed: string; players: number; options: MwState['options']; rounds: LineRound[] }): MwState {
  let s = startMw(rec.seed, rec.players, rec.options).state;
  const apply = (m: MwMove) => {
    const r = applyMw(s, m);
    if (!r.ok) throw new Error(`${JSON.stringify(m)} refused: ${r.message.en}`);
    s = r.state;
  };
  for (const round of rec.rounds) {
    for (const p of round.plays) apply({ type: 'play', seat: p.seat, cards: p.cards.map(Number) });
    for (const e of round.excuses) apply(e.target === null ? { type: 'excuse', seat: e.seat, card: Number(e.number) } : { type: 'excuse', seat: e.seat, card: Number(e.number), target: e.target });
    if (s.phase === 'excuse') apply({ type: 'accept', seat: s.turn });
  }
  return s;
}

const two = (cards: readonly number[]) => cards.map((c) => String(c).padStart(2, '0'));

describe('moyu-wang simulation records', () => {
  it('writes one line per game with exactly the fields, in order; the lines replay through the contract engine', async () => {
    const cfg = config({ matches: 60, players: 5, bots: 'random,heuristic,random,heuristic,search', seed: 'rec', searchIterations: 8 });
    const out = join(dir, 'a.jsonl');
    const { summary } = await runMwToFile(cfg, out);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines.length).toBe(60);
    let wins = 0;
    for (const line of lines) {
      const rec = JSON.parse(line);
      expect(Object.keys(rec)).toEqual([...MW_RECORD_FIELDS]);
      const s = replay(rec);
      expect(s.phase).toBe('over');
      expect(statusMw(s).scores).toEqual(rec.scores);
      expect(statusMw(s).winners).toEqual(rec.winners);
      expect(s.markers).toEqual(rec.markers);
      expect(rec.scores).toEqual(rec.scorePiles.map((p: number, k: number) => p + rec.handsLeft[k] * 5));
      // Every round's fields in order; the draws are the ones the engine made in that round.
      for (const [i, round] of (rec.rounds as LineRound[]).entries()) {
        expect(Object.keys(round)).toEqual([...MW_ROUND_FIELDS]);
        expect(round.draws).toEqual(s.drawLog.filter((g) => g.round === s.rounds[i]!.round).map((g) => ({ seat: g.seat, cards: two(g.cards) })));
        for (const e of round.excuses) expect(['not-me', 'he-can', 'no-its-you', 'help-me', 'everyone-stop', 'no-leave', 'hustle', 'blank']).toContain(e.card);
      }
      expect(rec.finalHands).toEqual(s.hands.map(two));
      expect(rec.handsLeft).toEqual(s.hands.map((h) => h.length));
      expect(rec.blackCards).toEqual(s.hands.map((h, k) => [...h, ...s.piles[k]!].filter((c) => c >= 80).length));
      expect(rec.endedBy).toBe(s.end!.reason === 'empty' ? 'empty-hand' : 'third-overtime');
      expect(rec.hands.flat().every((c: string) => /^\d{2,3}$/.test(c))).toBe(true);
      wins += rec.winners.length;
    }
    expect(summary.byBot.reduce((n, b) => n + b.wins.count, 0)).toBe(wins);
  });

  it('the fast line is the same data as the record', () => {
    const r = playMwMatch(config({ matches: 1, bots: 'heuristic', seed: 'x', options: { roles: true } }), 0);
    const parsed = JSON.parse(mwRecordLine(r.record));
    expect(parsed.scores).toEqual(r.record.scores);
    expect(parsed.roles).toEqual(r.record.roles);
    expect(parsed.rounds.length).toBe(r.record.rounds.length);
    expect(parsed.rounds[0].plays).toEqual(r.record.rounds[0]!.plays.map((p) => ({ seat: p.seat, cards: two(p.cards) })));
  });

  it('gives the same bytes and summary with 1 and 2 workers', async () => {
    const base = { matches: 40, players: 4, seed: 'w' };
    const a = join(dir, 'w1.jsonl');
    const b = join(dir, 'w2.jsonl');
    const r1 = await runMwToFile(config({ ...base, bots: 'random', workers: 1 }), a);
    const r2 = await runMwToFile(config({ ...base, bots: 'random', workers: 2 }), b);
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
    expect(r1.summary).toEqual(r2.summary);
  }, 60_000);
});
