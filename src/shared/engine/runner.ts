/**
 * The runner: a match as a record (game, rules version, options, seed, players, moves) plus the
 * states it derives. The record is the save file, the replay, the undo history and the bug report;
 * states are only a cache, re-derived from seed + moves whenever needed.
 */
import { assert } from '../util/assert';
import type { ApplyResult, BaseMove, EngineError, Game, GameEvent, GameStatus, SetupInput } from './types';
import { undoTarget, type UndoMode, type UndoTarget } from './undo';

export type { UndoMode, UndoTarget } from './undo';

/** Current format of a saved match. */
export const MATCH_FORMAT = 'fuqi-match' as const;
/** Current version of that format. Files with a higher version are refused. */
export const MATCH_FORMAT_VERSION = 1;

/** A match as data: enough to reproduce every state. */
export interface MatchRecord<M extends BaseMove = BaseMove, O = unknown> {
  format: typeof MATCH_FORMAT;
  formatVersion: number;
  /** `Game.id`. */
  game: string;
  /** `Game.rulesVersion` at recording time. */
  rulesVersion: string;
  options: O;
  seed: string;
  players: number;
  moves: M[];
}

/** One applied move with what it caused. */
export interface LogEntry<M> {
  /** 0-based position in `moves`. */
  index: number;
  move: M;
  events: GameEvent[];
  /** The move exposed hidden information (some event carries `reveal`): players cannot undo it. */
  reveal: boolean;
}

/** States are cached every this many moves; older states are replayed from the nearest checkpoint. */
const CHECKPOINT_EVERY = 16;

/** Whether any event of a move exposed hidden information. */
export function isReveal(events: readonly GameEvent[]): boolean {
  return events.some((e) => e.reveal !== undefined);
}

/**
 * A running match. Create with `Match.create`, or `loadMatch` from a saved file.
 * @example
 * const m = Match.create(doufu, { seed: 's1', players: 3, options: doufu.defaultOptions });
 * m.apply({ type: 'draw', seat: 0 });
 * m.undo({ by: 'designer' });
 * const json = m.save();
 */
export class Match<S, M extends BaseMove, V, O> {
  private readonly moves: M[] = [];
  private readonly entries: LogEntry<M>[] = [];
  /** checkpoints[k] = state after k * CHECKPOINT_EVERY moves. */
  private checkpoints: S[];
  private current: S;
  /** What setup did before the first move (the deal, a draw for the first dealer): the log's first lines. */
  readonly setupEvents: readonly GameEvent[];

  private constructor(
    readonly game: Game<S, M, V, O>,
    readonly init: SetupInput<O>,
  ) {
    const started = game.start ? game.start(init) : { state: game.setup(init), events: [] };
    this.current = started.state;
    this.setupEvents = started.events;
    this.checkpoints = [this.current];
  }

  /** Start a new match. Throws `UsageError` on a bad seat count (a programming error). */
  static create<S, M extends BaseMove, V, O>(game: Game<S, M, V, O>, init: SetupInput<O>): Match<S, M, V, O> {
    assert(typeof init.seed === 'string' && init.seed.length > 0, 'Match.create needs a non-empty string seed.');
    assert(Number.isInteger(init.players) && init.players >= game.minPlayers && init.players <= game.maxPlayers, `${game.id} is played by ${game.minPlayers}–${game.maxPlayers} players; got ${init.players}.`);
    return new Match(game, init);
  }

  /** The current state (secret: give players `view`, not this). */
  get state(): S {
    return this.current;
  }

  /** Status of the current state. */
  status(): GameStatus {
    return this.game.status(this.current);
  }

  /** The current view of a seat. */
  view(seat: number | null): V {
    return this.game.view(this.current, seat);
  }

  /** Number of applied moves. */
  get length(): number {
    return this.moves.length;
  }

  /** The log: every applied move with its events and reveal flag. */
  get log(): readonly LogEntry<M>[] {
    return this.entries;
  }

