import { describe, expect, it } from 'vitest';
import type { GameEvent } from './types';
import { undoTarget, type UndoEntry } from './undo';

const e = (seat: number, ...events: GameEvent[]): UndoEntry => ({ move: { seat }, events });
const drawBy = (seat: number): GameEvent => ({ type: 'draw', seat, card: 'RAT-FU', reveal: [seat] });
const flip: GameEvent = { type: 'flip', card: 'OX-Y1', reveal: 'all' };
const quiet: GameEvent = { type: 'decline', seat: 0 };
/** A card from the player's own hand turned face up: news to everyone but its owner. */
const played = (seat: number): GameEvent => ({ type: 'eat', seat, card: 'RAT-FU', reveal: 'all', knownBy: [seat] });
const why = (t: ReturnType<typeof undoTarget>) => (t.ok ? null : t.message.en);

describe('undo', () => {
  it('designer undo goes back to before the last decision of a person, bots after it included', () => {
    const log = [e(0, quiet), e(1, drawBy(1)), e(0, drawBy(0)), e(1, flip), e(1, quiet)];
    expect(undoTarget(log, { by: 'designer', people: [0] }, 2)).toEqual({ ok: true, step: 2 });
    expect(undoTarget(log, { by: 'designer', people: [] }, 2)).toEqual({ ok: true, step: 4 });
    expect(undoTarget(log, { by: 'designer' }, 2)).toEqual({ ok: true, step: 4 }); // every seat a person: one move
    expect(why(undoTarget([], { by: 'designer', people: [0] }, 2))).toMatch(/nothing to undo/);
    expect(why(undoTarget([e(1, quiet)], { by: 'designer', people: [0] }, 2))).toMatch(/No person/);
  });

  it('a player undoes their own quiet decision, with the bots\' private draws after it', () => {
    const log = [e(0, drawBy(0)), e(0, quiet), e(1, drawBy(1))];
    expect(undoTarget(log, { by: 'player', seat: 0, people: [0] }, 2)).toEqual({ ok: true, step: 1 });
  });

  it('a player undoes playing a card of their own hand, unless another person saw it', () => {
    expect(undoTarget([e(0, quiet), e(0, played(0)), e(1, drawBy(1))], { by: 'player', seat: 0, people: [0] }, 2)).toEqual({ ok: true, step: 1 });
    expect(undoTarget([e(0, played(0)), e(1, played(1))], { by: 'player', seat: 0, people: [0] }, 2).ok).toBe(false); // a bot's card: news to me
    expect(undoTarget([e(0, played(0), flip)], { by: 'player', seat: 0, people: [0] }, 2).ok).toBe(false); // a flip after it
    expect(undoTarget([e(0, played(0))], { by: 'player', seat: 0, people: [0, 2] }, 3).ok).toBe(false); // hot seat: the other person saw it
    expect(undoTarget([e(0, played(0))], { by: 'player', seat: 0 }, 3).ok).toBe(false); // people unknown: every seat counts
  });

  it('a player cannot undo past something a person saw, another person\'s move, or without a seat', () => {
    expect(why(undoTarget([e(0, drawBy(0)), e(1, quiet)], { by: 'player', seat: 0, people: [0] }, 2))).toMatch(/revealed/);
    expect(undoTarget([e(0, quiet), e(1, flip)], { by: 'player', seat: 0, people: [0] }, 2).ok).toBe(false);
    expect(why(undoTarget([e(0, quiet), e(1, quiet)], { by: 'player', seat: 0, people: [0, 1] }, 2))).toMatch(/Another player/);
    expect(why(undoTarget([e(1, quiet)], { by: 'player', seat: 0, people: [0] }, 2))).toMatch(/no move/);
    expect(why(undoTarget([e(0, quiet)], { by: 'player', seat: -1, people: [0] }, 2))).toMatch(/Only a player/);
    const refused = undoTarget([e(0, drawBy(0))], { by: 'player', seat: 0, people: [0] }, 1);
    expect(!refused.ok && refused.code).toBe('undo/refused');
    expect(!refused.ok && refused.message.zh).toMatch(/撤销/);
  });
});
