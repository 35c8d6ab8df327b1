// A row of figures without captions that fills its measure: rounding can leave the room to share
// out a hair below zero with nothing to share, which once divided 0 by 0 and put NaN coordinates
// into the page (the PDF writer then refused the page).
import { describe, expect, it } from 'vitest';
import { createFontService } from '../../../main/services/export/fonts';

const fonts = createFontService();
describe('a row of figures that fills its measure exactly', () => {
  it('is placed at finite coordinates (no caption to widen: nothing to share out, even when rounding leaves no room)', async () => {
    const { typesetRulebook } = await import('./index');
    const { fakeFigure } = await import('./test-fixtures');
    const { walkOps } = await import('../../cards/draw-list');
    const ids = ['A-1', 'A-2', 'A-3', 'A-4', 'A-5', 'A-6', 'A-7', 'A-8', 'A-9'];
    for (const pct of [9, 10, 11, 12]) {
      const md = `# Row\n\n${ids.map((id) => `![](card:${id} "${pct}%")`).join(' ')}\n`;
      for (const paper of ['a4', 'a5', 'letter'] as const) {
        const book = typesetRulebook(md, { paper, lang: 'zh', title: 'T', runningTitle: 'T' }, { measurer: fonts.measurer, figure: fakeFigure });
        const bad: string[] = [];
        for (const page of book.pages)
          walkOps(page.ops, (op) => {
            for (const [k, v] of Object.entries(op)) if (typeof v === 'number' && !Number.isFinite(v)) bad.push(`${op.op}.${k}`);
            if (op.op === 'group' && op.transform && ![op.transform.x, op.transform.y, op.transform.scale ?? 1].every(Number.isFinite)) bad.push('group.transform');
          });
        expect(bad, `${pct}% ${paper}`).toEqual([]);
      }
    }
  });
});
