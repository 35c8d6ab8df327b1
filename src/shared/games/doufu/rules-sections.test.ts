import { describe, expect, it } from 'vitest';
import { headingIn, rulesSection } from './rules-sections';

describe('the rules button’s section', () => {
  // That every section named exists in both of 斗福's rulebooks: tests/doufu-english.test.ts.
  it('names the section of a decision, of the hand end and of a skill being aimed', () => {
    expect(rulesSection('swap')).toEqual({ zh: '叠蒙', en: 'Stack-and-Flip (叠蒙)' });
    expect(rulesSection('turn', true).en).toBe('Settlement');
    expect(rulesSection('turn', false, true).en).toBe('The twelve Fortune cards');
    expect(rulesSection('turn').zh).toBe('回合');
    expect(rulesSection('dealWindow').en).toBe("Reshuffle, Heaven’s Timing and Earth’s Advantage");
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
