/**
 * 摸鱼王's log in both languages, written from the engine's events. The log is public: deals and
 * draws are logged by their count, plays, settlement, excuses and overtime in full, every hand at
 * the end.
 */
import type { GameEvent } from '../../../../../shared/engine/types';
import { EXCUSE_LABELS, type ExcuseType } from '../../../../../shared/games/moyu-wang/cards';
import { seatName, type LogLine, type Text } from '../../table/model/log';
import { cardsText, coloursText } from './words';

const num = (x: unknown): number => Number(x);
const cards = (x: unknown): number[] => (Array.isArray(x) ? x.map(Number) : []);

/** One event as log lines. */
export function mwLines(e: GameEvent, move: number): LogLine[] {
  const seat = typeof e.seat === 'number' ? e.seat : undefined;
  const who = seat === undefined ? { zh: '', en: '' } : seatName(seat);
  const line = (kind: LogLine['kind'], text: Text): LogLine[] => [{ move, kind, ...(seat !== undefined ? { seat } : {}), text }];
  switch (e.type) {
    case 'deal':
      return seat === 0 ? [{ move, kind: 'hand', text: { zh: `发牌：每人 ${cards(e.cards).length} 张`, en: `Deal: ${cards(e.cards).length} cards each` } }] : [];
    case 'round':
      return line('turn', { zh: `第 ${num(e.round) + 1} 回合：${who.zh} 先出`, en: `Round ${num(e.round) + 1}: ${who.en} leads` });
    case 'play': {
      const c = cardsText(cards(e.cards));
      return line('action', { zh: `${who.zh} 出 ${c.zh}（剩 ${num(e.left)} 张）`, en: `${who.en} plays ${c.en} (${num(e.left)} left)` });
    }
    case 'settle': {
      const cols = cards(e.colours);
      if (!cols.length) return [{ move, kind: 'info', text: { zh: '结算：没有加班颜色，无人加班', en: 'Settlement: no overtime colour, nobody works overtime' } }];
      const c = coloursText(cols);
      return line('declare', { zh: `结算：加班颜色 ${c.zh}，${who.zh} 被选中加班`, en: `Settlement: overtime colour ${c.en}; ${who.en} is selected` });
    }
    case 'excuse': {
      const name = EXCUSE_LABELS[e.excuse as ExcuseType];
      const to = typeof e.target === 'number' ? seatName(e.target) : null;
      return line('skill', { zh: `${who.zh} 出借口「${name.zh}」${to ? `，指定 ${to.zh}` : ''}`, en: `${who.en} plays the excuse ${name.en}${to ? `, naming ${to.en}` : ''}` });
    }
    case 'accept':
      return line('action', { zh: `${who.zh} 接受加班`, en: `${who.en} accepts the overtime` });
    case 'overtime':
      return line('score', { zh: `${who.zh} 加班：${cards(e.cards).length} 张牌进得分区，加班标记 ${num(e.markers)}`, en: `${who.en} works overtime: ${cards(e.cards).length} cards to the score pile, ${num(e.markers)} overtime marker(s)` });
    case 'help': {
      const to = seatName(num(e.target));
      return line('score', { zh: `帮帮忙：${who.zh} 拿 ${cards(e.cards).length} 张，${to.zh} 拿 ${cards(e.helperCards).length} 张`, en: `Help Me: ${who.en} takes ${cards(e.cards).length}, ${to.en} takes ${cards(e.helperCards).length}` });
    }
    case 'draw':
      return line('info', { zh: `${who.zh} 摸 ${num(e.count)} 张`, en: `${who.en} draws ${num(e.count)}` });
    case 'end': {
      const w = cards(e.winners).map((s) => seatName(s));
      return [{ move, kind: 'score', text: { zh: `游戏结束（${e.reason === 'empty' ? '有人出完手牌' : '有人加班达到上限'}）：${w.map((x) => x.zh).join('、')} 获胜`, en: `Game over (${e.reason === 'empty' ? 'a hand is empty' : 'the overtime limit'}): ${w.map((x) => x.en).join(', ')} win${w.length === 1 ? 's' : ''}` } }];
    }
    case 'vote_start':
      return [{ move, kind: 'declare', text: { zh: '老板获胜：投票找秘书', en: 'The Boss wins: vote for the Secretary' } }];
    case 'vote':
      return line('action', { zh: `${who.zh} 已投票`, en: `${who.en} has voted` });
    case 'votes':
      return [{ move, kind: 'score', text: { zh: '投票揭晓', en: 'The votes are revealed' } }];
    default:
      return [];
  }
}
