/**
 * Random legal play with checks after every move (property.test.ts runs a small count on every
 * test run; ZODIAC_SLOW=1 runs 100,000 games): the invariants of invariant.ts, the input state
 * never mutated (checked by a digest on a sample), a junk move and a wrong-seat move refused as
 * values, and on a sample of positions every legal alternative applied without a throw.
 */
import { Rng, seedRng } from '../../util/rng';
import { applyMove, legalOf } from './apply';
import { startZr } from './game';
import { invariantProblems } from './invariant';
import { decisionOf } from './legal';
import { DEFAULT_OPTIONS, type ZrOptions } from './options';
import type { ZrMove, ZrState } from './types';

/** Random players and options (team modes only where the seat count allows). */
export function randomSetup(r: Rng): { players: number; options: ZrOptions } {
  const players = 2 + r.int(5);
  const modes: ZrOptions['mode'][] = ['ffa'];
  if (players === 4 || players === 6) modes.push('2teams');
  if (players === 6) modes.push('3teams');
  const options: ZrOptions = {
    ...DEFAULT_OPTIONS,
    mode: r.pick(modes),
    track_length: r.pick([36, 24] as const),
    star_spacing: r.pick([3, 2] as const),
    target_points: 1 + r.int(4),
    roll_mandatory: r.int(4) > 0,
    passives_are_activations: r.int(4) > 0,
    star_stop: r.pick(['any_move', 'rolls_only'] as const),
    rabbit_triple_bonus: r.pick([2, 3] as const),
    h2_p2_first_roll_only: r.int(2) === 0,
    first_player: r.pick(['seat0', 'random'] as const),
    starting_zodiacs: r.pick(['choose', 'random'] as const),
  };
  return { players, options };
}

/** Statistics of a fuzz run. */
export interface FuzzStats {
  games: number;
  moves: number;
  refused: number;
  alternatives: number;
  winners: number;
  teamGames: number;
  powers: Record<string, number>;
}

/** Play `games` random games; throws with the seed and move on the first broken invariant. */
export function fuzz({ games, seed, maxMoves = 200_000 }: { games: number; seed: string; maxMoves?: number }): FuzzStats {
  const st: FuzzStats = { games: 0, moves: 0, refused: 0, alternatives: 0, winners: 0, teamGames: 0, powers: {} };
  const r = new Rng(seedRng(seed));
  for (let g = 0; g < games; g++) {
    const { players, options } = randomSetup(r);
    const gameSeed = `${seed}/${g}`;
    let s: ZrState = startZr({ seed: gameSeed, players, options }).state;
    const fail = (msg: string, m?: ZrMove): never => {
      throw new Error(`zodiac-race fuzz: ${msg} (game ${gameSeed}, ${players}p, options ${JSON.stringify(options)}, move ${st.moves}${m ? `: ${JSON.stringify(m)}` : ''})`);
    };
    for (let k = 0; ; k++) {
      const d = decisionOf(s);
      if (!d) break;
      if (k > maxMoves) fail('no winner');
      // `legalOf`: the list `applyMove` checks against (kept for this state), so it is made once per position.
      const legal = legalOf(s, d.seat);
      if (legal.length === 0) fail('no legal move for the deciding seat');
      if (k % 7 === 0) {
        const junk = applyMove(s, { type: 'fly', seat: d.seat } as unknown as ZrMove);
        const other = applyMove(s, { ...legal[0]!, seat: (d.seat + 1) % players });
        if (junk.ok || other.ok) fail('a junk or wrong-seat move was accepted');
        st.refused += 2;
      }
      const before = k % 13 === 0 ? JSON.stringify(s) : null;
      if (k % 29 === 0)
        for (const alt of legal.slice(0, 12)) {
          const a = applyMove(s, alt);
          if (!a.ok) fail(`a listed legal move was refused: ${a.code} ${a.message.en}`, alt);
          st.alternatives++;
        }
      const m = r.pick(legal);
      const res = applyMove(s, m);
      if (!res.ok) return fail(`a legal move was refused: ${res.code} ${res.message.en}`, m);
      if (before !== null && JSON.stringify(s) !== before) fail('apply mutated its input state', m);
      for (const e of res.events) if (e.type === 'power') st.powers[String(e.zodiac)] = (st.powers[String(e.zodiac)] ?? 0) + 1;
      const problems = invariantProblems(res.state, s);
      if (problems.length) fail(problems.join('; '), m);
      s = res.state;
      st.moves++;
    }
    if (!s.winners?.length) fail('the game ended without a winner');
    st.winners++;
    if (options.mode !== 'ffa') st.teamGames++;
    st.games++;
  }
  return st;
}
