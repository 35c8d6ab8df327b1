// 斗福 through the engine kit: options, the runner (reveal flags and player undo), save/load,
// simulate with random bots, refusals as values, and views.
import { describe, expect, it } from 'vitest';
import { ENGINE_ERRORS } from '../../engine/errors';
import { Match } from '../../engine/runner';
import { loadMatch, saveMatch } from '../../engine/save';
import { randomBot, simulate } from '../../engine/simulate';
import { doufu } from './game';
import { invariantProblems } from './invariant';
import { play, table } from './testing';

describe('斗福 as an engine game', () => {
  it('parses options: mode plus the rule options of options.ts; bad keys and values are refused', () => {
    const ok = doufu.parseOptions({ mode: '2v2', shuangyun_value: 1 });
    expect(ok.ok && ok.options.mode).toBe('2v2');
    expect(ok.ok && ok.options.shuangyun_value).toBe(1);
    expect(doufu.parseOptions(undefined)).toMatchObject({ ok: true, options: { mode: 'ffa', declare_trigger: 'score_change' } });
    expect(doufu.parseOptions({ mode: '3v3' }).ok).toBe(false);
    const bad = doufu.parseOptions({ nirvana_stackin: true });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message.en).toMatch(/nirvana_stackin/);
    expect(() => doufu.setup({ seed: 'x', players: 3, options: { ...doufu.defaultOptions, mode: '2v2' } })).toThrow(/2v2 needs exactly 4/);
    expect(() => doufu.setup({ seed: 'x', players: 5, options: doufu.defaultOptions })).toThrow(/2–4 players/);
  });

  it('refuses garbage moves as values', () => {
    const s = table();
    for (const m of [null, 7, [], { type: 'fly', seat: 0 }, { type: 'draw' }, { type: 'draw', seat: 3 }, { type: 'eat', seat: 0, card: 5, take: null }])
      expect(doufu.apply(s, m as never).ok).toBe(false);
    expect(doufu.apply(s, { type: 'draw', seat: 1 })).toMatchObject({ ok: false, code: ENGINE_ERRORS.NOT_YOUR_TURN });
  });

  it('flags reveals: a draw cannot be undone by a player, a choice without new information can', () => {
    const m = Match.create(doufu, { seed: 'undo', players: 3, options: doufu.defaultOptions });
    const first = m.status().toAct[0]!;
    const decline = doufu.legalMoves(m.state, first).find((x) => x.type === 'decline' || x.type === 'draw')!;
    expect(m.apply(decline).ok).toBe(true);
    // Play until some non-reveal move happens, then undo it as that player.
    for (let i = 0; i < 400; i++) {
      const seat = m.status().toAct[0]!;
      const legal = doufu.legalMoves(m.state, seat);
      const move = legal.find((x) => x.type === 'decline' || x.type === 'chooseAttr' || x.type === 'skipSteal' || x.type === 'skipSwap') ?? legal[0]!;
      m.apply(move);
      const last = m.log[m.log.length - 1]!;
      if (!last.reveal) {
        const before = m.stateAt(m.length - 1);
        expect(m.undo({ by: 'player', seat: last.move.seat }).ok).toBe(true);
        expect(m.state).toEqual(before);
        break;
      }
      expect(m.undo({ by: 'player', seat: last.move.seat }).ok).toBe(false);
    }
    expect(m.log.some((e) => e.reveal)).toBe(true);
  });

  it('a person playing with bots may undo eating their own card; with another person at the table, not', () => {
    const m = Match.create(doufu, { seed: 'undo-eat', players: 3, options: doufu.defaultOptions });
    for (let i = 0; i < 2000; i++) {
      const seat = m.status().toAct[0]!;
      const legal = doufu.legalMoves(m.state, seat);
      const eat = seat === 0 ? legal.find((x) => x.type === 'eat') : undefined;
      if (eat) {
        const before = m.state;
        expect(m.apply(eat).ok).toBe(true);
        const ev = m.log[m.length - 1]!.events.find((e) => e.type === 'eat')!;
        expect(ev.knownBy).toEqual([0]);
        // Unless the eat itself revealed something else (a 三叠 bonus is public anyway), seat 0 learned nothing.
        if (m.log[m.length - 1]!.events.every((e) => e.reveal === undefined || e.knownBy)) {
          expect(m.undoBlocker({ by: 'player', seat: 0, people: [0, 1] })?.code).toBe(ENGINE_ERRORS.CANNOT_UNDO);
          expect(m.undo({ by: 'player', seat: 0, people: [0] }).ok).toBe(true);
          expect(m.state).toEqual(before);
          return;
        }
      }
      m.apply(legal.find((x) => x.type === 'draw' || x.type === 'decline') ?? legal[0]!);
    }
    throw new Error('seat 0 never ate');
  });

  it('saves and loads a match; a tampered file is refused with the move number', () => {
    const r = simulate(doufu, { seed: 'save', players: 3, options: doufu.defaultOptions, bots: randomBot, stopWhen: (s) => s.handsDone >= 2 });
    const m = Match.create(doufu, { seed: 'save', players: 3, options: doufu.defaultOptions });
    for (const mv of r.moves) expect(m.apply(mv).ok).toBe(true);
    const text = saveMatch(m);
    const back = loadMatch(doufu, text);
    expect(back.ok).toBe(true);
    if (back.ok) expect(back.match.state).toEqual(m.state);
    const rec = JSON.parse(text);
    rec.moves[5] = { type: 'draw', seat: (rec.moves[5].seat + 1) % 3 };
    const bad = loadMatch(doufu, JSON.stringify(rec));
    expect(bad).toMatchObject({ ok: false, code: ENGINE_ERRORS.BAD_MOVES });
    if (!bad.ok) expect(bad.message.en).toMatch(/^Move 6 does not replay/);
    const opts = loadMatch(doufu, JSON.stringify({ ...JSON.parse(text), options: { mode: 'ffa', shuangyun_value: 3 } }));
    expect(opts).toMatchObject({ ok: false, code: ENGINE_ERRORS.BAD_SETUP });
  });

  it('simulate plays whole matches with random bots in every mode', () => {
    for (const [players, mode] of [
      [2, 'ffa'],
      [3, 'ffa'],
      [4, 'ffa'],
      [4, '2v2'],
    ] as const) {
      const r = simulate(doufu, { seed: `sim-${players}-${mode}`, players, options: { ...doufu.defaultOptions, mode }, bots: randomBot });
      expect(r.status.over).toBe(true);
      expect(r.state.winners).not.toBeNull(); // the winner, or the seats sharing a draw
      expect(invariantProblems(r.state)).toEqual([]);
    }
  });

  it('views: own hand only, counts for the others, no deck order; a spectator sees no hand', () => {
    const s = table({ hands: { 0: ['RAT-Y1'], 1: ['OX-Y1', 'OX-Y2'] } });
    const v = doufu.view(s, 0);
    expect(v.hand).toEqual(['RAT-Y1']);
    expect(v.handCounts).toEqual([1, 2, 0]);
    expect(v.deckCount).toBe(s.deck.length);
    expect(JSON.stringify(v)).not.toContain('OX-Y1');
    expect(doufu.view(s, null).hand).toBeNull();
    v.hand!.push('X'); // a view is a copy
    expect(s.hands[0]).toEqual(['RAT-Y1']);
    const after = play(s, { type: 'draw', seat: 0 });
    expect(doufu.view(after, 1).hand).toEqual(['OX-Y1', 'OX-Y2']);
  });
});
