/**
 * The pace of a table per kind of action: how long each action shows before the next bot move,
 * how long its caption stays and how long its cards glide. The player sets one overall bot pace
 * (TableBots) and, for each group of actions, a speed: slow, normal, fast, or "skip animation" —
 * the action then just happens: no glide, no caption, no pause after it (the log still has it).
 * The speeds and their storage are for any game's groups (`parseSpeedsOf`…); the groups and
 * durations below are 斗福's (the deal, drawing, eating, stack-and-flip, steals and swaps,
 * skills, declarations and choices); 生肖赛跑 has its own groups (features/zodiac/model/pace.ts).
 * Pure: the tables and their tests compute every duration here.
 */
import type { GameEvent } from '../../../../../shared/engine/types';
import type { DoufuMove } from '../../../../../shared/games/doufu/types';

/** The groups of actions a player can pace apart, in the order the pace popover lists them. */
export const ACTION_KINDS = ['deal', 'draw', 'eat', 'stack', 'steal', 'skill', 'decide'] as const;
/** A group of actions: `deal` a hand dealt; `draw`; `eat`; `stack` stack-and-flip and Roulette flips; `steal` steals and flip-swaps (the Fortune Ox's swap too); `skill` Fortune skills and their picks; `decide` declarations, passes and the other choices. */
export type ActionKind = (typeof ACTION_KINDS)[number];

/** The speeds a group can have, slowest first. */
export const SPEEDS = ['slow', 'normal', 'fast', 'skip'] as const;
/** `skip`: no animation, no caption, no pause after the action. */
export type Speed = (typeof SPEEDS)[number];

/** How much of the normal durations each speed takes. */
export const SPEED_FACTOR: Readonly<Record<Speed, number>> = { slow: 1.6, normal: 1, fast: 0.45, skip: 0 };

/** Every group's speed (斗福's groups unless named). */
export type KindSpeeds<K extends string = ActionKind> = Readonly<Record<K, Speed>>;

/** Every group of `kinds` at normal speed. */
export function normalSpeeds<K extends string>(kinds: readonly K[]): KindSpeeds<K> {
  return Object.freeze(Object.fromEntries(kinds.map((k) => [k, 'normal'])) as Record<K, Speed>);
}

/** Every 斗福 group at normal speed. */
export const NORMAL_SPEEDS: KindSpeeds = normalSpeeds(ACTION_KINDS);

/** A card's glide at normal speed (ms). */
export const GLIDE_MS = 360;
/** A caption stays at least this long at normal speed, so it can be read (ms). */
export const CAPTION_MIN_MS = 1500;
/** A caption stays this much longer than the pause after its action (ms). */
export const CAPTION_EXTRA_MS = 1200;

const isSpeed = (x: unknown): x is Speed => typeof x === 'string' && (SPEEDS as readonly string[]).includes(x);

/**
 * The speeds stored as JSON (`{"eat":"skip",…}`), tolerant of anything: a missing, unknown or
 * broken entry is normal speed.
 * @example parseSpeeds('{"eat":"skip","draw":"warp"}').eat // → 'skip' (and draw → 'normal')
 */
export function parseSpeeds(raw: string | null | undefined): KindSpeeds {
  return parseSpeedsOf(raw, ACTION_KINDS);
}

/** `parseSpeeds` for any game's groups. */
export function parseSpeedsOf<K extends string>(raw: string | null | undefined, kinds: readonly K[]): KindSpeeds<K> {
  let stored: unknown = null;
  try {
    stored = raw ? JSON.parse(raw) : null;
  } catch {
    stored = null;
  }
  const out = { ...normalSpeeds(kinds) } as Record<K, Speed>;
  if (stored && typeof stored === 'object' && !Array.isArray(stored))
    for (const k of kinds) {
      const v = (stored as Record<string, unknown>)[k];
      if (isSpeed(v)) out[k] = v;
    }
  return out;
}

/** The speeds as stored: only the groups that are not at normal speed. */
export function serializeSpeeds(speeds: KindSpeeds): string {
  return serializeSpeedsOf(speeds, ACTION_KINDS);
}

/** `serializeSpeeds` for any game's groups. */
export function serializeSpeedsOf<K extends string>(speeds: KindSpeeds<K>, kinds: readonly K[]): string {
  return JSON.stringify(Object.fromEntries(kinds.filter((k) => speeds[k] !== 'normal').map((k) => [k, speeds[k]])));
}

/** The group of a move, by what the player (or bot) chose to do. */
export function moveKind(move: DoufuMove): ActionKind {
  switch (move.type) {
    case 'draw':
      return 'draw';
    case 'eat':
      return 'eat';
    case 'stack':
    case 'flip':
      return 'stack';
    case 'steal':
    case 'skipSteal':
    case 'swap':
    case 'skipSwap':
      return 'steal';
    case 'skill':
    case 'pick':
    case 'arrange':
      return 'skill';
    case 'declare':
    case 'decline':
    case 'accept':
    case 'pass':
    case 'chooseFirst':
    case 'reshuffle':
    case 'chooseAttr':
      return 'decide';
    default:
      return assertNever(move);
  }
}

function assertNever(x: never): never {
  throw new Error(`moveKind: unknown move ${JSON.stringify(x)}`);
}

/**
 * The group that paces what the table shows after a move: the move's own, or `deal` when the
 * table shows a hand being dealt (the match's first deal has no move; `dealt`: only the events
 * from the next hand's start are shown, as after the hand-end screen).
 */
export function shownKind(move: DoufuMove | undefined, events: readonly GameEvent[]): ActionKind {
  if (!move || events[0]?.type === 'handStart') return 'deal';
  return moveKind(move);
}

/** The durations of one action at a pace (ms). */
export interface ActionTiming {
  /** How long its cards glide (0: they do not move, they are simply there). */
  glideMs: number;
  /** How long its caption stays (0: no caption). */
  captionMs: number;
  /** How long it shows before a bot makes the next move (the overall pace, scaled). */
  holdMs: number;
}

/**
 * The durations of an action of a group at the overall pace `pace` (ms) and that group's speed.
 * @example actionTiming(700, 'fast') // → { glideMs: 162, captionMs: 878, holdMs: 315 }
 */
export function actionTiming(pace: number, speed: Speed): ActionTiming {
  const f = SPEED_FACTOR[speed];
  if (f === 0) return { glideMs: 0, captionMs: 0, holdMs: 0 };
  const holdMs = Math.round(pace * f);
  // A caption outlasts the pause after its action, and stays long enough to read (a little less
  // when the player asked for speed: the next action's caption takes its place anyway).
  const captionMs = Math.max(Math.round(CAPTION_MIN_MS * Math.min(1, f * 1.3)), holdMs + Math.round(CAPTION_EXTRA_MS * Math.min(1, f)));
  return { glideMs: Math.round(GLIDE_MS * f), captionMs, holdMs };
}
