// Determinization: (1) rebuilding a state from a seat's view plus the TRUE hidden cards gives back
// the engine's own state, at every rebuildable decision, over random play with random options —
// so the continuation queue and event frame the search bot reconstructs are the engine's; (2) a
// sampled world never moves a card the seat has seen, fills each hidden place with exactly as many
// cards as the view says, keeps the 48-card invariant, and offers the seat the same legal moves.
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../../util/rng';
import type { CardCode } from '../cards';
import { doufu } from '../game';
import { invariantProblems } from '../invariant';
import type { DoufuState } from '../types';
import type { DoufuView } from '../view';
import { canRebuild, determinize, hiddenOf, rebuildState, sameGame } from './determinize';
import { knowledgeOf } from './knowledge';
import { randomGameOptions } from './soak';

/** Where the seat sees each card (own hand, pool, areas, a peeked hand, cards it knows in other hands). */
function seen(v: DoufuView): Map<CardCode, string> {
  const at = new Map<CardCode, string>();
  for (const c of v.hand ?? []) at.set(c, 'hand');
  for (const e of v.pool) for (const c of e) at.set(c, 'pool');
  v.areas.forEach((a, i) => a.forEach((c) => at.set(c.code, `area:${i}:${c.attr}`)));
  if (v.peek) for (const c of v.peek.hand) at.set(c, `hand:${v.peek.target}`);
  v.known.forEach((cards, i) => cards.forEach((c) => at.set(c, `hand:${i}`)));
  return at;
}
function placeOf(s: DoufuState, seat: number, c: CardCode): string {
  if (s.hands[seat]!.includes(c)) return 'hand';
  for (const e of s.pool) if (e.includes(c)) return 'pool';
  for (let i = 0; i < s.areas.length; i++) {
    const x = s.areas[i]!.find((y) => y.code === c);
    if (x) return `area:${i}:${x.attr}`;
  }
  for (let o = 0; o < s.n; o++) if (s.hands[o]!.includes(c)) return `hand:${o}`;
  return 'hidden';
}

/** Random play over many matches; calls `check` at every rebuildable decision of the acting seat. */
function walk(matches: number, check: (s: DoufuState, seat: number, v: DoufuView, r: Rng) => void): Record<string, number> {
  const steps: Record<string, number> = {};
  for (let g = 0; g < matches; g++) {
    const r = new Rng(seedRng(`det-${g}`));
    const mode = g % 4 === 3 ? '2v2' : 'ffa';
    const players = mode === '2v2' ? 4 : 2 + (g % 3);
    let s = doufu.setup({ seed: `det-${g}`, players, options: randomGameOptions(r, mode) });
    for (let n = 0; n < 2000 && s.step.k !== 'over'; n++) {
      const seat = doufu.status(s).toAct[0]!;
      const v = doufu.view(s, seat);
      if (canRebuild(v)) {
        check(s, seat, v, r);
        steps[s.step.k] = (steps[s.step.k] ?? 0) + 1;
      }
      const res = doufu.apply(s, r.pick(doufu.legalMoves(s, seat)));
      if (!res.ok) throw new Error(res.code);
      s = res.state;
    }
  }
  return steps;
}

