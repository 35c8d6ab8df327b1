/**
 * 斗十四 rule options. The seed stops mid-rule (spec §13), so every rule the spec completed — [R],
 * carried over from the long-card game, or [H], a house reading — is an option here with the spec's
 * default, and its help says it is a completion, not the seed's. `OPTION_INFO` is the single source.
 */
import { optionDefaults, parseOptionTable, type OptionInfo } from '../../engine/options';
import type { ParsedOptions } from '../../engine/types';

export interface DsOptions {
  /** §2.1 [S] — jokers in the deck: 2 (双鬼), 4 (the seed's advice) or 6 (6鬼). */
  readonly jokers: 2 | 4 | 6;
  /** Hands in a match (running totals; the match ends after the last). */
  readonly hands: number;
  /** §9 [H] — the base score B. */
  readonly base_score: number;
  /** §8 [S for 4 players; H otherwise] — red points a win needs. */
  readonly red_threshold: number;
  /** §9 [H] — the 番 cap. */
  readonly fan_cap: number;
  /** §9 [H] — 番 per joker the winner owns. */
  readonly joker_fan: number;
  /** §9 [R1] — 番 per gang. */
  readonly gang_fan: number;
  /** §9 [R1] — 番 for 天走 / 接地. */
  readonly heaven_fan: number;
  /** §9 [H] — 番 for winning on a card you flipped. */
  readonly self_flip_fan: number;
  /** §9 [H] — 番 for ≥ 30 red points. */
  readonly red30_fan: number;
  /** §9 [R1] — 全红 / 全黑 score the cap, or count like any hand. */
  readonly colour_hand: 'cap' | 'plain';
  /** §6 [H] — 天走 (the dealer's complete hand before the first discard). */
  readonly tianzou: boolean;
  /** §8 [H] — 接地 (a win on the dealer's first discard). */
  readonly jiedi: boolean;
  /** §9 [H] — who pays for a win on a discard: the discarder alone, or everyone. */
  readonly discard_pays: 'discarder' | 'all';
  /** §6, §7.2 [H] — 加杠 (the 4th card onto an exposed peng). */
  readonly add_gang: boolean;
  /** §6 [H] — cards taken in an exchange may be exchanged again at once. */
  readonly chain_exchange: boolean;
  /** §5 [H] — a joker turned for the first dealer: turn again, or count it as 14. */
  readonly dealer_joker: 'again' | 'fourteen';
  /** §7.5 [H] — after 流局 the dealer stays, or passes to the next seat. */
  readonly draw_dealer: 'stay' | 'next';
  /** §9.1 [R1] — 漂: each player may declare before the deal; payments to or from them double. */
  readonly piao: boolean;
  /** §9.1 [S mentions, H rule] — the dealer must call stop at 8 cards, or the deal is void and the dealer pays B each. */
  readonly stop_call: boolean;
}

/** `tag`: the seed's rule (S), a completion from long-card 斗十四 (R) or a house reading (H), or how the table is run (table). */
/** An option, and whether its rule is the seed's (S), a completion (R, H) or a table matter. */
type Info<T> = OptionInfo<T> & { tag: 'S' | 'R' | 'H' | 'table' };

const R_ZH = '（補全規則，取自長牌斗十四；原文在此處中斷。）';
const R_EN = ' (A completion carried over from long-card Dou Shisi; the seed is cut off before this.)';
const H_ZH = '（補全規則，本桌的讀法；原文在此處中斷。）';
const H_EN = ' (A completion, the house reading; the seed is cut off before this.)';

