/**
 * 生肖赛跑 Zodiac Race: state, moves and frames (spec ../shared/rules/zodiac-race.md).
 *
 * The state is plain JSON. Play is a stack of frames (`stack`): a move along the track step by
 * step, a roll waiting for its passive choices, an activation waiting in its Dog response window,
 * a discard down to 12 tokens… The top frame names the decision the table waits for; an empty
 * stack is the active player's main phase (spec §5 step 1).
 */
import type { RngState } from '../../util/rng';
import type { ZrOptions } from './options';

/** The twelve zodiacs, in order (Die A: rat…snake, Die B: horse…pig). Names are the English ids used in records. */
export const ZODIACS = ['rat', 'ox', 'tiger', 'rabbit', 'dragon', 'snake', 'horse', 'sheep', 'monkey', 'rooster', 'dog', 'pig'] as const;
/** A zodiac id. */
export type Zodiac = (typeof ZODIACS)[number];

/** Names from the built-in project data (templates/zodiac-race/cards.csv). */
export const ZODIAC_NAMES: Record<Zodiac, { zh: string; en: string; power: { zh: string; en: string } }> = {
  rat: { zh: '鼠', en: 'Rat', power: { zh: '妙窃', en: 'Sly Theft' } },
  ox: { zh: '牛', en: 'Ox', power: { zh: '冲劲', en: 'Charge' } },
  tiger: { zh: '虎', en: 'Tiger', power: { zh: '咆哮', en: 'Roar' } },
  rabbit: { zh: '兔', en: 'Rabbit', power: { zh: '骄傲', en: 'Pride' } },
  dragon: { zh: '龙', en: 'Dragon', power: { zh: '神速', en: 'Godspeed' } },
  snake: { zh: '蛇', en: 'Snake', power: { zh: '毒液', en: 'Venom' } },
  horse: { zh: '马', en: 'Horse', power: { zh: '疾步', en: 'Gallop' } },
  sheep: { zh: '羊', en: 'Sheep', power: { zh: '高产', en: 'Bountiful' } },
  monkey: { zh: '猴', en: 'Monkey', power: { zh: '借力', en: 'Borrowed Strength' } },
  rooster: { zh: '鸡', en: 'Rooster', power: { zh: '顺风', en: 'Tailwind' } },
  dog: { zh: '狗', en: 'Dog', power: { zh: '警觉', en: 'Alert' } },
  pig: { zh: '猪', en: 'Pig', power: { zh: '厚脂肪', en: 'Thick Fat' } },
};

/** Power ids (spec §7). `DG` is a Dog negation. */
export type PowerId =
  | 'R1' | 'R2' | 'O1a' | 'O1b' | 'O2' | 'T1' | 'T2' | 'RB' | 'D' | 'S1' | 'H1' | 'H2' | 'SH1' | 'SH2'
  | 'M1' | 'M1c' | 'M2' | 'M3' | 'RO1' | 'RO2' | 'DG' | 'P1' | 'P1b' | 'P2';

/** The zodiac each power belongs to. */
export const POWER_ZODIAC: Record<PowerId, Zodiac> = {
  R1: 'rat', R2: 'rat', O1a: 'ox', O1b: 'ox', O2: 'ox', T1: 'tiger', T2: 'tiger', RB: 'rabbit', D: 'dragon', S1: 'snake',
  H1: 'horse', H2: 'horse', SH1: 'sheep', SH2: 'sheep', M1: 'monkey', M1c: 'monkey', M2: 'monkey', M3: 'monkey',
  RO1: 'rooster', RO2: 'rooster', DG: 'dog', P1: 'pig', P1b: 'pig', P2: 'pig',
};

/** Passive roll modifiers the roller may apply (each an activation, spec §6.2). */
export type RollMod = 'R1' | 'RO1' | 'RO2' | 'H2' | 'P2' | 'SH1';

/**
 * A cost clause (spec §7.11): what an activation paid, and so what a Dog must pay to negate it.
 * `v1:<v>` one token of value v; `red2`; `ones3`; `red4`; `six2`; `sum12`; `run5`; `blue4`;
 * `pair`; `any3`; `five` (a free effect: one 5).
 */
export type Clause = string;

/** One player's piece and holdings. */
export interface Piece {
  zodiac: Zodiac;
  /** Net squares moved since the start (square = prog mod N). */
  prog: number;
  /** Lap points: high-water mark of floor(prog / N). */
  laps: number;
  /** Tokens held by value: tok[0] = number of 1s … tok[5] = number of 6s. */
  tok: number[];
  team: number;
  roared: boolean;
  /** Seat of the Snake that poisoned this piece, or -1. */
  poisonedBy: number;
  /** Own turns left while PROUD (2 when declared; active while > 0). */
  proud: number;
  /** Rabbit declared: the next turn's normal roll is three dice. */
  rabbitPending: boolean;
  /** Host seat while an attached Monkey, or -1. */
  attachedTo: number;
  justDetached: boolean;
  /** Pig barrier: 0 none, 1 raised, 2 raised and its +6 taken. */
  barrier: 0 | 1 | 2;
}

/** Per-turn bookkeeping (reset at the start of each turn). */
export interface TurnState {
  seat: number;
  /** The zodiac whose effects this turn is locked to (spec §6.2), or null. */
  locked: Zodiac | null;
  transformed: boolean;
  /** The normal roll was made or validly skipped. */
  rolled: boolean;
  /** The first normal roll was made (H2 / P2 apply to it only). */
  firstRoll: boolean;
  /** Once-per-turn powers used (R2, O2, T2, RB, S2). */
  once: string[];
  /** Bonus rolls waiting. */
  bonus: number;
  /** Any action taken yet this turn (Monkey M2 is only at the very start). */
  acted: boolean;
}

