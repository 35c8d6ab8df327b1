import type { Match } from '../../../shared/engine';
import type { GameEvent } from '../../../shared/engine/types';
import { douLaoban, type DealResult, type DlMove, type DlState, type DlView } from '../../../shared/games/dou-laoban/game';
import { OPTION_INFO, type DlOptions } from '../../../shared/games/dou-laoban/options';
import type { WindowApi } from '../../../shared/ipc/contract';
import { api } from '../api';
import { SPEED_FACTOR } from '../features/table/model/pace';
import { DL_BOT_LEVELS, DL_DEFAULT_BOT_LEVEL } from '../features/dou-laoban/model/bots';
import { dlLines } from '../features/dou-laoban/model/log';
import type { LogLine } from '../features/table/model/log';
import { hintsOf, nextHint, passRefusal, refusal } from '../features/dou-laoban/model/play';
import { GameSetup } from './GameSetup.svelte';
import { StepLog } from './step-log';
import type { TableHost } from './table-kit';
import { TablePace } from './TablePace.svelte';
import { TableShell } from './TableShell.svelte';
import { optionSpecs, type OptionSpec } from './table-options';
import { optionValueLabels } from '../../../shared/lab/option-words';

/** How many plays containing the picked cards are offered at once. */
const OFFERS_SHOWN = 6;

/** A 斗老闆 match at the table. */
export type DlMatch = Match<DlState, DlMove, DlView, DlOptions>;

/** The pace groups of a 斗老闆 table (the bar's pace popover). */
export const DL_PACE_KINDS = ['bid', 'play'] as const;
export type DlPaceKind = (typeof DL_PACE_KINDS)[number];

/**
 * 斗老闆's rule options on the kit's new-game page: the engine's own names and help, the value
 * words shared with the Balance page's reports ("0" bombs: no cap).
 */
export const DL_OPTION_SPECS: readonly OptionSpec[] = optionSpecs(OPTION_INFO, (key) => ({ labels: optionValueLabels('dou-laoban', key) }));

/** The new-game form: three seats (a person, then two bots of the default level), the options at the spec's defaults. */
function laobanSetup(): GameSetup<DlOptions> {
  // The default level first: a seat turned from a person into a bot gets it.
  const levels = [...DL_BOT_LEVELS].sort((a, b) => Number(b.id === DL_DEFAULT_BOT_LEVEL) - Number(a.id === DL_DEFAULT_BOT_LEVEL));
  const bot = { kind: 'bot', level: DL_DEFAULT_BOT_LEVEL } as const;
  return new GameSetup<DlOptions>({ game: douLaoban, options: DL_OPTION_SPECS, levels, seats: [{ kind: 'human' }, bot, bot] });
}

/** A deal's end as the settlement screen shows it: the result, the hands left, the running totals. */
export interface Settlement {
  result: DealResult;
  hands: number[][];
  totals: number[];
  /** The last play, the one that went out. */
  last: number[];
  matchOver: boolean;
}

/**
 * One 斗老闆 table: three seats, people and bots, on the table kit's shell (seats, curtain, undo,
 * saves, replay, bots in the Web Worker). The person holds a selection of cards between clicks;
 * "hint" cycles through the legal plays the engine's generator lists; a selection that cannot go
 * down is refused with the real reason before it reaches the engine.
 *
 * The move that ends a deal also deals the next one, so while the settlement is on show the table
 * shows the deal as it ended and holds still (no decisions, no bots) until it is closed.
 */
export class LaobanTableState extends TableShell<DlState, DlMove, DlView, DlOptions, GameSetup<DlOptions>, DlPaceKind> implements TableHost {
  /** The cards the person has picked. */
  selected = $state.raw<number[]>([]);
  /** The hint last offered (its index), -1 for none. */
  hintAt = $state(-1);
  /** The settlement on show, or null. */
  settlement = $state.raw<Settlement | null>(null);

  constructor(projectId = 'dou-laoban', windowApi: WindowApi = api) {
    super(projectId, windowApi, {
      game: douLaoban,
      setup: laobanSetup(),
      pacing: new TablePace(DL_PACE_KINDS, 'fuqi.table.pace.dou-laoban', (k) => `dl.pace.${k}`),
      lines: new StepLog(dlLines),
      defaultBotLevel: DL_DEFAULT_BOT_LEVEL,
      privateViews: true,
    });
  }

  // ------------------------------------------------------------------ what the table shows

  /** The legal plays offered by "hint", cheapest first. */
  readonly hints: number[][] = $derived(hintsOf(this.legal));

  /**
   * The legal plays containing every picked card (cheapest first, a few): click a card and the
   * plays it can go down in are offered. None while nothing is picked or the pick is a whole play.
   */
  readonly offers: number[][] = $derived.by(() => {
    const sel = this.selected;
    if (!sel.length) return [];
    const key = [...sel].sort((a, b) => a - b).join();
    const with_ = this.hints.filter((h) => sel.every((c) => h.includes(c)));
    return with_.length === 1 && with_[0]!.join() === key ? [] : with_.slice(0, OFFERS_SHOWN);
  });

  /** Pick one of the offered plays. */
  take(cards: readonly number[]): void {
    if (!this.playing) return;
    this.selected = [...cards];
    this.hintAt = this.hints.findIndex((h) => h.join() === [...cards].sort((a, b) => a - b).join());
    this.notice = null;
  }

