/**
 * The end of a 斗福 hand as a seat's device learns it: from two packets in a row, the one before
 * the move that ended the hand and the one after (the host has already dealt the next hand by
 * then). The view's `lastHand` says how the hand ended; the 福气 of every side before and after
 * come from the two views, and the declarer's score area and its scoring from the view before.
 * A device that joined after the hand ended has no view before: it shows what the view after
 * still tells (who declared, W, what each side lost, 福气 now).
 */
import { areaScore, type AreaScore } from '../../../../shared/games/doufu/scoring';
import type { AreaCard, HandEnd, YuzhuState } from '../../../../shared/games/doufu/types';
import type { DoufuView } from '../../../../shared/games/doufu/view';

export interface DeviceHandEnd {
  /** The hand that ended (1-based). */
  handNo: number;
  end: HandEnd;
  /** Per side: 福气 before the hand ended (null when the device did not see it) and after. */
  fuqiBefore: (number | null)[];
  fuqiAfter: number[];
  /** The declarer's score area as it stood, and its scoring (a win in play only). */
  area: AreaCard[] | null;
  yuzhu: YuzhuState | null;
  score: AreaScore | null;
  /** The match ended with this hand. */
  over: { winners: number[] } | null;
}

/** Whether `after` is the first view after a hand ended (or the match did). */
export function handEnded(before: DoufuView, after: DoufuView): boolean {
  if (!after.lastHand) return false;
  if (after.winners && !before.winners) return true;
  if (after.handNo !== before.handNo) return true;
  return JSON.stringify(after.lastHand) !== JSON.stringify(before.lastHand);
}

/**
 * The hand-end to show for the packet `after`, given the one before it (null when the device has
 * none), or null when no hand ended between the two.
 * @example deviceHandEnd(beforeDeclare, afterDeclare)?.end.kind // 'won'
 */
export function deviceHandEnd(before: DoufuView | null, after: DoufuView): DeviceHandEnd | null {
  if (!after.lastHand || (before && !handEnded(before, after))) return null;
  const end = after.lastHand;
  const side = end.kind === 'won' ? end.declarer : null;
  const area = before && side !== null && end.kind === 'won' && !end.deal ? [...(before.areas[side] ?? [])] : null;
  let score: AreaScore | null = null;
  if (area && before && side !== null) {
    try {
      score = areaScore(area, before.santieBonus[side] ?? 0, before.opts);
    } catch {
      score = null;
    }
  }
  return {
    handNo: before ? before.handNo : Math.max(1, after.handNo - (after.winners ? 0 : 1)),
    end,
    fuqiBefore: after.fuqi.map((_, i) => (before ? (before.fuqi[i] ?? null) : null)),
    fuqiAfter: [...after.fuqi],
    area,
    yuzhu: before ? before.yuzhu : null,
    score,
    over: after.winners ? { winners: [...after.winners] } : null,
  };
}
