import { describe, expect, it } from 'vitest';
import { createFontService } from '../export/fonts';
import { faceRuns, runMeasurer, splitRuns } from './report-text';

describe('the report’s mixed Latin and Chinese lines', () => {
  it('sets shared punctuation beside Latin text in the Latin face, beside Chinese in the CJK face', () => {
    expect(faceRuns('this run’s random seats', 'sans')).toEqual([
      { text: 'this run', face: 'sans' },
      { text: '’', face: 'latin' },
      { text: 's random seats', face: 'sans' },
    ]);
    expect(faceRuns('Option set A · Win rate', 'sans-bold').map((r) => r.face)).toEqual(['sans-bold', 'latin-bold', 'sans-bold']);
    expect(faceRuns('×2.67 · never used', 'sans').filter((r) => r.face === 'latin').map((r) => r.text)).toEqual(['×', '·']);
    expect(faceRuns('已完成 · 已下 40/40 个种子', 'sans')).toEqual([{ text: '已完成 · 已下 40/40 个种子', face: 'sans' }]);
    expect(faceRuns('“福”', 'sans')).toEqual([{ text: '“福”', face: 'sans' }]);
    expect(faceRuns('plain words', 'sans')).toEqual([{ text: 'plain words', face: 'sans' }]);
    expect(faceRuns('run’s', 'brush')).toEqual([{ text: 'run’s', face: 'brush' }]);
  });

  it('measures and draws an apostrophe at its Latin width, not a full em', () => {
    const fonts = createFontService();
    const m = runMeasurer(fonts.measurer);
    const em = fonts.measurer.width('sans', '福', 10);
    expect(fonts.measurer.width('sans', '’', 10)).toBeCloseTo(em, 1);
    expect(m.width('sans', 'run’s', 10)).toBeCloseTo(fonts.measurer.width('sans', 'runs', 10) + fonts.measurer.width('latin', '’', 10), 5);
    expect(m.width('sans', 'A’', 10) - fonts.measurer.width('sans', 'A', 10)).toBeLessThan(em / 3);
    const ops = splitRuns({ op: 'text', x: 10, y: 5, text: 'run’s', face: 'sans', size: 10, color: '#222222', width: m.width('sans', 'run’s', 10) }, fonts.measurer);
    expect(ops.map((o) => (o.op === 'text' ? [o.text, o.face] : null))).toEqual([['run', 'sans'], ['’', 'latin'], ['s', 'sans']]);
    const [a, b, c] = ops as Extract<(typeof ops)[number], { op: 'text' }>[];
    expect(b!.x).toBeCloseTo(a!.x + a!.width, 6);
    expect(c!.x).toBeCloseTo(b!.x + b!.width, 6);
  });
});
