/** 斗老闆 Dou Laoban: the engine game, its cards, combinations, move generator and options (see README.md). */
export { douLaoban, DL_RULES_VERSION, applyDl, legalDl, viewDl, statusDl, startDl, type DlState, type DlMove, type DlView, type DlPhase, type DealResult } from './game';
export { classify, classifyCounts, beats, isBomb, type Combo, type ComboType } from './classify';
export { allPlays, playsOver, cardsFor, playKey, type Play } from './generate';
export { cardCode, parseCard, rankOf, rankLabel, countsOf, sortCards, SMALL_JOKER, BIG_JOKER } from './cards';
export { OPTION_INFO, DEFAULT_OPTIONS, parseOptions, type DlOptions } from './options';
