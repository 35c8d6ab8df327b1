/**
 * The table kit's shell, its first half: what a table holds and shows, and the hooks a game
 * overrides. `TableShell` (TableShell.svelte.ts) adds what a table does — start, load, act, undo,
 * save and hand each decision on. See features/table-kit/README.md.
 *
 * Hot-seat privacy: the match's full state never reaches a component. What is rendered is always
 * `game.view(state, seat)` for the person at the screen (`viewer`), or the public view while the
 * pass-and-play curtain is up. Every change to the match bumps `rev`, which every derived value reads.
 */
import type { Match, BaseMove, Game } from '../../../shared/engine';
import type { UndoMode } from '../../../shared/engine/undo';
import type { TableSeat, WindowApi } from '../../../shared/ipc/contract';
import type { LogLine, Text } from '../features/table/model/log';
import type { TableLines } from './step-log';
import { TableBots } from './TableBots.svelte';
import type { TablePace } from './TablePace.svelte';
import { TableReplay, type ReplayHost } from './TableReplay.svelte';
import { TableSaves } from './TableSaves.svelte';
import { replayMarks, type ReplayMarks } from './replay-marks';
import type { SinceLastTurn } from './since-last-turn';
import { CURTAIN_BLOCKS_REPLAY, loadUndoPolicy, replayViewers, type Notice, type ShellSetup, type TableGame, type UndoPolicy } from './table-kit';

const NO_MARKS: ReplayMarks = { turn: [], round: [] };

/** One table of a game: its match with people and bots in its seats. */
export abstract class TableShellCore<S, M extends BaseMove, V, O, F extends ShellSetup<O> = ShellSetup<O>, K extends string = string> {
  readonly game: Game<S, M, V, O>;
  readonly setup: F;
  readonly pacing: TablePace<K>;
  readonly bots = new TableBots<M>();
  readonly saves: TableSaves;

