import type { TableSeat } from '../../../shared/ipc/contract';
import { DEFAULT_OPTIONS, OPTION_INFO, parseOptions, seatProblem, type ZrOptions } from '../../../shared/games/zodiac-race/options';
import { ZR_BOT_LEVELS, ZR_DEFAULT_BOT_LEVEL } from '../features/zodiac/model/bots';
import { randomSeed } from './TableSetup.svelte';
import { optionSpecs, type OptionSpec } from './table-options';
import { optionTitleWords, optionValueLabels } from '../../../shared/lab/option-words';

/** An option key of 生肖赛跑. */
export type ZrOptionKey = keyof ZrOptions;
/** Every option key, in the order the new-game screen lists them (mode is asked with the seats). */
export const ZR_OPTION_KEYS = (Object.keys(OPTION_INFO) as ZrOptionKey[]).filter((k) => k !== 'mode');

/**
 * Every option, mode included, by its short name (the new-game screen asks the mode with the
 * seats; the Balance page lists it with the rest); the engine's description is its help.
 */
export const ZR_ALL_OPTION_SPECS: readonly OptionSpec[] = optionSpecs(OPTION_INFO, (key) => {
  const info = OPTION_INFO[key as ZrOptionKey];
  return {
    title: optionTitleWords('zodiac-race', key) ?? { zh: info.zh, en: info.en },
    help: { zh: info.zh, en: info.en },
    labels: optionValueLabels('zodiac-race', key),
  };
});

/** The options on the new-game screen (mode is asked with the seats). */
export const ZR_OPTION_SPECS: readonly OptionSpec[] = ZR_ALL_OPTION_SPECS.filter((s) => s.key !== 'mode');

const PREFS_KEY = 'fuqi.table.setup.zodiac-race';
/** The most seats a race has. */
export const ZR_MAX_SEATS = 6;

/**
 * The 生肖赛跑 new-game screen: 2–6 players, free-for-all or teams, who sits where (a person or a
 * bot of some level), the seed and the rule options (the spec's defaults, each with its bilingual
 * description). Players, mode and seats are remembered; the seed is fresh each time unless typed.
 */
export class ZodiacSetup {
  players = $state(4);
  /** Six seats; only the first `players` are used. */
  seats = $state<TableSeat[]>([{ kind: 'human' }, ...Array.from({ length: ZR_MAX_SEATS - 1 }, (): TableSeat => ({ kind: 'bot', level: ZR_DEFAULT_BOT_LEVEL }))]);
  seed = $state(randomSeed());
  /** The rule options as edited (every key present, mode included). */
  options = $state<Record<ZrOptionKey, unknown>>({ ...DEFAULT_OPTIONS });

  constructor() {
    try {
      const saved = JSON.parse(globalThis.localStorage?.getItem(PREFS_KEY) ?? 'null') as { players?: unknown; mode?: unknown; seats?: unknown } | null;
      if (saved && Number.isInteger(saved.players) && (saved.players as number) >= 2 && (saved.players as number) <= ZR_MAX_SEATS) this.players = saved.players as number;
      if (saved && OPTION_INFO.mode.values !== 'int' && (OPTION_INFO.mode.values as readonly unknown[]).includes(saved.mode)) this.options.mode = saved.mode;
      if (saved && Array.isArray(saved.seats) && saved.seats.length === ZR_MAX_SEATS)
        this.seats = saved.seats.map((s: TableSeat): TableSeat => (s?.kind === 'human' ? { kind: 'human' } : { kind: 'bot', level: ZR_BOT_LEVELS.some((l) => l.id === s?.level) ? s.level : ZR_DEFAULT_BOT_LEVEL }));
    } catch {
      // Nothing remembered: the defaults.
    }
  }

  /** The player count as the segmented control holds it ("2" … "6"). */
  get count(): string {
    return String(this.players);
  }
  set count(v: string) {
    const n = Number(v);
    if (Number.isInteger(n) && n >= 2 && n <= ZR_MAX_SEATS) this.players = n;
  }

  /** Free-for-all or teams (an option of the engine, chosen with the seats). */
  get mode(): ZrOptions['mode'] {
    return this.options.mode as ZrOptions['mode'];
  }
  set mode(m: ZrOptions['mode']) {
    this.options.mode = m;
  }

  /** The options that differ from the spec's defaults. */
  get changed(): ZrOptionKey[] {
    return (Object.keys(OPTION_INFO) as ZrOptionKey[]).filter((k) => this.options[k] !== OPTION_INFO[k].default);
  }

  /** Why the seat count does not fit the mode (both languages), or null. */
  get seatProblem(): { zh: string; en: string } | null {
    const r = parseOptions(this.options);
    return r.ok ? seatProblem(r.options, this.players) : null;
  }

  /** Make a seat a person or a bot. */
  setKind(seat: number, kind: TableSeat['kind']): void {
    this.seats[seat] = kind === 'human' ? { kind } : { kind, level: this.seats[seat]?.level ?? ZR_DEFAULT_BOT_LEVEL };
  }

  /** Give a bot seat a level. */
  setLevel(seat: number, level: string): void {
    this.seats[seat] = { kind: 'bot', level };
  }

  /** A new random seed. */
  reroll(): void {
    this.seed = randomSeed();
  }

  /** Every option back to the spec's default (the mode stays: it is chosen with the seats). */
  resetOptions(): void {
    this.options = { ...DEFAULT_OPTIONS, mode: this.options.mode };
  }

  /** The options to start with, or why they are refused (both languages). */
  matchOptions(): { ok: true; options: ZrOptions } | { ok: false; message: { zh: string; en: string } } {
    const r = parseOptions(this.options);
    if (!r.ok) return { ok: false, message: r.message };
    const bad = seatProblem(r.options, this.players);
    return bad ? { ok: false, message: bad } : { ok: true, options: r.options };
  }

  /** The seats in play. */
  seatsInPlay(): TableSeat[] {
    return this.seats.slice(0, this.players).map((s) => ({ ...s }));
  }

  /** Remember players, mode and seats. */
  remember(): void {
    try {
      globalThis.localStorage?.setItem(PREFS_KEY, JSON.stringify({ players: this.players, mode: this.options.mode, seats: this.seats }));
    } catch {
      // Not remembered; harmless.
    }
  }
}
