// Rules found wrong by an independent check of the engine against the spec, each pinned by a table
// laid out by hand (testing.ts). Seats are 0, 1, 2, 3.
import { describe, expect, it } from 'vitest';
import { applyMove } from './apply';
import { invariantProblems } from './invariant';
import { decisionOf, legalMoves } from './legal';
import { ZrTable } from './table';
import { play, sq, table, tokensOf, withDice } from './testing';
import type { ZrState } from './types';

/** Answer star prompts with "go on". */
function goOn(s: ZrState): ZrState {
  while (decisionOf(s)?.kind === 'star') s = play(s, { type: 'go', seat: decisionOf(s)!.seat }).s;
  return s;
}

describe('spec §10: the first to reach the target wins, nobody scores after', () => {
  it('a Monkey carried over the line by the winning piece is not credited the lap', () => {
    // Host (seat 0) and its rider (seat 1) both at 9 laps, two squares before the line.
    let s = withDice(table([{ z: 'ox', prog: 9 * 36 + 34 }, { z: 'monkey', prog: 9 * 36 + 34, extra: { attachedTo: 0 } }, { z: 'pig', at: 20 }]), [3]);
    const r = play(s, { type: 'roll', seat: 0 });
    s = r.s;
    expect(s.phase).toBe('over');
    expect(s.winners).toEqual([0]);
    const win = r.ev.findIndex((e) => e.type === 'win');
    expect(win).toBeGreaterThan(-1);
    expect(r.ev.slice(win + 1).filter((e) => e.type === 'lap')).toEqual([]);
    expect(s.pieces[1]!.laps).toBe(9);
    expect(invariantProblems(s)).toEqual([]);
  });

  it('in a team race the other team’s rider does not reach the team target after the win', () => {
    // Team 0 = seats 0 and 2 (20 laps: one more wins); team 1 = seats 1 and 3 (20 laps), seat 1 riding seat 0.
    let s = withDice(
      table(
        [
          { z: 'ox', prog: 10 * 36 + 35, laps: 10 },
          { z: 'monkey', prog: 10 * 36 + 35, laps: 10, extra: { attachedTo: 0 } },
          { z: 'pig', prog: 10 * 36 + 20, laps: 10 },
          { z: 'rat', prog: 10 * 36 + 20, laps: 10 },
        ],
        { mode: '2teams' },
      ),
      [2],
    );
    s = play(s, { type: 'roll', seat: 0 }).s;
    expect(s.winners).toEqual([0, 2]);
    expect(s.pieces[1]!.laps + s.pieces[3]!.laps).toBe(20);
  });
});

describe('spec §7.2: Ox O2 swaps k ≥ 1 tokens', () => {
  it('names the first swap with the power, so "done" never comes before a swap', () => {
    let s = table([{ z: 'ox', tokens: [1, 2] }, { z: 'pig', at: 20, tokens: [3] }]);
    const o2 = legalMoves(s, 0).filter((m) => m.type === 'power' && m.power === 'O2');
    expect(o2).toEqual([
      { type: 'power', seat: 0, power: 'O2', target: 1, give: 1, take: 3 },
      { type: 'power', seat: 0, power: 'O2', target: 1, give: 2, take: 3 },
    ]);
    expect(applyMove(s, { type: 'power', seat: 0, power: 'O2', target: 1 } as never).ok).toBe(false);
    s = play(s, o2[0]!).s;
    expect(tokensOf(s, 0)).toEqual([2, 3]);
    expect(tokensOf(s, 1)).toEqual([1]);
    expect(decisionOf(s)).toEqual({ seat: 0, kind: 'swap' });
    expect(legalMoves(s, 0).map((m) => m.type)).toContain('done');
    s = play(s, { type: 'done', seat: 0 }).s;
    expect(decisionOf(s)).toEqual({ seat: 0, kind: 'main' });
  });

  it('is not offered against a player with nothing different to swap', () => {
    const s = table([{ z: 'ox', tokens: [5, 5] }, { z: 'pig', at: 20, tokens: [5] }, { z: 'rat', at: 25, tokens: [2] }]);
    const o2 = legalMoves(s, 0).filter((m) => m.type === 'power' && m.power === 'O2');
    expect(o2).toEqual([{ type: 'power', seat: 0, power: 'O2', target: 2, give: 5, take: 2 }]);
  });
});

