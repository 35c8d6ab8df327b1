import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../../../shared/engine/types';
import { logLines, sees } from './log';
import { playMatches } from './testing';

describe('table log', () => {
  it('has a line in both languages for every event the engine makes (no unknown types)', () => {
    const types = new Set<string>();
    playMatches(
      { games: 9, maxMoves: 3000 },
      () => {},
      (m, index) => {
        const e = m.log[index]!;
        for (const viewer of [null, 0, 1]) {
          const lines = logLines(index, e.events, { mode: m.init.options.mode, viewer });
          for (const l of lines) {
            expect(l.text.zh.trim().length).toBeGreaterThan(0);
            expect(l.text.en.trim().length).toBeGreaterThan(0);
          }
          // Unknown types fall back to their bare type name; none may.
          for (const l of lines) expect(l.text.zh === l.text.en && /^[a-zA-Z]+$/.test(l.text.zh), `unknown event in ${JSON.stringify(e.events)}`).toBe(false);
        }
        for (const ev of e.events) types.add(ev.type);
      },
    );
    for (const t of ['draw', 'eat', 'stack', 'flip', 'score', 'turn', 'declare']) expect(types).toContain(t);
  });

  it('shows a hidden card only to a seat that saw it', () => {
    const draw: GameEvent = { type: 'draw', seat: 1, card: 'RAT-FU', reveal: [1] };
    const [other] = logLines(3, [draw], { mode: 'ffa', viewer: 0 });
    const [own] = logLines(3, [draw], { mode: 'ffa', viewer: 1 });
    expect(other!.text.zh).toBe('座位 2 摸了一张牌');
    expect(other!.text.en).not.toMatch(/Rat/);
    expect(own!.text.zh).toBe('座位 2 摸到 福鼠');
    expect(own!.text.en).toBe('Seat 2 draws Fortune Rat');
    expect(sees({ type: 'flip', reveal: 'all' }, null)).toBe(true);
    expect(sees(draw, null)).toBe(false);
  });

  it('never names the hand card 福狗 sends from its own user\'s hand to anyone else', () => {
    const ev: GameEvent = { type: 'skill', seat: 0, card: 'DOG-FU', target: 0, take: 'OX-Y1' };
    const [mine] = logLines(0, [ev], { mode: 'ffa', viewer: 0 });
    const [theirs] = logLines(0, [ev], { mode: 'ffa', viewer: 1 });
    expect(mine!.text.en).toMatch(/Luck Ox/);
    expect(theirs!.text.en).not.toMatch(/Luck Ox/);
    expect(theirs!.text.zh).not.toMatch(/运牛/);
  });

  it('names sides as teams in 2v2 and groups a run of scored cards into one line', () => {
    const lines = logLines(0, [
      { type: 'score', seat: 2, side: 0, card: 'RAT-FU', attr: '福' },
      { type: 'score', seat: 2, side: 0, card: 'RAT-HE', attr: '和气' },
    ], { mode: '2v2', viewer: null });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.text.zh).toBe('甲队（座位 1·3） 得分：福鼠、和气鼠');
    expect(lines[0]!.text.en).toBe('Team A (seats 1 & 3) scores Fortune Rat, Harmony Rat');
  });
});
