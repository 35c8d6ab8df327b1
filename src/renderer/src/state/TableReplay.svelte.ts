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
}

/**
 * Stepping through a match: which step is shown (null: the live table) and from whose seat (null:
 * the public view, so a replay shows no hand unless asked). The table renders
 * `view(stateAt(step), seat)` meanwhile; nothing changes the match but `branch`.
 */
export class TableReplay {
  /** Moves shown, or null for the live table. */
  step = $state<number | null>(null);
  /** Whose view the replay shows (null: public). */
  seat = $state<number | null>(null);

  readonly #host: ReplayHost;

  constructor(host: ReplayHost) {
    this.#host = host;
  }

  /** Whether a replay is shown. */
  get on(): boolean {
    return this.step !== null;
  }

  /** Show the table after `step` moves. */
  enter(step = 0): void {
    this.#host.hold();
    this.step = this.#clamp(step);
    this.#host.stepped?.(null, this.step);
  }

  /** Move to a step (clamped). */
  seek(step: number): void {
    const from = this.step;
    if (from === null) return;
    this.step = this.#clamp(step);
    if (this.step !== from) this.#host.stepped?.(from, this.step);
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
