// The fast path plays exactly the contract's game: ZrTable (a live, mutable table) and `apply`
// (a fresh state per move) give the same legal lists, moves, events and states — for every
// combination of the two-valued rule options with each mode and seat count, for random setups
// with full-length targets, with random and heuristic bots — and `pickRandom` makes exactly the
// draw and the move of `rng.pick(legal)`.
import { describe, expect, it } from 'vitest';
import { randomBot, simulate } from '../../engine/simulate';
import type { Bot, GameEvent } from '../../engine/types';
import { Rng, seedRng } from '../../util/rng';
import { heuristicBot } from './bots';
import { randomSetup } from './fuzz';
import { zodiacRace } from './game';
import { legalMoves } from './legal';
import { DEFAULT_OPTIONS, type ZrOptions } from './options';
import { ZrTable } from './table';
import type { ZrMove, ZrState } from './types';
import { viewOf, type ZrView } from './view';

const json = (x: unknown) => JSON.stringify(x);

/** One game through the contract (`simulate`): moves, events per move, final state. */
function contractGame(seed: string, players: number, options: ZrOptions, bot: Bot<ZrView, ZrMove>) {
  const events: string[] = [];
  const states: ZrState[] = [];
  const res = simulate(zodiacRace, {
    seed,
    players,
    options,
    bots: bot,
    onMove: ({ events: ev, state }) => {
      events.push(json(ev));
      states.push(state);
    },
  });
  return { moves: res.moves, events, states, final: json(res.state), start: json(zodiacRace.start!({ seed, players, options }).events) };
}

/**
 * The same game on a ZrTable with the same bot generators: every move and its events compared
 * with the contract's; every `every`-th position also its legal list (against `legalMoves` of the
 * contract state) and the state after the move.
 */
function tableGame(seed: string, players: number, options: ZrOptions, kind: 'random' | 'pick' | 'heuristic', want: ReturnType<typeof contractGame>, every = 1) {
  // Plain comparisons in the loop (an `expect` per move would dominate the test's time).
  const same = (what: string, k: number, a: unknown, b: unknown) => {
    if (a !== b) expect.fail(`game ${seed} (${players}p ${json(options)}), move ${k}: ${what} differ\n table:    ${String(a)}\n contract: ${String(b)}`);
  };
  const t = ZrTable.start({ seed, players, options });
  same('setup events', 0, json(t.events), want.start);
  const rngs = Array.from({ length: players }, (_, i) => new Rng(seedRng(`${seed}/bot/${i}`)));
  let k = 0;
  for (; !t.over; k++) {
    const seat = t.seat();
    const legal = t.legal();
    const deep = k % every === 0;
    if (deep) {
      const before: ZrState = k === 0 ? zodiacRace.setup({ seed, players, options }) : want.states[k - 1]!;
      same('deciding seats', k, seat, zodiacRace.status(before).toAct[0]);
      same('legal lists', k, json(legal), json(legalMoves(before, seat)));
    }
    let move: ZrMove;
    if (kind === 'pick') {
      const copy = new Rng(rngs[seat]!.state());
      move = t.pickRandom(rngs[seat]!);
      same('random picks', k, json(move), json(copy.pick(legal)));
      same('bot generators', k, json(rngs[seat]!.state()), json(copy.state()));
    } else if (kind === 'random') move = randomBot({ legal, rng: rngs[seat]! });
    else move = heuristicBot({ seat, legal, view: viewOf(t.live, seat), rng: rngs[seat]! });
    same('moves', k, json(move), json(want.moves[k]));
    t.play(move);
    same('events', k, json(t.events), want.events[k]);
    if (deep) same('states', k, json(t.state()), json(want.states[k]));
  }
  same('game lengths', k, k, want.moves.length);
  same('final states', k, json(t.state()), want.final);
  return k;
}

/** Every combination of the two-valued options, each with a mode and seat count in turn. */
function optionGrid(): { players: number; options: ZrOptions }[] {
  const out: { players: number; options: ZrOptions }[] = [];
  const seats: [number, ZrOptions['mode']][] = [
    [2, 'ffa'],
    [3, 'ffa'],
    [4, '2teams'],
    [5, 'ffa'],
    [6, '3teams'],
    [6, '2teams'],
    [4, 'ffa'],
  ];
  for (let mask = 0; mask < 512; mask++) {
    const bit = (i: number) => (mask & (1 << i)) !== 0;
    const [players, mode] = seats[mask % seats.length]!;
    out.push({
      players,
      options: {
        ...DEFAULT_OPTIONS,
        mode,
        target_points: 1,
        track_length: bit(0) ? 24 : 36,
        star_spacing: bit(1) ? 2 : 3,
        roll_mandatory: !bit(2),
        passives_are_activations: !bit(3),
        star_stop: bit(4) ? 'rolls_only' : 'any_move',
        rabbit_triple_bonus: bit(5) ? 3 : 2,
        h2_p2_first_roll_only: !bit(6),
        first_player: bit(7) ? 'random' : 'seat0',
        starting_zodiacs: bit(8) ? 'random' : 'choose',
      },
    });
  }
  return out;
}

