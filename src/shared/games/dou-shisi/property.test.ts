// 斗十四 properties over random play through the public contract (random bots, random rule options
// and 2–6 seats): the parity invariant (§5, D-28), every card of the deck accounted for exactly once,
// zero-sum payments, and every match ends. A few thousand hands by default; DOU_SHISI_SLOW=1 plays
// 100,000.
import { describe, expect, it } from 'vitest';
import { Match } from '../../engine/runner';
import { loadMatch, saveMatch } from '../../engine/save';
import { randomBot, simulate } from '../../engine/simulate';
import { Rng, seedRng } from '../../util/rng';
import { applyDs, DEFAULT_OPTIONS, douShisi, legalDs, OPTION_INFO, parseOptions, playersAllowed, viewDs, type DsMove, type DsOptions, type DsState } from '.';

const SLOW = process.env.DOU_SHISI_SLOW === '1';
const HANDS = SLOW ? 100_000 : 3_000;

/** Random options: every enumerated option drawn from its values, ints near their defaults. */
function randomOptions(r: Rng): DsOptions {
  const out: Record<string, unknown> = {};
  for (const [k, info] of Object.entries(OPTION_INFO)) {
    if (info.values === 'int') out[k] = k === 'hands' ? 1 + r.int(3) : k === 'red_threshold' ? r.pick([0, 10, 20, 30]) : Math.min(info.max!, (info.default as number) + r.int(2));
    else out[k] = r.pick(info.values as readonly unknown[]);
  }
  return out as unknown as DsOptions;
}

/** The invariants of one state; a message naming the broken one, or null. */
export function broken(s: DsState): string | null {
  const size = 52 + s.options.jokers;
  if (s.phase !== 'piao') {
    const all = [...s.stock, ...s.concealed.flat(), ...s.flowers.flat(), ...s.gaps.flat(), ...s.melds.flat().flatMap((m) => m.cards), ...(s.claim ? [s.claim.card] : [])];
    if (all.length !== size) return `${all.length} cards, not ${size}`;
    if (new Set(all).size !== size || all.some((c) => c < 0 || c >= size)) return 'a card twice or out of the deck';
  }
  if (s.phase === 'flip' || s.phase === 'claim' || s.phase === 'discard' || s.phase === 'exchange') {
    const even = s.phase === 'discard' ? s.turn : s.phase === 'exchange' ? s.dealer : -1;
    for (let k = 0; k < s.players; k++) {
      const n = s.concealed[k]!.length;
      if ((k === even ? n % 2 !== 0 : n % 2 !== 1)) return `seat ${k} holds ${n} cards in ${s.phase} (相公)`;
    }
  }
  for (const r of s.results) if (r.payments.reduce((a, b) => a + b, 0) !== 0) return `hand ${r.hand} payments ${r.payments} are not zero-sum`;
  if (s.totals.reduce((a, b) => a + b, 0) !== 0) return 'totals are not zero-sum';
  return null;
}

