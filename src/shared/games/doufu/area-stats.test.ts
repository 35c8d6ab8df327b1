// areaStats (the engine's per-event summary of an area) must give exactly areaScore's values.
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../util/rng';
import { areaStats, statsQualify } from './area-stats';
import { CARDS } from './cards';
import { DEFAULT_OPTIONS, type DoufuOptions } from './options';
import { areaScore, qualifies } from './scoring';
import type { AreaCard } from './types';

const FIELDS = ['B', 'H', 'S', 'sets', 'nizhu', 'hasWinningCombo', 'daziCount'] as const;

describe('areaStats', () => {
  it('equals areaScore on 20,000 random areas under every scoring option', () => {
    const r = new Rng(seedRng('area-stats'));
    for (let i = 0; i < 20_000; i++) {
      // Dense areas reach the big combos (4 金 + 玉猪, 万紫千红, 10 运, 人和); sparse ones the common cases.
      const density = r.pick([0.1, 0.25, 0.45, 0.7, 0.9]);
      const area: AreaCard[] = r.shuffle(CARDS.filter(() => r.nextFloat() < density).map((c) => ({ code: c.code, attr: r.pick(c.attrs) })));
      const bonus = r.int(4);
      const opts: DoufuOptions & { mode: 'ffa' | '2v2' } = {
        ...DEFAULT_OPTIONS,
        shuangyun_value: r.pick([1, 2] as const),
        named_combo_requires_assigned_attr: r.int(2) === 0,
        team_dazi_count_mode: r.pick(['families_plus_sets', 'distinct_rows'] as const),
        team_min_dazi: 1 + r.int(4),
        mode: r.pick(['ffa', '2v2'] as const),
      };
      const full = areaScore(area, bonus, opts);
      const fast = areaStats(area, bonus, opts);
      for (const f of FIELDS) if (fast[f] !== full[f]) throw new Error(`${f}: ${fast[f]} ≠ ${full[f]} for ${JSON.stringify(area)} bonus ${bonus} ${JSON.stringify(opts)}`);
      expect(statsQualify(fast, opts)).toBe(qualifies(full, opts.mode, opts));
    }
  });

  it('refuses what areaScore refuses, with the same error', () => {
    const bad: unknown[] = [
      [{ code: 'XXX', attr: '金' }],
      [{ code: 'RAT-FU', attr: '金' }],
      [{ code: 'RAT-FU', attr: '福' }, { code: 'RAT-FU', attr: '福' }],
      [null],
      'RAT-FU',
    ];
    for (const a of bad) expect(() => areaStats(a as AreaCard[], 0, DEFAULT_OPTIONS)).toThrow((() => { try { areaScore(a as AreaCard[], 0, DEFAULT_OPTIONS); } catch (e) { return (e as Error).message; } return 'no error'; })());
    expect(() => areaStats([], -1, DEFAULT_OPTIONS)).toThrow(/santieBonus/);
  });
});
