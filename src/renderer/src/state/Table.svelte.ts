import type { LogEntry, Match } from '../../../shared/engine';
import { doufu } from '../../../shared/games/doufu';
import type { DoufuGameOptions, DoufuMove, DoufuState } from '../../../shared/games/doufu/types';
import type { DoufuView } from '../../../shared/games/doufu/view';
import type { WindowApi } from '../../../shared/ipc/contract';
import { api } from '../api';
import { DEFAULT_BOT_LEVEL } from '../features/table/model/bots';
import { aimSkill, answerSkill, legalSpots, NO_PICK, resolveClick, spotKey, type Pick, type SkillAim, type SkillStage, type Spot } from '../features/table/model/input';
import { LogCache, lastFlipIn } from '../features/table/model/log-cache';
import type { LogLine, Text } from '../features/table/model/log';
import { handSummary, type HandSummary } from '../features/table/model/settlement';
import { clickHint } from '../features/table/model/hints';
import { moveCaptions, oxSwapNote, type Caption, type OxSwapNote } from '../features/table/model/narrate';
import type { GameEvent } from '../../../shared/engine/types';
import { englishText } from '../features/table/model/terms';
import { actionTiming, moveKind, type ActionKind, type ActionTiming } from '../features/table/model/pace';
import { TablePace } from './TablePace.svelte';
import { TableSetup } from './TableSetup.svelte';
import { TableShell, type Notice } from './TableShell.svelte';
import { touchedCards } from './since-last-turn';
import { tableGameOf } from './table-kit';

/** A 斗福 match at the table. */
export type DoufuMatch = Match<DoufuState, DoufuMove, DoufuView, DoufuGameOptions>;

