/**
 * The bots a 斗老闆 seat can be given, by level: the three of shared/games/dou-laoban/bots. Like
 * the other games' bots they run in the table's Web Worker and see only their seat's view, the
 * legal moves and a generator seeded from the match seed, the seat and the move number.
 */
import type { Bot } from '../../../../../shared/engine/types';
import { isDlBotKind, makeDlBot, type DlBotKind } from '../../../../../shared/games/dou-laoban/bots';
import type { DlMove, DlView } from '../../../../../shared/games/dou-laoban/game';
import type { BotLevel } from '../../table/model/bots';

/** The levels, weakest first — 入门 < 普通 < 高手 (README "Benchmarks": the search bot beats the heuristic as Boss and as Employee). */
export const DL_BOT_LEVELS: readonly (BotLevel & { id: DlBotKind })[] = [
  { id: 'random', name: { zh: '入门', en: 'Beginner' }, description: { zh: '从合法的叫分和出牌中随机选一个。', en: 'Picks any legal bid or play at random.' } },
  {
    id: 'heuristic',
    name: { zh: '普通', en: 'Normal' },
    description: { zh: '按牌力叫分；做員工时和同伴配合，留着炸彈抢回出牌权，盯住老闆的最后几张。', en: 'Bids from hand strength; as an Employee plays with its partner, keeps bombs to win back the lead and watches the Boss’s last cards.' },
  },
  { id: 'search', name: { zh: '高手', en: 'Strong' }, description: { zh: '推测别人手里的牌，把每种出法打到底再决定，想得更久。', en: 'Guesses the hidden hands and plays each choice out to the end before deciding; thinks longer.' } },
];

/** The level a new bot seat gets. */
export const DL_DEFAULT_BOT_LEVEL: DlBotKind = 'heuristic';

const made = new Map<DlBotKind, Bot<DlView, DlMove>>();

/** The bot of a level (the default level's for an unknown id). */
export function dlBotFor(level: string | undefined): Bot<DlView, DlMove> {
  const kind = isDlBotKind(level) ? level : DL_DEFAULT_BOT_LEVEL;
  let bot = made.get(kind);
  if (!bot) made.set(kind, (bot = makeDlBot(kind)));
  return bot;
}
