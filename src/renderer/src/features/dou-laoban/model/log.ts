/**
 * 斗老闆's log in both languages, written from the engine's events. The log is public: a deal is
 * logged without anyone's cards, the kitty once it is turned up (to all, or to the Boss alone under
 * that option), plays and the hands shown at the settlement.
 */
import type { GameEvent } from '../../../../../shared/engine/types';
import type { ComboType } from '../../../../../shared/games/dou-laoban/classify';
import { seatName, type LogLine, type Text } from '../../table/model/log';
import { BID_NAMES, BOSS, cardsText, COMBO_NAMES } from './words';

const num = (x: unknown): number => Number(x);
const cards = (x: unknown): number[] => (Array.isArray(x) ? x.map(Number) : []);

/** One event as log lines (none for the per-seat deal events but the first). */
export function dlLines(e: GameEvent, move: number): LogLine[] {
  const seat = typeof e.seat === 'number' ? e.seat : undefined;
  const who = seat === undefined ? { zh: '', en: '' } : seatName(seat);
  const line = (kind: LogLine['kind'], text: Text): LogLine[] => [{ move, kind, ...(seat !== undefined ? { seat } : {}), text }];
  switch (e.type) {
    case 'deal':
      if (seat !== 0) return [];
      return [{ move, kind: 'hand', text: { zh: `第 ${num(e.deal) + 1} 手：每人 17 张，底牌 3 张；${seatName(num(e.firstBidder)).zh} 先叫分`, en: `Deal ${num(e.deal) + 1}: 17 cards each, 3 in the kitty; ${seatName(num(e.firstBidder)).en} bids first` } }];
    case 'bid': {
      const b = BID_NAMES[num(e.bid)]!;
      return line('action', { zh: `${who.zh}：${b.zh}`, en: num(e.bid) === 0 ? `${who.en} passes` : `${who.en} bids ${b.en}` });
    }
    case 'redeal':
      return [{ move, kind: 'info', text: { zh: `三家都不叫，重新发牌；${seatName(num(e.firstBidder)).zh} 先叫`, en: `Nobody bid: the cards are dealt again; ${seatName(num(e.firstBidder)).en} bids first` } }];
    case 'rob':
      return line('action', e.rob ? { zh: `${who.zh} 搶老闆（×2）`, en: `${who.en} robs the Boss seat (×2)` } : { zh: `${who.zh} 不搶`, en: `${who.en} does not rob` });
    case 'boss': {
      const kitty = e.reveal === 'all' ? cardsText(cards(e.cards)) : null;
      return line('declare', {
        zh: `${who.zh} 当${BOSS.zh}（${BID_NAMES[num(e.bid)]!.zh}），拿走底牌${kitty ? `：${kitty.zh}` : ''}`,
        en: `${who.en} is the ${BOSS.en} (${BID_NAMES[num(e.bid)]!.en}) and takes the kitty${kitty ? `: ${kitty.en}` : ''}`,
      });
    }
    case 'double':
      return line('action', e.double ? { zh: `${who.zh} 加倍`, en: `${who.en} doubles` } : { zh: `${who.zh} 不加倍`, en: `${who.en} does not double` });
    case 'show':
      return line('action', e.show ? { zh: `${who.zh} 明牌（×2）：${cardsText(cards(e.cards)).zh}`, en: `${who.en} plays with the hand shown (×2): ${cardsText(cards(e.cards)).en}` } : { zh: `${who.zh} 不明牌`, en: `${who.en} keeps the hand hidden` });
    case 'play': {
      const c = COMBO_NAMES[e.combo as ComboType];
      const shown = cardsText(cards(e.cards));
      const bomb = e.combo === 'BOMB' || e.combo === 'ROCKET';
      return line(bomb ? 'score' : 'action', {
        zh: `${who.zh} 出${c.zh}：${shown.zh}${bomb ? '，倍数 ×2' : ''}（剩 ${num(e.left)} 张）`,
        en: `${who.en} plays a ${c.en}: ${shown.en}${bomb ? ', multiplier ×2' : ''} (${num(e.left)} left)`,
      });
    }
    case 'pass':
      return line('action', { zh: `${who.zh} 不出`, en: `${who.en} passes` });
    case 'trick':
      return line('turn', { zh: `两家不出，${who.zh} 重新领出`, en: `Two passes: ${who.en} leads again` });
    case 'settle': {
      const scores = cards(e.scores);
      const spring = e.spring ? { zh: '，春天', en: ', spring' } : e.antiSpring ? { zh: '，返春', en: ', anti-spring' } : { zh: '', en: '' };
      const side = num(e.winner) === num(e.boss) ? { zh: `${BOSS.zh}赢`, en: `the ${BOSS.en} wins` } : { zh: '員工赢', en: 'the Employees win' };
      return [
        {
          move,
          kind: 'score',
          seat: num(e.winner),
          text: {
            zh: `${who.zh} 出完了，${side.zh}${spring.zh}：${scores.map((s, k) => `${seatName(k).zh} ${s > 0 ? '+' : ''}${s}`).join('，')}`,
            en: `${who.en} is out, ${side.en}${spring.en}: ${scores.map((s, k) => `${seatName(k).en} ${s > 0 ? '+' : ''}${s}`).join(', ')}`,
          },
        },
      ];
    }
    case 'matchEnd': {
      const totals = cards(e.totals);
      return [{ move, kind: 'hand', text: { zh: `本场结束，总分：${totals.map((s, k) => `${seatName(k).zh} ${s}`).join('，')}`, en: `The match is over. Totals: ${totals.map((s, k) => `${seatName(k).en} ${s}`).join(', ')}` } }];
    }
    default:
      return [];
  }
}
