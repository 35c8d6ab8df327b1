/**
 * 斗福 bots. Each is an engine `Bot`: it gets its seat's view, the legal moves and its own seeded
 * generator, and returns one of the legal moves; given the same generator it plays the same move
 * (the search bot only with an iteration budget). See README.md for the designs.
 */
import { randomBot as engineRandomBot } from '../../../engine/simulate';
import type { Bot } from '../../../engine/types';
import type { DoufuMove } from '../types';
import type { DoufuView } from '../view';
import { createHeuristicBot } from './heuristic';
import { createPlannerBot } from './planner';
import { createSearchBot, type SearchParams } from './search';

export { createHeuristicBot, heuristicBot, heuristicChoose, heuristicScores, declareOutcome, shouldDeclare } from './heuristic';
export { createSearchBot, searchDecision, DEFAULT_SEARCH, type SearchParams, type SearchReport } from './search';
export { createPlannerBot, plannerChoose, plannerScores, plannerDeclares, plannerSkillValue, upside, DEFAULT_PLANNER, type PlannerParams } from './planner';
export { DEFAULT_PARAMS, type HeuristicParams } from './eval';
export { determinize, rebuildState, sampleHidden, canRebuild, hiddenOf, sameGame, REBUILDABLE, type Hidden } from './determinize';
export { knowledgeOf, type Knowledge } from './knowledge';
export { tableOf, type Table } from './table';

/** The bot kinds, by the names the CLI and the lab use. */
export const BOT_KINDS = {
  /** A uniformly random legal move. */
  RANDOM: 'random',
  /** The rule-based player (heuristic.ts): every skill where it gains; declares when ahead unless a big 搭子 is a card away. */
  HEURISTIC: 'heuristic',
  /** The heuristic that waits longer for a bigger 搭子, weighing it against the risk (planner.ts). */
  PLANNER: 'planner',
  /** Determinized Monte Carlo over the heuristic (search.ts). */
  SEARCH: 'search',
} as const;
/** A bot kind. */
export type BotKind = (typeof BOT_KINDS)[keyof typeof BOT_KINDS];
/** All kinds, in display order. */
export const BOT_KIND_LIST: readonly BotKind[] = Object.values(BOT_KINDS);

/** Whether a string names a bot kind. */
export function isBotKind(x: unknown): x is BotKind {
  return typeof x === 'string' && (BOT_KIND_LIST as readonly string[]).includes(x);
}

/** A uniformly random legal move. */
export const randomBot: Bot<DoufuView, DoufuMove> = engineRandomBot;

/**
 * A bot of a kind. `search` settings apply to the search bot only.
 * @example makeBot('search', { search: { iterations: 8 } })
 */
export function makeBot(kind: BotKind, opts: { search?: Partial<SearchParams> } = {}): Bot<DoufuView, DoufuMove> {
  switch (kind) {
    case 'random':
      return randomBot;
    case 'heuristic':
      return createHeuristicBot();
    case 'planner':
      return createPlannerBot();
    case 'search':
      return createSearchBot(opts.search);
    default: {
      const never: never = kind;
      throw new Error(`unknown bot kind ${String(never)}`);
    }
  }
}
