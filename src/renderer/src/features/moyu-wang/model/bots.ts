/**
 * The bots a 摸鱼王 seat can be given, by level: the three of shared/games/moyu-wang/bots. They run
 * in the table's Web Worker (features/table/model/game-bots.ts) and see only their seat's view.
 */
import type { MwBotKind } from '../../../../../shared/games/moyu-wang/bots';
import type { BotLevel } from '../../table/model/bots';

/** The levels, weakest first — 入门 < 普通 < 高手 (the search bot beats the heuristic, README "Benchmarks"). */
export const MW_BOT_LEVELS: readonly (BotLevel & { id: MwBotKind })[] = [
  { id: 'random', name: { zh: '入门', en: 'Beginner' }, description: { zh: '从合法的出牌和借口中随机选一个。', en: 'Picks any legal play or excuse at random.' } },
  {
    id: 'heuristic',
    name: { zh: '普通', en: 'Normal' },
    description: { zh: '先甩大数字；彩色牌和借口留到危险时；只在不太可能加班的颜色里出小牌。', en: 'Dumps high numbers early, keeps rainbows and excuses for danger, plays low only in colours unlikely to work overtime.' },
  },
  { id: 'search', name: { zh: '高手', en: 'Strong' }, description: { zh: '推测别人手里的牌，把每种出法打到底再决定，想得更久。', en: 'Guesses the hidden hands and plays each choice out to the end before deciding; thinks longer.' } },
];

/** The level a new bot seat gets. */
export const MW_DEFAULT_BOT_LEVEL: MwBotKind = 'heuristic';
