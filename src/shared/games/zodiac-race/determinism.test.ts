// Determinism and purity: the same seed, options and bots give the same game move for move;
// apply never mutates a (deep-frozen) input state; a match record replays to the same state
// through the engine runner, and save → load round-trips.
import { describe, expect, it } from 'vitest';
import { Match } from '../../engine/runner';
import { loadMatch, saveMatch } from '../../engine/save';
import { randomBot, simulate } from '../../engine/simulate';
import { Rng, seedRng } from '../../util/rng';
import { randomSetup } from './fuzz';
import { zodiacRace } from './game';
import { legalMoves } from './legal';
import type { ZrMove, ZrState } from './types';

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

describe('determinism', () => {
  it('same seed and options: the same moves, events and final state', () => {
    const r = new Rng(seedRng('det'));
    for (let g = 0; g < 3; g++) {
      const { players, options } = randomSetup(r);
      const run = () => simulate(zodiacRace, { seed: `d${g}`, players, options, bots: randomBot });
      const a = run();
      const b = run();
      expect(JSON.stringify(b.moves)).toBe(JSON.stringify(a.moves));
      expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
      expect(a.status.over).toBe(true);
    }
  });

  it('apply never mutates a frozen input state', () => {
    let s = zodiacRace.setup({ seed: 'frozen', players: 4, options: { ...zodiacRace.defaultOptions, target_points: 2 } });
    const r = new Rng(seedRng('frozen-bot'));
    for (let k = 0; k < 3000 && !zodiacRace.status(s).over; k++) {
      deepFreeze(s);
      const seat = zodiacRace.status(s).toAct[0]!;
      const res = zodiacRace.apply(s, r.pick(legalMoves(s, seat)));
      if (!res.ok) throw new Error(res.message.en);
      s = res.state;
    }
    expect(zodiacRace.status(s).over).toBe(true);
  });

  it('a match record replays and survives save → load', () => {
    const options = { ...zodiacRace.defaultOptions, target_points: 2 };
    const played = simulate(zodiacRace, { seed: 'rec', players: 3, options, bots: randomBot });
    const m = Match.create(zodiacRace, { seed: 'rec', players: 3, options });
    for (const mv of played.moves) expect(m.apply(mv as ZrMove).ok).toBe(true);
    expect(JSON.stringify(m.state)).toBe(JSON.stringify(played.state));
    const loaded = loadMatch(zodiacRace, saveMatch(m));
    if (!loaded.ok) throw new Error(loaded.message.en);
    expect(JSON.stringify(loaded.match.state as ZrState)).toBe(JSON.stringify(played.state));
  });
});
