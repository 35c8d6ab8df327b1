/**
 * The short names of the rule options and of their named values, in both languages, where a
 * game's new-game page says them differently from the engine's own description (`OPTION_INFO`
 * names an option by what it does, e.g. "Squares on the loop (24 = quick race)"; a menu says
 * "Squares on the loop" with the values "36 squares" and "24 squares (quick race)"). The new-game
 * pages, the Balance page and the lab's reports (from the page or the command line) all say these.
 * 斗福's words live in the interface's catalogue (the new-game page's `variant.*`).
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

/** Each game's option words (a game not listed says its engine's names and its values as they are). */
export const OPTION_WORDS: Readonly<Record<string, GameOptionWords>> = {
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
