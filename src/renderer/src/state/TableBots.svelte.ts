import type { DoufuMove } from '../../../shared/games/doufu/types';
import { Rng, seedRng } from '../../../shared/util/rng';
import { gameBotFor } from '../features/table/model/game-bots';

/**
 * What the table asks the bot worker: the game (斗福 when absent), the bot level, the seat, its
 * view and legal moves (plain JSON), and the seed of this one decision.
 */
export interface BotRequest<V = unknown, M = unknown> {
  id: number;
  game?: string;
  level: string;
  seat: number;
  view: V;
  legal: M[];
  seed: string;
}

/** What the worker answers. */
export type BotAnswer<M = unknown> = { id: number; move: M } | { id: number; error: string };

/** Bot pace: the pause before a bot's move shows, in milliseconds. */
export const PACE = { min: 0, max: 2400, step: 100, initial: 700 } as const;
const PACE_KEY = 'fuqi.table.pace';

function loadPace(): number {
  try {
    const v = Number(globalThis.localStorage?.getItem(PACE_KEY));
    if (globalThis.localStorage?.getItem(PACE_KEY) !== null && v >= PACE.min && v <= PACE.max) return v;
  } catch {
    // Storage disabled: the default pace.
  }
  return PACE.initial;
}

/**
 * The bots of a table, in a Web Worker so a slow bot never freezes the window. `ask` sends one
 * decision and resolves with the move; `thinking` names the seat while it waits. Answers to
 * requests made before `cancel` (an undo, a new game) are dropped.
 */
export class TableBots<M = DoufuMove> {
  /** The seat whose bot is thinking (until its move shows, pace included), if one is. The table clears it. */
  thinking = $state<number | null>(null);
  /** Pause before a bot's move is shown (adjustable, remembered). */
  pace = $state(loadPace());

  #worker: Worker | null = null;
  /** No worker could be started (a host without module workers): bots think on this thread. */
  #inline = false;
  #seq = 0;
  #token = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #waiting = new Map<number, { resolve: (m: M) => void; reject: (e: Error) => void }>();

  /** Set the pace (clamped to the range) and remember it. */
  setPace(ms: number): void {
    this.pace = Math.min(PACE.max, Math.max(PACE.min, Math.round(ms / PACE.step) * PACE.step));
    try {
      globalThis.localStorage?.setItem(PACE_KEY, String(this.pace));
    } catch {
      // Not remembered; harmless.
    }
  }

  /**
   * Ask a bot for its move and hand it to `onMove` once the pause is over (`hold` ms, by default
   * the pace: a table may pace each kind of action apart), unless `stop` came first; `onFail`
   * hears why a bot failed.
   */
  move(req: Omit<BotRequest<unknown, M>, 'id'>, onMove: (move: M) => void, onFail: (message: string) => void, hold: number = this.pace): void {
    const token = ++this.#token;
    const started = performance.now();
    this.ask(req).then(
      (move) => {
        this.#timer = setTimeout(() => {
          if (token !== this.#token) return;
          this.thinking = null;
          onMove(move);
        }, Math.max(0, hold - (performance.now() - started)));
      },
      (e: Error) => {
        if (token !== this.#token || e.message === 'cancelled') return;
        this.thinking = null;
        onFail(e.message);
      },
    );
  }

  /** Stop: drop the pending request and any move waiting out its pause. */
  stop(): void {
    this.#token++;
    clearTimeout(this.#timer);
    this.cancel();
  }

  /** Ask a bot for its move. Rejects if the bot fails or the request is cancelled. */
  ask(req: Omit<BotRequest<unknown, M>, 'id'>): Promise<M> {
    const id = ++this.#seq;
    this.thinking = req.seat;
    const worker = this.#ensure();
    if (!worker) return this.#think(req);
    return new Promise<M>((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      // Views are plain JSON, so structured cloning copies them as they are.
      worker.postMessage({ ...req, id } satisfies BotRequest<unknown, M>);
    });
  }

  /** Drop every pending request (their promises reject with a `cancelled` error). */
  cancel(): void {
    for (const [, w] of this.#waiting) w.reject(new Error('cancelled'));
    this.#waiting.clear();
    this.thinking = null;
  }

  /** Stop the worker. */
  dispose(): void {
    this.cancel();
    this.#worker?.terminate();
    this.#worker = null;
  }

  /** The bot on this thread (only when no worker can start), a tick later so the UI paints first. */
  #think(req: Omit<BotRequest<unknown, M>, 'id'>): Promise<M> {
    return new Promise((resolve, reject) =>
      setTimeout(() => {
        try {
          resolve(gameBotFor(req.game, req.level)({ seat: req.seat, view: req.view, legal: req.legal, rng: new Rng(seedRng(req.seed)) }) as M);
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      }),
    );
  }

  #ensure(): Worker | null {
    if (this.#worker || this.#inline) return this.#worker;
    let w: Worker;
    try {
      w = new Worker(new URL('../workers/bots.worker.ts', import.meta.url), { type: 'module', name: 'fuqi-bots' });
    } catch {
      this.#inline = true;
      return null;
    }
    w.onmessage = (e: MessageEvent<BotAnswer<M>>) => {
      const waiting = this.#waiting.get(e.data.id);
      if (!waiting) return;
      this.#waiting.delete(e.data.id);
      if ('move' in e.data) waiting.resolve(e.data.move);
      else waiting.reject(new Error(e.data.error));
    };
    w.onerror = (e) => {
      const err = new Error(`The bot worker failed: ${e.message}`);
      for (const [, waiting] of this.#waiting) waiting.reject(err);
      this.#waiting.clear();
    };
    this.#worker = w;
    return w;
  }
}
