/**
 * The 48 cards of 斗福, as spec §1.4 lists them (ids 1–48 in spec order). This is the engine's
 * component table; the printed deck in templates/doufu/cards.csv carries the same codes and
 * attributes, and a test keeps the two in step.
 */

/** The twelve zodiacs in the order of spec §1.1 (index + 1 = the first-player draw rank). */
export const ZODIACS = ['鼠', '牛', '虎', '兔', '龙', '蛇', '马', '羊', '猴', '鸡', '狗', '猪'] as const;
/** A zodiac. */
export type Zodiac = (typeof ZODIACS)[number];

/**
 * An attribute a card can be filed under in a score area. 双运 is the 运 face of the two dual
 * cards 福蛇 and 红气鸡 (spec §1.6); plain 运 cards are single luck.
 */
export const ATTRS = ['金', '玉', '福', '和气', '红气', '紫气', '运', '双运'] as const;
/** An attribute. */
export type Attr = (typeof ATTRS)[number];

/** A card code such as `RAT-FU`. */
export type CardCode = string;

/** One card of the deck. */
export interface DoufuCard {
  /** Spec §1.4 id, 1–48. */
  id: number;
  code: CardCode;
  name: string;
  en: string;
  zodiac: Zodiac;
  /** One attribute, or the two choices of a dual card (chosen when it enters a score area). */
  attrs: readonly [Attr] | readonly [Attr, Attr];
  /** The skill name, for the 12 福 cards and 玉猪 (its lock; 玉猪 also has two activated skills). */
  skill: string | null;
}

