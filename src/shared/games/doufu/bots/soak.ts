/**
 * Soundness soak: random legal play over 2, 3, 4 players and 2v2 with random rule options, checking
 * after every move that the 48-card invariant holds, that the legal moves of the position all
 * apply (each result checked too), that every declaration settles as spec §5.7 says
 * (settlement-oracle.ts), and that illegal moves — garbage, the wrong seat, made-up
 * fields — are refused as error values, never thrown. Throws on the first violation with the
 * match seed, options and move. Used by soak.test.ts and `npm run bench` (100,000 hands).
 *
 * This is test support, not game surface; it uses only the public game contract plus the
 * invariant helper and the option table.
 */
import { Rng, seedRng } from '../../../util/rng';
import { doufu } from '../game';
import { invariantProblems } from '../invariant';
import { canon, isMoveType, sameMove } from '../legal';
import { OPTION_INFO, OPTION_KEYS } from '../options';
import { settlementProblems } from '../settlement-oracle';
import { ALL_CODES } from '../state';
import type { DoufuGameOptions, DoufuMove, DoufuState } from '../types';

/** What a soak run checked. */
export interface SoakStats {
  hands: number;
  matches: number;
  moves: number;
  /** Legal moves applied besides the one played (each result checked). */
  alternatives: number;
  /** Illegal moves refused as values. */
  refused: number;
  /** Declarations whose settlement was checked against §5.7 (settlement-oracle.ts). */
  settlements: number;
  byMode: Record<string, number>;
  ms: number;
}

/** Soak settings. */
export interface SoakOptions {
  /** Stop after this many hands (whole matches are finished). */
  hands: number;
  seed?: string;
  /** At most this many legal alternatives are applied per position (a sample when there are more). Default 12. */
  maxAlternatives?: number;
  /** A match is cut after this many hands (random play rarely ends a match). Default 40. */
  maxHandsPerMatch?: number;
  /** Called after each match. */
  onMatch?: (stats: SoakStats) => void;
}

/** Random rule options: each key keeps its default half the time. */
export function randomGameOptions(r: Rng, mode: 'ffa' | '2v2'): DoufuGameOptions {
  const o: Record<string, unknown> = { mode };
  for (const k of OPTION_KEYS) {
    const acc = OPTION_INFO[k].accepts;
    o[k] = r.int(2) === 0 ? OPTION_INFO[k].default : Array.isArray(acc) ? r.pick(acc) : 1 + r.int(3);
  }
  const parsed = doufu.parseOptions(o);
  if (!parsed.ok) throw new Error(`soak: random options refused: ${parsed.message.en}`);
  return parsed.options;
}

const TYPES: DoufuMove['type'][] = ['chooseFirst', 'reshuffle', 'declare', 'decline', 'accept', 'draw', 'eat', 'stack', 'pass', 'skill', 'arrange', 'pick', 'chooseAttr', 'steal', 'skipSteal', 'swap', 'skipSwap', 'flip'];

/** A move that is illegal here (or, rarely, happens to be legal: the caller checks). */
function junk(r: Rng, s: DoufuState, legal: readonly DoufuMove[]): unknown {
  const card = () => r.pick(ALL_CODES);
  const seat = legal[0]!.seat;
  switch (r.int(5)) {
    case 0:
      return r.pick([null, 7, 'draw', [], {}, { type: 'draw' }, { type: 'nap', seat }, { type: 'draw', seat: -1 }, { type: 'draw', seat: 1.5 }]);
    case 1:
      return { ...r.pick(legal), seat: (seat + 1 + r.int(s.n - 1)) % s.n }; // somebody else's move
    case 2:
      return { type: r.pick(TYPES), seat, card: card(), take: card(), give: card(), target: r.int(6) - 1, index: r.int(50), first: r.int(5), attr: '玉', top: [card()], bottom: [] };
    case 3:
      return { type: 'skill', seat, card: card(), target: r.int(s.n), target2: r.int(s.n), take: card(), take2: card() };
    default:
      return { type: 'eat', seat, card: card(), take: card() };
  }
}

