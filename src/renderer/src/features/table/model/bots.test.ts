import { describe, expect, it } from 'vitest';
import { Match } from '../../../../../shared/engine/runner';
import { doufu } from '../../../../../shared/games/doufu';
import { BOT_KIND_LIST } from '../../../../../shared/games/doufu/bots';
import { Rng, seedRng } from '../../../../../shared/util/rng';
import { BOT_LEVELS, botFor, botLevel, botSeed } from './bots';

describe('the table’s bot levels', () => {
  it('offers the measured levels 入门 < 普通 < 高手, and still names an older save’s planner', () => {
    expect(BOT_LEVELS.map((l) => [l.id, l.name.zh])).toEqual([
      ['random', '入门'],
      ['heuristic', '普通'],
      ['search', '高手'],
    ]);
    const planner = botLevel('planner')!;
    expect(planner.name).toEqual({ zh: '谋局', en: 'Planner' });
    expect(planner.description.en).toMatch(/bigger combo/);
    for (const id of BOT_KIND_LIST) expect(botLevel(id), id).toBeDefined();
    for (const l of [...BOT_LEVELS, planner]) {
      expect(l.name.zh).toMatch(/\p{Script=Han}/u);
      expect(l.name.en).not.toMatch(/\p{Script=Han}/u);
      expect(l.description.en).not.toMatch(/\p{Script=Han}/u);
    }
  });

  it('plays a whole match with the planner as the worker plays it: a view, the legal moves and a seeded generator', () => {
    const seed = 'table-planner';
    const m = Match.create(doufu, { seed, players: 3, options: { ...doufu.defaultOptions } });
    // Seat 0 is the planner, 1 the heuristic and 2 random: each plays only from its own view.
    const levels = ['planner', 'heuristic', 'random'];
    const bySeat = levels.map((l) => botFor(l));
    const played = new Set<string>();
    for (let step = 0; step < 5000 && !m.status().over; step++) {
      const seat = m.status().toAct[0]!;
      const legal = doufu.legalMoves(m.state, seat);
      // The worker receives the request through structured clone: a copy, as here.
      const input = structuredClone({ view: m.view(seat), legal });
      const move = bySeat[seat]!({ seat, view: input.view, legal: input.legal, rng: new Rng(seedRng(botSeed(seed, seat, step))) });
      expect(legal.map((x) => JSON.stringify(x))).toContain(JSON.stringify(move));
      if (seat === 0) played.add(move.type);
      const r = m.apply(move);
      expect(r.ok).toBe(true);
    }
    expect(m.status().over).toBe(true);
    expect(played.size).toBeGreaterThan(2);
  });

  it('answers the same request with the same move (an undo or a reload replays the table)', () => {
    const m = Match.create(doufu, { seed: 'table-planner-again', players: 2, options: { ...doufu.defaultOptions } });
    const rng = new Rng(seedRng('walk'));
    for (let i = 0; i < 12 && !m.status().over; i++) m.apply(rng.pick(doufu.legalMoves(m.state, m.status().toAct[0]!)));
    const seat = m.status().toAct[0]!;
    const ask = () => botFor('planner')({ seat, view: m.view(seat), legal: doufu.legalMoves(m.state, seat), rng: new Rng(seedRng(botSeed('s', seat, 12))) });
    expect(ask()).toEqual(ask());
  });
});
