import type { Match } from '../../../shared/engine';
import { BLACK, colourOf, COLOURS, RAINBOW } from '../../../shared/games/moyu-wang/cards';
import { moyuWang, type MwView } from '../../../shared/games/moyu-wang/game';
import { OPTION_INFO, type MwOptions } from '../../../shared/games/moyu-wang/options';
import { colourCounts, type MwMove, type MwState } from '../../../shared/games/moyu-wang/state';
import type { WindowApi } from '../../../shared/ipc/contract';
import { api } from '../api';
import { MW_BOT_LEVELS, MW_DEFAULT_BOT_LEVEL } from '../features/moyu-wang/model/bots';
import { chainOf, excuseChoices, type ChainStep, type ExcuseChoice } from '../features/moyu-wang/model/chain';
import { mwLines } from '../features/moyu-wang/model/log';
import { SPEED_FACTOR } from '../features/table/model/pace';
import { GameSetup } from './GameSetup.svelte';
import { StepLog } from './step-log';
import type { TableHost } from './table-kit';
import { optionSpecs } from './table-options';
import { optionValueLabels } from '../../../shared/lab/option-words';
import { TablePace } from './TablePace.svelte';
import { TableShell } from './TableShell.svelte';

/** A 摸鱼王 match at the table. */
export type MwMatch = Match<MwState, MwMove, MwView, MwOptions>;

/** The pace groups of a 摸鱼王 table: plays, and the excuse chain of settlement. */
export const MW_PACE_KINDS = ['play', 'excuse'] as const;
export type MwPaceKind = (typeof MW_PACE_KINDS)[number];

/** 摸鱼王's options on the kit's new-game page, from the engine's description, with words for the named values. */
export const MW_OPTIONS = optionSpecs(OPTION_INFO, (key) => ({ labels: optionValueLabels('moyu-wang', key) }));

/**
 * One 摸鱼王 table: 2–9 seats, people and bots, on the table kit's shell (seats, curtain, undo,
 * saves, replay, bots in the Web Worker). The person picks cards of one colour between clicks and
 * plays them; the engine checks the play (the list of legal plays — every subset of a colour — is
 * never shown). When settlement selects the person and they hold an excuse, the prompt offers each
 * excuse with its effect in words, and accepting the overtime.
 */
export class MoyuTableState extends TableShell<MwState, MwMove, MwView, MwOptions, GameSetup<MwOptions>, MwPaceKind> implements TableHost {
  /** The cards the person has picked (one colour). */
  selected = $state.raw<number[]>([]);

  constructor(projectId = 'moyu-wang', windowApi: WindowApi = api) {
    super(projectId, windowApi, {
      game: moyuWang,
      setup: new GameSetup<MwOptions>({ game: moyuWang, options: MW_OPTIONS, levels: MW_BOT_LEVELS, players: 5 }),
      pacing: new TablePace(MW_PACE_KINDS, 'fuqi.table.pace.moyu-wang', (k) => `mw.pace.${k}`),
      lines: new StepLog(mwLines),
      defaultBotLevel: MW_DEFAULT_BOT_LEVEL,
      privateViews: true,
    });
  }

  // ------------------------------------------------------------------ what the table shows

  /** The person may play cards now. */
  readonly playing: boolean = $derived(this.view?.phase === 'play' && this.legal.length > 0);

  /** The person is selected for overtime and may answer. */
  readonly answering: boolean = $derived(this.view?.phase === 'excuse' && this.legal.some((m) => m.type === 'accept'));

  /** The person casts a vote (hidden-role mode): for whom they may vote. */
  readonly votes: MwMove[] = $derived(this.view?.phase === 'vote' ? this.legal.filter((m) => m.type === 'vote') : []);

  /** The excuses the person may play now, one per kind with its targets and their effect. */
  readonly excuses: ExcuseChoice[] = $derived(this.answering && this.view ? excuseChoices(this.view, this.legal) : []);

  /** The round on show: this round while it runs, else the last finished one. */
  readonly shownRound = $derived.by(() => {
    const v = this.view;
    if (!v) return null;
    if (v.plays.length > 0) return { live: true, plays: v.plays, overtimeColours: v.phase === 'play' ? [] : v.overtimeColours, excuses: v.excuses, outcome: null, overtime: [] as number[], leader: v.leader, round: v.round };
    const r = v.rounds[v.rounds.length - 1];
    return r ? { live: false, plays: r.plays, overtimeColours: r.overtimeColours, excuses: r.excuses, outcome: r.outcome, overtime: r.overtime, leader: r.leader, round: r.round } : null;
  });

  /** How often each colour counts in the round on show, play by play (the counts building up). */
  readonly counts: number[][] = $derived.by(() => {
    const r = this.shownRound;
    const v = this.view;
    if (!r || !v) return [];
    return r.plays.map((_, i) => colourCounts(r.plays.slice(0, i + 1), v.options));
  });