  /** The person may act now in the play phase. */
  readonly playing: boolean = $derived(this.legal.some((m) => m.type === 'play' || m.type === 'pass'));

  /** While the settlement shows over the live table: the deal as it ended (nothing of the next deal). */
  protected override viewOf(m: DlMatch): DlView {
    if (this.replay.step === null && this.settlement && m.length > 0) {
      const before = douLaoban.view(m.stateAt(m.length - 1), this.shownSeat);
      const after = m.view(this.shownSeat);
      return { ...before, results: after.results, totals: after.totals };
    }
    return super.viewOf(m);
  }

  /** While the settlement shows: the log up to the deal's end (the next deal's lines come once it is closed). */
  protected override logOf(m: DlMatch): LogLine[] {
    const lines = super.logOf(m);
    if (this.replay.step !== null || !this.settlement) return lines;
    let end = lines.length - 1;
    while (end >= 0 && !(lines[end]!.move === m.length - 1 && lines[end]!.kind === 'score')) end--;
    return end >= 0 ? lines.slice(0, end + 1) : lines;
  }

  /** The settlement holds the table: nobody decides, the bots wait. */
  protected override holds(): boolean {
    return this.settlement !== null;
  }

  /** At a table of several people, nobody's own hand shows while they all read the settlement. */
  protected override hidesViewer(): boolean {
    return this.settlement !== null && this.humans.length > 1;
  }

  // ------------------------------------------------------------------ playing

  protected override dropHeld(): void {
    this.selected = [];
    this.hintAt = -1;
  }

  protected override reset(): void {
    this.settlement = null;
  }

  protected override rewound(): void {
    this.settlement = null;
  }

  protected override truncated(): void {
    this.settlement = null;
  }

  /** A deal that ended with this move puts its settlement on show. */
  protected override afterMove(bot: boolean): void {
    const m = this.current;
    const last = m?.log[m.length - 1];
    const ev = last?.events.find((e: GameEvent) => e.type === 'settle');
    if (m && last && ev && last.move.type === 'play') {
      const { deal, boss, bid, winner, bombs, spring, antiSpring, robs, doubled, shown, multiplier, unit, scores } = ev as unknown as DealResult;
      this.settlement = {
        result: { deal, boss, bid, winner, bombs, spring, antiSpring, robs, doubled, shown, multiplier, unit, scores },
        hands: (ev.hands as number[][]).map((h) => [...h]),
        totals: [...(ev.totals as number[])],
        last: [...last.move.cards].sort((a, b) => a - b),
        matchOver: last.events.some((e: GameEvent) => e.type === 'matchEnd'),
      };
    }
    super.afterMove(bot);
  }

  /** Close the settlement; the next deal goes on (behind the curtain when several people play). */
  closeSettlement(): void {
    if (!this.settlement) return;
    this.settlement = null;
    if (this.humans.length > 1) this.viewer = null;
    this.dropHeld();
    this.schedule();
  }

  /** Pick or put back a card of the hand. */
  toggle(card: number): void {
    if (!this.playing) return;
    this.selected = this.selected.includes(card) ? this.selected.filter((c) => c !== card) : [...this.selected, card];
    this.notice = null;
  }

  /** Clear the selection. */
  clearSelection(): void {
    this.dropHeld();
    this.notice = null;
  }

  /** The next legal play that may go down now (containing the picked cards, when some play does). */
  hint(): void {
    if (!this.playing) return;
    const h = nextHint(this.hints, this.selected, this.hintAt);
    if (!h) {
      this.notice = { text: { zh: '你没有管得住的牌：只能不出。', en: 'Nothing in your hand beats it: pass.' }, tone: 'info' };
      return;
    }
    this.selected = h.cards;
    this.hintAt = h.at;
    this.notice = null;
  }

  /** Play the picked cards, or say exactly why they cannot go down. */
  play(): void {
    const v = this.view;
    const seat = this.shownSeat;
    if (!v || seat === null || !this.playing) return;
    const why = refusal(v, seat, this.selected);
    if (why) {
      this.notice = { text: why, tone: 'error' };
      return;
    }
    this.act({ type: 'play', seat, cards: [...this.selected] });
  }

  /** Pass (refused, with the reason, when the person leads). */
  pass(): void {
    const v = this.view;
    const seat = this.shownSeat;
    if (!v || seat === null || !this.playing) return;
    const why = passRefusal(v, seat);
    if (why) {
      this.notice = { text: why, tone: 'error' };
      return;
    }
    this.act({ type: 'pass', seat });
  }

  /** A bid (0 = pass), or an answer of the optional phases (rob, double, show). */
  answer(move: DlMove): void {
    this.act(move);
  }

  // ------------------------------------------------------------------ the loop

  /** Bids and answers show for the bid group's pace; plays for the play group's. */
  protected override botHold(m: DlMatch): number {
    const last = m.log[m.length - 1];
    const kind: DlPaceKind = last && last.move.type !== 'play' && last.move.type !== 'pass' ? 'bid' : 'play';
    return Math.round(this.bots.pace * SPEED_FACTOR[this.pacing.speeds[kind]]);
  }
}

const tables = new Map<string, LaobanTableState>();

/** The 斗老闆 table of a project, created on first use (it outlives the view). */
export function laobanTableFor(projectId: string): LaobanTableState {
  let t = tables.get(projectId);
  if (!t) {
    $effect.root(() => {
      t = new LaobanTableState(projectId);
    });
    tables.set(projectId, t!);
  }
  return t!;
}
