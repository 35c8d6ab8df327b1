/** The words of the new-game page: the kit's, and a game's own where the kit's do not fit. */
import type { MessageKey } from '../../i18n/catalogue';

/** The words of a game's new-game page (catalogue keys); each has a kit default. */
export interface NewGameWords {
  /** The heading ({game}: the game's name). */
  title: MessageKey;
  intro: MessageKey;
  /** The seats panel's heading. */
  table: MessageKey;
  hotseat: MessageKey;
  seedHelp: MessageKey;
  /** The same-seed link ({seed}). */
  sameSeed: MessageKey;
  start: MessageKey;
  /** The match in play, finished, or left unfinished last time ({moves}, {seed}). */
  current: MessageKey;
  finished: MessageKey;
  resumable: MessageKey;
  /** Above the option rows. */
  optionsIntro: MessageKey;
}

/** The kit's words, for every game that has none of its own. */
export const DEFAULT_WORDS: NewGameWords = {
  title: 'newgame.kit.title',
  intro: 'newgame.kit.intro',
  table: 'newgame.table',
  hotseat: 'newgame.hotseat',
  seedHelp: 'newgame.kit.seedHelp',
  sameSeed: 'newgame.kit.sameSeed',
  start: 'newgame.start',
  current: 'newgame.current',
  finished: 'newgame.finished',
  resumable: 'newgame.resumable',
  optionsIntro: 'variant.intro',
};

/** The words that name the game (its heading and intro, the match status lines, above the options): what a game with only its own name to add words itself. */
export const GAME_NAMED_WORDS = ['title', 'intro', 'current', 'finished', 'resumable', 'optionsIntro'] as const;

/** Every word of the page. */
export const ALL_WORDS = Object.keys(DEFAULT_WORDS) as (keyof NewGameWords)[];

/** The words of the page a game with key prefix `P` has in the catalogue (`<P>.newgame.<word>`). */
type GameWord<P extends string> = { [K in keyof NewGameWords]: `${P}.newgame.${K}` extends MessageKey ? K : never }[keyof NewGameWords];

/**
 * A game's own words for the page: `<prefix>.newgame.<word>` for each of `words` (each must be in
 * the catalogue, which the type checks); the others stay the kit's.
 * @example gameWords('ds', GAME_NAMED_WORDS) // { title: 'ds.newgame.title', intro: 'ds.newgame.intro', … }
 */
export function gameWords<P extends string, W extends GameWord<P>>(prefix: P, words: readonly W[]): Partial<NewGameWords> {
  return Object.fromEntries(words.map((w) => [w, `${prefix}.newgame.${w}` as MessageKey]));
}