describe('ZrTable plays exactly the contract game', () => {
  it('all 512 combinations of the two-valued options (every mode), random bots, both ways of picking', () => {
    let moves = 0;
    optionGrid().forEach(({ players, options }, i) => {
      const seed = `grid/${i}`;
      const want = contractGame(seed, players, options, randomBot);
      moves += tableGame(seed, players, options, i % 2 ? 'pick' : 'random', want, 7);
    });
    expect(moves).toBeGreaterThan(512 * 50);
  }, 300_000);

  it('random setups with full-length games (default and random targets)', () => {
    const r = new Rng(seedRng('table-setups'));
    for (let g = 0; g < 10; g++) {
      const { players, options } = randomSetup(r);
      const opts = g < 4 ? { ...options, target_points: 10 } : options;
      const seed = `setup/${g}`;
      tableGame(seed, players, opts, 'pick', contractGame(seed, players, opts, randomBot));
    }
  }, 300_000);

  it('heuristic bots reading the live table', () => {
    const r = new Rng(seedRng('table-heuristic'));
    for (let g = 0; g < 12; g++) {
      const { players, options } = randomSetup(r);
      const seed = `heur/${g}`;
      tableGame(seed, players, options, 'heuristic', contractGame(seed, players, options, heuristicBot));
    }
  }, 300_000);

  it('continues from a state without changing it, and its events are the last move’s', () => {
    const start = zodiacRace.setup({ seed: 'from', players: 3, options: { ...DEFAULT_OPTIONS, target_points: 2 } });
    const frozen = json(start);
    const t = ZrTable.from(start);
    const rng = new Rng(seedRng('from-bot'));
    let s = start;
    while (!t.over) {
      const m = t.pickRandom(rng);
      const res = zodiacRace.apply(s, m);
      if (!res.ok) throw new Error(res.message.en);
      t.play(m);
      expect(json(t.events as GameEvent[])).toBe(json(res.events));
      s = res.state;
    }
    expect(json(start)).toBe(frozen);
    expect(json(t.state())).toBe(json(s));
    expect(t.seat()).toBe(-1);
    expect(t.legal()).toEqual([]);
  });
});

describe('a table that draws its random seats’ stops at a star itself', () => {
  it('plays the same games as one whose seats pick every move, with every drawn move counted, under random rule options', () => {
    const r = new Rng(seedRng('zr-auto'));
    let drawn = 0;
    for (let g = 0; g < 24; g++) {
      const { players, options } = g < 3 ? { players: 2 + g * 2, options: DEFAULT_OPTIONS } : randomSetup(r);
      // Seat 0 decides for itself (a bot with its own loop): its stops go through the table's caller.
      const rngs = (label: string) => Array.from({ length: players }, (_, seat) => new Rng(seedRng(`auto-${g}/${label}/${seat}`)));
      const picked = ZrTable.start({ seed: `auto-${g}`, players, options }, { quiet: true });
      const pr = rngs('x');
      let pickedMoves = 0;
      let stops = 0;
      while (!picked.over) {
        if (picked.decision() === 'star' && picked.seat() !== 0) stops++;
        picked.play(picked.pickRandom(pr[picked.seat()]!));
        pickedMoves++;
      }
      const ar = rngs('x');
      const auto = ZrTable.start({ seed: `auto-${g}`, players, options }, { quiet: true, auto: ar.map((rng, seat) => (seat === 0 ? null : rng)) });
      let autoMoves = 0;
      while (!auto.over) {
        // The table never stops at a star for a seat it draws for.
        expect(auto.decision() === 'star' && auto.seat() !== 0).toBe(false);
        auto.play(auto.pickRandom(ar[auto.seat()]!));
        autoMoves++;
      }
      expect(json(auto.state())).toBe(json(picked.state()));
      expect(json(auto.tally)).toBe(json(picked.tally));
      expect(auto.autoMoves).toBe(stops);
      expect(autoMoves + auto.autoMoves).toBe(pickedMoves);
      expect(ar.map((x) => x.state())).toEqual(pr.map((x) => x.state()));
      drawn += stops;
    }
    expect(drawn).toBeGreaterThan(500);
  }, 60_000);

  it('is refused on a table that builds events', () => {
    expect(() => ZrTable.start({ seed: 'x', players: 2, options: DEFAULT_OPTIONS }, { auto: [null, new Rng(seedRng('y'))] })).toThrow(/quiet/);
  });
});
