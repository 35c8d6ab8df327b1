// The big soundness run (soak.ts): random legal play over 2/3/4 players and 2v2 with random rule
// options; after every move the 48-card invariant, every legal move of the position applied (a
// sample of 12 when there are more), an illegal move refused as a value.
//   SOAK=1 npx vitest run src/shared/games/doufu/bots/soak.test.ts     → 100,000 hands
//   default (CI)                                                       → 5,000 hands
// Measured on the 2-core build machine: 100,000 hands take about 170 s in one thread (about 130 s
// split over both cores in `npm run bench`), well over the ~60 s a CI step may take, so CI runs
// 5,000 (about 10 s). SOAK_HANDS=n overrides the count.
import { describe, expect, it } from 'vitest';
import { soak } from './soak';

const full = process.env.SOAK === '1';
const hands = Number(process.env.SOAK_HANDS ?? (full ? 100_000 : 5_000));

describe('bots/soak', () => {
  it(`${full ? 'SOAK=1: the full' : 'CI: the short'} soak, ${hands.toLocaleString('en')} random hands keep every invariant`, () => {
    const st = soak({ hands, seed: full ? 'soak-full' : 'soak-ci' });
    console.log(`soak: ${st.hands} hands in ${st.matches} matches, ${st.moves} moves, ${st.alternatives} legal alternatives applied, ${st.refused} illegal moves refused, ${(st.ms / 1000).toFixed(1)} s (${Math.round((st.hands * 1000) / st.ms)} hands/s)`, st.byMode);
    expect(st.hands).toBeGreaterThanOrEqual(hands);
    expect(Object.keys(st.byMode).sort()).toEqual(['2p-ffa', '3p-ffa', '4p-2v2', '4p-ffa']);
    expect(st.refused).toBeGreaterThan(st.moves / 2);
    expect(st.alternatives).toBeGreaterThan(st.moves);
  }, 3_600_000);
});
