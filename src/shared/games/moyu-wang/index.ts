/** 摸鱼王！ King of Slackers: the engine game, its cards, rules and options (see README.md). */
export { moyuWang, MW_RULES_VERSION, applyMw, legalMw, legalPlays, viewMw, statusMw, startMw, cloneMw, checkMove, type MwView } from './game';
export { type MwState, type MwMove, type MwPlay, type MwRound, type MwEnd, type MwRole, type MwPhase, type MwExcuse, ROLE_TABLE, scoreOf } from './state';
export { cardCode, parseCard, colourOf, numberOf, isHoliday, printedExcuse, sortCards, COLOUR_NAMES, COLOUR_LABELS, EXCUSE_LABELS, RED, YELLOW, GREEN, BLUE, PURPLE, BROWN, RAINBOW, BLACK, type ExcuseType } from './cards';
export { OPTION_INFO, DEFAULT_OPTIONS, parseOptions, type MwOptions } from './options';
