import { describe, expect, it } from 'vitest';
import { zodiacRace } from '../../../../../shared/games/zodiac-race/game';
import { legalMoves } from '../../../../../shared/games/zodiac-race/legal';
import { table } from '../../../../../shared/games/zodiac-race/testing';
import type { ZrMove, ZrState } from '../../../../../shared/games/zodiac-race/types';
import { viewOf } from '../../../../../shared/games/zodiac-race/view';
import { cheapestPay, choicesAt, litSeats, payLevel, promptOf, type Choice } from './prompt';

/** Every leaf move under some choices. */
function leaves(cs: readonly Choice[]): ZrMove[] {
  return cs.flatMap((c) => (c.move ? [c.move] : c.children ? leaves(c.children) : []));
}

const promptFor = (s: ZrState, seat: number) => promptOf(viewOf(s, seat), seat, legalMoves(s, seat))!;

describe('生肖赛跑 prompt', () => {
  it('offers every legal move exactly once, and nothing else, as a leaf', () => {
    const s = table([{ z: 'tiger', at: 3, tokens: [6, 6, 5, 1, 3, 3] }, { z: 'ox', at: 5, tokens: [2] }, { z: 'rat', at: 7 }]);
    const legal = legalMoves(s, 0);
    const p = promptFor(s, 0);
    expect(p.kind).toBe('main');
    const got = leaves(p.choices).map((m) => JSON.stringify(m)).sort();
    expect(got).toEqual(legal.map((m) => JSON.stringify(m)).sort());
  });

  it('asks a Tiger for a target, lights the targets, then the payment', () => {
    const s = table([{ z: 'tiger', at: 1, tokens: [6, 6, 4, 2] }, { z: 'ox', at: 5 }, { z: 'rat', at: 7 }]);
    const p = promptFor(s, 0);
    const t1 = p.choices.find((c) => c.key === 'power:T1')!;
    expect(t1.children?.map((c) => c.target)).toEqual([1, 2]);
    expect(litSeats(choicesAt(p, ['power:T1']))).toEqual([1, 2]);
    // One payment per target: the target is the leaf, labelled with it.
    expect(choicesAt(p, ['power:T1']).every((c) => c.move?.type === 'power')).toBe(true);
    expect(choicesAt(p, ['power:T1'])[0]!.label.en).toBe('Seat 2 (pay 6+6)');
  });

  it('offers a transform off a star as a probe the engine refuses with its reason', () => {
    const s = table([{ z: 'rat', at: 1, tokens: [2] }, { z: 'ox', at: 5 }]);
    const p = promptFor(s, 0);
    const tr = p.choices.find((c) => c.key === 'transform')!;
    expect(tr.move).toBeUndefined();
    expect(tr.probe).toMatchObject({ type: 'transform', seat: 0 });
    const r = zodiacRace.apply(s, tr.probe!);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message.en).toMatch(/star square/);
  });

  it('groups transforms on a star by animal, then by the token paid', () => {
    const s = table([{ z: 'rat', at: 3, tokens: [2, 4] }, { z: 'ox', at: 5 }]);
    const p = promptFor(s, 0);
    const tr = p.choices.find((c) => c.key === 'transform')!;
    expect(tr.children?.map((c) => c.key)).not.toContain('rat');
    expect(choicesAt(p, ['transform', 'tiger']).map((c) => c.key)).toEqual(['pay:2', 'pay:4']);
  });

  it('offers gifts and swaps to a teammate on the same square, lit on the board', () => {
    const s = table([{ z: 'rat', at: 4, tokens: [2, 5] }, { z: 'ox', at: 4, tokens: [3] }, { z: 'tiger', at: 4, tokens: [6] }, { z: 'dog', at: 9 }], { mode: '2teams' });
    const p = promptFor(s, 0);
    const team = p.choices.find((c) => c.key === 'team')!;
    // Seats 1 and 3 (0-based 0 and 2) are team-mates; seat 2 (the Ox) shares the square but not the team.
    expect(team.children?.map((c) => c.target)).toEqual([2]);
    expect(choicesAt(p, ['team', 'to:2']).map((c) => c.key)).toEqual(['give:2', 'ex:2:6', 'give:5', 'ex:5:6']);
  });

  it('says nothing to a seat whose decision it is not', () => {
    const s = table([{ z: 'rat' }, { z: 'ox' }]);
    expect(promptOf(viewOf(s, 1), 1, legalMoves(s, 1))).toBeNull();
  });

  it('asks for the starting animal, taken ones as probes', () => {
    const m = zodiacRace.start!({ seed: 'p', players: 2, options: zodiacRace.defaultOptions });
    const p = promptFor(m.state, 0);
    expect(p.kind).toBe('choose');
    expect(p.choices).toHaveLength(12);
    expect(p.choices.filter((c) => c.move)).toHaveLength(legalMoves(m.state, 0).length);
  });
});