  /** The new-game screen or the table. */
  screen = $state<'setup' | 'play'>('setup');
  /** Who sits where in the match being played. */
  seats = $state.raw<TableSeat[]>([]);
  /** The person at the screen (their view is shown), or null. */
  viewer = $state<number | null>(null);
  /** A person the curtain waits for; while set, only the public view is shown. */
  curtain = $state<number | null>(null);
  notice = $state.raw<Notice | null>(null);
  /** Bots hold still. */
  paused = $state(false);
  undoPolicy = $state<UndoPolicy>(loadUndoPolicy());
  /** The save this table last wrote (saving again replaces it). */
  saveId = $state<string | null>(null);
  /** What the others did since the person at the screen last moved (until they act or close it). */
  since = $state.raw<SinceLastTurn | null>(null);
  /** Stepping through the match (read-only). */
  readonly replay = new TableReplay(this.#replayHost());

  /** The match in play (subclasses read it; components render views only). */
  protected current = $state.raw<Match<S, M, V, O> | null>(null);
  /** Bumped by every change to the match. */
  protected rev = $state(0);
  protected readonly lines: TableLines<Match<S, M, V, O>>;
  /** The bot level of a seat saved without one. */
  protected readonly defaultLevel: string;
  #hands = false;
  #privateViews = false;
  /** Moves made when `since` was last offered (it is offered once per decision). */
  protected sinceAt = -1;

  constructor(projectId: string, windowApi: WindowApi, kit: TableGame<S, M, V, O, F, K>) {
    this.game = kit.game;
    this.setup = kit.setup;
    this.pacing = kit.pacing;
    this.lines = kit.lines as TableLines<Match<S, M, V, O>>;
    this.defaultLevel = kit.defaultBotLevel;
    this.saves = new TableSaves(windowApi, projectId, kit.game.id);
    this.#hands = kit.hands ?? false;
    this.#privateViews = kit.privateViews ?? false;
  }

  /** What the replay asks of this table. */
  #replayHost(): ReplayHost {
    const viewers = (): readonly number[] =>
      replayViewers({ players: this.seats.length, humans: this.humans, viewer: this.viewer, over: this.status?.over ?? false, designer: this.undoPolicy === 'designer' });
    const host: ReplayHost = {
      length: () => this.current?.length ?? 0,
      hold: () => {
        this.bots.stop();
        this.dropHeld();
      },
      release: () => {
        this.replayReleased();
        this.schedule();
      },
      stepped: (from, to) => this.replayStepped(from, to),
      blocked: () => (this.curtain !== null ? CURTAIN_BLOCKS_REPLAY : null),
      marks: () => {
        void this.rev;
        const m = this.current;
        return m ? replayMarks(this.seats.length, m.setupEvents, m.log, this.#hands) : this.#hands ? { ...NO_MARKS, hand: [] } : NO_MARKS;
      },
      branch: (step) => {
        if (!this.current) return;
        this.truncate(step);
        this.rewound(false);
        this.changed();
      },
    };
    // Only where seats see different things does the replay offer "view as" (known once the game is).
    Object.defineProperty(host, 'viewers', { get: () => (this.#privateViews ? viewers : undefined), enumerable: true });
    return host;
  }

  // ------------------------------------------------------------------ what the table shows

  /** The match (for its record and seed; never render its state). */
  get match(): Match<S, M, V, O> | null {
    void this.rev;
    return this.current;
  }

  /** Over / winners / who may act. */
  readonly status = $derived.by(() => {
    void this.rev;
    return this.current?.status() ?? null;
  });

  /** Moves made so far. */
  readonly length = $derived.by(() => {
    void this.rev;
    return this.current?.length ?? 0;
  });

  /** People's seats. */
  readonly humans: number[] = $derived(this.seats.flatMap((s, i) => (s.kind === 'human' ? [i] : [])));

  /** Whose view is on screen: the chosen seat in a replay, nobody behind the curtain (or while the game hides it), else the person at the screen. */
  readonly shownSeat: number | null = $derived(this.replay.step !== null ? this.replay.seat : this.curtain !== null || this.hidesViewer() ? null : this.viewer);

  /** The step shown (the live table: every move). */
  readonly step: number = $derived(this.replay.step ?? this.length);

  /** The view on screen. */
  readonly view: V | null = $derived.by(() => {
    void this.rev;
    const m = this.current;
    return m ? this.viewOf(m) : null;
  });

  /** The moves of the person at the screen, when the decision is theirs (and the table is live). */
  readonly legal: M[] = $derived.by(() => {
    void this.rev;
    const m = this.current;
    const seat = this.shownSeat;
    if (!m || seat === null || this.replay.step !== null || this.holds() || !this.status?.toAct.includes(seat)) return [];
    return this.game.legalMoves(m.state, seat);
  });

  /** The seat whose decision it is. */
  readonly deciding: number | null = $derived(this.decider(this.status?.toAct ?? []));

  /** The log for the seat on screen (up to the replay step in a replay). */
  readonly log: LogLine[] = $derived.by(() => {
    void this.rev;
    const m = this.current;
    return m ? this.logOf(m) : [];
  });

  /** Why undo is refused now, or null if it may. */
  readonly undoBlocked: Text | null = $derived.by(() => {
    void this.rev;
    const m = this.current;
    if (!m || this.replay.step !== null) return { zh: '回放中不能撤销。', en: 'Undo is off during a replay.' };
    const r = m.undoTarget(this.undoMode());
    return r.ok ? null : this.messageText(r.message);
  });

  // ------------------------------------------------------------------ the game's parts (override)

  /** The view of the match on screen (the replay's step and seat in a replay). */
  protected viewOf(m: Match<S, M, V, O>): V {
    if (this.replay.step !== null) return this.game.view(m.stateAt(Math.min(this.replay.step, m.length)), this.replay.seat);
    return m.view(this.shownSeat);
  }

  /** The log lines on screen. */
  protected logOf(m: Match<S, M, V, O>): LogLine[] {
    return this.lines.lines(m, this.step, this.shownSeat);
  }

  /** Of the seats that may act, the one whose decision the table waits for. */
  protected decider(toAct: readonly number[]): number | null {
    return toAct[0] ?? null;
  }

  /** The game holds the table still (a hand's end on show): no decisions, no bots. */
  protected holds(): boolean {
    return false;
  }

  /** The game hides the person's own view for now (everyone at the table looks at one screen). */
  protected hidesViewer(): boolean {
    return false;
  }

  /** An engine message in the player's language. */
  protected messageText(message: Text): Text {
    return message;
  }

  /** Put down whatever the person at the screen holds between clicks. */
  protected dropHeld(): void {}

  /** The curtain came down: nothing of the last person's may stay on screen. */
  protected curtainDown(): void {
    this.dropHeld();
  }

  /** A new match is at the table: the game clears what it showed of the last one. */
  protected reset(): void {}

  /** The match is installed and shown (the game may place its pieces). */
  protected installed(): void {}

  /** A match was started from the new-game screen (before the first decision). */
  protected started(_m: Match<S, M, V, O>): void {}

  /** A saved or stashed match was opened (before the first decision). */
  protected opened(_m: Match<S, M, V, O>): void {}

  /** A save was loaded (and its replay entered, if asked). */
  protected loaded(): void {}

  /** Moves from `step` on are gone (undo, a replay's branch). */
  protected truncated(_step: number): void {}

  /** The match went back (`undo`: by undo; else by a replay's branch), before it shows. */
  protected rewound(_undo: boolean): void {}

  /** An undo has shown. */
  protected undone(): void {}

  /** A move was made (`bot`: by a bot). The default shows it. */
  protected afterMove(_bot: boolean): void {
    this.changed();
  }

  /** The match changed and shows; the bots are scheduled next. */
  protected onChanged(): void {}

  /** The replay ended; the live table resumes. */
  protected replayReleased(): void {}

  /** A replay stepped from `from` to `to`. */
  protected replayStepped(_from: number | null, _to: number): void {}

  /** How long the last action shows before a bot moves (ms). */
  protected botHold(_m: Match<S, M, V, O>): number {
    return this.bots.pace;
  }

  /** Undo as the toolbar's policy says, for the people at this table (engine/undo.ts decides how far). */
  protected undoMode(): UndoMode {
    if (this.undoPolicy === 'designer') return { by: 'designer', people: this.humans };
    // Behind the curtain nobody is at the screen: no seat, so the engine refuses a player undo.
    return { by: 'player', seat: this.shownSeat ?? -1, people: this.humans };
  }


  // ------------------------------------------------------------------ what TableShell does (the replay asks for them)

  /** Hand the screen to the person whose decision it is, or let the bot of that seat move. */
  protected abstract schedule(): void;
  /** Moves from `step` on are gone. */
  protected abstract truncate(step: number): void;
  /** The match changed: show it, stash it, and hand on the next decision. */
  protected abstract changed(): void;
}
