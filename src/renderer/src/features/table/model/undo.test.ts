import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../../../shared/engine/types';
import { undoTarget, type UndoEntry } from './undo';

const e = (seat: number, ...events: GameEvent[]): UndoEntry => ({ move: { seat }, events });
const drawBy = (seat: number): GameEvent => ({ type: 'draw', seat, card: 'RAT-FU', reveal: [seat] });
const flip: GameEvent = { type: 'flip', card: 'OX-Y1', reveal: 'all' };
const quiet: GameEvent = { type: 'decline', seat: 0 };

describe('table undo', () => {
  it('designer undo goes back to before the last decision of a person, bots after it included', () => {
    const log = [e(0, quiet), e(1, drawBy(1)), e(0, drawBy(0)), e(1, flip), e(1, quiet)];
    expect(undoTarget(log, [0], 'designer', 0)).toEqual({ ok: true, step: 2 });
    expect(undoTarget(log, [], 'designer', null)).toEqual({ ok: true, step: 4 });
    expect(undoTarget([], [0], 'designer', 0).ok).toBe(false);
    expect(undoTarget([e(1, quiet)], [0], 'designer', 0).ok).toBe(false);
  });

  it('a player undoes their own quiet decision, with the bots\' private draws after it', () => {
    const log = [e(0, drawBy(0)), e(0, quiet), e(1, drawBy(1))];
    expect(undoTarget(log, [0], 'player', 0)).toEqual({ ok: true, step: 1 });
  });

  it('a player undoes eating or stacking one of their own cards, unless another person saw it', () => {
    const eat: GameEvent = { type: 'eat', seat: 0, card: 'RAT-FU', take: ['RAT-Y1'], reveal: 'all' };
    const stack: GameEvent = { type: 'stack', seat: 0, card: 'OX-FU', reveal: 'all' };
    expect(undoTarget([e(0, quiet), e(0, eat), e(1, drawBy(1))], [0], 'player', 0)).toEqual({ ok: true, step: 1 });
    expect(undoTarget([e(0, eat), e(1, { ...eat, seat: 1 })], [0], 'player', 0).ok).toBe(false); // a bot's card: news to me
    expect(undoTarget([e(0, stack, flip)], [0], 'player', 0).ok).toBe(false); // the flip after the stack
    expect(undoTarget([e(0, eat)], [0, 2], 'player', 0).ok).toBe(false); // hot seat: the other person saw it
  });

  it('a player cannot undo past something a person saw: their own draw, a flip, another person\'s move', () => {
    expect(undoTarget([e(0, drawBy(0)), e(1, quiet)], [0], 'player', 0)).toMatchObject({ ok: false, why: { en: expect.stringMatching(/revealed/) } });
    expect(undoTarget([e(0, quiet), e(1, flip)], [0], 'player', 0).ok).toBe(false);
    expect(undoTarget([e(0, quiet), e(1, quiet)], [0, 1], 'player', 0)).toMatchObject({ ok: false, why: { en: expect.stringMatching(/Another player/) } });
    expect(undoTarget([e(1, quiet)], [0], 'player', 0)).toMatchObject({ ok: false, why: { en: expect.stringMatching(/no move/) } });
    expect(undoTarget([e(0, quiet)], [0], 'player', null).ok).toBe(false);
  });
});