function fail(msg: string): never {
  throw new Error(`soak: ${msg}`);
}

const key = (m: unknown) => JSON.stringify(m);

/** Run the soak; returns what it checked or throws on the first problem. */
export function soak(opts: SoakOptions): SoakStats {
  const t0 = Date.now();
  const maxAlt = opts.maxAlternatives ?? 12;
  const maxHands = opts.maxHandsPerMatch ?? 40;
  const st: SoakStats = { hands: 0, matches: 0, moves: 0, alternatives: 0, refused: 0, settlements: 0, byMode: {}, ms: 0 };
  for (let g = 0; st.hands < opts.hands; g++) {
    const r = new Rng(seedRng(`${opts.seed ?? 'soak'}/${g}`));
    const mode = g % 4 === 3 ? '2v2' : 'ffa';
    const players = mode === '2v2' ? 4 : 2 + (g % 4 === 3 ? 0 : g % 3);
    const options = randomGameOptions(r, mode);
    const seed = `${opts.seed ?? 'soak'}/match/${g}`;
    const where = (extra: string) => `match ${g} (seed ${seed}, ${players}p ${mode}, options ${JSON.stringify(options)}) after ${st.moves} moves: ${extra}`;
    let s = doufu.setup({ seed, players, options });
    while (s.step.k !== 'over' && s.handsDone < maxHands) {
      const toAct = doufu.status(s).toAct;
      const seat = toAct[0] ?? fail(where('nobody may act'));
      const legal = doufu.legalMoves(s, seat);
      if (!legal.length) fail(where(`seat ${seat} must act but has no legal move`));
      // Every legal move applies (a sample when there are many), and leaves a sound state.
      const alts = legal.length <= maxAlt ? legal : Array.from({ length: maxAlt }, () => r.pick(legal));
      for (const m of alts) {
        const res = doufu.apply(s, m);
        if (!res.ok) fail(where(`legal ${key(m)} refused: ${res.code}`));
        const bad = invariantProblems(res.state);
        if (bad.length) fail(where(`after legal ${key(m)}: ${bad.join('; ')}`));
        st.alternatives++;
      }
      // An illegal move is refused as a value with a message in both languages.
      const bad = junk(r, s, legal);
      const b = bad as Record<string, unknown>;
      // The engine ignores unknown keys, so a junk move is legal iff its canonical form is.
      const wellFormed = typeof bad === 'object' && bad !== null && !Array.isArray(bad) && isMoveType(b.type) && Number.isInteger(b.seat) && (b.seat as number) >= 0 && (b.seat as number) < s.n;
      const isLegal = wellFormed && doufu.legalMoves(s, b.seat as number).some((m) => sameMove(m, canon(s, b)));
      if (!isLegal) {
        let res;
        try {
          res = doufu.apply(s, bad as DoufuMove);
        } catch (e) {
          fail(where(`illegal ${key(bad)} threw ${(e as Error).message}`));
        }
        if (res.ok) fail(where(`illegal ${key(bad)} accepted`));
        if (!res.code || !res.message.zh || !res.message.en) fail(where(`refusal of ${key(bad)} has no code or message`));
        st.refused++;
      }
      const move = r.pick(legal);
      const res = doufu.apply(s, move);
      if (!res.ok) fail(where(`legal ${key(move)} refused: ${res.code}`));
      for (const ev of res.events)
        if (ev.type === 'declare') {
          const wrong = settlementProblems(s, ev);
          if (wrong.length) fail(where(`settlement of ${key(move)} breaks §5.7: ${wrong.join('; ')}`));
          st.settlements++;
        }
      s = res.state;
      st.moves++;
    }
    st.hands += s.handsDone;
    st.matches++;
    st.byMode[`${players}p-${mode}`] = (st.byMode[`${players}p-${mode}`] ?? 0) + s.handsDone;
    opts.onMatch?.(st);
  }
  st.ms = Date.now() - t0;
  return st;
}
