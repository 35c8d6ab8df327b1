import { describe, expect, it } from 'vitest';
import { Match } from '../../../../../shared/engine';
import { zodiacRace } from '../../../../../shared/games/zodiac-race/game';
import { Rng, seedRng } from '../../../../../shared/util/rng';
import { standingsOf, teamStandingsOf } from './standings';

/** A whole race of random legal moves, from the same seed every run. */
function playOut(players: number, options: Record<string, unknown>, seed: string) {
  const opts = zodiacRace.parseOptions(options);
  if (!opts.ok) throw new Error(opts.message.en);
  const m = Match.create(zodiacRace, { seed, players, options: opts.options });
  const rng = new Rng(seedRng(seed));
  for (let i = 0; i < 20_000 && !m.status().over; i++) {
    const seat = m.status().toAct[0]!;
    const legal = zodiacRace.legalMoves(m.state, seat);
    // Roll and end the turn more often than not, so the race moves on.
    const pick = legal.find((x) => x.type === 'roll' || x.type === 'bonus') ?? (rng.int(3) === 0 ? legal[rng.int(legal.length)] : (legal.find((x) => x.type === 'end') ?? legal[rng.int(legal.length)]));
    const r = m.apply(pick!);
    if (!r.ok) throw new Error(r.message.en);
  }
  expect(m.status().over).toBe(true);
  return m.view(null);
}

describe('生肖赛跑 team standings', () => {
  it.each([
    [4, '2teams'],
    [6, '3teams'],
    [6, '2teams'],
  ] as const)('%i players, %s: the winning team first, with its members, its points and its goal', (players, mode) => {
    const v = playOut(players, { mode, target_points: 1 }, `teams-${players}-${mode}`);
    const teams = teamStandingsOf(v)!;
    const size = players / (mode === '2teams' ? 2 : 3);
    expect(teams).toHaveLength(players / size);
    const [won, ...rest] = teams;
    expect(won!.winner).toBe(true);
    expect(rest.every((t) => !t.winner)).toBe(true);
    expect(won!.seats).toEqual(v.winners);
    expect(won!.goal).toBe(size * 1 + 1);
    expect(won!.laps).toBeGreaterThanOrEqual(won!.goal);
    for (const t of rest) expect(t.laps).toBeLessThan(t.goal);
    // Seats are teamed alternately (spec §11): a team's seats are the team number apart.
    for (const t of teams) expect(t.seats.every((s) => s % (players / size) === t.team)).toBe(true);
    // The seats' standings list the winning team's members first.
    expect(standingsOf(v).slice(0, size).map((s) => s.seat).sort()).toEqual([...won!.seats].sort());
  });

  it('is null in a free-for-all', () => {
    expect(teamStandingsOf(playOut(2, { target_points: 1 }, 'ffa'))).toBeNull();
  });
});
