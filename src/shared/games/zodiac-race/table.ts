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
 */
import type { GameEvent, SetupInput } from '../../engine/types';
import { Rng } from '../../util/rng';
import { cloneState, perform } from './apply';
import type { Ctx } from './board';
import { startZr } from './game';
import { decisionKind, decisionSeat, movesFor, type DecisionKind } from './legal';
import type { ZrOptions } from './options';
import { randomMove } from './random-move';
import type { ZrMove, ZrState } from './types';

/** A live 生肖赛跑 table (see the module comment). */
export class ZrTable {
  private readonly c: Ctx;
  /** The pending decision, worked out once per move (null when the game is over). */
  private kind: DecisionKind | null;
  private who: number;

  private constructor(s: ZrState) {
    this.c = { s, rng: new Rng(s.rng), ev: [] };
    this.kind = decisionKind(s);
    this.who = decisionSeat(s);
  }

  /** A new game (the setup's events are `events` until the first `play`). */
  static start(input: SetupInput<ZrOptions>): ZrTable {
    const { state, events } = startZr(input);
    const t = new ZrTable(state);
    t.c.ev = events;
    return t;
  }

  /** A table continuing from a state (copied: the argument is never changed). */
  static from(s: ZrState): ZrTable {
    return new ZrTable(cloneState(s));
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

  /** The events of the last `play` (the table reuses the list: copy what you keep). */
  get events(): readonly GameEvent[] {
    return this.c.ev;
  }

  /** Whether the game is over. */
  get over(): boolean {
    return this.c.s.phase === 'over';
  }

  /** The seat whose decision the table waits for, or -1 when the game is over. */
  seat(): number {
    return this.who;
  }

  /** The pending decision's kind, or null when the game is over. */
  decision(): DecisionKind | null {
    return this.kind;
  }

  /** The legal moves of the deciding seat (a fresh list, the same as `legalMoves`). */
  legal(): ZrMove[] {
    return this.kind === null ? [] : movesFor(this.c.s, this.kind, this.who);
  }

  /**
   * A uniformly random legal move: exactly `rng.pick(this.legal())` — the same draw, an equal move
   * — without building the whole list (random-move.ts).
   */
  pickRandom(rng: Rng): ZrMove {
    return randomMove(this.c.s, this.kind!, this.who, rng);
  }

  /** Play one move of `legal()` for the current position (not checked: anything else is undefined behaviour). */
  play(move: ZrMove): void {
    const c = this.c;
    if (c.ev.length !== 0) c.ev = [];
    perform(c, move);
    this.kind = decisionKind(c.s);
    this.who = decisionSeat(c.s);
  }

  /** A JSON copy of the current state, generator included (equal to what `apply` would have produced). */
  state(): ZrState {
    const s = cloneState(this.c.s);
    s.rng = this.c.rng.state();
    return s;
  }
}
