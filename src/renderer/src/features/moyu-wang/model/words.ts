/**
 * 摸鱼王's words at the table, in both languages: a card's name, each excuse's effect as the prompt
 * says it (with the player it would land on), how a round ended.
 */
import { COLOUR_LABELS, EXCUSE_LABELS, colourOf, numberOf, printedExcuse, type ExcuseType } from '../../../../../shared/games/moyu-wang/cards';
import type { MwOutcome } from '../../../../../shared/games/moyu-wang/state';
import { seatName, type Text } from '../../table/model/log';

/** A card as a player names it: "红 14", "彩色 05", "不是我". */
export function cardText(card: number): Text {
  const e = printedExcuse(card);
  if (e) return EXCUSE_LABELS[e];
  const col = COLOUR_LABELS[colourOf(card)]!;
  const n = String(numberOf(card)).padStart(2, '0');
  return { zh: `${col.zh} ${n}`, en: `${col.en} ${n}` };
}

/** Several cards, joined. */
export function cardsText(cards: readonly number[]): Text {
  return { zh: cards.map((c) => cardText(c).zh).join('、'), en: cards.map((c) => cardText(c).en).join(', ') };
}

/** Colours by index, joined ("红、黄"). */
export function coloursText(colours: readonly number[]): Text {
  return { zh: colours.map((c) => COLOUR_LABELS[c]!.zh).join('、'), en: colours.map((c) => COLOUR_LABELS[c]!.en).join(', ') };
}

/** What an excuse does, in words; `to` is the player it lands on where the excuse decides that. */
export function excuseEffect(e: ExcuseType, to: number | null, hustleWorks = true): Text {
  const who = to === null ? null : seatName(to);
  switch (e) {
    case 'not_me':
      return { zh: `把加班推给你右边的 ${who?.zh ?? ''}。`, en: `Pass the overtime to ${who?.en ?? ''}, on your right.` };
    case 'he_can':
      return { zh: `指定 ${who?.zh ?? '一位玩家'} 加班。`, en: `Name ${who?.en ?? 'a player'} to work the overtime.` };
    case 'its_you':
      return { zh: `把加班弹回给 ${who?.zh ?? ''}。`, en: `Bounce the overtime back to ${who?.en ?? ''}.` };
    case 'help_me':
      return { zh: `和 ${who?.zh ?? '一位玩家'} 轮流分走桌上的牌（单出的一张归你），两人都算加班。`, en: `Deal the table’s cards alternately between you and ${who?.en ?? 'a player'} (an odd card is yours); both work overtime.` };
    case 'stop':
      return { zh: '本回合无人加班，桌上的牌全部弃掉。', en: 'Nobody works overtime this round: the table’s cards are discarded.' };
    case 'no_leave':
      return { zh: `无视颜色和放假重新结算：出最小数字的 ${who?.zh ?? ''} 加班。`, en: `Settle again ignoring colours and holidays: ${who?.en ?? ''}, who played the lowest number, works the overtime.` };
    case 'hustle':
      return hustleWorks
        ? { zh: '其他玩家各摸 3 张牌；你仍然加班。', en: 'Everyone else draws 3 cards; you still work the overtime.' }
        : { zh: '其他玩家各摸 3 张牌；你不加班，本回合的牌弃掉。', en: 'Everyone else draws 3 cards; you escape, and the round’s cards are discarded.' };
    case 'blank':
      return { zh: '没有效果。', en: 'No effect.' };
  }
}

/** How a round ended. */
export const OUTCOME_TEXT: Record<MwOutcome, Text> = {
  overtime: { zh: '加班', en: 'overtime' },
  none: { zh: '无人加班', en: 'no overtime' },
  stop: { zh: '都别干了：无人加班', en: 'Everyone Stop: no overtime' },
  help: { zh: '帮帮忙：两人分担加班', en: 'Help Me: two share the overtime' },
  escaped: { zh: '卷起来：逃过加班', en: 'Hustle: overtime escaped' },
  game_end: { zh: '游戏结束', en: 'game over' },
};
