// The printed 斗福 deck (templates/doufu/cards.csv) and the engine's component table
// (src/shared/games/doufu/cards.ts) describe the same 48 cards: same codes, zodiacs, names,
// attributes and skills. A designer who edits one sees this fail until the other follows.
import { describe, expect, it } from 'vitest';
import { createServices } from '../src/main/services';
import { CARDS } from '../src/shared/games/doufu/cards';

const p = createServices({ mode: 'cli' }).projects.get('doufu');
if (!p.ok) throw new Error(p.error.message);
const printed = p.value.set.cards.filter((c) => !c.id.startsWith('REF'));

describe('斗福 printed deck = engine components', () => {
  it('has the same 48 codes in the same order', () => {
    expect(printed.map((c) => c.id)).toEqual(CARDS.map((c) => c.code));
  });
  for (const card of CARDS)
    it(`${card.code}: zodiac, name, attributes and skill agree`, () => {
      const row = printed.find((c) => c.id === card.code)!;
      expect(row.fields.zodiac).toBe(card.zodiac);
      expect(row.fields.name_zh).toBe(card.name);
      expect([row.fields.attr, row.fields.attr2].filter(Boolean)).toEqual([...card.attrs]);
      expect(row.fields.skill_zh || null).toBe(card.skill);
    });
});
