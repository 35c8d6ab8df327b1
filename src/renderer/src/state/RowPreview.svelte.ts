import type { RenderedProject, WindowApi } from '../../../shared/ipc/contract';
import { describeError } from './errors';

/**
 * The data page's live preview: the focused row laid out as a card (front and back) by main, as
 * the designer types. Requests are coalesced: at most one is in flight; while it runs only the
 * latest wish is kept, and an answer to anything but the latest request is dropped.
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

  constructor(api: Pick<WindowApi, 'PROJECTS_RENDER_ROW'>, projectId: string) {
    this.#api = api;
    this.#projectId = projectId;
  }

  /** Ask for a row (columns and cells); a request equal to the last one is skipped unless `force`d. */
  request(columns: readonly string[], row: readonly string[], force = false): void {
    const key = JSON.stringify([columns, row]);
    if (!force && key === this.#sentKey && !this.#wanted) return;
    this.#wanted = { columns: [...columns], row: [...row], key };
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
