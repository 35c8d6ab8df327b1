import { describe, expect, it } from 'vitest';
import { Match } from '../../../../shared/engine/runner';
import { doufu } from '../../../../shared/games/doufu';
import type { DoufuMove } from '../../../../shared/games/doufu/types';
import type { DoufuView } from '../../../../shared/games/doufu/view';
import { deviceHandEnd, handEnded } from './hand-end';

/** Play a seeded 3-seat match (declaring whenever possible) until the first hand ends; the views of `seat` around that move. */
function aroundFirstHandEnd(seat: number): { before: DoufuView; after: DoufuView; mid: DoufuView[] } {
  const m = Match.create(doufu, { seed: 'device-hand-end', players: 3, options: doufu.defaultOptions });
  const mid: DoufuView[] = [];
  for (let i = 0; i < 2000; i++) {
    const s = m.status().toAct[0]!;
    const legal = doufu.legalMoves(m.state, s);
    const move: DoufuMove = legal.find((x) => x.type === 'declare') ?? legal.find((x) => x.type !== 'decline' && x.type !== 'pass') ?? legal[0]!;
    const before = m.view(seat);
    expect(m.apply(move).ok).toBe(true);
    if (m.state.handsDone === 1) return { before, after: m.view(seat), mid };
    mid.push(before);
  }
  throw new Error('no hand ended');
}

describe('the end of a hand as a device learns it', () => {
  const { before, after, mid } = aroundFirstHandEnd(1);

  it('is found exactly at the move that ended the hand', () => {
    expect(handEnded(before, after)).toBe(true);
    for (let i = 1; i < mid.length; i++) expect(handEnded(mid[i - 1]!, mid[i]!)).toBe(false);
    expect(deviceHandEnd(mid[0]!, mid[1]!)).toBeNull();
  });

  it('says who declared, W, and every side’s 福气 before and after, with the declarer’s area scored', () => {
    const end = deviceHandEnd(before, after)!;
    expect(end.handNo).toBe(1);
    expect(end.end.kind).toBe('won');
    if (end.end.kind !== 'won') return;
    expect(end.fuqiBefore).toEqual(before.fuqi);
    expect(end.fuqiAfter).toEqual(after.fuqi);
    // What each side lost is what its 福气 went down by (the declarer's stays or grows).
    for (let side = 0; side < 3; side++) if (side !== end.end.declarer) expect(before.fuqi[side]! - after.fuqi[side]!).toBe(end.end.loss[side]);
    if (!end.end.deal) {
      expect(end.area).toEqual(before.areas[end.end.declarer]);
      expect(end.score?.S).toBeGreaterThan(0);
    }
  });

  it('still says how the hand ended to a device that joined after it (no view before)', () => {
    const end = deviceHandEnd(null, after)!;
    expect(end.end).toEqual(after.lastHand);
    expect(end.fuqiBefore.every((x) => x === null)).toBe(true);
    expect(end.area).toBeNull();
  });
});
