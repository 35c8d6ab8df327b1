/**
 * 斗福 engine types: the match options, the state (secret, full), the decisions the engine waits
 * for (`Step`), its own continuation queue (`Task`) and the moves. Everything is plain JSON.
 *
 * Terms: a *seat* is a player (0…n−1, clockwise). A *side* owns 福气 and a score area: the seat
 * itself in free-for-all, the team (seat % 2: seats 0+2 = team 0, 1+3 = team 1) in 2v2.
 */
import type { RngState } from '../../util/rng';
import type { Attr, CardCode } from './cards';
import type { DoufuOptions } from './options';
import type { Mode } from './settlement';

/** Rule options of a match: the spec's house-interpretation options plus the game mode. */
export interface DoufuGameOptions extends DoufuOptions {
  /** `'ffa'` free-for-all (2–4 seats) or `'2v2'` teams (exactly 4 seats). */
  readonly mode: Mode;
}

/** Skill state of a skill card in a score area (spec §4.1). */
export const SKILL = {
  /** Not used yet. */
  UNUSED: 'unused',
  /** 横置: used this hand. Others may imitate it with 照猫画虎. */
  USED: 'used',
  /** 技能作废: can never be used or imitated. The card still scores. */
  VOID: 'void',
} as const;
/** A skill state. */
export type SkillState = (typeof SKILL)[keyof typeof SKILL];

/** A card in a score area: its filed attribute and, for a skill-bearing 福 card, its skill state. */
export interface AreaCard {
  code: CardCode;
  attr: Attr;
  skill?: SkillState;
}

/** Pending turn modifiers (福鼠 / 福猴 / 福猪); only the latest (highest seq) counts [HI-32]. */
export const MOD = {
  /** 福鼠 投鼠忌器: only 叠蒙. */
  ONLY_STACK: 'onlyStack',
  /** 福猴 猿猴取月: only 吃牌. */
  ONLY_EAT: 'onlyEat',
  /** 福猪 牧猪奴戏: the turn is skipped. */
  SKIP: 'skip',
} as const;
/** A modifier kind. */
export type ModKind = (typeof MOD)[keyof typeof MOD];
/** A pending modifier on a seat. */
export interface Modifier {
  kind: ModKind;
  seq: number;
  by: number;
}

/** Hand phases. */
export const PHASE = {
  /** Deal, reshuffle offers, 天时/地利 windows. */
  DEAL: 'deal',
  /** Turns with 摸/吃/叠蒙 and skills. */
  NORMAL: 'normal',
  /** 轮盘蒙打: flipping the face-down spread. */
  ROULETTE: 'roulette',
  /** The match is over. */
  OVER: 'over',
} as const;
/** A phase. */
export type Phase = (typeof PHASE)[keyof typeof PHASE];

/** 玉猪 state: who holds it (a side) and what is left of its use-skills. */
export interface YuzhuState {
  holder: number | null;
  /** Obtained by an action (not by 福蛇), so 照猫画虎 / 废文任武 may be used [HI-45]. */
  useSkills: boolean;
  /** 横置: 照猫画虎 used. */
  sideways: boolean;
  /** 倒置: 废文任武 used. */
  inverted: boolean;
}

/** The decision the engine is waiting for. `seat` is the one seat that may answer (chooseFirst: `seats`). */
export type Step =
  | { k: 'chooseFirst'; seats: number[] }
  | { k: 'reshuffle'; seat: number; queue: number[] }
  | { k: 'dealWindow'; seat: number; queue: number[] }
  | { k: 'turn'; seat: number; skills: boolean }
  | { k: 'fuji'; seat: number; stacker: number; queue: number[] }
  | { k: 'arrange'; seat: number; cards: CardCode[] }
  | { k: 'pick'; seat: number; options: CardCode[]; flipped: CardCode; via: FlipVia }
  | { k: 'attr'; seat: number; card: CardCode }
  | { k: 'steal'; seat: number }
  | { k: 'swap'; seat: number }
  | { k: 'ox'; seat: number; target: number }
  | { k: 'gift'; seat: number; user: number; gift: 'draw' | 'flip' }
  | { k: 'window'; seat: number; queue: number[] }
  | { k: 'roulette'; seat: number }
  | { k: 'over' }
  /** Internal: the engine is working through its task queue (never seen at rest). */
  | { k: 'run' };

/**
 * The 'run' step, shared by every state that is being worked on: steps are replaced, never
 * mutated, so one object serves them all (one allocation less per move).
 */
export const RUN: Step = { k: 'run' };

/** Where a flip comes from: a 叠蒙, a 福马 extra flip, or a Roulette flip. */
export type FlipVia = 'stack' | 'horse' | 'roulette';

/** The engine's continuation queue: work to do once the current decision is answered. */
export type Task =
  | { t: 'acquire'; seat: number; cards: CardCode[]; santie: boolean }
  | { t: 'flip'; seat: number; stacked: CardCode | null; via: FlipVia }
  | { t: 'fujiOffers'; stacker: number; queue: number[] }
  | { t: 'stealOffer'; seat: number }
  | { t: 'swapOffer'; seat: number }
  | { t: 'endEvent' }
  | { t: 'afterSkill'; seat: number }
  | { t: 'endTurn'; seat: number }
  | { t: 'beginTurn'; seat: number }
  | { t: 'rouletteTurn'; seat: number }
  | { t: 'rouletteAfter'; seat: number; matched: boolean };