/** Whether a project gets a Table tab: a built-in game to play (see table-kit.ts), or the user's own cards at the sandbox table. */
export function hasTable(summary: { game?: string; builtIn?: boolean } | undefined): boolean {
  return tableGameOf(summary) !== null || summary?.builtIn === false;
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
export type { Notice } from './TableShell.svelte';

const NO_CARDS: ReadonlySet<string> = new Set();

/**
 * One table: a 斗福 match with people and bots in its seats, on the table kit's shell
 * (TableShell.svelte.ts: seats, curtain, undo, saves, replay, bots). What is 斗福's own: what the
 * person holds between clicks (`pick`), the end of a hand (`summary`, held over the next deal), the
 * 福牛 notes, the bots' captions and the cards' motion after each move.
 */
export class TableState extends TableShell<DoufuState, DoufuMove, DoufuView, DoufuGameOptions, TableSetup, ActionKind> {
  /** What the person at the screen holds between clicks. */
  pick = $state.raw<Pick>(NO_PICK);
  /** The end of a hand, shown until dismissed (bots wait meanwhile). */
  summary = $state.raw<HandSummary | null>(null);
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
  /** Captions of the last bot action, at the places it happened (public: they name no hidden card). */
  captions = $state.raw<ShownCaption[]>([]);
  /** The last move made here (the table moves its cards after it). */
  lastMove = $state.raw<LastMove | null>(null);
  /**
   * 福牛 swaps that took a card from a person, kept until that person has read them. Each is shown
   * only to its target, when they are the one at the screen (after the curtain): `oxNote`.
   */
  oxNotes = $state.raw<OxSwapNote[]>([]);
  #captionSeq = 0;
  #captionTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #log: LogCache;

  constructor(projectId = 'doufu', windowApi: WindowApi = api) {
    const log = new LogCache();
    super(projectId, windowApi, {
      game: doufu,
      setup: new TableSetup(),
      pacing: new TablePace(),
      lines: log,
      defaultBotLevel: DEFAULT_BOT_LEVEL,
      hands: true,
      privateViews: true,
    });
    this.#log = log;
  }

  // ------------------------------------------------------------------ what the table shows

  /**
   * While the hand-end screen is up over the live table: the step of the move that ended the hand.
   * That move also deals the next hand, so until the screen is closed the table shows the state
   * before it with the settlement's outcome: nothing of the next hand (its cards, its number, its
   * deal in the log) shows early.
   */
  readonly #handEndAt: number | null = $derived.by(() => {
    void this.rev;
    const m = this.current;
    return this.summary && this.replay.step === null && m && m.length > 0 ? m.length - 1 : null;
  });

  /** At a table of several people, nobody's own view shows while the hand-end screen is up (they all look at it). */
  protected override hidesViewer(): boolean {
    return this.#handEndAt !== null && this.humans.length > 1;
  }

  protected override viewOf(m: DoufuMatch): DoufuView {
    if (this.replay.step === null && this.#handEndAt !== null) {
      // The table as the hand left it, with what its settlement changed: 福气, who is out, 涅槃, the result.
      const before = doufu.view(m.stateAt(this.#handEndAt), this.shownSeat);
      const after = m.view(this.shownSeat);
      return { ...before, fuqi: after.fuqi, out: after.out, nirvana: after.nirvana, lastHand: after.lastHand, winners: after.winners };
    }
    return super.viewOf(m);
  }

  protected override logOf(m: DoufuMatch): LogLine[] {
    const end = this.#handEndAt;
    if (end === null) return super.logOf(m);
    return [...this.#log.lines(m, end, this.shownSeat), ...this.#log.untilNextHand(m, end, this.shownSeat)];
  }

  /** The first person among those who may act, else the first. */
  protected override decider(toAct: readonly number[]): number | null {
    return toAct.find((s) => this.seats[s]?.kind === 'human') ?? toAct[0] ?? null;
  }

  /** The hand-end screen holds the table: nobody decides, the bots wait. */
  protected override holds(): boolean {
    return this.summary !== null;
  }

  protected override messageText(message: Text): Text {
    return englishText(message);
  }

  /** The 福牛 swap to tell the person at the screen about: only ever one that took a card from them. */
  readonly oxNote: OxSwapNote | null = $derived.by(() => {
    const seat = this.shownSeat;
    if (seat === null || this.replay.step !== null || this.curtain !== null) return null;
    return this.oxNotes.find((n) => n.target === seat) ?? null;
  });

  /** The cards the others' moves touched since the person at the screen last moved (marked on the table). */
  readonly sinceCards: ReadonlySet<string> = $derived.by(() => {
    void this.rev;
    const m = this.current;
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
    void this.rev;
    const m = this.current;
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

  /** The card the last 蒙 turned up in this turn (the table marks it), or null. */
  readonly lastFlip: string | null = $derived.by(() => {
    void this.rev;
    const m = this.current;
    return m ? lastFlipIn(m.log, this.replay.step ?? m.length) : null;
  });

  // ------------------------------------------------------------------ starting and loading

  /** The first deal comes off the deck. */
  protected override started(m: DoufuMatch): void {
    this.lastMove = { index: -1, events: m.setupEvents, kind: 'deal' };
  }

  /** A match saved at a hand's end opens on its summary. */
  protected override opened(m: DoufuMatch): void {
    const last = m.log[m.length - 1];
    if (last) this.summary = this.#summaryOf(last);
  }

  protected override reset(): void {
    this.summary = null;
    this.#clearCaptions();
    this.lastMove = null;
    this.oxNotes = [];
  }

  // ------------------------------------------------------------------ playing

  protected override dropHeld(): void {
    this.pick = NO_PICK;
  }

  /** Nothing of the last person's may stay on screen: what they held or looked at. */
  protected override curtainDown(): void {
    this.pick = NO_PICK;
    this.#inspected = null;
  }

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
   * Close the hand-end screen; the next hand goes on. With several people at the table nobody is
   * at the screen any more: the next hand opens behind the curtain for whoever decides first.
   */
  dismissSummary(): void {
    this.summary = null;
    // The move that ended the hand dealt the next one, held back until now: it comes off the deck.
    const m = this.current;
    const last = m?.log[m.length - 1];
    const from = last ? last.events.findIndex((e) => e.type === 'handStart') : -1;
    if (last && from >= 0) this.lastMove = { index: last.index, events: last.events.slice(from), kind: 'deal' };
    if (this.humans.length > 1) {
      this.viewer = null;
      this.pick = NO_PICK;
      this.#inspected = null;
    }
    this.schedule();
  }

  /** The person told about a 福牛 swap has read it. */
  dismissOxNote(note: OxSwapNote): void {
    this.oxNotes = this.oxNotes.filter((n) => n !== note);
  }

  // ------------------------------------------------------------------ the loop

  protected override truncated(step: number): void {
    this.oxNotes = this.oxNotes.filter((n) => n.move < step);
    this.lastMove = null;
    this.#clearCaptions();
  }

  protected override rewound(): void {
    this.summary = null;
  }

  /** After a move: the hand's end, the 福牛 note for its target, a bot's captions, then the next decision. */
  protected override afterMove(bot: boolean): void {
    const m = this.current!;
    const last = m.log[m.length - 1]!;
    const summary = this.#summaryOf(last);
    if (summary) this.summary = summary;
    const note = oxSwapNote(last.index, last.move, last.events);
    if (note && this.seats[note.target]?.kind === 'human') this.oxNotes = [...this.oxNotes, note];
    const kind = moveKind(last.move);
    if (this.since && last.move.seat === this.since.seat) this.since = null;
    this.lastMove = { index: last.index, events: last.events, move: last.move, kind };
    if (bot) this.#caption(last.events, m.init.options.mode, kind);
    this.changed();
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
    const entry = step > 0 ? this.current?.log[step - 1] : undefined;
    return this.timing(entry ? moveKind(entry.move) : 'deal').holdMs;
  }

  /** The bot moves once the last action has shown for as long as its group's pace says. */
  protected override botHold(): number {
    return this.lastMove ? this.timing(this.lastMove.kind).holdMs : this.bots.pace;
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

  protected override replayReleased(): void {
    this.lastMove = null;
    this.#clearCaptions();
  }

  /**
   * A replay stepped from `from` to `to`: one move forward shows that move as live play did (its
   * cards glide, its captions — every seat's, since they name no hidden card — at their places);
   * any other jump simply shows the table there.
   */
  protected override replayStepped(from: number | null, to: number): void {
    const entry = from !== null && to === from + 1 ? this.current?.log[from] : undefined;
    if (!entry) {
      this.lastMove = null;
      this.#clearCaptions();
      return;
    }
    const kind = moveKind(entry.move);
    this.lastMove = { index: entry.index, events: entry.events, move: entry.move, kind };
    this.#caption(entry.events, this.current!.init.options.mode, kind);
  }

  #clearCaptions(): void {
    clearTimeout(this.#captionTimer);
    this.captions = [];
  }

  #summaryOf(entry: LogEntry<DoufuMove>): HandSummary | null {
    if (!entry.events.some((e) => e.type === 'declare' || e.type === 'liuju' || e.type === 'huangpai')) return null;
    const m = this.current!;
    const before = doufu.view(m.stateAt(entry.index), null);
    // The moves up to this one: at the end of the match they give the hand each party went out in.
    return handSummary(before, entry.events, m.log.slice(0, entry.index + 1));
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
