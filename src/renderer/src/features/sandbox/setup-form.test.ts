import { describe, expect, it } from 'vitest';
import { dealActions, dealButtonOf, dieMode, freshId, itemsOf, nameOf, parseTable, problemsAt } from './setup-form';

describe('the setup form model', () => {
  it('edits only a JSON object; anything else is left to the text view', () => {
    expect(parseTable('{"seats": 3}')).toEqual({ seats: 3 });
    expect(parseTable('[1]')).toBeNull();
    expect(parseTable('{ nope')).toBeNull();
    expect(itemsOf({ zones: [{ id: 'a' }, 7] }, 'zones')).toEqual([{ id: 'a' }, {}]);
    expect(itemsOf({ zones: 'x' }, 'zones')).toEqual([]);
  });

  it('shows a name in both languages and finds a fresh id', () => {
    expect(nameOf('牌堆')).toEqual({ zh: '牌堆', en: '牌堆' });
    expect(nameOf({ zh: '牌堆' })).toEqual({ zh: '牌堆', en: '' });
    expect(nameOf(undefined)).toEqual({ zh: '', en: '' });
    expect(freshId([{ id: 'zone' }, { id: 'zone2' }], 'zone')).toBe('zone3');
    expect(freshId([], 'die')).toBe('die');
  });

  it('puts each problem on its field and not on a neighbour', () => {
    const problems = [
      { path: 'zones[1]', message: { zh: 'a', en: 'a' } },
      { path: 'zones[10].id', message: { zh: 'b', en: 'b' } },
      { path: 'cards[0].where.name', message: { zh: 'c', en: 'c' } },
      { path: 'seats', message: { zh: 'd', en: 'd' } },
    ];
    expect(problemsAt(problems, 'zones[1]').map((p) => p.path)).toEqual(['zones[1]']);
    expect(problemsAt(problems, 'cards[0]').map((p) => p.path)).toEqual(['cards[0].where.name']);
    expect(problemsAt(problems, 'seats')).toHaveLength(1);
  });

  it('reads a deal button back from its actions, and leaves any other button to the text view', () => {
    const d = { shuffle: true, from: 'deck', to: 'hand', count: 5 };
    expect(dealButtonOf({ actions: dealActions(d) })).toEqual(d);
    expect(dealButtonOf({ actions: dealActions({ ...d, shuffle: false }) })).toEqual({ ...d, shuffle: false });
    expect(dealButtonOf({ actions: [{ do: 'shuffle', zone: 'other' }, { do: 'deal', from: 'deck', to: 'hand', count: 5 }] })).toBeNull();
    expect(dealButtonOf({ actions: [{ do: 'flip', zone: 'deck', face: 'up' }] })).toBeNull();
  });

  it('tells how a die gets its faces', () => {
    expect(dieMode({ sides: 8 })).toBe('sides');
    expect(dieMode({ facesFrom: 'element' })).toBe('column');
    expect(dieMode({ faces: ['a', 'b'] })).toBe('list');
  });
});
