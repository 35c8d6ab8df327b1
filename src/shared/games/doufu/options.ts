/**
 * 斗福 rule options: every house-interpretation toggle of spec Appendix B / §8, with the spec's
 * defaults, the accepted values, a Chinese and an English description and the [HI-n] it comes
 * from (for the new-game screen), and `parseOptions` for options arriving from a save file, the
 * CLI or the UI.
 *
 * Invariants:
 * - Keys are the spec's `option_key`s verbatim (snake_case), so a save file, the spec and the
 *   new-game screen name an option the same way.
 * - `OPTION_INFO` is the single source: `DEFAULT_OPTIONS` and the validator are derived from it,
 *   and its type forces an entry for every member of `DoufuOptions`.
 * - Options are fixed for a whole match (they are part of the replay record with the seed).
 */
import { err, ok, type Result } from '../../util/result';

/** All rule options of a 斗福 match. Each member names its [HI-n]; the default is the spec's reading. */
export interface DoufuOptions {
  /** HI-03 — 运 value of a card assigned 双运 toward 时来运转: 2 (default) or 1. */
  readonly shuangyun_value: 2 | 1;
  /** HI-04 — 福蛇 assigned 双运 keeps its 打草惊蛇 skill. Default false. */
  readonly dual_nonfu_side_keeps_skill: boolean;
  /** HI-09 — reshuffle right: one per player per match (default) or once per match for the table. */
  readonly reshuffle_scope: 'per_player' | 'global';
  /** HI-11 — four of a zodiac in the pool mid-hand (蒙换, 福虎) voids the hand. Default true. */
  readonly midhand_huangpai_voids_hand: boolean;
  /** HI-13 — a flipped 4th card takes a 三叠 (叠蒙 hit, 福马, Roulette). Default true. */
  readonly santie_taken_by_flip: boolean;
  /** HI-14 — single cards may be eaten or swapped out of a 三叠. Default false. */
  readonly santie_splittable: boolean;
  /** HI-16 — the turn skipped for taking a 三叠 discards all pending modifiers. Default true. */
  readonly santie_skip_consumes_modifiers: boolean;
  /** HI-18 — 福蛇 swaps two cards of the same zodiac (default) or any two cards. */
  readonly fushe_swap_rule: 'same_zodiac' | 'any_cards';
  /** HI-19 — for 地利 a quad in hand counts as two pairs. Default true. */
  readonly dili_quad_as_two_pairs: boolean;
  /** HI-19 — a hand with 天时 and 地利 scores both (22); false: the larger (12). Default true. */
  readonly tianshi_dili_cumulative: boolean;
  /** HI-27 — a Roulette match lets the player flip again. Default true. */
  readonly roulette_continue_on_match: boolean;
  /** HI-36 — the target of 福兔 / 福马 may refuse the gift. Default false. */
  readonly gift_target_may_decline: boolean;
  /** HI-37 — 福龙's "non-金/玉" is judged by assigned attribute (default) or by card identity. */
  readonly fulong_exclusion_basis: 'assigned_attr' | 'card_identity';
  /** HI-40 — 福羊's discarded hand goes into the deck (default) or out of play for the hand. */
  readonly fuyang_discard_to: 'deck' | 'removed';
  /** HI-41 — the flip that follows a 福鸡 peek counts as skill-caused. Default false. */
  readonly fuji_followup_mong_skill_caused: boolean;
  /** HI-50 — 二龙戏珠 / 藏龙卧虎 need 金龙 assigned 金 and 福蛇 assigned 福. Default true. */
  readonly named_combo_requires_assigned_attr: boolean;
  /** HI-52 — settlement value W: the declarer's total score (default) or its single best combo. */
  readonly settlement_value: 'total_score' | 'declared_combo_only';
  /** HI-54 — a non-declarer holding 泥猪癞狗 loses 1 extra 福气. Default true. */
  readonly nizhu_applies_to_non_declarers: boolean;
  /** HI-55 — a declaration window opens when the point value changes (default) or when the cards change. */
  readonly declare_trigger: 'score_change' | 'card_change';
  /** HI-55 — players may declare outside their own turn. Default true. */
  readonly declare_out_of_turn: boolean;
  /** HI-56 — consecutive 流局 multiply: ×2^k. Default false (always ×2). */
  readonly nirvana_stacking: boolean;
  /** HI-57 — hand and pool sizes follow the number of players still in. Default true. */
  readonly deal_counts_by_active_players: boolean;
  /** §7, HI-60 — combos a 2v2 team needs to declare: whole number 1–12, default 2. */
  readonly team_min_dazi: number;
  /** HI-60 — 2v2 combo count: each 人和 set counts (default) or all sets count once. */
  readonly team_dazi_count_mode: 'families_plus_sets' | 'distinct_rows';
  /** HI-61 — 2v2: 天时 may be declared without a second combo. Default true. */
  readonly team_tianshi_exempt: boolean;
  /** HI-64 — 2v2: a 福鸡 declaration ban blocks the whole team (default) or only its user. */
  readonly team_fuji_ban_scope: 'team' | 'player';
}

