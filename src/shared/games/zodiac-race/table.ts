/**
 * The fast path for bots and headless simulation: one live, mutable table played move by move by
 * exactly the rules of `apply` (the same `perform` and driver), without what the public contract
 * pays for on every move — a deep copy of the state, the check of the move against the legal
 * list, the generator's state copied in and out.
 *
 * `apply` stays the contract (pure, never throws, refuses bad moves); `ZrTable` is for callers
 * that only ever play moves taken from `legal()` of the current position: the simulator, the
 * benchmarks, bot rollouts. table.test.ts plays many seeds and option sets both ways and compares
 * every move, event and state.
 *
 * A quiet table builds no events at all (most of what a move allocates): for callers that never
 * read them, such as bot rollouts, or that need only what its `tally` counts (the simulator).
 */
import type { GameEvent, SetupInput } from '../../engine/types';
import { Rng } from '../../util/rng';
import { cloneState, perform } from './apply';
import { newCtx, type Ctx } from './board';
import { startZr } from './game';
import { decide, movesFor, type DecisionKind, type DecisionSlot } from './legal';
import type { ZrOptions } from './options';
import { randomMove } from './random-move';
import { tallyOf, type ZrTally } from './tally';
import type { ZrMove, ZrState } from './types';

/** How a table reports what happens. */
export interface ZrTableMode {
  /** No events (`events` stays empty); the setup and every move are counted in `tally` instead. */
  quiet?: boolean;
  /**
   * A quiet table only: each random seat's generator (null for a seat that decides for itself).
   * The table draws those seats' stops and goes at a star itself, as `pickRandom` would with the
   * same generator, and counts them in `autoMoves`: a simulator's random game, in fewer round trips.
   */
  auto?: readonly (Rng | null)[];
}

const NO_EVENTS: readonly GameEvent[] = Object.freeze([]);

/** A live 生肖赛跑 table (see the module comment). */
export class ZrTable {
  private readonly c: Ctx;
  /** The pending decision, worked out once per move (kind null and seat -1 when the game is over). */
  private readonly d: DecisionSlot = { kind: null, seat: -1 };

  private constructor(s: ZrState, quiet: boolean) {
    this.c = newCtx(s, new Rng(s.rng), quiet ? null : []);
    decide(s, this.d);
  }

  /** A new game (the setup's events are `events` until the first `play`; a quiet table counts them in `tally`). */
  static start(input: SetupInput<ZrOptions>, mode: ZrTableMode = {}): ZrTable {
    const { state, events } = startZr(input);
    const quiet = mode.quiet === true;
    if (mode.auto && !quiet) throw new Error('ZrTable: a table that draws for its random seats must be quiet.');
    const t = new ZrTable(state, quiet);
    if (quiet) t.c.tally = tallyOf(input.players, events);
    else t.c.ev = events;
    // The setup never waits at a star (a game starts with a choice of animal or a main phase).
    if (mode.auto) t.c.auto = { rngs: mode.auto, moves: 0 };
    return t;
  }

  /** A table continuing from a state (copied: the argument is never changed); a quiet one counts from here. */
  static from(s: ZrState, mode: ZrTableMode = {}): ZrTable {
    const quiet = mode.quiet === true;
    const t = new ZrTable(cloneState(s), quiet);
    if (quiet) t.c.tally = tallyOf(s.n, []);
    return t;
  }

  /**
   * The live state. Its generator field is stale while play goes on (the generator runs in the
   * table): use `state()` for a JSON state. Read it, never change it, and never hand it to the
   * contract (`zodiacRace.legalMoves` / `apply` remember the last legal list by state identity,
   * and this object changes in place).
   */
  get live(): ZrState {
    return this.c.s;
  }

  /** The events of the last `play` (the table reuses the list: copy what you keep); always empty on a quiet table. */
  get events(): readonly GameEvent[] {
    return this.c.ev ?? NO_EVENTS;
  }

  /** What a quiet table counted since its start (null on a table with events). Live: read it, never change it. */
  get tally(): Readonly<ZrTally> | null {
    return this.c.tally ?? null;
  }

  /** The random seats' decisions the table drew itself since its start (`ZrTableMode.auto`). */
  get autoMoves(): number {
    return this.c.auto?.moves ?? 0;
  }

  /** Whether the game is over. */
  get over(): boolean {
    return this.c.s.phase === 'over';
  }

  /** The seat whose decision the table waits for, or -1 when the game is over. */
  seat(): number {
    return this.d.seat;
  }

  /** The pending decision's kind, or null when the game is over. */
  decision(): DecisionKind | null {
    return this.d.kind;
  }

  /** The legal moves of the deciding seat (a fresh list, the same as `legalMoves`). */
  legal(): ZrMove[] {
    const d = this.d;
    return d.kind === null ? [] : movesFor(this.c.s, d.kind, d.seat);
  }

  /**
   * A uniformly random legal move: exactly `rng.pick(this.legal())` — the same draw, an equal move
   * — without building the whole list (random-move.ts).
   */
  pickRandom(rng: Rng): ZrMove {
    return randomMove(this.c.s, this.d.kind!, this.d.seat, rng);
  }

  /** Play one move of `legal()` for the current position (not checked: anything else is undefined behaviour). */
  play(move: ZrMove): void {
    const c = this.c;
    if (c.ev !== null && c.ev.length !== 0) c.ev = [];
    perform(c, move, this.d.seat);
    decide(c.s, this.d);
  }

  /** A JSON copy of the current state, generator included (equal to what `apply` would have produced). */
  state(): ZrState {
    const s = cloneState(this.c.s);
    s.rng = this.c.rng.state();
    return s;
  }
}
