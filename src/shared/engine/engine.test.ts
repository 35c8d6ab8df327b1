// The engine kit driven with a tiny inline game ("bank 10"): a hidden 1–9 deck; on your turn you
// draw (private reveal), bank your hand (public reveal) or tap (+1, reveals nothing). First to 10
// banked wins; an empty deck ends the game.
import { describe, expect, it } from 'vitest';
import { Rng, seedRng, type RngState } from '../util/rng';
import { ENGINE_ERRORS, engineError } from './errors';
import { Match } from './runner';
import { loadMatch, replayRecord, saveMatch } from './save';
import { randomBot, simulate } from './simulate';
import type { ApplyResult, Bot, Game, GameEvent, ListedOptions } from './types';

interface S {
  rng: RngState;
  deck: number[];
  hands: number[][];
  banked: number[];
  turn: number;
}
type M = { type: 'draw'; seat: number } | { type: 'bank'; seat: number } | { type: 'tap'; seat: number };
interface V {
  seat: number | null;
  hand: number[] | null;
  handCounts: number[];
  banked: number[];
  deckCount: number;
  turn: number;
}
interface O {
  target: number;
}

const over = (s: S, o = 10) => s.deck.length === 0 || s.banked.some((b) => b >= o);

const bank10: Game<S, M, V, O> = {
  id: 'bank10',
  rulesVersion: '1',
  name: { zh: '存十', en: 'Bank 10' },
  minPlayers: 2,
  maxPlayers: 4,
  defaultOptions: { target: 10 },
  parseOptions(input) {
    const o = (input ?? {}) as Record<string, unknown>;
    const warnings = Object.keys(o).filter((k) => k !== 'target').map((k) => `unknown option "${k}" (known: target)`);
    const target = o.target ?? 10;
    if (typeof target !== 'number' || target < 1) return engineError('options/bad', 'target 无效', 'target must be a positive number');
    return { ok: true, options: { target }, warnings };
  },
  setup({ seed, players }) {
    const r = new Rng(seedRng(seed));
    const deck = r.shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    return { rng: r.state(), deck, hands: Array.from({ length: players }, () => []), banked: new Array(players).fill(0), turn: 0 };
  },
  legalMoves(s, seat) {
    if (over(s) || seat !== s.turn) return [];
    const out: M[] = [{ type: 'draw', seat }, { type: 'tap', seat }];
    if (s.hands[seat]!.length) out.push({ type: 'bank', seat });
    return out;
  },
  apply(s, move): ApplyResult<S> {
    if (typeof move !== 'object' || move === null || typeof (move as M).type !== 'string') return engineError(ENGINE_ERRORS.BAD_MOVE, '无效', 'not a move');
    if (over(s)) return engineError(ENGINE_ERRORS.GAME_OVER, '已结束', 'game over');
    if (move.seat !== s.turn) return engineError(ENGINE_ERRORS.NOT_YOUR_TURN, '不是你的回合', 'not your turn');
    const n: S = { ...s, deck: [...s.deck], hands: s.hands.map((h) => [...h]), banked: [...s.banked] };
    const events: GameEvent[] = [];
    switch (move.type) {
      case 'draw':
        n.hands[move.seat]!.push(n.deck.shift()!);
        events.push({ type: 'draw', seat: move.seat, reveal: [move.seat] });
        break;
      case 'bank': {
        const h = n.hands[move.seat]!;
        if (!h.length) return engineError(ENGINE_ERRORS.ILLEGAL, '手牌为空', 'empty hand');
        events.push({ type: 'bank', seat: move.seat, cards: [...h], reveal: 'all' });
        n.banked[move.seat]! += h.reduce((a, b) => a + b, 0);
        n.hands[move.seat] = [];
        break;
      }
      case 'tap':
        n.banked[move.seat]! += 1;
        events.push({ type: 'tap', seat: move.seat });
        break;
      default:
        return engineError(ENGINE_ERRORS.BAD_MOVE, '未知操作', `unknown move type ${(move as { type: string }).type}`);
    }
    n.turn = (n.turn + 1) % n.hands.length;
    return { ok: true, state: n, events };
  },
  view(s, seat) {
    return { seat, hand: seat === null ? null : [...s.hands[seat]!], handCounts: s.hands.map((h) => h.length), banked: [...s.banked], deckCount: s.deck.length, turn: s.turn };
  },
  status(s) {
    const done = over(s);
    const best = Math.max(...s.banked);
    const winners = done ? s.banked.flatMap((b, i) => (b === best ? [i] : [])) : [];
    return { over: done, winners, draw: winners.length > 1, scores: [...s.banked], toAct: done ? [] : [s.turn] };
  },
};

