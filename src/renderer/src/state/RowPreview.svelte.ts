import type { RenderedProject, WindowApi } from '../../../shared/ipc/contract';
import { describeError } from './errors';
import type { RowLayout } from './row-layout';

/**
 * The data page's live preview: the focused row laid out as a card (front and back) by main, as
 * the designer types. Requests are coalesced: at most one is in flight; while it runs only the
 * latest wish is kept, and an answer to anything but the latest request is dropped. With a
 * `RowLayout`, the row is first laid out in the page (painted at once) and the host's answer
 * follows and stays; an answer that differs from the page's layout makes it read the templates again.
 */
export class RowPreview {
  /** The latest answer (one card), or null before the first. */
  rendered = $state.raw<RenderedProject | null>(null);
  error = $state<string | null>(null);
  /** A request is in flight. */
  busy = $state(false);

  readonly #api: Pick<WindowApi, 'PROJECTS_RENDER_ROW'>;
  readonly #projectId: string;
  #wanted: { columns: string[]; row: string[]; key: string } | null = null;
  #sentKey: string | null = null;
  #running = false;
  readonly #local: RowLayout | undefined;
  /** What the page laid out for the request in flight (compared with the host's answer). */
  #localFor: { key: string; lists: string } | null = null;

  constructor(api: Pick<WindowApi, 'PROJECTS_RENDER_ROW'>, projectId: string, local?: RowLayout) {
    this.#api = api;
    this.#projectId = projectId;
    this.#local = local;
  }

  /** Ask for a row (columns and cells); a request equal to the last one is skipped unless `force`d. */
  request(columns: readonly string[], row: readonly string[], force = false): void {
    const key = JSON.stringify([columns, row]);
    if (!force && key === this.#sentKey && !this.#wanted) return;
    this.#wanted = { columns: [...columns], row: [...row], key };
    if (this.#local) {
      if (force) this.#local.invalidate();
      void this.#local.load(row.join(' '));
      const mine = this.#local.layout(columns, row, this.rendered);
      if (mine) {
        this.rendered = mine;
        this.error = null;
        this.#localFor = { key, lists: listsOf(mine) };
      }
    }
    if (!this.#running) void this.#run();
  }

  /** Forget the preview (no row is focused). */
  clear(): void {
    this.#wanted = null;
    this.#sentKey = null;
    this.rendered = null;
    this.error = null;
  }

  async #run(): Promise<void> {
    this.#running = true;
    this.busy = true;
    try {
      while (this.#wanted) {
        const w = this.#wanted;
        this.#wanted = null;
        this.#sentKey = w.key;
        try {
          const r = await this.#api.PROJECTS_RENDER_ROW({ projectId: this.#projectId, columns: w.columns, row: w.row });
          // A newer wish arrived meanwhile: this answer is stale, the loop asks again.
          if (!this.#wanted && this.#sentKey === w.key) {
            // The page drew something else for this row: it reads the templates again.
            if (this.#localFor?.key === w.key && this.#localFor.lists !== listsOf(r)) this.#local?.invalidate();
            this.#localFor = null;
            this.rendered = r;
            this.error = null;
          }
        } catch (e) {
          if (!this.#wanted) this.error = describeError(e);
        }
      }
    } finally {
      this.#running = false;
      this.busy = false;
    }
  }
}

/** The drawn faces of an answer, to compare two answers for the same row. */
function listsOf(r: RenderedProject): string {
  const c = r.cards[0];
  return c ? JSON.stringify([c.front.list, c.back.list]) : '';
}
