/**
 * 生肖赛跑 rule options: the spec's house interpretations (§13) that a group may want to read
 * otherwise, each with the spec's default, the accepted values, a zh/en description and the §13
 * item it comes from; `parseOptions` checks options arriving from a save file, the CLI or the UI.
 * `OPTION_INFO` is the single source: the defaults and the validator are derived from it.
 */
import { engineError } from '../../engine/errors';
import type { ParsedOptions } from '../../engine/types';

/** All rule options of a match. */
export interface ZrOptions {
  /** §11 — free-for-all, or 2 / 3 teams of equal size (4 players: 2 teams; 6: 2 or 3 teams). */
  readonly mode: 'ffa' | '2teams' | '3teams';
  /** §13 #1 — squares on the loop: 36, or 24 for the quick race. */
  readonly track_length: 36 | 24;
  /** §13 #2 — a transform square every 3rd square (two plain squares between stars) or every 2nd. */
  readonly star_spacing: 3 | 2;
  /** §10 — lap points that win (free-for-all); a team needs team size × this + 1. Quick race: 5. */
  readonly target_points: number;
  /** §13 #8 — the normal roll is mandatory once per turn. */
  readonly roll_mandatory: boolean;
  /** §13 #12 — passive powers are activations: optional, they lock the turn and a Dog may negate them. */
  readonly passives_are_activations: boolean;
  /** §13 #11 — stopping on a star is allowed on any own-turn forward move (roll or effect), or on rolls only. */
  readonly star_stop: 'any_move' | 'rolls_only';
  /** §13 #28 — bonus rolls for a Rabbit triple of three equal dice: 2 (spec) or 3. */
  readonly rabbit_triple_bonus: 2 | 3;
  /** §13 #35 / #46 — Horse H2 and Pig P2 apply to the turn's first normal roll only (or to every roll). */
  readonly h2_p2_first_roll_only: boolean;
  /** §13 #50 — who starts: seat 0 (the host's choice) or a seeded random seat. */
  readonly first_player: 'seat0' | 'random';
  /** §4 — each player picks a starting animal, or the animals are dealt at random (seeded). */
  readonly starting_zodiacs: 'choose' | 'random';
}

type Info<T> = { values: readonly T[] | 'int'; min?: number; max?: number; zh: string; en: string; ref: string };

/** Every option: accepted values, description, the spec item it implements. */
export const OPTION_INFO: { [K in keyof ZrOptions]: Info<ZrOptions[K]> & { default: ZrOptions[K] } } = {
  mode: { values: ['ffa', '2teams', '3teams'], default: 'ffa', zh: '模式：各自为战，或分成 2 / 3 支人数相同的队伍', en: 'Mode: free-for-all, or 2 / 3 teams of equal size', ref: '§11' },
  track_length: { values: [36, 24], default: 36, zh: '赛道格数（24 为快速赛）', en: 'Squares on the loop (24 = quick race)', ref: '§13 #1' },
  star_spacing: { values: [3, 2], default: 3, zh: '变换格间距：每 3 格或每 2 格一个', en: 'A transform square every 3rd or every 2nd square', ref: '§13 #2' },
  target_points: { values: 'int', min: 1, max: 50, default: 10, zh: '获胜所需圈数分（队伍：人数×分数+1）', en: 'Lap points to win (team: size × points + 1)', ref: '§10' },
  roll_mandatory: { values: [true, false], default: true, zh: '每回合必须正常掷骰一次', en: 'The normal roll is mandatory once per turn', ref: '§13 #8' },
  passives_are_activations: { values: [true, false], default: true, zh: '被动效果也算发动（可选择、锁定生肖、可被狗无效）', en: 'Passive powers are activations (optional, lock the turn, negatable by Dog)', ref: '§13 #12' },
  star_stop: { values: ['any_move', 'rolls_only'], default: 'any_move', zh: '可在变换格停下：任何己方前进 / 仅掷骰前进', en: 'Stop on a star: on any own-turn forward move / on rolls only', ref: '§13 #11' },
  rabbit_triple_bonus: { values: [2, 3], default: 2, zh: '兔三个相同点数的奖励掷骰次数', en: 'Bonus rolls for a Rabbit triple', ref: '§13 #28' },
  h2_p2_first_roll_only: { values: [true, false], default: true, zh: '马(2)、猪(2)只作用于回合第一次正常掷骰', en: 'Horse H2 and Pig P2 apply to the first normal roll only', ref: '§13 #35 #46' },
  first_player: { values: ['seat0', 'random'], default: 'seat0', zh: '先手：座位 1（主持人指定）或随机', en: 'First player: Seat 1 (host choice) or random', ref: '§13 #50' },
  starting_zodiacs: { values: ['choose', 'random'], default: 'choose', zh: '起始生肖：玩家选择或随机分配', en: 'Starting animals: chosen by the players or dealt at random', ref: '§4' },
};

/** The spec's defaults. */
export const DEFAULT_OPTIONS: ZrOptions = Object.freeze(Object.fromEntries(Object.entries(OPTION_INFO).map(([k, v]) => [k, v.default])) as unknown as ZrOptions);

/** Validate options: fills defaults, refuses bad values (message in zh and en), refuses unknown keys. */
export function parseOptions(input: unknown): ParsedOptions<ZrOptions> {
  const obj = input === undefined || input === null ? {} : input;
  if (typeof obj !== 'object' || Array.isArray(obj)) return engineError('zodiac-race/invalid-options', '规则选项必须是对象。', 'Rule options must be an object.');
  const out: Record<string, unknown> = { ...DEFAULT_OPTIONS };
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const info = (OPTION_INFO as Record<string, Info<unknown>>)[k];
    if (!info) {
      const keys = Object.keys(OPTION_INFO).join(', ');
      return engineError('zodiac-race/invalid-options', `未知的规则选项 "${k}"；可用：${keys}。`, `Unknown rule option "${k}"; options are: ${keys}.`);
    }
    if (info.values === 'int') {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < info.min! || v > info.max!)
        return engineError('zodiac-race/invalid-options', `${k} 必须是 ${info.min}–${info.max} 的整数（得到 ${JSON.stringify(v)}）。`, `${k} must be a whole number ${info.min}–${info.max} (got ${JSON.stringify(v)}).`);
    } else if (!info.values.includes(v)) {
      const list = info.values.map((x) => JSON.stringify(x)).join(' / ');
      return engineError('zodiac-race/invalid-options', `${k} 必须是 ${list}（得到 ${JSON.stringify(v)}）。`, `${k} must be ${list} (got ${JSON.stringify(v)}).`);
    }
    out[k] = v;
  }
  return { ok: true, options: Object.freeze(out) as unknown as ZrOptions, warnings: [] };
}

/** Teams of a mode (0 = free-for-all). */
export function teamCount(o: ZrOptions): number {
  return o.mode === '2teams' ? 2 : o.mode === '3teams' ? 3 : 0;
}

/** Why a seat count does not fit the options, or null. */
export function seatProblem(o: ZrOptions, players: number): { zh: string; en: string } | null {
  if (!Number.isInteger(players) || players < 2 || players > 6) return { zh: `玩家人数必须是 2–6（得到 ${players}）。`, en: `Players must be 2–6 (got ${players}).` };
  const t = teamCount(o);
  if (t && (players % t !== 0 || players / t < 2))
    return { zh: `${t} 队模式需要每队人数相同且至少 2 人：4 人（2 队）或 6 人（2 或 3 队）（得到 ${players} 人）。`, en: `${t}-team mode needs equal teams of at least 2: 4 players (2 teams) or 6 (2 or 3 teams) (got ${players}).` };
  return null;
}