/** A rule option's key. */
export type OptionKey = keyof DoufuOptions;
/** Chinese and English text. */
export interface Bilingual {
  readonly zh: string;
  readonly en: string;
}
/** Which part of the game reads an option (for grouping on the new-game screen). */
export type OptionTopic = 'components' | 'setup' | 'actions' | 'skills' | 'scoring' | 'declaring' | 'settlement' | 'match' | 'team';

/** What the new-game screen and the validator know about one option. */
export interface OptionInfo<V> {
  /** The spec's default (its house interpretation). */
  readonly default: V;
  /** Accepted values, default first; integer options give an inclusive range instead. */
  readonly accepts: readonly V[] | { readonly min: number; readonly max: number };
  /** The house interpretation in spec §8 this option toggles. */
  readonly ref: string;
  readonly topic: OptionTopic;
  /** A short title. */
  readonly title: Bilingual;
  /** What the option does, and what the default reading is. */
  readonly description: Bilingual;
  /** Labels for the values of non-boolean choices, by value. */
  readonly labels?: Readonly<Record<string, Bilingual>>;
}

const BOOL = [true, false] as const;
const BOOL_F = [false, true] as const;
const t = (zh: string, en: string): Bilingual => ({ zh, en });

/** Every option with its default, accepted values, reference and descriptions, in Appendix B order. */
export const OPTION_INFO: { readonly [K in OptionKey]: OptionInfo<DoufuOptions[K]> } = {
  shuangyun_value: { default: 2, accepts: [2, 1], ref: 'HI-03', topic: 'scoring', title: t('双运计值', 'Double-luck value'),
    description: t('归为双运的福蛇/红气鸡在「时来运转」中计几张运（门槛与加分都按此计）。', 'How much Luck a card chosen as Double Luck counts for Luck Turns, both for the threshold of 10 and for the extras.'),
    labels: { 2: t('计 2', 'counts 2'), 1: t('计 1（双运只是名称）', 'counts 1 (Double Luck is only a name)') } },
  dual_nonfu_side_keeps_skill: { default: false, accepts: BOOL_F, ref: 'HI-04', topic: 'skills', title: t('双运福蛇保留技能', 'Double-luck Snake keeps its skill'),
    description: t('福蛇归为双运后是否仍可发动「打草惊蛇」。默认否：归类后即为该类牌。', 'Whether a Fortune Snake chosen as Double Luck can still use Score Swap. Default no: once chosen, a card is only that attribute.') },
  reshuffle_scope: { default: 'per_player', accepts: ['per_player', 'global'], ref: 'HI-09', topic: 'setup', title: t('重新洗牌次数', 'Reshuffle rights'),
    description: t('福神发牌后可要求重新洗牌：每名玩家每局一次，或全桌每局一次。', 'The Fortune God may demand a full redeal: once per player per match, or once per match for the whole table.'),
    labels: { per_player: t('每人一次', 'once per player'), global: t('全桌一次', 'once for the table') } },
  midhand_huangpai_voids_hand: { default: true, accepts: BOOL, ref: 'HI-11', topic: 'actions', title: t('盘中荒牌作废', 'Mid-hand dead hand voids the hand'),
    description: t('蒙换或福虎使池中出现同一生肖4张时，本盘作废重发；否则4张照常留在池中。', 'Four of a zodiac in the pool after a flip-swap or Fortune Tiger voids the hand (redeal, no scoring); if off, they simply stay in the pool.') },
  santie_taken_by_flip: { default: true, accepts: BOOL, ref: 'HI-13', topic: 'actions', title: t('翻牌可取三叠', 'A flip takes a triple stack'),
    description: t('叠蒙、福马或轮盘蒙打翻出第4张时一并取走三叠；否则只能用手牌吃走。', 'Flipping the 4th card (stack-and-flip, Fortune Horse, Roulette) takes the triple stack; if off, only eating from hand can take it.') },
  santie_splittable: { default: false, accepts: BOOL_F, ref: 'HI-14', topic: 'actions', title: t('三叠可拆', 'Triple stack can be split'),
    description: t('是否可用吃牌或蒙换从三叠中取走单张。默认不可，三叠只能整体取走。', 'Whether one card can be eaten or swapped out of a triple stack. Default no: it is taken whole.') },
  santie_skip_consumes_modifiers: { default: true, accepts: BOOL, ref: 'HI-16', topic: 'skills', title: t('三叠停一回合清除限制', 'Triple-stack skip clears modifiers'),
    description: t('因取得三叠而停止的那一回合同时清除身上所有待执行的技能限制。', 'The turn skipped for taking a triple stack also discards every pending Fortune Rat, Fortune Monkey or Fortune Pig restriction on that player.') },
  fushe_swap_rule: { default: 'same_zodiac', accepts: ['same_zodiac', 'any_cards'], ref: 'HI-18', topic: 'skills', title: t('福蛇交换规则', 'Snake swap rule'),
    description: t('打草惊蛇交换的两张得分区牌须为同一生肖，或可为任意两张。', 'The two score-area cards Score Swap swaps must share a zodiac, or may be any two cards.'),
    labels: { same_zodiac: t('同生肖', 'same zodiac'), any_cards: t('任意两张', 'any two cards') } },
  dili_quad_as_two_pairs: { default: true, accepts: BOOL, ref: 'HI-19', topic: 'scoring', title: t('地利：四张算两对', "Earth's Advantage: a quad is two pairs"),
    description: t('判定地利（三组配对）时，同生肖4张算作两对。', "For Earth's Advantage (three pairs in the opening hand) four of a zodiac count as two pairs.") },
  tianshi_dili_cumulative: { default: true, accepts: BOOL, ref: 'HI-19', topic: 'scoring', title: t('天时地利可叠加', "Heaven's Timing and Earth's Advantage add up"),
    description: t('开局同时满足天时与地利时计 12+10=22 分；否则只计较大者 12 分。', 'An opening hand with both scores 12 + 10 = 22; if off, only the larger, 12.') },
  roulette_continue_on_match: { default: true, accepts: BOOL, ref: 'HI-27', topic: 'actions', title: t('轮盘蒙打配对后续翻', 'Roulette: flip again after a match'),
    description: t('轮盘蒙打翻中后继续翻牌，直到未中为止；否则每回合只翻一张。', 'In the Roulette phase a match lets the player flip again until a miss; if off, one flip per turn.') },
  gift_target_may_decline: { default: false, accepts: BOOL_F, ref: 'HI-36', topic: 'skills', title: t('福兔/福马目标可拒绝', 'Targets may refuse Fortune Rabbit / Fortune Horse'),
    description: t('守株待兔、马不停蹄的目标能否拒绝额外摸牌或翻牌。默认不可。', 'Whether the target of Extra Draw / Extra Flip may refuse the extra draw or flip. Default no.') },
  fulong_exclusion_basis: { default: 'assigned_attr', accepts: ['assigned_attr', 'card_identity'], ref: 'HI-37', topic: 'skills', title: t('福龙可取范围', 'What Fortune Dragon may take'),
    description: t('画龙点睛不能取金、玉牌：按归属属性判断（归为紫气的金龙可取），或按牌面判断。', 'Dot the Eye cannot take Gold or Jade cards: judged by the chosen attribute (a Gold Dragon chosen as Purple Qi can be taken), or by the card itself.'),
    labels: { assigned_attr: t('按归属属性', 'by assigned attribute'), card_identity: t('按牌面', 'by card') } },
  fuyang_discard_to: { default: 'deck', accepts: ['deck', 'removed'], ref: 'HI-40', topic: 'skills', title: t('福羊弃牌去向', 'Where Fortune Goat discards go'),
    description: t('亡羊补牢弃掉的手牌洗回牌库，或本盘移出游戏。', 'The hand thrown away by Mulligan is shuffled into the deck, or is out of play for the hand.'),
    labels: { deck: t('洗回牌库', 'into the deck'), removed: t('移出本盘', 'out of play') } },
  fuji_followup_mong_skill_caused: { default: false, accepts: BOOL_F, ref: 'HI-41', topic: 'declaring', title: t('福鸡后的蒙算技能', 'Flip after Fortune Rooster is skill-caused'),
    description: t('闻鸡起舞之后目标的那次蒙是否算技能导致（不能开启宣胜）。默认否，是正常行动。', 'Whether the flip that follows Cockcrow Peek is skill-caused (opens no declaration window). Default no: it is an ordinary action.') },
  named_combo_requires_assigned_attr: { default: true, accepts: BOOL, ref: 'HI-50', topic: 'scoring', title: t('二龙戏珠/藏龙卧虎看归属', 'Named combos use assigned attributes'),
    description: t('二龙戏珠、藏龙卧虎要求金龙归为金、福蛇归为福；否则有这两张牌即可。', 'Two Dragons Play with a Pearl and Hidden Dragon, Crouching Tiger need the Gold Dragon chosen as Gold and the Fortune Snake as Fortune; if off, holding the cards is enough.') },
  settlement_value: { default: 'total_score', accepts: ['total_score', 'declared_combo_only'], ref: 'HI-52', topic: 'settlement', title: t('结算分值', 'Settlement value'),
    description: t('其余玩家扣除的「相应的分值」：宣胜者得分区总分，或只计最大的一个搭子。', 'The "corresponding points" each other player loses: the declarer\'s whole score, or only its single best combo.'),
    labels: { total_score: t('得分区总分', 'total score'), declared_combo_only: t('最大搭子', 'best combo only') } },
  nizhu_applies_to_non_declarers: { default: true, accepts: BOOL, ref: 'HI-54', topic: 'settlement', title: t('泥猪癞狗罚未宣胜者', 'Muddy Pig & Mangy Dog costs non-declarers'),
    description: t('未宣胜玩家得分区有福狗+福猪时额外扣 1 点福气（宣胜者总是在得分中扣 1）。', 'A non-declarer holding Fortune Dog + Fortune Pig loses 1 more fortune point (a declarer always loses 1 from its score).') },
  declare_trigger: { default: 'score_change', accepts: ['score_change', 'card_change'], ref: 'HI-55', topic: 'declaring', title: t('宣胜时机', 'When a declaration window opens'),
    description: t('「得分区分数发生变化」指分值变化，或得分区的牌有任何变化。', '"When the score area\'s score changes": when its point value changes, or whenever its cards change.'),
    labels: { score_change: t('分值变化', 'point value changes'), card_change: t('牌有变化', 'cards change') } },
  declare_out_of_turn: { default: true, accepts: BOOL, ref: 'HI-55', topic: 'declaring', title: t('回合外宣胜', 'Declare out of turn'),
    description: t('得分因他人行动而变化时（如被抢走运牌），可在他人回合宣胜。', 'A player whose score changes in someone else\'s turn (e.g. a stolen Luck card) may declare then.') },
  nirvana_stacking: { default: false, accepts: BOOL_F, ref: 'HI-56', topic: 'settlement', title: t('涅槃累乘', 'Nirvana stacks'),
    description: t('连续流局时倍数累乘（2、4、8…）；默认不累乘，始终 ×2。', 'Consecutive drawn hands multiply (×2, ×4, ×8…); by default it is always ×2.') },
  deal_counts_by_active_players: { default: true, accepts: BOOL, ref: 'HI-57', topic: 'match', title: t('按在局人数发牌', 'Deal by players still in'),
    description: t('有人出局后，手牌数与翻开数按剩余人数查表（3 人变 2 人即 6/8）。', 'After an elimination, hand and pool sizes follow the players left (3 → 2 players switches to 6/8).') },
  team_min_dazi: { default: 2, accepts: { min: 1, max: 12 }, ref: 'HI-60', topic: 'team', title: t('2v2 宣胜所需搭子数', '2v2: combos needed to declare'),
    description: t('2v2 中一队得分区至少需要几个搭子才能宣胜（原文「至少2个搭子」）。', 'How many combos a 2v2 team\'s shared area needs before it may declare (the text says at least 2).') },
  team_dazi_count_mode: { default: 'families_plus_sets', accepts: ['families_plus_sets', 'distinct_rows'], ref: 'HI-60', topic: 'team', title: t('2v2 搭子计数', '2v2: counting combos'),
    description: t('每个有分的搭子族计 1，每套人和各计 1；或所有人和合计为 1。', 'Each scoring combo family counts 1 and each Human Harmony set counts 1; or all Human Harmony sets together count 1.'),
    labels: { families_plus_sets: t('人和每套计 1', 'each Human Harmony set counts'), distinct_rows: t('人和合计 1', 'Human Harmony counts once') } },
  team_tianshi_exempt: { default: true, accepts: BOOL, ref: 'HI-61', topic: 'team', title: t('2v2 天时免两搭子', "2v2: Heaven's Timing needs no second combo"),
    description: t('2v2 中天时（开局手牌）可单独宣胜，不受「至少2个搭子」限制。', "In 2v2, Heaven's Timing (an opening-hand combo) may be declared alone, without the two-combo minimum.") },
  team_fuji_ban_scope: { default: 'team', accepts: ['team', 'player'], ref: 'HI-64', topic: 'team', title: t('2v2 福鸡禁宣范围', '2v2: scope of the Fortune Rooster ban'),
    description: t('闻鸡起舞的「不能宣胜」代价作用于整队，或只作用于使用者。', 'The "cannot declare" cost of Cockcrow Peek binds the whole team, or only the player who used it.'),
    labels: { team: t('整队', 'whole team'), player: t('仅使用者', 'user only') } },
};

