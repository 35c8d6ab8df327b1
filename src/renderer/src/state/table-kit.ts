/**
 * What every game's table shares: the games the Table tab can play (by project), the undo policy
 * (remembered across tables), and the shape of a table that the shared pieces — the saved-matches
 * list, the replay bar, the pass-and-play curtain — work with, whatever the game.
 */
import { TABLE_GAMES } from '../../../shared/cards/schema';
import type { GameStatus } from '../../../shared/engine/types';
import type { TableSeat } from '../../../shared/ipc/contract';
import type { TableReplay } from './TableReplay.svelte';
import type { Text } from '../features/table/model/log';
import type { TableSaves } from './TableSaves.svelte';
import type { MatchAtTable } from '../features/table/model/saves';
import type { Speed } from '../features/table/model/pace';
import type { MessageKey } from '../i18n/catalogue';
import type { BaseMove, Game, Match } from '../../../shared/engine';
import type { StepLog, TableLines } from './step-log';
import type { TablePace } from './TablePace.svelte';
import type { TableLan } from './TableLan.svelte';

/** A table that paces each group of actions apart (state/TablePace.svelte.ts, any game's groups): what the bar's pace popover sets. */
export interface ActionPacing {
  readonly kinds: readonly string[];
  readonly speeds: Readonly<Record<string, Speed>>;
  /** Some group is not at normal speed. */
  readonly custom: boolean;
  /** The catalogue key of a group's name. */
  label(kind: string): MessageKey;
  setSpeed(kind: string, speed: Speed): void;
  reset(): void;
}

/** The built-in games a table can play. */
export const TABLE_GAME_IDS: readonly string[] = TABLE_GAMES;

/**
 * The game a project's table plays, or null when it has none: the game its project.json names
 * (`game`, in its summary), so a user's copy of 斗福 or 生肖赛跑 plays like the original.
 * @example tableGameOf({ id: 'my-race', game: 'zodiac-race' }) // 'zodiac-race'
 */
export function tableGameOf(summary: { game?: string } | undefined): string | null {
  const g = summary?.game;
  return g !== undefined && TABLE_GAME_IDS.includes(g) ? g : null;
}

const POLICY_KEY = 'fuqi.table.undo';
/** Who may undo how far at a table: `player` (back to the last reveal) or `designer` (anything). */
export type UndoPolicy = 'player' | 'designer';

/** The undo policy last chosen at any table. */
export function loadUndoPolicy(): UndoPolicy {
  try {
    return globalThis.localStorage?.getItem(POLICY_KEY) === 'designer' ? 'designer' : 'player';
  } catch {
    return 'player';
  }
}

/** Remember the undo policy. */
export function storeUndoPolicy(p: UndoPolicy): void {
  try {
    globalThis.localStorage?.setItem(POLICY_KEY, p);
  } catch {
    // Not remembered.
  }
}

/** A table as the shared components see it. */
export interface TableHost {
  readonly saves: TableSaves;
  readonly replay: TableReplay;
  readonly bots: { pace: number };
  readonly length: number;
  /** The match in play (loading a save over one with moves asks first). */
  readonly match: MatchAtTable | null;
  /** The save this match was loaded from or last written to. */
  saveId: string | null;
  seats: TableSeat[];
  undoPolicy: UndoPolicy;
  load(id: string, replay?: boolean): Promise<boolean>;
  lift(): void;
  /** How long a replay's autoplay shows the move before `step` (ms), when the table paces its actions apart; else the bots' pace. */
  replayHold?(step: number): number;
}

/** A table as the shared toolbar sees it: undo, the bots' pace and pause, save, replay, a new game. */
export interface ToolbarHost extends TableHost {
  readonly bots: { pace: number; thinking: number | null; setPace(ms: number): void };
  /** A speed per group of actions, at a table that has them (the pace popover shows them). */
  readonly pacing?: ActionPacing;
  /** Whether a paused table's next decision is a bot's, which `stepBot` lets it make. */
  readonly botStep: boolean;
  stepBot(): void;
  readonly status: GameStatus | null;
  readonly match: (MatchAtTable & { init: { seed: string } }) | null;
  readonly undoBlocked: { zh: string; en: string } | null;
  readonly paused: boolean;
  undo(): void;
  setUndoPolicy(p: UndoPolicy): void;
  setPaused(p: boolean): void;
  save(): Promise<void>;
  leave(): void;
  /** Players on their own devices (every TableShell has it): the bar's "Invite players". */
  readonly lan?: TableLan;
  /** The seat whose device the table waits for now. */
  readonly remoteDeciding?: number | null;
}

/** Why a replay may not start while the pass-and-play curtain is up. */
export const CURTAIN_BLOCKS_REPLAY: Text = {
  zh: '幕布放下时不能回放：请下一位玩家先揭开幕布。',
  en: 'No replay while the curtain is up: the next player lifts it first.',
};

/** Who is at a table and how far its match has gone, for `replayViewers`. */
export interface ReplayAudience {
  players: number;
  /** The people's seats. */
  humans: readonly number[];
  /** The person at the screen (null: nobody, e.g. behind the curtain or a loaded hot-seat match). */
  viewer: number | null;
  over: boolean;
  designer: boolean;
}

/**
 * The seats whose own view (hand, draws, private log lines) a replay may show: every seat in a
 * designer's replay of a finished match, and at a table of bots only (no player to hide anything
 * from); otherwise only the person at the screen's own seat, so a replay in a hot-seat match never
 * shows a hand that person may not see. The public view is always allowed.
 * @example replayViewers({ players: 3, humans: [0, 1], viewer: 1, over: false, designer: true }) // [1]
 */
export function replayViewers(a: ReplayAudience): number[] {
  if ((a.over && a.designer) || a.humans.length === 0) return Array.from({ length: a.players }, (_, i) => i);
  return a.viewer !== null && a.humans.includes(a.viewer) ? [a.viewer] : [];
}

/** A short note at the table: why a move was refused (error) or what just happened (info). */
export interface Notice {
  text: Text;
  tone: 'error' | 'info';
}

/** A game's new-game form, as the shell uses it (state/TableSetup.svelte.ts, ZodiacSetup.svelte.ts). */
export interface ShellSetup<O> {
  seed: string;
  readonly players: number;
  /** The options the form sets, checked by the game (a refusal says why, in both languages). */
  matchOptions(): { ok: true; options: O } | { ok: false; message: Text };
  /** Who sits where in the match the form starts. */
  seatsInPlay(): TableSeat[];
  /** Remember the form for next time. */
  remember(): void;
  /** A fresh seed. */
  reroll(): void;
}

/** What a game brings to the shell. */
export interface TableGame<S, M extends BaseMove, V, O, F extends ShellSetup<O> = ShellSetup<O>, K extends string = string> {
  /** The rules (shared/engine's contract). */
  game: Game<S, M, V, O>;
  /** The new-game form. */
  setup: F;
  /** The speed of each group of actions (the bar's pace popover). */
  pacing: TablePace<K>;
  /** The log, in the game's words (a `StepLog` over its narrate, or its own cache for private lines). */
  lines: TableLines<Match<S, M, V, O>> | StepLog;
  /** The bot level of a seat saved without one. */
  defaultBotLevel: string;
  /** Whether a hand's start marks the replay (games dealt in hands). */
  hands?: boolean;
  /** Whether seats see different things, so a replay offers "view as" (`replayViewers`). */
  privateViews?: boolean;
}
