/**
 * The smallest complete game at the table kit, as features/table-kit/README.md shows it: "Count to
 * ten". The seats take turns adding 1 or 2 to a shared count; whoever says ten wins. Its rules, its
 * options' description, its log and its table are the whole of what a new game brings: its
 * new-game page comes from the options alone (NewGamePage.test.ts), and state/TableShell.test.ts
 * proves the kit's seats, curtain, undo, saves and replay with it.
 */
import type { Game, GameEvent } from '../../../../shared/engine';
import type { LogLine } from '../table/model/log';
import { StepLog } from '../../state/step-log';
import { TablePace } from '../../state/TablePace.svelte';
import { TableShell } from '../../state/TableShell.svelte';
import type { WindowApi } from '../../../../shared/ipc/contract';
import { GameSetup } from '../../state/GameSetup.svelte';
import { optionSpecs } from '../../state/table-options';

export interface CountState {
  count: number;
  turn: number;
  players: number;
  winner: number | null;
  options: CountOptions;
}
export interface CountMove {
  type: 'add';
  seat: number;
  by: number;
}
export interface CountOptions {
  /** The number to reach. */
  goal: number;
  /** The most a seat may add at once. */
  most: 2 | 3;
}

/**
 * Its options, described once (as every engine does in its options.ts): the rulebook's default,
 * the values, a zh/en name and help, the rule it comes from. The new-game page, the form and the
 * validator all come from this.
 */
export const COUNT_OPTION_INFO = {
  goal: { values: 'int', min: 3, max: 30, default: 10, zh: '目标', en: 'Goal', helpZh: '先数到这个数的人赢。', helpEn: 'Whoever reaches this number wins.', ref: '§2' },
  most: { values: [2, 3], default: 2, zh: '每次最多加', en: 'Most per turn', helpZh: '每回合可以加 1 到这个数。', helpEn: 'Each turn adds 1 up to this.', ref: '§1' },
} as const;

/** The rules, on the engine contract (shared/engine/types.ts). */
export const countGame: Game<CountState, CountMove, CountState, CountOptions> = {
  id: 'count-to-ten',
  rulesVersion: '1',
  name: { zh: '数到十', en: 'Count to ten' },
  minPlayers: 2,
  maxPlayers: 4,
  defaultOptions: { goal: 10, most: 2 },
  parseOptions: (input) => {
    const o = { goal: 10, most: 2, ...(input as Partial<CountOptions> | undefined) };
    if (!Number.isInteger(o.goal) || o.goal < 3 || o.goal > 30) return { ok: false, code: 'options/goal', message: { zh: '目标是 3 到 30 的整数。', en: 'The goal is a whole number from 3 to 30.' } };
    if (o.most !== 2 && o.most !== 3) return { ok: false, code: 'options/most', message: { zh: '每次最多加 2 或 3。', en: 'The most per turn is 2 or 3.' } };
    return { ok: true, options: { goal: o.goal, most: o.most }, warnings: [] };
  },
  setup: ({ players, options }) => ({ count: 0, turn: 0, players, winner: null, options }),
  legalMoves: (s, seat) => (s.winner === null && s.turn === seat ? Array.from({ length: s.options.most }, (_, i) => ({ type: 'add', seat, by: i + 1 })) : []),
  apply: (s, m) => {
    if (s.winner !== null || m.seat !== s.turn) return { ok: false, code: 'turn', message: { zh: '还没轮到你。', en: 'It is not your turn.' } };
    if (!Number.isInteger(m.by) || m.by < 1 || m.by > s.options.most) return { ok: false, code: 'by', message: { zh: `每次加 1 到 ${s.options.most}。`, en: `Add 1 to ${s.options.most}.` } };
    const count = s.count + m.by;
    const events: GameEvent[] = [{ type: 'add', seat: m.seat, by: m.by, count }];
    return { ok: true, state: { ...s, count, turn: (s.turn + 1) % s.players, winner: count >= s.options.goal ? m.seat : null }, events };
  },
  view: (s) => s,
  status: (s) => ({ over: s.winner !== null, winners: s.winner === null ? [] : [s.winner], draw: false, scores: [], toAct: s.winner === null ? [s.turn] : [] }),
};

/** Its bot levels (one, adding at random; a game's bots answer for its id in features/table/model/game-bots.ts). */
export const COUNT_BOT_LEVELS = [{ id: 'easy', name: { zh: '随手', en: 'Casual' }, description: { zh: '随便加。', en: 'Adds at random.' } }];

/** Its log, in both languages. */
function countLines(e: GameEvent, move: number): LogLine[] {
  if (e.type !== 'add') return [];
  const seat = Number(e.seat);
  return [{ move, kind: 'action', seat, text: { zh: `座位 ${seat + 1} 加 ${e.by}，到 ${e.count}`, en: `Seat ${seat + 1} adds ${e.by}: ${e.count}` } }];
}

/** Its options as the new-game page lists them. */
export const COUNT_OPTIONS = optionSpecs(COUNT_OPTION_INFO);

/** Its table: the shell with the game's parts (none more here). Its new-game form is the kit's, from its options. */
export class CountTable extends TableShell<CountState, CountMove, CountState, CountOptions, GameSetup<CountOptions>> {
  constructor(projectId: string, windowApi: WindowApi) {
    const setup = new GameSetup({ game: countGame, options: COUNT_OPTIONS, levels: COUNT_BOT_LEVELS, seats: [{ kind: 'human' }, { kind: 'human' }] });
    super(projectId, windowApi, { game: countGame, setup, pacing: new TablePace(), lines: new StepLog(countLines), defaultBotLevel: 'easy' });
  }
}