const init = { seed: 'engine-test', players: 2, options: { target: 10 } };

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

describe('engine contract with an inline game', () => {
  it('setup is deterministic and apply is pure (a frozen state is never mutated)', () => {
    const a = bank10.setup(init);
    expect(bank10.setup(init)).toEqual(a);
    deepFreeze(a);
    const r = bank10.apply(a, { type: 'draw', seat: 0 });
    expect(r.ok).toBe(true);
    expect(a.deck.length).toBe(9);
  });

  it('illegal moves are values, not exceptions', () => {
    const s = bank10.setup(init);
    const wrongSeat = bank10.apply(s, { type: 'draw', seat: 1 });
    expect(wrongSeat).toMatchObject({ ok: false, code: ENGINE_ERRORS.NOT_YOUR_TURN });
    const r = bank10.apply(s, { type: 'bank', seat: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message.en).toMatch(/empty/);
  });
});

describe('Match runner', () => {
  it('logs moves with events and reveal flags', () => {
    const m = Match.create(bank10, init);
    m.apply({ type: 'tap', seat: 0 });
    m.apply({ type: 'draw', seat: 1 });
    expect(m.log.map((e) => [e.move.type, e.reveal])).toEqual([
      ['tap', false],
      ['draw', true],
    ]);
    expect(m.apply({ type: 'tap', seat: 1 }).ok).toBe(false);
    expect(m.length).toBe(2);
  });

  it('designer undo is unlimited; player undo stops at the last reveal and at other seats', () => {
    const m = Match.create(bank10, { ...init, options: { target: 99 } });
    const s0 = m.state;
    m.apply({ type: 'draw', seat: 0 }); // reveal
    m.apply({ type: 'tap', seat: 1 });
    expect(m.undoBlocker({ by: 'player', seat: 0 })?.code).toBe(ENGINE_ERRORS.CANNOT_UNDO); // not seat 0's move
    expect(m.undo({ by: 'player', seat: 1 }).ok).toBe(true); // own, no reveal
    expect(m.undo({ by: 'player', seat: 0 }).ok).toBe(false); // the draw is a reveal
    expect(m.undo({ by: 'designer' }).ok).toBe(true);
    expect(m.state).toEqual(s0);
    expect(m.undo({ by: 'designer' }).ok).toBe(false); // nothing left
  });

  it('re-derives any step from seed + moves, across checkpoints', () => {
    // Mostly taps, so the deck lasts past the first checkpoint.
    const tapper: Bot<V, M> = ({ legal, rng }) => (rng.int(4) === 0 ? rng.pick(legal) : legal.find((x) => x.type === 'tap')!);
    const r = simulate(bank10, { ...init, options: { target: 1000 }, bots: tapper, stopWhen: (_, n) => n >= 40 });
    const m = Match.create(bank10, { ...init, options: { target: 1000 } });
    const states = [m.state];
    for (const mv of r.moves) {
      expect(m.apply(mv).ok).toBe(true);
      states.push(m.state);
    }
    expect(r.moves.length).toBeGreaterThan(16); // crosses a checkpoint
    for (let i = 0; i <= m.length; i++) expect(m.stateAt(i)).toEqual(states[i]);
    expect([...m.replay()].map((x) => x.state)).toEqual(states);
    m.truncate(5);
    expect(m.state).toEqual(states[5]);
    expect(m.length).toBe(5);
    m.apply(r.moves[5]!);
    expect(m.state).toEqual(states[6]);
  });

  it('saves and loads (the same states), and refuses bad files with clear messages', () => {
    const m = Match.create(bank10, init);
    m.apply({ type: 'draw', seat: 0 });
    m.apply({ type: 'tap', seat: 1 });
    const text = saveMatch(m);
    expect(text.split('\n').filter((l) => l.includes('"type"')).length).toBe(2); // one move per line
    const back = loadMatch(bank10, text);
    expect(back.ok).toBe(true);
    if (back.ok) expect(back.match.state).toEqual(m.state);
    expect(replayRecord(bank10, m.record())).toEqual({ ok: true, state: m.state });

    const rec = JSON.parse(text);
    const refuse = (t: string, code: string, en: RegExp) => {
      const r = loadMatch(bank10, t);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.code).toBe(code);
        expect(r.message.en).toMatch(en);
        expect(r.message.zh.length).toBeGreaterThan(0);
      }
    };
    refuse('{"format": "fuqi-match", ', ENGINE_ERRORS.CORRUPT, /not valid JSON/);
    refuse('[]', ENGINE_ERRORS.CORRUPT, /not a saved match/);
    refuse(JSON.stringify({ ...rec, formatVersion: 9 }), ENGINE_ERRORS.NEWER_FORMAT, /newer version/);
    refuse(JSON.stringify({ ...rec, game: 'chess' }), ENGINE_ERRORS.WRONG_GAME, /"chess"/);
    refuse(JSON.stringify({ ...rec, rulesVersion: '0' }), ENGINE_ERRORS.RULES_VERSION, /rules version 0/);
    refuse(JSON.stringify({ ...rec, players: 7 }), ENGINE_ERRORS.BAD_SETUP, /players/);
    refuse(JSON.stringify({ ...rec, options: { target: -1 } }), ENGINE_ERRORS.BAD_SETUP, /target/);
    refuse(JSON.stringify({ ...rec, moves: [{ type: 'tap' }] }), ENGINE_ERRORS.BAD_MOVES, /Move 1 is malformed/);
    refuse(JSON.stringify({ ...rec, moves: [rec.moves[0], { type: 'tap', seat: 0 }] }), ENGINE_ERRORS.BAD_MOVES, /Move 2 does not replay/);
    const warned = loadMatch(bank10, JSON.stringify({ ...rec, options: { target: 10, colour: 'red' } }));
    expect(warned.ok && warned.warnings[0]).toMatch(/colour/);
  });
});

