import { loadMatch, Match, type LogEntry } from '../../../shared/engine';
import { doufu } from '../../../shared/games/doufu';
import type { DoufuGameOptions, DoufuMove, DoufuState } from '../../../shared/games/doufu/types';
import type { DoufuView } from '../../../shared/games/doufu/view';
import type { MatchFile, TableSeat, WindowApi } from '../../../shared/ipc/contract';
import { api } from '../api';
import { botSeed, DEFAULT_BOT_LEVEL } from '../features/table/model/bots';
import { aimSkill, answerSkill, legalSpots, NO_PICK, resolveClick, spotKey, type Pick, type SkillAim, type SkillStage, type Spot } from '../features/table/model/input';
import { LogCache, lastFlipIn } from '../features/table/model/log-cache';
import type { LogLine, Text } from '../features/table/model/log';
import { handSummary, type HandSummary } from '../features/table/model/settlement';
import { clickHint } from '../features/table/model/hints';
import { moveCaptions, oxSwapNote, type Caption, type OxSwapNote } from '../features/table/model/narrate';
import type { GameEvent } from '../../../shared/engine/types';
import { englishTerms, englishText } from '../features/table/model/terms';
import type { UndoMode } from '../../../shared/engine/undo';
import { actionTiming, moveKind, type ActionKind, type ActionTiming } from '../features/table/model/pace';
import { TableBots } from './TableBots.svelte';
import { TablePace } from './TablePace.svelte';
import { TableReplay } from './TableReplay.svelte';
import { TableSaves } from './TableSaves.svelte';
import { TableSetup } from './TableSetup.svelte';
import { replayMarks, type ReplayMarks } from './replay-marks';
import { sinceLastTurn, touchedCards, type SinceLastTurn } from './since-last-turn';
import { CURTAIN_BLOCKS_REPLAY, loadUndoPolicy, replayViewers, storeUndoPolicy, tableGameOf, type UndoPolicy } from './table-kit';

/** A 斗福 match at the table. */
export type DoufuMatch = Match<DoufuState, DoufuMove, DoufuView, DoufuGameOptions>;

/** Whether a project gets a Table tab (a built-in game to play, see table-kit.ts). */
export function hasTable(summary: { game?: string } | undefined): boolean {
  return tableGameOf(summary) !== null;
}

/** Who may undo how far at this table (shared by every game's table, see table-kit.ts). */
export type { UndoPolicy } from './table-kit';

/** A caption narrating a bot's action where it happens (`id` tells one from the next at a place; `life`: how long it stays, ms). */
export type ShownCaption = Caption & { id: number; life: number };

/** The last move made at the table, for the cards' motion (not for a loaded match, an undo or a replay). */
export interface LastMove {
  /** The move's index (-1: the match's setup, its first deal). */
  index: number;
  events: readonly GameEvent[];
  move?: DoufuMove;
  /** The group of actions that paces it (model/pace.ts): how long its cards glide. */
  kind: ActionKind;
}

/** A short note at the table: why a move was refused (error) or what just happened (info). */
export interface Notice {
  text: Text;
  tone: 'error' | 'info';
}

const NO_CARDS: ReadonlySet<string> = new Set();

/**
 * One table: a 斗福 match with people and bots in its seats.
 *
 * Hot-seat privacy: the match's full state never reaches a component. What is rendered is always
 * `game.view(state, seat)` for the person at the screen (`viewer`), or the public view while the
 * pass-and-play curtain is up. The viewer changes only through the curtain: when a decision falls
 * to another person, the curtain comes down and that person lifts it. With one person at the
 * table there is no curtain and the view is always theirs.
 *
 * Bots think in a Web Worker (TableBots) and move after an adjustable pause. Every change to the
 * match bumps `#rev`, which every derived value reads.
 */
export class TableState {
  readonly setup = new TableSetup();
  readonly bots = new TableBots();
  /** The speed of each group of actions (the bar's pace popover). */
  readonly pacing = new TablePace();
  readonly saves: TableSaves;

