import { describe, expect, it } from 'vitest';
import { parseRulebook } from './parse';
import { figureMarkdown, tableMarkdown, type PickedCard } from './snippets';

const cards: PickedCard[] = [
  { id: 'card-1', caption: '春 Spring', fields: { name: '春 Spring', text: '摸一张牌。', cost: '2' } },
  { id: 'odd id (2)', caption: 'A [tricky] name', fields: { name: 'A [tricky] name', text: 'left | right\nnext line', cost: '' } },
];

describe('figureMarkdown', () => {
  it('writes one figure of a card, and a row of several that parses as figures of those refs', () => {
    expect(figureMarkdown([cards[0]!])).toBe('![春 Spring](card:card-1 "35%")');
    expect(figureMarkdown([cards[0]!], { face: 'back', width: 20 })).toBe('![春 Spring](back:card-1 "20%")');
    const row = figureMarkdown(cards);
    expect(row).toBe('![春 Spring](card:card-1 "48%") ![A \\[tricky\\] name](<card:odd id (2)> "48%")');
    const { blocks } = parseRulebook(row);
    expect(JSON.stringify(blocks)).toContain('card:odd id (2)');
    expect(JSON.stringify(blocks)).toContain('A [tricky] name');
    expect(figureMarkdown([])).toBe('');
  });
});

describe('tableMarkdown', () => {
  it('writes a GFM table of the picked columns, pipes and line breaks escaped, that parses as one table', () => {
    const md = tableMarkdown(cards, ['id', 'name', 'text']);
    expect(md).toBe(['| id | name | text |', '| --- | --- | --- |', '| card-1 | 春 Spring | 摸一张牌。 |', '| odd id (2) | A [tricky] name | left \\| right next line |'].join('\n'));
    const { blocks } = parseRulebook(md);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.kind).toBe('table');
    expect(tableMarkdown(cards, [])).toBe('');
  });
});
