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

/**
 * The levels a new seat can be given, weakest first — 入门 < 普通 < 高手, as measured in 2-player
 * matches by `npm run bench` (bench/games.ts: each wins most matches against the one below it;
 * README "Benchmarks").
 */
export const BOT_LEVELS: readonly BotLevel[] = [
  { id: BOT_KINDS.RANDOM, name: { zh: '入门', en: 'Beginner' }, description: { zh: '从合法操作中随机选一个。', en: 'Picks any legal move at random.' } },
  { id: BOT_KINDS.HEURISTIC, name: { zh: '普通', en: 'Normal' }, description: { zh: '按规则估算每步的得失，择优而行。', en: 'Weighs each move by the rules and plays the best.' } },
  { id: BOT_KINDS.SEARCH, name: { zh: '高手', en: 'Strong' }, description: { zh: '推演多种可能的牌局再决定，想得更久。', en: 'Plays out many possible deals before deciding; thinks longer.' } },
];

/**
 * The planner: no longer offered for new seats (it plays about as well as 普通), still named for
 * the seats of saved matches that have it.
 */
export const PLANNER_LEVEL: BotLevel = {
  id: BOT_KINDS.PLANNER,
  name: { zh: newGameZh['newgame.level.planner'], en: newGameEn['newgame.level.planner'] },
  description: { zh: newGameZh['newgame.level.plannerHelp'], en: newGameEn['newgame.level.plannerHelp'] },
};

/** A level by id (the picker's, or the planner of an older save), or undefined. */
export function botLevel(id: string | undefined): BotLevel | undefined {
  return BOT_LEVELS.find((l) => l.id === id) ?? (id === PLANNER_LEVEL.id ? PLANNER_LEVEL : undefined);
}

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
