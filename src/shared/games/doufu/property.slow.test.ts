// The long random-play run: DOUFU_SLOW=1 (and optionally DOUFU_HANDS=n, default 100,000) with
//   DOUFU_SLOW=1 npx vitest run src/shared/games/doufu/property.slow.test.ts
// Lean checks (the invariant after every move, every chosen move accepted); skipped otherwise.
import { describe, expect, it } from 'vitest';
import { fuzz } from './fuzz';

const hands = Number(process.env.DOUFU_HANDS ?? 100_000);

describe.skipIf(!process.env.DOUFU_SLOW)('property: long run', () => {
  it(`${hands} random hands keep the 48-card invariant`, () => {
    const st = fuzz({ hands, seed: 'slow', lean: true });
    console.log(`doufu fuzz: ${st.hands} hands, ${st.steps} moves, ${st.ms} ms, ${Math.round((st.hands / st.ms) * 1000)} hands/s`, st.byMode);
    expect(st.hands).toBeGreaterThanOrEqual(hands);
  }, 3_600_000);
});
