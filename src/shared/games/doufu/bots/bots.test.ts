// The bots: they only ever return a legal move; they cannot see hidden information (by type, and
// by behaviour: two positions that differ only in cards the seat cannot see get the same move);
// they are deterministic given their generator; and the heuristic beats random play.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { simulate } from '../../../engine/simulate';
import type { Bot, BotInput } from '../../../engine/types';
import { Rng, seedRng } from '../../../util/rng';
import { doufu } from '../game';
import type { DoufuMove, DoufuState } from '../types';
import type { DoufuView } from '../view';
import { canRebuild, determinize } from './determinize';
import { sightOf } from './eval';
import { createSearchBot, declareOutcome, heuristicBot, makeBot, randomBot } from './index';
import { randomGameOptions } from './soak';
import type { Table } from './table';

const fastSearch = createSearchBot({ iterations: 2, maxCandidates: 3 });

/** Play random-option matches with `bot` in every seat for `moves` moves; `check` sees each decision. */
function play(bot: Bot<DoufuView, DoufuMove>, matches: number, moves: number, check: (s: DoufuState, input: BotInput<DoufuView, DoufuMove>, move: DoufuMove) => void): number {
  let decisions = 0;
  for (let g = 0; g < matches; g++) {
    const r = new Rng(seedRng(`bots-${g}`));
    const mode = g % 4 === 3 ? '2v2' : 'ffa';
    const players = mode === '2v2' ? 4 : 2 + (g % 3);
    let s = doufu.setup({ seed: `bots-${g}`, players, options: randomGameOptions(r, mode) });
    for (let n = 0; n < moves && s.step.k !== 'over'; n++) {
      const seat = doufu.status(s).toAct[0]!;
      const input = { seat, view: doufu.view(s, seat), legal: doufu.legalMoves(s, seat), rng: r };
      const move = bot(input);
      check(s, input, move);
      decisions++;
      const res = doufu.apply(s, move);
      if (!res.ok) throw new Error(`${res.code}: ${JSON.stringify(move)}`);
      s = res.state;
    }
  }
  return decisions;
}

describe('bots', () => {
  it('a bot is given only a view: the view and the table have no hidden cards by type', () => {
    expectTypeOf<DoufuView>().not.toHaveProperty('hands');
    expectTypeOf<DoufuView>().not.toHaveProperty('deck');
    expectTypeOf<DoufuView>().not.toHaveProperty('spread');
    expectTypeOf<DoufuView>().not.toHaveProperty('removed');
    expectTypeOf<DoufuView>().not.toHaveProperty('rng');
    expectTypeOf<Table>().not.toHaveProperty('hands');
    expectTypeOf<Table>().not.toHaveProperty('deck');
    expectTypeOf<BotInput<DoufuView, DoufuMove>>().toHaveProperty('view').toEqualTypeOf<DoufuView>();
    expectTypeOf<BotInput<DoufuView, DoufuMove>>().not.toHaveProperty('state');
  });

  for (const [name, bot, matches, moves] of [
    ['random', randomBot, 24, 600],
    ['heuristic', heuristicBot, 24, 600],
    ['search', fastSearch, 6, 100],
  ] as const) {
    it(`the ${name} bot only ever returns one of the legal moves (2/3/4 players, 2v2, random options)`, () => {
      const n = play(bot, matches, moves, (_s, input, move) => {
        if (!input.legal.some((m) => JSON.stringify(m) === JSON.stringify(move))) expect(move).toBeOneOf(input.legal as DoufuMove[]);
      });
      expect(n).toBeGreaterThan(matches * 10);
    });
  }

  it('hidden cards do not change a decision: two worlds with the same view get the same move', () => {
    let compared = 0;
    for (const [name, bot] of [['heuristic', heuristicBot], ['search', fastSearch]] as const) {
      play(randomBot, 8, 300, (s, input) => {
        if (!canRebuild(input.view) || s.step.k === 'over' || compared % 6 !== 0 && name === 'search') return void compared++;
        // Another world the seat cannot tell apart: other hands and the deck re-dealt.
        const other = determinize(input.view, new Rng(seedRng(`w${compared}`)));
        const v2 = doufu.view(other, input.seat);
        expect(v2).toEqual(input.view);
        const a = bot({ ...input, rng: new Rng(seedRng(`same${compared}`)) });
        const b = bot({ seat: input.seat, view: v2, legal: doufu.legalMoves(other, input.seat), rng: new Rng(seedRng(`same${compared}`)) });
        expect(b, `${name} at ${s.step.k}`).toEqual(a);
        compared++;
      });
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('the heuristic forecasts a declaration exactly as the engine settles it (W and every loss)', () => {
    let windows = 0;
    play(heuristicBot, 40, 2000, (s, input) => {
      const st = s.step;
      if (st.k !== 'window' && st.k !== 'dealWindow') return;
      const res = doufu.apply(s, { type: 'declare', seat: input.seat });
      if (!res.ok) throw new Error(res.code);
      const ev = res.events.find((e) => e.type === 'declare')!;
      const f = declareOutcome(sightOf(input.view), st.k === 'dealWindow');
      expect([f.W, f.loss], JSON.stringify(st)).toEqual([ev.W, ev.loss]);
      windows++;
    });
    expect(windows).toBeGreaterThan(200);
  });

  it('bots are deterministic given their generator (search with an iteration budget)', () => {
    const run = () =>
      simulate(doufu, { seed: 'det', players: 3, options: doufu.defaultOptions, bots: [makeBot('search', { search: { iterations: 2 } }), heuristicBot, randomBot], stopWhen: (s) => s.handsDone >= 2 }).moves;
    expect(run()).toEqual(run());
  });

  it('the heuristic beats random play in at least 60% of 300 two-player matches', () => {
    let wins = 0;
    for (let g = 0; g < 300; g++) {
      const h = g % 2; // alternate seats
      const bots = h === 0 ? [heuristicBot, randomBot] : [randomBot, heuristicBot];
      const r = simulate(doufu, { seed: `hr-${g}`, players: 2, options: doufu.defaultOptions, bots, recordMoves: false });
      if (!r.status.draw && r.status.winners.includes(h)) wins++;
    }
    console.log(`heuristic vs random, 2 players: won ${wins} of 300 matches (${((100 * wins) / 300).toFixed(1)}%)`);
    expect(wins / 300).toBeGreaterThanOrEqual(0.6);
  });
});
