import type { Game } from '../../../shared/engine';
import type { TableSeat } from '../../../shared/ipc/contract';
import type { Text } from '../features/table/model/log';
import { randomSeed } from './TableSetup.svelte';
import type { ShellSetup } from './table-kit';
import type { OptionSpec } from './table-options';

/** What a game with no special needs tells its new-game form. */
export interface GameSetupKit<O> {
  /** The rules: the player range and how options are checked. */
  game: Pick<Game<unknown, never, unknown, O>, 'id' | 'minPlayers' | 'maxPlayers' | 'parseOptions'>;
  /** Its options (state/table-options.ts `optionSpecs` over the engine's OPTION_INFO). */
  options: readonly OptionSpec[];
  /** The bot levels a seat may take (the first is a new bot seat's). */
  levels: readonly { id: string }[];
  /** The seats a first visit starts with (default: a person in seat 1, bots elsewhere). */
  seats?: readonly TableSeat[];
  /** Players a first visit starts with (default: the fewest). */
  players?: number;
}

/**
 * The new-game form of a game with no special needs, from its rules and its option descriptions
 * alone: how many play (the game's range), who sits where (a person or a bot of some level), the
 * seed, and every option at the rulebook's default until changed. Players, seats and options are
 * remembered per game; the seed is fresh each time unless typed. `features/table-kit/NewGamePage.svelte`
 * renders it.
 */
export class GameSetup<O> implements ShellSetup<O> {
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly specs: readonly OptionSpec[];
  players = $state(2);
  /** One seat per possible player; only the first `players` are used. */
  seats = $state<TableSeat[]>([]);
  seed = $state(randomSeed());
  /** The options as edited (every key present). */
  options = $state<Record<string, unknown>>({});
  readonly #kit: GameSetupKit<O>;
  readonly #prefsKey: string;

  constructor(kit: GameSetupKit<O>) {
    this.#kit = kit;
    this.#prefsKey = `fuqi.table.setup.${kit.game.id}`;
    this.minPlayers = kit.game.minPlayers;
    this.maxPlayers = kit.game.maxPlayers;
    this.specs = kit.options;
    this.options = this.#defaults();
    this.players = Math.min(Math.max(kit.players ?? this.minPlayers, this.minPlayers), this.maxPlayers);
    const first = kit.seats ?? [{ kind: 'human' }];
    this.seats = Array.from({ length: this.maxPlayers }, (_, i): TableSeat => this.#seat(first[i] ?? { kind: 'bot' }));
    try {
      const saved = JSON.parse(globalThis.localStorage?.getItem(this.#prefsKey) ?? 'null') as { players?: unknown; seats?: unknown; options?: unknown } | null;
      const n = saved?.players;
      if (typeof n === 'number' && Number.isInteger(n) && n >= this.minPlayers && n <= this.maxPlayers) this.players = n;
      if (Array.isArray(saved?.seats) && saved.seats.length === this.maxPlayers) this.seats = (saved.seats as TableSeat[]).map((s) => this.#seat(s));
      // Options the rules still accept (a newer version may have changed them): else the defaults.
      const r = saved?.options ? kit.game.parseOptions(saved.options) : null;
      if (r?.ok) this.options = { ...this.options, ...Object.fromEntries(this.specs.map((sp) => [sp.key, (r.options as Record<string, unknown>)[sp.key] ?? sp.default])) };
    } catch {
      // Nothing remembered: the defaults.
    }
  }

  /** A seat as saved or given, with a level the game has. */
  #seat(s: TableSeat | undefined): TableSeat {
    if (s?.kind === 'human') return { kind: 'human' };
    const levels = this.#kit.levels;
    return { kind: 'bot', level: levels.some((l) => l.id === s?.level) ? s!.level : (levels[0]?.id ?? 'easy') };
  }

  #defaults(): Record<string, unknown> {
    return Object.fromEntries(this.specs.map((s) => [s.key, s.default]));
  }

  /** The player count as the segmented control holds it ("2" …). */
  get count(): string {
    return String(this.players);
  }
  set count(v: string) {
    const n = Number(v);
    if (Number.isInteger(n) && n >= this.minPlayers && n <= this.maxPlayers) this.players = n;
  }

  /** The options that differ from the rulebook's defaults. */
  get changed(): string[] {
    return this.specs.filter((s) => this.options[s.key] !== s.default).map((s) => s.key);
  }

  setKind(seat: number, kind: TableSeat['kind']): void {
    this.seats[seat] = kind === 'human' ? { kind } : this.#seat({ kind, level: this.seats[seat]?.level });
  }

  setLevel(seat: number, level: string): void {
    this.seats[seat] = { kind: 'bot', level };
  }

  reroll(): void {
    this.seed = randomSeed();
  }

  /** Every option back to the rulebook's default. */
  resetOptions(): void {
    this.options = this.#defaults();
  }

  /** The options checked by the game (its refusal says why, in both languages). */
  matchOptions(): { ok: true; options: O } | { ok: false; message: Text } {
    const r = this.#kit.game.parseOptions({ ...this.options });
    return r.ok ? { ok: true, options: r.options } : { ok: false, message: r.message };
  }

  seatsInPlay(): TableSeat[] {
    return this.seats.slice(0, this.players).map((s) => ({ ...s }));
  }

  /** Remember players, seats and options. */
  remember(): void {
    try {
      globalThis.localStorage?.setItem(this.#prefsKey, JSON.stringify({ players: this.players, seats: this.seats, options: this.options }));
    } catch {
      // Not remembered; harmless.
    }
  }
}
