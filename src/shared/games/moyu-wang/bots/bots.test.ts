// 摸鱼王 bots: legal moves through whole games (every player count, role mode, changed options),
// the heuristic's behaviours (dump high numbers, keep rainbows and excuses, answer overtime with
// an excuse), the search bot's sampled worlds (consistent with the view) and its determinism,
// (the table's lookup by game id: renderer/…/table/model/game-bots.test.ts).
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../engine/simulate';
import { Rng, seedRng } from '../../../util/rng';
import { DECK_SIZE } from '../cards';
import { moyuWang, viewMw } from '../game';
import { card, position, round } from '../testing';
import { createSearchBot, heuristicBot, heuristicMove, makeMwBot, sampleState } from './index';
import type { MwMove } from '../state';
import { legalMw } from '../game';

const input = (s: ReturnType<typeof position>, seed = 'b') => ({ seat: s.turn, view: viewMw(s, s.turn), legal: legalMw(s, s.turn), rng: new Rng(seedRng(seed)) });

describe('摸鱼王 bots', () => {
  it('heuristic and search bots play whole games legally: 2–9 players, role mode, changed options', () => {
    const search = createSearchBot({ playouts: 6 });
    for (let players = 2; players <= 9; players++) {
      const options = { ...moyuWang.defaultOptions, roles: players >= 4 && players % 2 === 0, its_you_any: players % 3 === 0, blank_excuse: players % 2 ? ('not_me' as const) : ('blank' as const) };
      const bots = Array.from({ length: players }, (_, k) => (k === 0 ? search : k % 2 ? heuristicBot : makeMwBot('random')));
      const r = simulate(moyuWang, { seed: `bots/${players}`, players, options, bots, recordMoves: false });
      expect(moyuWang.status(r.state).over).toBe(true);
    }
  });

  it('heuristic: leads by dumping its high cards, not its lowest card, and keeps the rainbow', () => {
    const s = position({ hands: [['R11', 'R18', 'R19', 'RB04', 'G35'], ['Y22', 'Y23', 'R13', 'B45', 'N61', 'N62'], ['G33', 'G34', 'R15', 'P55', 'P56', 'N63'], ['B41', 'B42', 'Y24', 'N64', 'N65', 'R16']] });
    const m = heuristicMove(input(s)) as Extract<MwMove, { type: 'play' }>;
    expect(m.cards).not.toContain(card('R11'));
    expect(m.cards).not.toContain(card('RB04'));
  });

  it('heuristic: following, plays high in the hot colour rather than its low card', () => {
    let s = position({ hands: [['R14', 'R15'], ['R12', 'R19', 'Y22'], ['G33'], ['B41']] });
    s = round(s, ['R14']);
    const m = heuristicMove(input(s)) as Extract<MwMove, { type: 'play' }>;
    expect(m.cards).toEqual([card('R19')]);
  });

  it('heuristic: keeps an excuse card in the play phase when a safe card exists', () => {
    const s = position({ hands: [['K:not_me#1', 'N79', 'Y22', 'Y23'], ['R12'], ['G33'], ['B41']] });
    const m = heuristicMove(input(s)) as Extract<MwMove, { type: 'play' }>;
    expect(m.cards).not.toContain(card('K:not_me#1'));
  });

  it('heuristic: answers overtime with an excuse (a bounce first)', () => {
    let s = round(position({ hands: [['R11', 'K:he_can#1', 'R19'], ['R14', 'R18'], ['G33', 'G38'], ['B41', 'K:its_you#1', 'B48']] }), ['R11'], ['R14'], ['G33'], ['B41']);
    const first = heuristicMove(input(s));
    expect(first.type).toBe('excuse');
    const r = moyuWang.apply(s, first);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    s = r.state;
    if (s.phase === 'excuse' && s.turn === 3) expect(heuristicMove(input(s))).toEqual({ type: 'excuse', seat: 3, card: card('K:its_you#1') });
  });

  it('search: sampled worlds keep the seat’s hand, the table, every count, and all 101 cards once', () => {
    const { state } = moyuWang.start!({ seed: 'w', players: 5, options: { ...moyuWang.defaultOptions, roles: true } });
    let s = state;
    const rng = new Rng(seedRng('walk'));
    for (let k = 0; k < 12 && !moyuWang.status(s).over; k++) {
      const seat = moyuWang.status(s).toAct[0]!;
      const legal = moyuWang.legalMoves(s, seat);
      const r = moyuWang.apply(s, legal[rng.int(legal.length)]!);
      if (r.ok) s = r.state;
    }
    if (moyuWang.status(s).over) return;
    const seat = s.turn;
    const v = viewMw(s, seat);
    for (let w = 0; w < 20; w++) {
      const t = sampleState(v, rng);
      expect(t.hands[seat]).toEqual(v.hand);
      expect(t.hands.map((h) => h.length)).toEqual(v.counts);
      expect(t.plays).toEqual(s.plays);
      expect(t.draw.length).toBe(s.draw.length);
      const live = [...t.hands.flat(), ...t.draw, ...t.discard, ...t.plays.flatMap((p) => p.cards)];
      expect(new Set(live).size).toBe(live.length);
      expect(live.length + s.piles.flat().length - t.discard.length + s.discard.length).toBe(DECK_SIZE);
      expect(t.roles![seat]).toBe(s.roles![seat]);
      expect(t.roles!.indexOf('boss')).toBe(s.roles!.indexOf('boss'));
    }
  });

  it('search: the same generator gives the same move', () => {
    const s = position({ hands: [['R11', 'R18', 'R19', 'Y25', 'G35'], ['Y22', 'R12'], ['G33', 'B44'], ['B41', 'P55']] });
    const bot = createSearchBot({ playouts: 20 });
    expect(bot(input(s, 'd'))).toEqual(bot(input(s, 'd')));
  });
});
