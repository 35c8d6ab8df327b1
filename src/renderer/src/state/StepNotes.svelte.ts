/**
 * The guard in front of undo and redo, for a project's one history shared by its pages: a step
 * made on another page than the one the designer is looking at is not undone silently. The first
 * Ctrl+Z asks (`asking`: what the step did, where, with "show" and "undo" choices); pressing it
 * again, choosing "undo", or doing it on the step's own page goes ahead. Every undo and redo leaves
 * `done`, the note naming what it did ("撤销：填充 back 列 11 格") for the page's status.
 */
import type { HistoryStep } from '../../../shared/cards/table';
import { stepOrigin } from './step-origin';

export interface StepNote {
  kind: 'undo' | 'redo';
  step: HistoryStep;
  /** The table's header when the step was taken (to name its columns). */
  columns: readonly string[];
  /** The page the step was made on. */
  origin: string;
  /** Increases with every note, so a view can restart its timer. */
  seq: number;
}

export class StepNotes {
  /** A step of another page waiting for a second undo (or redo), else null. */
  asking = $state.raw<StepNote | null>(null);
  /** What the last undo or redo did, until it is dismissed or times out. */
  done = $state.raw<StepNote | null>(null);
  #seq = 0;

  constructor(private readonly columns: () => readonly string[]) {}

  /**
   * Whether `kind` of `step` may run now from `page`. A step of another page is first asked about
   * (false); the same request again goes ahead. Going ahead records the `done` note.
   */
  allow(kind: 'undo' | 'redo', step: HistoryStep, page: string): boolean {
    const origin = stepOrigin(step);
    const note: StepNote = { kind, step, columns: this.columns(), origin, seq: ++this.#seq };
    const a = this.asking;
    if (origin !== page && !(a && a.step === step && a.kind === kind)) {
      this.asking = note;
      this.done = null;
      return false;
    }
    this.asking = null;
    this.done = note;
    return true;
  }

  dismiss(): void {
    this.asking = null;
    this.done = null;
  }
}
