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

  it('applyListed without events, and reusing its input, reaches the same state after every move, under random rule options', () => {
    const r = new Rng(seedRng('quiet'));
    let moves = 0;
    let declared = 0;
    for (let g = 0; g < 16; g++) {
      const mode: DoufuGameOptions['mode'] = g % 4 === 3 ? '2v2' : 'ffa';
      const players = mode === '2v2' ? 4 : 2 + (g % 3);
      // Both settlement values: the declarer's full score is skipped without events unless only its best row counts.
      const settlement_value: DoufuGameOptions['settlement_value'] = g % 2 ? 'declared_combo_only' : 'total_score';
      const options = g < 4 ? { ...doufu.defaultOptions, mode } : { ...randomOptions(r, mode), settlement_value };
      const pick = new Rng(seedRng(`quiet-${g}`));
      // Three chains from their own setup: pure with events, pure without, and one state reused throughout.
      let s = doufu.setup({ seed: `quiet-${g}`, players, options });
      const reused = doufu.setup({ seed: `quiet-${g}`, players, options });
      for (let seat = doufu.actor!(s); seat >= 0; seat = doufu.actor!(s)) {
        const move = pick.pick(doufu.legalMoves(s, seat));
        const loud = doufu.applyListed!(s, move);
        const quiet = doufu.applyListed!(s, move, { events: false });
        const inPlace = doufu.applyListed!(reused, move, { events: false, reuse: true });
        if (!loud.ok || !quiet.ok || !inPlace.ok) throw new Error('a listed move was refused');
        expect(quiet.events).toEqual([]);
        expect(inPlace.state).toBe(reused);
        const json = JSON.stringify(loud.state);
        expect(JSON.stringify(quiet.state)).toBe(json);
        expect(JSON.stringify(reused)).toBe(json);
        if (loud.events.some((e) => e.type === 'declare')) declared++;
        s = loud.state;
        moves++;
      }
    }
    expect(moves).toBeGreaterThan(1000);
    expect(declared).toBeGreaterThan(20);
  });

  it('simulate reuses the state only with random bots in every seat and no callback, and plays the same match', () => {
    const options = doufu.defaultOptions;
    const lean = simulate(doufu, { seed: 'reuse', players: 3, options, bots: randomBot });
    const pure = simulate(checked, { seed: 'reuse', players: 3, options, bots: randomBot });
    expect(JSON.stringify(lean.state)).toBe(JSON.stringify(pure.state));
    expect(lean.moves).toEqual(pure.moves);
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
