/**
 * The settlement value W in words: what each number in "W = m × B + H" stands for, as the
 * hand-end screen shows it ("W = 6 (best combos) + 1 (triple stack) = 7"). B is the best combo
 * of each family (or the single best one, or the opening hand's 天时/地利); H is the declarer's
 * 人和 sets and 三叠 bonus, never multiplied; W is never below 0.
 */
import type { AreaScore } from '../../../../../shared/games/doufu/scoring';
import type { Settlement } from '../../../../../shared/games/doufu/settlement';

/** One term of W: its catalogue label and value. */
export interface WTerm {
  label: 'end.w.combos' | 'end.w.bestCombo' | 'end.w.deal' | 'end.w.harmony' | 'end.w.santie' | 'end.w.extra';
  n: number;
}

/** W as its terms: the multiplier m, the terms added, and whether W was held at 0. */
export interface WExplained {
  m: number;
  /** B's term first (multiplied by m when m > 1), then H's parts. */
  terms: WTerm[];
  W: number;
  /** The terms add up below 0, and W stops at 0. */
  floored: boolean;
}

/**
 * W of a declaration in words. `score` is the declarer's area scoring as it stood (null for a
 * declaration at the deal); its 人和 sets and 三叠 bonus split H when they add up to it.
 * @example explainW({ m: 1, B: 6, H: 1, W: 7 }, { sets: 0, T: 1 }, false, false).terms // [{ label: 'end.w.combos', n: 6 }, { label: 'end.w.santie', n: 1 }]
 */
export function explainW(s: Pick<Settlement, 'm' | 'B' | 'H' | 'W'>, score: Pick<AreaScore, 'sets' | 'T'> | null, deal: boolean, bestOnly: boolean): WExplained {
  const terms: WTerm[] = [{ label: deal ? 'end.w.deal' : bestOnly ? 'end.w.bestCombo' : 'end.w.combos', n: s.B }];
  if (s.H !== 0) {
    if (score && score.sets + score.T === s.H) {
      if (score.sets) terms.push({ label: 'end.w.harmony', n: score.sets });
      if (score.T) terms.push({ label: 'end.w.santie', n: score.T });
    } else terms.push({ label: 'end.w.extra', n: s.H });
  }
  return { m: s.m, terms, W: s.W, floored: s.m * s.B + s.H < 0 && s.W === 0 };
}
