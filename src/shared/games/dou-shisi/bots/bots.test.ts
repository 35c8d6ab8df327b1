// 斗十四 bots: every bot plays only legal moves through whole matches; the same generator gives the
// same move; the heuristic keeps sum-14 pairs and beats random play; the search bot's sampled
// worlds agree with what its seat sees.
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../engine/simulate';
import { Rng, seedRng } from '../../../util/rng';
import { cards, douShisi, legalDs, viewDs, type DsState } from '..';
import { chooseDiscard, createSearchBot, makeDsBot, pairedMask, sampleWorld, type Knowledge } from '.';

const opts = { ...douShisi.defaultOptions, hands: 1 };

describe('斗十四 bots', () => {
  it('random, heuristic and search bots finish matches with legal moves', () => {
    const bots = [makeDsBot('random'), makeDsBot('heuristic'), createSearchBot({ worlds: 3 }), makeDsBot('heuristic')];
    for (let i = 0; i < 3; i++) {
      const r = simulate(douShisi, { seed: `bots/${i}`, players: 4, options: { ...opts, hands: 2, piao: true, stop_call: true }, bots });
      expect(r.status.over).toBe(true);
    }
  });

  it('the heuristic keeps pairs and discards the loose card with the fewest unseen partners', () => {
    const hand = cards('AS KD 6H 8C 4S 2C');
    expect(pairedMask(hand)).toEqual([true, true, true, true, false, false]);
    // Three 10s are face up: the 4 has one unseen partner left, the 2 has four.
    const k: Knowledge = { hand, melds: [[], [{ type: 'peng', cards: cards('TS TH TC') }], [], []], flowers: [[], [], [], []], gaps: [[], [], [], []], options: opts, seat: 0 };
    expect(chooseDiscard(k)).toBe(cards('4S')[0]);
  });

  it('the heuristic beats random players (mean payment per hand, 200 hands)', () => {
    let sum = 0;
    for (let i = 0; i < 200; i++) {
      const seat = i % 4;
      const bots = [0, 1, 2, 3].map((k) => makeDsBot(k === seat ? 'heuristic' : 'random'));
      const r = simulate(douShisi, { seed: `h/${i}`, players: 4, options: opts, bots, recordMoves: false });
      sum += (r.state as DsState).results[0]!.payments[seat]!;
    }
    expect(sum / 200).toBeGreaterThan(1);
  });

  it('a sampled world keeps the seat’s hand, every face-up card and each count, and the same generator gives the same move', () => {
    const s = douShisi.setup({ seed: 'world', players: 4, options: opts });
    const seat = douShisi.status(s).toAct[0]!;
    const v = viewDs(s, seat);
    const w = sampleWorld(v, seat, new Rng(seedRng('w')));
    expect(w.concealed[seat]).toEqual(s.concealed[seat]);
    expect(w.concealed.map((h) => h.length)).toEqual(s.concealed.map((h) => h.length));
    expect(w.stock).toHaveLength(s.stock.length);
    expect(new Set([...w.stock, ...w.concealed.flat(), ...w.flowers.flat(), ...w.melds.flat().flatMap((m) => m.cards)]).size).toBe(56);
    const bot = createSearchBot({ worlds: 4 });
    const legal = legalDs(s, seat);
    const pick = () => bot({ seat, view: v, legal, rng: new Rng(seedRng('same')) });
    expect(pick()).toEqual(pick());
  });
});
