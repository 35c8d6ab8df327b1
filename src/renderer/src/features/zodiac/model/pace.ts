/**
 * The pace of a 生肖赛跑 table per group of actions, on the 斗福 table's model (features/table/
 * model/pace.ts: the same speeds, popover and storage). A bot's turn is many small decisions — the
 * roll, the passives it applies, the star it passes, the end of the turn — and at one pace for all
 * of them a round of three bots took 8–17 s. Here each group has its own share of the overall pace
 * (a roll or a power is worth seeing; "keep going" is not), and the pieces walk square by square
 * at the walk's speed; the next bot waits for its group's hold, and at least until the pieces it
 * moved have arrived. At the default pace (0.7 s) a round of three bots reads in about 3–5 s.
 * Pure: the table and its tests compute every duration here.
 */
import type { ZrMove } from '../../../../../shared/games/zodiac-race/types';
import type { MessageKey } from '../../../i18n/catalogue';
import { SPEED_FACTOR, type KindSpeeds, type Speed } from '../../table/model/pace';

/** The groups a player can pace apart, in the order the popover lists them. */
export const ZR_ACTION_KINDS = ['roll', 'walk', 'power', 'choice', 'end'] as const;
/** `roll` rolls and bonus rolls; `walk` the pieces' walk; `power` powers, transforms, negations, barriers, grabs and steals; `choice` the small answers (passives, star stops, "keep going", discards); `end` the end of a turn. */
export type ZrActionKind = (typeof ZR_ACTION_KINDS)[number];

/** The catalogue key of a group's name. */
export const zrPaceLabel = (kind: ZrActionKind): MessageKey => `pace.zr.${kind}`;

/** Each group's share of the overall pace at normal speed (the walk has its own time per square). */
export const ZR_SHARE: Readonly<Record<Exclude<ZrActionKind, 'walk'>, number>> = { roll: 0.55, power: 1.2, choice: 0.1, end: 0.25 };

/** A square of the walk at normal speed (ms). */
export const ZR_WALK_MS = 70;

/** The group of a move. */
export function zrMoveKind(move: ZrMove): Exclude<ZrActionKind, 'walk'> {
  switch (move.type) {
    case 'roll':
    case 'bonus':
      return 'roll';
    case 'end':
      return 'end';
    case 'transform':
    case 'power':
    case 'negate':
    case 'barrier':
    case 'attach':
    case 'grab':
    case 'steal':
    case 'swapPick':
    case 'give':
    case 'exchange':
    case 'continue':
      return 'power';
    case 'choose':
    case 'skipBonus':
    case 'mods':
    case 'pass':
    case 'stop':
    case 'go':
    case 'gallop':
    case 'discard':
    case 'done':
    case 'detach':
    case 'accept':
    case 'decline':
      return 'choice';
    default:
      return assertNever(move);
  }
}

function assertNever(x: never): never {
  throw new Error(`zrMoveKind: unknown move ${JSON.stringify(x)}`);
}

/** One square of the walk at a speed (0: the pieces are simply there). */
export function walkMs(speeds: KindSpeeds<ZrActionKind>): number {
  return Math.round(ZR_WALK_MS * SPEED_FACTOR[speeds.walk]);
}

/**
 * How long the table shows a move before the next bot moves (ms): its group's share of the pace at
 * its speed, and at least the walk of the farthest piece it moved (`squares`).
 * @example zrHold({ type: 'end', seat: 0 }, 0, 700, NORMAL) // → 175
 */
export function zrHold(move: ZrMove, squares: number, pace: number, speeds: KindSpeeds<ZrActionKind>): number {
  const kind = zrMoveKind(move);
  const speed: Speed = speeds[kind];
  const own = Math.round(pace * ZR_SHARE[kind] * SPEED_FACTOR[speed]);
  return Math.max(own, squares * walkMs(speeds));
}
