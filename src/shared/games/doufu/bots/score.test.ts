// The bots' fast scorer must agree with the engine's areaScore (B, H, S, sets, qualification) for
// every area and option the bots can meet: random areas of random sizes, random dual choices and
// 三叠 bonuses, under random rule options in both modes.
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../../util/rng';
import { CARDS } from '../cards';
import { areaScore, qualifies } from '../scoring';
import { randomGameOptions } from './soak';
import { areaFastScore, tally, scoreOf, copyCounts, addCard } from './score';

describe('bots/score: fast scoring = engine scoring', () => {
  it('agrees with areaScore on 20,000 random areas under random options', () => {
    const r = new Rng(seedRng('score'));
    for (let i = 0; i < 20_000; i++) {
      const opts = randomGameOptions(r, r.int(2) ? 'ffa' : '2v2');
      const cards = r.shuffle([...CARDS]).slice(0, r.int(25));
      const area = cards.map((c) => ({ code: c.code, attr: r.pick(c.attrs) }));
      const bonus = r.int(3);
      const ref = areaScore(area, bonus, opts);
      const fast = areaFastScore(area, bonus, opts);
      const where = JSON.stringify({ area, bonus, opts });
      expect([fast.B, fast.H, fast.S, fast.sets, fast.best], where).toEqual([ref.B, ref.H, ref.S, ref.sets, ref.bestFamily]);
      expect(fast.qualifies, where).toBe(qualifies(ref, opts.mode, opts));
    }
  });

  it('adding cards to counts equals counting the bigger area', () => {
    const r = new Rng(seedRng('score-add'));
    for (let i = 0; i < 2_000; i++) {
      const opts = randomGameOptions(r, 'ffa');
      const cards = r.shuffle([...CARDS]).slice(0, 2 + r.int(20)).map((c) => ({ code: c.code, attr: r.pick(c.attrs) }));
      const cut = r.int(cards.length);
      const c = copyCounts(tally(cards.slice(0, cut), opts));
      for (const x of cards.slice(cut)) addCard(c, x.code, x.attr, opts);
      expect(scoreOf(c, 0, opts)).toEqual(scoreOf(tally(cards, opts), 0, opts));
    }
  });
});
