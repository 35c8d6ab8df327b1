import type { Match } from '../../../shared/engine';
import { zodiacRace } from '../../../shared/games/zodiac-race/game';
import { narrate } from '../../../shared/games/zodiac-race/log';
import type { ZrOptions } from '../../../shared/games/zodiac-race/options';
import { bareReference, referenceFromCards, type ZrReference } from '../../../shared/games/zodiac-race/reference';
import type { ZrMove, ZrState } from '../../../shared/games/zodiac-race/types';
import type { ZrView } from '../../../shared/games/zodiac-race/view';
import type { WindowApi } from '../../../shared/ipc/contract';
import type { GameEvent } from '../../../shared/engine/types';
import { api } from '../api';
import type { LogLine } from '../features/table/model/log';
import { ZR_DEFAULT_BOT_LEVEL } from '../features/zodiac/model/bots';
import { pieceHint } from '../features/zodiac/model/hints';
import { choicesAt, litSeats, promptOf, type Choice, type Prompt } from '../features/zodiac/model/prompt';
import { standingsOf, teamStandingsOf, type Standing, type TeamStanding } from '../features/zodiac/model/standings';
import { StepLog } from './step-log';
import type { TableHost } from './table-kit';
import { TableShell } from './TableShell.svelte';
import { ZodiacSetup } from './ZodiacSetup.svelte';
import { TablePace } from './TablePace.svelte';
import { walkMs, ZR_ACTION_KINDS, zrHold, zrPaceLabel, type ZrActionKind } from '../features/zodiac/model/pace';

/** A 生肖赛跑 match at the table. */
export type ZrMatch = Match<ZrState, ZrMove, ZrView, ZrOptions>;

/** The last roll shown: who rolled, the dice, and the step it belongs to (a new step tumbles the die). */
export interface ShownRoll {
  seat: number;
  dice: number[];
  step: number;
}

/** One 生肖赛跑 event as log lines, in the game's own words (shared/games/zodiac-race/log.ts). */
export function zrLines(e: GameEvent, move: number): LogLine[] {
  const text = narrate(e);
  if (!text) return [];
  const kind: LogLine['kind'] = e.type === 'turn' ? 'turn' : e.type === 'lap' || e.type === 'win' ? 'score' : e.type === 'power' || e.type === 'negated' ? 'skill' : 'action';
  return [{ move, kind, ...(typeof e.seat === 'number' && e.type !== 'win' ? { seat: e.seat } : {}), text }];
}

/**
 * One 生肖赛跑 table: a race with people and bots in its seats, on the table kit's shell
 * (TableShell.svelte.ts: seats, curtain, undo, saves, replay, bots in the Web Worker).
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
export class ZodiacTableState extends TableShell<ZrState, ZrMove, ZrView, ZrOptions, ZodiacSetup, ZrActionKind> implements TableHost {
  /** The keys of the prompt's groups opened so far (transform → tiger → …). */
  path = $state.raw<string[]>([]);
  /** The end-of-race standings are dismissed (the board shows). */
  standingsClosed = $state(false);
  /** Progress drawn for each seat (walks towards the view's). */
  shown = $state.raw<number[]>([]);
  /** The rule text of the project's zodiac cards, for the tips and the reference drawer (names only until read). */
  reference = $state.raw<ZrReference>(bareReference());

  #walk: ReturnType<typeof setInterval> | undefined;

  constructor(projectId = 'zodiac-race', windowApi: WindowApi = api) {
    super(projectId, windowApi, {
      game: zodiacRace,
      setup: new ZodiacSetup(),
      // The speed of each group of actions (features/zodiac/model/pace.ts), set in the bar's pace popover.
      pacing: new TablePace(ZR_ACTION_KINDS, 'fuqi.table.pace.zodiac-race', zrPaceLabel),
      lines: new StepLog(zrLines),
      defaultBotLevel: ZR_DEFAULT_BOT_LEVEL,
    });
    // The cards the rulebook prints are the project's own (a designer's copy has its own text).
    windowApi.PROJECTS_CARDS({ id: projectId }).then(
      (cards) => (this.reference = referenceFromCards(cards.columns, cards.rows)),
      () => {
        // No cards to read (a project without cards.csv): the tips show the names only.
      },
    );
  }

  // ------------------------------------------------------------------ what the table shows

  /** The question for the person at the screen, or null. */
  readonly prompt: Prompt | null = $derived(this.view && this.shownSeat !== null && this.legal.length ? promptOf(this.view, this.shownSeat, this.legal) : null);

  /** The buttons of the level opened. */
  readonly choices: Choice[] = $derived(this.prompt ? choicesAt(this.prompt, this.path) : []);

  /** Pieces a click can pick now. */
  readonly lit: number[] = $derived(litSeats(this.choices));

  /** The last roll up to the step shown. */
  readonly lastRoll: ShownRoll | null = $derived.by(() => {
    void this.rev;
    const m = this.current;
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

  /** Progress drawn for each seat: the walk on the live table, the view's in a replay. */
  readonly drawn: number[] = $derived(this.view ? this.view.pieces.map((p, i) => (this.replay.step !== null ? p.prog : (this.shown[i] ?? p.prog))) : []);

  /** A piece is still walking. */
  readonly walking: boolean = $derived(!!this.view && this.view.pieces.some((p, i) => this.shown[i] !== p.prog));

  // ------------------------------------------------------------------ starting and loading

  protected override reset(): void {
    this.standingsClosed = false;
  }

  protected override installed(): void {
    this.#jump();
  }

  protected override loaded(): void {
    this.#jump();
  }

  // ------------------------------------------------------------------ playing

  protected override dropHeld(): void {
    this.path = [];
  }

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

  /** The seats whose pieces the others' moves since the person's last move were made with (marked on the board). */
  get sinceMovers(): readonly number[] {
    const s = this.since;
    return s && this.replay.step === null && this.curtain === null && this.shownSeat === s.seat ? s.movers : [];
  }

  protected override rewound(undo: boolean): void {
    if (undo) this.standingsClosed = false;
  }

  protected override undone(): void {
    this.#jump();
  }

  /** Skip the walk: every piece where it is. */
  skipWalk(): void {
    this.#jump();
  }

  // ------------------------------------------------------------------ the loop

  protected override onChanged(): void {
    this.#walkOn();
  }

  /** The last move shows for its group's hold, and until the pieces it moved have walked there. */
  protected override botHold(m: ZrMatch): number {
    const last = m.log[m.length - 1];
    const walk = this.#targets().reduce((w, p, i) => Math.max(w, Math.abs(p - (this.shown[i] ?? p))), 0);
    return last ? zrHold(last.move, walk, this.bots.pace, this.pacing.speeds) : this.bots.pace;
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
