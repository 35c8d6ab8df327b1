// simulate dou-shisi: config validation with clear messages, one record per hand with the issue's
// fields (cards as codes, zero-sum payments), records whose transcripts replay through the contract
// engine to the same results, the same bytes for 1 and 2 workers, and a summary the records recount.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyDs, dsRecordJson, dsRecordLine, isJoker, legalDs, parseCard, startDs, type DsMove, type DsRecord, type DsState } from '../../../shared/games/dou-shisi';
import { playDsMatch, resolveDsConfig, runDsToFile, type DsSimConfig } from './index';

const dir = mkdtempSync(join(tmpdir(), 'fuqi-ds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function config(input: Parameters<typeof resolveDsConfig>[0]): DsSimConfig {
  const r = resolveDsConfig(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('dou-shisi simulation config', () => {
  it.each([
    [{ bots: 'genius' }, /Unknown bot "genius"; bots are: random, heuristic, search/],
    [{ bots: 'random,heuristic' }, /one bot for all seats or one per seat \(4\)/],
    [{ players: 6 }, /2–5 players, or 6 with 6 jokers .*'\{"jokers":6\}'/],
    [{ players: 7 }, /2–5 players/],
    [{ options: '{oops' }, /--options is not valid JSON/],
    [{ options: '{"jokers":3}' }, /Option jokers: 3 is not allowed \(2, 4, 6\)/],
    [{ matches: 0 }, /--games must be a whole number ≥ 1/],
    [{ workers: 0 }, /--workers must be 1–64/],
    [{ searchIterations: 0 }, /--search-iterations must be a whole number ≥ 1/],
  ])('refuses %o', (input, msg) => {
    const r = resolveDsConfig(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(msg);
  });

  it('accepts 6 players with 6 jokers', () => {
    expect(config({ players: 6, options: { jokers: 6 } }).bots).toHaveLength(6);
  });
});

const CODE = /^([A2-9TJQK][SHCD]|JK)$/;
const FIELDS = ['game', 'seed', 'hand', 'players', 'options', 'dealer', 'hands', 'moves', 'winner', 'winType', 'red', 'fan', 'payments', 'void'];

/** A record's transcript as engine moves, applied to `s` (the exchange windows' ends inferred). */
function replay(s: DsState, r: DsRecord): DsState {
  const apply = (m: DsMove) => {
    const res = applyDs(s, m);
    if (!res.ok) throw new Error(`${JSON.stringify(m)}: ${res.message.en}`);
    s = res.state;
  };
  const own = (seat: number, codes: string[]) => {
    const hand = s.concealed[seat]!.slice();
    return codes.map((c) => {
      const card = c === 'JK' ? hand.find(isJoker)! : parseCard(c)!;
      hand.splice(hand.indexOf(card), 1);
      return card;
    });
  };
  for (const m of r.moves) {
    if (m.type === 'take') continue;
    while (s.phase === 'exchange' && !(m.type === 'exchange' && m.seat === s.turn)) apply({ type: 'done', seat: s.turn });
    const seat = m.seat;
    switch (m.type) {
      case 'exchange': {
        const cards = own(seat, m.cards);
        const kind = cards.length === 4 ? 'quad' : cards.length === 3 ? 'triple' : isJoker(cards[0]!) ? 'joker' : 'add';
        apply({ type: 'exchange', seat, kind, cards });
        break;
      }
      case 'discard':
        apply({ type: 'discard', seat, card: own(seat, m.cards)[0]! });
        break;
      case 'flip':
        apply({ type: 'flip', seat });
        break;
      case 'pass':
      case 'gang':
      case 'add-gang':
        apply({ type: m.type, seat });
        break;
      case 'chi':
        apply({ type: 'chi', seat, card: own(seat, m.cards.slice(1))[0]! });
        break;
      case 'peng':
        apply({ type: 'peng', seat, cards: own(seat, m.cards.slice(1)) });
        break;
      case 'hu':
        apply(legalDs(s, seat).find((k) => k.type === 'hu' || k.type === 'tianzou')!);
        break;
    }
  }
  return s;
}

describe('dou-shisi simulation records', () => {
  it('one line per hand with the fields in order, codes, zero-sum payments; the transcripts replay through the contract engine', async () => {
    const cfg = config({ matches: 5, seed: 'rec', bots: 'random,heuristic,search,heuristic', searchIterations: 3, options: { hands: 3 } });
    const out = join(dir, 'a.jsonl');
    const { summary } = await runDsToFile(cfg, out);
    const recs = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as DsRecord);
    expect(recs).toHaveLength(15);
    expect(summary.hands).toBe(15);
    for (const r of recs) {
      expect(Object.keys(r)).toEqual(FIELDS);
      expect(r.game).toBe('dou-shisi');
      expect(r.options).toEqual(cfg.options);
      expect(r.hands.map((h) => h.length)).toEqual([0, 1, 2, 3].map((k) => (k === r.dealer ? 8 : 7)));
      for (const c of [...r.hands.flat(), ...r.moves.flatMap((m) => m.cards)]) expect(c).toMatch(CODE);
      expect(r.payments.reduce((a, b) => a + b, 0)).toBe(0);
      if (r.winner === null) expect([r.winType, r.red, r.fan]).toEqual([null, null, null]);
      else expect(r.moves[r.moves.length - 1]).toMatchObject({ seat: r.winner, type: 'hu' });
      expect(dsRecordLine(r)).toBe(dsRecordJson(r));
    }
    const wins = recs.filter((r) => r.winner !== null).length;
    expect(summary.seats.reduce((n, x) => n + x.wins.count, 0)).toBe(wins);
    for (let m = 0; m < 5; m++) {
      let s = startDs(`rec/${m}`, 4, cfg.options).state;
      for (const r of recs.filter((x) => x.seed === `rec/${m}`)) {
        expect(s.dealer).toBe(r.dealer);
        s = replay(s, r);
        const got = s.results[r.hand]!;
        expect([got.winner, got.winType, got.payments]).toEqual([r.winner, r.winType, r.payments]);
      }
      expect(s.phase).toBe('over');
    }
  }, 60_000);

  it('writes the same bytes with 1 and 2 workers, and lists 漂 seats when 漂 is played', async () => {
    const a = join(dir, 'w1.jsonl');
    const b = join(dir, 'w2.jsonl');
    await runDsToFile(config({ matches: 6, seed: 'w', bots: 'random', options: { hands: 2, piao: true }, workers: 1 }), a);
    await runDsToFile(config({ matches: 6, seed: 'w', bots: 'random', options: { hands: 2, piao: true }, workers: 2 }), b);
    expect(readFileSync(b, 'utf8')).toBe(readFileSync(a, 'utf8'));
    const recs = readFileSync(a, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as DsRecord);
    expect(recs.every((r) => Array.isArray(r.piao))).toBe(true);
    expect(recs.some((r) => r.piao!.length > 0)).toBe(true);
  }, 60_000);

  it('plays 2, 3, 5 and 6 seats', () => {
    for (const [players, jokers] of [[2, 2], [3, 4], [5, 4], [6, 6]] as const) {
      const r = playDsMatch(config({ players, bots: 'heuristic', options: { hands: 2, jokers } }), 0);
      expect(r.records).toHaveLength(2);
      for (const rec of r.records) expect(new Set(rec.hands.flat().filter((c) => c !== 'JK')).size).toBe(8 + 7 * (players - 1) - rec.hands.flat().filter((c) => c === 'JK').length);
    }
  });
});
