// simulate dou-laoban: config validation with clear messages, one record per deal with exactly the
// issue's fields, zero-sum scores, records that replay through the contract engine to the same
// scores, the same bytes for 1 and 2 workers, and a summary that the records recount.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyDl, parseCard, startDl, type DlMove, type DlState } from '../../../shared/games/dou-laoban';
import { DL_RECORD_FIELDS } from '../../../shared/games/dou-laoban/table';
import { dlRecordJson, dlRecordLine, playDlMatch, resolveDlConfig, runDlToFile, type DlSimConfig } from './index';

const dir = mkdtempSync(join(tmpdir(), 'fuqi-dl-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function config(input: Parameters<typeof resolveDlConfig>[0]): DlSimConfig {
  const r = resolveDlConfig(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('dou-laoban simulation config', () => {
  it.each([
    [{ bots: 'genius' }, /Unknown bot "genius"; bots are: random, heuristic, search/],
    [{ bots: 'random,heuristic' }, /one bot for all seats or one per seat \(3\)/],
    [{ options: '{oops' }, /--options is not valid JSON/],
    [{ options: '[1]' }, /--options must be a JSON object/],
    [{ options: '{"deals":0}' }, /Option deals: 0 is not allowed \(1–50\)/],
    [{ matches: 0 }, /--games must be a whole number ≥ 1/],
    [{ workers: 0 }, /--workers must be 1–64/],
    [{ searchIterations: 0 }, /--search-iterations must be a whole number ≥ 1/],
  ])('refuses %o', (input, msg) => {
    const r = resolveDlConfig(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(msg);
  });
});

const CODE = /^([3-9TJQKA2][SHDC]|SJ|BJ)$/;

describe('dou-laoban simulation records', () => {
  it('writes one line per deal with exactly the fields, in order, cards as codes, zero-sum scores; the lines replay through the contract engine', async () => {
    const cfg = config({ matches: 6, seed: 'rec', bots: 'random,heuristic,search', searchIterations: 12, options: { deals: 3 } });
    const out = join(dir, 'a.jsonl');
    const { summary } = await runDlToFile(cfg, out);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    const recs = lines.map((l) => JSON.parse(l) as Record<string, unknown> & { [k: string]: any });
    expect(summary.deals).toBe(18);
    expect(lines.length).toBe(18 + summary.redeals);
    for (const r of recs) {
      expect(Object.keys(r)).toEqual([...DL_RECORD_FIELDS]);
      expect(r.game).toBe('dou-laoban');
      expect(r.options).toEqual(cfg.options);
      expect(r.hands.map((h: string[]) => h.length)).toEqual([17, 17, 17]);
      expect(r.kitty).toHaveLength(3);
      for (const c of [...r.hands.flat(), ...r.kitty]) expect(c).toMatch(CODE);
      expect(new Set([...r.hands.flat(), ...r.kitty]).size).toBe(54);
      expect(r.scores.reduce((a: number, b: number) => a + b, 0)).toBe(0);
      expect(r.scores.every(Number.isInteger)).toBe(true);
      expect(r.combos).toHaveLength(r.plays.filter((p: object) => 'cards' in p).length);
      if (r.boss === null) {
        expect(r.bids.every((b: { bid: number }) => b.bid === 0)).toBe(true);
        expect(r.winner).toBeNull();
      } else {
        expect(r.multiplier).toBe(r.bids.reduce((m: number, b: { bid: number }) => Math.max(m, b.bid), 0) * 2 ** r.bombs * (r.spring || r.antiSpring ? 2 : 1));
        expect(Math.abs(r.scores[r.boss])).toBe(2 * r.multiplier);
      }
    }
    // Each match's records, replayed as moves through the contract engine, give the same deals and scores.
    for (let m = 0; m < 6; m++) {
      let s: DlState = startDl(`rec/${m}`, 3, cfg.options).state;
      const mine = recs.filter((r) => r.seed === `rec/${m}`);
      for (const r of mine) {
        expect(s.dealt.map((h) => h.length)).toEqual([17, 17, 17]);
        expect(r.firstBidder).toBe(s.firstBidder);
        const moves: DlMove[] = [...r.bids.map((b: { seat: number; bid: 0 | 1 | 2 | 3 }) => ({ type: 'bid' as const, seat: b.seat, bid: b.bid })), ...r.plays.map((p: { seat: number; cards?: string[] }) => (p.cards ? { type: 'play' as const, seat: p.seat, cards: p.cards.map(parseCard) } : { type: 'pass' as const, seat: p.seat }))];
        const results = s.results.length;
        for (const mv of moves) {
          const res = applyDl(s, mv);
          if (!res.ok) throw new Error(`${JSON.stringify(mv)}: ${res.message.en}`);
          s = res.state;
        }
        if (r.boss !== null) expect(s.results[results]).toMatchObject({ boss: r.boss, winner: r.winner, bombs: r.bombs, spring: r.spring, antiSpring: r.antiSpring, multiplier: r.multiplier, scores: r.scores });
      }
      expect(s.phase).toBe('over');
    }
  }, 120_000);

  it('the fast line is the same text as JSON.stringify of the fields in order', () => {
    const r = playDlMatch(config({ matches: 1, seed: 'line', bots: 'random', options: { deals: 4, rob: true } }), 0);
    for (const rec of r.records) expect(dlRecordLine(rec)).toBe(dlRecordJson(rec));
  });

  it('gives the same bytes and summary with 1 and 2 workers', async () => {
    const a = join(dir, 'w1.jsonl');
    const b = join(dir, 'w2.jsonl');
    const base = { matches: 8, seed: 'w', bots: 'heuristic,random,heuristic', options: { deals: 2 } };
    const r1 = await runDlToFile(config({ ...base, workers: 1 }), a);
    const r2 = await runDlToFile(config({ ...base, workers: 2 }), b);
    expect(readFileSync(b, 'utf8')).toBe(readFileSync(a, 'utf8'));
    expect(r2.summary).toEqual(r1.summary);
    const recs = readFileSync(a, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { boss: number | null; winner: number });
    const played = recs.filter((r) => r.boss !== null);
    expect(r1.summary.deals).toBe(played.length);
    expect(r1.summary.bossWins.count).toBe(played.filter((r) => r.winner === r.boss).length);
  }, 120_000);
});
