import { describe, expect, it } from 'vitest';
import { latinRuns, quoteRuns } from './quote-runs';

describe('quoteRuns: curly quotes set in the Latin face beside Latin text', () => {
  it('splits an apostrophe inside a Latin word and keeps Chinese quotes full-width', () => {
    expect(quoteRuns('cross’s', 'sans')).toEqual([
      { text: 'cross', face: 'sans' },
      { text: '’', face: 'latin' },
      { text: 's', face: 'sans' },
    ]);
    expect(quoteRuns('他说“好”', 'sans')).toEqual([{ text: '他说“好”', face: 'sans' }]);
    expect(quoteRuns('cross’s', 'brush')).toEqual([{ text: 'cross’s', face: 'brush' }]);
  });

  it('reads past a neighbouring quote to the text beside it (a closing quote after an apostrophe)', () => {
    expect(quoteRuns('“the players’”', 'sans-bold')).toEqual([
      { text: '“', face: 'latin-bold' },
      { text: 'the players', face: 'sans-bold' },
      { text: '’”', face: 'latin-bold' },
    ]);
    expect(quoteRuns('“好”’', 'sans')).toEqual([{ text: '“好”’', face: 'sans' }]);
  });

  it('takes any set of shared characters and any idea of a Latin neighbour', () => {
    expect(latinRuns('A · 3', 'sans-medium', /·/u, /[A-Z0-9]/u)).toEqual([
      { text: 'A ', face: 'sans-medium' },
      { text: '·', face: 'latin-medium' },
      { text: ' 3', face: 'sans-medium' },
    ]);
    expect(latinRuns('甲 · 乙', 'sans', /·/u, /[A-Z0-9]/u)).toEqual([{ text: '甲 · 乙', face: 'sans' }]);
  });
});
