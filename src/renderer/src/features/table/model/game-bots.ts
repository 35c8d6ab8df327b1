/**
 * The bots of every game the table plays, by game id: the worker (workers/bots.worker.ts) and the
 * on-thread fallback ask here, so a request names its game and its level and nothing else.
 */
import type { Bot } from '../../../../../shared/engine/types';
import { douShisi } from '../../../../../shared/games/dou-shisi/game';
import { makeDsBot, isDsBotKind } from '../../../../../shared/games/dou-shisi/bots';
import { zodiacRace } from '../../../../../shared/games/zodiac-race/game';
import { zrBotFor } from '../../zodiac/model/bots';
import { botFor } from './bots';

/** The bot of a level for a game (斗福 when the game is absent: requests made before games had ids). */
export function gameBotFor(game: string | undefined, level: string | undefined): Bot<unknown, unknown> {
  if (game === zodiacRace.id) return zrBotFor(level) as Bot<unknown, unknown>;
  // 斗十四: the level names the bot kind (random, heuristic, search); the heuristic otherwise.
  if (game === douShisi.id) return makeDsBot(isDsBotKind(level) ? level : 'heuristic') as Bot<unknown, unknown>;
  return botFor(level) as Bot<unknown, unknown>;
}
