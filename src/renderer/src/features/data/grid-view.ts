/**
 * How a project's grid is laid out on screen — the column widths the designer dragged and how many
 * leading columns are frozen — kept per project in this window's storage (Electron keeps it in the
 * app's data folder), so it survives a reload without touching the project's files. The frozen
 * columns are kept by the name of the last frozen one, so adding or moving other columns keeps
 * them frozen.
 */

export interface GridLayout {
  /** Widths (px) by column name. */
  widths: Record<string, number>;
  /** The last frozen column's name (the columns up to it are frozen), or null. */
  frozenThrough: string | null;
}

/** Where layouts are kept (default: localStorage; tests pass a map). */
export interface LayoutStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const MIN_WIDTH = 48;
export const MAX_WIDTH = 800;

const keyOf = (projectId: string) => `fuqi.grid.layout.${projectId}`;

function windowStore(): LayoutStore | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The kept layout of a project, or an empty one (nothing kept, or a value that is not one). */
export function loadLayout(projectId: string, store: LayoutStore | undefined = windowStore()): GridLayout {
  const empty: GridLayout = { widths: {}, frozenThrough: null };
  try {
    const d = JSON.parse(store?.getItem(keyOf(projectId)) ?? 'null') as Partial<GridLayout> | null;
    if (!d || typeof d !== 'object') return empty;
    const widths: Record<string, number> = {};
    if (d.widths && typeof d.widths === 'object')
      for (const [k, v] of Object.entries(d.widths)) if (typeof v === 'number' && Number.isFinite(v)) widths[k] = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, v)));
    return { widths, frozenThrough: typeof d.frozenThrough === 'string' ? d.frozenThrough : null };
  } catch {
    return empty;
  }
}

/** Keep a project's layout (storage full or disabled: the layout lasts until the window closes). */
export function saveLayout(projectId: string, layout: GridLayout, store: LayoutStore | undefined = windowStore()): void {
  try {
    store?.setItem(keyOf(projectId), JSON.stringify(layout));
  } catch {
    // Nothing to do: the layout is only a convenience.
  }
}

/** How many leading columns are frozen for `columns` (0 when the frozen column is gone). */
export function frozenCount(columns: readonly string[], frozenThrough: string | null): number {
  return frozenThrough === null ? 0 : columns.indexOf(frozenThrough) + 1;
}
