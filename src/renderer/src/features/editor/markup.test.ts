import { describe, expect, it } from 'vitest';
import { parseRich } from '../../../../shared/cards/rich';
import { colourOpen, focusAt, iconNameFor, insertToken, mapText, parseMapText, wrapSpan } from './markup';

describe('text markup edits', () => {
  it('inserts a token at the caret or over the selection, caret after it', () => {
    expect(insertToken('Luck +1', 5, 5, '{{icon:luck}}')).toEqual({ text: 'Luck {{icon:luck}}+1', start: 18, end: 18 });
    expect(insertToken('name: X', 6, 7, '{{name}}')).toEqual({ text: 'name: {{name}}', start: 14, end: 14 });
    expect(insertToken('ab', 99, 99, '{{c}}').text).toBe('ab{{c}}');
  });

  it('wraps the selection in bold or colour spans that the rich-text parser reads back', () => {
    const b = wrapSpan('gain 2 luck', 5, 6, '**', '**');
    expect(b).toEqual({ text: 'gain **2** luck', start: 7, end: 8 });
    const c = wrapSpan(b.text, 11, 15, colourOpen('#C23B22'), '[/]');
    expect(c.text).toBe('gain **2** [#C23B22]luck[/]');
    const spans = parseRich(c.text, {}, {}, {}).runs;
    expect(spans.find((s) => s.kind === 'text' && s.text === '2')).toMatchObject({ bold: true });
    expect(spans.find((s) => s.kind === 'text' && s.text === 'luck')).toMatchObject({ color: '#C23B22' });
    expect(wrapSpan('x', 1, 1, '**', '**')).toEqual({ text: 'x****', start: 3, end: 3 });
    expect(wrapSpan('abc', 3, 1, '**', '**').text).toBe('a**bc**');
  });

  it('names icons after their files, with only the allowed characters, numbered when taken', () => {
    expect(iconNameFor('file:art/Four Leaf.png', new Set())).toBe('Four-Leaf');
    expect(iconNameFor('file:art/luck.svg', new Set(['luck', 'luck-2']))).toBe('luck-3');
    expect(iconNameFor('icon:fluent-emoji-flat:rat', new Set())).toBe('rat');
    expect(iconNameFor('file:art/福.png', new Set())).toBe('icon');
  });

  it('maps round-trip through key = value lines; a line without = is named', () => {
    const m = { fire: '#C23B22', water: '#1E6FD9' };
    expect(parseMapText(mapText(m))).toEqual({ map: m });
    expect(parseMapText('a = 1\n\n b=2 ')).toEqual({ map: { a: '1', b: '2' } });
    expect(parseMapText('a = 1\noops')).toEqual({ badLine: 2 });
  });

  it('a click sets the focal point as fractions of the box, clamped', () => {
    expect(focusAt(25, 75, 100, 100)).toEqual({ x: 0.25, y: 0.75 });
    expect(focusAt(-5, 130, 100, 100)).toEqual({ x: 0, y: 1 });
  });
});

describe('parseMapText with names every object inherits', () => {
  it('keeps constructor, toString, __proto__… as ordinary map entries', () => {
    const names = Object.getOwnPropertyNames(Object.prototype);
    const r = parseMapText(names.map((n) => `${n} = ${n}!`).join('\n'));
    expect('map' in r && Object.keys(r.map)).toEqual(names);
    expect('map' in r && r.map['__proto__']).toBe('__proto__!');
  });
});
