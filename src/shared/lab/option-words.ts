/**
 * The short names of the rule options and of their named values, in both languages, where a
 * game's new-game page says them differently from the engine's own description (`OPTION_INFO`
 * names an option by what it does, e.g. "Squares on the loop (24 = quick race)"; a menu says
 * "Squares on the loop" with the values "36 squares" and "24 squares (quick race)"). The new-game
 * pages, the Balance page and the lab's reports (from the page or the command line) all say these;
 * an option's longer help stays with its page (斗福's in the interface's catalogue, `variant.<key>.desc`).
 */
import type { Bilingual } from './types';

/** A game's words: short option names by key, and named values' words by key and `String(value)`. */
export interface GameOptionWords {
  titles: Readonly<Record<string, Bilingual>>;
  values: Readonly<Record<string, Readonly<Record<string, Bilingual>>>>;
}

const ZODIAC_RACE: GameOptionWords = {
  titles: {
    mode: { zh: '模式', en: 'Mode' },
    track_length: { zh: '赛道格数', en: 'Squares on the loop' },
    star_spacing: { zh: '变换格间距', en: 'Star spacing' },
    target_points: { zh: '获胜圈数分', en: 'Lap points to win' },
    roll_mandatory: { zh: '必须掷骰', en: 'Rolling is mandatory' },
    passives_are_activations: { zh: '被动效果算发动', en: 'Passives are activations' },
    star_stop: { zh: '停在变换格', en: 'Stopping on a star' },
    rabbit_triple_bonus: { zh: '兔三同的奖励掷骰', en: 'Rabbit triple bonus rolls' },
    h2_p2_first_roll_only: { zh: '马、猪只作用于第一次掷骰', en: 'Horse and Pig: first roll only' },
    first_player: { zh: '先手', en: 'First player' },
    starting_zodiacs: { zh: '起始生肖', en: 'Starting animals' },
  },
  values: {
    mode: { ffa: { zh: '各自为战', en: 'Free-for-all' }, '2teams': { zh: '2 队', en: '2 teams' }, '3teams': { zh: '3 队', en: '3 teams' } },
    track_length: { '36': { zh: '36 格', en: '36 squares' }, '24': { zh: '24 格（快速赛）', en: '24 squares (quick race)' } },
    star_spacing: { '3': { zh: '每 3 格', en: 'Every 3rd square' }, '2': { zh: '每 2 格', en: 'Every 2nd square' } },
    star_stop: { any_move: { zh: '任何己方前进', en: 'Any own forward move' }, rolls_only: { zh: '仅掷骰前进', en: 'Rolls only' } },
    rabbit_triple_bonus: { '2': { zh: '2 次', en: '2 rolls' }, '3': { zh: '3 次', en: '3 rolls' } },
    first_player: { seat0: { zh: '座位 1 先手', en: 'Seat 1 starts' }, random: { zh: '随机', en: 'Random' } },
    starting_zodiacs: { choose: { zh: '玩家选择', en: 'Players choose' }, random: { zh: '随机分配', en: 'Dealt at random' } },
  },
};

const SEAT1_OR_RANDOM = { random: { zh: '随机', en: 'Random' }, seat0: { zh: '座位 1', en: 'Seat 1' } };

const DOU_LAOBAN: GameOptionWords = {
  titles: {},
  values: {
    first_bidder: SEAT1_OR_RANDOM,
    bid_rounds: { '1': { zh: '一轮', en: 'One round' }, '2': { zh: '两轮', en: 'Two rounds' } },
    kitty_visible: { all: { zh: '所有人', en: 'Everyone' }, boss: { zh: '只给老闆', en: 'The Boss only' } },
    spring_factor: { '2': { zh: '×2', en: '×2' }, '3': { zh: '×3', en: '×3' } },
    payment: { zero_sum: { zh: '零和', en: 'Zero-sum' }, literal: { zh: '照原文字面', en: 'As the seed writes' } },
    bomb_cap: { '0': { zh: '不封顶', en: 'No cap' } },
  },
};

