/**
 * One bot's turn on a game's live table (the fast, in-place table a simulator plays on: 斗老闆,
 * 摸鱼王). A random bot draws straight from the table without a legal list; any other bot gets a
 * lazy input (the view and the legal list built only if it reads them: the heuristic and search
 * bots play from the view, and a full list can hold thousands of choices), its move is checked
 * against the table, and a refused move stops the run with the engine's reason. The bot is called
 * before the table moves on, so the view and list are of this position.
 */
import type { BaseMove, Bot, BotInput, Game } from '../../../shared/engine/types';
import type { Rng } from '../../../shared/util/rng';

/** What a bot's turn needs of a live table. */
export interface LiveTable<V, M extends BaseMove> {
  view(seat: number): V;
  legal(): M[];
  accepts(move: M): boolean;
  play(move: M): void;
  playRandom(rng: Rng): void;
  /** The table as the engine's state, to ask the engine why a move is refused. */
  state(): unknown;
}

/** Search time, summed over a run's decisions (wall clock: it varies). */
export interface SearchTiming {
  searchDecisions: number;
  searchMs: number;
}

/** A bot's input whose view and legal list are built on first read. */
class LazyInput<V, M extends BaseMove> implements BotInput<V, M> {
  // ECMAScript private field: a bot cannot reach the table through its input at run time.
  #table: LiveTable<V, M>;
  #view: V | null = null;
  #legal: M[] | null = null;
  constructor(
    table: LiveTable<V, M>,
    readonly seat: number,
    readonly rng: Rng,
  ) {
    this.#table = table;
  }
  get view(): V {
    return (this.#view ??= this.#table.view(this.seat));
  }
  get legal(): M[] {
    return (this.#legal ??= this.#table.legal());
  }
}

/**
 * Play `seat`'s turn with a bot of `kind` (`bot` unused for 'random'); `where` names the game and
 * seed in the error a refused move throws.
 */
export function liveBotTurn<V, M extends BaseMove>(
  game: Pick<Game<unknown, M, V, unknown>, 'apply'>,
  table: LiveTable<V, M>,
  seat: number,
  kind: string,
  bot: Bot<V, M> | undefined,
  rng: Rng,
  timing: SearchTiming,
  where: string,
): void {
  if (kind === 'random') return table.playRandom(rng);
  const t = kind === 'search' ? performance.now() : 0;
  const move = bot!(new LazyInput(table, seat, rng));
  if (kind === 'search') {
    timing.searchMs += performance.now() - t;
    timing.searchDecisions++;
  }
  if (!table.accepts(move)) {
    const res = game.apply(table.state(), move);
    const why = res.ok ? 'not a legal move' : `${res.code} ${res.message.en}`;
    throw new Error(`${where}: the ${kind} bot of seat ${seat} made a refused move ${JSON.stringify(move)}: ${why}`);
  }
  table.play(move);
}
