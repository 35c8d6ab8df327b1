// Seeded property test (see fuzz.ts for the checks made after every move): ≥ 2,000 random-legal
// hands over 2 / 3 / 4 players and 2v2 with random rule options, with the checks that are too
// slow for every move of a long run (views, canonical moves, replays). The 100,000-hand run is
// bots/soak.test.ts.
import { describe, expect, it } from 'vitest';
import { fuzz } from './fuzz';

describe('property: random legal play', () => {
  it('≥ 2,000 hands over 2/3/4 players and 2v2 with random options keep every invariant', () => {
    const st = fuzz({ hands: 2000, seed: 'property' });
    expect(st.hands).toBeGreaterThanOrEqual(2000);
    expect(Object.keys(st.byMode).sort()).toEqual(['2p-ffa', '3p-ffa', '4p-2v2', '4p-ffa']);
    expect(st.refused).toBeGreaterThan(1000);
    expect(st.alternatives).toBeGreaterThan(st.steps / 3);
    expect(st.replays).toBeGreaterThan(3);
    expect(st.settlements).toBeGreaterThan(50);
  });
});