  /** The record (a deep copy): what `save` writes. */
  record(): MatchRecord<M, O> {
    return JSON.parse(
      JSON.stringify({
        format: MATCH_FORMAT,
        formatVersion: MATCH_FORMAT_VERSION,
        game: this.game.id,
        rulesVersion: this.game.rulesVersion,
        options: this.init.options,
        seed: this.init.seed,
        players: this.init.players,
        moves: this.moves,
      }),
    ) as MatchRecord<M, O>;
  }

  /** Apply a move; on success it is appended to the record and the log. */
  apply(move: M): ApplyResult<S> {
    const res = this.game.apply(this.current, move);
    if (!res.ok) return res;
    this.push(move, res.state, res.events);
    return res;
  }

  private push(move: M, state: S, events: GameEvent[]): void {
    const copy = JSON.parse(JSON.stringify(move)) as M; // the record must not alias caller objects
    this.entries.push({ index: this.moves.length, move: copy, events, reveal: isReveal(events) });
    this.moves.push(copy);
    this.current = state;
    if (this.moves.length % CHECKPOINT_EVERY === 0) this.checkpoints.push(state);
  }

  /**
   * The state after the first `step` moves (0 = right after setup), re-derived from the nearest
   * checkpoint. Throws `UsageError` for a step outside 0…length.
   */
  stateAt(step: number): S {
    assert(Number.isInteger(step) && step >= 0 && step <= this.moves.length, `stateAt(step) needs 0 ≤ step ≤ ${this.moves.length}; got ${step}.`);
    if (step === this.moves.length) return this.current;
    const k = Math.floor(step / CHECKPOINT_EVERY);
    let s: S = this.checkpoints[k]!;
    for (let i = k * CHECKPOINT_EVERY; i < step; i++) {
      const r = this.game.apply(s, this.moves[i]!);
      // A recorded move was legal when it was recorded; failing now means the engine is not pure.
      assert(r.ok, `Replay diverged at move ${i}: the engine is not deterministic (${r.ok ? '' : r.code}).`);
      s = (r as { state: S }).state;
    }
    return s;
  }

  /** Where undo in `mode` would go back to (the number of moves kept), or why it is refused (see engine/undo.ts). */
  undoTarget(mode: UndoMode): UndoTarget {
    return undoTarget(this.entries, mode, this.init.players);
  }

  /** Why undo in this mode is refused now, or `null` if it may. */
  undoBlocker(mode: UndoMode): EngineError | null {
    const t = this.undoTarget(mode);
    return t.ok ? null : t;
  }

  /** Undo back to before the last decision of a person (and the bots' moves after it). Returns the error value if the mode forbids it. */
  undo(mode: UndoMode): { ok: true; state: S } | EngineError {
    const t = this.undoTarget(mode);
    if (!t.ok) return t;
    return { ok: true, state: this.truncate(t.step) };
  }

  /** Designer tool: drop every move after `step` (a branch point); returns the state there. */
  truncate(step: number): S {
    const s = this.stateAt(step);
    this.moves.length = step;
    this.entries.length = step;
    this.checkpoints.length = Math.floor(step / CHECKPOINT_EVERY) + 1;
    this.current = s;
    return s;
  }

  /** Every state from setup to now, in order (a generator: replays lazily). */
  *replay(): Generator<{ step: number; state: S; entry: LogEntry<M> | null }> {
    let s: S = this.checkpoints[0]!;
    yield { step: 0, state: s, entry: null };
    for (let i = 0; i < this.moves.length; i++) {
      const r = this.game.apply(s, this.moves[i]!);
      assert(r.ok, `Replay diverged at move ${i}.`);
      s = (r as { state: S }).state;
      yield { step: i + 1, state: s, entry: this.entries[i]! };
    }
  }

  /** @internal Used by `loadMatch`: append an already-validated move. */
  static fromMoves<S, M extends BaseMove, V, O>(game: Game<S, M, V, O>, init: SetupInput<O>, moves: readonly M[]): Match<S, M, V, O> | { failedAt: number; error: EngineError } {
    const m = new Match(game, init);
    for (let i = 0; i < moves.length; i++) {
      const r = m.apply(moves[i]!);
      if (!r.ok) return { failedAt: i, error: r };
    }
    return m;
  }
}