/** Option keys in Appendix B order. */
export const OPTION_KEYS = Object.keys(OPTION_INFO) as readonly OptionKey[];

/** The spec's defaults: every number in the spec assumes these. */
export const DEFAULT_OPTIONS: DoufuOptions = Object.freeze(
  Object.fromEntries(OPTION_KEYS.map((k) => [k, OPTION_INFO[k].default])) as unknown as DoufuOptions,
);

/** One problem found by {@link parseOptions}. */
export interface OptionProblem {
  /** The offending key. */
  readonly key: string;
  readonly message: string;
}

/**
 * Validate rule options from a save file, the CLI or the new-game screen. Missing keys take the
 * defaults; `undefined` means all defaults. Unknown keys are errors, not warnings (unlike print
 * options): a mistyped rule key would silently play a match under rules nobody chose, and the
 * options are part of the replay record. `callerKeys` are keys the caller validates itself (the
 * engine's `mode`); they are skipped, not copied. Fails with code `doufu/invalid-options`, a message
 * naming each bad key or value with the accepted ones, and `details` = the problems.
 * @example parseOptions({ shuangyun_value: 1 }) // → { ok: true, value: { ...DEFAULT_OPTIONS, shuangyun_value: 1 } }
 * @example parseOptions({ nirvana_stackin: true }).ok // → false: 'Unknown rule option "nirvana_stackin" …'
 */
