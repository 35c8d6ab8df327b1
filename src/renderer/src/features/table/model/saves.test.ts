import { describe, expect, it } from 'vitest';
import { Match } from '../../../../../shared/engine/runner';
import { doufu } from '../../../../../shared/games/doufu';
import { Rng, seedRng } from '../../../../../shared/util/rng';
import { replacesMatch, saveTitle } from './saves';

describe('saved matches: asking before replacing a match in play', () => {
  it('asks only when a match with moves is in play, saying how many moves would go', () => {
    expect(replacesMatch(null)).toBeNull();
    const m = Match.create(doufu, { seed: 'saves-model', players: 2, options: { ...doufu.defaultOptions } });
    expect(replacesMatch(m)).toBeNull(); // dealt, nothing played yet
    const rng = new Rng(seedRng('saves-model'));
    for (let i = 0; i < 7; i++) m.apply(rng.pick(doufu.legalMoves(m.state, m.status().toAct[0]!)));
    expect(replacesMatch(m)).toBe(7);
    while (!m.status().over) m.apply(rng.pick(doufu.legalMoves(m.state, m.status().toAct[0]!)));
    expect(replacesMatch(m)).toBeNull(); // a finished match loses nothing
  });

  it('titles a save by its name, else by its date', () => {
    const when = (iso: string) => `at ${iso.slice(0, 10)}`;
    expect(saveTitle({ name: '周五的对局', savedAt: '2026-12-04T01:02:03Z' }, when)).toBe('周五的对局');
    expect(saveTitle({ savedAt: '2026-12-04T01:02:03Z' }, when)).toBe('at 2026-12-04');
    expect(saveTitle({ name: '  ', savedAt: '2026-12-04T01:02:03Z' }, when)).toBe('at 2026-12-04');
  });
});
