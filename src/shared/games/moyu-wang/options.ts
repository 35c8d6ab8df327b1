/**
 * 摸鱼王 rule options: every house interpretation of spec §11 a group might play differently, and
 * §9's hidden-role mode, each with the spec's default, its values and a zh/en label and help for
 * the new-match screen. `OPTION_INFO` is the single source. (Readings that change nothing in play —
 * which weekday a colour is, §11.2–3 — are print matters and not options.)
 */
import { optionDefaults, parseOptionTable, type OptionTable } from '../../engine/options';
import type { ParsedOptions } from '../../engine/types';

export interface MwOptions {
  /** §9 — the hidden-role mode (4–9 players). */
  readonly roles: boolean;
  /** §11.32 — who leads round 1. */
  readonly start_player: 'random' | 'seat0';
  /** §11.4 — cards dealt to each player (and the hand overtime draws up to). */
  readonly hand_size: number;
  /** §7.2 — the overtime count that ends the game. */
  readonly overtime_limit: number;
  /** §11.1 — the 21st black card: a Blank Excuse without effect, or a 7th Not Me. */
  readonly blank_excuse: 'blank' | 'not_me';
  /** §11.10 — a multi-card play counts once for the overtime colour, or once per card. */
  readonly group_counts: 'once' | 'per_card';
  /** §11.11 — holiday cards exclude their colour before the maximum is taken, or after (the excluded maximum then means no overtime). */
  readonly holiday_order: 'before_max' | 'after_max';
  /** §11.16 — He Can may name yourself. */
  readonly he_can_self: boolean;
  /** §11.17 — No, It's You answers ordinary settlement too (bouncing to this round's leader). */
  readonly its_you_any: boolean;
  /** §11.18 — Help Me: both players take an overtime marker, or only the one who asked. */
  readonly help_me_markers: 'both' | 'asker';
  /** §11.20 — No Leave counts rainbow leave cards among the lowest numbers. */
  readonly no_leave_rainbow: boolean;
  /** §11.21 — Hustle: the player still works overtime, or escapes it (the cards are discarded). */
  readonly hustle_overtime: boolean;
  /** §11.24 — the black-card tie-break counts hand + score pile, or the score pile only. */
  readonly tie_black: 'hand_and_pile' | 'pile';
}

export const OPTION_INFO: OptionTable<MwOptions> = {
  roles: { values: [false, true], default: false, zh: '身份玩法', en: 'Hidden roles', helpZh: '进阶规则：老板、秘书、老油条、员工（4–9 人），老板公开，其余保密；老板获胜时投票找秘书。', helpEn: 'Advanced rules: Boss, Secretary, Old Hand and Employees (4–9 players); the Boss is public, the rest secret; when the Boss wins, a vote hunts the Secretaries.', ref: '§9' },
  start_player: { values: ['random', 'seat0'], default: 'random', zh: '第一回合谁先出', en: 'Who leads round 1', helpZh: '规则书说“最近休过假的玩家”；软件里随机，或座位 1。', helpEn: 'The rulebook says “whoever last took a holiday”; here random, or seat 1.', ref: '§11.32' },
  hand_size: { values: 'int', min: 3, max: 11, default: 7, zh: '手牌数', en: 'Hand size', helpZh: '开局每人发几张，加班后也摸到这个数（规则书写“摸至7张”）。', helpEn: 'Cards dealt to each player, and the hand overtime draws back up to (the rulebook: “draw up to 7”).', ref: '§11.4' },
  overtime_limit: { values: 'int', min: 1, max: 6, default: 3, zh: '加班几次结束', en: 'Overtimes that end the game', helpZh: '有人累计加班这么多次，游戏结束并计分（规则书：3 次）。', helpEn: 'When a player has worked overtime this many times the game ends and is scored (the rulebook: 3).', ref: '§7.2' },
  blank_excuse: { values: ['blank', 'not_me'], default: 'blank', zh: '第 21 张黑牌', en: 'The 21st black card', helpZh: '规则书列出的借口只有 20 张：第 21 张当作没有效果的空白借口，或当作第 7 张“不是我”。', helpEn: 'The rulebook lists only 20 excuses: the 21st is a Blank Excuse without effect, or a 7th Not Me.', ref: '§11.1' },
  group_counts: { values: ['once', 'per_card'], default: 'once', zh: '多张同色算几次', en: 'A group counts', helpZh: '一次打出的多张同色牌，统计加班颜色时算 1 次（规则书“算作1张”），或每张都算。计分时都按实际张数。', helpEn: 'Several cards of one colour played together count once for the overtime colour (the rulebook: “counts as 1 card”), or once per card. Scoring always counts every card.', ref: '§11.10' },
  holiday_order: { values: ['before_max', 'after_max'], default: 'before_max', zh: '放假牌何时排除', en: 'When holidays exclude', helpZh: '先排除出现 x0 的颜色再找最多的颜色（次多的颜色可能加班），或先找最多的颜色、它若被排除就无人加班。', helpEn: 'Colours with an x0 card are removed before finding the most common colour (the next one may work overtime), or after (an excluded maximum means no overtime).', ref: '§11.11' },
  he_can_self: { values: [false, true], default: false, zh: '“他可以”能指自己', en: 'He Can may name yourself', helpZh: '规则书写“任意玩家”；默认只能指定别人。', helpEn: 'The rulebook says “any player”; by default only another player.', ref: '§11.16' },
  its_you_any: { values: [false, true], default: false, zh: '“不，就是你”随时可用', en: "No, It's You at any time", helpZh: '默认只能反弹给用借口让你加班的人；开启后被正常结算选中时也能用，弹给本回合的首位玩家。', helpEn: 'By default it only bounces to whoever made you work overtime with an excuse; on, it also answers ordinary settlement and bounces to this round’s leader.', ref: '§11.17' },
  help_me_markers: { values: ['both', 'asker'], default: 'both', zh: '“帮帮忙”的加班标记', en: 'Help Me markers', helpZh: '两人各拿 1 个加班标记并摸到满手，或只有出牌的人拿标记（被拉来帮忙的人仍摸牌）。', helpEn: 'Both players take an overtime marker and draw up, or only the player who asked takes one (the helper still draws).', ref: '§11.18' },
  no_leave_rainbow: { values: [true, false], default: true, zh: '“不能放假”算彩色牌', en: 'No Leave counts rainbow', helpZh: '重新结算时彩色请假牌（00–09）也比数字，或只比工作牌和周末牌。', helpEn: 'When settling again, rainbow leave cards (00–09) count among the numbers, or only work and weekend cards do.', ref: '§11.20' },
  hustle_overtime: { values: [true, false], default: true, zh: '“卷起来”后仍加班', en: 'Hustle still works overtime', helpZh: '出“卷起来”的人仍然加班（别人各摸 3 张），或不加班、本回合的牌弃置。', helpEn: 'The player of Hustle still works overtime (everyone else draws 3), or escapes it and the round’s cards are discarded.', ref: '§11.21' },
  tie_black: { values: ['hand_and_pile', 'pile'], default: 'hand_and_pile', zh: '平分比黑牌', en: 'Black-card tie-break', helpZh: '同分时比黑牌数量：手牌加得分区，或只算得分区。', helpEn: 'Ties go to the player with more black cards: hand and score pile, or score pile only.', ref: '§11.24' },
};

export const DEFAULT_OPTIONS: MwOptions = optionDefaults(OPTION_INFO);

/** Check options from a file or a form: defaults filled in, bad values refused, unknown keys warned about. */
export function parseOptions(input: unknown): ParsedOptions<MwOptions> {
  return parseOptionTable(OPTION_INFO, input);
}
