// 斗老闆 bots: every bot plays only legal moves from a seat's view through whole matches (the
// engine's simulate refuses anything else); the heuristic keeps spec §10's baseline rules; the
// search bot's sampled worlds agree with everything the seat knows.
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../engine/simulate';
import type { BotInput } from '../../../engine/types';
import { Rng, seedRng } from '../../../util/rng';
import { parseCard } from '../cards';
import { douLaoban, startDl, viewDl, legalDl, type DlMove, type DlState, type DlView } from '../game';
import { DEFAULT_OPTIONS } from '../options';
import { chooseBid, createHeuristicBot, createSearchBot, heuristicBot, makeDlBot, randomBot, sampleWorld } from './index';

const cards = (...codes: string[]) => codes.map(parseCard);

/** A play-phase state with chosen hands and trick. */
function position(hands: number[][], boss: number, turn: number, top: DlState['trick'], played: number[] = []): DlState {
  const s0 = startDl('bots', 3, { ...DEFAULT_OPTIONS, first_bidder: 'seat0' }).state;
  return { ...s0, phase: 'play', hands, kitty: [], boss, bidder: boss, highest: { seat: boss, bid: 1 }, bids: [{ seat: boss, bid: 1 }], turn, trick: top, played };
}
const input = (s: DlState, seat: number): BotInput<DlView, DlMove> => ({ seat, view: viewDl(s, seat), legal: legalDl(s, seat), rng: new Rng(seedRng('x')) });

describe('斗老闆 bots play whole matches with legal moves only', () => {
  it.each([
    ['random', 'heuristic', 'heuristic'],
    ['heuristic', 'search', 'random'],
  ] as const)('%s, %s, %s over 2 matches of 2 deals', (...kinds) => {
    for (let g = 0; g < 2; g++) {
      const bots = kinds.map((k) => makDl(k));
      const r = simulate(douLaoban, { seed: `bots/${g}`, players: 3, options: { ...DEFAULT_OPTIONS, deals: 2 }, bots });
      expect(r.status.over).toBe(true);
      expect(r.status.scores.reduce((a, b) => a + b, 0)).toBe(0);
    }
  }, 60_000);

  it('the heuristic and search bots answer the optional phases (rob, doubling, show hand)', () => {
    const o = { ...DEFAULT_OPTIONS, deals: 1, rob: true, doubling: true, show_hand: true };
    const r = simulate(douLaoban, { seed: 'extras', players: 3, options: o, bots: [heuristicBot, createSearchBot({ playouts: 20 }), createHeuristicBot()] });
    expect(r.status.over).toBe(true);
  }, 60_000);
});
const makDl = (k: 'random' | 'heuristic' | 'search') => (k === 'search' ? createSearchBot({ playouts: 24 }) : makeDlBot(k));

