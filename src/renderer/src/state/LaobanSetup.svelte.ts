import type { TableSeat } from '../../../shared/ipc/contract';
import { DEFAULT_OPTIONS, OPTION_INFO, parseOptions, type DlOptions } from '../../../shared/games/dou-laoban/options';
import { DL_BOT_LEVELS, DL_DEFAULT_BOT_LEVEL } from '../features/dou-laoban/model/bots';
import { randomSeed } from './TableSetup.svelte';

/** An option key of 斗老闆. */
export type DlOptionKey = keyof DlOptions;
/** Every option key, in the order the new-game screen lists them (the spec's §11 readings, then §9's extras). */
export const DL_OPTION_KEYS = Object.keys(OPTION_INFO) as DlOptionKey[];

const PREFS_KEY = 'fuqi.table.setup.dou-laoban';

/**
 * The 斗老闆 new-game screen: three seats (a person or a bot of some level each), the seed and the
 * rule options (the spec's defaults, each with its bilingual description). Seats and options are
 * remembered; the seed is fresh each time unless typed.
 */
export class LaobanSetup {
  readonly players = 3;
  seats = $state<TableSeat[]>([{ kind: 'human' }, { kind: 'bot', level: DL_DEFAULT_BOT_LEVEL }, { kind: 'bot', level: DL_DEFAULT_BOT_LEVEL }]);
  seed = $state(randomSeed());
  /** The rule options as edited (every key present). */
  options = $state<Record<DlOptionKey, unknown>>({ ...DEFAULT_OPTIONS });

  constructor() {
    try {
      const saved = JSON.parse(globalThis.localStorage?.getItem(PREFS_KEY) ?? 'null') as { seats?: unknown; options?: unknown } | null;
      if (saved && Array.isArray(saved.seats) && saved.seats.length === 3)
        this.seats = saved.seats.map((s: TableSeat): TableSeat => (s?.kind === 'human' ? { kind: 'human' } : { kind: 'bot', level: DL_BOT_LEVELS.some((l) => l.id === s?.level) ? s.level : DL_DEFAULT_BOT_LEVEL }));
      const r = saved?.options ? parseOptions(saved.options) : null;
      if (r?.ok) this.options = { ...r.options };
    } catch {
      // Nothing remembered: the defaults.
    }
  }

  /** The options that differ from the spec's defaults. */
  get changed(): DlOptionKey[] {
    return DL_OPTION_KEYS.filter((k) => this.options[k] !== OPTION_INFO[k].default);
  }

  /** Make a seat a person or a bot. */
  setKind(seat: number, kind: TableSeat['kind']): void {
    this.seats[seat] = kind === 'human' ? { kind } : { kind, level: this.seats[seat]?.level ?? DL_DEFAULT_BOT_LEVEL };
  }

  /** Give a bot seat a level. */
  setLevel(seat: number, level: string): void {
    this.seats[seat] = { kind: 'bot', level };
  }

  /** A new random seed. */
  reroll(): void {
    this.seed = randomSeed();
  }

  /** Every option back to the spec's default. */
  resetOptions(): void {
    this.options = { ...DEFAULT_OPTIONS };
  }

  /** The options to start with, or why they are refused (both languages). */
  matchOptions(): { ok: true; options: DlOptions } | { ok: false; message: { zh: string; en: string } } {
    const r = parseOptions(this.options);
    return r.ok ? { ok: true, options: r.options } : { ok: false, message: r.message };
  }

  /** The seats in play. */
  seatsInPlay(): TableSeat[] {
    return this.seats.map((s) => ({ ...s }));
  }

  /** Remember seats and options. */
  remember(): void {
    try {
      globalThis.localStorage?.setItem(PREFS_KEY, JSON.stringify({ seats: this.seats, options: this.options }));
    } catch {
      // Not remembered; harmless.
    }
  }
}
