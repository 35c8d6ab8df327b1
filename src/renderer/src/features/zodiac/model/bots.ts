/**
 * The bots a 生肖赛跑 seat can be given, by level: the three of shared/games/zodiac-race/bots.
 * Like 斗福's, they run in the table's Web Worker and see only their seat's view, the legal moves
 * and a generator seeded from the match seed, the seat and the move number.
 */
import type { Bot } from '../../../../../shared/engine/types';
import { isZrBotKind, makeZrBot, type ZrBotKind } from '../../../../../shared/games/zodiac-race/bots';
import type { ZrMove } from '../../../../../shared/games/zodiac-race/types';
import type { ZrView } from '../../../../../shared/games/zodiac-race/view';
import type { BotLevel } from '../../table/model/bots';

/**
 * The levels, weakest first — 入门 < 普通 < 高手, as measured in 2-player races by `npm run bench`
 * (bench/zodiac-bots.ts: each level wins most races against the one below it; README "Benchmarks").
 */
export const ZR_BOT_LEVELS: readonly (BotLevel & { id: ZrBotKind })[] = [
  { id: 'random', name: { zh: '入门', en: 'Beginner' }, description: { zh: '从合法操作中随机选一个。', en: 'Picks any legal move at random.' } },
  {
    id: 'heuristic',
    name: { zh: '普通', en: 'Normal' },
    description: { zh: '按局面选生肖，在变换格择优变换，每种能力在划算时都会用。', en: 'Picks its animal by the table, transforms on stars when it pays, and uses every power when it helps.' },
  },
  { id: 'search', name: { zh: '高手', en: 'Strong' }, description: { zh: '推演多种骰子结果再决定，想得更久。', en: 'Plays out many possible rolls before deciding; thinks longer.' } },
];

/** The level a new bot seat gets. */
export const ZR_DEFAULT_BOT_LEVEL: ZrBotKind = 'heuristic';

const made = new Map<ZrBotKind, Bot<ZrView, ZrMove>>();

/** The bot of a level (the default level's for an unknown id). */
export function zrBotFor(level: string | undefined): Bot<ZrView, ZrMove> {
  const kind = isZrBotKind(level) ? level : ZR_DEFAULT_BOT_LEVEL;
  let bot = made.get(kind);
  if (!bot) made.set(kind, (bot = makeZrBot(kind)));
  return bot;
}
