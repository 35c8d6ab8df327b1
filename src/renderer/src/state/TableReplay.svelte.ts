import type { Text } from '../features/table/model/log';
import { stepBy, type ReplayMarks, type ReplayUnit } from './replay-marks';

/** What a replay needs of its table. */
export interface ReplayHost {
  /** Moves in the match (0 when there is none). */
  length(): number;
  /** Stop the bots and put down whatever is held: a replay is read-only. */
  hold(): void;
  /** The live table resumes (bots may move again). */
  release(): void;
  /** Drop every move after `step` and play on from there. */
  branch(step: number): void;
  /** The step shown changed (`from`: null when the replay just began), so the table can show the move. */
  stepped?(from: number | null, to: number): void;
  /**
   * The seats whose own view the replay may show now (the public view always may): at a game with
   * hidden hands, `replayViewers`. Absent at a game where every seat sees the same (nothing to
   * choose: the replay offers no "view as").
   */
  viewers?(): readonly number[];
  /** Why a replay may not start now (the pass-and-play curtain is up), or null. */
  blocked?(): Text | null;
  /** Where the match's turns, rounds (and hands) begin (`replayMarks`), for going by them. */
  marks?(): ReplayMarks;
}

/**
 * Stepping through a match: which step is shown (null: the live table) and from whose seat (null:
 * the public view, so a replay shows no hand unless asked). The table renders
 * `view(stateAt(step), seat)` meanwhile; nothing changes the match but `branch`.
 */
export class TableReplay {
  /** Moves shown, or null for the live table. */
  step = $state<number | null>(null);
  /** How far back / forward goes: a move, a turn, a round or a hand. */
  unit = $state<ReplayUnit>('move');
  /** The seat asked for (shown only while `viewers` allows it). */
  #seat = $state<number | null>(null);

  readonly #host: ReplayHost;

  constructor(host: ReplayHost) {
    this.#host = host;
  }

  /** Whether a replay is shown. */
  get on(): boolean {
    return this.step !== null;
  }

  /**
   * Whose view the replay shows (null: public). Only a seat the table allows now: a seat asked for
   * earlier is not shown once it is no longer allowed (another person came to the screen).
   */
  get seat(): number | null {
    const s = this.#seat;
    return s !== null && this.viewers.includes(s) ? s : null;
  }
  set seat(s: number | null) {
    this.#seat = s !== null && this.viewers.includes(s) ? s : null;
  }

  /** The seats whose view the replay may show (besides the public view). */
  get viewers(): readonly number[] {
    return this.#host.viewers?.() ?? [];
  }

  /** Whether the game hides anything from some seat (so whose view to show is a choice). */
  get hasViews(): boolean {
    return this.#host.viewers !== undefined;
  }

  /** Why a replay may not start now, or null. */
  get blocked(): Text | null {
    return this.#host.blocked?.() ?? null;
  }

  /** Show the table after `step` moves; false (nothing changes) while a replay may not start. */
  enter(step = 0): boolean {
    if (this.step === null && this.blocked) return false;
    this.#host.hold();
    this.step = this.#clamp(step);
    this.#host.stepped?.(null, this.step);
    return true;
  }

  /** Move to a step (clamped). */
  seek(step: number): void {
    const from = this.step;
    if (from === null) return;
    this.step = this.#clamp(step);
    if (this.step !== from) this.#host.stepped?.(from, this.step);
  }

  /** Where the match's turns, rounds and hands begin. */
  get marks(): ReplayMarks {
    return this.#host.marks?.() ?? { turn: [], round: [] };
  }

  /** The units this match can be stepped by. */
  get units(): ReplayUnit[] {
    const m = this.marks;
    return ['move', ...(m.turn.length ? (['turn', 'round'] as const) : []), ...(m.hand?.length ? (['hand'] as const) : [])];
  }

  /** One `unit` back (-1) or forward (+1). */
  go(dir: 1 | -1): void {
    if (this.step === null) return;
    this.seek(stepBy(this.marks, this.units.includes(this.unit) ? this.unit : 'move', this.step, dir, this.#host.length()));
  }

  /** Show the table right after move `move` (a log line's): into the replay if it is not on. */
  jumpTo(move: number): boolean {
    if (this.step === null) return this.enter(move + 1);
    this.seek(move + 1);
    return true;
  }

  /** Back to the live table. */
  exit(): void {
    this.step = null;
    this.#host.release();
  }

  /** Designer tool: drop every move after the step shown and play on from there. */
  branch(): void {
    const step = this.step;
    if (step === null) return;
    this.step = null;
    this.#host.branch(step);
  }

  #clamp(step: number): number {
    return Math.max(0, Math.min(Math.round(step), this.#host.length()));
  }
}
