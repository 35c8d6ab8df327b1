import { describe, expect, it } from 'vitest';
import { Match } from '../../engine/runner';
import { loadMatch, saveMatch } from '../../engine/save';
import type { GameEvent } from '../../engine/types';
import { Rng, seedRng } from '../../util/rng';
import { groupEvents, listMoves, narrate, narrateGroup, readTableFile, sandbox, viewOf, type SandboxMove, type SandboxState, type TableCardRow } from './index';

const ROWS: TableCardRow[] = Array.from({ length: 12 }, (_, i) => ({ id: `c${i + 1}`, fields: { id: `c${i + 1}`, name: `Card ${i + 1}` } }));
const OPTIONS = readTableFile(null, ROWS, ['id', 'name']).options;
const start = (players = 3, seed = 's1') => Match.create(sandbox, { seed, players, options: OPTIONS });

function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

function play(m: ReturnType<typeof start>, move: SandboxMove): GameEvent[] {
  const r = m.apply(move);
  if (!r.ok) throw new Error(`${move.type}: ${r.message.en}`);
  return r.events;
}

/** Every card is in exactly one zone. */
function accounted(s: SandboxState): void {
  const seen = Object.values(s.zones).flat().sort((a, b) => a - b);
  expect(seen).toEqual(s.cards.map((_, i) => i));
}

