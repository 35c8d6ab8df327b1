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
import { TableLan, type LanHost } from './TableLan.svelte';
import { canonical, lanPacket } from './lan-packets';
import type { LanCards, LanPacket, LanText } from '../../../shared/lan/protocol';
import { CURTAIN_BLOCKS_REPLAY, loadUndoPolicy, replayViewers, type Notice, type ShellSetup, type TableGame, type UndoPolicy } from './table-kit';

const NO_MARKS: ReplayMarks = { turn: [], round: [] };
const NO_MATCH: LanText = { zh: '主机上没有正在进行的牌局。', en: 'There is no match at the host.' };
const STALE: LanText = { zh: '牌局已经往前走了，这一步是按旧画面下的。请按当前画面重新操作。', en: 'The match moved on: this move was made on an old screen. Make it again on what the screen shows now.' };
const NOT_DEVICE: LanText = { zh: '这个座位现在不由你的设备操作（主机已交给机器人或在本机操作）。', en: 'This seat is not played on your device now (the host gave it to a bot or plays it here).' };
const HELD: LanText = { zh: '主机暂停了牌局（暂停、回放或展示结算中）。请等主机继续后再操作。', en: 'The host holds the table still (paused, replaying or showing a result). Wait until it goes on, then move.' };
const NOT_TURN: LanText = { zh: '现在不是你的回合。请等轮到你时再操作。', en: 'It is not your turn. Wait until it is, then move.' };

/** One table of a game: its match with people and bots in its seats. */
export abstract class TableShellCore<S, M extends BaseMove, V, O, F extends ShellSetup<O> = ShellSetup<O>, K extends string = string> {
  readonly game: Game<S, M, V, O>;
  readonly setup: F;
  readonly pacing: TablePace<K>;
  readonly bots = new TableBots<M>();
  readonly saves: TableSaves;
  /** Players on their own devices (the LAN table): off until the host invites them. */
  readonly lan: TableLan;
  readonly #project: string;

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
    this.#project = projectId;
    this.lan = new TableLan(windowApi, this.#lanHost());
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
        queueMicrotask(() => this.lan.refresh());
      },
      release: () => {
        this.replayReleased();
        this.schedule();
        queueMicrotask(() => this.lan.refresh());
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

  /** People's seats at this screen (a seat played on its own device is not one). */
  readonly humans: number[] = $derived(this.seats.flatMap((s, i) => (s.kind === 'human' && !this.lan.remote.has(i) ? [i] : [])));

  /** The seat whose device the table waits for (a LAN player deciding now), or null. */
  readonly remoteDeciding: number | null = $derived.by(() => {
    const seat = this.deciding;
    return seat !== null && this.lan.plays(seat) && !this.status?.over ? seat : null;
  });

  /**
   * Whose view is on screen: the chosen seat in a replay, nobody behind the curtain (or while the
   * game hides it, or while a device decides and more than one person shares this screen), else
   * the person at the screen.
   */
  readonly shownSeat: number | null = $derived(
    this.replay.step !== null ? this.replay.seat : this.curtain !== null || this.hidesViewer() || (this.remoteDeciding !== null && this.humans.length > 1) ? null : this.viewer,
  );

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

  // ------------------------------------------------------------------ the LAN table

  /** What the LAN table asks of this table. */
  #lanHost(): LanHost {
    return {
      gameId: this.game.id,
      projectId: this.#project,
      title: () => ({ zh: this.game.name.zh, en: this.game.name.en }),
      players: () => this.current?.init.players ?? 0,
      seats: () => this.seats,
      matchKey: () => (this.current ? `${this.game.id}:${this.current.init.seed}:${this.current.init.players}` : null),
      packets: (remote, connected) => {
        void this.rev;
        const m = this.current;
        if (!m) return null;
        const held = this.paused || this.replay.step !== null || this.holds() || this.screen !== 'play';
        const src = { game: this.game, match: m, lines: this.lines, seats: this.seats, remote: new Set([...remote].filter((s) => this.seats[s]?.kind !== 'bot')), connected, held };
        const packet = (seat: number | null): LanPacket => {
          const p = lanPacket(src, seat);
          const cards = this.lanCards(p.view, seat);
          return cards ? { ...p, cards } : p;
        };
        return { step: m.length, seats: [...remote].map(packet), public: packet(null) };
      },
      face: (key) => this.lanFace(key),
      playRemote: (seat, at, move) => this.playRemote(seat, at, move),
      setSeat: (seat, to) => {
        this.seats = this.seats.map((s, i) => (i === seat ? (to.kind === 'bot' ? { kind: 'bot', level: to.level ?? this.defaultLevel } : { kind: 'human' }) : s));
        this.remoteSeatsChanged();
      },
      remoteChanged: () => this.remoteSeatsChanged(),
    };
  }