export function parseOptions(input: unknown, callerKeys: readonly string[] = []): Result<DoufuOptions> {
  if (input === undefined) return ok(DEFAULT_OPTIONS);
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return fail([{ key: '', message: `Rule options must be an object such as { "shuangyun_value": 1 } (got ${show(input)}).` }]);
  const problems: OptionProblem[] = [];
  const out: Record<string, unknown> = { ...DEFAULT_OPTIONS };
  for (const [key, value] of Object.entries(input)) {
    if (callerKeys.includes(key)) continue;
    if (!Object.hasOwn(OPTION_INFO, key)) {
      problems.push({ key, message: `Unknown rule option "${key}"; the options are ${OPTION_KEYS.join(', ')}.` });
      continue;
    }
    if (value === undefined) continue;
    const msg = checkValue(key as OptionKey, value);
    if (msg) problems.push({ key, message: msg });
    else out[key] = value;
  }
  return problems.length ? fail(problems) : ok(Object.freeze(out) as unknown as DoufuOptions);
}

/** The options that differ from the defaults (for a save file's summary or the table header). */
export function changedOptions(opts: DoufuOptions): OptionKey[] {
  return OPTION_KEYS.filter((k) => opts[k] !== DEFAULT_OPTIONS[k]);
}

function checkValue(key: OptionKey, value: unknown): string | null {
  const info = OPTION_INFO[key] as OptionInfo<unknown>;
  const tail = ` (got ${show(value)}). See ${info.ref}; the default is ${show(info.default)}.`;
  if (Array.isArray(info.accepts)) {
    if (info.accepts.includes(value)) return null;
    const list = info.accepts.every((v) => typeof v === 'boolean') ? ['true', 'false'] : info.accepts.map(show);
    return `${key} must be ${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}${tail}`;
  }
  const { min, max } = info.accepts as { min: number; max: number };
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return null;
  return `${key} must be a whole number from ${min} to ${max}${tail}`;
}

function fail(problems: OptionProblem[]): { ok: false; error: { code: string; message: string; details?: unknown } } {
  const lines = problems.map((p) => `• ${p.message}`).join('\n');
  return err('doufu/invalid-options', `The Dou Fu rule options need ${problems.length === 1 ? 'one fix' : `${problems.length} fixes`}:\n${lines}`, problems);
}

function show(v: unknown): string {
  return v === undefined ? 'undefined' : JSON.stringify(v);
}