describe('the sandbox table', () => {
  it('sets up 12 cards in a shuffled deck, the same for the same seed', () => {
    const a = start();
    const b = start();
    const c = start(3, 's2');
    const deck = (m: ReturnType<typeof start>) => m.state.zones.deck!.map((i) => m.state.cards[i]!.c);
    expect(deck(a)).toHaveLength(12);
    expect(deck(a)).toEqual(deck(b));
    expect(deck(a)).not.toEqual(deck(c));
    expect(new Set(deck(a))).toEqual(new Set(ROWS.map((r) => r.id)));
    expect(Object.keys(a.state.zones)).toEqual(['deck', 'discard', 'hand@0', 'hand@1', 'hand@2', 'play@0', 'play@1', 'play@2', 'table']);
    expect(a.state.counters).toEqual({ 'score@0': 0, 'score@1': 0, 'score@2': 0 });
    accounted(a.state);
  });

  it('deals 5 to each seat from the deck: each seat sees its own hand only', () => {
    const m = start(2);
    const events = play(m, { type: 'deal', seat: 0, from: 'deck', to: 'hand', count: 5 });
    expect(m.state.zones['hand@0']).toHaveLength(5);
    expect(m.state.zones['hand@1']).toHaveLength(5);
    expect(m.state.zones.deck).toHaveLength(2);
    // One event per seat, from the dealer's left: a reveal of its five cards to that seat only.
    expect(events.map((e) => [e.to, e.n, e.reveal])).toEqual([
      [1, 5, [1]],
      [0, 5, [0]],
    ]);
    expect(events[0]!.cards).toEqual(m.state.zones['hand@1']!.map((i) => m.state.cards[i]!.c));
    const v0 = viewOf(m.state, 0);
    expect(v0.zones['hand@0']!.every((c) => c.c !== null)).toBe(true);
    expect(v0.zones['hand@1']!.every((c) => c.c === null)).toBe(true);
    expect(v0.zones.deck!.every((c) => c.c === null)).toBe(true);
    // The log names dealt cards only to whom they were dealt.
    const to1 = events.find((e) => e.to === 1)!;
    expect(narrate(to1, OPTIONS, 'zh', 0)).toBe('座位 1 从牌堆发给座位 2 5 张');
    expect(narrate(to1, OPTIONS, 'en', 1)).toMatch(/^Seat 1 dealt 5 cards from Deck to Seat 2: c\d+(, c\d+){4}$/);
    accounted(m.state);
  });

  it('a deal round the table is one log line, naming to each reader only the cards dealt to it', () => {
    const m = start(3);
    const events = play(m, { type: 'deal', seat: 0, from: 'deck', to: 'hand', count: 3 });
    const groups = groupEvents(events);
    expect(groups).toHaveLength(1);
    const hand = (s: number) => m.state.zones[`hand@${s}`]!.map((i) => m.state.cards[i]!.c);
    expect(narrateGroup(groups[0]!, OPTIONS, 'zh', null)).toBe('座位 1 从牌堆给座位 1–3 各发 3 张');
    expect(narrateGroup(groups[0]!, OPTIONS, 'en', null)).toBe('Seat 1 dealt 3 cards from Deck to each of seats 1–3');
    expect(narrateGroup(groups[0]!, OPTIONS, 'zh', 1)).toBe(`座位 1 从牌堆给座位 1–3 各发 3 张；座位 2 拿到 ${hand(1).join('、')}`);
    expect(narrateGroup(groups[0]!, OPTIONS, 'en', 2)).toBe(`Seat 1 dealt 3 cards from Deck to each of seats 1–3; Seat 3 got ${hand(2).join(', ')}`);
    const designer = narrateGroup(groups[0]!, OPTIONS, 'en', 'all');
    for (const s of [0, 1, 2]) expect(designer).toContain(`Seat ${s + 1} got ${hand(s).join(', ')}`);
    // The deck runs out part way: seats got different numbers, so each seat's line is its own.
    const short = start(3, 's9');
    play(short, { type: 'draw', seat: 0, from: 'deck', count: 4 });
    const uneven = play(short, { type: 'deal', seat: 0, from: 'deck', to: 'hand', count: 3 });
    expect(uneven.map((e) => e.n)).toEqual([3, 3, 2]);
    expect(groupEvents(uneven).map((g) => g.length)).toEqual([2, 1]);
    expect(narrateGroup(groupEvents(uneven)[0]!, OPTIONS, 'en', null)).toBe('Seat 1 dealt 3 cards from Deck to each of seats 2 and 3');
    // Undo stops at the deal: it showed each seat its cards.
    expect(m.log.at(-1)!.reveal).toBe(true);
  });

  it('draw, play to the shared area face up (a reveal to all that the player already knew), flip, rotate', () => {
    const m = start(3);
    const drew = play(m, { type: 'draw', seat: 0, from: 'deck', count: 2 });
    expect(drew[0]).toMatchObject({ type: 'draw', n: 2, reveal: [0] });
    expect(narrate(drew[0]!, OPTIONS, 'zh', 1)).toBe('座位 1 从牌堆摸了 2 张');
    const [a, b] = m.state.zones['hand@0']!;
    const played = play(m, { type: 'move', seat: 0, cards: [a!], to: 'table', x: 40, y: 30 });
    expect(played[0]).toMatchObject({ type: 'move', to: 'table', reveal: 'all', knownBy: [0] });
    expect(m.state.cards[a!]).toMatchObject({ up: true, x: 40, y: 30 });
    expect(viewOf(m.state, 2).zones.table![0]!.c).toBe(m.state.cards[a!]!.c);
    // Flip it face down: no reveal. Face up again: a reveal to all (the table does not remember
    // who saw a card that lies face down, so it counts as news, the cautious reading for undo).
    expect(play(m, { type: 'flip', seat: 0, cards: [a!] })[0]!.reveal).toBeUndefined();
    expect(viewOf(m.state, 2).zones.table![0]!.c).toBeNull();
    expect(play(m, { type: 'flip', seat: 0, cards: [a!] })[0]).toMatchObject({ reveal: 'all', knownBy: [] });
    play(m, { type: 'rotate', seat: 0, cards: [a!], by: 90 });
    play(m, { type: 'rotate', seat: 0, cards: [a!], by: 270 });
    expect(m.state.cards[a!]!.rot).toBe(0);
    // Showing a hand card: a reveal to all, known by its owner.
    expect(play(m, { type: 'reveal', seat: 0, cards: [b!] })[0]).toMatchObject({ reveal: 'all', knownBy: [0] });
    expect(viewOf(m.state, 1).zones['hand@0']!.map((c) => c.c)).toEqual([m.state.cards[b!]!.c]);
    accounted(m.state);
  });

  it('peek and search show cards to the seat alone, until its next move; the log says who searched', () => {
    const m = start(2);
    const ev = play(m, { type: 'peek', seat: 0, zone: 'deck', count: 3 });
    expect(ev[0]).toMatchObject({ reveal: [0], n: 3 });
    expect(viewOf(m.state, 0).peek.map((c) => c.c)).toEqual(m.state.zones.deck!.slice(-3).reverse().map((i) => m.state.cards[i]!.c));
    expect(viewOf(m.state, 1).peek).toEqual([]);
    play(m, { type: 'roll', seat: 0, die: 'd6' });
    expect(viewOf(m.state, 0).peek).toEqual([]);
    const s = play(m, { type: 'search', seat: 0, zone: 'deck' });
    expect(narrate(s[0]!, OPTIONS, 'en', 1)).toBe('Seat 1 searched Deck (12 cards)');
    expect(viewOf(m.state, 0).peek).toHaveLength(12);
  });

  it('refuses what a hand could not do, in both languages, and never throws', () => {
    const m = start(2);
    play(m, { type: 'deal', seat: 0, from: 'deck', to: 'hand', count: 1 });
    const theirs = m.state.zones['hand@1']![0]!;
    const bad: unknown[] = [
      { type: 'move', seat: 0, cards: [theirs], to: 'table' },
      { type: 'move', seat: 0, cards: [999], to: 'table' },
      { type: 'move', seat: 0, cards: [], to: 'table' },
      { type: 'move', seat: 0, cards: [0], to: 'attic' },
      { type: 'draw', seat: 1, from: 'deck', count: 1 },
      { type: 'draw', seat: 0, from: 'discard', count: 1 },
      { type: 'shuffle', seat: 0, zone: 'hand@1' },
      { type: 'counter', seat: 0, counter: 'score@0', delta: 0.5 },
      { type: 'roll', seat: 0, die: 'd100' },
      { type: 'piece', seat: 0, piece: 'x', x: 0, y: 0 },
      { type: 'teleport', seat: 0 },
      null,
      { type: 'pass', seat: 7 },
    ];
    for (const move of bad) {
      const r = sandbox.apply(deepFreeze(m.state), move as SandboxMove);
      expect(r.ok, JSON.stringify(move)).toBe(false);
      if (!r.ok) {
        // What is wrong, then what to do, in each language.
        expect(r.message.zh).toMatch(/[\u4e00-\u9fff].*：./);
        expect(r.message.en).toMatch(/^[A-Z][^\u4e00-\u9fff]*: ./);
      }
    }
  });

  it('counters, dice, buttons, pass and end', () => {
    const m = start(3);
    play(m, { type: 'counter', seat: 0, counter: 'score@2', delta: 3 });
    play(m, { type: 'counter', seat: 0, counter: 'score@2', delta: -1 });
    expect(m.status().scores).toEqual([0, 0, 2]);
    const roll = play(m, { type: 'roll', seat: 0, die: 'd6' })[0]!;
    expect(roll.reveal).toBe('all');
    expect(['1', '2', '3', '4', '5', '6']).toContain(roll.face);
    const pressed = play(m, { type: 'button', seat: 0, button: 'deal5' });
    expect(pressed.map((e) => e.type)).toEqual(['button', 'shuffle', 'deal', 'deal', 'deal']);
    expect([4, 4, 4]).toEqual([0, 1, 2].map((s) => m.state.zones[`hand@${s}`]!.length));
    expect(play(m, { type: 'pass', seat: 0 })[0]).toMatchObject({ type: 'pass', to: 1 });
    expect(m.status().toAct).toEqual([1]);
    expect(sandbox.apply(m.state, { type: 'roll', seat: 0, die: 'd6' })).toMatchObject({ ok: false, code: 'move/not-your-turn' });
    play(m, { type: 'end', seat: 1 });
    expect(m.status()).toMatchObject({ over: true, toAct: [], winners: [] });
    expect(listMoves(m.state, 1)).toEqual([]);
  });

  it('undo: a player cannot take back a draw once seen; a designer can; shuffles replay from the seed', () => {
    const m = start(2);
    play(m, { type: 'shuffle', seat: 0, zone: 'deck' });
    play(m, { type: 'draw', seat: 0, from: 'deck', count: 1 });
    expect(m.undoBlocker({ by: 'player', seat: 0, people: [0, 1] })).not.toBeNull();
    const before = m.stateAt(1);
    expect(m.undo({ by: 'designer', people: [0, 1] }).ok).toBe(true);
    expect(m.state).toEqual(before);
    // A counter change reveals nothing: a player may take it back.
    play(m, { type: 'counter', seat: 0, counter: 'score@0', delta: 1 });
    expect(m.undoBlocker({ by: 'player', seat: 0, people: [0, 1] })).toBeNull();
  });

  it('saves and loads: the same table after the same moves', () => {
    const m = start(3, 'save-me');
    play(m, { type: 'button', seat: 0, button: 'deal5' });
    play(m, { type: 'move', seat: 0, cards: [m.state.zones['hand@0']![0]!], to: 'table', x: 5, y: 5 });
    play(m, { type: 'pass', seat: 0 });
    const loaded = loadMatch(sandbox, saveMatch(m));
    expect(loaded.ok).toBe(true);
    if (loaded.ok) expect(loaded.match.state).toEqual(m.state);
    // A save file with a doctored table is refused, naming the field.
    const doctored = JSON.parse(saveMatch(m));
    doctored.options.zones[0].kind = 'cupboard';
    const r = loadMatch(sandbox, JSON.stringify(doctored));
    expect(r.ok).toBe(false);
  });

  it('random play keeps every card on the table, never mutates a state, never throws', () => {
    const rng = new Rng(seedRng('fuzz'));
    for (let game = 0; game < 20; game++) {
      const m = start(1 + rng.int(4), `fuzz-${game}`);
      for (let step = 0; step < 150; step++) {
        const s = deepFreeze(m.state);
        const seat = s.active;
        const legal = listMoves(s, seat);
        const cards = s.cards.map((_, i) => i).filter(() => rng.int(4) === 0);
        const zones = Object.keys(s.zones);
        const open: SandboxMove[] = [
          { type: 'move', seat, cards: cards.slice(0, 3), to: rng.pick(zones), x: rng.int(100), y: rng.int(100) },
          { type: 'flip', seat, cards: cards.slice(0, 2) },
          { type: 'split', seat, zone: rng.pick(zones), count: 1 + rng.int(3), to: rng.pick(zones) },
          { type: 'peek', seat, zone: 'deck', count: 2 },
        ];
        const move = rng.int(3) === 0 ? rng.pick(open) : rng.pick(legal);
        const r = sandbox.apply(s, move);
        if (r.ok) {
          m.apply(move);
          accounted(m.state);
          const v = viewOf(m.state, seat === 0 ? 1 % m.state.players : 0);
          for (const [key, list] of Object.entries(v.zones)) if (key.startsWith('hand@') && key !== `hand@${v.seat}`) for (const c of list) if (!m.state.cards[c.i]!.up) expect(c.c).toBeNull();
        }
        if (m.status().over) break;
      }
    }
  });
});
