import type { Match } from '../../../shared/engine';
import { douShisi, moveKey, type DsView } from '../../../shared/games/dou-shisi/game';
import { redPoints } from '../../../shared/games/dou-shisi/cards';
import { OPTION_INFO, type DsOptions } from '../../../shared/games/dou-shisi/options';
import type { Meld } from '../../../shared/games/dou-shisi/rules';
import type { DsMove, DsState } from '../../../shared/games/dou-shisi/state';
import type { WindowApi } from '../../../shared/ipc/contract';
import { api } from '../api';
import { DS_BOT_LEVELS, DS_DEFAULT_BOT_LEVEL } from '../features/dou-shisi/model/bots';
import { dsLines } from '../features/dou-shisi/model/log';
import { SPEED_FACTOR } from '../features/table/model/pace';
import { GameSetup } from './GameSetup.svelte';
import { StepLog } from './step-log';
import type { TableHost } from './table-kit';
import { optionSpecs } from './table-options';
import { optionValueLabels } from '../../../shared/lab/option-words';
import { TablePace } from './TablePace.svelte';
import { TableShell } from './TableShell.svelte';

/** A 斗十四 match at the table. */
export type DsMatch = Match<DsState, DsMove, DsView, DsOptions>;

/** The pace groups of a 斗十四 table: discards and flips, and claims and exchanges. */
export const DS_PACE_KINDS = ['play', 'claim'] as const;
export type DsPaceKind = (typeof DS_PACE_KINDS)[number];

/** 斗十四's options on the kit's new-game page, from the engine's description, with words for the named values. */
export const DS_OPTIONS = optionSpecs(OPTION_INFO, (key) => ({ labels: optionValueLabels('dou-shisi', key) }));

/** The claim answers, strongest first (糊 > 杠 = 加杠 = 碰 > 吃, then pass). */
const CLAIM_ORDER = ['hu', 'gang', 'add-gang', 'peng', 'chi', 'pass'] as const;
const rankOfClaim = (m: DsMove): number => (CLAIM_ORDER as readonly string[]).indexOf(m.type);

/**
 * One 斗十四 table: 2–6 seats, people and bots, on the table kit's shell (seats, curtain, undo,
 * saves, replay, bots in the Web Worker). The person discards by clicking a card of their hand;
 * exchanges, 天走, the flip and the claim answers are prompts, each offered only when legal.
 */
export class ShisiTableState extends TableShell<DsState, DsMove, DsView, DsOptions, GameSetup<DsOptions>, DsPaceKind> implements TableHost {
  constructor(projectId = 'dou-shisi', windowApi: WindowApi = api) {
    super(projectId, windowApi, {
      game: douShisi,
      setup: new GameSetup<DsOptions>({ game: douShisi, options: DS_OPTIONS, levels: DS_BOT_LEVELS, players: 4 }),
      pacing: new TablePace(DS_PACE_KINDS, 'fuqi.table.pace.dou-shisi', (k) => `ds.pace.${k}`),
      lines: new StepLog(dsLines),
      defaultBotLevel: DS_DEFAULT_BOT_LEVEL,
      privateViews: true,
    });
  }

  /** The cards the person may discard now (a click on one discards it). */
  readonly discards: Set<number> = $derived(new Set(this.legal.flatMap((m) => (m.type === 'discard' ? [m.card] : []))));

  /** The claim answers open to the person, strongest first; empty outside a claim window. */
  readonly claims: DsMove[] = $derived(this.view?.phase === 'claim' ? this.legal.filter((m) => rankOfClaim(m) >= 0).sort((a, b) => rankOfClaim(a) - rankOfClaim(b)) : []);

  /** The exchanges open to the person now (投牌), and whether they may end the window. */
  readonly exchanges: DsMove[] = $derived(this.legal.filter((m) => m.type === 'exchange'));
  readonly mayFinish: boolean = $derived(this.legal.some((m) => m.type === 'done'));

  /** The other prompts: 天走, the flip, 漂, the stop call. */
  readonly tianzou: DsMove | null = $derived(this.legal.find((m) => m.type === 'tianzou') ?? null);
  readonly flip: DsMove | null = $derived(this.legal.find((m) => m.type === 'flip') ?? null);
  readonly declares: DsMove[] = $derived(this.legal.filter((m) => m.type === 'piao' || m.type === 'stop'));

  /** Red points in the person's concealed hand and melds (their own cards). */
  readonly red: number = $derived.by(() => {
    const v = this.view;
    if (!v || v.seat === null) return 0;
    return redPoints(v.concealed) + redPoints(v.melds[v.seat]!.flatMap((m) => m.cards));
  });

  /**
   * The winner's melds and flower area as they lay when the last shown hand was won (public cards:
   * the next deal clears the table, the result still shows what the 番 were counted from).
   */
  readonly winnerTable: { melds: Meld[]; flowers: number[] } | null = $derived.by(() => {
    const v = this.view;
    const m = this.current;
    const r = v?.results[v.results.length - 1];
    if (!m || !r || r.winner === null) return null;
    const i = m.log.findIndex((e) => e.events.some((x) => x.type === 'settle' && x.hand === r.hand));
    if (i < 0) return null;
    const s = m.stateAt(i);
    return { melds: s.melds[r.winner]!.map((x) => ({ type: x.type, cards: x.cards.slice() })), flowers: s.flowers[r.winner]!.slice() };
  });

  /** Discard a card of the hand (only when the engine offers it). */
  discard(card: number): void {
    const m = this.legal.find((x) => x.type === 'discard' && x.card === card);
    if (m) this.act(m);
  }

  /** Any offered move (a prompt's button); one no longer offered is ignored. */
  choose(m: DsMove): void {
    const key = moveKey(m);
    const offered = this.legal.find((x) => moveKey(x) === key);
    if (offered) this.act(offered);
  }

  /** Discards and flips show for the play group's pace; claims and exchanges for the claim group's. */
  protected override botHold(m: DsMatch): number {
    const last = m.log[m.length - 1];
    const t = last?.move.type;
    const kind: DsPaceKind = t === 'discard' || t === 'flip' ? 'play' : 'claim';
    return Math.round(this.bots.pace * SPEED_FACTOR[this.pacing.speeds[kind]]);
  }
}

const tables = new Map<string, ShisiTableState>();

/** The 斗十四 table of a project, created on first use (it outlives the view). */
export function shisiTableFor(projectId: string): ShisiTableState {
  let t = tables.get(projectId);
  if (!t) {
    $effect.root(() => {
      t = new ShisiTableState(projectId);
    });
    tables.set(projectId, t!);
  }
  return t!;
}
