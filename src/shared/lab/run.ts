/** A lab run across IPC: what the Balance page asks for, and the status it polls. */
import type { PairedSummary } from './paired';
import type { LabSummary } from './summary';

/** Start a run of a project's game (the project's `game` decides which). */
export interface LabStartArg {
  projectId: string;
  players: number;
  /** A bot kind per seat. */
  bots: string[];
  /** Option set A. */
  options: Record<string, unknown>;
  /** Option set B: every game is also played under B on the same seed (A/B). */
  vs?: Record<string, unknown>;
  games: number;
  seed: string;
  /** Rotate the bots one seat per game. */
  rotate?: boolean;
  /** Search bot strength (sampled worlds or playouts per decision). */
  searchIterations?: number;
}

/** Where a run is. */
export type LabState = 'running' | 'done' | 'cancelled' | 'failed';

/** A run's progress and results so far (plain JSON). */
export interface LabStatus {
  state: LabState;
  game: string;
  /** Games asked for, per option set. */
  games: number;
  /** Seeds finished under every option set. */
  done: number;
  elapsedMs: number;
  /** Games played per second (A and B games both count). */
  gamesPerSec: number;
  /** Estimated time left; null until a game has finished. */
  etaMs: number | null;
  /** Worker threads the run uses. */
  workers: number;
  a: LabSummary;
  b?: LabSummary;
  paired?: PairedSummary;
  warnings: string[];
  error?: { zh: string; en: string };
}
