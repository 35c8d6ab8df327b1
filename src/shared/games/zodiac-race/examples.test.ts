// Every worked example of the spec (§14, Z-01 … Z-38) as a named test, on tables laid out by hand
// (testing.ts) with the dice forced. Players A, B, C, D are seats 0, 1, 2, 3.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../util/rng';
import { moveBack, newCtx, shift, winnersNow } from './board';
import { applyMove } from './apply';
import { decisionOf, legalMoves } from './legal';
import { isRed } from './tokens';
import { play, playAll, sq, table, tokensOf, withDice } from './testing';
import type { ZrMove, ZrState } from './types';

/** Answer star prompts of `seat` with "go on". */
function goOn(s: ZrState): ZrState {
  while (decisionOf(s)?.kind === 'star') s = play(s, { type: 'go', seat: decisionOf(s)!.seat }).s;
  return s;
}
const refused = (s: ZrState, m: ZrMove) => {
  const r = applyMove(s, m);
  expect(r.ok).toBe(false);
  return r.ok ? null : r;
};

describe('spec §14 worked examples', () => {
  it('Z-01 a roll of 4 moves 4 and gains a red 4-token', () => {
    let s = withDice(table([{ z: 'ox' }, { z: 'pig', at: 20 }]), [4]);
    s = goOn(play(s, { type: 'roll', seat: 0 }).s);
    expect(sq(s, 0)).toBe(4);
    expect(tokensOf(s, 0)).toEqual([4]);
    expect(isRed(4)).toBe(true);
  });

  it('Z-02 over the cap the player returns one of 13 tokens', () => {
    let s = withDice(table([{ z: 'ox', at: 10, tokens: [1, 1, 2, 2, 4, 4, 5, 5, 6, 6, 6, 6] }, { z: 'pig', at: 30 }]), [3]);
    s = goOn(play(s, { type: 'roll', seat: 0 }).s);
    expect(decisionOf(s)).toEqual({ seat: 0, kind: 'discard' });
    expect(tokensOf(s, 0).length).toBe(13);
    s = play(s, { type: 'discard', seat: 0, v: 6 }).s;
    expect(tokensOf(s, 0)).toEqual([1, 1, 2, 2, 3, 4, 4, 5, 5, 6, 6, 6]);
    expect(decisionOf(s)?.kind).toBe('main');
  });

  it('Z-03 transform on a star pays one token; a second transform is refused', () => {
    let s = table([{ z: 'ox', at: 6, tokens: [2, 3] }, { z: 'pig', at: 20 }]);
    s = play(s, { type: 'transform', seat: 0, to: 'tiger', pay: 2 }).s;
    expect(s.pieces[0]!.zodiac).toBe('tiger');
    expect(tokensOf(s, 0)).toEqual([3]);
    expect(refused(s, { type: 'transform', seat: 0, to: 'dog', pay: 3 })!.message.en).toMatch(/only once per turn/);
  });

  it('Z-04 transform off a star is refused with the reason', () => {
    const s = table([{ z: 'ox', at: 7, tokens: [2] }, { z: 'pig', at: 20 }]);
    const r = refused(s, { type: 'transform', seat: 0, to: 'tiger', pay: 2 })!;
    expect(r.message.en).toMatch(/only on a star/);
    expect(r.message.zh).toMatch(/变换格/);
  });

  it('Z-05 a roll may stop on a star; the rest is forfeited and the token still gained', () => {
    let s = withDice(table([{ z: 'ox', at: 1 }, { z: 'pig', at: 20 }]), [5]);
    s = play(s, { type: 'roll', seat: 0 }).s;
    expect(decisionOf(s)).toEqual({ seat: 0, kind: 'star' });
    const r = play(s, { type: 'stop', seat: 0 });
    expect(sq(r.s, 0)).toBe(3);
    expect(r.ev.find((e) => e.type === 'starStop')).toMatchObject({ at: 3, forfeit: 3 }); // 1→3 uses 2 of the 5 steps
    expect(tokensOf(r.s, 0)).toEqual([5]);
  });

  it('Z-06 Rat R1 chains: 1 → 10, bonus 1 → 10, bonus 4', () => {
    let s = withDice(table([{ z: 'rat' }, { z: 'pig', at: 30 }]), [1, 1, 4]);
    s = play(s, { type: 'roll', seat: 0 }).s;
    s = goOn(play(s, { type: 'mods', seat: 0, use: ['R1'] }).s);
    expect(sq(s, 0)).toBe(10);
    expect(decisionOf(s)?.kind).toBe('bonus');
    s = play(s, { type: 'bonus', seat: 0 }).s;
    s = goOn(play(s, { type: 'mods', seat: 0, use: ['R1'] }).s);
    expect(sq(s, 0)).toBe(20);
    s = goOn(play(s, { type: 'bonus', seat: 0 }).s);
    expect(sq(s, 0)).toBe(24);
    expect(tokensOf(s, 0)).toEqual([1, 1, 4]);
  });

  const r2Table = () => table([{ z: 'rat', tokens: [1] }, { z: 'ox', at: 5, tokens: [1, 1] }, { z: 'ox', at: 9, tokens: [1, 1, 2] }, { z: 'ox', at: 13, tokens: [1, 1, 1] }]);
  it('Z-07 Rat R2: every other player loses all 1s; 2 + (3 − 1) = 4 bonus rolls', () => {
    const s = play(r2Table(), { type: 'power', seat: 0, power: 'R2', v: 1 }).s;
    expect(tokensOf(s, 0)).toEqual([]);
    expect([1, 2, 3].map((i) => s.pieces[i]!.tok[0])).toEqual([0, 0, 0]);
    expect(tokensOf(s, 2)).toEqual([2]);
    expect(s.turn.bonus).toBe(4);
  });

  it('Z-08 Rat R2 is refused when a player lacks the value', () => {
    const r = refused(r2Table(), { type: 'power', seat: 0, power: 'R2', v: 2 })!;
    expect(r.message.en).toMatch(/Every player must hold/);
  });

  it('Z-09 Ox O1b paying four red moves 10', () => {
    let s = table([{ z: 'ox', tokens: [1, 1, 4, 4] }, { z: 'pig', at: 20 }]);
    s = goOn(play(s, { type: 'power', seat: 0, power: 'O1b', pay: [1, 1, 4, 4] }).s);
    expect(sq(s, 0)).toBe(10);
    expect(tokensOf(s, 0)).toEqual([]);
  });

  it('Z-10 Tiger T1: the roared player moves exactly 1, gains nothing, and the status clears', () => {
    let s = withDice(table([{ z: 'tiger', tokens: [6, 6] }, { z: 'ox', at: 20, tokens: [2] }]), [2]);
    s = play(s, { type: 'power', seat: 0, power: 'T1', target: 1, pay: [6, 6] }).s;
    expect(s.pieces[1]!.roared).toBe(true);
    s = playAll(s, [{ type: 'roll', seat: 0 }, { type: 'end', seat: 0 }]).s;
    expect(s.pieces[1]!.prog).toBe(21);
    expect(tokensOf(s, 1)).toEqual([2]);
    expect(s.pieces[1]!.roared).toBe(false);
    expect(s.turn.seat).toBe(0); // B's turn was the one square
  });

  const tigerTable = (dog = false) =>
    table([{ z: 'tiger', tokens: [5, 4, 3, 6, 6] }, { z: 'ox', at: 20 }, { z: 'ox', at: 25 }, { z: dog ? 'dog' : 'ox', at: 30, tokens: dog ? [6, 6] : [] }]);
  it('Z-11 Tiger T2 with 5+4+3 roars and moves 6; a second T2 is refused, T1 still legal', () => {
    let s = goOn(play(tigerTable(), { type: 'power', seat: 0, power: 'T2', target: 2, pay: [3, 4, 5] }).s);
    expect(s.pieces[2]!.roared).toBe(true);
    expect(sq(s, 0)).toBe(6);
    expect(refused(s, { type: 'power', seat: 0, power: 'T2', target: 1, pay: [6, 6] })!.message.en).toMatch(/once per turn/);
    s = play(s, { type: 'power', seat: 0, power: 'T1', target: 1, pay: [6, 6] }).s;
    expect(s.pieces[1]!.roared).toBe(true);
  });

  it('Z-12 a Dog negates T2 with 6+6: nothing happens, the costs are lost, the Dog moves 5', () => {
    let s = play(tigerTable(true), { type: 'power', seat: 0, power: 'T2', target: 2, pay: [3, 4, 5] }).s;
    expect(decisionOf(s)).toEqual({ seat: 3, kind: 'dog' });
    expect(legalMoves(s, 3)).toContainEqual({ type: 'negate', seat: 3, pay: [6, 6] });
    s = play(s, { type: 'negate', seat: 3, pay: [6, 6] }).s;
    expect(s.pieces[2]!.roared).toBe(false);
    expect(sq(s, 0)).toBe(0);
    expect(tokensOf(s, 0)).toEqual([6, 6]);
    expect(sq(s, 3)).toBe(35);
    expect(refused(s, { type: 'power', seat: 0, power: 'T2', target: 1, pay: [6, 6] })).toBeTruthy();
  });

  const rabbitTeams = () =>
    table([{ z: 'rabbit' }, { z: 'dog', at: 10, tokens: [5] }, { z: 'dog', at: 20, tokens: [5] }, { z: 'ox', at: 30 }], { mode: '2teams' });
  it('Z-13 Dog against Dog: the counter-negation stands, A stays proud', () => {
    let s = play(rabbitTeams(), { type: 'power', seat: 0, power: 'RB' }).s;
    expect(decisionOf(s)).toEqual({ seat: 1, kind: 'dog' });
    s = play(s, { type: 'negate', seat: 1, pay: [5] }).s;
    expect(decisionOf(s)).toEqual({ seat: 2, kind: 'dog' });
    s = play(s, { type: 'negate', seat: 2, pay: [5] }).s;
    expect(tokensOf(s, 1)).toEqual([]);
    expect(sq(s, 1)).toBe(10);
    expect(sq(s, 2)).toBe(25);
    expect(s.pieces[0]!.proud).toBe(2);
    expect(s.pieces[0]!.rabbitPending).toBe(true);
    expect(s.turn.rolled).toBe(true);
  });

  it('Z-14 a negated Rabbit rolls normally and cannot declare again', () => {
    let s = play(rabbitTeams(), { type: 'power', seat: 0, power: 'RB' }).s;
    s = play(s, { type: 'negate', seat: 1, pay: [5] }).s;
    s = play(s, { type: 'pass', seat: 2 }).s;
    expect(s.pieces[0]!.proud).toBe(0);
    expect(legalMoves(s, 0)).toContainEqual({ type: 'roll', seat: 0 });
    expect(refused(s, { type: 'power', seat: 0, power: 'RB' })!.message.en).toMatch(/once per turn/);
  });

  it('Z-15 a proud piece cannot be targeted by Tiger', () => {
    const s = table([{ z: 'rabbit', extra: { proud: 1, rabbitPending: true } }, { z: 'tiger', at: 5, tokens: [6, 6] }], {}, 1);
    expect(legalMoves(s, 1).some((m) => m.type === 'power')).toBe(false);
    expect(refused(s, { type: 'power', seat: 1, power: 'T1', target: 0, pay: [6, 6] })!.message.en).toMatch(/proud Rabbit/);
  });

  it.each([
    [[3, 4, 5], 24, 0],
    [[2, 2, 6], 10, 1],
    [[5, 5, 5], 15, 2],
  ])('Z-16 the triple roll %j moves %i with %i bonus rolls', (dice, moved, bonus) => {
    let s = withDice(table([{ z: 'rabbit', extra: { proud: 1, rabbitPending: true } }, { z: 'ox', at: 33 }]), dice);
    s = goOn(play(s, { type: 'roll', seat: 0 }).s);
    expect(s.pieces[0]!.prog).toBe(moved);
    expect(tokensOf(s, 0)).toEqual([...dice].sort());
    expect(s.turn.bonus).toBe(bonus);
  });

  it('Z-17 Dragon (a) jumps to the nearest piece ahead, no events on the way', () => {
    const s0 = table([{ z: 'dragon', at: 10, tokens: [1, 2, 3, 4, 5] }, { z: 'ox', at: 10 }, { z: 'ox', at: 14 }, { z: 'ox', at: 30 }]);
    const r = play(s0, { type: 'power', seat: 0, power: 'D', pay: [1, 2, 3, 4, 5], choice: 'a' });
    expect(sq(r.s, 0)).toBe(14);
    expect(r.s.pieces[0]!.prog).toBe(14);
    expect(r.ev.some((e) => e.type === 'moveStart')).toBe(false);
    expect(decisionOf(r.s)?.kind).toBe('main');
  });

  it('Z-18 a Dragon jump over the start scores the lap', () => {
    const s = play(table([{ z: 'dragon', at: 34, tokens: [1, 2, 3, 4, 5] }, { z: 'ox', at: 2 }]), { type: 'power', seat: 0, power: 'D', pay: [1, 2, 3, 4, 5], choice: 'a' }).s;
    expect(s.pieces[0]!.prog).toBe(38);
    expect(s.pieces[0]!.laps).toBe(1);
  });

  it('Z-19 a poisoned roll of 6 moves back 6 and the Snake forward 6; no effects that turn', () => {
    let s = withDice(table([{ z: 'ox', at: 20, tokens: [1, 4] }, { z: 'snake', tokens: [2, 3, 5, 6] }], {}, 1), [2, 6]);
    s = play(s, { type: 'power', seat: 1, power: 'S1', target: 0, pay: [2, 3, 5, 6] }).s;
    s = playAll(s, [{ type: 'roll', seat: 1 }, { type: 'end', seat: 1 }]).s;
    expect(s.pieces[0]!.poisonedBy).toBe(1);
    expect(legalMoves(s, 0).some((m) => m.type === 'power')).toBe(false);
    s = play(s, { type: 'roll', seat: 0 }).s;
    expect(s.pieces[0]!.prog).toBe(14);
    expect(s.pieces[1]!.prog).toBe(8);
    expect(tokensOf(s, 0)).toEqual([1, 4, 6]);
  });

  it('Z-20 Snake S2 counts one red as two blue, once per turn', () => {
    let s = table([{ z: 'ox', at: 20 }, { z: 'snake', tokens: [1, 2, 3, 4, 2, 3] }, { z: 'ox', at: 30 }], {}, 1);
    s = play(s, { type: 'power', seat: 1, power: 'S1', target: 0, pay: [1, 2, 3] }).s;
    expect(s.pieces[0]!.poisonedBy).toBe(1);
    expect(refused(s, { type: 'power', seat: 1, power: 'S1', target: 2, pay: [2, 3, 4] })!.message.en).toMatch(/red token as two blue/);
  });

  it('Z-21 Horse H1: overtaking two pieces gives two optional bonus rolls', () => {
    let s = withDice(table([{ z: 'horse', at: 5 }, { z: 'ox', at: 7 }, { z: 'ox', at: 8 }]), [5]);
    s = play(s, { type: 'roll', seat: 0 }).s;
    s = goOn(s);
    expect(decisionOf(s)).toEqual({ seat: 0, kind: 'gallop' });
    s = goOn(play(s, { type: 'gallop', seat: 0 }).s);
    expect(decisionOf(s)).toEqual({ seat: 0, kind: 'gallop' });
    s = goOn(play(s, { type: 'gallop', seat: 0 }).s);
    expect(sq(s, 0)).toBe(10);
    expect(s.turn.bonus).toBe(2);
  });

  it('Z-22 Horse H2: fewest tokens and last place: (3 + 1) × 2 = 8', () => {
    let s = withDice(table([{ z: 'horse', tokens: [2] }, { z: 'ox', at: 10, tokens: [1, 1, 1] }, { z: 'ox', at: 12, tokens: [1, 1, 1, 1] }, { z: 'ox', at: 14, tokens: [1, 1, 1, 1, 1] }]), [3]);
    s = play(s, { type: 'roll', seat: 0 }).s;
    expect(legalMoves(s, 0)).toContainEqual({ type: 'mods', seat: 0, use: ['H2'] });
    s = goOn(play(s, { type: 'mods', seat: 0, use: ['H2'] }).s);
    expect(s.pieces[0]!.prog).toBe(8);
  });

  it('Z-23 Sheep SH1 doubles a value held zero times', () => {
    let s = withDice(table([{ z: 'sheep', at: 10 }, { z: 'ox', at: 30 }]), [4, 1, 4]);
    s = goOn(play(s, { type: 'roll', seat: 0 }).s);
    s = goOn(play(s, { type: 'mods', seat: 0, use: ['SH1'] }).s);
    expect(tokensOf(s, 0)).toEqual([4, 4]);
    s = playAll(s, [{ type: 'end', seat: 0 }, { type: 'roll', seat: 1 }]).s;
    s = goOn(play(goOn(s), { type: 'end', seat: 1 }).s);
    s = goOn(play(s, { type: 'roll', seat: 0 }).s);
    expect(decisionOf(s)?.kind).not.toBe('mods'); // already holds 4s: no SH1 offered
    expect(tokensOf(s, 0)).toEqual([4, 4, 4]);
  });

  it('Z-24 Monkey attaches when entering B, rides along, and continuing pays B a token', () => {
    let s = withDice(table([{ z: 'monkey', at: 3 }, { z: 'ox', at: 5 }]), [4, 6]);
    s = play(s, { type: 'roll', seat: 0 }).s;
    expect(decisionOf(s)).toEqual({ seat: 0, kind: 'attach' });
    s = play(s, { type: 'attach', seat: 0, host: 1 }).s;
    expect(sq(s, 0)).toBe(5);
    expect(s.pieces[0]!.attachedTo).toBe(1);
    expect(tokensOf(s, 0)).toEqual([4]);
    s = goOn(playAll(s, [{ type: 'end', seat: 0 }, { type: 'roll', seat: 1 }]).s);
    expect(sq(s, 1)).toBe(11);
    expect(sq(s, 0)).toBe(11);
    s = play(s, { type: 'end', seat: 1 }).s;
    expect(decisionOf(s)).toEqual({ seat: 0, kind: 'monkeyStart' });
    s = play(s, { type: 'continue', seat: 0, v: 4 }).s;
    expect(tokensOf(s, 0)).toEqual([]);
    expect(tokensOf(s, 1)).toEqual([4, 6]);
    expect(s.turn.rolled).toBe(true);
    expect(legalMoves(s, 0).some((m) => m.type === 'roll')).toBe(false);
  });

  it('Z-25 a Monkey targeted by Snake detaches and is poisoned', () => {
    const s = play(table([{ z: 'monkey', at: 5, extra: { attachedTo: 1 } }, { z: 'ox', at: 5 }, { z: 'snake', at: 20, tokens: [2, 3, 5, 6] }], {}, 2), { type: 'power', seat: 2, power: 'S1', target: 0, pay: [2, 3, 5, 6] }).s;
    expect(s.pieces[0]!.attachedTo).toBe(-1);
    expect(s.pieces[0]!.poisonedBy).toBe(2);
  });

  it('Z-26 Monkey M2 steals up to two tokens in total; not right after detaching', () => {
    const t = (extra = {}) => table([{ z: 'monkey', at: 8, extra }, { z: 'ox', at: 8, tokens: [1, 2, 3] }, { z: 'ox', at: 8, tokens: [4, 5] }]);
    let s = play(t(), { type: 'power', seat: 0, power: 'M2' }).s;
    s = playAll(s, [
      { type: 'steal', seat: 0, from: 1, v: 3 },
      { type: 'steal', seat: 0, from: 2, v: 5 },
    ]).s;
    expect(tokensOf(s, 0)).toEqual([3, 5]);
    expect(decisionOf(s)?.kind).toBe('main');
    expect(refused(t({ justDetached: true }), { type: 'power', seat: 0, power: 'M2' })).toBeTruthy();
  });

  it('Z-27 Monkey M3 transforms for free anywhere; the new power waits for the next turn', () => {
    let s = table([{ z: 'monkey', at: 7, tokens: [1, 2, 3, 4, 5] }, { z: 'ox', at: 20 }]);
    s = play(s, { type: 'power', seat: 0, power: 'M3', to: 'dragon' }).s;
    expect(s.pieces[0]!.zodiac).toBe('dragon');
    expect(tokensOf(s, 0)).toEqual([1, 2, 3, 4, 5]);
    expect(refused(s, { type: 'power', seat: 0, power: 'D', pay: [1, 2, 3, 4, 5], choice: 'b' })!.message.en).toMatch(/locked to the Monkey/);
    const next = { ...s, turn: { ...s.turn, locked: null, once: [] } };
    expect(legalMoves(next, 0)).toContainEqual({ type: 'power', seat: 0, power: 'D', pay: [1, 2, 3, 4, 5], choice: 'b' });
  });

  it('Z-28 Rooster: even normal roll gives a bonus roll, a bonus roll never does; odd rolls double', () => {
    let s = withDice(table([{ z: 'rooster', at: 10 }, { z: 'ox', at: 30 }]), [4, 2]);
    s = play(s, { type: 'roll', seat: 0 }).s;
    s = goOn(play(s, { type: 'mods', seat: 0, use: ['RO2'] }).s);
    expect(sq(s, 0)).toBe(14);
    s = goOn(play(s, { type: 'bonus', seat: 0 }).s);
    expect(sq(s, 0)).toBe(16);
    expect(s.turn.bonus).toBe(0);
    let t = withDice(table([{ z: 'rooster', at: 1 }, { z: 'ox', at: 30 }]), [3, 5]);
    t = goOn(play(t, { type: 'roll', seat: 0 }).s);
    t = goOn(play(t, { type: 'mods', seat: 0, use: ['RO1'] }).s);
    expect(t.pieces[0]!.prog).toBe(7);
    t = { ...t, turn: { ...t.turn, bonus: 1 } };
    t = goOn(play(t, { type: 'bonus', seat: 0 }).s);
    t = goOn(play(t, { type: 'mods', seat: 0, use: ['RO1'] }).s);
    expect(t.pieces[0]!.prog).toBe(17);
  });

  it('Z-29 Pig barrier: C bounces back 3 to 0 and keeps its 6-token; D pays 3 and moves 6', () => {
    let s = withDice(table([{ z: 'ox' }, { z: 'pig', at: 3, tokens: [1, 2, 3] }]), [6]);
    s = play(s, { type: 'roll', seat: 0 }).s;
    expect(decisionOf(s)).toEqual({ seat: 1, kind: 'pig' });
    s = play(s, { type: 'barrier', seat: 1, pay: [1, 2, 3] }).s;
    expect(sq(s, 0)).toBe(0);
    expect(tokensOf(s, 0)).toEqual([6]);
    expect(sq(s, 1)).toBe(9);
    expect(tokensOf(s, 1)).toEqual([]);
  });

  it('Z-30 a Pig that is overtaken grabs one token of its choice', () => {
    let s = withDice(table([{ z: 'ox', tokens: [2, 5] }, { z: 'pig', at: 2 }]), [4]);
    s = goOn(play(s, { type: 'roll', seat: 0 }).s);
    expect(decisionOf(s)).toEqual({ seat: 1, kind: 'grab' });
    s = goOn(play(s, { type: 'grab', seat: 1, v: 5 }).s);
    expect(tokensOf(s, 1)).toEqual([5]);
    expect(tokensOf(s, 0)).toEqual([2, 4]);
  });

  it('Z-31 Pig P2 with 8 tokens: the first normal roll of 2 moves 6', () => {
    let s = withDice(table([{ z: 'pig', at: 10, tokens: [1, 1, 2, 2, 3, 3, 5, 5] }, { z: 'ox', at: 30 }]), [2]);
    s = play(s, { type: 'roll', seat: 0 }).s;
    s = goOn(play(s, { type: 'mods', seat: 0, use: ['P2'] }).s);
    expect(sq(s, 0)).toBe(16);
  });

  it('Z-32 effect first, then transform: the new zodiac is locked out', () => {
    let s = table([{ z: 'ox', at: 2, tokens: [1, 4, 2, 6, 6] }, { z: 'pig', at: 20 }]);
    s = goOn(play(s, { type: 'power', seat: 0, power: 'O1a', pay: [1, 4] }).s);
    expect(sq(s, 0)).toBe(6);
    s = play(s, { type: 'transform', seat: 0, to: 'tiger', pay: 2 }).s;
    expect(refused(s, { type: 'power', seat: 0, power: 'T1', target: 1, pay: [6, 6] })!.message.en).toMatch(/locked to the Ox/);
  });

  it('Z-33 transform first, then the new zodiac’s effect is legal', () => {
    let s = table([{ z: 'ox', at: 6, tokens: [2, 6, 6] }, { z: 'pig', at: 20 }]);
    s = play(s, { type: 'transform', seat: 0, to: 'tiger', pay: 2 }).s;
    s = play(s, { type: 'power', seat: 0, power: 'T1', target: 1, pay: [6, 6] }).s;
    expect(s.pieces[1]!.roared).toBe(true);
  });

  it('Z-34 lap points are a high-water mark', () => {
    const s = table([{ z: 'ox', prog: 35 }, { z: 'pig', at: 20 }]);
    const c = newCtx(s, new Rng(s.rng), []);
    shift(c, 0, 3);
    expect([s.pieces[0]!.prog, s.pieces[0]!.laps]).toEqual([38, 1]);
    moveBack(c, 0, 5, 'poison');
    expect([s.pieces[0]!.prog, s.pieces[0]!.laps]).toEqual([33, 1]);
    shift(c, 0, 5);
    expect([s.pieces[0]!.prog, s.pieces[0]!.laps]).toEqual([38, 1]);
    shift(c, 0, 34);
    expect([s.pieces[0]!.prog, s.pieces[0]!.laps]).toEqual([72, 2]);
  });

  it('Z-35 a Dog reaching 10 points on another player’s turn wins at once', () => {
    let s = table([{ z: 'dog', prog: 355, laps: 9, tokens: [5] }, { z: 'rabbit', at: 10 }], {}, 1);
    s = play(s, { type: 'power', seat: 1, power: 'RB' }).s;
    const r = play(s, { type: 'negate', seat: 0, pay: [5] });
    expect(r.s.pieces[0]!.prog).toBe(360);
    expect(r.s.phase).toBe('over');
    expect(r.s.winners).toEqual([0]);
    expect(decisionOf(r.s)).toBe(null);
  });

  it('Z-36 team gifts respect the cap; the team target is 21', () => {
    let s = table([{ z: 'ox', at: 8, tokens: [1, 2, 3] }, { z: 'pig', at: 20 }, { z: 'dog', at: 8, tokens: [1, 1, 1, 1, 1, 2, 2, 2, 2, 2] }, { z: 'rat', at: 30 }], { mode: '2teams' });
    s = playAll(s, [1, 2, 3].map((v) => ({ type: 'give', seat: 0, to: 2, v }) as ZrMove)).s;
    expect(decisionOf(s)).toEqual({ seat: 2, kind: 'discard' });
    s = play(s, { type: 'discard', seat: 2, v: 1 }).s;
    expect(tokensOf(s, 2).length).toBe(12);
    s.pieces[0]!.laps = 10;
    s.pieces[2]!.laps = 10;
    expect(winnersNow(s, 0)).toBe(null);
    s.pieces[2]!.laps = 11;
    expect(winnersNow(s, 0)).toEqual([0, 2]);
  });

  it('Z-37 teammates never show the same zodiac', () => {
    const s = table([{ z: 'ox', at: 6, tokens: [2] }, { z: 'pig', at: 20 }, { z: 'tiger', at: 8 }, { z: 'rat', at: 30 }], { mode: '2teams' });
    expect(refused(s, { type: 'transform', seat: 0, to: 'tiger', pay: 2 })!.message.en).toMatch(/teammate/);
    expect(legalMoves(s, 0)).toContainEqual({ type: 'transform', seat: 0, to: 'pig', pay: 2 });
  });

  it('Z-38 roared and poisoned: the turn is one square forward; both statuses clear', () => {
    let s = table([{ z: 'ox', at: 10, extra: { roared: true, poisonedBy: 1 } }, { z: 'snake', at: 20 }], {}, 1);
    s = withDice(s, [2]);
    s = goOn(playAll(s, [{ type: 'roll', seat: 1 }]).s);
    s = play(s, { type: 'end', seat: 1 }).s;
    expect(s.pieces[0]!.prog).toBe(11);
    expect(s.pieces[0]!.roared).toBe(false);
    expect(s.pieces[0]!.poisonedBy).toBe(-1);
    expect(s.turn.seat).toBe(1);
  });
});
