import { describe, expect, it } from 'vitest';
import { Match } from '../../engine';
import { zodiacRace } from './game';
import type { ZrOptions } from './options';
import type { ZrMove, ZrState } from './types';
import type { ZrView } from './view';

/** A 2-player race with animals chosen: seat 0 to play its first turn. */
function race(): Match<ZrState, ZrMove, ZrView, ZrOptions> {
  const m = Match.create(zodiacRace, { seed: 'undo', players: 2, options: zodiacRace.defaultOptions });
  expect(m.apply({ type: 'choose', seat: 0, zodiac: 'tiger' }).ok).toBe(true);
  expect(m.apply({ type: 'choose', seat: 1, zodiac: 'ox' }).ok).toBe(true);
  return m;
}

describe('生肖赛跑 undo at the table', () => {
  it('a roll is a reveal: a player cannot undo past it, a designer can', () => {
    const m = race();
    // Before any roll the person may take their animal back (the bot's choice goes with it).
    expect(m.undoTarget({ by: 'player', seat: 0, people: [0] })).toEqual({ ok: true, step: 0 });
    expect(m.apply({ type: 'roll', seat: 0 }).ok).toBe(true);
    expect(m.log[m.length - 1]!.events.find((e) => e.type === 'roll')?.reveal).toBe('all');
    const refused = m.undoTarget({ by: 'player', seat: 0, people: [0] });
    expect(refused.ok).toBe(false);
    expect(m.undoTarget({ by: 'designer', people: [0] })).toEqual({ ok: true, step: 2 });
  });

  it('a bot roll after a person\'s last decision blocks that person\'s undo too', () => {
    const m = race();
    m.apply({ type: 'roll', seat: 0 });
    // Finish seat 0's turn with the first legal moves, ending the turn as soon as it may.
    for (let i = 0; i < 50 && m.status().toAct[0] === 0; i++) {
      const legal = zodiacRace.legalMoves(m.state, 0);
      m.apply(legal.find((x) => x.type === 'end') ?? legal[0]!);
    }
    expect(m.status().toAct[0]).toBe(1);
    // Nothing revealed since seat 0 ended its turn: undo is allowed…
    expect(m.undoTarget({ by: 'player', seat: 0, people: [0] }).ok).toBe(true);
    // …until the bot in seat 1 rolls.
    m.apply({ type: 'roll', seat: 1 });
    expect(m.undoTarget({ by: 'player', seat: 0, people: [0] }).ok).toBe(false);
  });
});
