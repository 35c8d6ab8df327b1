/**
 * The bots a 斗十四 seat can be given, by level: the three of shared/games/dou-shisi/bots. They run
 * in the table's Web Worker (features/table/model/game-bots.ts) and see only their seat's view.
 */
import type { DsBotKind } from '../../../../../shared/games/dou-shisi/bots';
import type { BotLevel } from '../../table/model/bots';

/** The levels, weakest first — 入门 < 普通 < 高手 (the search bot beats the heuristic, README "Benchmarks"). */
export const DS_BOT_LEVELS: readonly (BotLevel & { id: DsBotKind })[] = [
  { id: 'random', name: { zh: '入门', en: 'Beginner' }, description: { zh: '从合法的出牌和吃碰杠中随机选一个。', en: 'Picks any legal discard or claim at random.' } },
  {
    id: 'heuristic',
    name: { zh: '普通', en: 'Normal' },
    description: { zh: '留住凑成十四的牌，数红点；能吃碰杠就要，但不拆已成的对。', en: 'Keeps cards that pair to fourteen and counts red points; claims greedily but never breaks a pair.' },
  },
  { id: 'search', name: { zh: '高手', en: 'Strong' }, description: { zh: '推测别人手里的牌和牌堆，把每种选择打到这手结束再决定，想得更久。', en: 'Guesses the hidden hands and the stock and plays each choice out to the hand’s end before deciding; thinks longer.' } },
];

/** The level a new bot seat gets. */
export const DS_DEFAULT_BOT_LEVEL: DsBotKind = 'heuristic';
