/**
 * The sandbox's new-game form: how many seats (1–8), who sits where (a person, or an empty seat
 * that passes the turn on), the seed, and the table set up from the project's `table.json` (or
 * the default table), as main read it (`table:open`) with every problem it found.
 */
import type { SandboxOptions, TableRead } from '../../../../shared/games/sandbox';
import type { TableSeat, TableSetupOpened, WindowApi } from '../../../../shared/ipc/contract';
import type { Text } from '../table/model/log';
import { randomSeed } from '../../state/TableSetup.svelte';
import { describeError } from '../../state/errors';

export const SANDBOX_MAX_SEATS = 8;
export const SANDBOX_EMPTY_SEAT = 'pass';
const PREFS_KEY = 'fuqi.table.setup.sandbox';

export class SandboxSetup {
  players = $state(2);
  seats = $state<TableSeat[]>(Array.from({ length: SANDBOX_MAX_SEATS }, (): TableSeat => ({ kind: 'human' })));
  seed = $state(randomSeed());
  /** The project's table as main read it (null until it answered). */
  opened = $state.raw<TableSetupOpened | null>(null);
  /** The set-up being edited and not yet saved (null: none): what the new-game page shows and a match starts from. */
  draft = $state.raw<TableRead | null>(null);
  /** Run the set-up's actions (shuffle, deal …) when the table opens. */
  runSetup = $state(true);
  /** Why the table could not be read at all. */
  error = $state<string | null>(null);
  #counted = false;

  constructor(
    private readonly api: WindowApi,
    private readonly projectId: string,
  ) {
    try {
      const saved = JSON.parse(globalThis.localStorage?.getItem(`${PREFS_KEY}.${projectId}`) ?? 'null') as { players?: unknown } | null;
      if (saved && Number.isInteger(saved.players) && (saved.players as number) >= 1 && (saved.players as number) <= SANDBOX_MAX_SEATS) {
        this.players = saved.players as number;
        this.#counted = true;
      }
    } catch {
      // Nothing remembered.
    }
  }

  /** Read the project's table (again: after the setup was saved, or the cards changed). */
  async open(): Promise<void> {
    try {
      const o = await this.api.TABLE_OPEN({ projectId: this.projectId });
      this.opened = o;
      this.error = null;
      if (!this.#counted) this.players = Math.max(1, Math.min(SANDBOX_MAX_SEATS, o.seats));
    } catch (e) {
      this.error = describeError(e);
    }
  }

  /** The table as the page shows it: the edit in progress, else the project's file as read. */
  get shown(): TableSetupOpened | null {
    const o = this.opened;
    const d = this.draft;
    return o && d ? { ...o, options: d.options, seats: d.seats, problems: d.problems, usedDefault: d.usedDefault } : o;
  }

  preview(read: TableRead | null): void {
    this.draft = read;
    if (read && !this.#counted) this.players = read.seats;
    else if (!read && !this.#counted && this.opened) this.players = Math.max(1, Math.min(SANDBOX_MAX_SEATS, this.opened.seats));
  }

  get count(): string {
    return String(this.players);
  }
  set count(v: string) {
    const n = Number(v);
    if (Number.isInteger(n) && n >= 1 && n <= SANDBOX_MAX_SEATS) {
      this.players = n;
      this.#counted = true;
    }
  }

  setKind(seat: number, kind: TableSeat['kind']): void {
    this.seats[seat] = kind === 'human' ? { kind } : { kind, level: SANDBOX_EMPTY_SEAT };
  }

  setLevel(seat: number, level: string): void {
    this.seats[seat] = { kind: 'bot', level };
  }

  reroll(): void {
    this.seed = randomSeed();
  }

  matchOptions(): { ok: true; options: SandboxOptions } | { ok: false; message: Text } {
    if (!this.opened) return { ok: false, message: { zh: '牌桌设置还没读完，请稍候。', en: 'The table set-up is still being read; wait a moment.' } };
    const o = this.shown!.options;
    return { ok: true, options: this.runSetup ? o : { ...o, setup: [] } };
  }

  seatsInPlay(): TableSeat[] {
    return this.seats.slice(0, this.players).map((s) => ({ ...s }));
  }

  remember(): void {
    try {
      globalThis.localStorage?.setItem(`${PREFS_KEY}.${this.projectId}`, JSON.stringify({ players: this.players }));
    } catch {
      // Not remembered.
    }
  }
}
