import { describe, expect, it } from 'vitest';
import { NO_LINE_END, NO_LINE_START } from '../../cards/text';
import { fakeMeasurer } from '../fake-measurer';
import { breakBalanced, breakRich, setLine, textExtent, type Run } from './rich-text';

// Every character is 3.5 mm wide at 10 pt (fake measurer, factor 0.35).
const m = fakeMeasurer();
const ink = '#000000';
const run = (text: string, face: Run['face'] = 'sans'): Run => ({ text, face, color: ink });

describe('breakRich', () => {
  it('breaks across runs and keeps each piece in its face', () => {
    const { lines } = breakRich([run('甲乙丙'), run('丁戊己庚', 'sans-bold'), run('辛壬')], 10, 14, m);
    expect(lines.map((l) => l.text)).toEqual(['甲乙丙丁', '戊己庚辛', '壬']);
    expect(lines[0]!.runs).toEqual([run('甲乙丙'), run('丁', 'sans-bold')]);
    expect(lines[1]!.runs).toEqual([run('戊己庚', 'sans-bold'), run('辛')]);
    expect(lines.map((l) => [l.first, l.last])).toEqual([[true, false], [false, false], [false, true]]);
  });

  it('applies kinsoku at run boundaries', () => {
    const { lines } = breakRich([run('甲乙丙'), run('丁，', 'sans-bold'), run('「戊」己')], 10, 14, m);
    for (const [i, l] of lines.entries()) {
      if (i > 0) expect(NO_LINE_START.has(l.text[0]!)).toBe(false);
      expect(NO_LINE_END.has(l.text.at(-1)!)).toBe(false);
    }
  });

  it('never splits a Latin word that fits a line, and reports one that does not', () => {
    const a = breakRich([run('aa bbbb cc')], 10, 17.5, m);
    expect(a.lines.map((l) => l.text)).toEqual(['aa', 'bbbb', 'cc']);
    expect(a.overflow).toBe(false);
    const b = breakRich([run('a abcdefghij')], 10, 14, m);
    expect(b.overflow).toBe(true);
    expect(b.lines.every((l) => l.width <= 14)).toBe(true);
  });

  it('treats \\n as a hard break', () => {
    const { lines } = breakRich([run('甲\n乙')], 10, 100, m);
    expect(lines.map((l) => [l.text, l.first, l.last])).toEqual([['甲', true, true], ['乙', true, true]]);
  });
});

describe('breakBalanced', () => {
  it('does not leave one CJK character alone on the last line', () => {
    const text = '甲乙丙丁戊己庚辛壬癸。';
    expect(breakRich([run(text)], 10, 31.5, m).lines.map((l) => l.text)).toEqual(['甲乙丙丁戊己庚辛壬', '癸。']);
    expect(breakBalanced([run(text)], 10, 31.5, m).lines.map((l) => l.text)).toEqual(['甲乙丙丁戊己庚', '辛壬癸。']);
  });
});

describe('setLine', () => {
  it('justifies CJK with letter spacing to the exact width', () => {
    const [line] = breakRich([run('甲乙丙丁戊'), run('己庚辛壬癸')], 10, 40, m).lines;
    const ops = setLine({ ...line!, last: false }, 10, 20, 40, 10, m, { justify: true, id: 't' });
    expect(ops.map((o) => o.text)).toEqual(['甲乙丙丁戊己庚辛壬癸']);
    expect(ops[0]!.letterSpacing).toBeCloseTo(5 / 9, 3);
    expect(ops[0]!.x + ops[0]!.width).toBeCloseTo(50, 3);
  });

  it('stretches spaces and CJK gaps but never letter-spaces a Latin word', () => {
    const [line] = breakRich([run('用 pdf 打印文件 ok')], 10, 200, m).lines;
    const ops = setLine({ ...line!, last: false }, 0, 0, line!.width + 1, 10, m, { justify: true, id: 't' });
    expect(ops.find((o) => o.text === 'pdf')!.letterSpacing).toBeUndefined();
    const last = ops.at(-1)!;
    expect(last.x + last.width).toBeCloseTo(line!.width + 1, 3);
  });

  it('sets last lines ragged, one op per run', () => {
    const [line] = breakRich([run('甲'), run('乙', 'sans-bold')], 10, 100, m).lines;
    const ops = setLine(line!, 5, 0, 100, 10, m, { justify: true, id: 't' });
    expect(ops.map((o) => [o.text, o.x, o.face])).toEqual([['甲', 5, 'sans'], ['乙', 8.5, 'sans-bold']]);
  });
});

describe('textExtent', () => {
  it('gives the widest word and the widest line', () => {
    expect(textExtent([run('ab cdef\n甲')], 10, m)).toEqual({ min: 14, max: 24.5 });
  });
});
