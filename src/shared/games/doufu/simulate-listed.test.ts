// The simulator's lean path: `simulate` plays its random bot's picks through `applyListed` (no
// second legality check) and asks `actor` instead of building the status after every move. Both
// must leave play exactly as `apply` and `status` would: the same moves, events and states.
import { describe, expect, it } from 'vitest';
import { randomBot, simulate } from '../../engine/simulate';
import { Rng, seedRng } from '../../util/rng';
import { randomOptions } from './fuzz';
import { doufu, statusOf } from './game';
import type { DoufuGameOptions } from './types';

/** The game without its lean path: every move through `apply`, the status after every move. */
const checked = { ...doufu, applyListed: undefined, actor: undefined };

/** A whole match's moves, events and states as one JSON text per move. */
function transcript(game: typeof doufu, seed: string, players: number, options: DoufuGameOptions): string[] {
  const out: string[] = [];
  const r = simulate(game, { seed, players, options, bots: randomBot, onMove: ({ move, events, state }) => void out.push(JSON.stringify([move, events, state])) });
  out.push(JSON.stringify([r.status, r.steps]));
  return out;
}

describe('simulate with applyListed and actor', () => {
  it('plays the same matches as apply and status, move for move, under random rule options', () => {
    const r = new Rng(seedRng('listed'));
    for (let g = 0; g < 24; g++) {
      const mode: DoufuGameOptions['mode'] = g % 4 === 3 ? '2v2' : 'ffa';
      const players = mode === '2v2' ? 4 : 2 + (g % 3);
      const options = g < 4 ? { ...doufu.defaultOptions, mode } : randomOptions(r, mode);
      const lean = transcript(doufu, `listed-${g}`, players, options);
      expect(transcript(checked, `listed-${g}`, players, options)).toEqual(lean);
    }
  });

  it('actor is the first seat of the status, -1 when it names none', () => {
    let seen = 0;
    simulate(checked, {
      seed: 'actor',
      players: 3,
      options: doufu.defaultOptions,
      bots: randomBot,
      onMove: ({ state }) => {
        expect(doufu.actor!(state)).toBe(statusOf(state).toAct[0] ?? -1);
        seen++;
      },
    });
    expect(seen).toBeGreaterThan(100);
  });
});
