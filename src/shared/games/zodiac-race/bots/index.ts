/**
 * 生肖赛跑 bots. Each is an engine `Bot`: it gets its seat's view, the legal moves and its own
 * seeded generator and returns one of the legal moves; the same generator gives the same move.
 */
import { randomBot as engineRandomBot } from '../../../engine/simulate';
import type { Bot } from '../../../engine/types';
import type { ZrMove } from '../types';
import type { ZrView } from '../view';
import { createHeuristicBot } from './heuristic';
import { createSearchBot, type SearchParams } from './search';

export { createHeuristicBot, heuristicBot, heuristicChoose, PREFERENCE } from './heuristic';
export { createSearchBot, searchDecision, worldFromView, evaluate, DEFAULT_SEARCH, type SearchParams } from './search';

/** The bot kinds, by the names the CLI uses. */
export const ZR_BOT_KINDS = ['random', 'heuristic', 'search'] as const;
/** A bot kind. */
export type ZrBotKind = (typeof ZR_BOT_KINDS)[number];

/** Whether a string names a bot kind. */
export function isZrBotKind(x: unknown): x is ZrBotKind {
  return typeof x === 'string' && (ZR_BOT_KINDS as readonly string[]).includes(x);
}

/** A uniformly random legal move. */
export const randomBot: Bot<ZrView, ZrMove> = engineRandomBot;

/** A bot of a kind (`search` settings apply to the search bot only). */
export function makeZrBot(kind: ZrBotKind, opts: { search?: Partial<SearchParams> } = {}): Bot<ZrView, ZrMove> {
  if (kind === 'random') return randomBot;
  if (kind === 'heuristic') return createHeuristicBot();
  return createSearchBot(opts.search);
}
