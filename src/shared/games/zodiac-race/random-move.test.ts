// The simulator's lean path: `simulate` draws its random bot's move with `randomMove` (no full
// legal list, payments shared with the payment tables), applies it with `applyListed` (no
// legality check) and asks `actor` instead of building the status after every move. All of it
// must leave play exactly as `legalMoves`, `apply` and `status` would: the same moves, events and
// states, and the same draws from every generator.
import { describe, expect, it } from 'vitest';
import { randomBot, simulate } from '../../engine/simulate';
import { Rng, seedRng } from '../../util/rng';
import { cloneState } from './apply';
import { randomSetup } from './fuzz';
import { statusOf, zodiacRace } from './game';
import { decisionKind, legalMoves } from './legal';
import { DEFAULT_OPTIONS, type ZrOptions } from './options';
import { randomMove } from './random-move';
import { TOKEN_CAP } from './tokens';
import { ZODIACS, type ZrMove, type ZrState } from './types';

/** The game without its lean path: every move listed in full, checked by `apply`, the status after every move. */
const checked = { ...zodiacRace, applyListed: undefined, actor: undefined, randomMove: undefined };

/** A whole game's moves, events and states as one JSON text per move. */
function transcript(game: typeof zodiacRace, seed: string, players: number, options: ZrOptions): string[] {
  const out: string[] = [];
  const r = simulate(game, { seed, players, options, bots: randomBot, onMove: ({ move, events, state }) => void out.push(JSON.stringify([move, events, state])) });
  out.push(JSON.stringify([r.status, r.steps]));
  return out;
}

describe('simulate with randomMove, applyListed and actor', () => {
  it('plays the same games as legalMoves, apply and status, move for move, under random rule options', () => {
    const r = new Rng(seedRng('zr-lean'));
    for (let g = 0; g < 16; g++) {
      const { players, options } = g < 3 ? { players: 2 + g * 2, options: zodiacRace.defaultOptions } : randomSetup(r);
      const lean = transcript(zodiacRace, `lean-${g}`, players, options);
      expect(transcript(checked, `lean-${g}`, players, options)).toEqual(lean);
    }
  }, 120_000);

  it('randomMove is rng.pick of the legal list (the same draw), its payments the move’s own, and actor the status’s first seat', () => {
    let seen = 0;
    let paid = 0;
    simulate(checked, {
      seed: 'pick',
      players: 4,
      options: zodiacRace.defaultOptions,
      bots: randomBot,
      onMove: ({ state }) => {
        const seat = zodiacRace.actor!(state);
        expect(seat).toBe(statusOf(state).toAct[0] ?? -1);
        if (seat < 0) return;
        const a = new Rng(seedRng(`pick/${seen}`));
        const b = new Rng(a.state());
        const move = randomMove(state, decisionKind(state)!, seat, a);
        const legal = legalMoves(state, seat);
        expect(move).toEqual(b.pick(legal));
        expect(a.state()).toEqual(b.state());
        if ('pay' in move && Array.isArray(move.pay)) {
          // A payment list of its own: changing it changes no later listing.
          const before = JSON.stringify(legal);
          move.pay.push(9);
          expect(JSON.stringify(legalMoves(state, seat))).toBe(before);
          paid++;
        }
        seen++;
      },
    });
    expect(seen).toBeGreaterThan(500);
    expect(paid).toBeGreaterThan(10);
  });
});

/**
 * A main phase laid out at random from a position of a real game: `seat` shows `zodiac`, every
 * piece holds up to `TOKEN_CAP` random tokens, others may share its square (gifts, Sly Steal, a
 * Dragon with nothing ahead) or be PROUD (no Tiger / Snake target), and the turn's flags and
 * once-per-turn uses are drawn too.
 */
