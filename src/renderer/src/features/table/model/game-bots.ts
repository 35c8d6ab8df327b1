/**
 * The bots of every game the table plays, by game id: the worker (workers/bots.worker.ts) and the
 * on-thread fallback ask here, so a request names its game and its level and nothing else.
 */
import type { Bot } from '../../../../../shared/engine/types';
import { douLaoban } from '../../../../../shared/games/dou-laoban/game';
import { douShisi } from '../../../../../shared/games/dou-shisi/game';
import { makeDsBot, isDsBotKind } from '../../../../../shared/games/dou-shisi/bots';
import { sandbox, type SandboxMove } from '../../../../../shared/games/sandbox';
import { zodiacRace } from '../../../../../shared/games/zodiac-race/game';
import { dlBotFor } from '../../dou-laoban/model/bots';
import { moyuWang } from '../../../../../shared/games/moyu-wang/game';
import { isMwBotKind, makeMwBot } from '../../../../../shared/games/moyu-wang/bots';
import { zrBotFor } from '../../zodiac/model/bots';
import { botFor } from './bots';

/** The bot of a level for a game (斗福 when the game is absent: requests made before games had ids). */
export function gameBotFor(game: string | undefined, level: string | undefined): Bot<unknown, unknown> {
  if (game === sandbox.id) return emptySeat as Bot<unknown, unknown>;
  if (game === zodiacRace.id) return zrBotFor(level) as Bot<unknown, unknown>;
  if (game === douLaoban.id) return dlBotFor(level) as Bot<unknown, unknown>;
  // 摸鱼王: the level is the bot kind (random, heuristic, search); the heuristic when it names none.
  if (game === moyuWang.id) return makeMwBot(isMwBotKind(level) ? level : 'heuristic') as Bot<unknown, unknown>;
  // 斗十四: the level names the bot kind (random, heuristic, search); the heuristic otherwise.
  if (game === douShisi.id) return makeDsBot(isDsBotKind(level) ? level : 'heuristic') as Bot<unknown, unknown>;
  return botFor(level) as Bot<unknown, unknown>;
}

/** An empty seat at the sandbox table: it passes the turn on (a playtest has no rules to play by). */
const emptySeat: Bot<unknown, SandboxMove> = ({ legal }) => legal.find((m) => m.type === 'pass') ?? legal[legal.length - 1]!;