  /** The colours a holiday (x0) card excludes in the round on show. */
  readonly holidays: number[] = $derived.by(() => {
    const r = this.shownRound;
    if (!r) return [];
    const out = new Set<number>();
    for (const p of r.plays) for (const c of p.cards) if (c >= 10 && c < 80 && c % 10 === 0) out.add(colourOf(c));
    return [...out].sort((a, b) => a - b);
  });

  /** The settlement and excuse chain of the round on show, step by step. */
  readonly chain: ChainStep[] = $derived.by(() => {
    const v = this.view;
    const r = this.shownRound;
    if (!v || !r) return [];
    if (r.live && v.phase === 'play') {
      // While the next round is played, the last round's excuse chain stays on show.
      const last = v.rounds[v.rounds.length - 1];
      return last && last.excuses.length ? chainOf(v, last.plays, last.selected, last.excuses, last.leader) : [];
    }
    const first = r.live ? this.firstSelected(v) : (v.rounds[v.rounds.length - 1]?.selected ?? null);
    return chainOf(v, r.plays, first, r.excuses, r.leader);
  });

  /** The chain on show is the last round's (this round is still being played). */
  readonly chainEarlier: boolean = $derived(!!this.shownRound?.live && this.view?.phase === 'play' && this.chain.length > 0);

  /** Who worked overtime at the end of the chain on show (none while it runs). */
  readonly chainWorked: number[] = $derived.by(() => {
    const v = this.view;
    if (!v || (this.shownRound?.live && !this.chainEarlier)) return [];
    return v.rounds[v.rounds.length - 1]?.overtime ?? [];
  });

  /** The colours the person may not play now (all colours when any may go). */
  readonly allowed: number = $derived.by(() => {
    const v = this.view;
    if (!v || !this.playing) return 0;
    let m = 0;
    for (const mv of this.legal) if (mv.type === 'play') m |= 1 << colourOf(mv.cards[0]!);
    return m;
  });

  /** Settlement's first selection of a live round: the one made selected without an excuse. */
  private firstSelected(v: MwView): number | null {
    if (!v.selected) return null;
    if (v.excuses.length === 0) return v.selected.seat;
    // The first excuse was played by the first selected player.
    return v.excuses[0]!.seat;
  }

  // ------------------------------------------------------------------ playing

  protected override dropHeld(): void {
    this.selected = [];
  }

  /** Pick or put back a card; a card of another colour starts a new pick. */
  toggle(card: number): void {
    if (!this.playing) return;
    this.notice = null;
    if (this.selected.includes(card)) {
      this.selected = this.selected.filter((c) => c !== card);
      return;
    }
    const same = this.selected.length === 0 || colourOf(this.selected[0]!) === colourOf(card);
    this.selected = same ? [...this.selected, card] : [card];
  }

  /** Clear the pick. */
  clearSelection(): void {
    this.dropHeld();
    this.notice = null;
  }

  /** Play the picked cards; the engine checks them and says why it refuses. */
  play(): void {
    const seat = this.shownSeat;
    if (seat === null || !this.playing) return;
    if (this.selected.length === 0) {
      this.notice = { text: { zh: '先点选要出的牌（一张，或同色的多张）。', en: 'Pick the cards to play first (one, or several of one colour).' }, tone: 'info' };
      return;
    }
    this.act({ type: 'play', seat, cards: [...this.selected] });
  }

  /** Play an excuse (with its target, where it names one). */
  excuse(move: MwMove): void {
    if (this.answering) this.act(move);
  }

  /** Cast a vote (hidden-role mode). */
  vote(move: MwMove): void {
    if (move.type === 'vote' && this.votes.length) this.act(move);
  }

  /** Work the overtime. */
  accept(): void {
    const seat = this.shownSeat;
    if (seat !== null && this.answering) this.act({ type: 'accept', seat });
  }

  // ------------------------------------------------------------------ the loop

  /** Plays show for the play group's pace; excuses and accepting for the excuse group's. */
  protected override botHold(m: MwMatch): number {
    const last = m.log[m.length - 1];
    const kind: MwPaceKind = last && last.move.type !== 'play' ? 'excuse' : 'play';
    return Math.round(this.bots.pace * SPEED_FACTOR[this.pacing.speeds[kind]]);
  }
}

/** Colour indexes the hand sorts and the board shows (the six counted colours, rainbow, black). */
export const MW_COLOURS = Array.from({ length: COLOURS }, (_, i) => i);
export { BLACK, RAINBOW };

const tables = new Map<string, MoyuTableState>();

/** The 摸鱼王 table of a project, created on first use (it outlives the view). */
export function moyuTableFor(projectId: string): MoyuTableState {
  let t = tables.get(projectId);
  if (!t) {
    $effect.root(() => {
      t = new MoyuTableState(projectId);
    });
    tables.set(projectId, t!);
  }
  return t!;
}
