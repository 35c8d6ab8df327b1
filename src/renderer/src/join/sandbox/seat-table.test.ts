import { describe, expect, it } from 'vitest';
import { Match } from '../../../../shared/engine/runner';
import { readTableFile, sandbox, type SandboxMove } from '../../../../shared/games/sandbox';
import { legalOf, seatTable, splitKey } from './seat-table';

const ROWS = Array.from({ length: 10 }, (_, i) => ({ id: `c${i + 1}`, fields: { id: `c${i + 1}`, name: `Card ${i + 1}` } }));
const OPTIONS = readTableFile(null, ROWS, ['id', 'name']).options;

describe('the sandbox table as a seat device draws it', () => {
  it('splits per-seat keys', () => {
    expect(splitKey('hand@2')).toEqual({ id: 'hand', owner: 2 });
    expect(splitKey('deck')).toEqual({ id: 'deck', owner: null });
  });

  it('shows its own hand by card id, the other hands as counts only, and names zones, counters and dice from the set-up', () => {
    const m = Match.create(sandbox, { seed: 'seat-table', players: 2, options: OPTIONS });
    for (let k = 0; k < 3; k++) expect(m.apply({ type: 'draw', seat: 0, from: 'deck', count: 1 }).ok).toBe(true);
    expect(m.apply({ type: 'pass', seat: 0 }).ok).toBe(true);
    expect(m.apply({ type: 'draw', seat: 1, from: 'deck', count: 1 }).ok).toBe(true);
    const t = seatTable(m.view(1));
    expect(t.hand?.key).toBe('hand@1');
    expect(t.hand?.cards.map((c) => c.c)).toEqual([m.state.cards[m.state.zones['hand@1']![0]!]!.c]);
    expect(t.otherHands).toEqual([{ owner: 0, count: 3 }]);
    // Nothing of seat 1's table holds seat 0's hand.
    const theirs = new Set(m.state.zones['hand@0']);
    expect(t.zones.flatMap((z) => z.cards).some((c) => theirs.has(c.i))).toBe(false);
    expect(t.zones.map((z) => z.key)).toEqual(['deck', 'discard', 'table', 'play@1', 'play@0']);
    expect(t.zones[0]!.name.en).toBe('Deck');
    expect(t.counters.map((c) => [c.key, c.name.en, c.owner, c.value])).toEqual([
      ['score@0', 'Score', 0, 0],
      ['score@1', 'Score', 1, 0],
    ]);
    expect(t.dice).toEqual([{ id: 'd6', name: { zh: '骰子', en: 'Die' }, face: null }]);
    expect(m.apply({ type: 'roll', seat: 1, die: 'd6' }).ok).toBe(true);
    expect(seatTable(m.view(1)).dice[0]!.face).toMatch(/^[1-6]$/);
  });

  it('a spectator has no hand and sees every hand as a count', () => {
    const m = Match.create(sandbox, { seed: 'seat-table', players: 2, options: OPTIONS });
    const t = seatTable(m.view(null));
    expect(t.hand).toBeNull();
    expect(t.otherHands.map((h) => h.owner)).toEqual([0, 1]);
  });

  it('finds the legal move a button stands for', () => {
    const legal: SandboxMove[] = [
      { type: 'draw', seat: 0, from: 'deck', count: 1 },
      { type: 'counter', seat: 0, counter: 'score@0', delta: 1 },
      { type: 'counter', seat: 0, counter: 'score@0', delta: -1 },
    ];
    expect(legalOf(legal, 'draw', (x) => x.from === 'deck')).toBe(legal[0]);
    expect(legalOf(legal, 'draw', (x) => x.from === 'discard')).toBeUndefined();
    expect(legalOf(legal, 'counter', (x) => x.delta === -1)).toBe(legal[2]);
    expect(legalOf(legal, 'pass')).toBeUndefined();
  });
});
