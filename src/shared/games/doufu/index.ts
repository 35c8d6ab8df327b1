/** 斗福: the engine game, its types, options and helpers (see README.md). */
export { doufu, DEFAULT_GAME_OPTIONS, DOUFU_RULES_VERSION, parseGameOptions, statusOf } from './game';
export type { DoufuGameOptions, DoufuMove, DoufuMoveType, DoufuState, SkillMove, Step, AreaCard, SkillState, HandEnd } from './types';
export { SKILL, MOD, PHASE } from './types';
export type { DoufuView, PublicStep } from './view';
export { invariantProblems, cardPlaces } from './invariant';
export { DOUFU_ERRORS } from './explain';
export { drawFirstFushen } from './setup';
