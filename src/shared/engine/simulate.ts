/**
 * Headless play: bots in every seat, no runner, no undo, no log unless asked. This is the lean path
 * the balance lab runs thousands of times; it only calls the game contract.
 */
import { UsageError } from '../util/assert';
import { Rng, seedRng } from '../util/rng';
import type { BaseMove, Bot, BotInput, Game, GameEvent, GameStatus, ListedOptions } from './types';

/** Options of `simulate`. */
export interface SimulateInput<S, M extends BaseMove, V, O> {
  seed: string;
  players: number;
  options: O;
  /** One bot per seat (or one for all). `NoInfer`: the move and view types come from the game. */
  bots: Bot<NoInfer<V>, NoInfer<M>> | readonly Bot<NoInfer<V>, NoInfer<M>>[];
  /** Safety stop: a game longer than this throws (a stuck engine or a bot loop). Default 1,000,000. */
  maxMoves?: number;
  /** Called after every applied move (statistics collectors). */
  onMove?: (info: { state: NoInfer<S>; move: NoInfer<M>; events: GameEvent[]; step: number }) => void;
  /** Stop early when this returns true (e.g. after N hands). Checked after every move. */
  stopWhen?: (state: NoInfer<S>, step: number) => boolean;
  /** Keep the move list (for a replayable record). Default true. */
  recordMoves?: boolean;
}

/** What `simulate` returns. */
export interface SimulateResult<S, M> {
  state: S;
  status: GameStatus;
  /** The moves made, in order (empty if `recordMoves` was false). */
  moves: M[];
  steps: number;
}

/**
 * Play a game with bots until it is over (or `stopWhen`). The acting seat is the first of
 * `status.toAct`. Each bot gets its seat's view, the legal moves and its own generator (seeded from
 * the match seed and the seat, independent of the game's generator). Throws `UsageError` if a bot
 * returns a move the game refuses, or if the game reports no seat to act while not over.
 * @example simulate(doufu, { seed: '1', players: 3, options: doufu.defaultOptions, bots: randomBot })
 */
export function simulate<S, M extends BaseMove, V, O>(game: Game<S, M, V, O>, input: SimulateInput<S, M, V, O>): SimulateResult<S, M> {
  const { seed, players, options, maxMoves = 1_000_000, recordMoves = true } = input;
  const bots = typeof input.bots === 'function' ? Array.from({ length: players }, () => input.bots as Bot<V, M>) : input.bots;
  if (bots.length !== players) throw new UsageError(`simulate needs one bot per seat (${players}); got ${bots.length}.`);
  const rngs = bots.map((_, seat) => new Rng(seedRng(`${seed}/bot/${seat}`)));
  let state = game.setup({ seed, players, options });
  // What `applyListed` may skip: the events, which only `onMove` reads; and the copy of the state,
  // when no callback sees a state and only random bots play (they read no view of it).
  const how: ListedOptions = {
    events: input.onMove !== undefined,
    reuse: !input.onMove && !input.stopWhen && bots.every((bot) => bot === randomBot),
  };
  const moves: M[] = [];
  let steps = 0;
  for (;;) {
    // A game that names its actor (`actor`) costs no status object per move: the status is built
    // at the end (or when `actor` finds no seat, to tell the end from an engine bug).
    let seat: number | undefined = game.actor ? game.actor(state) : -1;
    if (seat >= 0) {
      if (input.stopWhen?.(state, steps)) return { state, status: game.status(state), moves, steps };
    } else {
      const status = game.status(state);
      if (status.over || input.stopWhen?.(state, steps)) return { state, status, moves, steps };
      seat = status.toAct[0];
    }
    if (seat === undefined) throw new UsageError(`${game.id}: the game is not over but no seat may act (step ${steps}). This is an engine bug.`);
    if (steps >= maxMoves) throw new UsageError(`${game.id}: no result after ${maxMoves} moves; raise maxMoves or check the bots.`);
    const bot = bots[seat]!;
    // randomBot reads only the legal list and its generator (its parameter type says so): it gets
    // just those, and hands back one of the listed objects untouched, so the game need not check
    // it again (`applyListed`). A game that draws the same pick without listing every move
    // (`randomMove`) is asked for it directly. Any other bot gets the full input, its view built if
    // and when it reads it, and its move is checked by `apply`.
    const listed = bot === randomBot;
    let move: M;
    if (listed && game.randomMove) move = game.randomMove(state, seat, rngs[seat]!);
    else {
      const legal = game.legalMoves(state, seat);
      if (legal.length === 0) throw new UsageError(`${game.id}: seat ${seat} must act but has no legal move (step ${steps}). This is an engine bug.`);
      move = listed ? randomBot<V, M>({ legal, rng: rngs[seat]! }) : bot(botInput(game, state, seat, legal, rngs[seat]!));
    }
    const res = listed && game.applyListed ? game.applyListed(state, move, how) : game.apply(state, move);
    if (!res.ok) throw new UsageError(`${game.id}: the bot of seat ${seat} made a refused move ${JSON.stringify(move)}: ${res.code} ${res.message.en}`);
    state = res.state;
    steps++;
    if (recordMoves) moves.push(move);
    input.onMove?.({ state, move, events: res.events, step: steps });
  }
}

/**
 * A bot's input whose view is built on first read and then kept (the same object on every read):
 * a bot that decides from the legal list alone (`randomBot`) costs no view, and states are
 * immutable, so a later read sees exactly what an eager view would have shown. `view` is an own,
 * enumerable property (spreading the input copies it) whose getter is one shared function — a
 * getter closure per input would give every input its own hidden class, and V8 would spend its
 * time collecting them. The state stays in a private field: the bot can reach only the view.
 */
class LazyBotInput<V, M> implements BotInput<V, M> {
  declare readonly seat: number;
  declare readonly view: V;
  declare readonly legal: readonly M[];
  declare readonly rng: Rng;
  #make: (() => V) | null;
  #view: V | undefined;

  constructor(seat: number, make: () => V, legal: readonly M[], rng: Rng) {
    this.#make = make;
    this.#view = undefined;
    // Own properties in the order of the eager literal `{ seat, view, legal, rng }`.
    (this as { seat: number }).seat = seat;
    Object.defineProperty(this, 'view', VIEW_PROPERTY);
    (this as { legal: readonly M[] }).legal = legal;
    (this as { rng: Rng }).rng = rng;
  }

  static view(input: LazyBotInput<unknown, unknown>): unknown {
    const make = input.#make;
    if (make) {
      input.#make = null;
      input.#view = make();
    }
    return input.#view;
  }
}
const VIEW_PROPERTY: PropertyDescriptor = {
  get(this: LazyBotInput<unknown, unknown>) {
    return LazyBotInput.view(this);
  },
  enumerable: true,
  configurable: true,
};

function botInput<S, M extends BaseMove, V, O>(game: Game<S, M, V, O>, state: S, seat: number, legal: M[], rng: Rng): BotInput<V, M> {
  return new LazyBotInput<V, M>(seat, () => game.view(state, seat), legal, rng);
}

/** A bot that picks a uniformly random legal move. */
export function randomBot<V, M>({ legal, rng }: { legal: readonly M[]; rng: Rng }): M {
  return rng.pick(legal);
}
