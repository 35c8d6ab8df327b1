import { ACTION_KINDS, NORMAL_SPEEDS, parseSpeeds, serializeSpeeds, type ActionKind, type KindSpeeds, type Speed } from '../features/table/model/pace';

const SPEEDS_KEY = 'fuqi.table.pace.doufu';

/**
 * The 斗福 table's speed per group of actions (model/pace.ts), remembered in this browser's
 * storage like the overall bot pace (TableBots). The pace popover of the bar sets them.
 */
export class TablePace {
  /** The groups, in the order the popover lists them. */
  readonly kinds: readonly ActionKind[] = ACTION_KINDS;
  /** Every group's speed. */
  speeds = $state.raw<KindSpeeds>(load());

  /** Whether any group is not at normal speed. */
  get custom(): boolean {
    return this.kinds.some((k) => this.speeds[k] !== 'normal');
  }

  /** Set one group's speed and remember it. */
  setSpeed(kind: ActionKind, speed: Speed): void {
    this.speeds = { ...this.speeds, [kind]: speed };
    store(this.speeds);
  }

  /** Every group back to normal speed. */
  reset(): void {
    this.speeds = NORMAL_SPEEDS;
    store(this.speeds);
  }
}

function load(): KindSpeeds {
  try {
    return parseSpeeds(globalThis.localStorage?.getItem(SPEEDS_KEY));
  } catch {
    return NORMAL_SPEEDS;
  }
}

function store(speeds: KindSpeeds): void {
  try {
    globalThis.localStorage?.setItem(SPEEDS_KEY, serializeSpeeds(speeds));
  } catch {
    // Not remembered; harmless.
  }
}
