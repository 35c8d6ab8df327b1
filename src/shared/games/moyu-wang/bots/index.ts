/**
 * 摸鱼王 bots. Each is an engine `Bot`: it gets its seat's view (`viewMw`), the legal moves and its
 * own seeded generator, and returns one of the legal moves; the same generator gives the same move.
 */
import { randomBot as engineRandomBot } from '../../../engine/simulate';
import type { Bot } from '../../../engine/types';
import type { MwView } from '../game';
import type { MwMove } from '../state';
import { heuristicBot } from './heuristic';
import { createSearchBot, type MwSearchParams } from './search';

export { heuristicBot, heuristicMove, policyMove, seenOfView, seenOfState } from './heuristic';
export { createSearchBot, sampleState, playout, DEFAULT_MW_SEARCH, type MwSearchParams } from './search';
export { choosePlay, chooseExcuse, risk, type Seen } from './policy';

/** The bot kinds, by the names the CLI uses. */
export const MW_BOT_KINDS = ['random', 'heuristic', 'search'] as const;
export type MwBotKind = (typeof MW_BOT_KINDS)[number];

export function isMwBotKind(x: unknown): x is MwBotKind {
  return typeof x === 'string' && (MW_BOT_KINDS as readonly string[]).includes(x);
}

/** A uniformly random legal move. */
export const randomBot: Bot<MwView, MwMove> = engineRandomBot;

/** A bot of a kind (`search` settings apply to the search bot only). */
export function makeMwBot(kind: MwBotKind, opts: { search?: Partial<MwSearchParams> } = {}): Bot<MwView, MwMove> {
  if (kind === 'random') return randomBot;
  if (kind === 'heuristic') return heuristicBot;
  return createSearchBot(opts.search);
}