  /** The new-game screen or the table. */
  screen = $state<'setup' | 'play'>('setup');
  /** Who sits where in the match being played. */
  seats = $state.raw<TableSeat[]>([]);
  /** The person at the screen (their view is shown), or null. */
  viewer = $state<number | null>(null);
  /** A person the curtain waits for; while set, only the public view is shown. */
  curtain = $state<number | null>(null);
  /** What the person at the screen holds between clicks. */
  pick = $state.raw<Pick>(NO_PICK);
  notice = $state.raw<Notice | null>(null);
  /** The end of a hand, shown until dismissed (bots wait meanwhile). */
  summary = $state.raw<HandSummary | null>(null);
  /** Bots hold still. */
  paused = $state(false);
  undoPolicy = $state<UndoPolicy>(loadUndoPolicy());
  /** Stepping through the match (read-only). */
  readonly replay = new TableReplay({
    length: () => this.#match?.length ?? 0,
    hold: () => {
      this.#stopBots();
      this.pick = NO_PICK;
    },
    release: () => {
      this.lastMove = null;
      this.#clearCaptions();
      this.#schedule();
    },
    stepped: (from, to) => this.#replayStepped(from, to),
    viewers: () =>
      replayViewers({ players: this.seats.length, humans: this.humans, viewer: this.viewer, over: this.status?.over ?? false, designer: this.undoPolicy === 'designer' }),
    blocked: () => (this.curtain !== null ? CURTAIN_BLOCKS_REPLAY : null),
    marks: () => this.#marks,
    branch: (step) => {
      if (!this.#match) return;
      this.#truncate(step);
      this.summary = null;
      this.#changed();
    },
  });
  #inspected = $state<string | null>(null);
  /** Whether the pointer (or focus) is still on the inspected card. */
  #pointing = false;

  /**
   * The card shown large beside the log: the last one under the pointer or focus. It stays on show
   * after the pointer leaves it (to be read), until the table moves on: a bot's move puts it away
   * then, and any move that takes the card out of sight.
   */
  get inspected(): string | null {
    return this.#inspected;
  }
  /** A card came under the pointer or focus; null: the pointer left it. */
  set inspected(code: string | null) {
    this.#pointing = code !== null;
    if (code !== null) this.#inspected = code;
  }
  /** The save this table last wrote (saving again replaces it). */
  saveId = $state<string | null>(null);
  /** Captions of the last bot action, at the places it happened (public: they name no hidden card). */
  captions = $state.raw<ShownCaption[]>([]);
  /** The last move made here (the table moves its cards after it). */
  lastMove = $state.raw<LastMove | null>(null);
  /**
   * 福牛 swaps that took a card from a person, kept until that person has read them. Each is shown
   * only to its target, when they are the one at the screen (after the curtain): `oxNote`.
   */
  oxNotes = $state.raw<OxSwapNote[]>([]);
  /** What the others did since the person at the screen last moved (until they act or close it). */
  since = $state.raw<SinceLastTurn | null>(null);
  /** Moves made when `since` was last offered (it is offered once per decision). */
  #sinceAt = -1;
  /** While paused, the bot deciding now may make one move (`stepBot`). */
  #oneStep = false;
  #captionSeq = 0;
  #captionTimer: ReturnType<typeof setTimeout> | undefined;

  #match = $state.raw<DoufuMatch | null>(null);
  #rev = $state(0);
  readonly #lines = new LogCache();

  constructor(projectId = 'doufu', windowApi: WindowApi = api) {
    this.saves = new TableSaves(windowApi, projectId);
  }

  // ------------------------------------------------------------------ what the table shows

  /** The match (for its record and seed; never render its state). */
  get match(): DoufuMatch | null {
    void this.#rev;
    return this.#match;
  }

  /** Over / winners / who may act. */
  readonly status = $derived.by(() => {
    void this.#rev;
    return this.#match?.status() ?? null;
  });

  /** Where the match's turns, rounds and hands begin (for the replay). */
  readonly #marks: ReplayMarks = $derived.by(() => {
    void this.#rev;
    const m = this.#match;
    return m ? replayMarks(this.seats.length, m.setupEvents, m.log, true) : { turn: [], round: [], hand: [] };
  });

  /** Moves made so far. */
  readonly length = $derived.by(() => {
    void this.#rev;
    return this.#match?.length ?? 0;
  });

  /** People's seats. */
  readonly humans: number[] = $derived(this.seats.flatMap((s, i) => (s.kind === 'human' ? [i] : [])));

  /**
   * While the hand-end screen is up over the live table: the step of the move that ended the hand.
   * That move also deals the next hand, so until the screen is closed the table shows the state
   * before it with the settlement's outcome: nothing of the next hand (its cards, its number, its
   * deal in the log) shows early.
   */
  readonly #handEndAt: number | null = $derived.by(() => {
    void this.#rev;
    const m = this.#match;
    return this.summary && this.replay.step === null && m && m.length > 0 ? m.length - 1 : null;
  });

  /**
   * Whose view is on screen: the chosen seat in a replay, nobody behind the curtain, nobody while
   * the hand-end screen is up at a table of several people (they all look at it), else the person
   * at the screen.
   */
  readonly shownSeat: number | null = $derived(
    this.replay.step !== null ? this.replay.seat : this.curtain !== null || (this.#handEndAt !== null && this.humans.length > 1) ? null : this.viewer,
  );

  /** The view on screen. */
  readonly view: DoufuView | null = $derived.by(() => {
    void this.#rev;
    const m = this.#match;
    if (!m) return null;
    if (this.replay.step !== null) return doufu.view(m.stateAt(Math.min(this.replay.step, m.length)), this.replay.seat);
    if (this.#handEndAt !== null) {
      // The table as the hand left it, with what its settlement changed: 福气, who is out, 涅槃, the result.
      const before = doufu.view(m.stateAt(this.#handEndAt), this.shownSeat);
      const after = m.view(this.shownSeat);
      return { ...before, fuqi: after.fuqi, out: after.out, nirvana: after.nirvana, lastHand: after.lastHand, winners: after.winners };
    }
    return m.view(this.shownSeat);
  });

  /** The 福牛 swap to tell the person at the screen about: only ever one that took a card from them. */
  readonly oxNote: OxSwapNote | null = $derived.by(() => {
    const seat = this.shownSeat;
    if (seat === null || this.replay.step !== null || this.curtain !== null) return null;
    return this.oxNotes.find((n) => n.target === seat) ?? null;
  });

  /** The moves of the person at the screen, when the decision is theirs (and the table is live). */
  readonly legal: DoufuMove[] = $derived.by(() => {
    void this.#rev;
    const m = this.#match;
    const seat = this.shownSeat;
    if (!m || seat === null || this.replay.step !== null || this.summary || !this.status?.toAct.includes(seat)) return [];
    return doufu.legalMoves(m.state, seat);
  });

  /** The cards the others' moves touched since the person at the screen last moved (marked on the table). */
  readonly sinceCards: ReadonlySet<string> = $derived.by(() => {
    void this.#rev;
    const m = this.#match;
    const s = this.since;
    if (!m || !s || this.replay.step !== null || this.curtain !== null || this.shownSeat !== s.seat) return NO_CARDS;
    return touchedCards(m.log, s.from, s.to, s.seat);
  });

  /** Keys of the places whose click makes progress now (highlighted). */
  readonly spots: ReadonlySet<string> = $derived.by(() => {
    const v = this.view;
    const seat = this.shownSeat;
    if (!v || seat === null || !this.legal.length) return new Set<string>();
    return new Set(legalSpots(v, seat, this.legal, this.pick).map(spotKey));
  });

  /**
   * Why the stack slot cannot take a card now, for the person at the screen on their turn (the
   * engine's own reason, in both languages), or null when it can: some card can be stacked and the
   * picked one, if any, is one of them.
   */
  readonly stackBlocked: Text | null = $derived.by(() => {
    void this.#rev;
    const m = this.#match;
    const seat = this.shownSeat;
    if (!m || seat === null || m.state.step.k !== 'turn' || !this.legal.length) return null;
    const card = this.pick.kind === 'hand' ? this.pick.code : null;
    const stacks = this.legal.filter((x) => x.type === 'stack');
    if (card ? stacks.some((x) => x.card === card) : stacks.length > 0) return null;
    const probe = card ?? m.view(seat).hand?.[0];
    if (!probe) return { zh: '你没有手牌可叠。', en: 'You have no hand card to stack.' };
    const r = doufu.apply(m.state, { type: 'stack', seat, card: probe });
    return r.ok ? null : englishText(r.message);
  });

  /** The skill being aimed, if any. */
  readonly aim: SkillAim | null = $derived(this.pick.kind === 'skill' ? aimSkill(this.legal, this.pick.card, this.pick.chosen) : null);

  /** The seat whose decision it is (the first person among those who may act, else the first). */
  readonly deciding: number | null = $derived.by(() => {
    const toAct = this.status?.toAct ?? [];
    return toAct.find((s) => this.seats[s]?.kind === 'human') ?? toAct[0] ?? null;
  });

  /** The log for the seat on screen (up to the replay step in a replay). */
  readonly log: LogLine[] = $derived.by(() => {
    void this.#rev;
    const m = this.#match;
    if (!m) return [];
    const end = this.#handEndAt;
    if (end === null) return this.#lines.lines(m, this.replay.step ?? m.length, this.shownSeat);
    return [...this.#lines.lines(m, end, this.shownSeat), ...this.#lines.untilNextHand(m, end, this.shownSeat)];
  });

  /** The card the last 蒙 turned up in this turn (the table marks it), or null. */
  readonly lastFlip: string | null = $derived.by(() => {
    void this.#rev;
    const m = this.#match;
    return m ? lastFlipIn(m.log, this.replay.step ?? m.length) : null;
  });

  /** Why undo is refused now, or null if it may. */
  readonly undoBlocked: Text | null = $derived.by(() => {
    void this.#rev;
    const m = this.#match;
    if (!m || this.replay.step !== null) return { zh: '回放中不能撤销。', en: 'Undo is off during a replay.' };
    const r = m.undoTarget(this.#undoMode());
    return r.ok ? null : englishText(r.message);
  });

  // ------------------------------------------------------------------ starting and loading

  /** Start a match from the new-game screen. */
  start(): void {
    const opts = this.setup.matchOptions();
    if (!opts.ok) {
      this.notice = { text: opts.message, tone: 'error' };
      return;
    }
    const seed = this.setup.seed.trim() || 'fuqi';
    this.setup.remember();
    const m = Match.create(doufu, { seed, players: this.setup.players, options: opts.options });
    this.#install(m, this.setup.seatsInPlay());
    // The first deal comes off the deck.
    this.lastMove = { index: -1, events: m.setupEvents, kind: 'deal' };
    this.saveId = null;
    this.#schedule();
  }

  /** Load a saved match by id (main checks it; it is replayed here again to rebuild the match). */
  async load(id: string, replay = false): Promise<boolean> {
    const loaded = await this.saves.load(id);
    if (!loaded || !this.#open(loaded.match)) return false;
    this.saveId = loaded.info.id;
    const m = this.#match!;
    if (replay || m.status().over) this.replay.enter(replay ? 0 : m.length);
    return true;
  }

  /** Take up the match left unfinished last time (stashed in this window's storage). */
  resume(): void {
    const rec = this.saves.stashed();
    this.saves.resumable = null;
    if (rec) this.#open(rec);
  }

  /** Replay a record into a new match at the table; a match saved at a hand's end opens on its summary. */
  #open(rec: MatchFile): boolean {
    const r = loadMatch(doufu, JSON.stringify(rec));
    if (!r.ok) {
      this.saves.error = r.message;
      return false;
    }
    const n = r.match.init.players;
    this.#install(r.match, rec.table?.seats?.length === n ? rec.table.seats : Array.from({ length: n }, (): TableSeat => ({ kind: 'human' })));
    const last = r.match.log[r.match.length - 1];
    if (last) this.summary = this.#summaryOf(last);
    this.#schedule();
    return true;
  }

  #install(match: DoufuMatch, seats: TableSeat[]): void {
    this.#stopBots();
    this.#lines.clear();
    this.#match = match;
    this.seats = seats.map((s) => (s.kind === 'bot' ? { kind: 'bot', level: s.level ?? DEFAULT_BOT_LEVEL } : { kind: 'human' }));
    const people = this.humans;
    this.viewer = people.length === 1 ? people[0]! : null;
    this.curtain = null;
    this.pick = NO_PICK;
    this.notice = null;
    this.summary = null;
    this.replay.step = null;
    this.paused = false;
    this.#clearCaptions();
    this.lastMove = null;
    this.oxNotes = [];
    this.since = null;
    this.#sinceAt = -1;
    this.screen = 'play';
    this.saves.saved = null;
    this.saves.resumable = null;
    // Not #changed(): callers first set what the table opens on (a hand's summary), then schedule.
    this.#rev++;
    this.#stash();
  }

  /**
   * To the new-game screen. The match stays (the screen offers to go back to it) until another
   * starts. The seed field gets a fresh seed, so "start" deals new cards; the screen offers the
   * match's own seed as an explicit choice.
   */
  leave(): void {
    this.#stopBots();
    if (this.#match && this.setup.seed.trim() === this.#match.init.seed) this.setup.reroll();
    this.screen = 'setup';
    this.replay.step = null;
    this.notice = null;
    void this.saves.refresh();
  }

  /** Back from the new-game screen to the match in play. */
  backToTable(): void {
    if (!this.#match) return;
    this.screen = 'play';
    this.#schedule();
  }

  // ------------------------------------------------------------------ playing

  /** A click on a place of the table. */
  click(spot: Spot): void {
    const v = this.view;
    const seat = this.shownSeat;
    if (!v || seat === null || this.replay.step !== null) return;
    const r = resolveClick(v, seat, this.legal, this.pick, spot);
    if (r.do === 'pick') {
      this.pick = r.pick;
      this.notice = null;
    } else if (r.do === 'move' || r.do === 'try') this.act(r.move);
    else {
      // Nothing happens there now: say so, and what would.
      const hint = clickHint(v, this.legal, this.pick, spot, this.stackBlocked);
      this.notice = hint ? { text: hint, tone: 'info' } : null;
    }
  }

  /** Answer the current skill question (from the prompt). */
  answer(stage: SkillStage, value: string | number): void {
    if (this.pick.kind === 'skill') this.pick = answerSkill(this.pick, stage, value);
  }

  /** Put down whatever is held. */
  drop(): void {
    this.pick = NO_PICK;
  }

  /**
   * Make a move for the person at the screen. A refused move changes nothing and the engine's
   * reason is shown in the player's language.
   */
  act(move: DoufuMove): void {
    const m = this.#match;
    if (!m || this.replay.step !== null) return;
    const r = m.apply(move);
    if (!r.ok) {
      this.notice = { text: englishText(r.message), tone: 'error' };
      return;
    }
    this.pick = NO_PICK;
    this.notice = null;
    this.#afterMove();
  }

  /** The person the curtain waits for takes the screen. */
  lift(): void {
    if (this.curtain === null) return;
    this.viewer = this.curtain;
    this.curtain = null;
    this.pick = NO_PICK;
    this.#offerSince(this.viewer);
  }

  /** Close the "since your last turn" summary. */
  closeSince(): void {
    this.since = null;
  }

  /** Offer `seat` what the others did since its last move, once per decision (null when nobody did anything). */
  #offerSince(seat: number): void {
    const m = this.#match;
    if (!m || this.#sinceAt === m.length) return;
    this.#sinceAt = m.length;
    this.since = sinceLastTurn(
      m.log.map((e) => e.move),
      seat,
      this.#lines.lines(m, m.length, seat),
    );
  }

  /**
   * Close the hand-end screen; the next hand goes on. With several people at the table nobody is
   * at the screen any more: the next hand opens behind the curtain for whoever decides first.
   */
  dismissSummary(): void {
    this.summary = null;
    // The move that ended the hand dealt the next one, held back until now: it comes off the deck.
    const m = this.#match;
    const last = m?.log[m.length - 1];
    const from = last ? last.events.findIndex((e) => e.type === 'handStart') : -1;
    if (last && from >= 0) this.lastMove = { index: last.index, events: last.events.slice(from), kind: 'deal' };
    if (this.humans.length > 1) {
      this.viewer = null;
      this.pick = NO_PICK;
      this.#inspected = null;
    }
    this.#schedule();
  }

  /** Pause or resume the bots. */
  setPaused(p: boolean): void {
    this.paused = p;
    if (p) this.#stopBots();
    this.#schedule();
  }

  /** The person told about a 福牛 swap has read it. */
  dismissOxNote(note: OxSwapNote): void {
    this.oxNotes = this.oxNotes.filter((n) => n !== note);
  }

  /** Whether a paused table's next decision is a bot's, which `stepBot` would let it make. */
  get botStep(): boolean {
    const seat = this.deciding;
    return this.paused && this.replay.step === null && !this.summary && !this.status?.over && seat !== null && this.seats[seat]?.kind === 'bot';
  }

  /** While paused, let the bot whose decision it is make one move (and narrate it), then hold still again. */
  stepBot(): void {
    if (!this.botStep || this.bots.thinking !== null) return;
    this.#oneStep = true;
    this.#schedule();
  }

  /** Player or designer undo (remembered). */
  setUndoPolicy(p: UndoPolicy): void {
    this.undoPolicy = p;
    storeUndoPolicy(p);
  }

  /** Undo as the toolbar's policy says, for the people at this table (engine/undo.ts decides how far). */
  #undoMode(): UndoMode {
    if (this.undoPolicy === 'designer') return { by: 'designer', people: this.humans };
    // Behind the curtain nobody is at the screen: no seat, so the engine refuses a player undo.
    return { by: 'player', seat: this.shownSeat ?? -1, people: this.humans };
  }

  /** Undo back to the last decision of a person (see engine/undo.ts for who may undo how far). */
  undo(): void {
    const m = this.#match;
    if (!m || this.replay.step !== null) return;
    const r = m.undoTarget(this.#undoMode());
    if (!r.ok) {
      this.notice = { text: englishText(r.message), tone: 'error' };
      return;
    }
    this.#stopBots();
    this.#truncate(r.step);
    this.summary = null;
    this.pick = NO_PICK;
    this.notice = { text: { zh: '已撤销。', en: 'Undone.' }, tone: 'info' };
    // At an all-bot table undo steps back one move at a time, so the bots hold still.
    if (!this.humans.length) this.paused = true;
    this.#changed();
  }

  // ------------------------------------------------------------------ saving

  /** The record to save: seed, options and moves, plus who sat where. */
  record(): MatchFile | null {
    const m = this.#match;
    return m ? { ...(m.record() as MatchFile), table: { seats: this.seats.map((s) => ({ ...s })) } } : null;
  }

  /** Save the match (over this table's previous save). */
  async save(): Promise<void> {
    const rec = this.record();
    if (!rec) return;
    const info = await this.saves.save(rec, this.saveId);
    if (info) this.saveId = info.id;
  }

  // ------------------------------------------------------------------ the loop

  #truncate(step: number): void {
    const m = this.#match!;
    m.truncate(step);
    this.#lines.forget(step);
    this.oxNotes = this.oxNotes.filter((n) => n.move < step);
    this.lastMove = null;
    this.since = null;
    this.#sinceAt = -1;
    this.#clearCaptions();
  }

  /** After a move: the hand's end, the 福牛 note for its target, a bot's captions, then the next decision. */
  #afterMove(bot = false): void {
    const m = this.#match!;
    const last = m.log[m.length - 1]!;
    const summary = this.#summaryOf(last);
    if (summary) this.summary = summary;
    const note = oxSwapNote(last.index, last.move, last.events);
    if (note && this.seats[note.target]?.kind === 'human') this.oxNotes = [...this.oxNotes, note];
    const kind = moveKind(last.move);
    if (this.since && last.move.seat === this.since.seat) this.since = null;
    this.lastMove = { index: last.index, events: last.events, move: last.move, kind };
    if (bot) this.#caption(last.events, m.init.options.mode, kind);
    this.#changed();
    // The inspector shows a card on the table, not one from turns ago: a bot's move puts away a
    // card the pointer has left, and any move one it took out of sight (into a hand, under the deck).
    const shown = this.#inspected;
    if (shown !== null && ((bot && !this.#pointing) || !JSON.stringify(this.view ?? {}).includes(`"${shown}"`))) this.#inspected = null;
  }

  /** How long an action of a group shows, glides and is captioned at the table's pace (model/pace.ts). */
  timing(kind: ActionKind): ActionTiming {
    return actionTiming(this.bots.pace, this.pacing.speeds[kind]);
  }

  /** How long a replay's autoplay shows the move that led to `step` before the next: as live play would. */
  replayHold(step: number): number {
    const entry = step > 0 ? this.#match?.log[step - 1] : undefined;
    return this.timing(entry ? moveKind(entry.move) : 'deal').holdMs;
  }

  /**
   * Narrate a move where it happens, until the caption's time (its group's) is up or the next
   * replaces it. A group set to skip its animation is not narrated.
   */
  #caption(events: readonly GameEvent[], mode: 'ffa' | '2v2', kind: ActionKind): void {
    clearTimeout(this.#captionTimer);
    const life = this.timing(kind).captionMs;
    const caps = life > 0 ? moveCaptions(events, mode) : [];
    this.captions = caps.map((c) => ({ ...c, id: ++this.#captionSeq, life }));
    if (caps.length) this.#captionTimer = setTimeout(() => (this.captions = []), life);
  }

  /**
   * A replay stepped from `from` to `to`: one move forward shows that move as live play did (its
   * cards glide, its captions — every seat's, since they name no hidden card — at their places);
   * any other jump simply shows the table there.
   */
  #replayStepped(from: number | null, to: number): void {
    const entry = from !== null && to === from + 1 ? this.#match?.log[from] : undefined;
    if (!entry) {
      this.lastMove = null;
      this.#clearCaptions();
      return;
    }
    const kind = moveKind(entry.move);
    this.lastMove = { index: entry.index, events: entry.events, move: entry.move, kind };
    this.#caption(entry.events, this.#match!.init.options.mode, kind);
  }

  #clearCaptions(): void {
    clearTimeout(this.#captionTimer);
    this.captions = [];
  }

  #summaryOf(entry: LogEntry<DoufuMove>): HandSummary | null {
    if (!entry.events.some((e) => e.type === 'declare' || e.type === 'liuju' || e.type === 'huangpai')) return null;
    const m = this.#match!;
    const before = doufu.view(m.stateAt(entry.index), null);
    // The moves up to this one: at the end of the match they give the hand each party went out in.
    return handSummary(before, entry.events, m.log.slice(0, entry.index + 1));
  }

  #changed(): void {
    this.#rev++;
    this.#stash();
    this.#schedule();
  }

  #stash(): void {
    const rec = this.record();
    if (rec) this.saves.stash(rec, this.#match?.status().over ?? false);
  }

  #stopBots(): void {
    this.bots.stop();
  }

  /** Hand the screen to the person whose decision it is, or let the bot of that seat move. */
  #schedule(): void {
    const m = this.#match;
    if (!m || this.screen !== 'play' || this.replay.step !== null || this.summary) return;
    const seat = this.deciding;
    if (seat === null || m.status().over) return;
    if (this.seats[seat]?.kind === 'human') {
      this.#handTo(seat);
      // Against bots (or when the same person decides again): what happened since, as the turn comes.
      if (this.curtain === null && this.viewer === seat) this.#offerSince(seat);
      return;
    }
    if (this.paused && !this.#oneStep) return;
    this.#oneStep = false;
    const step = m.length;
    // The bot moves once the last action has shown for as long as its group's pace says.
    const hold = this.lastMove ? this.timing(this.lastMove.kind).holdMs : this.bots.pace;
    this.bots.move(
      { level: this.seats[seat]?.level ?? DEFAULT_BOT_LEVEL, seat, view: m.view(seat), legal: doufu.legalMoves(m.state, seat), seed: botSeed(m.init.seed, seat, step) },
      (move) => {
        if (m !== this.#match || m.length !== step) return; // the table moved on meanwhile
        const r = m.apply(move);
        if (r.ok) return this.#afterMove(true);
        this.paused = true;
        this.notice = { text: { zh: `座位 ${seat + 1} 的机器人走了不合规则的一步：${r.message.zh}`, en: `Seat ${seat + 1}'s bot made an illegal move: ${englishTerms(r.message.en)}` }, tone: 'error' };
      },
      (message) => {
        this.paused = true;
        this.notice = { text: { zh: `机器人出错：${message}`, en: `The bot failed: ${message}` }, tone: 'error' };
      },
      hold,
    );
  }

  #handTo(seat: number): void {
    if (this.viewer === seat && this.curtain === null) return;
    if (this.humans.length <= 1) {
      this.viewer = seat;
      return;
    }
    if (this.curtain !== seat) {
      this.curtain = seat;
      // Nothing of the last person's may stay on screen: what they held, looked at or were told.
      this.pick = NO_PICK;
      this.#inspected = null;
      this.notice = null;
      this.since = null;
    }
  }
}

/** One table per project, created on first use; they outlive the view, like project sessions. */
const tables = new Map<string, TableState>();

/** The table of a project. */
export function tableFor(projectId: string): TableState {
  let t = tables.get(projectId);
  if (!t) {
    // Deriveds belong to the effect that creates them; a table must outlive the view that first asks.
    $effect.root(() => {
      t = new TableState(projectId);
    });
    tables.set(projectId, t!);
  }
  return t!;
}