describe('bots/determinize', () => {
  it('rebuilding from the view + the true hidden cards gives the engine state back (turn, window, 蒙换)', () => {
    const steps = walk(80, (s, seat, v) => {
      const diffs = sameGame(rebuildState(v, hiddenOf(s), s.rng), s, seat);
      if (diffs.length) expect(diffs, `seat ${seat} at ${JSON.stringify(s.step)}`).toEqual([]);
    });
    expect(Object.keys(steps).sort()).toEqual(['swap', 'turn', 'window']);
    expect(steps.window).toBeGreaterThan(100);
  });

  it('a sampled world keeps every seen card in place, fills hidden places to size, and plays like the real one', () => {
    let worlds = 0;
    walk(40, (s, seat, v, r) => {
      if (r.int(2)) return; // half the positions: the checks below cost more than the play
      const world = determinize(v, r);
      worlds++;
      const where = `seat ${seat} at ${s.step.k}`;
      const bad = invariantProblems(world);
      if (bad.length) expect(bad, where).toEqual([]);
      // Seen cards stay where the seat saw them; nothing unseen lands in a seen place.
      const at = seen(v);
      for (const [c, place] of at) if (placeOf(world, seat, c) !== place) expect(`${c} in ${placeOf(world, seat, c)}`, where).toBe(`${c} in ${place}`);
      const k = knowledgeOf(v);
      const leaked = k.unknown.filter((c) => at.has(c));
      if (leaked.length) expect(leaked, where).toEqual([]);
      // Hidden places have the sizes the view reports.
      expect(world.hands.map((h) => h.length), where).toEqual(v.handCounts);
      expect([world.deck.length, world.spread.length, world.removed.length], where).toEqual([v.deckCount, v.spreadCount, v.removedCount]);
      if (v.discarded && world.deck.length && !at.has(v.discarded)) expect(world.deck[world.deck.length - 1], where).toBe(v.discarded);
      // The seat's own view of the world is its real view, and its legal moves are the same.
      if (JSON.stringify(doufu.view(world, seat)) !== JSON.stringify(v)) expect(doufu.view(world, seat), where).toEqual(v);
      const legal = doufu.legalMoves(s, seat);
      if (JSON.stringify(doufu.legalMoves(world, seat)) !== JSON.stringify(legal)) expect(doufu.legalMoves(world, seat), where).toEqual(legal);
      for (const m of legal.slice(0, 6)) {
        const res = doufu.apply(world, m);
        if (!res.ok) expect(res.code, `${where}: ${JSON.stringify(m)}`).toBe('ok');
      }
    });
    expect(worlds).toBeGreaterThan(500);
  });

  it('what a seat knows matches the engine at every step, for every seat (福鸡 deck top, 福牛 peek, 福狗 discard)', () => {
    const special: Record<string, number> = {};
    for (let g = 0; g < 40; g++) {
      const r = new Rng(seedRng(`know-${g}`));
      const mode = g % 4 === 3 ? '2v2' : 'ffa';
      const players = mode === '2v2' ? 4 : 2 + (g % 3);
      let s = doufu.setup({ seed: `know-${g}`, players, options: randomGameOptions(r, mode) });
      for (let n = 0; n < 1500 && s.step.k !== 'over'; n++) {
        for (let seat = 0; seat < players; seat++) {
          const k = knowledgeOf(doufu.view(s, seat)); // throws if the hidden places do not add up
          // Every unknown card really is hidden from the seat: another hand, the deck, the spread, out of play.
          for (const c of k.unknown) if (placeOf(s, seat, c) !== 'hidden' && !placeOf(s, seat, c).startsWith('hand:')) expect(`${c} ${placeOf(s, seat, c)}`).toBe('hidden');
          if (k.deckTop.length) {
            expect(s.deck.slice(0, k.deckTop.length)).toEqual(k.deckTop);
            special.arrange = (special.arrange ?? 0) + 1;
          }
          if (k.peeked) {
            expect(s.hands[k.peeked.seat]).toEqual(k.peeked.hand);
            special.peek = (special.peek ?? 0) + 1;
          }
          if (k.deckBottom.length) special.discard = (special.discard ?? 0) + 1;
        }
        const seat = doufu.status(s).toAct[0]!;
        const res = doufu.apply(s, r.pick(doufu.legalMoves(s, seat)));
        if (!res.ok) throw new Error(res.code);
        s = res.state;
      }
    }
    expect(Object.keys(special).sort()).toEqual(['arrange', 'discard', 'peek']);
  });

  it('samples differ between draws of the generator but are reproducible from its seed', () => {
    let s = doufu.setup({ seed: 'same', players: 4, options: doufu.defaultOptions });
    while (s.step.k !== 'turn') {
      const res = doufu.apply(s, doufu.legalMoves(s, doufu.status(s).toAct[0]!).find((m) => m.type === 'decline')!);
      if (!res.ok) throw new Error(res.code);
      s = res.state;
    }
    const seat = doufu.status(s).toAct[0]!;
    const v = doufu.view(s, seat);
    const a = determinize(v, new Rng(seedRng('a')));
    const a2 = determinize(v, new Rng(seedRng('a')));
    const b = determinize(v, new Rng(seedRng('b')));
    expect(a).toEqual(a2);
    expect(a.hands).not.toEqual(b.hands);
    expect(a.hands[seat]).toEqual(s.hands[seat]);
  });
});
