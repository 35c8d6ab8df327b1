// The simulator's lean path: `simulate` draws its random bot's move with `randomMove` (no full
// legal list, payments shared with the payment tables), applies it with `applyListed` (no
// legality check) and asks `actor` instead of building the status after every move. All of it
// must leave play exactly as `legalMoves`, `apply` and `status` would: the same moves, events and
// states, and the same draws from every generator.
import { describe, expect, it } from 'vitest';
import { randomBot, simulate } from '../../engine/simulate';
import { Rng, seedRng } from '../../util/rng';
import { randomSetup } from './fuzz';
import { statusOf, zodiacRace } from './game';
import { decisionKind, legalMoves } from './legal';
import type { ZrOptions } from './options';
import { randomMove } from './random-move';

/** The game without its lean path: every move listed in full, checked by `apply`, the status after every move. */
const checked = { ...zodiacRace, applyListed: undefined, actor: undefined, randomMove: undefined };

/** A whole game's moves, events and states as one JSON text per move. */
function transcript(game: typeof zodiacRace, seed: string, players: number, options: ZrOptions): string[] {
  const out: string[] = [];
  const r = simulate(game, { seed, players, options, bots: randomBot, onMove: ({ move, events, state }) => void out.push(JSON.stringify([move, events, state])) });
  out.push(JSON.stringify([r.status, r.steps]));
  return out;
}

describe('simulate with randomMove, applyListed and actor', () => {
  it('plays the same games as legalMoves, apply and status, move for move, under random rule options', () => {
    const r = new Rng(seedRng('zr-lean'));
    for (let g = 0; g < 16; g++) {
      const { players, options } = g < 3 ? { players: 2 + g * 2, options: zodiacRace.defaultOptions } : randomSetup(r);
      const lean = transcript(zodiacRace, `lean-${g}`, players, options);
      expect(transcript(checked, `lean-${g}`, players, options)).toEqual(lean);
    }
  }, 120_000);

  it('randomMove is rng.pick of the legal list (the same draw), its payments the move’s own, and actor the status’s first seat', () => {
    let seen = 0;
    let paid = 0;
    simulate(checked, {
      seed: 'pick',
      players: 4,
      options: zodiacRace.defaultOptions,
      bots: randomBot,
      onMove: ({ state }) => {
        const seat = zodiacRace.actor!(state);
        expect(seat).toBe(statusOf(state).toAct[0] ?? -1);
        if (seat < 0) return;
        const a = new Rng(seedRng(`pick/${seen}`));
        const b = new Rng(a.state());
        const move = randomMove(state, decisionKind(state)!, seat, a);
        const legal = legalMoves(state, seat);
        expect(move).toEqual(b.pick(legal));
        expect(a.state()).toEqual(b.state());
        if ('pay' in move && Array.isArray(move.pay)) {
          // A payment list of its own: changing it changes no later listing.
          const before = JSON.stringify(legal);
          move.pay.push(9);
          expect(JSON.stringify(legalMoves(state, seat))).toBe(before);
          paid++;
        }
        seen++;
      },
    });
    expect(seen).toBeGreaterThan(500);
    expect(paid).toBeGreaterThan(10);
  });
});