const MOYU_WANG: GameOptionWords = {
  titles: {},
  values: {
    start_player: SEAT1_OR_RANDOM,
    blank_excuse: { blank: { zh: '空白借口（无效果）', en: 'Blank Excuse (no effect)' }, not_me: { zh: '第 7 张“不是我”', en: 'A 7th Not Me' } },
    group_counts: { once: { zh: '算 1 次', en: 'Once' }, per_card: { zh: '每张都算', en: 'Once per card' } },
    holiday_order: { before_max: { zh: '先排除', en: 'Before the maximum' }, after_max: { zh: '后排除', en: 'After the maximum' } },
    help_me_markers: { both: { zh: '两人都拿', en: 'Both' }, asker: { zh: '只有出牌的人', en: 'Only the asker' } },
    tie_black: { hand_and_pile: { zh: '手牌 + 得分区', en: 'Hand + score pile' }, pile: { zh: '只算得分区', en: 'Score pile only' } },
  },
};

const DOU_SHISI: GameOptionWords = {
  titles: {},
  values: {
    colour_hand: { cap: { zh: '封顶', en: 'The cap' }, plain: { zh: '照常算番', en: 'Fan as usual' } },
    discard_pays: { discarder: { zh: '打牌的人付', en: 'The discarder' }, all: { zh: '其他人都付', en: 'Every other player' } },
    dealer_joker: { again: { zh: '再翻一张', en: 'Turn again' }, fourteen: { zh: '当 14', en: 'Count 14' } },
    draw_dealer: { stay: { zh: '连庄', en: 'The dealer stays' }, next: { zh: '下家做首家', en: 'The next seat deals' } },
  },
};

