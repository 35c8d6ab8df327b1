// The planner bot (planner.ts): it holds out for a bigger 搭子 (two cards away, or with a 2-card upside)
// where the heuristic declares at once, uses 福虎 / 福羊 / 福猴 where they help (as the heuristic
// does), and in play against the heuristic it uses those skills (and, over the long run, declares
// the rare combos). The duel below plays PLANNER_MATCHES 2-player matches against the heuristic
// (default 12, a few core-seconds); DOUFU_SLOW=1 plays 400 and asserts that the planner is not
// measurably weaker (the upper end of its 95 % win-rate interval above one half; see bots/README.md).
import { describe, expect, it } from 'vitest';
import { doufu } from '../game';
import { table } from '../testing';
import type { DoufuMove, DoufuState } from '../types';
import { duel } from './duel';
import { heuristicBot, heuristicScores } from './heuristic';
import { createPlannerBot, plannerScores, upside } from './planner';
import { sightOf } from './eval';

const slow = process.env.DOUFU_SLOW === '1';
/** Lower end of the 95 % Wilson interval of k successes in n. */
const wilsonHi = (k: number, n: number) => {
  const z2 = 1.96 ** 2;
  const p = k / n;
  return (p + z2 / (2 * n) + 1.96 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
};
const PLANNER_MATCHES = slow ? 400 : 12;

const declares = (scores: (s: DoufuState, legal: readonly DoufuMove[]) => number[], s: DoufuState) => {
  const legal = doufu.legalMoves(s, 0);
  const sc = scores(s, legal);
  return sc[legal.findIndex((m) => m.type === 'declare')]! > sc[legal.findIndex((m) => m.type === 'decline')]!;
};
const heur = (s: DoufuState, legal: readonly DoufuMove[]) => heuristicScores(doufu.view(s, 0), legal);
const plan = (s: DoufuState, legal: readonly DoufuMove[]) => plannerScores(doufu.view(s, 0), legal);

describe('planner bot: declaring now against a bigger 搭子', () => {
  // P0 has 金虎, 金猴 and eats 金鸡: 连中三元 (W = 5) with 金龙 and 玉猪 still in play, the deck full.
  const spec = { hands: { 0: ['ROO-JIN'] }, pool: ['ROO-Y1'], areas: { 0: ['TIG-JIN', 'TIG-Y1', 'MON-JIN', 'MON-Y1'] } };

  it('§5.3 rows 3/4: with 四海平生 one 金 away and the deck full it waits (so does the heuristic)', () => {
    const s = doufu.apply(table(spec), { type: 'eat', seat: 0, card: 'ROO-JIN', take: 'ROO-Y1' });
    if (!s.ok) throw new Error(s.code);
    expect(s.state.step).toMatchObject({ k: 'window', seat: 0 });
    expect(upside(sightOf(doufu.view(s.state, 0)))).toBeGreaterThanOrEqual(3);
    expect(declares(heur, s.state)).toBe(false);
    expect(declares(plan, s.state)).toBe(false);
  });

  it('declares at once when the 4th 金 is in an opponent’s area (nothing left to build)', () => {
    const s = doufu.apply(table({ ...spec, areas: { ...spec.areas, 1: ['DRA-JIN', 'DRA-Y1'] } }), { type: 'eat', seat: 0, card: 'ROO-JIN', take: 'ROO-Y1' });
    if (!s.ok) throw new Error(s.code);
    expect(declares(plan, s.state)).toBe(true);
  });

  it('declares at once when an opponent can declare a big hand itself', () => {
    const threat = ['RAB-ZI', 'RAB-Y1', 'SNA-ZI', 'SNA-Y1', 'GOA-ZI', 'GOA-Y1', 'OX-HONG', 'OX-Y1', 'TIG-HONG', 'TIG-FU', 'MON-HONG', 'MON-FU'];
    const s = doufu.apply(table({ ...spec, areas: { 0: ['TIG-JIN', 'TIG-Y1', 'MON-JIN', 'MON-Y1'], 1: threat } }), { type: 'eat', seat: 0, card: 'ROO-JIN', take: 'ROO-Y1' });
    if (!s.ok) throw new Error(s.code);
    expect(declares(plan, s.state)).toBe(true);
  });

  it('declares in Roulette, where nothing more can be built for long', () => {
    const s = doufu.apply(table({ ...spec, deck: [], exactDeck: true }), { type: 'eat', seat: 0, card: 'ROO-JIN', take: 'ROO-Y1' });
    if (!s.ok) throw new Error(s.code);
    if (s.state.step.k === 'window') expect(declares(plan, s.state)).toBe(true);
  });
});

describe('planner bot: skills (valued as the heuristic values them)', () => {
  const best = (s: DoufuState, scores: typeof heur) => {
    const legal = doufu.legalMoves(s, 0);
    const sc = scores(s, legal);
    return legal[sc.indexOf(Math.max(...sc))]!;
  };

  it('§4.5 福虎: resets a pool that fits none of its hand', () => {
    const s = table({ areas: { 0: ['TIG-FU', 'TIG-Y1'] }, hands: { 0: ['RAT-FU', 'OX-HONG', 'RAB-ZI', 'HOR-FU'] }, pool: ['DOG-Y1', 'PIG-Y1', 'GOA-Y1', 'MON-Y1', 'ROO-Y1', 'SNA-Y1', 'DRA-Y1'] });
    expect(best(s, plan)).toMatchObject({ type: 'skill', card: 'TIG-FU' });
  });

  it('§4.10 福羊: redraws its own hand when none of it fits the pool', () => {
    const s = table({ areas: { 0: ['GOA-FU', 'GOA-Y1'] }, hands: { 0: ['RAT-Y1', 'OX-Y1', 'RAB-Y1', 'HOR-Y1', 'DRA-Y1'] }, pool: ['DOG-Y1', 'PIG-Y1', 'MON-Y1', 'ROO-Y1', 'SNA-Y1', 'TIG-Y1', 'GOA-Y2'] });
    expect(best(s, plan)).toMatchObject({ type: 'skill', card: 'GOA-FU', target: 0 });
  });
});

describe('planner bot in play', () => {
  it(`holds its own against the heuristic and uses 福虎/福羊/福猴${slow ? ', and declares 四海平生/金玉满堂/万紫千红' : ''} (${PLANNER_MATCHES} 2-player matches)`, () => {
    const r = duel([createPlannerBot(), heuristicBot], { matches: PLANNER_MATCHES, players: 2, seed: 'planner-test' });
    const [planner, heuristic] = r.sides as [(typeof r.sides)[0], (typeof r.sides)[0]];
    if (slow) console.log(`planner ${planner.wins} – heuristic ${heuristic.wins}; rows 3/4/10: ${planner.rows[3]}/${planner.rows[4]}/${planner.rows[10]}; skills ${JSON.stringify(planner.skills)}`);
    // The heuristic now values skills as the planner does and holds for a big 搭子 one card away, so
    // the two are about even (bots/README.md); the planner must not fall far behind.
    expect(planner.wins).toBeGreaterThanOrEqual((r.matches - r.draws) / 3);
    if (slow) expect(wilsonHi(planner.wins, r.matches - r.draws)).toBeGreaterThan(0.5);
    // 四海平生 / 金玉满堂 / 万紫千红 (rows 3, 4, 10) are rare in any play; the planner declares one in
    // about 1 match of 30, so only the long run can insist on seeing them (the hold-out itself is
    // checked above, position by position).
    if (slow) expect(planner.rows[3]! + planner.rows[4]! + planner.rows[10]!).toBeGreaterThan(0);
    for (const card of ['TIG-FU', 'GOA-FU', 'MON-FU']) expect(planner.skills[card] ?? 0, card).toBeGreaterThan(0);
  }, slow ? 1_800_000 : 60_000);
});
