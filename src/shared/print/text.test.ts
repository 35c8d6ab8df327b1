import { describe, expect, it } from 'vitest';
import { fakeMeasurer } from './fake-measurer';
import { lineOps, quoteRuns, textBlock, textOp, wrapText } from './text';

const m = fakeMeasurer({ factor: 1 / 8 }); // 1 mm per character at 8 pt

describe('wrapText', () => {
  it('breaks Latin text at spaces only', () => {
    expect(wrapText('the quick brown fox', 10, 'sans', 8, m)).toEqual(['the quick', 'brown fox']);
    expect(wrapText('unbreakableword ok', 5, 'sans', 8, m)).toEqual(['unbreakableword', 'ok']);
  });
  it('breaks between CJK characters, keeping closing punctuation off the line start and opening off the end', () => {
    expect(wrapText('一二三四，五六', 4, 'sans', 8, m)).toEqual(['一二三', '四，五六']);
    expect(wrapText('一二（三四', 3, 'sans', 8, m)).toEqual(['一二', '（三四']);
    expect(wrapText('点“适应页面”', 2, 'sans', 8, m)).toEqual(['点', '“适', '应页', '面”']);
  });
  it('keeps paragraphs', () => {
    expect(wrapText('a b\nc', 10, 'sans', 8, m)).toEqual(['a b', 'c']);
  });
});

describe('textOp and textBlock', () => {
  it('measures and aligns', () => {
    expect(textOp('abcd', 10, 20, { face: 'sans', size: 8, align: 'center' }, m)).toEqual({ op: 'text', x: 8, y: 20, text: 'abcd', face: 'sans', size: 8, color: '#000000', width: 4 });
    expect(textOp('abcd', 10, 20, { face: 'sans', size: 8, align: 'right', id: 'k' }, m)).toMatchObject({ id: 'k', x: 6 });
  });
  it('stacks lines at 1.35 × size from one ascent below the top', () => {
    const b = textBlock('aa bb', { x: 0, top: 10, width: 2 }, { face: 'sans', size: 8 }, m);
    const em = (8 * 25.4) / 72;
    expect(b.ops.map((o) => o.text)).toEqual(['aa', 'bb']);
    expect(b.ops[0]!.y).toBeCloseTo(10 + 0.88 * em, 2);
    expect(b.ops[1]!.y - b.ops[0]!.y).toBeCloseTo(1.35 * em, 2);
    expect(b.bottom).toBeCloseTo(b.ops[1]!.y + 0.12 * em, 2);
  });
});

describe('curly quotes in Latin text', () => {
  it('sets a quote or apostrophe beside Latin text in the Latin face, beside Chinese in the CJK face', () => {
    expect(quoteRuns('cross’s scales', 'sans')).toEqual([{ text: 'cross', face: 'sans' }, { text: '’', face: 'latin' }, { text: 's scales', face: 'sans' }]);
    expect(quoteRuns('turn off “fit to page” now', 'sans-bold').map((r) => r.face)).toEqual(['sans-bold', 'latin-bold', 'sans-bold', 'latin-bold', 'sans-bold']);
    expect(quoteRuns('关闭“适合页面”', 'sans')).toEqual([{ text: '关闭“适合页面”', face: 'sans' }]);
    expect(quoteRuns('don’t', 'brush')).toEqual([{ text: 'don’t', face: 'brush' }]);
  });
  it('draws the runs one after another, aligned as one line', () => {
    const ops = lineOps('ab’c', 10, 5, { face: 'sans', size: 8, align: 'center' }, m);
    expect(ops.map((o) => [o.text, o.face, o.x])).toEqual([['ab', 'sans', 8], ['’', 'latin', 10], ['c', 'sans', 11]]);
    const b = textBlock('x it’s y', { x: 0, top: 0, width: 20 }, { face: 'sans', size: 8 }, m);
    expect(b.ops.map((o) => o.face)).toEqual(['sans', 'latin', 'sans']);
  });
});
