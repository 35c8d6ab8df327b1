/**
 * Undo and redo of table edits. Each step stores a command and its exact inverse (see
 * `applyCommand`), so undo restores the table cell for cell. Consecutive typing in one cell
 * coalesces into one step; the history keeps at most `limit` steps (500 by default), dropping the
 * oldest. `revision` counts every change (edit, undo, redo) so savers and views can tell a table
 * changed without comparing it.
 */
import type { Result } from '../../util/result';
import { applyCommand, type TableCommand } from './commands';
import type { CardTable } from './table';

/** One undoable step. */
export interface HistoryStep {
  command: TableCommand;
  inverse: TableCommand;
  /** Steps with the same key, pushed one after another, merge (e.g. `type:3:2` for typing in a cell). */
  coalesceKey?: string;
  /** Where the step was made (a page of the app: `data`, `template`…); absent means `data`. */
  origin?: string;
}

export interface PushOptions {
  /**
   * Merge with the previous step when it has the same key and nothing (undo, redo, another edit,
   * `seal()`) came between. Used for typing: every keystroke is an edit, one undo removes the word.
   */
  coalesceKey?: string;
  /** Where the edit is made (see `HistoryStep.origin`). */
  origin?: string;
}

export const HISTORY_LIMIT = 500;

/** The coalescing key for typing in one cell. */
export function typingKey(row: number, col: number): string {
  return `type:${row}:${col}`;
}

export class History {
  #undo: HistoryStep[] = [];
  #redo: HistoryStep[] = [];
  #revision = 0;
  #sealed = true;
  readonly limit: number;

  constructor(limit = HISTORY_LIMIT) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`History limit must be a positive integer, got ${limit}.`);
    this.limit = limit;
  }

  /** Increases on every edit, undo and redo. */
  get revision(): number {
    return this.#revision;
  }
  get canUndo(): boolean {
    return this.#undo.length > 0;
  }
  get canRedo(): boolean {
    return this.#redo.length > 0;
  }
  get undoDepth(): number {
    return this.#undo.length;
  }
  get redoDepth(): number {
    return this.#redo.length;
  }

  /**
   * Apply `command` to `table` and record it. On failure nothing is recorded and the error is
   * returned as is.
   */
  apply(table: CardTable, command: TableCommand, options: PushOptions = {}): Result<CardTable> {
    const r = applyCommand(table, command);
    if (!r.ok) return r;
    this.record({ command, inverse: r.value.inverse, coalesceKey: options.coalesceKey, ...(options.origin ? { origin: options.origin } : {}) });
    return { ok: true, value: r.value.table };
  }

  /** Record a step already applied elsewhere. Clears the redo stack. */
  record(step: HistoryStep): void {
    const last = this.#undo[this.#undo.length - 1];
    if (!this.#sealed && last && step.coalesceKey !== undefined && last.coalesceKey === step.coalesceKey) {
      // Keep the first inverse (the state before typing began), take the newest command.
      this.#undo[this.#undo.length - 1] = { ...step, inverse: last.inverse };
    } else {
      this.#undo.push(step);
      if (this.#undo.length > this.limit) this.#undo.splice(0, this.#undo.length - this.limit);
    }
    this.#sealed = step.coalesceKey === undefined;
    this.#redo = [];
    this.#revision++;
  }

  /** The step `undo()` would take back (its `inverse` is what runs), without taking it. */
  peekUndo(): HistoryStep | undefined {
    return this.#undo[this.#undo.length - 1];
  }

  /** The step `redo()` would apply again (its `command` is what runs). */
  peekRedo(): HistoryStep | undefined {
    return this.#redo[this.#redo.length - 1];
  }

  /** End the current typing group: the next edit is its own step even in the same cell. */
  seal(): void {
    this.#sealed = true;
  }

  /** Undo the last step. `undefined` when there is nothing to undo. */
  undo(table: CardTable): Result<CardTable> | undefined {
    const step = this.#undo.pop();
    if (!step) return undefined;
    const r = applyCommand(table, step.inverse);
    if (!r.ok) {
      this.#undo.push(step);
      return r;
    }
    this.#redo.push(step);
    this.#sealed = true;
    this.#revision++;
    return { ok: true, value: r.value.table };
  }

  /** Redo the last undone step. `undefined` when there is nothing to redo. */
  redo(table: CardTable): Result<CardTable> | undefined {
    const step = this.#redo.pop();
    if (!step) return undefined;
    const r = applyCommand(table, step.command);
    if (!r.ok) {
      this.#redo.push(step);
      return r;
    }
    this.#undo.push({ ...step, inverse: r.value.inverse });
    this.#sealed = true;
    this.#revision++;
    return { ok: true, value: r.value.table };
  }

  /**
   * Take back the last step without keeping it for redo, when it was only ever a draft (an edit
   * cancelled with Escape). `undefined` when there is nothing to take back.
   */
  discardLast(table: CardTable): Result<CardTable> | undefined {
    const r = this.undo(table);
    if (r?.ok) this.#redo.pop();
    return r;
  }

  /** The coalescing key of the last step, if it is still open for merging (not sealed). */
  get openKey(): string | undefined {
    return this.#sealed ? undefined : this.#undo[this.#undo.length - 1]?.coalesceKey;
  }

  /** Forget every step (e.g. after loading another project); the revision still increases. */
  clear(): void {
    this.#undo = [];
    this.#redo = [];
    this.#sealed = true;
    this.#revision++;
  }
}
