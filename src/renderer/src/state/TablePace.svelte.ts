import type { MessageKey } from '../i18n/catalogue';
import { ACTION_KINDS, normalSpeeds, parseSpeedsOf, serializeSpeedsOf, type ActionKind, type KindSpeeds, type Speed } from '../features/table/model/pace';

/**
 * A table's speed per group of actions (model/pace.ts), remembered in this browser's storage like
 * the overall bot pace (TableBots). The pace popover of the bar sets them. 斗福's groups by
 * default; 生肖赛跑 passes its own (features/zodiac/model/pace.ts), its storage key and the
 * catalogue keys of their names.
 */
export class TablePace<K extends string = ActionKind> {
  /** The groups, in the order the popover lists them. */
  readonly kinds: readonly K[];
  /** Every group's speed. */
  speeds = $state.raw<KindSpeeds<K>>({} as KindSpeeds<K>);
  readonly #key: string;
  readonly #label: (kind: K) => MessageKey;

  constructor(kinds: readonly K[] = ACTION_KINDS as unknown as readonly K[], key = 'fuqi.table.pace.doufu', label: (kind: K) => MessageKey = (k) => `pace.kind.${k as unknown as ActionKind}`) {
    this.kinds = kinds;
    this.#key = key;
    this.#label = label;
    this.speeds = this.#load();
  }

  /** The catalogue key of a group's name. */
  label(kind: K): MessageKey {
    return this.#label(kind);
  }

  /** Whether any group is not at normal speed. */
  get custom(): boolean {
    return this.kinds.some((k) => this.speeds[k] !== 'normal');
  }

  /** Set one group's speed and remember it. */
  setSpeed(kind: K, speed: Speed): void {
    this.speeds = { ...this.speeds, [kind]: speed };
    this.#store();
  }

  /** Every group back to normal speed. */
  reset(): void {
    this.speeds = normalSpeeds(this.kinds);
    this.#store();
  }

  #load(): KindSpeeds<K> {
    try {
      return parseSpeedsOf(globalThis.localStorage?.getItem(this.#key), this.kinds);
    } catch {
      return normalSpeeds(this.kinds);
    }
  }

  #store(): void {
    try {
      globalThis.localStorage?.setItem(this.#key, serializeSpeedsOf(this.speeds, this.kinds));
    } catch {
      // Not remembered; harmless.
    }
  }
}
