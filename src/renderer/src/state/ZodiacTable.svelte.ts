import { loadMatch, Match, type LogEntry } from '../../../shared/engine';
import type { GameEvent } from '../../../shared/engine/types';
import type { UndoMode } from '../../../shared/engine/undo';
import { zodiacRace } from '../../../shared/games/zodiac-race/game';
import { narrate } from '../../../shared/games/zodiac-race/log';
import type { ZrOptions } from '../../../shared/games/zodiac-race/options';
import { bareReference, referenceFromCards, type ZrReference } from '../../../shared/games/zodiac-race/reference';
import type { ZrMove, ZrState } from '../../../shared/games/zodiac-race/types';
import type { ZrView } from '../../../shared/games/zodiac-race/view';
import type { MatchFile, TableSeat, WindowApi } from '../../../shared/ipc/contract';
import { api } from '../api';
import { botSeed } from '../features/table/model/bots';
import type { LogLine } from '../features/table/model/log';
import { ZR_DEFAULT_BOT_LEVEL } from '../features/zodiac/model/bots';
import { pieceHint } from '../features/zodiac/model/hints';
import { choicesAt, litSeats, promptOf, type Choice, type Prompt, type Text } from '../features/zodiac/model/prompt';
import { standingsOf, teamStandingsOf, type Standing, type TeamStanding } from '../features/zodiac/model/standings';
import { TableBots } from './TableBots.svelte';
import { TableReplay } from './TableReplay.svelte';
import { TableSaves } from './TableSaves.svelte';
import { replayMarks } from './replay-marks';
import { sinceLastTurn, type SinceLastTurn } from './since-last-turn';
import { CURTAIN_BLOCKS_REPLAY, loadUndoPolicy, storeUndoPolicy, type TableHost, type UndoPolicy } from './table-kit';
import { ZodiacSetup } from './ZodiacSetup.svelte';
import { TablePace } from './TablePace.svelte';
import { walkMs, ZR_ACTION_KINDS, zrHold, zrPaceLabel } from '../features/zodiac/model/pace';

/** A 生肖赛跑 match at the table. */
export type ZrMatch = Match<ZrState, ZrMove, ZrView, ZrOptions>;


/** The last roll shown: who rolled, the dice, and the step it belongs to (a new step tumbles the die). */
export interface ShownRoll {
  seat: number;
  dice: number[];
  step: number;
}


/**
 * One 生肖赛跑 table: a race with people and bots in its seats, on the model of the 斗福 table
 * (Table.svelte.ts) and with the same shared parts: bots in the Web Worker (TableBots), saves
 * through main (TableSaves), the replay (TableReplay), the undo policy and the pass-and-play
 * curtain.
 *
 * Everything on a 生肖赛跑 table is public (tokens lie open, spec §6.4) and only the die's future
 * is hidden, so every seat's view is the same; the curtain still hands the screen from person to
 * person, so nobody decides for another. Undo is reveal-aware: a roll shows everyone the die, so
 * a player's undo stops after the last roll (a designer's does not).
 *
 * Pieces walk square by square: `shown` holds the progress drawn for each seat, which steps
 * towards the view's, one square per tick of the walk's pace (at once with reduced motion, in a
 * replay, when the walk is skipped or its speed is "skip animation"). A bot moves once the last
 * move has shown for its group's hold and the pieces have arrived (model/pace.ts).
 */
export class ZodiacTableState implements TableHost {
  readonly setup = new ZodiacSetup();
  readonly bots = new TableBots<ZrMove>();
  /** The speed of each group of actions (features/zodiac/model/pace.ts), set in the bar's pace popover. */
  readonly pacing = new TablePace(ZR_ACTION_KINDS, 'fuqi.table.pace.zodiac-race', zrPaceLabel);
  readonly saves: TableSaves;

  screen = $state<'setup' | 'play'>('setup');
  seats = $state.raw<TableSeat[]>([]);
  viewer = $state<number | null>(null);
  curtain = $state<number | null>(null);
  /** The keys of the prompt's groups opened so far (transform → tiger → …). */
  path = $state.raw<string[]>([]);
  notice = $state.raw<{ text: Text; tone: 'error' | 'info' } | null>(null);
  paused = $state(false);
  /** While paused, the bot deciding now may make one move (`stepBot`). */
  #oneStep = false;
  undoPolicy = $state<UndoPolicy>(loadUndoPolicy());
  saveId = $state<string | null>(null);
  /** The end-of-race standings are dismissed (the board shows). */
  standingsClosed = $state(false);
  /** What the others did since the person at the screen last moved (until they act or close it). */
  since = $state.raw<SinceLastTurn | null>(null);
  /** Moves made when `since` was last offered (once per decision). */
  #sinceAt = -1;
  /** Progress drawn for each seat (walks towards the view's). */
  shown = $state.raw<number[]>([]);
  /** The rule text of the project's zodiac cards, for the tips and the reference drawer (names only until read). */
  reference = $state.raw<ZrReference>(bareReference());

