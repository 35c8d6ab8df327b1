/**
 * 斗老闆's own words in both languages. The Chinese is the designer's (the seed is written in
 * traditional characters: 老闆, 員工, 大怪, 小怪, 炸彈, the bid words), kept as the game's names
 * whatever the interface's script; English names the same things plainly.
 */
import { BIG_JOKER, rankOf, SMALL_JOKER } from '../../../../../shared/games/dou-laoban/cards';
import type { ComboType } from '../../../../../shared/games/dou-laoban/classify';
import type { Text } from '../../table/model/log';

const t = (zh: string, en: string): Text => ({ zh, en });

/** The roles. */
export const BOSS = t('老闆', 'Boss');
export const EMPLOYEE = t('員工', 'Employee');
export const GAME_NAME = t('斗老闆', 'Dou Laoban');

/** The combination types of spec §6.2, as the seed names them. */
export const COMBO_NAMES: Readonly<Record<ComboType, Text>> = {
  SINGLE: t('單張', 'single'),
  PAIR: t('一對', 'pair'),
  TRIPLE: t('三張', 'triple'),
  TRIPLE_1: t('三張帶一張', 'triple with a single'),
  TRIPLE_2: t('三張帶一對', 'triple with a pair'),
  STRAIGHT: t('順子', 'straight'),
  PAIR_CHAIN: t('連對', 'pair chain'),
  TRIPLE_CHAIN: t('三張的順子', 'triple chain'),
  PLANE_1: t('三張帶一張的順子', 'plane with singles'),
  PLANE_2: t('三張帶一對的順子', 'plane with pairs'),
  BOMB: t('炸彈', 'bomb'),
  ROCKET: t('火箭', 'rocket'),
  FOUR_2: t('四帶兩張', 'four with two singles'),
  FOUR_2PAIRS: t('四帶兩對', 'four with two pairs'),
};

/** A bid's words: 不叫 / 一倍 / 兩倍 / 三倍. */
export const BID_NAMES: readonly Text[] = [t('不叫', 'Pass'), t('一倍', '1×'), t('兩倍', '2×'), t('三倍', '3×')];

/** The suits' symbols (cards are rank index × 4 + suit: ♠ ♥ ♦ ♣). */
export const SUITS = ['♠', '♥', '♦', '♣'] as const;

/** A card's rank as printed on its corner (3–10, J, Q, K, A, 2; the jokers have none). */
export function rankText(card: number): string {
  const r = rankOf(card);
  return r <= 10 ? String(r) : (['J', 'Q', 'K', 'A', '2'][r - 11] ?? '');
}

/** Whether a card is red (hearts, diamonds, 大怪). */
export const isRed = (card: number): boolean => card === BIG_JOKER || (card < 52 && ((card & 3) === 1 || (card & 3) === 2));

/** A card's name: "♠10", "大怪" / "Big Joker". */
export function cardText(card: number): Text {
  if (card === BIG_JOKER) return t('大怪', 'Big Joker');
  if (card === SMALL_JOKER) return t('小怪', 'Small Joker');
  const s = `${SUITS[card & 3]}${rankText(card)}`;
  return t(s, s);
}

/** Cards as one short text: "♠3 ♥3 ♦3 小怪". */
export function cardsText(cards: readonly number[]): Text {
  const list = cards.map(cardText);
  return t(list.map((c) => c.zh).join(' '), list.map((c) => c.en).join(' '));
}

/** A seat's name: 座位 1 / Seat 1, with its role once there is a Boss. */
export function roleOf(seat: number, boss: number | null): Text | null {
  return boss === null ? null : seat === boss ? BOSS : EMPLOYEE;
}
