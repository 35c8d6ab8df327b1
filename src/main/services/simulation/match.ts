/**
 * Play one match of a run with bots and record every hand. Everything about match `i` depends only
 * on the run's seed, `i`, the options and the bots, so any split of the matches over workers
 * gives the same records.
 *
 * The loop is the engine's `simulate` (same bot generators: `${matchSeed}/bot/${seat}`, the same
 * lean path: the acting seat from `actor`, the random bot's moves through `applyListed`),
 * plus the hand recorder, a hand cap, and a lazy view: a bot that never reads `input.view` (the
 * random bot) does not pay for the view's deep copy.
 */
import type { BotInput } from '../../../shared/engine/types';
import { doufu, type DoufuMove, type DoufuState, type DoufuView } from '../../../shared/games/doufu';
import { makeBot, randomBot } from '../../../shared/games/doufu/bots';
import type { Rng } from '../../../shared/util/rng';
import type { SimConfig } from './config';
import { HandRecorder, type HandExtras, type HandRecord } from './records';
import { startMatch, timedSeatBots, type MatchTiming } from './run-parts';

/** What one match produced. Timings vary between runs; everything else is reproducible. */
export interface MatchResult {
  index: number;
  seed: string;
  records: HandRecord[];
  extras: HandExtras[];
  /** Winning seats (both members of a 2v2 team), or the seats sharing a draw; empty for an unfinished match. */
  winners: number[];
  draw: boolean;
  /** False if the hand cap stopped the match. */
  finished: boolean;
  moves: number;
  timing: MatchTiming;
}

/**
 * A bot's input whose view is computed on first read (a class getter: object literals with
 * accessors are slow to create, and this runs for every move).
 */
class LazyInput implements BotInput<DoufuView, DoufuMove> {
  // ECMAScript private fields: a bot cannot reach the full state through its input at run time.
  #state: DoufuState;
  #view: DoufuView | null = null;
  constructor(
    state: DoufuState,
    readonly seat: number,
    readonly legal: DoufuMove[],
    readonly rng: Rng,
  ) {
    this.#state = state;
  }
  get view(): DoufuView {
    return (this.#view ??= doufu.view(this.#state, this.seat));
  }
}

/** Play match `index` of the run. Throws if a bot returns a move the engine refuses. */
export function playMatch(cfg: SimConfig, index: number): MatchResult {
  const { t0, seed, timing, rngs } = startMatch(cfg.seed, index, cfg.bots.length);
  const bots = timedSeatBots(cfg.bots, (kind) => makeBot(kind, { search: cfg.search }), timing);
  let s = doufu.setup({ seed, players: cfg.players, options: cfg.options });
  const rec = new HandRecorder(seed, index, s);
  let moves = 0;
  // The random bot hands back one of the listed moves untouched: the engine need not check it
  // again (`applyListed`, as the engine's own simulate does). Other bots' moves go through `apply`.
  const listed = bots.map((bot) => bot === randomBot);
  while (s.step.k !== 'over' && rec.hands < cfg.maxHands) {
    const seat = doufu.actor!(s);
    if (seat < 0) throw new Error(`match ${index}: no seat may act at step ${s.step.k} (engine bug).`);
    const input = new LazyInput(s, seat, doufu.legalMoves(s, seat), rngs[seat]!);
    const move = bots[seat]!(input);
    const res = listed[seat] ? doufu.applyListed!(s, move) : doufu.apply(s, move);
    if (!res.ok) throw new Error(`match ${index} (seed ${seed}): the ${cfg.bots[seat]} bot of seat ${seat} made a refused move ${JSON.stringify(move)}: ${res.code} ${res.message.en}`);
    rec.onMove(s, res.events);
    s = res.state;
    moves++;
  }
  const over = s.step.k === 'over';
  const winners = over ? [...(s.winners ?? [])] : [];
  timing.ms = performance.now() - t0;
  return {
    index,
    seed,
    records: rec.done.map((d) => d.record),
    extras: rec.done.map((d) => d.extras),
    winners,
    draw: over && doufu.status(s).draw,
    finished: over,
    moves,
    timing,
  };
}
