// The soundness soak (soak.ts): random legal hands over 2/3/4 players and 2v2 with random rule
// options; after every move the 48-card invariant, every legal move of the position applied (a
// sample when there are more), an illegal move refused as a value, and every declaration's
// settlement checked against spec §5.7. Split over the cores, each thread on a bundle of the
// engine (scripts/parallel-soak.ts). On every `npm test`: 10,000 hands sampling 4 alternatives,
// so that the whole suite stays within CI's 10 minutes on two cores; `npm run bench` runs the
// full soak, 100,000 hands sampling 12. SOAK_HANDS=n and SOAK_ALTERNATIVES=n override (e.g.
// SOAK_HANDS=1000000 SOAK_ALTERNATIVES=12 for a night run).
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parallelSoak } from '../../../../../scripts/parallel-soak';

const hands = Number(process.env.SOAK_HANDS ?? 10_000);
const maxAlternatives = Number(process.env.SOAK_ALTERNATIVES ?? 4);

describe('bots/soak', () => {
  it(`${hands.toLocaleString('en')} random hands keep every invariant, apply every legal move, refuse illegal ones and settle by §5.7`, async () => {
    const st = await parallelSoak({ hands, threads: Math.max(2, availableParallelism()), seed: 'soak-ci', maxAlternatives });
    console.log(
      `soak: ${st.hands} hands in ${st.matches} matches on ${st.threads} threads, ${st.moves} moves, ${st.alternatives} legal alternatives applied, ${st.refused} illegal moves refused, ${st.settlements} settlements checked, ${(st.wallMs / 1000).toFixed(1)} s`,
      st.byMode,
    );
    expect(st.hands).toBeGreaterThanOrEqual(hands);
    expect(Object.keys(st.byMode).sort()).toEqual(['2p-ffa', '3p-ffa', '4p-2v2', '4p-ffa']);
    for (const n of Object.values(st.byMode)) expect(n).toBeGreaterThan(hands / 10);
    expect(st.refused).toBeGreaterThan(st.moves / 2);
    expect(st.alternatives).toBeGreaterThan(st.moves);
    expect(st.settlements).toBeGreaterThan(hands / 50);
  }, 1_800_000);
});
