import { describe, expect, it } from 'vitest';
import enRules from '../../../../../../templates/doufu/rules.en.md?raw';
import zhRules from '../../../../../../templates/doufu/rules.zh.md?raw';
import type { Step } from '../../../../../shared/games/doufu/types';
import { headingIn, rulesSection } from './rules-section';

const STEPS: Step['k'][] = ['chooseFirst', 'reshuffle', 'dealWindow', 'turn', 'fuji', 'arrange', 'pick', 'attr', 'steal', 'swap', 'ox', 'gift', 'window', 'roulette', 'over', 'run'];

/** The headings of a Markdown rulebook, as its table of contents lists them (page = line here). */
const headings = (md: string) =>
  md
    .split('\n')
    .map((line, i) => ({ m: /^#{1,3}\s+(.+?)\s*$/.exec(line), i }))
    .filter((x) => x.m)
    .map((x) => ({ title: x.m![1]!, page: x.i + 1 }));

describe('the rules button’s section', () => {
  it('names, for every decision and the hand end, a heading that both rulebooks of 斗福 have', () => {
    const toc = { zh: headings(zhRules), en: headings(enRules) };
    for (const k of STEPS)
      for (const handEnd of [false, true]) {
        const h = rulesSection(k, handEnd);
        expect(headingIn(toc.zh, h.zh), `${k} zh ${h.zh}`).not.toBeNull();
        expect(headingIn(toc.en, h.en), `${k} en ${h.en}`).not.toBeNull();
      }
    expect(rulesSection('swap')).toEqual({ zh: '叠蒙', en: 'Stack-and-Flip (叠蒙)' });
    expect(rulesSection('turn', true).en).toBe('Settlement');
    expect(rulesSection('turn', false, true).en).toBe('The twelve Fortune cards');
    expect(rulesSection('turn').zh).toBe('回合');
  });

  it('finds a heading in a typeset table of contents despite added spaces, preferring an exact title', () => {
    const toc = [
      { title: '回合', page: 5 },
      { title: '叠蒙', page: 6 },
      { title: 'Stack-and-Flip ( 叠蒙 )', page: 7 },
      { title: 'Turn order', page: 8 },
      { title: 'Turn', page: 9 },
    ];
    expect(headingIn(toc, '叠蒙')).toBe(1);
    expect(headingIn(toc, 'Stack-and-Flip (叠蒙)')).toBe(2);
    expect(headingIn(toc, 'Turn')).toBe(4);
    expect(headingIn(toc, 'Stack-and-Flip')).toBe(2);
    expect(headingIn(toc, 'Scoring')).toBeNull();
  });
});
