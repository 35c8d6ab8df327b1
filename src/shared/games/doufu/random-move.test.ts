// `randomMove` must be `rng.pick(legalMoves(s, seat))` at every decision: an equal move (the same
// fields in the same order, so the same JSON in a saved move list) and the same draw from the
// generator, or random matches would stop replaying the recorded results.
import { describe, expect, it } from 'vitest';
import { randomBot, simulate } from '../../engine/simulate';
import { Rng, seedRng } from '../../util/rng';
import { randomOptions } from './fuzz';
import { actorOf, doufu } from './game';
import { legalMoves } from './legal';
import { randomMove } from './random-move';
import type { DoufuGameOptions, DoufuState } from './types';

/** The game without its lean path, so the positions visited do not depend on the function tested. */
const checked = { ...doufu, applyListed: undefined, actor: undefined, randomMove: undefined };

describe('randomMove', () => {
  it('is rng.pick of the legal list at every decision of random matches (the same move, the same draw)', () => {
    const r = new Rng(seedRng('doufu-random-move'));
    const kinds = new Map<string, number>();
    for (let g = 0; g < 12; g++) {
      const mode: DoufuGameOptions['mode'] = g % 4 === 3 ? '2v2' : 'ffa';
      const players = mode === '2v2' ? 4 : 2 + (g % 3);
      // Random rule options reach the 三叠 split (`santie_splittable`) that widens the 蒙换 list.
      const options = g < 4 ? { ...doufu.defaultOptions, mode } : randomOptions(r, mode);
      simulate(checked, {
        seed: `rm-${g}`,
        players,
        options,
        bots: randomBot,
        recordMoves: false,
        onMove: ({ state, step }) => {
          const seat = state.step.k === 'chooseFirst' ? state.step.seats[0]! : actorOf(state);
          if (seat < 0) return;
          expectSamePick(state, seat, `rm-${g}/${step}`);
          kinds.set(state.step.k, (kinds.get(state.step.k) ?? 0) + 1);
        },
      });
    }
    // The counted decisions were all met, the 蒙换 among them many times.
    for (const k of ['turn', 'swap', 'window', 'attr', 'pick', 'roulette', 'ox', 'reshuffle']) expect(kinds.get(k) ?? 0, k).toBeGreaterThan(0);
    expect(kinds.get('swap')!).toBeGreaterThan(50);
  }, 120_000);

  it('draws the first-seat choice and a seat that does not act from the list (which refuses an empty one)', () => {
    const s = doufu.setup({ seed: 'rm-idle', players: 3, options: doufu.defaultOptions });
    const seat = actorOf(s);
    const idle = (seat + 1) % 3;
    expect(() => randomMove(s, idle, new Rng(seedRng('x')))).toThrow(RangeError);
    expect(() => new Rng(seedRng('x')).pick(legalMoves(s, idle))).toThrow(RangeError);
  });
});

/** randomMove and rng.pick(legalMoves) from two generators in the same state: the same move and the same state after. */
function expectSamePick(state: DoufuState, seat: number, seed: string): void {
  const a = new Rng(seedRng(seed));
  const b = new Rng(a.state());
  const move = randomMove(state, seat, a);
  const listed = b.pick(legalMoves(state, seat));
  expect(JSON.stringify(move)).toBe(JSON.stringify(listed));
  expect(a.state()).toEqual(b.state());
}