/** All 48 cards in spec order. */
export const CARDS: readonly DoufuCard[] = [
  { id: 1, code: 'RAT-FU', name: '福鼠', en: 'Fortune Rat', zodiac: '鼠', attrs: ['福'], skill: '投鼠忌器' },
  { id: 2, code: 'RAT-HE', name: '和气鼠', en: 'Harmony Rat', zodiac: '鼠', attrs: ['和气'], skill: null },
  { id: 3, code: 'RAT-Y1', name: '运鼠', en: 'Luck Rat', zodiac: '鼠', attrs: ['运'], skill: null },
  { id: 4, code: 'RAT-Y2', name: '运鼠', en: 'Luck Rat', zodiac: '鼠', attrs: ['运'], skill: null },
  { id: 5, code: 'OX-FU', name: '福牛', en: 'Fortune Ox', zodiac: '牛', attrs: ['福'], skill: '庖丁解牛' },
  { id: 6, code: 'OX-HONG', name: '红气牛', en: 'Red-Qi Ox', zodiac: '牛', attrs: ['红气'], skill: null },
  { id: 7, code: 'OX-Y1', name: '运牛', en: 'Luck Ox', zodiac: '牛', attrs: ['运'], skill: null },
  { id: 8, code: 'OX-Y2', name: '运牛', en: 'Luck Ox', zodiac: '牛', attrs: ['运'], skill: null },
  { id: 9, code: 'TIG-JIN', name: '金虎', en: 'Gold Tiger', zodiac: '虎', attrs: ['金'], skill: null },
  { id: 10, code: 'TIG-FU', name: '福虎', en: 'Fortune Tiger', zodiac: '虎', attrs: ['福'], skill: '纵虎归山' },
  { id: 11, code: 'TIG-HONG', name: '红气虎', en: 'Red-Qi Tiger', zodiac: '虎', attrs: ['红气'], skill: null },
  { id: 12, code: 'TIG-Y1', name: '运虎', en: 'Luck Tiger', zodiac: '虎', attrs: ['运'], skill: null },
  { id: 13, code: 'RAB-FU', name: '福兔', en: 'Fortune Rabbit', zodiac: '兔', attrs: ['福'], skill: '守株待兔' },
  { id: 14, code: 'RAB-ZI', name: '紫气兔', en: 'Purple-Qi Rabbit', zodiac: '兔', attrs: ['紫气'], skill: null },
  { id: 15, code: 'RAB-Y1', name: '运兔', en: 'Luck Rabbit', zodiac: '兔', attrs: ['运'], skill: null },
  { id: 16, code: 'RAB-Y2', name: '运兔', en: 'Luck Rabbit', zodiac: '兔', attrs: ['运'], skill: null },
  { id: 17, code: 'DRA-JIN', name: '金龙', en: 'Gold / Purple Dragon', zodiac: '龙', attrs: ['金', '紫气'], skill: null },
  { id: 18, code: 'DRA-FU', name: '福龙', en: 'Fortune Dragon', zodiac: '龙', attrs: ['福'], skill: '画龙点睛' },
  { id: 19, code: 'DRA-Y1', name: '运龙', en: 'Luck Dragon', zodiac: '龙', attrs: ['运'], skill: null },
  { id: 20, code: 'DRA-Y2', name: '运龙', en: 'Luck Dragon', zodiac: '龙', attrs: ['运'], skill: null },
  { id: 21, code: 'SNA-FU', name: '福蛇', en: 'Fortune / Double-Luck Snake', zodiac: '蛇', attrs: ['福', '双运'], skill: '打草惊蛇' },
  { id: 22, code: 'SNA-ZI', name: '紫气蛇', en: 'Purple-Qi Snake', zodiac: '蛇', attrs: ['紫气'], skill: null },
  { id: 23, code: 'SNA-Y1', name: '运蛇', en: 'Luck Snake', zodiac: '蛇', attrs: ['运'], skill: null },
  { id: 24, code: 'SNA-Y2', name: '运蛇', en: 'Luck Snake', zodiac: '蛇', attrs: ['运'], skill: null },
  { id: 25, code: 'HOR-FU', name: '福马', en: 'Fortune Horse', zodiac: '马', attrs: ['福'], skill: '马不停蹄' },
  { id: 26, code: 'HOR-HE', name: '和气马', en: 'Harmony Horse', zodiac: '马', attrs: ['和气'], skill: null },
  { id: 27, code: 'HOR-Y1', name: '运马', en: 'Luck Horse', zodiac: '马', attrs: ['运'], skill: null },
  { id: 28, code: 'HOR-Y2', name: '运马', en: 'Luck Horse', zodiac: '马', attrs: ['运'], skill: null },
  { id: 29, code: 'GOA-FU', name: '福羊', en: 'Fortune Goat', zodiac: '羊', attrs: ['福'], skill: '亡羊补牢' },
  { id: 30, code: 'GOA-ZI', name: '紫气羊', en: 'Purple-Qi Goat', zodiac: '羊', attrs: ['紫气'], skill: null },
  { id: 31, code: 'GOA-Y1', name: '运羊', en: 'Luck Goat', zodiac: '羊', attrs: ['运'], skill: null },
  { id: 32, code: 'GOA-Y2', name: '运羊', en: 'Luck Goat', zodiac: '羊', attrs: ['运'], skill: null },
  { id: 33, code: 'MON-JIN', name: '金猴', en: 'Gold Monkey', zodiac: '猴', attrs: ['金'], skill: null },
  { id: 34, code: 'MON-FU', name: '福猴', en: 'Fortune Monkey', zodiac: '猴', attrs: ['福'], skill: '猿猴取月' },
  { id: 35, code: 'MON-HONG', name: '红气猴', en: 'Red-Qi Monkey', zodiac: '猴', attrs: ['红气'], skill: null },
  { id: 36, code: 'MON-Y1', name: '运猴', en: 'Luck Monkey', zodiac: '猴', attrs: ['运'], skill: null },
  { id: 37, code: 'ROO-JIN', name: '金鸡', en: 'Gold Rooster', zodiac: '鸡', attrs: ['金'], skill: null },
  { id: 38, code: 'ROO-FU', name: '福鸡', en: 'Fortune Rooster', zodiac: '鸡', attrs: ['福'], skill: '闻鸡起舞' },
  { id: 39, code: 'ROO-HONG', name: '红气鸡', en: 'Red-Qi / Double-Luck Rooster', zodiac: '鸡', attrs: ['红气', '双运'], skill: null },
  { id: 40, code: 'ROO-Y1', name: '运鸡', en: 'Luck Rooster', zodiac: '鸡', attrs: ['运'], skill: null },
  { id: 41, code: 'DOG-FU', name: '福狗', en: 'Fortune Dog', zodiac: '狗', attrs: ['福'], skill: '关门打狗' },
  { id: 42, code: 'DOG-HE', name: '和气狗', en: 'Harmony Dog', zodiac: '狗', attrs: ['和气'], skill: null },
  { id: 43, code: 'DOG-Y1', name: '运狗', en: 'Luck Dog', zodiac: '狗', attrs: ['运'], skill: null },
  { id: 44, code: 'DOG-Y2', name: '运狗', en: 'Luck Dog', zodiac: '狗', attrs: ['运'], skill: null },
  { id: 45, code: 'PIG-YU', name: '玉猪', en: 'Jade Pig', zodiac: '猪', attrs: ['玉'], skill: '福祸相依' },
  { id: 46, code: 'PIG-FU', name: '福猪', en: 'Fortune Pig', zodiac: '猪', attrs: ['福'], skill: '牧猪奴戏' },
  { id: 47, code: 'PIG-HE', name: '和气猪', en: 'Harmony Pig', zodiac: '猪', attrs: ['和气'], skill: null },
  { id: 48, code: 'PIG-Y1', name: '运猪', en: 'Luck Pig', zodiac: '猪', attrs: ['运'], skill: null },
];

/** Cards by code. */
export const CARD_BY_CODE: ReadonlyMap<CardCode, DoufuCard> = new Map(CARDS.map((c) => [c.code, c]));

/** Whether a card is a dual card (two attribute choices). */
export function isDual(code: CardCode): boolean {
  return (CARD_BY_CODE.get(code)?.attrs.length ?? 0) === 2;
}
