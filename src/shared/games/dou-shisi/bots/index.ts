/**
 * 斗十四 bots. Each is an engine `Bot`: it gets its seat's view (`viewDs`), the legal moves and its
 * own seeded generator, and returns one of the legal moves; the same generator gives the same move.
 */
import { randomBot as engineRandomBot } from '../../../engine/simulate';
import type { Bot } from '../../../engine/types';
import type { DsView } from '../game';
import type { DsMove } from '../state';
import { heuristicBot } from './heuristic';
import { createSearchBot, type DsSearchParams } from './search';

export { heuristicBot, knowledgeOfView } from './heuristic';
export { createSearchBot, sampleWorld, playout, DEFAULT_DS_SEARCH, type DsSearchParams } from './search';
export { policyMove, chooseDiscard, keepScores, pairedMask, type Knowledge } from './policy';

/** The bot kinds, by the names the CLI uses. */
export const DS_BOT_KINDS = ['random', 'heuristic', 'search'] as const;
export type DsBotKind = (typeof DS_BOT_KINDS)[number];

export function isDsBotKind(x: unknown): x is DsBotKind {
  return typeof x === 'string' && (DS_BOT_KINDS as readonly string[]).includes(x);
}

/** A uniformly random legal move. */
export const randomBot: Bot<DsView, DsMove> = engineRandomBot;

/** A bot of a kind (`search` settings apply to the search bot only). */
export function makeDsBot(kind: DsBotKind, opts: { search?: Partial<DsSearchParams> } = {}): Bot<DsView, DsMove> {
  if (kind === 'random') return randomBot;
  if (kind === 'heuristic') return heuristicBot;
  return createSearchBot(opts.search);
}