describe('斗十四 properties under random play', () => {
  it(`${HANDS.toLocaleString('en')} random hands keep the invariants and end`, () => {
    const r = new Rng(seedRng('ds-property'));
    let hands = 0;
    let game = 0;
    const outcomes = { win: 0, drawn: 0, void: 0 };
    while (hands < HANDS) {
      const options = randomOptions(r);
      let players = 2 + r.int(5);
      if (!playersAllowed(players, options.jokers)) players = 4;
      const seed = `p/${game++}`;
      const res = simulate(douShisi, {
        seed, players, options, bots: randomBot, recordMoves: false, maxMoves: 20_000,
        onMove: ({ state, move }) => {
          const why = broken(state);
          if (why) throw new Error(`${seed} (${players} seats, ${JSON.stringify(options)}) after ${JSON.stringify(move)}: ${why}`);
        },
      });
      const s = res.state as DsState;
      expect(res.status.over).toBe(true);
      expect(s.results).toHaveLength(options.hands);
      for (const h of s.results) outcomes[h.void ? 'void' : h.winner === null ? 'drawn' : 'win']++;
      hands += s.results.length;
    }
    expect(outcomes.win).toBeGreaterThan(0);
    expect(outcomes.drawn).toBeGreaterThan(0);
    expect(outcomes.void).toBeGreaterThan(0);
  }, SLOW ? 3_600_000 : 60_000);

  it('the same seed, options and moves replay the same match', () => {
    const run = () => simulate(douShisi, { seed: 'replay', players: 4, options: { ...douShisi.defaultOptions, hands: 3, piao: true }, bots: randomBot });
    const a = run();
    const b = run();
    expect(a.moves).toEqual(b.moves);
    expect(a.state).toEqual(b.state);
  });

  it('views hide the other hands and the stock; apply refuses garbage without throwing', () => {
    let s = douShisi.setup({ seed: 'view', players: 4, options: douShisi.defaultOptions });
    const v = viewDs(s, 1);
    expect(v.concealed).toEqual(s.concealed[1]);
    expect(v.counts).toEqual(s.concealed.map((h) => h.length));
    expect(typeof v.stock).toBe('number');
    const text = JSON.stringify(v);
    expect(text).not.toContain('"dealt"');
    expect(text).not.toContain('"rng"');
    expect(viewDs(s, null).concealed).toEqual([]);
    for (const junk of [null, 7, {}, { type: 'discard' }, { type: 'discard', seat: 9, card: 1 }, { type: 'fly', seat: 0 }, { type: 'discard', seat: s.turn, card: 999 }])
      expect(applyDs(s, junk as unknown as DsMove).ok).toBe(false);
    // A legal move from every seat that may act is accepted.
    const seat = douShisi.status(s).toAct[0]!;
    const r = applyDs(s, legalDs(s, seat)[0]!);
    expect(r.ok).toBe(true);
    if (r.ok) s = r.state;
    expect(broken(s)).toBeNull();
  });
});

function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

describe('斗十四 on the contract', () => {
  it('apply never changes its input (frozen states through whole matches)', () => {
    const rng = new Rng(seedRng('frozen'));
    for (let g = 0; g < 20; g++) {
      let s = douShisi.setup({ seed: `f/${g}`, players: 4, options: { ...DEFAULT_OPTIONS, hands: 2, piao: g % 2 === 0, stop_call: g % 3 === 0 } });
      while (!douShisi.status(s).over) {
        const seat = douShisi.status(s).toAct[0]!;
        const r = applyDs(deepFreeze(s), rng.pick(legalDs(s, seat)));
        if (!r.ok) throw new Error(r.message.en);
        s = r.state;
      }
    }
  });

  it('parses options with defaults, refuses bad values in both languages, warns about unknown keys; every completion says so', () => {
    expect(parseOptions({})).toEqual({ ok: true, options: DEFAULT_OPTIONS, warnings: [] });
    expect(parseOptions({ jokers: 5 })).toMatchObject({ ok: false, code: 'match/bad-setup' });
    expect(parseOptions({ fan_cap: -1 })).toMatchObject({ ok: false });
    expect(parseOptions({ hands: 2, wild: 1 })).toMatchObject({ ok: true, options: { hands: 2 }, warnings: ['Unknown option "wild" ignored.'] });
    for (const info of Object.values(OPTION_INFO)) {
      if (info.tag === 'S' || info.tag === 'table') continue;
      expect(info.helpEn).toMatch(/completion/);
      expect(info.helpZh).toMatch(/補全/);
    }
  });

  it('a saved match loads to the same state', () => {
    const m = Match.create(douShisi, { seed: 'save', players: 4, options: { ...DEFAULT_OPTIONS, piao: true } });
    const rng = new Rng(seedRng('save'));
    for (let i = 0; i < 60 && !m.status().over; i++) m.apply(rng.pick(douShisi.legalMoves(m.state, m.status().toAct[0]!)));
    const loaded = loadMatch(douShisi, saveMatch(m));
    expect(loaded.ok && loaded.match.state).toEqual(m.state);
  });
});
