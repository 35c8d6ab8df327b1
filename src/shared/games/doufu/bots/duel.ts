/**
 * Bots against bots, for `npm run bench` and the bots' tests: which combos the declarers scored and
 * which skills were used (by the seats of each kind), and who won the matches. Seats rotate between
 * matches so that neither kind keeps the first 福神 draw's seat order. Pure and seeded.
 */
import { simulate } from '../../../engine/simulate';
import type { Bot } from '../../../engine/types';
import { doufu } from '../game';
import type { DoufuGameOptions, DoufuMove } from '../types';
import type { DoufuView } from '../view';

/** What one kind did over a duel. */
export interface DuelSide {
  /** Matches won outright (a shared draw counts for no one). */
  wins: number;
  /** Hands its seats declared. */
  declared: number;
  /** Combo rows (1–20, spec §5.3) in its declarations: how many declarations had each. */
  rows: number[];
  /** Skill activations by its seats, by card code (玉猪 imitations as `PIG-YU:CODE`). */
  skills: Record<string, number>;
}

/** A duel's result: one entry per bot, in the order given. */
export interface DuelResult {
  matches: number;
  draws: number;
  hands: number;
  sides: DuelSide[];
}

/**
 * Play `matches` free-for-all matches of `players` seats; seat i of match g plays bot `(i + g) % bots.length`.
 * @example duel([createPlannerBot(), heuristicBot], { matches: 40, players: 2, seed: 'd' })
 */
export function duel(bots: readonly Bot<DoufuView, DoufuMove>[], cfg: { matches: number; players: number; seed: string; options?: Partial<DoufuGameOptions>; maxHands?: number }): DuelResult {
  const sides: DuelSide[] = bots.map(() => ({ wins: 0, declared: 0, rows: new Array<number>(21).fill(0), skills: {} }));
  const options = { ...doufu.defaultOptions, ...cfg.options, mode: 'ffa' as const };
  const maxHands = cfg.maxHands ?? 200;
  let draws = 0;
  let hands = 0;
  for (let g = 0; g < cfg.matches; g++) {
    const kindOf = (seat: number) => (seat + g) % bots.length;
    const r = simulate(doufu, {
      seed: `${cfg.seed}/${g}`,
      players: cfg.players,
      options,
      bots: Array.from({ length: cfg.players }, (_, seat) => bots[kindOf(seat)]!),
      recordMoves: false,
      stopWhen: (s) => s.handsDone >= maxHands,
      onMove: ({ events }) => {
        for (const e of events) {
          if (e.type === 'declare') {
            const side = sides[kindOf(Number(e.seat))]!;
            side.declared++;
            for (const row of new Set((e.combos as { row: number }[]).map((c) => c.row))) side.rows[row]!++;
          } else if (e.type === 'skill') {
            const key = e.card === 'PIG-YU' && e.imitate ? `PIG-YU:${String(e.imitate)}` : String(e.card);
            const side = sides[kindOf(Number(e.seat))]!;
            side.skills[key] = (side.skills[key] ?? 0) + 1;
          }
        }
      },
    });
    hands += r.state.handsDone;
    if (r.status.draw) draws++;
    else if (r.status.over) for (const k of new Set(r.status.winners.map(kindOf))) sides[k]!.wins++;
  }
  return { matches: cfg.matches, draws, hands, sides };
}
