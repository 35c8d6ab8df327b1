/**
 * 斗老闆 rule options: every house interpretation of spec §11 that a group might play differently,
 * and §9's common 斗地主 extras (off by default), each with the spec's default, its values and a
 * zh/en label for the new-match screen. `OPTION_INFO` is the single source.
 */
import { optionDefaults, parseOptionTable, type OptionTable } from '../../engine/options';
import type { ParsedOptions } from '../../engine/types';

export interface DlOptions {
  /** §8.2 — the table's base score B. */
  readonly base_score: number;
  /** The deals in a match (running totals; the match ends after the last). */
  readonly deals: number;
  /** §11.1 — who bids first on the first deal. */
  readonly first_bidder: 'random' | 'seat0';
  /** §11.2 — bidding turns each: 1 (spec) or 2 (a second round to raise). */
  readonly bid_rounds: 1 | 2;
  /** §11.4 — the kitty is shown to everyone (spec) or only to the Boss. */
  readonly kitty_visible: 'all' | 'boss';
  /** §11.15 — the spring / anti-spring factor: ×2 (seed) or ×3 (common online rule). */
  readonly spring_factor: 2 | 3;
  /** §11.16 — payments: zero-sum (Boss ±2U, each Employee ∓U) or the seed's literal ×2 on both lines. */
  readonly payment: 'zero_sum' | 'literal';
  /** §9 — bomb cap: the bomb multiplier doubles at most this many times (0: no cap). */
  readonly bomb_cap: number;
  /** §9 搶地主 — after bidding, each Employee in turn may rob the Boss seat (×2 each rob). */
  readonly rob: boolean;
  /** §9 加倍 — after the kitty, each player may double its stake. */
  readonly doubling: boolean;
  /** §9 明牌 — the Boss may play with its hand shown (×2). */
  readonly show_hand: boolean;
}

export const OPTION_INFO: OptionTable<DlOptions> = {
  base_score: { values: 'int', min: 1, max: 100, default: 1, zh: '底分', en: 'Base score', helpZh: '每手的得分 = 底分 × 叫分 × 炸彈倍數 × 春天倍數。', helpEn: 'A deal scores base × bid × bomb multiplier × spring multiplier.', ref: '§8.2' },
  deals: { values: 'int', min: 1, max: 50, default: 6, zh: '一場的手數', en: 'Deals in a match', helpZh: '打完這麼多手後比總分。', helpEn: 'The match ends after this many deals; the totals decide.', ref: '§8.4' },
  first_bidder: { values: ['random', 'seat0'], default: 'random', zh: '第一手誰先叫', en: 'First bidder of the match', helpZh: '隨機（規則的讀法），或座位 1；之後每手輪到下家先叫。', helpEn: 'Random (the spec’s reading) or seat 1; each later deal the next seat bids first.', ref: '§11.1' },
  bid_rounds: { values: [1, 2], default: 1, zh: '叫分輪數', en: 'Bidding rounds', helpZh: '每人只叫一次（規則的讀法），或可以在第二輪再加價。', helpEn: 'One bid each (the spec’s reading), or a second round to raise.', ref: '§11.2' },
  kitty_visible: { values: ['all', 'boss'], default: 'all', zh: '底牌給誰看', en: 'Who sees the kitty', helpZh: '亮給所有人（原文），或只有老闆看。', helpEn: 'Shown to everyone (the seed), or to the Boss only.', ref: '§11.4' },
  spring_factor: { values: [2, 3], default: 2, zh: '春天 / 返春倍數', en: 'Spring factor', helpZh: '原文是 ×2；不少線上版本用 ×3。', helpEn: 'The seed says ×2; many online versions use ×3.', ref: '§11.15' },
  payment: { values: ['zero_sum', 'literal'], default: 'zero_sum', zh: '輸贏怎麼付', en: 'Payments', helpZh: '零和：老闆 ±2 份，每位員工 ∓1 份（規則的讀法）；照字面：兩邊都 ×2（不零和）。', helpEn: 'Zero-sum: the Boss ±2 units, each Employee ∓1 (the spec’s reading); literal: ×2 on both lines, as the seed writes (not zero-sum).', ref: '§11.16' },
  bomb_cap: { values: 'int', min: 0, max: 10, default: 0, zh: '炸彈封頂', en: 'Bomb cap', helpZh: '炸彈倍數最多翻幾次（0 = 不封頂）。常見的加玩規則，原文沒有。', helpEn: 'How many times bombs may double the score (0 = no cap). A common extra, not in the seed.', ref: '§9' },
  rob: { values: [false, true], default: false, zh: '搶老闆', en: 'Rob the Boss', helpZh: '叫完分後，員工可以依次搶老闆，每搶一次 ×2。常見的加玩規則，原文沒有。', helpEn: 'After bidding, each Employee in turn may rob the Boss seat, ×2 each time. A common extra, not in the seed.', ref: '§9' },
  doubling: { values: [false, true], default: false, zh: '加倍', en: 'Doubling', helpZh: '拿底牌後，每人可以選擇加倍自己的輸贏。常見的加玩規則，原文沒有。', helpEn: 'After the kitty, each player may double its own stake. A common extra, not in the seed.', ref: '§9' },
  show_hand: { values: [false, true], default: false, zh: '明牌', en: 'Show hand', helpZh: '老闆可以亮出整手牌來打，×2。常見的加玩規則，原文沒有。', helpEn: 'The Boss may play with its hand face up, ×2. A common extra, not in the seed.', ref: '§9' },
};

export const DEFAULT_OPTIONS: DlOptions = optionDefaults(OPTION_INFO);

/** Check options from a file or a form: defaults filled in, bad values refused, unknown keys warned about. */
export function parseOptions(input: unknown): ParsedOptions<DlOptions> {
  return parseOptionTable(OPTION_INFO, input, 'traditional');
}
