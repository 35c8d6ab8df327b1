import type { TableSeat } from '../../../shared/ipc/contract';
import { DEFAULT_OPTIONS, OPTION_INFO, OPTION_KEYS, type OptionKey, type OptionTopic } from '../../../shared/games/doufu/options';
import type { DoufuGameOptions } from '../../../shared/games/doufu/types';
import { parseGameOptions } from '../../../shared/games/doufu/game';
import { optionTitleWords, optionValueLabels } from '../../../shared/lab/option-words';
import { BOT_LEVELS, DEFAULT_BOT_LEVEL } from '../features/table/model/bots';
import type { MessageKey } from '../i18n/catalogue';
import { optionSpecs, type OptionSpec } from './table-options';

/** Table formats: free-for-all for 2, 3 or 4, or two teams of two. */
export type TableFormat = '2' | '3' | '4' | '2v2';
/** Formats in the order the new-game screen offers them. */
export const TABLE_FORMATS: readonly TableFormat[] = ['2', '3', '4', '2v2'];

/** Option topics in the order the new-game screen groups them (team options only for 2v2). */
export const OPTION_TOPICS: readonly OptionTopic[] = ['setup', 'actions', 'skills', 'scoring', 'declaring', 'settlement', 'match', 'team'];

/**
 * 斗福's options on the new-game screen, grouped by topic (the team options only for 2v2), in
 * Appendix B order within a topic, in plain words: the short names and value words the lab says
 * too (`shared/lab/option-words.ts`), each option's help from the catalogue (`variant.<key>.desc`).
 */
export function doufuOptionSpecs(mode: 'ffa' | '2v2'): OptionSpec[] {
  const specs = optionSpecs(OPTION_INFO, (key, spec) => {
    const info = OPTION_INFO[key as OptionKey];
    return {
      title: optionTitleWords('doufu', key) ?? spec.title,
      help: { key: `variant.${key}.desc` as MessageKey },
      labels: { ...spec.labels, ...optionValueLabels('doufu', key) },
      group: { id: info.topic, name: { key: `newgame.topic.${info.topic}` as MessageKey } },
    };
  });
  return OPTION_TOPICS.filter((t) => t !== 'team' || mode === '2v2').flatMap((t) => specs.filter((s) => s.group?.id === t));
}

const PREFS_KEY = 'fuqi.table.setup';
const SEED_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A fresh random seed: eight letters and digits that are easy to read aloud and type. */
export function randomSeed(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => SEED_ALPHABET[b % SEED_ALPHABET.length]).join('');
}

/** The seats of a new table: you in seat 1, bots elsewhere. */
function defaultSeats(): TableSeat[] {
  return [{ kind: 'human' }, ...Array.from({ length: 3 }, (): TableSeat => ({ kind: 'bot', level: DEFAULT_BOT_LEVEL }))];
}

/**
 * The new-game screen: format, who sits where (a person or a bot of some level), the seed and the
 * rule options (the spec's defaults, each with its bilingual description). Format and seats are
 * remembered for next time; the seed is new each time unless typed.
 */
export class TableSetup {
  format = $state<TableFormat>('2');
  /** Four seats; only the first `players` are used. */
  seats = $state<TableSeat[]>(defaultSeats());
  seed = $state(randomSeed());
  /** The rule options as edited (every key present). */
  options = $state<Record<OptionKey, unknown>>({ ...DEFAULT_OPTIONS });

  constructor() {
    try {
      const saved = JSON.parse(globalThis.localStorage?.getItem(PREFS_KEY) ?? 'null') as { format?: unknown; seats?: unknown } | null;
      if (saved && TABLE_FORMATS.includes(saved.format as TableFormat)) this.format = saved.format as TableFormat;
      if (saved && Array.isArray(saved.seats) && saved.seats.length === 4) {
        this.seats = saved.seats.map((s: TableSeat): TableSeat => (s?.kind === 'human' ? { kind: 'human' } : { kind: 'bot', level: BOT_LEVELS.some((l) => l.id === s?.level) ? s.level : DEFAULT_BOT_LEVEL }));
      }
    } catch {
      // Nothing remembered: the defaults.
    }
  }

  /** Players at the table. */
  get players(): number {
    return this.format === '2v2' ? 4 : Number(this.format);
  }

  /** Free-for-all or teams. */
  get mode(): 'ffa' | '2v2' {
    return this.format === '2v2' ? '2v2' : 'ffa';
  }

  /** The options that differ from the spec's defaults. */
  get changed(): OptionKey[] {
    return OPTION_KEYS.filter((k) => this.options[k] !== OPTION_INFO[k].default);
  }

  /** Option keys of a topic, in Appendix B order. */
  keysOf(topic: OptionTopic): OptionKey[] {
    return OPTION_KEYS.filter((k) => OPTION_INFO[k].topic === topic);
  }

  /** Make a seat a person or a bot. */
  setKind(seat: number, kind: TableSeat['kind']): void {
    this.seats[seat] = kind === 'human' ? { kind } : { kind, level: this.seats[seat]?.level ?? DEFAULT_BOT_LEVEL };
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

  /** The match options to start with, or why they are refused (in English; the form prevents this). */
  matchOptions(): { ok: true; options: DoufuGameOptions } | { ok: false; message: { zh: string; en: string } } {
    const r = parseGameOptions({ ...this.options, mode: this.mode });
    return r.ok ? { ok: true, options: r.options } : { ok: false, message: r.message };
  }

  /** The seats in play. */
  seatsInPlay(): TableSeat[] {
    return this.seats.slice(0, this.players).map((s) => ({ ...s }));
  }

  /** Remember format and seats. */
  remember(): void {
    try {
      globalThis.localStorage?.setItem(PREFS_KEY, JSON.stringify({ format: this.format, seats: this.seats }));
    } catch {
      // Not remembered; harmless.
    }
  }
}
