/**
 * The bots a seat can be given, by level: every kind of shared/games/doufu/bots. They run in the
 * table's Web Worker (workers/bots.worker.ts) and receive only their seat's view, the legal moves
 * and a generator seeded from the match seed, the seat and the move number, so the same table
 * makes the same bot moves again after an undo or a reload.
 */
import type { Bot } from '../../../../../shared/engine/types';
import { BOT_KINDS, isBotKind, makeBot, type BotKind } from '../../../../../shared/games/doufu/bots';
import type { DoufuMove } from '../../../../../shared/games/doufu/types';
import type { DoufuView } from '../../../../../shared/games/doufu/view';
import { en as newGameEn, zh as newGameZh } from '../../../i18n/catalogue/new-game';

/** A bot level as the new-game screen offers it. */
export interface BotLevel {
  id: BotKind;
  name: { zh: string; en: string };
  description: { zh: string; en: string };
}

/** The levels, weakest first. */
export const BOT_LEVELS: readonly BotLevel[] = [
  { id: BOT_KINDS.RANDOM, name: { zh: '随机', en: 'Random' }, description: { zh: '从合法操作中随机选一个。', en: 'Picks any legal move at random.' } },
  { id: BOT_KINDS.HEURISTIC, name: { zh: '稳健', en: 'Steady' }, description: { zh: '按规则估算每步的得失，择优而行。', en: 'Weighs each move by the rules and plays the best.' } },
  {
    id: BOT_KINDS.PLANNER,
    name: { zh: newGameZh['newgame.level.planner'], en: newGameEn['newgame.level.planner'] },
    description: { zh: newGameZh['newgame.level.plannerHelp'], en: newGameEn['newgame.level.plannerHelp'] },
  },
  { id: BOT_KINDS.SEARCH, name: { zh: '深算', en: 'Deep' }, description: { zh: '推演多种可能的牌局再决定，想得更久。', en: 'Plays out many possible deals before deciding; thinks longer.' } },
];

/** The level a new bot seat gets. */
export const DEFAULT_BOT_LEVEL: BotKind = BOT_KINDS.HEURISTIC;

const made = new Map<BotKind, Bot<DoufuView, DoufuMove>>();

/** The bot of a level (the default level's for an unknown id, e.g. from an older save). */
export function botFor(level: string | undefined): Bot<DoufuView, DoufuMove> {
  const kind = isBotKind(level) ? level : DEFAULT_BOT_LEVEL;
  let bot = made.get(kind);
  if (!bot) made.set(kind, (bot = makeBot(kind)));
  return bot;
}

/** The seed of one bot decision: match seed, seat and move number. */
export function botSeed(matchSeed: string, seat: number, step: number): string {
  return `${matchSeed}/bot/${seat}/${step}`;
}