function laidOut(base: ZrState, seat: number, zodiac: (typeof ZODIACS)[number], r: Rng): ZrState {
  const s = cloneState(base);
  const me = s.pieces[seat]!;
  me.zodiac = zodiac;
  for (const [i, p] of s.pieces.entries()) {
    p.tok = [0, 0, 0, 0, 0, 0];
    // Mostly many tokens: payments, runs, pairs and values everyone holds.
    const n = r.int(3) === 0 ? r.int(TOKEN_CAP + 1) : TOKEN_CAP - r.int(5);
    for (let k = 0; k < n; k++) p.tok[r.int(6)]!++;
    if (i === seat) continue;
    if (r.int(3) === 0) p.prog = me.prog;
    p.proud = r.int(4) === 0 ? 1 + r.int(2) : 0;
  }
  me.roared = r.int(12) === 0;
  me.poisonedBy = r.int(12) === 0 ? (seat + 1) % s.n : -1;
  me.justDetached = r.int(4) === 0;
  const t = s.turn;
  t.seat = seat;
  t.bonus = 0;
  t.rolled = r.int(2) === 0;
  t.transformed = r.int(3) === 0;
  t.acted = r.int(3) === 0;
  t.locked = r.int(4) > 0 ? null : r.int(2) === 0 ? zodiac : ZODIACS[r.int(12)]!;
  t.once = ['R2', 'O2', 'T2', 'RB', 'S2'].filter(() => r.int(3) === 0);
  s.stack = [];
  return s;
}

/** A generator that must be asked once for an index below `n`, and answers `i`. */
function forced(n: number, i: number, asked: { calls: number }): Rng {
  return {
    int: (m: number) => {
      asked.calls++;
      expect(m).toBe(n);
      return i;
    },
  } as unknown as Rng;
}

describe('the main phase counted', () => {
  it('draws index i of the legal list as move i for every animal, team gifts included, under random rule options', () => {
    const r = new Rng(seedRng('zr-tails'));
    /** Tail moves seen, by move type and power. */
    const seen = new Map<string, number>();
    let positions = 0;
    for (let g = 0; g < 12; g++) {
      const { players, options } = g < 2 ? { players: 4, options: { ...DEFAULT_OPTIONS, mode: g === 0 ? ('ffa' as const) : ('2teams' as const) } } : randomSetup(r);
      let mains = 0;
      simulate(zodiacRace, {
        seed: `tails-${g}`,
        players,
        options,
        bots: randomBot,
        onMove: ({ state }) => {
          if (decisionKind(state) !== 'main' || mains++ % 12 !== 0) return;
          const seat = state.turn.seat;
          for (const zodiac of ZODIACS) {
            const s = laidOut(state, seat, zodiac, r);
            const before = JSON.stringify(s);
            const legal = legalMoves(s, seat);
            const listed = legal.map((m) => JSON.stringify(m));
            const context = [
              ...(options.mode !== 'ffa' ? ['in teams'] : []),
              ...(s.pieces.some((p) => p.proud > 0) ? ['past a PROUD piece'] : []),
              ...(s.turn.once.length > 0 ? ['after a once-per-turn use'] : []),
            ];
            let paid = false;
            for (let i = 0; i < legal.length; i++) {
              // The transforms (most of a list) are counted by random-move.ts's own bits: a sample of them.
              if (legal[i]!.type === 'transform' && r.int(8) !== 0) continue;
              const asked = { calls: 0 };
              const move: ZrMove = randomMove(s, 'main', seat, forced(legal.length, i, asked));
              expect(asked.calls).toBe(1);
              // Equal, key order included.
              expect(JSON.stringify(move)).toBe(listed[i]);
              const key = move.type === 'power' ? `power ${move.power}` : move.type;
              for (const k of [key, ...context.map((c) => `${key} ${c}`)]) seen.set(k, (seen.get(k) ?? 0) + 1);
              // A payment list of its own (one a position: listing again is what takes the time).
              if (!paid && 'pay' in move && Array.isArray(move.pay)) {
                paid = true;
                move.pay.push(9);
                expect(JSON.stringify(legalMoves(s, seat))).toBe(JSON.stringify(legal));
              }
            }
            expect(JSON.stringify(s)).toBe(before);
            positions++;
          }
        },
      });
    }
    expect(positions).toBeGreaterThan(500);
    // Every kind of tail move was drawn, many times over.
    for (const key of ['give', 'exchange', 'power R2', 'power O1a', 'power O1b', 'power O2', 'power T1', 'power T2', 'power RB', 'power D', 'power S1', 'power SH2', 'power M2', 'power M3'])
      expect(seen.get(key) ?? 0, key).toBeGreaterThan(50);
    // …and where a count depends on the mode, the targets or the turn's uses.
    for (const key of ['power M3 in teams', 'power O2 in teams', 'power S1 past a PROUD piece', 'power T1 past a PROUD piece', 'power T2 past a PROUD piece', 'power S1 after a once-per-turn use', 'power O2 after a once-per-turn use', 'power R2 after a once-per-turn use'])
      expect(seen.get(key) ?? 0, key).toBeGreaterThan(10);
  }, 120_000);
});