describe('simulate', () => {
  it('plays to the end, deterministically, giving bots only their view', () => {
    const seen: unknown[] = [];
    const spy: Bot<V, M> = (input) => {
      seen.push(input.view);
      return randomBot(input);
    };
    const a = simulate(bank10, { ...init, bots: spy });
    const b = simulate(bank10, { ...init, bots: randomBot });
    expect(a.status.over).toBe(true);
    expect(a.moves).toEqual(b.moves);
    expect(seen.every((v) => !('deck' in (v as object)))).toBe(true);
    const c = simulate(bank10, { ...init, seed: 'other', bots: randomBot });
    expect(c.status.over).toBe(true);
  });

  it('builds the view when a bot reads it: the same view an eager input had, one object per decision', () => {
    let checked = 0;
    const lazy: Bot<V, M> = (input) => {
      const state = states[states.length - 1]!;
      expect(Object.keys(input)).toEqual(['seat', 'view', 'legal', 'rng']);
      if (checked % 2 === 0) {
        expect(input.view).toEqual(bank10.view(state, input.seat));
        expect(input.view).toBe(input.view);
        expect({ ...input }.view).toBe(input.view); // a spread copies it
      }
      checked++;
      return randomBot(input);
    };
    const states = [bank10.setup(init)];
    const r = simulate(bank10, { ...init, bots: lazy, onMove: ({ state }) => states.push(state) });
    expect(r.moves).toEqual(simulate(bank10, { ...init, bots: randomBot }).moves);
    expect(checked).toBeGreaterThan(10);
  });

  it('asks applyListed for events only when onMove reads them, to reuse the state only with random bots and no callback', () => {
    const asked: (ListedOptions | undefined)[] = [];
    const lean: Game<S, M, V, O> = {
      ...bank10,
      applyListed(state, move, how) {
        asked.push(how);
        const r = bank10.apply(state, move);
        return r.ok && how?.events === false ? { ...r, events: [] } : r;
      },
    };
    const quiet = simulate(lean, { ...init, bots: randomBot });
    expect(asked.length).toBe(quiet.steps);
    expect(asked.every((how) => how?.events === false && how.reuse === true)).toBe(true);
    asked.length = 0;
    const events: GameEvent[] = [];
    const loud = simulate(lean, { ...init, bots: randomBot, onMove: (m) => events.push(...m.events) });
    expect(asked.every((how) => how?.events === true && how.reuse === false)).toBe(true);
    expect(events.length).toBeGreaterThan(0);
    expect(loud.moves).toEqual(quiet.moves);
    expect(loud.state).toEqual(quiet.state);
    asked.length = 0;
    simulate(lean, { ...init, bots: randomBot, stopWhen: () => false });
    simulate(lean, { ...init, bots: [randomBot, (input) => randomBot(input)] });
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((how) => how?.events === false && how.reuse === false)).toBe(true);
  });

  it('fails loudly when a bot makes a refused move', () => {
    const cheat: Bot<V, M> = ({ seat }) => ({ type: 'bank', seat });
    expect(() => simulate(bank10, { ...init, bots: cheat })).toThrow(/refused move/);
    expect(() => simulate(bank10, { ...init, bots: [randomBot] })).toThrow(/one bot per seat/);
  });
});
