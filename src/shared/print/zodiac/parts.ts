import type { Color } from '../../cards/draw-list';

/**
 * The components of the 生肖赛跑 print-and-play kit (rules spec §2, §15) as print data: the
 * twelve animals with their art, the six player colours, the token colours. Kept here rather
 * than imported from the game, because print recipes never import games.
 */

/** The twelve zodiacs in order (Die A: Rat–Snake, Die B: Horse–Pig), with the board's art. */
export const ZODIACS = [
  { id: 'rat', zh: '鼠', en: 'Rat', icon: 'icon:fluent-emoji-flat:rat' },
  { id: 'ox', zh: '牛', en: 'Ox', icon: 'icon:fluent-emoji-flat:ox' },
  { id: 'tiger', zh: '虎', en: 'Tiger', icon: 'icon:fluent-emoji-flat:tiger' },
  { id: 'rabbit', zh: '兔', en: 'Rabbit', icon: 'icon:fluent-emoji-flat:rabbit' },
  { id: 'dragon', zh: '龙', en: 'Dragon', icon: 'icon:fluent-emoji-flat:dragon' },
  { id: 'snake', zh: '蛇', en: 'Snake', icon: 'icon:fluent-emoji-flat:snake' },
  { id: 'horse', zh: '马', en: 'Horse', icon: 'icon:fluent-emoji-flat:horse' },
  { id: 'sheep', zh: '羊', en: 'Sheep', icon: 'icon:fluent-emoji-flat:ewe' },
  { id: 'monkey', zh: '猴', en: 'Monkey', icon: 'icon:fluent-emoji-flat:monkey' },
  { id: 'rooster', zh: '鸡', en: 'Rooster', icon: 'icon:fluent-emoji-flat:rooster' },
  { id: 'dog', zh: '狗', en: 'Dog', icon: 'icon:fluent-emoji-flat:dog' },
  { id: 'pig', zh: '猪', en: 'Pig', icon: 'icon:fluent-emoji-flat:pig' },
] as const;

/** The six player colours (2–6 players), with names for the parts list. */
export const PLAYERS: readonly { color: Color; tint: Color; zh: string; en: string }[] = [
  { color: '#C8372D', tint: '#F6D7D3', zh: '朱红', en: 'vermilion' },
  { color: '#2B5CA8', tint: '#D5E0F2', zh: '靛蓝', en: 'indigo' },
  { color: '#2E8B57', tint: '#D3EBDD', zh: '翠绿', en: 'green' },
  { color: '#D99A00', tint: '#F8EAC2', zh: '金黄', en: 'gold' },
  { color: '#7B4FA0', tint: '#E6DBEF', zh: '紫', en: 'purple' },
  { color: '#3A3A3A', tint: '#DDDDDD', zh: '墨黑', en: 'black' },
];

/** Token colours of spec §2: values 1 and 4 red, 2 3 5 6 blue. */
export const TOKEN_RED: Color = '#D0312D';
export const TOKEN_BLUE: Color = '#1F5FA8';

/** The colour of a token (or die face) of value `v`. */
export function tokenColor(v: number): Color {
  return v === 1 || v === 4 ? TOKEN_RED : TOKEN_BLUE;
}

/** Tokens per value in one set (one pack of the original: 72 = 6 × 12). */
export const TOKENS_PER_VALUE = 12;

/** Highest lap score a player's track shows (10 points win). */
export const SCORE_MAX = 10;

/**
 * Pip centres of a die face of value `v` in a unit square (0..1), the usual arrangement.
 * @example pips(2) // → [[0.25, 0.25], [0.75, 0.75]]
 */
export function pips(v: number): [number, number][] {
  const a = 0.25;
  const b = 0.75;
  const c = 0.5;
  const table: Record<number, [number, number][]> = {
    1: [[c, c]],
    2: [[a, a], [b, b]],
    3: [[a, a], [c, c], [b, b]],
    4: [[a, a], [b, a], [a, b], [b, b]],
    5: [[a, a], [b, a], [c, c], [a, b], [b, b]],
    6: [[a, a], [b, a], [a, c], [b, c], [a, b], [b, b]],
  };
  return table[v] ?? [];
}
