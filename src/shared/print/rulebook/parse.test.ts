import { describe, expect, it } from 'vitest';
import { parseRulebook } from './parse';

describe('parseRulebook', () => {
  it('reads headings, emphasis, code, entities and hard breaks', () => {
    const { blocks, warnings } = parseRulebook('## 规则 &amp; Rules\n\n**福神** *福气* `金龙` a&lt;b  \nnext\n\n#### Deep');
    expect(blocks[0]).toEqual({ kind: 'heading', level: 2, spans: [{ text: '规则 & Rules' }], text: '规则 & Rules' });
    expect(blocks[1]).toEqual({
      kind: 'paragraph',
      spans: [{ text: '福神', strong: true }, { text: ' ' }, { text: '福气', em: true }, { text: ' ' }, { text: '金龙', code: true }, { text: ' a<b' }, { text: '\n' }, { text: 'next' }],
    });
    expect(blocks[2]).toMatchObject({ kind: 'heading', level: 3, text: 'Deep' });
    expect(warnings).toEqual([expect.stringMatching(/level 4/)]);
  });

  it('turns a paragraph of images into a row of figures with width hints', () => {
    const { blocks } = parseRulebook('![金龙](card:DRA-JIN "40mm") ![](board:main "50%")');
    expect(blocks).toEqual([{ kind: 'figures', items: [{ ref: 'card:DRA-JIN', caption: '金龙', width: { mm: 40 } }, { ref: 'board:main', caption: '', width: { percent: 50 } }] }]);
  });

  it('reads a blockquote as a callout, with a leading bold label', () => {
    expect(parseRulebook('> **例：** 小明宣胜。').blocks).toEqual([{ kind: 'callout', label: '例', blocks: [{ kind: 'paragraph', spans: [{ text: '小明宣胜。' }] }] }]);
    expect(parseRulebook('> **Example**\n>\n> Three players.').blocks[0]).toMatchObject({ kind: 'callout', label: 'Example', blocks: [{ kind: 'paragraph' }] });
    expect(parseRulebook('> plain quote').blocks[0]).toMatchObject({ kind: 'callout', blocks: [{ kind: 'paragraph' }] });
    expect(parseRulebook('> plain quote').blocks[0]).not.toHaveProperty('label');
  });

  it('reads nested and ordered lists, tables with alignment, code and rules', () => {
    const { blocks } = parseRulebook('3. a\n4. b\n   - c\n\n| x | y |\n|:-:|--:|\n| 1 | **2** |\n\n```\nf(x)\n```\n\n---');
    expect(blocks[0]).toMatchObject({ kind: 'list', ordered: true, start: 3, items: [[{ kind: 'paragraph' }], [{ kind: 'paragraph' }, { kind: 'list', ordered: false }]] });
    expect(blocks[1]).toEqual({ kind: 'table', align: ['center', 'right'], header: [[{ text: 'x' }], [{ text: 'y' }]], rows: [[[{ text: '1' }], [{ text: '2', strong: true }]]] });
    expect(blocks.slice(2)).toEqual([{ kind: 'code', text: 'f(x)' }, { kind: 'hr' }]);
  });

  it('warns about HTML and inline images instead of dropping them silently', () => {
    const { blocks, warnings } = parseRulebook('text ![x](card:A) more\n\n<div>hi</div>\n\n<!-- note -->');
    expect(blocks).toHaveLength(1);
    expect(warnings).toEqual([expect.stringMatching(/inside running text/), expect.stringMatching(/HTML block/)]);
  });
});
