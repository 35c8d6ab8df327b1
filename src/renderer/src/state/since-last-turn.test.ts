import { describe, expect, it } from 'vitest';
import type { LogLine } from '../features/table/model/log';
import { sinceLastTurn, touchedCards } from './since-last-turn';

const line = (move: number, kind: LogLine['kind'], en: string, seat?: number): LogLine => ({ move, kind, ...(seat === undefined ? {} : { seat }), text: { zh: en, en } });

describe('since your last turn', () => {
  const moves = [{ seat: 0 }, { seat: 1 }, { seat: 2 }, { seat: 0 }, { seat: 1 }, { seat: 2 }, { seat: 1 }];
  const lines = [line(-1, 'hand', 'deal'), line(3, 'action', 'you eat', 0), line(4, 'turn', "seat 2's turn", 1), line(4, 'action', 'seat 2 draws a card', 1), line(5, 'action', 'seat 3 stacks', 2), line(6, 'skill', 'seat 2 uses the Rat', 1)];

  it('tells the moves of the others after the person’s last one, from their own log, without turn headers', () => {
    const s = sinceLastTurn(moves, 0, lines)!;
    expect(s).toMatchObject({ seat: 0, from: 4, to: 7, movers: [1, 2] });
    expect(s.lines.map((l) => l.text.en)).toEqual(['seat 2 draws a card', 'seat 3 stacks', 'seat 2 uses the Rat']);
  });

  it('is nothing when nobody else moved, and everything since the start before a first move', () => {
    expect(sinceLastTurn(moves, 1, lines)).toBeNull();
    expect(sinceLastTurn([{ seat: 1 }], 0, [])).toMatchObject({ from: 0, movers: [1] });
  });

  it('marks only the cards the person may know of: public events, and hidden ones shown to them', () => {
    const log = [
      { events: [{ type: 'draw', seat: 1, card: 'RAT-Y1', reveal: [1] }] },
      { events: [{ type: 'eat', seat: 1, card: 'OX-Y1', take: ['OX-HONG'], reveal: 'all' }] },
      { events: [{ type: 'skill', seat: 2, card: 'DRA-FU', target: 0, take: 'TIG-Y1' }] },
      { events: [{ type: 'draw', seat: 0, card: 'PIG-Y1', reveal: [0] }] },
    ];
    expect([...touchedCards(log, 0, 4, 0)].sort()).toEqual(['DRA-FU', 'OX-HONG', 'OX-Y1', 'PIG-Y1', 'TIG-Y1']);
    expect([...touchedCards(log, 1, 3, 0)].sort()).toEqual(['DRA-FU', 'OX-HONG', 'OX-Y1', 'TIG-Y1']);
  });
});