  readonly replay = new TableReplay({
    length: () => this.#match?.length ?? 0,
    hold: () => {
      this.bots.stop();
      this.path = [];
    },
    release: () => this.#schedule(),
    // Every seat sees the same race: no "view as"; the curtain still keeps the screen for the next person.
    blocked: () => (this.curtain !== null ? CURTAIN_BLOCKS_REPLAY : null),
    marks: () => {
      void this.#rev;
      const m = this.#match;
      return m ? replayMarks(this.seats.length, m.setupEvents, m.log) : { turn: [], round: [] };
    },
    branch: (step) => {
      if (!this.#match) return;
      this.#match.truncate(step);
      this.#forget(step);
      this.#changed();
    },
  });

  #match = $state.raw<ZrMatch | null>(null);
  #rev = $state(0);
  #walk: ReturnType<typeof setInterval> | undefined;
  /** Log lines by move (index 0: the setup's), kept until an undo drops the moves. */
  #lines: LogLine[][] = [];

  constructor(projectId = 'zodiac-race', windowApi: WindowApi = api) {
    this.saves = new TableSaves(windowApi, projectId, zodiacRace.id);
    // The cards the rulebook prints are the project's own (a designer's copy has its own text).
    windowApi.PROJECTS_CARDS({ id: projectId }).then(
      (cards) => (this.reference = referenceFromCards(cards.columns, cards.rows)),
      () => {
        // No cards to read (a project without cards.csv): the tips show the names only.
      },
    );
  }

  // ------------------------------------------------------------------ what the table shows

  /** The match (for its record and seed; render views only). */
  get match(): ZrMatch | null {
    void this.#rev;
    return this.#match;
  }

  readonly status = $derived.by(() => {
    void this.#rev;
    return this.#match?.status() ?? null;
  });

  readonly length = $derived.by(() => {
    void this.#rev;
    return this.#match?.length ?? 0;
  });

  readonly humans: number[] = $derived(this.seats.flatMap((s, i) => (s.kind === 'human' ? [i] : [])));

  /** Whose turn the screen is on: the replay's seat, nobody behind the curtain, else the person at the screen. */
  readonly shownSeat: number | null = $derived(this.replay.step !== null ? this.replay.seat : this.curtain !== null ? null : this.viewer);

  /** The step shown (the live table: every move). */
  readonly step: number = $derived(this.replay.step ?? this.length);

  readonly view: ZrView | null = $derived.by(() => {
    void this.#rev;
    const m = this.#match;
    if (!m) return null;
    if (this.replay.step !== null) return zodiacRace.view(m.stateAt(Math.min(this.replay.step, m.length)), this.replay.seat);
    return m.view(this.shownSeat);
  });

  readonly legal: ZrMove[] = $derived.by(() => {
    void this.#rev;
    const m = this.#match;
    const seat = this.shownSeat;
    if (!m || seat === null || this.replay.step !== null || !this.status?.toAct.includes(seat)) return [];
    return zodiacRace.legalMoves(m.state, seat);
  });

  /** The question for the person at the screen, or null. */
  readonly prompt: Prompt | null = $derived(this.view && this.shownSeat !== null && this.legal.length ? promptOf(this.view, this.shownSeat, this.legal) : null);

  /** The buttons of the level opened. */
  readonly choices: Choice[] = $derived(this.prompt ? choicesAt(this.prompt, this.path) : []);

  /** Pieces a click can pick now. */
  readonly lit: number[] = $derived(litSeats(this.choices));

  /** The seat whose decision it is. */
  readonly deciding: number | null = $derived(this.status?.toAct[0] ?? null);

  /** The log up to the step shown. */
  readonly log: LogLine[] = $derived.by(() => {
    void this.#rev;
    const m = this.#match;
    if (!m) return [];
    const out: LogLine[] = [];
    for (let i = 0; i <= this.step; i++) out.push(...this.#linesOf(m, i));
    return out;
  });

  /** The last roll up to the step shown. */
  readonly lastRoll: ShownRoll | null = $derived.by(() => {
    void this.#rev;
    const m = this.#match;
    if (!m) return null;
    for (let i = Math.min(this.step, m.length) - 1; i >= 0; i--) {
      const ev = m.log[i]!.events;
      for (let j = ev.length - 1; j >= 0; j--) if (ev[j]!.type === 'roll') return { seat: Number(ev[j]!.seat), dice: (ev[j]!.dice as number[]).slice(), step: i + 1 };
    }
    return null;
  });

  /** The standings at the end of the race (null while it runs, and in a replay before the end). */
  readonly standings: Standing[] | null = $derived(this.view && this.view.phase === 'over' ? standingsOf(this.view) : null);

  /** A team race's teams at the end, the winning team first (null in free-for-all and while the race runs). */
  readonly teamStandings: TeamStanding[] | null = $derived(this.view && this.view.phase === 'over' ? teamStandingsOf(this.view) : null);

  /** Why undo is refused now, or null. */
  readonly undoBlocked: Text | null = $derived.by(() => {
    void this.#rev;
    const m = this.#match;
    if (!m || this.replay.step !== null) return { zh: '回放中不能撤销。', en: 'Undo is off during a replay.' };
    const r = m.undoTarget(this.#undoMode());
    return r.ok ? null : r.message;
  });

  /** Progress drawn for each seat: the walk on the live table, the view's in a replay. */
  readonly drawn: number[] = $derived(this.view ? this.view.pieces.map((p, i) => (this.replay.step !== null ? p.prog : (this.shown[i] ?? p.prog))) : []);

  /** A piece is still walking. */
  readonly walking: boolean = $derived(!!this.view && this.view.pieces.some((p, i) => this.shown[i] !== p.prog));

  // ------------------------------------------------------------------ starting and loading

  start(): void {
    const opts = this.setup.matchOptions();
    if (!opts.ok) {
      this.notice = { text: opts.message, tone: 'error' };
      return;
    }
    const seed = this.setup.seed.trim() || 'fuqi';
    this.setup.remember();
    this.#install(Match.create(zodiacRace, { seed, players: this.setup.players, options: opts.options }), this.setup.seatsInPlay());
    this.saveId = null;
    this.#schedule();
  }

  async load(id: string, replay = false): Promise<boolean> {
    const loaded = await this.saves.load(id);
    if (!loaded || !this.#open(loaded.match)) return false;
    this.saveId = loaded.info.id;
    const m = this.#match!;
    if (replay || m.status().over) this.replay.enter(replay ? 0 : m.length);
    this.#jump();
    return true;
  }

  resume(): void {
    const rec = this.saves.stashed();
    this.saves.resumable = null;
    if (rec) this.#open(rec);
  }

  #open(rec: MatchFile): boolean {
    const r = loadMatch(zodiacRace, JSON.stringify(rec));
    if (!r.ok) {
      this.saves.error = r.message;
      return false;
    }
    const n = r.match.init.players;
    this.#install(r.match, rec.table?.seats?.length === n ? rec.table.seats : Array.from({ length: n }, (): TableSeat => ({ kind: 'human' })));
    this.#schedule();
    return true;
  }

  #install(match: ZrMatch, seats: TableSeat[]): void {
    this.bots.stop();
    this.#lines = [];
    this.#match = match;
    this.seats = seats.map((s) => (s.kind === 'bot' ? { kind: 'bot', level: s.level ?? ZR_DEFAULT_BOT_LEVEL } : { kind: 'human' }));
    const people = this.humans;
    this.viewer = people.length === 1 ? people[0]! : null;
    this.curtain = null;
    this.path = [];
    this.notice = null;
    this.replay.step = null;
    this.paused = false;
    this.standingsClosed = false;
    this.since = null;
    this.#sinceAt = -1;
    this.screen = 'play';
    this.saves.saved = null;
    this.saves.resumable = null;
    this.#rev++;
    this.#jump();
    this.#stash();
  }

  leave(): void {
    this.bots.stop();
    if (this.#match && this.setup.seed.trim() === this.#match.init.seed) this.setup.reroll();
    this.screen = 'setup';
    this.replay.step = null;
    this.notice = null;
    void this.saves.refresh();
  }

  backToTable(): void {
    if (!this.#match) return;
    this.screen = 'play';
    this.#schedule();
  }

  /** The last match's seed into the seed field ("same seed"). */
  sameSeed(): void {
    if (this.#match) this.setup.seed = this.#match.init.seed;
  }

  // ------------------------------------------------------------------ playing

  /** A button of the prompt: open its group, make its move, or try it and show why not. */
  choose(c: Choice): void {
    if (c.children) {
      this.path = [...this.path, c.key];
      this.notice = null;
    } else if (c.move) this.act(c.move);
    else if (c.probe) this.act(c.probe);
  }

  /** Back one level of the prompt. */
  back(): void {
    this.path = this.path.slice(0, -1);
  }

  /** A click on a piece: picks the choice that points at it, if one does; else says why nothing happens. */
  clickPiece(seat: number): void {
    const c = this.replay.step === null ? this.choices.find((x) => x.target === seat && (x.move || x.children)) : undefined;
    if (c) return this.choose(c);
    const v = this.view;
    if (!v) return;
    this.notice = { text: pieceHint(v, { seat, viewer: this.shownSeat, replay: this.replay.step !== null, deciding: this.legal.length > 0, lit: this.lit }), tone: 'info' };
  }

  /** Make a move for the person at the screen; a refusal shows the engine's reason. */
  act(move: ZrMove): void {
    const m = this.#match;
    if (!m || this.replay.step !== null) return;
    const r = m.apply(move);
    if (!r.ok) {
      this.notice = { text: r.message, tone: 'error' };
      return;
    }
    this.path = [];
    this.notice = null;
    this.#changed();
  }

  lift(): void {
    if (this.curtain === null) return;
    this.viewer = this.curtain;
    this.curtain = null;
    this.path = [];
    this.#offerSince(this.viewer);
  }

  /** The seats whose pieces the others' moves since the person's last move were made with (marked on the board). */
  get sinceMovers(): readonly number[] {
    const s = this.since;
    return s && this.replay.step === null && this.curtain === null && this.shownSeat === s.seat ? s.movers : [];
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
    const lines: LogLine[] = [];
    for (let i = 0; i <= m.length; i++) lines.push(...this.#linesOf(m, i));
    this.since = sinceLastTurn(
      m.log.map((e) => e.move),
      seat,
      lines,
    );
  }

  /** Whether a paused table's next decision is a bot's, which `stepBot` would let it make. */
  get botStep(): boolean {
    const seat = this.deciding;
    return this.paused && this.replay.step === null && !this.status?.over && seat !== null && this.seats[seat]?.kind === 'bot';
  }

  /** While paused, let the bot whose decision it is make one move, then hold still again. */
  stepBot(): void {
    if (!this.botStep || this.bots.thinking !== null) return;
    this.#oneStep = true;
    this.#schedule();
  }

  setPaused(p: boolean): void {
    this.paused = p;
    if (p) this.bots.stop();
    this.#schedule();
  }

  setUndoPolicy(p: UndoPolicy): void {
    this.undoPolicy = p;
    storeUndoPolicy(p);
  }

  #undoMode(): UndoMode {
    if (this.undoPolicy === 'designer') return { by: 'designer', people: this.humans };
    return { by: 'player', seat: this.shownSeat ?? -1, people: this.humans };
  }

  undo(): void {
    const m = this.#match;
    if (!m || this.replay.step !== null) return;
    const r = m.undoTarget(this.#undoMode());
    if (!r.ok) {
      this.notice = { text: r.message, tone: 'error' };
      return;
    }
    this.bots.stop();
    m.truncate(r.step);
    this.#forget(r.step);
    this.path = [];
    this.standingsClosed = false;
    this.notice = { text: { zh: '已撤销。', en: 'Undone.' }, tone: 'info' };
    if (!this.humans.length) this.paused = true;
    this.#changed();
    this.#jump();
  }

  /** Skip the walk: every piece where it is. */
  skipWalk(): void {
    this.#jump();
  }

  // ------------------------------------------------------------------ saving

  record(): MatchFile | null {
    const m = this.#match;
    return m ? { ...(m.record() as MatchFile), table: { seats: this.seats.map((s) => ({ ...s })) } } : null;
  }

  async save(): Promise<void> {
    const rec = this.record();
    if (!rec) return;
    const info = await this.saves.save(rec, this.saveId);
    if (info) this.saveId = info.id;
  }

  // ------------------------------------------------------------------ the loop

  /** Log lines of step i (0: what setup did; i ≥ 1: move i's events). */
  #linesOf(m: ZrMatch, i: number): LogLine[] {
    let got = this.#lines[i];
    if (!got) {
      const events: readonly GameEvent[] = i === 0 ? m.setupEvents : (m.log[i - 1] as LogEntry<ZrMove>).events;
      got = [];
      for (const e of events) {
        const text = narrate(e);
        if (!text) continue;
        const kind: LogLine['kind'] = e.type === 'turn' ? 'turn' : e.type === 'lap' || e.type === 'win' ? 'score' : e.type === 'power' || e.type === 'negated' ? 'skill' : 'action';
        got.push({ move: i - 1, kind, ...(typeof e.seat === 'number' && e.type !== 'win' ? { seat: e.seat } : {}), text });
      }
      this.#lines[i] = got;
    }
    return got;
  }

  #forget(step: number): void {
    this.#lines.length = Math.min(this.#lines.length, step + 1);
    this.since = null;
    this.#sinceAt = -1;
  }

  #changed(): void {
    const last = this.#match?.log[this.#match.length - 1];
    if (this.since && last?.move.seat === this.since.seat) this.since = null;
    this.#rev++;
    this.#stash();
    this.#walkOn();
    this.#schedule();
  }

  #stash(): void {
    const rec = this.record();
    if (rec) this.saves.stash(rec, this.#match?.status().over ?? false);
  }

  /** Every piece drawn where the view has it. */
  #jump(): void {
    clearInterval(this.#walk);
    this.#walk = undefined;
    this.shown = this.#targets();
  }

  #targets(): number[] {
    const v = this.view;
    return v ? v.pieces.map((p) => p.prog) : [];
  }

  /** Walk the pieces towards the view, one square a tick (at once with reduced motion). */
  #walkOn(): void {
    const reduce = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const target = this.#targets();
    const tick = walkMs(this.pacing.speeds);
    if (reduce || tick === 0 || this.replay.step !== null || this.shown.length !== target.length) return this.#jump();
    if (this.#walk !== undefined) return;
    this.#walk = setInterval(() => {
      const to = this.#targets();
      if (to.length !== this.shown.length) return this.#jump();
      let moving = false;
      const next = this.shown.map((p, i) => {
        const d = to[i]! - p;
        if (d === 0) return p;
        // A jump of more than a lap (a load, a long undo) is drawn at once.
        if (Math.abs(d) > 40) return to[i]!;
        moving = true;
        return p + Math.sign(d);
      });
      this.shown = next;
      if (!moving) {
        clearInterval(this.#walk);
        this.#walk = undefined;
      }
    }, tick);
  }

  #schedule(): void {
    const m = this.#match;
    if (!m || this.screen !== 'play' || this.replay.step !== null) return;
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
    // The last move shows for its group's hold, and until the pieces it moved have walked there.
    const last = m.log[m.length - 1];
    const walk = this.#targets().reduce((w, p, i) => Math.max(w, Math.abs(p - (this.shown[i] ?? p))), 0);
    const hold = last ? zrHold(last.move, walk, this.bots.pace, this.pacing.speeds) : this.bots.pace;
    this.bots.move(
      { game: zodiacRace.id, level: this.seats[seat]?.level ?? ZR_DEFAULT_BOT_LEVEL, seat, view: m.view(seat), legal: zodiacRace.legalMoves(m.state, seat), seed: botSeed(m.init.seed, seat, step) },
      (move) => {
        if (m !== this.#match || m.length !== step) return;
        const r = m.apply(move);
        if (r.ok) return this.#changed();
        this.paused = true;
        this.notice = { text: { zh: `座位 ${seat + 1} 的机器人走了不合规则的一步：${r.message.zh}`, en: `Seat ${seat + 1}'s bot made an illegal move: ${r.message.en}` }, tone: 'error' };
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
      this.path = [];
      this.notice = null;
      this.since = null;
    }
  }
}

const tables = new Map<string, ZodiacTableState>();

/** The 生肖赛跑 table of a project, created on first use (it outlives the view). */
export function zodiacTableFor(projectId: string): ZodiacTableState {
  let t = tables.get(projectId);
  if (!t) {
    $effect.root(() => {
      t = new ZodiacTableState(projectId);
    });
    tables.set(projectId, t!);
  }
  return t!;
}
