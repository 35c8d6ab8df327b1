/**
 * 摸鱼王's 101 cards. A card is a number 0–100:
 * - 0–79 are the numbered cards, the card's number itself: 0–9 rainbow leave cards (彩色请假),
 *   10–19 red, 20–29 yellow, 30–39 green, 40–49 blue, 50–59 purple (the weekdays), 60–79 brown
 *   weekend cards;
 * - 80–100 are the 21 black excuse cards: 80–85 Not Me ×6, 86–89 He Can ×4, 90–92 No, It's You
 *   ×3, 93–95 Help Me ×3, 96 Everyone Stop, 97–98 No Leave ×2, 99 Hustle, 100 the Blank Excuse.
 * Written as colour letter + number ("R14", "Y22", "G33", "B41", "P55", "N63" brown, "RB05"
 * rainbow) and black cards as "K" + the excuse ("K:not_me#2").
 */

export const DECK_SIZE = 101;
export const HOLIDAY_COUNT = 7;

/** Colour indexes: the six counted colours, then rainbow, then black. */
export const RED = 0;
export const YELLOW = 1;
export const GREEN = 2;
export const BLUE = 3;
export const PURPLE = 4;
export const BROWN = 5;
export const RAINBOW = 6;
export const BLACK = 7;
export const COLOURS = 8;
export const COLOUR_NAMES = ['red', 'yellow', 'green', 'blue', 'purple', 'brown', 'rainbow', 'black'] as const;
export type ColourName = (typeof COLOUR_NAMES)[number];
export const COLOUR_LABELS: readonly { zh: string; en: string }[] = [
  { zh: '红', en: 'Red' },
  { zh: '黄', en: 'Yellow' },
  { zh: '绿', en: 'Green' },
  { zh: '蓝', en: 'Blue' },
  { zh: '紫', en: 'Purple' },
  { zh: '棕', en: 'Brown' },
  { zh: '彩色', en: 'Rainbow' },
  { zh: '黑', en: 'Black' },
];

export type ExcuseType = 'not_me' | 'he_can' | 'its_you' | 'help_me' | 'stop' | 'no_leave' | 'hustle' | 'blank';
export const EXCUSE_LABELS: Record<ExcuseType, { zh: string; en: string }> = {
  not_me: { zh: '不是我', en: 'Not Me' },
  he_can: { zh: '他可以', en: 'He Can' },
  its_you: { zh: '不，就是你', en: "No, It's You" },
  help_me: { zh: '帮帮忙', en: 'Help Me' },
  stop: { zh: '都别干了', en: 'Everyone Stop' },
  no_leave: { zh: '不能放假', en: 'No Leave' },
  hustle: { zh: '卷起来', en: 'Hustle' },
  blank: { zh: '空白借口', en: 'Blank Excuse' },
};

/** The excuse of each black card, by card − 80. */
const EXCUSES: readonly ExcuseType[] = [
  ...Array<ExcuseType>(6).fill('not_me'),
  ...Array<ExcuseType>(4).fill('he_can'),
  ...Array<ExcuseType>(3).fill('its_you'),
  ...Array<ExcuseType>(3).fill('help_me'),
  'stop',
  'no_leave',
  'no_leave',
  'hustle',
  'blank',
];

const COLOUR_OF = Uint8Array.from({ length: DECK_SIZE }, (_, c) => (c < 10 ? RAINBOW : c < 60 ? Math.floor(c / 10) - 1 : c < 80 ? BROWN : BLACK));

/** A card's colour index. */
export const colourOf = (card: number): number => COLOUR_OF[card]!;
/** A card's number (0–79), or −1 for a black card. */
export const numberOf = (card: number): number => (card < 80 ? card : -1);
/** An x0 holiday card: a work or weekend card whose number ends in 0. */
export const isHoliday = (card: number): boolean => card >= 10 && card < 80 && card % 10 === 0;
/** The printed excuse of a black card (`blank_as_not_me` changes only how the Blank Excuse acts, not its print). */
export const printedExcuse = (card: number): ExcuseType | null => (card >= 80 ? EXCUSES[card - 80]! : null);
/** The holiday card of a counted colour (red 10 … purple 50, brown 60 and 70). */
export const holidaysOf = (colour: number): number[] => (colour < BROWN ? [(colour + 1) * 10] : colour === BROWN ? [60, 70] : []);

const LETTERS = ['R', 'Y', 'G', 'B', 'P', 'N', 'RB'];

/** A card's code: "R14", "N63", "RB05", "K:not_me#1". */
export function cardCode(card: number): string {
  if (card >= 80) {
    const type = EXCUSES[card - 80]!;
    return `K:${type}#${card - 80 - EXCUSES.indexOf(type) + 1}`;
  }
  return LETTERS[colourOf(card)]! + String(card).padStart(2, '0');
}

/** The card of a code, or −1. */
export function parseCard(code: string): number {
  const k = /^K:([a-z_]+)#(\d+)$/.exec(code);
  if (k) {
    const first = EXCUSES.indexOf(k[1] as ExcuseType);
    const copy = Number(k[2]) - 1;
    if (first < 0 || copy < 0 || EXCUSES[first + copy] !== k[1]) return -1;
    return 80 + first + copy;
  }
  const m = /^(RB|R|Y|G|B|P|N)(\d\d)$/.exec(code);
  if (!m) return -1;
  const n = Number(m[2]);
  return LETTERS[colourOf(n)] === m[1] ? n : -1;
}

/** Cards sorted as a hand is held: by colour, then number. */
export const sortCards = (cards: readonly number[]): number[] => [...cards].sort((a, b) => colourOf(a) - colourOf(b) || a - b);