/** 斗福's words (its new-game page asks the mode as the table format, so only the lab says `mode`). */
const DOUFU: GameOptionWords = {
  titles: {
    mode: { zh: '模式', en: 'Mode' },
    shuangyun_value: { zh: '双运牌算几张运', en: 'How much a double-luck card counts' },
    dual_nonfu_side_keeps_skill: { zh: '归为双运的福蛇仍有技能', en: 'A Fortune Snake filed as double luck keeps its skill' },
    reshuffle_scope: { zh: '重新洗牌的机会', en: 'Who may ask for a redeal' },
    midhand_huangpai_voids_hand: { zh: '盘中出现四张同生肖就作废', en: 'Four of a zodiac mid-hand voids the hand' },
    santie_taken_by_flip: { zh: '翻出第 4 张可以拿走三叠', en: 'Flipping the fourth card takes a triple stack' },
    santie_splittable: { zh: '三叠可以拆开拿', en: 'A triple stack can be split' },
    santie_skip_consumes_modifiers: { zh: '因三叠停的那回合也清掉限制', en: 'The triple-stack skip also clears restrictions' },
    fushe_swap_rule: { zh: '福蛇能换哪两张', en: 'Which two cards the Fortune Snake swaps' },
    dili_quad_as_two_pairs: { zh: '地利里四张同生肖算两对', en: "Four of a zodiac count as two pairs for Earth's Advantage" },
    tianshi_dili_cumulative: { zh: '天时和地利可以一起算', en: "Heaven's Timing and Earth's Advantage add up" },
    roulette_continue_on_match: { zh: '轮盘翻中可以接着翻', en: 'Roulette: a match lets you flip again' },
    gift_target_may_decline: { zh: '可以拒绝福兔、福马送的牌', en: 'You may refuse the Fortune Rabbit or Horse' },
    fulong_exclusion_basis: { zh: '福龙不能拿金、玉牌：怎么算', en: 'Fortune Dragon: what counts as Gold or Jade' },
    fuyang_discard_to: { zh: '福羊换掉的手牌去哪', en: "Where the Fortune Goat's old hand goes" },
    fuji_followup_mong_skill_caused: { zh: '福鸡之后那次翻牌算技能', en: 'The flip after the Fortune Rooster counts as a skill' },
    named_combo_requires_assigned_attr: { zh: '二龙戏珠、藏龙卧虎看归入的属性', en: 'Two Dragons Play with a Pearl and Hidden Dragon, Crouching Tiger need the right filing' },
    settlement_value: { zh: '宣胜后别人扣多少福气', en: 'What the others pay when you declare' },
    nizhu_applies_to_non_declarers: { zh: '没宣胜的人也会被泥猪癞狗罚', en: 'Muddy Pig & Mangy Dog costs the others too' },
    declare_trigger: { zh: '什么时候可以宣胜', en: 'When you get the chance to declare' },
    declare_out_of_turn: { zh: '在别人的回合也能宣胜', en: "Declare in someone else's turn" },
    nirvana_stacking: { zh: '涅槃倍数累加', en: 'Nirvana multiplies up' },
    deal_counts_by_active_players: { zh: '有人出局后按剩下的人数发牌', en: 'Deal for the players still in' },
    team_min_dazi: { zh: '2 对 2：至少几个搭子才能宣胜', en: '2v2: combos needed to declare' },
    team_dazi_count_mode: { zh: '2 对 2：人和怎么计数', en: '2v2: how Human Harmony sets count' },
    team_tianshi_exempt: { zh: '2 对 2：天时单独就能宣胜', en: "2v2: Heaven's Timing alone is enough" },
    team_fuji_ban_scope: { zh: '2 对 2：福鸡的禁宣管到谁', en: "2v2: who the Fortune Rooster's ban binds" },
  },
  values: {
    mode: { ffa: { zh: '各自为战', en: 'free-for-all' }, '2v2': { zh: '2 对 2', en: '2 vs 2' } },
    shuangyun_value: { '2': { zh: '算 2 张', en: 'counts as 2' }, '1': { zh: '只算 1 张', en: 'counts as 1' } },
    reshuffle_scope: { per_player: { zh: '每人一次', en: 'once per player' }, global: { zh: '全桌一次', en: 'once for the table' } },
    fushe_swap_rule: { same_zodiac: { zh: '同生肖', en: 'same zodiac' }, any_cards: { zh: '任意两张', en: 'any two cards' } },
    fulong_exclusion_basis: { assigned_attr: { zh: '按归入的属性', en: 'by how it was filed' }, card_identity: { zh: '按牌本身', en: 'by the card itself' } },
    fuyang_discard_to: { deck: { zh: '洗回牌库', en: 'back into the deck' }, removed: { zh: '本盘不再用', en: 'set aside for the hand' } },
    settlement_value: { total_score: { zh: '得分区总分', en: 'whole score' }, declared_combo_only: { zh: '最大的搭子', en: 'best combo only' } },
    declare_trigger: { score_change: { zh: '分数变化时', en: 'when the points change' }, card_change: { zh: '牌有变化时', en: 'when the cards change' } },
    team_dazi_count_mode: { families_plus_sets: { zh: '每套各算 1 个', en: 'each set counts' }, distinct_rows: { zh: '合起来算 1 个', en: 'all sets count once' } },
    team_fuji_ban_scope: { team: { zh: '整队', en: 'whole team' }, player: { zh: '只有发动的人', en: 'only that player' } },
  },
};

/** Each game's option words (a game not listed says its engine's names and its values as they are). */
export const OPTION_WORDS: Readonly<Record<string, GameOptionWords>> = {
  doufu: DOUFU,
  'zodiac-race': ZODIAC_RACE,
  'dou-laoban': DOU_LAOBAN,
  'moyu-wang': MOYU_WANG,
  'dou-shisi': DOU_SHISI,
};

/** An option's short name, when it has one apart from the engine's. */
export function optionTitleWords(game: string, key: string): Bilingual | undefined {
  return OPTION_WORDS[game]?.titles[key];
}

/** The words of an option's named value (`undefined`: say it as it is, or as yes/no). */
export function optionValueWords(game: string, key: string, value: unknown): Bilingual | undefined {
  return OPTION_WORDS[game]?.values[key]?.[String(value)];
}

/** Every named value's words of one option, by `String(value)` (for a menu's labels). */
export function optionValueLabels(game: string, key: string): Readonly<Record<string, Bilingual>> {
  return OPTION_WORDS[game]?.values[key] ?? {};
}
