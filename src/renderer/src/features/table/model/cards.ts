/**
 * How 斗福 cards look at the table: the attribute colours and glyphs of design/ui.md (the same
 * values the printed deck's template maps use, so a chip on screen matches the card's border), and
 * the card facts the table shows (zodiac, names, attributes, skill).
 */
import { ATTRS, CARD_BY_CODE, type Attr, type CardCode, type DoufuCard } from '../../../../../shared/games/doufu/cards';

export { ATTRS, type Attr, type CardCode };

/** The look of one attribute: `colour` for bands and borders, `deep` for text on `tint` (WCAG AA), and its glyph. */
export interface AttrStyle {
  colour: string;
  deep: string;
  tint: string;
  /** The printed glyph; 双运 shows 运 twice. */
  glyph: string;
  /** Its name in both languages. */
  name: { zh: string; en: string };
}

/** Attribute looks, from templates/doufu/front.template.json `maps`. */
export const ATTR_STYLE: Readonly<Record<Attr, AttrStyle>> = {
  金: { colour: '#C9A227', deep: '#77611F', tint: '#F0E4C5', glyph: '金', name: { zh: '金', en: 'Gold' } },
  玉: { colour: '#2E8B57', deep: '#2A6B45', tint: '#D7E1CD', glyph: '玉', name: { zh: '玉', en: 'Jade' } },
  福: { colour: '#C8102E', deep: '#B4112B', tint: '#EFCDC6', glyph: '福', name: { zh: '福', en: 'Fortune' } },
  和气: { colour: '#2A9D8F', deep: '#266B61', tint: '#D6E4D6', glyph: '和', name: { zh: '和气', en: 'Harmony Qi' } },
  红气: { colour: '#E4572E', deep: '#A14226', tint: '#F4D8C6', glyph: '红', name: { zh: '红气', en: 'Red Qi' } },
  紫气: { colour: '#6B3FA0', deep: '#6B3FA0', tint: '#E1D5D8', glyph: '紫', name: { zh: '紫气', en: 'Purple Qi' } },
  运: { colour: '#1E6FD9', deep: '#1E5CAE', tint: '#D4DCE1', glyph: '运', name: { zh: '单运', en: 'Luck' } },
  双运: { colour: '#1E6FD9', deep: '#1E5CAE', tint: '#D4DCE1', glyph: '运运', name: { zh: '双运', en: 'Double luck' } },
};

/** The order score-area groups are laid out in: the printed deck's order of attributes. */
export const ATTR_ORDER: readonly Attr[] = ATTRS;

/** A card's facts (throws on an unknown code: the engine never produces one). */
export function cardOf(code: CardCode): DoufuCard {
  const c = CARD_BY_CODE.get(code);
  if (!c) throw new Error(`Unknown 斗福 card ${JSON.stringify(code)}`);
  return c;
}

/** A card's name in both languages (福鼠 / Fortune Rat). */
export function cardName(code: CardCode): { zh: string; en: string } {
  const c = cardOf(code);
  return { zh: c.name, en: c.en };
}

/** The 12 zodiacs' English names, by their character. */
export const ZODIAC_EN: Readonly<Record<string, string>> = {
  鼠: 'Rat', 牛: 'Ox', 虎: 'Tiger', 兔: 'Rabbit', 龙: 'Dragon', 蛇: 'Snake', 马: 'Horse', 羊: 'Goat', 猴: 'Monkey', 鸡: 'Rooster', 狗: 'Dog', 猪: 'Pig',
};

/**
 * A score area grouped by filed attribute, in `ATTR_ORDER`, empty groups left out.
 * @example groupByAttr([{ code: 'TIG-JIN', attr: '金' }]) // [{ attr: '金', cards: [{ code: 'TIG-JIN', attr: '金' }] }]
 */
export function groupByAttr<C extends { attr: Attr }>(area: readonly C[]): { attr: Attr; cards: C[] }[] {
  return ATTR_ORDER.map((attr) => ({ attr, cards: area.filter((c) => c.attr === attr) })).filter((g) => g.cards.length > 0);
}