/** The `endEvent` task, shared like `RUN` (queued tasks are never mutated). */
export const END_EVENT: Task = { t: 'endEvent' };

/** What kind of event is in progress (for declaration windows, spec §5.5). */
export interface EventFrame {
  kind: 'action' | 'skill' | 'flip';
  /**
   * S of each side before the event, taken lazily the first time the event touches that side's
   * area (null = untouched, so unchanged). See `areaOf`.
   */
  before: (number | null)[];
  /** Card signatures before the event, likewise (for `declare_trigger = card_change`). */
  cards: (string | null)[];
  /** Sides that acquired a 三叠 in this event (no window for them) [HI-15]. */
  santie: boolean[];
}

/** How the last hand ended (for the table and the log). */
export type HandEnd =
  | { kind: 'won'; declarer: number; seat: number; W: number; loss: number[]; deal: boolean }
  | { kind: 'liuju' }
  | { kind: 'huangpai'; at: 'deal' | 'midhand' };

/** The whole state of a 斗福 match (secret: players get `view`). */
export interface DoufuState {
  /** State format version. */
  v: 1;
  opts: DoufuGameOptions;
  /** Number of seats. */
  n: number;
  rng: RngState;
  // ---- match ----
  /** 福气 per side. */
  fuqi: number[];
  /** Eliminated sides. */
  out: boolean[];
  /** Reshuffle right used, per seat. */
  reshuffleUsed: boolean[];
  /** First player (福神) of the current hand. */
  fushen: number;
  /** Consecutive 流局 before this hand (0 = no 涅槃). */
  nirvana: number;
  /** Hands started (1-based); a deal-time 荒牌 redeal is the same hand. */
  handNo: number;
  /** Hands finished by a win, a 流局 or a mid-hand 荒牌. */
  handsDone: number;
  lastHand: HandEnd | null;
  /** Seats' first-福神 draws (hand 1 only), round by round. */
  firstDraw: { seat: number; card: CardCode }[][];
  winners: number[] | null;
  // ---- hand ----
  phase: Phase;
  deck: CardCode[];
  hands: CardCode[][];
  /** Pool entries: one card = a single, three of a zodiac = a 三叠. */
  pool: CardCode[][];
  /** Score area per side. */
  areas: AreaCard[][];
  /** Roulette spread (face down). */
  spread: CardCode[];
  /** Cards out of play for the hand (福羊 with `fuyang_discard_to = removed`). */
  removed: CardCode[];
  yuzhu: YuzhuState;
  pending: Modifier[][];
  santieSkip: boolean[];
  /** 三叠 bonus per side. */
  santieBonus: number[];
  /** 福鸡 ban per seat: the turnSeq of activation, or null. */
  fujiBan: (number | null)[];
  skillUsed: boolean[];
  turnSeq: number;
  seq: number;
  /** The seat whose turn it is. */
  active: number;
  /** The seat of the last stack (福鸡 target). */
  stacker: number | null;
  /** The 福狗 discard, known only to its owner. */
  dogged: { seat: number; card: CardCode } | null;
  /**
   * Hand cards that seats besides the holder know about: a card taken by 蒙换 (every seat saw it
   * go into the hand) and the two cards a 福牛 swap moved (its two seats saw them). Replaced, never
   * mutated; an entry is dropped when its card leaves that hand.
   */
  known: KnownCard[];
  event: EventFrame | null;
  step: Step;
  tasks: Task[];
}

/** A hand card other seats know about: `by` has bit `i` set when seat `i` knows it is in `seat`'s hand. */
export interface KnownCard {
  card: CardCode;
  seat: number;
  by: number;
}

/** A 斗福 skill activation. Fields beyond `card` depend on the skill (see README). */
export interface SkillMove {
  type: 'skill';
  seat: number;
  /** The skill card in the user's (team's) score area, or `'PIG-YU'` for its use-skills. */
  card: CardCode;
  /** With PIG-YU: the USED 福 card of another side whose skill is copied (照猫画虎). */
  imitate?: CardCode;
  /** With PIG-YU: the UNUSED 福 card of another side to void (废文任武). */
  annul?: CardCode;
  target?: number;
  target2?: number;
  take?: CardCode;
  take2?: CardCode;
  /** 福狗 on another seat: a blind index into the target's engine-shuffled hand. */
  index?: number;
}

/** Every 斗福 move. */
export type DoufuMove =
  | { type: 'chooseFirst'; seat: number; first: number }
  | { type: 'reshuffle'; seat: number }
  | { type: 'declare'; seat: number }
  | { type: 'decline'; seat: number }
  | { type: 'accept'; seat: number }
  | { type: 'draw'; seat: number }
  | { type: 'eat'; seat: number; card: CardCode; take: CardCode; split?: boolean }
  | { type: 'stack'; seat: number; card: CardCode }
  | { type: 'pass'; seat: number }
  | SkillMove
  | { type: 'arrange'; seat: number; top: CardCode[]; bottom: CardCode[] }
  | { type: 'pick'; seat: number; take: CardCode }
  | { type: 'chooseAttr'; seat: number; card: CardCode; attr: Attr }
  | { type: 'steal'; seat: number; card: CardCode }
  | { type: 'skipSteal'; seat: number }
  | { type: 'swap'; seat: number; give: CardCode; take: CardCode }
  | { type: 'skipSwap'; seat: number }
  | { type: 'flip'; seat: number; index: number };

/** A move type. */
export type DoufuMoveType = DoufuMove['type'];
