/** The balance lab's pure core: statistics, the per-game hooks, the run summary and the paired A/B. */
import { doufuLab } from '../games/doufu/lab';
import { zodiacLab } from '../games/zodiac-race/lab';
import { douLaobanLab } from '../games/dou-laoban/lab';
import { moyuWangLab } from '../games/moyu-wang/lab';
import { douShisiLab } from '../games/dou-shisi/lab';
import type { LabHook } from './types';

export * from './stats';
export * from './types';
export * from './summary';
export * from './paired';
export * from './coverage';

/** The games that have a lab: every game the simulator plays. */
export const LAB_GAMES = ['doufu', 'zodiac-race', 'dou-laoban', 'moyu-wang', 'dou-shisi'] as const;
/** A game with a lab. */
export type LabGameId = (typeof LAB_GAMES)[number];

/** Each game's hook. A new game joins the lab by adding its hook here. */
export const LAB_HOOKS: Record<LabGameId, LabHook<never>> = {
  doufu: doufuLab as LabHook<never>,
  'zodiac-race': zodiacLab as LabHook<never>,
  'dou-laoban': douLaobanLab as LabHook<never>,
  'moyu-wang': moyuWangLab as LabHook<never>,
  'dou-shisi': douShisiLab as LabHook<never>,
};

/** Whether `game` has a lab. */
export function isLabGame(game: unknown): game is LabGameId {
  return typeof game === 'string' && (LAB_GAMES as readonly string[]).includes(game);
}
export * from './run';
export * from './forms';
export * from './csv';
export * from './shard';
export * from './saved';
export * from './words';
export * from './option-words';
