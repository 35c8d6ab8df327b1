import { describe, expect, it } from 'vitest';
import { breakLines, NO_LINE_END, NO_LINE_START, segments } from './text';
import { fakeMeasurer } from './test-measurer';
import { ptToMm } from '../util/units';

const em = ptToMm(10); // one CJK character at 10 pt in the fake measurer

describe('line breaking', () => {
  it('breaks between CJK characters but never before closing punctuation or after opening brackets', () => {
    const segs = segments('只能选择【叠牌行动】。然后');
    expect(segs).toContain('择');
    expect(segs.some((s) => s.startsWith('【叠'))).toBe(true);
    expect(segs.some((s) => s.endsWith('动】。'))).toBe(true);
  });

  it('keeps Latin words whole and reports a word wider than the box', () => {
    const { lines, overflow } = breakLines('Stack only', 'sans', 10, em * 3, fakeMeasurer);
    expect(lines.map((l) => l.text)).toEqual(['Stack', 'only']);
    expect(overflow).toBe(false);
    const long = breakLines('Incomprehensibilities', 'sans', 10, em * 3, fakeMeasurer);
    expect(long.lines.map((l) => l.text)).toEqual(['Incomprehensibilities']);
    expect(long.overflow).toBe(true);
  });

  it('fills lines greedily to the width and honours newlines', () => {
    const { lines } = breakLines('一二三四五六七\n八', 'sans', 10, em * 3, fakeMeasurer);
    expect(lines.map((l) => l.text)).toEqual(['一二三', '四五六', '七', '八']);
    expect(lines.map((l) => l.last)).toEqual([false, false, true, true]);
    expect(lines[0]!.width).toBeCloseTo(3 * em, 6);
  });

  it('no line starts with forbidden punctuation or ends with an opening bracket (kinsoku)', () => {
    const text = '目标角色可以为自己。若被使用者所有手牌均与【池】中生肖相同，则直接略过当前回合（包括手牌为空）。';
    for (let w = 3; w <= 12; w++) {
      const { lines } = breakLines(text, 'sans', 10, em * w + 0.01, fakeMeasurer);
      for (const l of lines) {
        expect(NO_LINE_START.has(l.text[0]!), `line "${l.text}" at width ${w}`).toBe(false);
        expect(NO_LINE_END.has(l.text.slice(-1)), `line "${l.text}" at width ${w}`).toBe(false);
      }
      expect(lines.map((l) => l.text).join('')).toBe(text);
    }
  });
});