/** Data of an activation, by power. */
export interface ActData {
  v?: number;
  target?: number;
  choice?: 'a' | 'b';
  to?: Zodiac;
  /** For DG: the frame id it negates. For mods / H1 / P1: the frame it serves. */
  ref?: number;
  mod?: RollMod;
  /** Ox O2's first swap: the value given and the value taken. */
  give?: number;
  take?: number;
}

/** A frame of the play stack. */
export type Frame =
  | {
      k: 'act';
      id: number;
      owner: number;
      power: PowerId;
      clause: Clause;
      data: ActData;
      /** Seats not yet polled for a Dog negation, in clockwise order. */
      poll: number[];
      tried: boolean;
      negated: boolean;
    }
  | {
      k: 'move';
      id: number;
      seat: number;
      left: number;
      ownTurn: boolean;
      /** What started it: 'roll', a power id, 'DG'… */
      why: string;
      /** Squares walked so far in this move. */
      walked: number;
      /** Square where the move started (pieces there are not passed on the first lap). */
      from: number;
      /** Sub-step: 'go' take the next step; otherwise a window on the square just entered. */
      at: 'go' | 'pig' | 'monkey' | 'star' | 'passInit' | 'pass';
      /** Seats still to be offered at this square (pigs to poll, pieces overtaken). */
      queue: number[];
      /**
       * The square the mover entered before its own Dog negation carried it on (+5) while a window of
       * that square was open: the pieces there are still passed (spec §7.12 P1b "barrier negated").
       */
      passAt?: number;
      /** The mover was bounced by a barrier / attached (set by an act's resolution). */
      stop?: 'bounce' | 'attach';
      bouncePig?: number;
    }
  | {
      k: 'roll';
      id: number;
      seat: number;
      kind: 'normal' | 'bonus' | 'triple';
      dice: number[];
      /** Passives the roller may apply (asked once). */
      offer: RollMod[];
      used: RollMod[];
      asked: boolean;
      /** H2 condition at the moment of the roll: 0 none, 1 fewer tokens, 2 fewer and last. */
      h2: 0 | 1 | 2;
    }
  | { k: 'gain'; seat: number; values: number[]; sheep: boolean }
  | { k: 'discard'; seat: number }
  | { k: 'steal'; seat: number; left: number }
  /** Ox O2: more one-for-one swaps with `target` after the first (made with the power), then `done`. */
  | { k: 'swap'; seat: number; target: number }
  /** A team exchange waiting for the teammate's consent (spec §11: "the teammate agrees"). */
  | { k: 'offer'; seat: number; to: number; give: number; take: number }
  | { k: 'monkeyStart'; seat: number };

/** The full state. */
export interface ZrState {
  opts: ZrOptions;
  n: number;
  rng: RngState;
  phase: 'choose' | 'play' | 'over';
  pieces: Piece[];
  turn: TurnState;
  turnNo: number;
  stack: Frame[];
  nextId: number;
  winners: number[] | null;
}

/** Token payment: the values paid (a multiset, sorted ascending). */
export type Pay = number[];

/** Every move of the game (plain JSON; `seat` is the acting seat). */
export type ZrMove =
  | { type: 'choose'; seat: number; zodiac: Zodiac }
  | { type: 'roll'; seat: number }
  | { type: 'bonus'; seat: number }
  | { type: 'skipBonus'; seat: number }
  | { type: 'mods'; seat: number; use: RollMod[] }
  | { type: 'transform'; seat: number; to: Zodiac; pay: number }
  | { type: 'power'; seat: number; power: 'R2'; v: number }
  | { type: 'power'; seat: number; power: 'O1a' | 'O1b' | 'SH2' | 'P1'; pay: Pay }
  /** Ox O2 names its first swap (k ≥ 1, spec §7.2): give a `give`, take a `take`; more may follow. */
  | { type: 'power'; seat: number; power: 'O2'; target: number; give: number; take: number }
  | { type: 'power'; seat: number; power: 'T1' | 'T2' | 'S1'; target: number; pay: Pay }
  | { type: 'power'; seat: number; power: 'RB' | 'M2' }
  | { type: 'power'; seat: number; power: 'D'; pay: Pay; choice: 'a' | 'b' }
  | { type: 'power'; seat: number; power: 'M3'; to: Zodiac }
  | { type: 'give'; seat: number; to: number; v: number }
  | { type: 'exchange'; seat: number; to: number; give: number; take: number }
  | { type: 'end'; seat: number }
  | { type: 'negate'; seat: number; pay: Pay }
  | { type: 'pass'; seat: number }
  | { type: 'barrier'; seat: number; pay: Pay }
  | { type: 'attach'; seat: number; host: number }
  | { type: 'stop'; seat: number }
  | { type: 'go'; seat: number }
  | { type: 'gallop'; seat: number }
  | { type: 'grab'; seat: number; v: number }
  | { type: 'discard'; seat: number; v: number }
  | { type: 'steal'; seat: number; from: number; v: number }
  | { type: 'swapPick'; seat: number; give: number; take: number }
  | { type: 'done'; seat: number }
  | { type: 'accept'; seat: number }
  | { type: 'decline'; seat: number }
  | { type: 'continue'; seat: number; v: number }
  | { type: 'detach'; seat: number };

/** A move's type. */
export type ZrMoveType = ZrMove['type'];