export const OPTION_INFO: { [K in keyof DsOptions]: Info<DsOptions[K]> } = {
  jokers: { values: [2, 4, 6], default: 4, zh: '鬼的張數', en: 'Jokers', helpZh: '雙鬼（54 張）、4 鬼（56 張，原文建議）或 6 鬼（58 張）。原文規則。', helpEn: '2 (54 cards), 4 (56 cards, the seed’s advice) or 6 (58 cards). The seed’s rule.', ref: '§2.1', tag: 'S' },
  hands: { values: 'int', min: 1, max: 50, default: 4, zh: '一場的手數', en: 'Hands in a match', helpZh: '打完這麼多手後比總分。', helpEn: 'The match ends after this many hands; the totals decide.', ref: '§9', tag: 'table' },
  base_score: { values: 'int', min: 1, max: 100, default: 1, zh: '底分', en: 'Base score', helpZh: '每手 = 底分 × 2^番。' + H_ZH, helpEn: 'A hand is worth base × 2^fan.' + H_EN, ref: '§9', tag: 'H' },
  red_threshold: { values: 'int', min: 0, max: 116, default: 20, zh: '糊牌要的紅點', en: 'Red points to win', helpZh: '四人打法原文是 20 點；其他人數沿用 20。' + H_ZH, helpEn: 'The seed gives 20 for four players; other player counts keep 20.' + H_EN, ref: '§8', tag: 'H' },
  fan_cap: { values: 'int', min: 0, max: 20, default: 4, zh: '封頂番數', en: 'Fan cap', helpZh: '番數最多算到這裡。' + H_ZH, helpEn: 'Fan counts at most this much.' + H_EN, ref: '§9', tag: 'H' },
  joker_fan: { values: 'int', min: 0, max: 5, default: 1, zh: '每張鬼的番', en: 'Fan per joker', helpZh: '原文說鬼像花牌一樣算番；每張幾番是補全的。' + H_ZH, helpEn: 'The seed says jokers count toward fan like flowers; how much is completed.' + H_EN, ref: '§9', tag: 'H' },
  gang_fan: { values: 'int', min: 0, max: 5, default: 1, zh: '每個槓的番', en: 'Fan per gang', helpZh: '四張一樣的亮在桌上，每個一番。' + R_ZH, helpEn: 'Each four of a kind on the table.' + R_EN, ref: '§9', tag: 'R' },
  heaven_fan: { values: 'int', min: 0, max: 5, default: 2, zh: '天走 / 接地的番', en: 'Fan for 天走 / 接地', helpZh: '比照長牌的天胡、地胡。' + R_ZH, helpEn: 'As long-card heaven and earth wins.' + R_EN, ref: '§9', tag: 'R' },
  self_flip_fan: { values: 'int', min: 0, max: 5, default: 1, zh: '自翻糊的番', en: 'Fan for a win on your own flip', helpZh: '糊自己翻出的牌。' + H_ZH, helpEn: 'Winning on a card you flipped yourself.' + H_EN, ref: '§9', tag: 'H' },
  red30_fan: { values: 'int', min: 0, max: 5, default: 1, zh: '30 紅以上的番', en: 'Fan for 30+ red points', helpZh: '紅點合計 30 以上。' + H_ZH, helpEn: 'A red total of 30 or more.' + H_EN, ref: '§9', tag: 'H' },
  colour_hand: { values: ['cap', 'plain'], default: 'cap', zh: '全紅 / 全黑怎麼算', en: 'All red / all black scores', helpZh: '封頂（長牌的紅胡、黑胡），或照一般的番算。全紅、全黑不受紅點限制是原文；算分是補全的。' + R_ZH, helpEn: 'The cap (as long-card red and black wins), or fan as usual. That they skip the red rule is the seed’s; the score is completed.' + R_EN, ref: '§9', tag: 'R' },
  tianzou: { values: [true, false], default: true, zh: '天走', en: '天走 (heaven walk)', helpZh: '換牌後、首家出第一張牌前，首家的牌全部湊成十四即可糊，不看紅點。原文只有名字；定義是補全的。' + H_ZH, helpEn: 'After the exchanges, before the dealer’s first discard, a dealer whose whole hand pairs to 14 wins, red points waived. The seed names it only; the definition is completed.' + H_EN, ref: '§6', tag: 'H' },
  jiedi: { values: [true, false], default: true, zh: '接地', en: '接地 (catch the ground)', helpZh: '閒家糊首家打出的第一張牌，不看紅點。原文只有名字；定義是補全的。' + H_ZH, helpEn: 'A non-dealer wins on the dealer’s first discard, red points waived. The seed names it only; the definition is completed.' + H_EN, ref: '§8', tag: 'H' },
  discard_pays: { values: ['discarder', 'all'], default: 'discarder', zh: '點炮誰付', en: 'Who pays a discard win', helpZh: '糊別人打出的牌：打牌的人一個人付（點炮），或其他人都付；糊翻出的牌總是其他人都付。' + H_ZH, helpEn: 'A win on a discard: the discarder alone pays, or every other player; a win on a flip is always paid by every other player.' + H_EN, ref: '§9', tag: 'H' },
  add_gang: { values: [true, false], default: true, zh: '加槓', en: 'Add to a peng (加杠)', helpZh: '把第四張加到自己亮出的碰上，再摸一張。' + H_ZH, helpEn: 'Put the fourth card onto your exposed peng and take one card.' + H_EN, ref: '§6', tag: 'H' },
  chain_exchange: { values: [true, false], default: true, zh: '連續投牌', en: 'Chained exchanges', helpZh: '投牌換起來的牌可以馬上再投。' + H_ZH, helpEn: 'Cards taken in an exchange may be exchanged again at once.' + H_EN, ref: '§6', tag: 'H' },
  dealer_joker: { values: ['again', 'fourteen'], default: 'again', zh: '定首家翻到鬼', en: 'Joker turned for the first dealer', helpZh: '再翻一張，或當 14 數。' + H_ZH, helpEn: 'Turn another card, or count it as 14.' + H_EN, ref: '§5', tag: 'H' },
  draw_dealer: { values: ['stay', 'next'], default: 'stay', zh: '流局後的首家', en: 'Dealer after a drawn hand', helpZh: '原首家連莊，或換下家。' + H_ZH, helpEn: 'The dealer stays, or the next seat deals.' + H_EN, ref: '§7.5', tag: 'H' },
  piao: { values: [false, true], default: false, zh: '漂', en: 'Piao (漂)', helpZh: '每手發牌前每人可以選擇漂；與漂的人之間的輸贏加倍（兩人都漂 ×4）。' + R_ZH, helpEn: 'Before each deal a player may declare piao; payments to or from them double (×4 if both did).' + R_EN, ref: '§9.1', tag: 'R' },
  stop_call: { values: [false, true], default: false, zh: '首家叫停', en: 'Dealer’s stop call', helpZh: '首家摸到 8 張要叫停；沒叫停則下家多摸，這手作廢，首家付每人一份底分。原文提到罰則；怎麼罰是補全的。' + H_ZH, helpEn: 'The dealer must call stop at 8 cards; if not, the next player overdraws, the deal is void and the dealer pays each player the base. The seed mentions a penalty; its form is completed.' + H_EN, ref: '§9.1', tag: 'H' },
};

export const DEFAULT_OPTIONS: DsOptions = optionDefaults<DsOptions>(OPTION_INFO);

/** Check options from a file or a form: defaults filled in, bad values refused, unknown keys warned about. */
export function parseOptions(input: unknown): ParsedOptions<DsOptions> {
  return parseOptionTable<DsOptions>(OPTION_INFO, input, 'traditional');
}

/** The seat counts a deck allows (§9.1): 2–5 with any jokers, 6 only with 6 jokers. */
export function playersAllowed(players: number, jokers: number): boolean {
  return Number.isInteger(players) && players >= 2 && (players <= 5 || (players === 6 && jokers === 6));
}
