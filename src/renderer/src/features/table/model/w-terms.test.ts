import { describe, expect, it } from 'vitest';
import { doufu } from '../../../../../shared/games/doufu';
import { handSummary } from './settlement';
import { playMatches } from './testing';
import { explainW } from './w-terms';

describe('W in words', () => {
  it('names each term: best combos, Human Harmony, triple stack', () => {
    expect(explainW({ m: 1, B: 6, H: 1, W: 7 }, { sets: 0, T: 1 }, false, false)).toEqual({ m: 1, terms: [{ label: 'end.w.combos', n: 6 }, { label: 'end.w.santie', n: 1 }], W: 7, floored: false });
    expect(explainW({ m: 2, B: 5, H: 2, W: 12 }, { sets: 1, T: 1 }, false, true).terms).toEqual([{ label: 'end.w.bestCombo', n: 5 }, { label: 'end.w.harmony', n: 1 }, { label: 'end.w.santie', n: 1 }]);
    expect(explainW({ m: 1, B: 12, H: 0, W: 12 }, null, true, false).terms).toEqual([{ label: 'end.w.deal', n: 12 }]);
    expect(explainW({ m: 1, B: -1, H: 0, W: 0 }, { sets: 0, T: 0 }, false, false).floored).toBe(true);
  });

  it('adds up to the engine’s W for every declaration of seeded matches', () => {
    let n = 0;
    playMatches({ games: 4, maxMoves: 3000, seed: 'w-terms' }, () => {}, (m, index) => {
      const events = m.log[index]!.events;
      if (!events.some((e) => e.type === 'declare')) return;
      const s = handSummary(doufu.view(m.stateAt(index), null), events);
      if (s?.kind !== 'won' || !s.settlement) return;
      const w = explainW(s.settlement, s.score, s.deal, false);
      const [b, ...h] = w.terms;
      expect(Math.max(0, w.m * b!.n + h.reduce((a, t) => a + t.n, 0))).toBe(s.W);
      n++;
    });
    expect(n).toBeGreaterThan(5);
  });
});
