/** 生肖赛跑 Zodiac Race: the engine game, its types, options and helpers (see README.md). */
export { zodiacRace, ZR_RULES_VERSION, statusOf, startZr } from './game';
export { DEFAULT_OPTIONS, OPTION_INFO, parseOptions, seatProblem, teamCount, type ZrOptions } from './options';
export { ZODIACS, ZODIAC_NAMES, POWER_ZODIAC, type Zodiac, type ZrMove, type ZrMoveType, type ZrState, type Piece, type Frame, type PowerId, type RollMod } from './types';
export { decisionOf, legalMoves, type Decision, type DecisionKind } from './legal';
export { viewOf, type ZrView, type PieceView } from './view';
export { ZrTable } from './table';
export { narrate } from './log';
export { invariantProblems } from './invariant';