  /**
   * For a table of a project's own cards: what `seat` may see of them (the cards its view names,
   * with their names and face pictures), sent with its packet. Reads reactive state (called in the
   * publishing effect). Null: the game's view says all.
   */
  protected lanCards(_view: V, _seat: number | null): LanCards | null {
    return null;
  }

  /** The face picture (SVG markup) `lanCards` named by `key`. */
  protected lanFace(_key: string): string | undefined {
    return undefined;
  }

  /** A device's move for `seat`, made on step `at`: checked with the engine as that seat's move now, then applied as a local move is. */
  protected playRemote(seat: number, at: number, move: unknown): { ok: true } | { ok: false; code: 'illegal' | 'not-your-turn' | 'stale'; message: LanText } {
    const m = this.current;
    if (!m) return { ok: false, code: 'stale', message: NO_MATCH };
    if (at !== m.length) return { ok: false, code: 'stale', message: STALE };
    if (!this.lan.plays(seat)) return { ok: false, code: 'not-your-turn', message: NOT_DEVICE };
    if (this.paused || this.replay.step !== null || this.holds() || this.screen !== 'play') return { ok: false, code: 'not-your-turn', message: HELD };
    const st = m.status();
    if (st.over || !st.toAct.includes(seat)) return { ok: false, code: 'not-your-turn', message: NOT_TURN };
    // The legal move the device named (the table's own object: any other field it sent is dropped);
    // a move the game does not list is still the engine's to judge.
    const sent = (move ?? {}) as Record<string, unknown>;
    const listed = this.game.legalMoves(m.state, seat).find((l) => canonical(l) === canonical(Object.fromEntries(Object.keys(l).map((k) => [k, sent[k]]))));
    const mv = (listed ?? move) as M;
    if ((mv as BaseMove).seat !== seat) return { ok: false, code: 'illegal', message: NOT_TURN };
    let r;
    try {
      r = m.apply(mv);
    } catch (e) {
      return { ok: false, code: 'illegal', message: { zh: `这一步无法执行：${(e as Error).message}`, en: `This move cannot be made: ${(e as Error).message}` } };
    }
    if (!r.ok) return { ok: false, code: 'illegal', message: this.messageText(r.message) };
    this.afterMove(false);
    return { ok: true };
  }

  /** Who plays on a device changed (invited, stopped, a seat handed to a bot or back): who is at the screen, then the next decision. */
  protected remoteSeatsChanged(): void {
    const people = this.humans;
    if (this.viewer !== null && !people.includes(this.viewer)) this.viewer = people.length === 1 ? people[0]! : null;
    else if (this.viewer === null && people.length === 1 && this.curtain === null) this.viewer = people[0]!;
    if (this.curtain !== null && !people.includes(this.curtain)) this.curtain = null;
    this.rev++;
    this.stash();
    this.lan.refresh();
    this.bots.stop();
    this.schedule();
  }

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
  /** Keep the match in this window's storage. */
  protected abstract stash(): void;
  /** Moves from `step` on are gone. */
  protected abstract truncate(step: number): void;
  /** The match changed: show it, stash it, and hand on the next decision. */
  protected abstract changed(): void;
}
