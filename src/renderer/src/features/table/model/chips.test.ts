import { describe, expect, it } from 'vitest';
import { chipMark } from './chips';
import { playMatches } from './testing';

const fresh = { useSkills: true, sideways: false, inverted: false };

describe('score-area chip marks', () => {
  it('labels a used or void skill, and 玉猪 once both its skills are spent', () => {
    expect(chipMark({ code: 'TIG-FU', skill: 'unused' }, fresh)).toBeNull();
    expect(chipMark({ code: 'TIG-FU', skill: 'used' }, fresh)).toBe('used');
    expect(chipMark({ code: 'TIG-FU', skill: 'void' }, fresh)).toBe('void');
    expect(chipMark({ code: 'RAT-HE' }, fresh)).toBeNull();
    expect(chipMark({ code: 'PIG-YU' }, fresh)).toBeNull();
    expect(chipMark({ code: 'PIG-YU' }, { ...fresh, sideways: true })).toBeNull();
    expect(chipMark({ code: 'PIG-YU' }, { ...fresh, sideways: true, inverted: true })).toBe('used');
    expect(chipMark({ code: 'PIG-YU' }, { useSkills: false, sideways: true, inverted: true })).toBeNull();
  });

  it('marks exactly the spent skills of real score areas', () => {
    const seen = { used: 0, void: 0 };
    playMatches({ games: 6, maxMoves: 2000, seed: 'chips' }, (d) => {
      for (const area of d.view.areas)
        for (const c of area) {
          const mark = chipMark(c, d.view.yuzhu);
          if (c.code !== 'PIG-YU') expect(mark).toBe(c.skill === 'used' || c.skill === 'void' ? c.skill : null);
          if (mark) seen[mark]++;
        }
    });
    expect(seen.used).toBeGreaterThan(0);
  });
});