describe('the heuristic (spec §10)', () => {
  it('bids from hand strength: nothing on a weak hand, 3× with 2s, jokers and a bomb', () => {
    const weak = [0, 0, 0, 2, 1, 1, 1, 2, 1, 1, 1, 2, 1, 1, 0, 0, 0, 0];
    expect(chooseBid(weak, 0)).toBe(0);
    const strong = [0, 0, 0, 4, 1, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0, 3, 1, 1];
    expect(chooseBid(strong, 0)).toBe(3);
    expect(chooseBid(strong, 3)).toBe(0);
  });

  it('as an Employee lets the partner’s winning play stand, unless the Boss is about to go out', () => {
    // Seat 0 Boss; seat 1 (partner of 2) played a 9; seat 2 could beat it with a K.
    const hands = [cards('3S', '4S', '5S', '6H', '8H', '9H'), cards('3H', '4H', '5H'), cards('KS', '7S', '7H', '8S')];
    const top = { top: { type: 'SINGLE' as const, key: 9, n: 1 }, topBy: 1, passes: 0 };
    expect(heuristicBot(input(position(hands, 0, 2, top), 2))).toEqual({ type: 'pass', seat: 2 });
    const near = [cards('3S', '4S'), hands[1]!, hands[2]!];
    expect(heuristicBot(input(position(near, 0, 2, top), 2))).toEqual({ type: 'play', seat: 2, cards: cards('KS') });
  });

  it('keeps bombs to regain the lead: no bomb on an early single, a bomb when the Boss is down to few cards', () => {
    const bombHand = cards('9S', '9H', '9D', '9C', '4S', '5H', '6D', 'JS', 'QS', 'KH');
    const top = { top: { type: 'SINGLE' as const, key: 15, n: 1 }, topBy: 0, passes: 0 };
    const boss = cards('3S', '3H', '4H', '5D', '6S', '7S', '8S', 'TS', 'TH', 'JH', 'QH', 'KS');
    const early = heuristicBot(input(position([boss, bombHand, cards('3D', '4D')], 0, 1, top), 1));
    expect(early).toEqual({ type: 'pass', seat: 1 });
    const late = heuristicBot(input(position([cards('3S', 'KS'), bombHand, cards('3D', '4D', '5C', '6C', '7C')], 0, 1, top), 1));
    expect(late).toEqual({ type: 'play', seat: 1, cards: cards('9S', '9H', '9D', '9C') });
  });

  it('leads low combinations that use many cards', () => {
    const hand = cards('3S', '4S', '5H', '6D', '7C', '8S', 'KS', 'KH', '2S');
    const m = heuristicBot(input(position([hand, cards('9S', '9H', '9D', 'TS', 'TH'), cards('JS', 'JH', 'QS', 'QH', 'AS')], 0, 0, { top: null, topBy: 0, passes: 0 }), 0));
    expect(m).toEqual({ type: 'play', seat: 0, cards: cards('3S', '4S', '5H', '6D', '7C', '8S') });
  });

  it('when the Boss holds one card, leads a pair rather than a single it could beat', () => {
    const hand = cards('3S', '5H', '5D', '9C');
    const m = heuristicBot(input(position([cards('AS'), hand, cards('JS', 'JH', 'QS')], 0, 1, { top: null, topBy: 1, passes: 0 }), 1));
    expect(m).toEqual({ type: 'play', seat: 1, cards: cards('5H', '5D') });
  });
});

describe('the search bot', () => {
  it('samples hidden hands consistent with the view: own hand and played cards excluded, counts kept, the shown kitty with the Boss', () => {
    let s = startDl('world', 3, { ...DEFAULT_OPTIONS, first_bidder: 'seat0' }).state;
    const rng = new Rng(seedRng('w'));
    const bots = [heuristicBot, heuristicBot, heuristicBot];
    for (let k = 0; k < 20 && s.phase !== 'over'; k++) {
      const seat = s.turn;
      const m = bots[seat]!(input(s, seat));
      const r = douLaoban.apply(s, m);
      if (!r.ok) throw new Error(r.message.en);
      s = r.state;
    }
    expect(s.phase).toBe('play');
    for (const seat of [0, 1, 2]) {
      const v = viewDl(s, seat);
      for (let t = 0; t < 20; t++) {
        const w = sampleWorld(v, seat, rng);
        expect(w.map((h) => h.length)).toEqual(v.counts);
        expect(w[seat]).toEqual(v.hand);
        const all = [...w.flat(), ...v.played];
        expect(new Set(all).size).toBe(54);
        if (s.boss !== seat) for (const c of s.kitty.filter((x) => !v.played.includes(x))) expect(w[s.boss!]).toContain(c);
      }
    }
  });

  it('goes out when it can and returns the same move from the same generator', () => {
    const hands = [cards('3S', '3H', '3D', '5C'), cards('9S', '9H'), cards('JS', 'QS', 'KS')];
    const s = position(hands, 0, 0, { top: null, topBy: 0, passes: 0 });
    const bot = createSearchBot({ playouts: 40 });
    const a = bot(input(s, 0));
    expect(a).toEqual({ type: 'play', seat: 0, cards: cards('3S', '3H', '3D', '5C') });
    const s2 = position([cards('3S', '4H', '7D', '8D', 'AC'), cards('9S', '9H', '2S'), cards('JS', 'QS', 'KS', 'KH')], 0, 0, { top: null, topBy: 0, passes: 0 });
    expect(bot(input(s2, 0))).toEqual(bot(input(s2, 0)));
  });

  it('random bot picks from the legal list', () => {
    const s = position([cards('3S', '4H'), cards('9S'), cards('JS')], 0, 0, { top: null, topBy: 0, passes: 0 });
    const i = input(s, 0);
    expect(i.legal).toContainEqual(randomBot(i));
  });
});
