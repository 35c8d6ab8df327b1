/** The sandbox table: any project's cards on a table with no rules coded (see README.md). */
export { sandbox, statusOf, listMoves, SANDBOX_RULES_VERSION } from './game';
export { parseOptions, DEFAULT_OPTIONS } from './options';
export { readTableFile, defaultTableFile, serializeTableFile, TABLE_FILE, TABLE_FORMAT, TABLE_FORMAT_VERSION, TABLE_LIMITS, type TableProblem, type TableRead, type TableCardRow } from './table-file';
export { viewOf } from './view';
export { narrate, narrateGroup, groupEvents, zoneName } from './log';
export { zoneKeys, zoneKey, zoneOf, counterKeys, handOf } from './state';
export type * from './types';
