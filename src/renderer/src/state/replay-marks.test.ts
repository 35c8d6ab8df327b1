import { describe, expect, it } from 'vitest';
import { placeAt, replayMarks, stepBy } from './replay-marks';

const turn = (seat: number) => ({ type: 'turn', seat });
const hand = { type: 'handStart' };

describe('replay marks', () => {
  // Setup: hand 1, seat 1 opens. Moves 0–5 start turns of seats 2, 0, 1, 2, then a new hand opened by seat 0.
  const log = [[turn(2)], [turn(0)], [{ type: 'draw' }], [turn(1)], [turn(2)], [{ type: 'declare' }, hand, turn(0)], [turn(1)]].map((events) => ({ events }));
  const marks = replayMarks(3, [hand, turn(1)], log, true);

  it('finds where turns, rounds and hands begin, as steps', () => {
    expect(marks.turn).toEqual([0, 1, 2, 4, 5, 6, 7]);
    expect(marks.round).toEqual([0, 4, 6]);
    expect(marks.hand).toEqual([0, 6]);
  });

  it('steps back and forward by the chosen unit, clamped to the match', () => {
    expect(stepBy(marks, 'move', 3, 1, 7)).toBe(4);
    expect(stepBy(marks, 'turn', 3, 1, 7)).toBe(4);
    expect(stepBy(marks, 'turn', 3, -1, 7)).toBe(2);
    expect(stepBy(marks, 'round', 3, -1, 7)).toBe(0);
    expect(stepBy(marks, 'hand', 1, 1, 7)).toBe(6);
    expect(stepBy(marks, 'hand', 6, 1, 7)).toBe(7);
    expect(stepBy(marks, 'move', 0, -1, 7)).toBe(0);
  });

  it('says where a step is: the hand, the round of that hand, the turn of the match', () => {
    expect(placeAt(marks, 3)).toEqual({ turn: 3, round: 1, hand: 1 });
    expect(placeAt(marks, 6)).toEqual({ turn: 6, round: 1, hand: 2 });
    expect(placeAt(replayMarks(2, [], [[turn(0)], [turn(1)], [turn(0)]].map((events) => ({ events }))), 3)).toEqual({ turn: 3, round: 2 });
  });

  it('starts a round when play passes the opener, if the opener takes no turn', () => {
    const m = replayMarks(4, [turn(1)], [[turn(2)], [turn(3)], [turn(2)]].map((events) => ({ events })));
    expect(m.round).toEqual([0, 3]);
  });
});
