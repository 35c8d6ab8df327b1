/**
 * Test helpers: 斗福 matches played by seeded random choices, visiting every decision on the way
 * (the table's model is checked against the real engine, never against a mock).
 */
import { Match } from '../../../../../shared/engine/runner';
import { doufu } from '../../../../../shared/games/doufu';
import type { DoufuGameOptions, DoufuMove, DoufuState } from '../../../../../shared/games/doufu/types';
import type { DoufuView } from '../../../../../shared/games/doufu/view';
import { Rng, seedRng } from '../../../../../shared/util/rng';

/** One decision of a played match: the state's seat to act, its view and legal moves, and the move made. */
export interface Decision {
  state: DoufuState;
  seat: number;
  view: DoufuView;
  legal: DoufuMove[];
}

/**
 * Play `games` matches of `players` (random moves, seeded; the default rules unless `options`
 * says otherwise), calling `visit` at every decision and `after` with every applied move's index
 * and events. Stops a match after `maxMoves`.
 */
export function playMatches(opts: { games: number; players?: number; mode?: 'ffa' | '2v2'; maxMoves?: number; seed?: string; options?: Partial<DoufuGameOptions> }, visit: (d: Decision) => void, after?: (m: Match<DoufuState, DoufuMove, DoufuView, DoufuGameOptions>, index: number) => void): void {
  for (let g = 0; g < opts.games; g++) {
    const mode = opts.mode ?? 'ffa';
    const players = mode === '2v2' ? 4 : (opts.players ?? 2 + (g % 3));
    const seed = `${opts.seed ?? 'model'}-${g}`;
    const m = Match.create(doufu, { seed, players, options: { ...doufu.defaultOptions, ...opts.options, mode } });
    const rng = new Rng(seedRng(`${seed}/moves`));
    for (let i = 0; i < (opts.maxMoves ?? 5000) && !m.status().over; i++) {
      const seat = m.status().toAct[0]!;
      const legal = doufu.legalMoves(m.state, seat);
      visit({ state: m.state, seat, view: m.view(seat), legal });
      const r = m.apply(rng.pick(legal));
      if (!r.ok) throw new Error(`refused: ${r.message.en}`);
      after?.(m, m.length - 1);
    }
  }
}
