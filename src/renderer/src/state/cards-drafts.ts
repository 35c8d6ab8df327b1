/**
 * Drafts of the data page: the unsaved edits of a project, written to a small store (the window's
 * localStorage) at most every quarter second, so a crash or a kill loses almost nothing; read back
 * by the editor at the next load.
 */
import type { ProjectSettings } from '../../../shared/ipc/contract';
import { tablePatch, type CardTable, type TablePatch } from '../../../shared/cards/table';

/**
 * Where unsaved edits wait between saves, so a crash or a kill loses at most the last quarter
 * second even when a save cannot happen yet (a row without an id is refused by the loader until it
 * has one). The window's localStorage by default (kept by Electron in the app's own data folder).
 */
export interface DraftStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/**
 * A kept draft: the edited table (or, when the edits kept the file's shape, only the changed
 * cells: a few bytes a keystroke instead of the whole table) and settings, and the file revision
 * the edits started from.
 */
export type Draft = { revision: string; settings: ProjectSettings | null; at: number } & ({ v: 1; table: CardTable } | { v: 2; patch: TablePatch });

/** How often, at most, a draft is written while editing. */
export const DRAFT_EVERY_MS = 250;

/** The window's localStorage as a draft store, or undefined where there is none (or it is refused). */
export function windowDrafts(): DraftStore | undefined {
  try {
    const ls = globalThis.localStorage;
    if (!ls) return undefined;
    return { get: (k) => ls.getItem(k), set: (k, v) => ls.setItem(k, v), remove: (k) => ls.removeItem(k) };
  } catch {
    return undefined;
  }
}

const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((v) => typeof v === 'string');

/** A draft read back, or undefined when it is not one (an older format, a hand-edited value). */
export function parseDraft(text: string | null): Draft | undefined {
  if (!text) return undefined;
  try {
    const d = JSON.parse(text) as Partial<Draft> & { table?: CardTable; patch?: TablePatch };
    if (typeof d.revision !== 'string' || typeof d.at !== 'number') return undefined;
    if (d.v === 1 && d.table && isStrings(d.table.columns) && Array.isArray(d.table.rows) && d.table.rows.every(isStrings)) return d as Draft;
    const p = d.patch;
    const isCell = (c: unknown) => !!c && typeof c === 'object' && Number.isInteger((c as { row: unknown }).row) && Number.isInteger((c as { col: unknown }).col) && typeof (c as { value: unknown }).value === 'string';
    if (d.v === 2 && p && isStrings(p.columns) && Number.isInteger(p.rowCount) && Array.isArray(p.cells) && p.cells.every(isCell)) return d as Draft;
    return undefined;
  } catch {
    return undefined;
  }
}

/** The draft of `table` against the file's `saved` table: only the changed cells when the shape is the file's. */
export function makeDraft(saved: CardTable, table: CardTable, head: { revision: string; settings: ProjectSettings | null; at: number }): Draft {
  const patch = tablePatch(saved, table, 5000);
  return patch ? { v: 2, ...head, patch } : { v: 1, ...head, table };
}

/** One project's draft in a store: written on a timer while there are unsaved edits, dropped when there are none. */
export class DraftKeeper {
  readonly #store: DraftStore | undefined;
  readonly #key: string;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(store: DraftStore | undefined, projectId: string) {
    this.#store = store;
    this.#key = `fuqi.draft.${projectId}`;
  }

  /**
   * Keep the unsaved edits (soon: at most every DRAFT_EVERY_MS), or drop the draft when nothing is
   * unsaved. `dirty` is asked now and again when the timer fires; `make` builds the draft then.
   */
  keep(dirty: () => boolean, make: () => Draft): void {
    if (!this.#store) return;
    if (!dirty()) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.drop();
      return;
    }
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      if (!dirty()) return this.drop();
      try {
        this.#store?.set(this.#key, JSON.stringify(make()));
      } catch {
        // Storage full or refused: the draft is a safety net only; saving goes on as usual.
      }
    }, DRAFT_EVERY_MS);
  }

  /** Forget the draft. */
  drop(): void {
    try {
      this.#store?.remove(this.#key);
    } catch {
      // Nothing to drop.
    }
  }

  /** The kept draft, or undefined when there is none (or it is not one). */
  read(): Draft | undefined {
    return parseDraft(this.#store?.get(this.#key) ?? null);
  }
}
