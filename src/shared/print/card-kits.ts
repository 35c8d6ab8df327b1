/**
 * The card games whose print-and-play kit the print dialog offers beside the project's own card
 * sheets (斗老闆, 摸鱼王, 斗十四), with the parts each kit can leave out. No zod here, so the
 * renderer can use it (zod's schema compiler trips the page's CSP, which forbids eval).
 */
import { DL_KIT_PARTS } from './dou-laoban/parts';
import { MW_KIT_PARTS } from './moyu-wang/parts';

/** Each card-game kit's parts in build order (none: the kit is one piece). */
export const CARD_KIT_PARTS = {
  'dou-laoban': DL_KIT_PARTS,
  'moyu-wang': MW_KIT_PARTS,
  'dou-shisi': [],
} as const satisfies Record<string, readonly string[]>;

/** A game with a card kit; its built-in project has the same id. */
export type CardKitGame = keyof typeof CARD_KIT_PARTS;

/** Whether `id` is a game (and built-in project) with a card kit. */
export const isCardKitGame = (id: string): id is CardKitGame => Object.hasOwn(CARD_KIT_PARTS, id);
