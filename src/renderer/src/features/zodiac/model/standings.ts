/**
 * The end-of-race standings: every seat ranked by lap points, then by how far round the current
 * lap it got; the winners (a seat, or a whole team) first. Pure, from the public view.
 */
import type { Zodiac } from '../../../../../shared/games/zodiac-race/types';
import type { ZrView } from '../../../../../shared/games/zodiac-race/view';

/** One line of the standings. */
export interface Standing {
  seat: number;
  /** 1 for the winners; equal lines share a place. */
  place: number;
  winner: boolean;
  laps: number;
  /** Squares moved in all. */
  prog: number;
  zodiac: Zodiac;
  /** Team number in a team race, else null. */
  team: number | null;
  tokens: number;
}

/** The standings of a view (meaningful once the race is over; also fine mid-race as a ranking). */
export function standingsOf(view: ZrView): Standing[] {
  const winners = new Set(view.winners ?? []);
  const teams = view.opts.mode !== 'ffa';
  const lines = view.pieces.map(
    (p, seat): Standing => ({ seat, place: 0, winner: winners.has(seat), laps: p.laps, prog: p.prog, zodiac: p.zodiac, team: teams ? p.team : null, tokens: p.tok.reduce((a, b) => a + b, 0) }),
  );
  const key = (s: Standing) => [s.winner ? 1 : 0, s.laps, s.prog] as const;
  lines.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return kb[0] - ka[0] || kb[1] - ka[1] || kb[2] - ka[2] || a.seat - b.seat;
  });
  lines.forEach((s, i) => {
    const prev = lines[i - 1];
    s.place = prev && key(prev).every((x, j) => x === key(s)[j]) ? prev.place : i + 1;
  });
  return lines;
}

/** One team's line of a team race's standings. */
export interface TeamStanding {
  /** Team number (0-based; shown from 1). */
  team: number;
  seats: number[];
  /** The members' lap points together. */
  laps: number;
  /** What the team needs to win: team size × target + 1 (spec §11). */
  goal: number;
  winner: boolean;
}

/** The teams of a team race, the winning team first, then by points (null in free-for-all). */
export function teamStandingsOf(view: ZrView): TeamStanding[] | null {
  if (view.opts.mode === 'ffa') return null;
  const winners = new Set(view.winners ?? []);
  const teams = new Map<number, TeamStanding>();
  view.pieces.forEach((p, seat) => {
    let t = teams.get(p.team);
    if (!t) teams.set(p.team, (t = { team: p.team, seats: [], laps: 0, goal: 0, winner: false }));
    t.seats.push(seat);
    t.laps += p.laps;
    if (winners.has(seat)) t.winner = true;
  });
  const out = [...teams.values()];
  for (const t of out) t.goal = t.seats.length * view.opts.target_points + 1;
  return out.sort((a, b) => Number(b.winner) - Number(a.winner) || b.laps - a.laps || a.team - b.team);
}