describe('生肖赛跑 standings', () => {
  it('puts the winners first, then lap points, then distance round the lap', async () => {
    const { standingsOf } = await import('./standings');
    const s = table([{ z: 'rat', prog: 40, laps: 1 }, { z: 'ox', prog: 75, laps: 2 }, { z: 'tiger', prog: 50, laps: 1 }]);
    s.phase = 'over';
    s.winners = [1];
    const st = standingsOf(viewOf(s, null));
    expect(st.map((x) => [x.seat, x.place, x.winner])).toEqual([
      [1, 1, true],
      [2, 2, false],
      [0, 3, false],
    ]);
  });
});

describe('生肖赛跑 prompt over whole games', () => {
  /** Every choice of a tree, depth first. */
  const all = (cs: readonly Choice[]): Choice[] => cs.flatMap((c) => [c, ...(c.children ? all(c.children) : [])]);
  const CJK = /[\u3400-\u9fff]/;

  it('at every decision of seeded random races: the leaves are exactly the legal moves, labelled in both languages', async () => {
    const { Rng, seedRng } = await import('../../../../../shared/util/rng');
    const modes = [
      { players: 2, options: {} },
      { players: 4, options: { mode: '2teams' } },
      { players: 6, options: { mode: '3teams', star_spacing: 2 } },
      { players: 3, options: { track_length: 24, starting_zodiacs: 'random' } },
    ] as const;
    let decisions = 0;
    for (const [g, setup] of modes.entries()) {
      const options = zodiacRace.parseOptions({ ...setup.options, target_points: 2 });
      if (!options.ok) throw new Error(options.message.en);
      let s = zodiacRace.setup({ seed: `prompt-${g}`, players: setup.players, options: options.options });
      const rng = new Rng(seedRng(`moves-${g}`));
      for (let i = 0; i < 3000 && s.phase !== 'over'; i++) {
        const seat = zodiacRace.status(s).toAct[0]!;
        const legal = legalMoves(s, seat);
        const p = promptOf(viewOf(s, seat), seat, legal)!;
        expect(p, `move ${i} of game ${g}`).not.toBeNull();
        const key = (m: ZrMove) => JSON.stringify(m);
        expect(leaves(p.choices).map(key).sort()).toEqual(legal.map(key).sort());
        for (const c of [{ key: 'title', label: p.title }, ...all(p.choices)]) {
          expect(c.label.zh.length, c.key).toBeGreaterThan(0);
          expect(c.label.en, c.key).not.toMatch(CJK);
          // No empty detail in brackets ("2号（）" was shown for an Ox's swap target).
          expect(c.label.zh, c.key).not.toMatch(/（\s*）/);
          expect(c.label.en, c.key).not.toMatch(/\(\s*\)/);
        }
        decisions++;
        const r = zodiacRace.apply(s, legal[rng.int(legal.length)]!);
        if (!r.ok) throw new Error(r.message.en);
        s = r.state;
      }
    }
    expect(decisions).toBeGreaterThan(500);
  });
});

describe('paying by picking tokens', () => {
  it('finds the payment level of a power and suggests the cheapest payment', () => {
    const s = table([{ z: 'tiger', at: 1, tokens: [6, 6, 5, 4, 3, 3, 2] }, { z: 'ox', at: 5 }]);
    const p = promptFor(s, 0);
    const level = choicesAt(p, ['power:T2', 'target:1']);
    const pays = payLevel(level)!;
    expect(pays.length).toBeGreaterThan(2);
    for (const x of pays) expect(x.pay.reduce((a, b) => a + b, 0)).toBe(12);
    // All sum to 12; the pick keeps the most kinds of token in hand, then spends the fewest tokens.
    expect(cheapestPay(pays.map((x) => x.pay), s.pieces[0]!.tok)).toEqual([6, 6]); // 6+6 and 3+3+6 both keep four kinds; two tokens beat three
    expect(payLevel(p.choices)).toBeNull();
  });

  it('prefers the lowest total first', () => {
    expect(cheapestPay([[5, 5], [2, 2], [3, 3]], [0, 2, 2, 0, 2, 0])).toEqual([2, 2]);
    expect(cheapestPay([[6, 6], [5, 4, 3], [6, 3, 3]], [0, 0, 2, 1, 1, 2])).toEqual([6, 6]);
  });
});
