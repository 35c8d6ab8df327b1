/**
 * The game contract. Every built-in game implements `Game`; the runner (undo, replay, save) and
 * `simulate()` work on any of them without knowing its rules.
 *
 * Rules of the contract (the runner and the tests rely on them):
 * - `setup` and `apply` are pure: same input, same output; the input state is never mutated.
 * - All randomness comes from a seeded generator kept inside the state (`util/rng.ts`), so
 *   seed + options + the move list reproduce a game exactly.
 * - `apply` never throws for a bad move (wrong seat, wrong phase, garbage object): it returns
 *   `{ ok: false, code, message }`. A throw means an engine bug.
 * - States, moves, options and events are plain JSON values.
 * - `view(state, seat)` is everything that seat may know; bots receive only views.
 */
import type { Rng } from '../util/rng';

/** A text in both UI languages. */
export interface LocalText {
  zh: string;
  en: string;
}

/** The minimum every move has: a `type` naming the move and the `seat` making it. */
export interface BaseMove {
  type: string;
  seat: number;
}

/**
 * Who learned hidden information from an event: `'all'` (a card turned face up, a deal), or the
 * seats that saw it privately (a draw, a peek). Events without it exposed nothing hidden.
 */
export type Reveal = 'all' | readonly number[];

/**
 * Something that happened while a move was applied, in order: what a log, an animation or a
 * statistics collector needs. Games add their own fields.
 */
export interface GameEvent {
  /** Namespaced by the game, e.g. `'draw'`, `'settle'`. */
  type: string;
  /**
   * Set when the event exposed hidden information (see `Reveal`). A move is a **reveal** when
   * any of its events has this flag: players cannot undo past it, because the table already knows
   * what was drawn or flipped.
   */
  reveal?: Reveal;
  /**
   * Seats that already knew what `reveal` exposes: the owner of a hand card turned face up as it
   * is played. The event is news to every other seat it reaches (see engine/undo.ts).
   */
  knownBy?: readonly number[];
  [key: string]: unknown;
}

/** A refused move or file: a namespaced code (`'move/illegal'`, `'match/corrupt'`) and a message in both languages. */
export interface EngineError {
  ok: false;
  code: string;
  message: LocalText;
}

/**
 * What a caller of `applyListed` can do without; left out, it gets all of `apply`. A game may
 * ignore both and build everything.
 */
export interface ListedOptions {
  /** False: the caller reads no events (the simulator without `onMove`): the game may skip building them and return an empty list. */
  events?: boolean;
  /**
   * True: the caller keeps no other reference to the state, nor to anything in it (the simulator
   * when only random bots play, which read no view, and no callback sees a state): the game may
   * turn the state itself into the result instead of copying what it changes.
   */
  reuse?: boolean;
}

/** The result of `apply`: the next state and what happened, or a rule error value. */
export type ApplyResult<S> = { ok: true; state: S; events: GameEvent[] } | EngineError;

/** Where a game stands. */
export interface GameStatus {
  /** The game (match) is finished. */
  over: boolean;
  /**
   * Winning seats (all members of a winning team); empty while running. After a shared draw, every
   * seat that shares it (and `draw` is true).
   */
  winners: number[];
  /** The match ended in a shared draw: `winners` lists the seats sharing it. */
  draw: boolean;
  /** One number per seat, the game's headline score (e.g. life points). */
  scores: number[];
  /** Seats that may move now, in priority order (out-of-turn windows included). Empty iff over. */
  toAct: number[];
}

/** What `setup` needs. */
export interface SetupInput<O> {
  seed: string;
  players: number;
  options: O;
}

/** Options parsed from a file or a form: the full option object plus warnings for unknown keys. */
export type ParsedOptions<O> = { ok: true; options: O; warnings: string[] } | EngineError;

/**
 * A game. `S` is the full state (secret), `M` the move union, `V` a seat's view, `O` the rule options.
 * @example
 * const s0 = game.setup({ seed: 'x', players: 3, options: game.defaultOptions });
 * const r = game.apply(s0, game.legalMoves(s0, game.status(s0).toAct[0]!)[0]!);
 */
export interface Game<S, M extends BaseMove, V, O> {
  /** Stable id, used in saved files (`'doufu'`). */
  id: string;
  /** Changes whenever a rule change would make old move lists replay differently. Saved files record it. */
  rulesVersion: string;
  /** Display name. */
  name: LocalText;
  /** Allowed seat counts (inclusive). */
  minPlayers: number;
  maxPlayers: number;
  /** The spec's default options. */
  defaultOptions: O;
  /** Validate options from outside (a file, a form): fills defaults, refuses bad values. */
  parseOptions(input: unknown): ParsedOptions<O>;
  /** The initial state. Throws `UsageError` for a bad player count (a programming error, not a move). */
  setup(input: SetupInput<O>): S;
  /**
   * The initial state with the events setup caused (a draw for the first dealer, the deal), for
   * logs and replays; `start(i).state` equals `setup(i)`. Games whose setup reveals nothing may
   * leave it out.
   */
  start?(input: SetupInput<O>): { state: S; events: GameEvent[] };
  /** Every move `seat` may make now (empty if it is not that seat's decision). */
  legalMoves(state: S, seat: number): M[];
  /** Apply one move. Pure; never throws for a bad move. */
  apply(state: S, move: M): ApplyResult<S>;
  /**
   * `apply` for a move that is one of `legalMoves(state, seat)` exactly as listed (the same object,
   * unchanged) or the move `randomMove` returned, without checking it again: the same state and
   * events as `apply`. The simulator uses it for moves it picked itself (its random bot). Games may
   * leave it out. `how` says what the caller can do without (see `ListedOptions`); the resulting
   * state is the same either way.
   */
  applyListed?(state: S, move: M, how?: ListedOptions): ApplyResult<S>;
  /**
   * The random bot's pick, `rng.pick(legalMoves(state, seat))` — the same draw from `rng`, an equal
   * move — for a game that can draw it without building the whole list (a long list of which one
   * move is kept). `seat` is the acting seat (`actor`). The simulator uses it for its random bot.
   * Games may leave it out.
   */
  randomMove?(state: S, seat: number, rng: Rng): M;
  /**
   * The first seat of `status(state).toAct`, or -1 when it is empty (the game is over), without
   * building the status (the simulator asks after every move). Games may leave it out.
   */
  actor?(state: S): number;
  /** What `seat` may see: hidden cards removed or replaced by counts. `null` = a spectator (public only). */
  view(state: S, seat: number | null): V;
  /** Over / winners / scores / who may move. */
  status(state: S): GameStatus;
}

/** What a bot is given: its seat's view, the legal moves, and its own seeded generator. Never the full state. */
export interface BotInput<V, M> {
  seat: number;
  view: V;
  legal: readonly M[];
  rng: Rng;
}

/** A bot: picks one of the legal moves (returning anything else fails the simulation loudly). */
export type Bot<V, M> = (input: BotInput<V, M>) => M;