describe('spec §7.12 P1b: a Pig may grab when the barrier is negated', () => {
  it('also when the mover is the Dog that negated the barrier during its own roll', () => {
    // Seat 0 (Dog) rolls 5 from 0 and enters the Pig's square 2 with 3 steps left.
    let s = withDice(table([{ z: 'dog', tokens: [1, 2, 3, 5] }, { z: 'pig', at: 2, tokens: [4, 5, 6] }]), [5]);
    s = play(s, { type: 'roll', seat: 0 }).s;
    expect(decisionOf(s)).toEqual({ seat: 1, kind: 'pig' });
    s = play(s, { type: 'barrier', seat: 1, pay: [4, 5, 6] }).s;
    expect(decisionOf(s)).toEqual({ seat: 0, kind: 'dog' });
    s = goOn(play(s, { type: 'negate', seat: 0, pay: [1, 2, 3] }).s);
    // The Dog's +5 carried it off the Pig's square: it passed the Pig, so the Pig may grab.
    expect(decisionOf(s)).toEqual({ seat: 1, kind: 'grab' });
    s = play(s, { type: 'grab', seat: 1, v: 5 }).s;
    expect(decisionOf(s)).toEqual({ seat: 0, kind: 'dog' }); // the grab is free: the Dog could negate it with its 5
    s = goOn(play(s, { type: 'pass', seat: 0 }).s);
    expect(tokensOf(s, 1)).toEqual([5]);
    expect(sq(s, 0)).toBe(10); // 2 + 5 (negation) + 3 left of the roll
  });
});

describe('spec §11: a team exchange needs the teammate’s consent', () => {
  const start = () => table([{ z: 'ox', at: 8, tokens: [1] }, { z: 'pig', at: 20 }, { z: 'dog', at: 8, tokens: [3] }, { z: 'rat', at: 30 }], { mode: '2teams' });

  it('is an offer the teammate accepts', () => {
    let s = play(start(), { type: 'exchange', seat: 0, to: 2, give: 1, take: 3 }).s;
    expect(decisionOf(s)).toEqual({ seat: 2, kind: 'offer' });
    expect(tokensOf(s, 0)).toEqual([1]);
    s = play(s, { type: 'accept', seat: 2 }).s;
    expect(tokensOf(s, 0)).toEqual([3]);
    expect(tokensOf(s, 2)).toEqual([1]);
    expect(decisionOf(s)).toEqual({ seat: 0, kind: 'main' });
  });

  it('or declines, and nothing changes hands', () => {
    let s = play(start(), { type: 'exchange', seat: 0, to: 2, give: 1, take: 3 }).s;
    expect(applyMove(s, { type: 'accept', seat: 0 }).ok).toBe(false);
    s = play(s, { type: 'decline', seat: 2 }).s;
    expect(tokensOf(s, 0)).toEqual([1]);
    expect(tokensOf(s, 2)).toEqual([3]);
    expect(decisionOf(s)).toEqual({ seat: 0, kind: 'main' });
  });

  it('plays the same on the fast path', () => {
    const t = ZrTable.from(start());
    t.play({ type: 'exchange', seat: 0, to: 2, give: 1, take: 3 });
    expect(t.decision()).toBe('offer');
    expect(t.seat()).toBe(2);
    expect(t.legal()).toEqual(legalMoves(play(start(), { type: 'exchange', seat: 0, to: 2, give: 1, take: 3 }).s, 2));
  });
});

describe('the rules changes leave every decision answerable', () => {
  it('the heuristic bot finds one of the legal moves at every decision of random races', async () => {
    const { heuristicChoose } = await import('./bots');
    const { viewOf } = await import('./view');
    const { randomSetup } = await import('./fuzz');
    const { Rng, seedRng } = await import('../../util/rng');
    const r = new Rng(seedRng('answerable'));
    for (let g = 0; g < 40; g++) {
      const { players, options } = randomSetup(r);
      const t = ZrTable.start({ seed: `answerable/${g}`, players, options });
      for (let i = 0; i < 4000 && !t.over; i++) {
        const seat = t.seat();
        const legal = t.legal();
        const h = heuristicChoose({ view: viewOf(t.state(), seat), legal, seat, rng: r });
        expect(legal, `${t.decision()} at game ${g}, move ${i}`).toContain(h);
        // Random play reaches every kind of decision; the heuristic only has to answer it.
        t.play(r.pick(legal));
      }
    }
  });
});
