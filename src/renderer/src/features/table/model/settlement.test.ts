import { describe, expect, it } from 'vitest';
import { doufu } from '../../../../../shared/games/doufu';
import { handSummary, standings } from './settlement';
import { playMatches } from './testing';

describe('hand summary', () => {
  it('settles every declaration again from the public table and agrees with the engine', () => {
    let won = 0;
    let ends = 0;
    for (const mode of ['ffa', '2v2'] as const)
      playMatches({ games: mode === 'ffa' ? 9 : 4, mode, maxMoves: 4000, seed: `settle-${mode}` }, () => {}, (m, index) => {
        const events = m.log[index]!.events;
        const before = doufu.view(m.stateAt(index), null);
        const s = handSummary(before, events);
        const ended = events.some((e) => e.type === 'declare' || e.type === 'liuju' || (e.type === 'huangpai' && e.at === 'midhand'));
        expect(s !== null, JSON.stringify(events.map((e) => e.type))).toBe(ended);
        if (!s) return;
        ends++;
        if (s.kind !== 'won') return;
        won++;
        expect(s.settlement, `hand ${s.handNo}`).not.toBeNull();
        const st = s.settlement!;
        expect(st.W).toBe(s.W);
        // Every party's line adds up: it pays max(0, W − offset) (+1 for 泥猪癞狗); the declarer pays the rebounds.
        for (const l of st.lines) {
          expect(l.after).toBe(l.before - l.loss);
          if (!l.declarer) expect(l.loss).toBe(Math.max(0, st.W - l.offset) + l.nizhu);
        }
        expect(st.lines.find((l) => l.declarer)!.loss).toBe(st.lines.filter((l) => !l.declarer).reduce((a, l) => a + l.rebound, 0));
        if (events.some((e) => e.type === 'matchOver')) expect(s.over).not.toBeNull();
      });
    expect(won).toBeGreaterThan(20);
    expect(ends).toBeGreaterThan(won);
  });
});

describe('final standings', () => {
  it('lists every party in the order they finished, with the hand each went out in', () => {
    let over = 0;
    let outEarlier = 0;
    for (const mode of ['ffa', '2v2'] as const) {
      let handBefore = 0;
      // Independently of the events: the hand in which each party's `out` flag was set.
      let outIn: (number | null)[] = [];
      playMatches(
        { games: mode === 'ffa' ? 12 : 3, mode, players: 4, maxMoves: 8000, seed: `standings-${mode}` },
        (d) => {
          handBefore = d.view.handNo;
          // A new match (nobody goes out before the end of hand 1).
          if (d.view.handNo === 1) outIn = d.view.fuqi.map(() => null);
        },
        (m, index) => {
          const now = doufu.view(m.state, null);
          now.out.forEach((o, p) => {
            if (o && outIn[p] === null) outIn[p] = handBefore;
          });
          const events = m.log[index]!.events;
          if (!events.some((e) => e.type === 'matchOver')) return;
          over++;
          const s = handSummary(doufu.view(m.stateAt(index), null), events, m.log);
          expect(s?.kind).toBe('won');
          if (s?.kind !== 'won') return;
          const st = s.standings!;
          // Every party once, with its final 福气.
          expect(st.map((r) => r.party).sort()).toEqual(now.fuqi.map((_, p) => p));
          for (const r of st) expect(r.fuqi).toBe(now.fuqi[r.party]);
          // Winners first at place 1; then by the hand they went out in, latest first; places never go down.
          const winners = s.settlement!.winners;
          expect(st.slice(0, winners.length).every((r) => r.won && r.place === 1)).toBe(true);
          expect(st.filter((r) => r.won).length).toBe(winners.length);
          for (let i = 1; i < st.length; i++) {
            expect(st[i]!.place).toBeGreaterThanOrEqual(st[i - 1]!.place);
            if (!st[i - 1]!.won) expect(st[i]!.outIn!).toBeLessThanOrEqual(st[i - 1]!.outIn!);
          }
          for (const r of st) expect(r.outIn, `party ${r.party}`).toBe(outIn[r.party]);
          if (st.some((r) => r.outIn !== null && r.outIn < s.handNo)) outEarlier++;
        },
      );
    }
    expect(over).toBeGreaterThan(8);
    expect(outEarlier, 'matches in which a party went out before the last hand').toBeGreaterThan(2);
  });

  it('ranks parties out in the same hand by 福气, and lets ties share a place', () => {
    const history = [
      { events: [{ type: 'handStart', hand: 1 }] },
      { events: [{ type: 'declare', eliminated: [3] }] },
      { events: [{ type: 'handStart', hand: 2 }] },
      { events: [{ type: 'declare', eliminated: [1, 2] }] },
    ];
    const rows = (fuqi: number[], winners: number[]) => standings(history, fuqi, winners).map((r) => [r.party, r.place, r.outIn, r.won]);
    expect(rows([5, -2, 0, -4], [0])).toEqual([
      [0, 1, null, true],
      [2, 2, 2, false],
      [1, 3, 2, false],
      [3, 4, 1, false],
    ]);
    expect(rows([5, -1, -1, 3], [0])).toEqual([
      [0, 1, null, true],
      [1, 2, 2, false],
      [2, 2, 2, false],
      [3, 4, 1, false],
    ]);
    // A shared draw (§6.4, HI-59): both sharers first, at place 1.
    expect(rows([-2, -1, -1, 3], [1, 2])).toEqual([
      [1, 1, 2, true],
      [2, 1, 2, true],
      [0, 3, null, false],
      [3, 4, 1, false],
    ]);
  });
});
