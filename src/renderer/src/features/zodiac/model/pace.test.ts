import { describe, expect, it } from 'vitest';
import { heuristicBot } from '../../../../../shared/games/zodiac-race/bots';
import { ZrTable } from '../../../../../shared/games/zodiac-race/table';
import { viewOf } from '../../../../../shared/games/zodiac-race/view';
import { zodiacRace } from '../../../../../shared/games/zodiac-race/game';
import { Rng, seedRng } from '../../../../../shared/util/rng';
import { normalSpeeds, parseSpeedsOf, serializeSpeedsOf } from '../../table/model/pace';
import { walkMs, ZR_ACTION_KINDS, zrHold, zrMoveKind } from './pace';

const NORMAL = normalSpeeds(ZR_ACTION_KINDS);

/**
 * How long each round of three heuristic bots shows at a pace, as the table paces it: every bot
 * move waits for the hold of the move before it (its group's share, and the walk of the pieces it
 * moved).
 */
function roundTimes(pace: number, speeds = NORMAL, games = 6): number[] {
  const rounds: number[] = [];
  for (let g = 0; g < games; g++) {
    const t = ZrTable.start({ seed: `pace/${g}`, players: 3, options: zodiacRace.defaultOptions });
    const rng = new Rng(seedRng(`pace-bots/${g}`));
    let round = 0;
    let turns = 0;
    for (let i = 0; i < 20_000 && !t.over && rounds.length < (g + 1) * 12; i++) {
      const seat = t.seat();
      const before = t.live.pieces.map((p) => p.prog);
      const move = heuristicBot({ view: viewOf(t.state(), seat), legal: t.legal(), seat, rng });
      t.play(move);
      const squares = Math.max(...t.live.pieces.map((p, k) => Math.abs(p.prog - before[k]!)));
      round += zrHold(move, squares, pace, speeds);
      if (move.type === 'end' || t.events.some((e) => e.type === 'turn' && e.seat !== seat)) turns++;
      if (turns === 3) {
        if (t.live.phase === 'play') rounds.push(round);
        round = 0;
        turns = 0;
      }
    }
  }
  return rounds;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('the pace of a 生肖赛跑 table', () => {
  it('reads a round of three bots in about 3–5 s at the default pace', () => {
    const rounds = roundTimes(700);
    expect(rounds.length).toBeGreaterThan(30);
    const m = mean(rounds);
    console.log(`a round of three heuristic bots at the default pace: ${Math.round(m)} ms on average (${rounds.length} rounds)`);
    expect(m).toBeGreaterThanOrEqual(3000);
    expect(m).toBeLessThanOrEqual(5000);
  });

  it('is slower at slow, faster at fast, and nothing at all when every group skips its animation', () => {
    const slow = mean(roundTimes(700, Object.fromEntries(ZR_ACTION_KINDS.map((k) => [k, 'slow'])) as typeof NORMAL, 2));
    const fast = mean(roundTimes(700, Object.fromEntries(ZR_ACTION_KINDS.map((k) => [k, 'fast'])) as typeof NORMAL, 2));
    const normal = mean(roundTimes(700, NORMAL, 2));
    expect(slow).toBeGreaterThan(normal);
    expect(fast).toBeLessThan(normal);
    expect(mean(roundTimes(700, Object.fromEntries(ZR_ACTION_KINDS.map((k) => [k, 'skip'])) as typeof NORMAL, 1))).toBe(0);
  });

  it('holds each group for its share of the pace, and at least for the walk', () => {
    expect(zrHold({ type: 'roll', seat: 0 }, 0, 700, NORMAL)).toBe(385);
    expect(zrHold({ type: 'end', seat: 0 }, 0, 700, NORMAL)).toBe(175);
    expect(zrHold({ type: 'go', seat: 0 }, 6, 700, NORMAL)).toBe(6 * walkMs(NORMAL));
    expect(zrHold({ type: 'power', seat: 0, power: 'RB' }, 0, 700, { ...NORMAL, power: 'skip' })).toBe(0);
    expect(walkMs({ ...NORMAL, walk: 'skip' })).toBe(0);
    expect(zrMoveKind({ type: 'mods', seat: 0, use: [] })).toBe('choice');
  });

  it('stores its speeds as the 斗福 table does', () => {
    const speeds = { ...NORMAL, walk: 'fast', choice: 'skip' } as const;
    expect(parseSpeedsOf(serializeSpeedsOf(speeds, ZR_ACTION_KINDS), ZR_ACTION_KINDS)).toEqual(speeds);
    expect(parseSpeedsOf('{"walk":"warp"}', ZR_ACTION_KINDS)).toEqual(NORMAL);
  });
});
