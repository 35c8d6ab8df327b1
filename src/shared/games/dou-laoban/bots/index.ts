/**
 * 斗老闆 bots. Each is an engine `Bot`: it gets its seat's view (`viewDl`), the legal moves and its
 * own seeded generator, and returns one of the legal moves; the same generator gives the same move.
 */
import { randomBot as engineRandomBot } from '../../../engine/simulate';
import type { Bot } from '../../../engine/types';
import type { DlMove, DlView } from '../game';
import { createHeuristicBot } from './heuristic';
import { createSearchBot, type DlSearchParams } from './search';

export { createHeuristicBot, heuristicBot, heuristicMove, moveFor } from './heuristic';
export { createSearchBot, sampleWorld, playout, DEFAULT_DL_SEARCH, type DlSearchParams } from './search';
export { chooseBid, choosePlay, handStrength, writeBody, type Position } from './policy';

/** The bot kinds, by the names the CLI uses. */
export const DL_BOT_KINDS = ['random', 'heuristic', 'search'] as const;
export type DlBotKind = (typeof DL_BOT_KINDS)[number];

export function isDlBotKind(x: unknown): x is DlBotKind {
  return typeof x === 'string' && (DL_BOT_KINDS as readonly string[]).includes(x);
}

/** A uniformly random legal move. */
export const randomBot: Bot<DlView, DlMove> = engineRandomBot;

/** A bot of a kind (`search` settings apply to the search bot only). */
export function makeDlBot(kind: DlBotKind, opts: { search?: Partial<DlSearchParams> } = {}): Bot<DlView, DlMove> {
  if (kind === 'random') return randomBot;
  if (kind === 'heuristic') return createHeuristicBot();
  return createSearchBot(opts.search);
}
