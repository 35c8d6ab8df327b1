/** 斗福 refusal codes (besides the engine's generic ones); explain.ts and the skill diagnosis share them. */
export const DOUFU_ERRORS = {
  /** The move type does not answer the current decision. */
  WRONG_STEP: 'doufu/wrong-step',
  /** 摸牌 with a full hand (spec §3.3.1). */
  HAND_FULL: 'doufu/hand-full',
  /** The deck is empty. */
  DECK_EMPTY: 'doufu/deck-empty',
  /** A 福鼠 / 福猴 restriction forbids this action. */
  RESTRICTED: 'doufu/restricted',
  /** The named card is not in the player's hand. */
  NOT_IN_HAND: 'doufu/not-in-hand',
  /** The named card is not in the pool (or not a takeable entry). */
  NOT_IN_POOL: 'doufu/not-in-pool',
  /** 吃牌 with cards of different zodiacs. */
  NO_MATCH: 'doufu/no-match',
  /** 叠蒙 with a card whose zodiac is already in the pool. */
  ZODIAC_IN_POOL: 'doufu/zodiac-in-pool',
  /** A 三叠 cannot be split (option `santie_splittable`). */
  SANTIE: 'doufu/santie-unsplittable',
  /** An activation whose fields do not fit its skill (a target the skill does not take, or none where one is needed). */
  SKILL: 'doufu/skill-unavailable',
  /** Not a moment for this skill: the start phase of one's own turn, or (福鸡) just after another player's 叠蒙. */
  SKILL_NOT_NOW: 'doufu/skill-not-now',
  /** A skill was already used this turn (one per turn). */
  SKILL_ONCE: 'doufu/skill-once',
  /** The turn after using 闻鸡起舞: no skill. */
  SKILL_BANNED: 'doufu/skill-banned',
  /** The card is not in the player's (team's) score area, or 玉猪 is held by another side. */
  SKILL_NOT_YOURS: 'doufu/skill-not-yours',
  /** The card's skill was used this hand (横置). */
  SKILL_SPENT: 'doufu/skill-spent',
  /** The card's skill is void (the 玉猪 lock or 废文任武); the card still scores. */
  SKILL_VOID: 'doufu/skill-void',
  /** 福鸡 is used only just after another player's 叠蒙, not in the start phase. */
  SKILL_ROOSTER: 'doufu/skill-rooster',
  /** The skill has no legal use at all now (an empty deck, no card it may take, no matching pair…). */
  SKILL_NO_TARGET: 'doufu/skill-no-target',
  /** The skill has legal uses, but not on that seat or card. */
  SKILL_TARGET: 'doufu/skill-target',
  /** 玉猪's 照猫画虎 / 废文任武 is spent, or 玉猪 came without them (by 福蛇, or in 轮盘蒙打). */
  JADE_PIG: 'doufu/jade-pig',
} as const;
