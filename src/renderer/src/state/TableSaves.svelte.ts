import type { LoadedMatch, MatchFile, SavedMatchInfo, WindowApi } from '../../../shared/ipc/contract';
import { describeError } from './errors';

/** A message in both languages. */
export interface Text {
  zh: string;
  en: string;
}

/**
 * A failure in both languages: main sends engine refusals (a corrupt or edited save) with both
 * texts in `details.message`; anything else (transport) is shown as it came.
 */
export function errorText(e: unknown): Text {
  const details = (e as { details?: { message?: Partial<Text> } } | null)?.details;
  if (details?.message?.zh && details.message.en) return { zh: details.message.zh, en: details.message.en };
  const s = describeError(e);
  return { zh: s, en: s };
}

/** The saved matches as the table's load list shows them, and saving / loading through main. */
export class TableSaves {
  list = $state.raw<SavedMatchInfo[] | null>(null);
  loading = $state(false);
  /** Why listing, saving or loading failed. */
  error = $state.raw<Text | null>(null);
  /** The save just written (shown as a confirmation). */
  saved = $state.raw<SavedMatchInfo | null>(null);
  busy = $state(false);

  /**
   * The match at the table last time (stashed in this window's storage), offered on the new-game
   * screen: to play on when it was left unfinished, to look at again when it was over (`over`).
   */
  resumable = $state.raw<{ seed: string; players: number; moves: number; over: boolean } | null>(null);

  readonly #api: WindowApi;
  /** Where the match in play is stashed between visits, so closing the window loses nothing. */
  readonly #stashKey: string;

  /** The game this table plays: the load list shows its saves only (and unreadable files, so they are seen). */
  readonly game: string;

  readonly #projectId: string;

  constructor(api: WindowApi, projectId = 'doufu', game = 'doufu') {
    this.#api = api;
    this.game = game;
    this.#projectId = projectId;
    this.#stashKey = `fuqi.table.current.${projectId}`;
    const rec = this.stashed();
    if (rec) this.resumable = { seed: rec.seed, players: rec.players, moves: rec.moves.length, over: this.#stashedOver() };
  }

  /** Keep the match in play in local storage (after every move), and whether it is over. */
  stash(rec: MatchFile, over = false): void {
    try {
      globalThis.localStorage?.setItem(this.#stashKey, JSON.stringify(rec));
      globalThis.localStorage?.setItem(`${this.#stashKey}.over`, over ? '1' : '0');
    } catch {
      // Storage full or disabled: the match is still in memory and can be saved to a file.
    }
  }

  #stashedOver(): boolean {
    try {
      return globalThis.localStorage?.getItem(`${this.#stashKey}.over`) === '1';
    } catch {
      return false;
    }
  }

  /** The stashed match, if any (checked again by the engine before use). */
  stashed(): MatchFile | null {
    try {
      const text = globalThis.localStorage?.getItem(this.#stashKey);
      const rec = text ? (JSON.parse(text) as MatchFile) : null;
      return rec && Array.isArray(rec.moves) && typeof rec.seed === 'string' ? rec : null;
    } catch {
      return null;
    }
  }

  /** Fetch the list (again). */
  async refresh(): Promise<void> {
    this.loading = true;
    try {
      // A save that names its project (a sandbox playtest) is listed at that project's table only.
      this.list = (await this.#api.MATCHES_LIST(null)).filter((m) => (m.game === this.game && (m.project === undefined || m.project === this.#projectId)) || (m.problem && !m.game));
    } catch (e) {
      this.error = errorText(e);
    } finally {
      this.loading = false;
    }
  }

  /** Save a record (over `replaces`, the table's previous save, if given). */
  async save(match: MatchFile, replaces: string | null): Promise<SavedMatchInfo | null> {
    this.busy = true;
    this.error = null;
    try {
      const info = await this.#api.MATCHES_SAVE(replaces ? { match, replaces } : { match });
      this.saved = info;
      void this.refresh();
      return info;
    } catch (e) {
      this.error = errorText(e);
      return null;
    } finally {
      this.busy = false;
    }
  }

  /** Load a saved match; null (with `error` set) if main refuses it. */
  async load(id: string): Promise<LoadedMatch | null> {
    this.busy = true;
    this.error = null;
    try {
      return await this.#api.MATCHES_LOAD({ id });
    } catch (e) {
      this.error = errorText(e);
      return null;
    } finally {
      this.busy = false;
    }
  }

  /** Give a save a name (main cleans it; empty removes it). The new info, or null with `error` set. */
  async rename(id: string, name: string): Promise<SavedMatchInfo | null> {
    this.busy = true;
    this.error = null;
    try {
      const info = await this.#api.MATCHES_RENAME({ id, name });
      this.list = this.list?.map((s) => (s.id === id ? info : s)) ?? null;
      return info;
    } catch (e) {
      this.error = errorText(e);
      return null;
    } finally {
      this.busy = false;
    }
  }

  /** Delete a save (main removes only its own match files). Whether it was deleted; `error` says why not. */
  async remove(id: string): Promise<boolean> {
    this.busy = true;
    this.error = null;
    try {
      await this.#api.MATCHES_DELETE({ id });
      this.list = this.list?.filter((s) => s.id !== id) ?? null;
      if (this.saved?.id === id) this.saved = null;
      return true;
    } catch (e) {
      this.error = errorText(e);
      return false;
    } finally {
      this.busy = false;
    }
  }
}
