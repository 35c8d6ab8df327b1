import { describe, expect, it } from 'vitest';
import { doufu } from '../../../../../shared/games/doufu';
import type { DoufuMove } from '../../../../../shared/games/doufu/types';
import { Rng, seedRng } from '../../../../../shared/util/rng';
import { moveCaptions } from './narrate';
import { ACTION_KINDS, actionTiming, moveKind, NORMAL_SPEEDS, parseSpeeds, serializeSpeeds, shownKind, SPEEDS, type ActionKind } from './pace';

describe('the pace of each group of actions', () => {
  it('normal speed keeps the table as it was: the pace, a 360 ms glide, a caption 1.2 s longer (at least 1.5 s)', () => {
    expect(actionTiming(700, 'normal')).toEqual({ glideMs: 360, captionMs: 1900, holdMs: 700 });
    expect(actionTiming(0, 'normal')).toEqual({ glideMs: 360, captionMs: 1500, holdMs: 0 });
    expect(actionTiming(2400, 'normal')).toEqual({ glideMs: 360, captionMs: 3600, holdMs: 2400 });
  });

  it('slower is longer and faster is shorter in every duration; skip shows nothing and waits for nothing', () => {
    for (const pace of [0, 300, 700, 1500, 2400]) {
      const [slow, normal, fast, skip] = SPEEDS.map((s) => actionTiming(pace, s));
      for (const k of ['glideMs', 'captionMs', 'holdMs'] as const) {
        expect(slow![k], `${k} at ${pace}`).toBeGreaterThanOrEqual(normal![k]);
        expect(normal![k], `${k} at ${pace}`).toBeGreaterThanOrEqual(fast![k]);
      }
      expect(slow!.glideMs).toBeGreaterThan(normal!.glideMs);
      expect(fast!.glideMs).toBeLessThan(normal!.glideMs);
      expect(fast!.glideMs).toBeGreaterThan(0);
      // A caption always outlasts the pause after its action (it is still there when the next comes).
      for (const t of [slow!, normal!, fast!]) expect(t.captionMs).toBeGreaterThan(t.holdMs);
      expect(skip).toEqual({ glideMs: 0, captionMs: 0, holdMs: 0 });
    }
  });

  it('stored speeds are read back; junk is normal speed', () => {
    const speeds = { ...NORMAL_SPEEDS, eat: 'skip', draw: 'fast', skill: 'slow' } as const;
    expect(parseSpeeds(serializeSpeeds(speeds))).toEqual(speeds);
    expect(serializeSpeeds(NORMAL_SPEEDS)).toBe('{}');
    expect(parseSpeeds('{"eat":"skip","draw":"warp","nope":"slow"}')).toEqual({ ...NORMAL_SPEEDS, eat: 'skip' });
    for (const junk of [null, undefined, '', 'not json', '[1,2]', '"skip"', '{"eat":3}', 'null']) expect(parseSpeeds(junk)).toEqual(NORMAL_SPEEDS);
  });

  it('every kind of move belongs to one group, as the captions tell them', () => {
    const cases: [DoufuMove['type'], ActionKind][] = [
      ['draw', 'draw'],
      ['eat', 'eat'],
      ['stack', 'stack'],
      ['flip', 'stack'],
      ['steal', 'steal'],
      ['skipSteal', 'steal'],
      ['swap', 'steal'],
      ['skipSwap', 'steal'],
      ['skill', 'skill'],
      ['pick', 'skill'],
      ['arrange', 'skill'],
      ['declare', 'decide'],
      ['decline', 'decide'],
      ['accept', 'decide'],
      ['pass', 'decide'],
      ['chooseFirst', 'decide'],
      ['reshuffle', 'decide'],
      ['chooseAttr', 'decide'],
    ];
    for (const [type, kind] of cases) expect(moveKind({ type, seat: 0 } as DoufuMove), type).toBe(kind);
    expect(new Set(cases.map((c) => c[1]))).toEqual(new Set(ACTION_KINDS.filter((k) => k !== 'deal')));
    // A hand dealt (the first, which no move makes, or the next after the hand-end screen) is the deal's.
    expect(shownKind(undefined, [])).toBe('deal');
    expect(shownKind({ type: 'declare', seat: 0 }, [{ type: 'handStart' }])).toBe('deal');
    expect(shownKind({ type: 'eat', seat: 0, card: 'RAT-FU', take: 'RAT-HE' }, [{ type: 'eat' }])).toBe('eat');
  });

  it('over seeded games, the group of a move matches what its captions narrate first', () => {
    // The caption keys each group may open with (a move's later events — a flip after a stack, a
    // triple stack, a dealt hand — come after the action itself).
    const opens: Record<ActionKind, RegExp> = {
      deal: /^motion\.deal$/,
      draw: /^motion\.draw$/,
      eat: /^motion\.eat$/,
      stack: /^motion\.(stack|flip)$/,
      // Letting a steal or a flip-swap go is narrated as a pass.
      steal: /^motion\.(steal|swap|oxSwap|pass)$/,
      skill: /^motion\.(skill|skillOn|peekDeck|peekHand|arrange|mulligan)$/,
      decide: /^motion\.(declare|pass|keepDeal|refuse|noPeek|playOn|reshuffle|chooseFirst)$/,
    };
    const seen = new Set<ActionKind>();
    for (let g = 0; g < 30; g++) {
      const rng = new Rng(seedRng(`pace-${g}`));
      let s = doufu.setup({ seed: `pace-${g}`, players: 2 + (g % 3), options: doufu.defaultOptions });
      for (let i = 0; i < 400 && s.step.k !== 'over'; i++) {
        const seat = doufu.status(s).toAct[0]!;
        const move = rng.pick(doufu.legalMoves(s, seat));
        const r = doufu.apply(s, move);
        if (!r.ok) throw new Error(r.message.en);
        const first = moveCaptions(r.events, 'ffa')[0]?.lines[0]?.key;
        const kind = moveKind(move);
        // What follows from a move (a seat skipped or passing on, a triple stack, Roulette, a hand's end) is not its action.
        if (first && !/^motion\.(skipped|pass|santie|roulette|poolReset|liuju|huangpai|deal)$/.test(first)) {
          expect(first, `${move.type} → ${kind}`).toMatch(opens[kind]);
          seen.add(kind);
        }
        s = r.state;
      }
    }
    expect([...seen].sort()).toEqual(ACTION_KINDS.filter((k) => k !== 'deal').sort());
  });
});
