// The heuristic's choices in set positions (spec §7): it picks its animal by the table, transforms
// on a star to use a power it can pay for, uses the powers that pay, negates only opponents; and
// over small seeded samples of 4-player mirror races every power is used and no seat or team
// runs away with the wins (the bench measures the same over hundreds of races).
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../../util/rng';
import { startZr } from '../game';
import { legalMoves } from '../legal';
import { DEFAULT_OPTIONS } from '../options';
import { play, table } from '../testing';
import { POWER_ZODIAC, type ZrMove, type ZrState, type Zodiac } from '../types';
import { viewOf } from '../view';
import { zrDuel } from './duel';
import { heuristicBot, heuristicChoose } from './heuristic';

const decide = (s: ZrState, seat: number, seed = 'h') => heuristicChoose({ seat, view: viewOf(s, seat), legal: legalMoves(s, seat), rng: new Rng(seedRng(seed)) });

/** The starting animal seat `picks.length` takes after the others picked `picks`, under 8 generator seeds. */
function pickAfter(players: number, mode: 'ffa' | '2teams', picks: Zodiac[]): Set<Zodiac> {
  let s = startZr({ seed: 'pick', players, options: { ...DEFAULT_OPTIONS, mode } }).state;
  picks.forEach((zodiac, seat) => (s = play(s, { type: 'choose', seat, zodiac }).s));
  const out = new Set<Zodiac>();
  for (let k = 0; k < 8; k++) out.add((decide(s, picks.length, `pick/${k}`) as Extract<ZrMove, { type: 'choose' }>).zodiac);
  return out;
}

describe('the heuristic bot', () => {
  it('picks its animal by the table: a fast racer on an open table, a Dog against an opposing Rat', () => {
    for (const z of pickAfter(2, 'ffa', ['rooster'])) expect(['rooster', 'rat']).toContain(z);
    // Teams: Rooster and Rooster are down, the other team took the Rat: the last seat answers with a Dog.
    expect([...pickAfter(4, '2teams', ['rooster', 'rooster', 'rat'])]).toEqual(['dog']);
  });

  it('on a star with a run of five, transforms to Dragon and goes 12', () => {
    let s = table([{ z: 'rooster', at: 3, tokens: [1, 1, 2, 3, 4, 5] }, { z: 'rooster', at: 10, tokens: [6] }]);
    const tf = decide(s, 0);
    expect(tf).toMatchObject({ type: 'transform', to: 'dragon' });
    s = play(s, tf).s;
    const d = decide(s, 0);
    expect(d).toMatchObject({ type: 'power', power: 'D', choice: 'b' });
    const before = s.pieces[0]!.prog;
    s = play(s, d).s;
    // The move pauses at each star it passes (the bot goes on: it has transformed this turn).
    while (viewOf(s, 0).decision?.kind === 'star') s = play(s, decide(s, 0)).s;
    expect(s.pieces[0]!.prog - before).toBe(12);
  });

  it('roars the leading opponent for the 6 (sum of 12) and not a teammate', () => {
    const s = table([{ z: 'tiger', at: 1, tokens: [3, 4, 5] }, { z: 'rooster', at: 20, laps: 2, prog: 92 }, { z: 'rooster', at: 30, laps: 3, prog: 138 }, { z: 'rooster', at: 5, prog: 5 }], { mode: '2teams' });
    // Seat 2 (a teammate) leads the race; seat 1 leads the other team.
    expect(decide(s, 0)).toMatchObject({ type: 'power', power: 'T2', target: 1 });
  });

  it('declares Pride before rolling, and rolls its three dice the turn after', () => {
    const s = table([{ z: 'rabbit', at: 1 }, { z: 'rooster', at: 2 }]);
    expect(decide(s, 0)).toMatchObject({ type: 'power', power: 'RB' });
    const pending = table([{ z: 'rabbit', at: 1, extra: { rabbitPending: true, proud: 1 } }, { z: 'rooster', at: 2 }]);
    expect(decide(pending, 0)).toMatchObject({ type: 'roll' });
  });

  it("as Dog negates an opponent's Sly Theft (and moves 5), never a teammate's", () => {
    const theft = (pieces: { z: Zodiac; at: number; tokens: number[] }[], mode: 'ffa' | '2teams') => play(table(pieces, { mode }), { type: 'power', seat: 0, power: 'R2', v: 2 }).s;
    const s = theft([{ z: 'rat', at: 1, tokens: [2, 6] }, { z: 'dog', at: 4, tokens: [2, 2, 5] }], 'ffa');
    expect(viewOf(s, 1).decision).toMatchObject({ seat: 1, kind: 'dog' });
    const neg = decide(s, 1);
    expect(neg).toMatchObject({ type: 'negate', pay: [2] });
    expect(play(s, neg).s.pieces[1]!.prog).toBe(4 + 5);
    // Teams alternate seats: seat 2 is the Rat's teammate and lets it be.
    const t = theft([{ z: 'rat', at: 1, tokens: [2, 6] }, { z: 'rooster', at: 4, tokens: [2] }, { z: 'dog', at: 7, tokens: [2, 5] }, { z: 'rooster', at: 9, tokens: [2] }], '2teams');
    expect(viewOf(t, 2).decision).toMatchObject({ seat: 2, kind: 'dog' });
    expect(decide(t, 2)).toMatchObject({ type: 'pass' });
  });

  it('4-player mirror races: every power used, no seat or team running away', () => {
    const ffa = zrDuel([heuristicBot], { games: 40, players: 4, seed: 'mirror-ffa', options: DEFAULT_OPTIONS });
    const teams = zrDuel([heuristicBot], { games: 40, players: 4, seed: 'mirror-teams', options: { ...DEFAULT_OPTIONS, mode: '2teams' } });
    expect(ffa.unfinished + teams.unfinished).toBe(0);
    for (const p of Object.keys(POWER_ZODIAC)) expect((ffa.powerGames[p] ?? 0) + (teams.powerGames[p] ?? 0), p).toBeGreaterThan(0);
    // Not every seat the same animal any more.
    expect(Object.keys(ffa.picks).length).toBeGreaterThan(1);
    // Fair shares are 10 of 40 (a seat) and 20 of 40 (a team); 60 % would be 24 and 24.
    for (const w of ffa.seatWins) expect(w).toBeLessThanOrEqual(20);
    for (const w of teams.teamWins) expect(w).toBeLessThanOrEqual(28);
  }, 120_000);
});
