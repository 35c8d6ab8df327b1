/** 斗十四's words in both languages: cards, claims, win kinds and 番 items. */
import { isJoker, isRed, valueOf } from '../../../../../shared/games/dou-shisi/cards';
import type { FanItem, WinKind } from '../../../../../shared/games/dou-shisi/rules';
import type { Text } from '../../table/model/log';

const RANK = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT = ['♠', '♥', '♣', '♦'];

/** The rank as printed: A, 2 … 10, J, Q, K; a joker 鬼. */
export const rankText = (c: number): string => (isJoker(c) ? '鬼' : RANK[valueOf(c)]!);
export const suitText = (c: number): string => (isJoker(c) ? '★' : SUIT[c & 3]!);

/** A card as words: "♥7", a joker 鬼 / Joker. */
export function cardText(c: number): Text {
  return isJoker(c) ? { zh: '鬼', en: 'Joker' } : { zh: `${SUIT[c & 3]}${RANK[valueOf(c)]}`, en: `${RANK[valueOf(c)]}${SUIT[c & 3]}` };
}

export function cardsText(cs: readonly number[]): Text {
  const t = cs.map(cardText);
  return { zh: t.map((x) => x.zh).join(' '), en: t.map((x) => x.en).join(' ') };
}

export const cardColour = (c: number): 'red' | 'black' | 'joker' => (isJoker(c) ? 'joker' : isRed(c) ? 'red' : 'black');

/** The claims and what each does. */
export const CLAIM_WORDS: Record<'hu' | 'gang' | 'add-gang' | 'peng' | 'chi' | 'pass', { name: Text; help: Text }> = {
  hu: { name: { zh: '糊', en: 'Hu (win)' }, help: { zh: '这张牌让你的手牌全部凑成十四，红点也够：赢下这一手。', en: 'This card pairs your whole hand to fourteen with enough red points: you win the hand.' } },
  gang: { name: { zh: '杠', en: 'Gang' }, help: { zh: '你手里有三张同数字：四张亮出，从牌堆补牌，可以投牌，再打一张。', en: 'You hold three of this number: show all four, take from the stock, exchange if you can, then discard.' } },
  'add-gang': { name: { zh: '加杠', en: 'Add gang' }, help: { zh: '加到你亮出的碰上成杠，从牌堆补一张，再打一张。', en: 'Add it to your exposed peng to make a gang, take one from the stock, then discard.' } },
  peng: { name: { zh: '碰', en: 'Peng' }, help: { zh: '用你手里两张同数字的牌亮出三张，从牌堆补牌，再打一张。', en: 'Show three of a kind with two of yours, take from the stock, then discard.' } },
  chi: { name: { zh: '吃', en: 'Chi' }, help: { zh: '用你手里一张和它凑成十四的牌亮出这一对，再打一张。', en: 'Show it as a pair to fourteen with one of your cards, then discard.' } },
  pass: { name: { zh: '过', en: 'Pass' }, help: { zh: '不要这张牌。', en: 'Let the card go.' } },
};

export const WIN_WORDS: Record<WinKind, Text> = {
  discard: { zh: '糊别人打出的牌', en: 'Won on a discard' },
  flip: { zh: '糊翻出的牌', en: 'Won on a flipped card' },
  tianzou: { zh: '天走', en: 'Heaven walk (tianzou)' },
  jiedi: { zh: '接地', en: 'Catch the ground (jiedi)' },
};

export const FAN_WORDS: Record<FanItem['key'], Text> = {
  joker: { zh: '鬼', en: 'Jokers' },
  gang: { zh: '杠', en: 'Gangs' },
  tianzou: { zh: '天走', en: 'Heaven walk' },
  jiedi: { zh: '接地', en: 'Catch the ground' },
  'self-flip': { zh: '自翻糊', en: 'Own flip' },
  red30: { zh: '30 红以上', en: '30+ red' },
  'all-red': { zh: '全红', en: 'All red' },
  'all-black': { zh: '全黑', en: 'All black' },
};

export const EXCHANGE_WORDS: Record<'joker' | 'triple' | 'quad' | 'add', Text> = {
  joker: { zh: '鬼放到花区', en: 'Joker to the flower area' },
  triple: { zh: '暗三张亮成碰', en: 'Concealed triple as a peng' },
  quad: { zh: '四张亮成杠', en: 'Four of a kind as a gang' },
  add: { zh: '加杠', en: 'Add to a peng' },
};
