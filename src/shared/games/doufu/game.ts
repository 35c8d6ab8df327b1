/**
 * 斗福 as an engine `Game`: setup, legal moves, apply, view, status. The rules live in the modules
 * this file wires together (see README.md).
 */
import { engineError } from '../../engine/errors';
import type { Game, GameEvent, GameStatus, ParsedOptions, SetupInput } from '../../engine/types';
import { applyListedMove, applyMove } from './apply';
import { drive } from './flow';
import { legalMoves } from './legal';
import { DEFAULT_OPTIONS, parseOptions } from './options';
import { initialState } from './setup';
import { isSharedDraw, sideOf } from './state';
import type { DoufuGameOptions, DoufuMove, DoufuState } from './types';
import { viewOf, type DoufuView } from './view';

/** Bump when a rule change would replay old move lists differently (saved files record it). */
export const DOUFU_RULES_VERSION = 'doufu-1';

/** The defaults: free-for-all with every house interpretation at the spec's default. */
export const DEFAULT_GAME_OPTIONS: DoufuGameOptions = Object.freeze({ ...DEFAULT_OPTIONS, mode: 'ffa' as const });

/** Parse `{ mode, ...rule options }`: the mode here, the rule options by options.ts. */
export function parseGameOptions(input: unknown): ParsedOptions<DoufuGameOptions> {
  const obj = input === undefined || input === null ? {} : input;
  if (typeof obj !== 'object' || Array.isArray(obj)) return engineError('doufu/invalid-options', '规则选项必须是对象。', 'Rule options must be an object.');
  const { mode = 'ffa', ...rest } = obj as Record<string, unknown>;
  if (mode !== 'ffa' && mode !== '2v2') return engineError('doufu/invalid-options', `mode 必须是 "ffa" 或 "2v2"（得到 ${JSON.stringify(mode)}）。`, `mode must be "ffa" or "2v2" (got ${JSON.stringify(mode)}).`);
  const r = parseOptions(rest);
  if (!r.ok) return engineError(r.error.code, r.error.message, r.error.message);
  return { ok: true, options: Object.freeze({ ...r.value, mode }), warnings: [] };
}

/** Status of a 斗福 state: scores are each seat's (team's) 福气. */
export function statusOf(s: DoufuState): GameStatus {
  const st = s.step;
  const over = st.k === 'over';
  const toAct = over || st.k === 'run' ? [] : st.k === 'chooseFirst' ? st.seats.slice() : [st.seat];
  const scores: number[] = [];
  for (let i = 0; i < s.n; i++) scores.push(s.fuqi[sideOf(s, i)]!);
  return {
    over,
    winners: over && s.winners ? s.winners.slice() : [],
    draw: over && isSharedDraw(s),
    scores,
    toAct,
  };
}

/** `statusOf(s).toAct[0]` without building the status, or -1 when no seat acts (the match is over). */
export function actorOf(s: DoufuState): number {
  const st = s.step;
  return st.k === 'over' || st.k === 'run' ? -1 : st.k === 'chooseFirst' ? (st.seats[0] ?? -1) : st.seat;
}

/** The initial state and the events of setup: the first 福神 draw, the hand start, the deal (and any 荒牌 redeal), 天时/地利 offers. */
function startDoufu({ seed, players, options }: SetupInput<DoufuGameOptions>): { state: DoufuState; events: GameEvent[] } {
  const c = initialState(seed, players, options);
  drive(c);
  c.s.rng = c.rng.state();
  return { state: c.s, events: c.ev! };
}

/** The 斗福 game. */
export const doufu: Game<DoufuState, DoufuMove, DoufuView, DoufuGameOptions> = {
  id: 'doufu',
  rulesVersion: DOUFU_RULES_VERSION,
  name: { zh: '斗福', en: 'Dou Fu' },
  minPlayers: 2,
  maxPlayers: 4,
  defaultOptions: DEFAULT_GAME_OPTIONS,
  parseOptions: parseGameOptions,
  setup(input) {
    return startDoufu(input).state;
  },
  start: startDoufu,
  legalMoves,
  apply: applyMove,
  applyListed: applyListedMove,
  actor: actorOf,
  view: viewOf,
  status: statusOf,
};
