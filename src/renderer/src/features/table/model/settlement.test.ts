import { describe, expect, it } from 'vitest';
import { doufu } from '../../../../../shared/games/doufu';
import { handSummary } from './settlement';
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
