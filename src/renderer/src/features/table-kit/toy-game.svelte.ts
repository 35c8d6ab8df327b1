/**
 * The smallest complete game at the table kit, as features/table-kit/README.md shows it: "Count to
 * ten". The seats take turns adding 1 or 2 to a shared count; whoever says ten wins. Its log, its
 * new-game form and its table are the whole of what a new game brings; its tests prove the kit's
 * seats, curtain, undo, saves and replay with it.
 */
import type { Game, GameEvent } from '../../../../shared/engine';
import type { LogLine } from '../table/model/log';
import { StepLog } from '../../state/step-log';
import { TablePace } from '../../state/TablePace.svelte';
import { TableShell } from '../../state/TableShell.svelte';
import type { ShellSetup } from '../../state/table-kit';
import type { TableSeat, WindowApi } from '../../../../shared/ipc/contract';

export interface CountState {
  count: number;
  turn: number;
  players: number;
  winner: number | null;
}
export interface CountMove {
  type: 'add';
  seat: number;
  by: 1 | 2;
}
export interface CountOptions {
  goal: number;
}

/** The rules, on the engine contract (shared/engine/types.ts). */
export const countGame: Game<CountState, CountMove, CountState, CountOptions> = {
  id: 'count-to-ten',
  rulesVersion: '1',
  name: { zh: '数到十', en: 'Count to ten' },
  minPlayers: 2,
  maxPlayers: 4,
  defaultOptions: { goal: 10 },
  parseOptions: (input) => {
    const goal = (input as Partial<CountOptions> | undefined)?.goal ?? 10;
    return Number.isInteger(goal) && goal >= 3 ? { ok: true, options: { goal }, warnings: [] } : { ok: false, code: 'options/goal', message: { zh: '目标至少是 3。', en: 'The goal is at least 3.' } };
  },
  setup: ({ players }) => ({ count: 0, turn: 0, players, winner: null }),
  legalMoves: (s, seat) => (s.winner === null && s.turn === seat ? [{ type: 'add', seat, by: 1 }, { type: 'add', seat, by: 2 }] : []),
  apply: (s, m) => {
    if (s.winner !== null || m.seat !== s.turn) return { ok: false, code: 'turn', message: { zh: '还没轮到你。', en: 'It is not your turn.' } };
    const count = s.count + m.by;
    const events: GameEvent[] = [{ type: 'add', seat: m.seat, by: m.by, count }];
    return { ok: true, state: { ...s, count, turn: (s.turn + 1) % s.players, winner: count >= 10 ? m.seat : null }, events };
  },
  view: (s) => s,
  status: (s) => ({ over: s.winner !== null, winners: s.winner === null ? [] : [s.winner], draw: false, scores: [], toAct: s.winner === null ? [s.turn] : [] }),
};

/** Its log, in both languages. */
function countLines(e: GameEvent, move: number): LogLine[] {
  if (e.type !== 'add') return [];
  const seat = Number(e.seat);
  return [{ move, kind: 'action', seat, text: { zh: `座位 ${seat + 1} 加 ${e.by}，到 ${e.count}`, en: `Seat ${seat + 1} adds ${e.by}: ${e.count}` } }];
}

/** Its new-game form: the seats and the seed. */
class CountSetup implements ShellSetup<CountOptions> {
  seats = $state<TableSeat[]>([{ kind: 'human' }, { kind: 'human' }]);
  seed = $state('count');
  get players(): number {
    return this.seats.length;
  }
  matchOptions() {
    return { ok: true as const, options: { goal: 10 } };
  }
  seatsInPlay(): TableSeat[] {
    return this.seats.map((s) => ({ ...s }));
  }
  remember(): void {}
  reroll(): void {
    this.seed = Math.random().toString(36).slice(2, 8);
  }
}

/** Its table: the shell with the game's parts (none more here). */
export class CountTable extends TableShell<CountState, CountMove, CountState, CountOptions, CountSetup> {
  constructor(projectId: string, windowApi: WindowApi) {
    super(projectId, windowApi, { game: countGame, setup: new CountSetup(), pacing: new TablePace(), lines: new StepLog(countLines), defaultBotLevel: 'easy' });
  }
}
