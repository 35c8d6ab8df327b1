import { describe, expect, it } from 'vitest';
import { rowCard } from './row-card';

const T = new Set(['front', 'back', 'hero']);

describe('rowCard', () => {
  it('reads the reserved columns and keeps the rest as fields', () => {
    const { card, warnings } = rowCard(['id', 'copies', 'template', 'name'], ['A-1', '2', 'hero', '春'], T);
    expect(card).toMatchObject({ id: 'A-1', copies: 2, template: 'hero', back: 'back' });
    expect({ ...card.fields }).toEqual({ name: '春' });
    expect(warnings).toEqual([]);
  });

  it('draws an unfinished row anyway and says what the loader would refuse', () => {
    const { card, warnings } = rowCard(['id', 'copies', 'template'], ['', 'x', 'nope'], T);
    expect(card).toMatchObject({ id: '(no id)', copies: 1, template: 'front' });
    expect(warnings.map((w) => w.message)).toEqual([expect.stringMatching(/no id/), expect.stringMatching(/copies "x"/), expect.stringMatching(/template "nope"/)]);
  });
});
