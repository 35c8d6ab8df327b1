// Quiet play builds no events and changes nothing else: `simulate` without `onMove` (whose
// `applyListed` then skips the events) plays the same games as with it, and a quiet live table
// plays the same moves to the same states as a table with events, its tally equal to the count of
// those events.
import { describe, expect, it } from 'vitest';
import { randomBot, simulate } from '../../engine/simulate';
import type { GameEvent } from '../../engine/types';
import { Rng, seedRng } from '../../util/rng';
import { randomSetup } from './fuzz';
import { zodiacRace } from './game';
import { ZrTable } from './table';
import { tallyOf } from './tally';

const json = (x: unknown) => JSON.stringify(x);

describe('quiet play', () => {
  it('simulate without onMove plays the same games as with it', () => {
    const r = new Rng(seedRng('quiet-simulate'));
    for (let g = 0; g < 20; g++) {
      const { players, options } = randomSetup(r);
      const input = { seed: `q/${g}`, players, options, bots: randomBot };
      const loud = simulate(zodiacRace, { ...input, onMove: () => {} });
      const quiet = simulate(zodiacRace, input);
      expect(json(quiet.moves)).toBe(json(loud.moves));
      expect(json(quiet.state)).toBe(json(loud.state));
    }
  });

  it('a quiet table plays the same moves to the same states, and tallies its events', () => {
    const r = new Rng(seedRng('quiet-table'));
    for (let g = 0; g < 20; g++) {
      const { players, options } = randomSetup(r);
      const input = { seed: `qt/${g}`, players, options };
      const loud = ZrTable.start(input);
      const quiet = ZrTable.start(input, { quiet: true });
      const events: GameEvent[] = [...loud.events];
      const a = Array.from({ length: players }, (_, i) => new Rng(seedRng(`qt/${g}/${i}`)));
      const b = Array.from({ length: players }, (_, i) => new Rng(seedRng(`qt/${g}/${i}`)));
      for (let k = 0; !loud.over; k++) {
        const m = loud.pickRandom(a[loud.seat()]!);
        expect(json(quiet.pickRandom(b[quiet.seat()]!))).toBe(json(m));
        loud.play(m);
        quiet.play(m);
        events.push(...loud.events);
        if (k % 97 === 0) expect(json(quiet.state())).toBe(json(loud.state()));
      }
      expect(quiet.over).toBe(true);
      expect(quiet.events).toEqual([]);
      expect(json(quiet.state())).toBe(json(loud.state()));
      expect(quiet.tally).toEqual(tallyOf(players, events));
      expect(loud.tally).toBeNull();
    }
  });
});
