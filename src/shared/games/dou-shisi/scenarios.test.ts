// The unit-test scenarios of the 斗十四 spec (§14), by their numbers. Seats P1 (dealer) … P4 are
// seats 0–3, counterclockwise: P2 is next(P1).
import { describe, expect, it } from 'vitest';
import { applyDs, cards, countDealer, deckOf, DEFAULT_OPTIONS, isFourteenPair, legalDs, redOf, redPoints, scoreWin, startDs, winCheck, type DsMove, type DsOptions, type DsState, type Meld } from '.';

const [P1, P2, P3, P4] = [0, 1, 2, 3] as const;
const JK = 52;

/** A 4-player table at a chosen moment: the dealer P1 to discard, no first discard pending, unless overridden. */
function at(p: Partial<DsState>, opts: Partial<DsOptions> = {}): DsState {
  const base = startDs('scenario', 4, { ...DEFAULT_OPTIONS, hands: 1, ...opts }).state;
  return { ...base, dealer: P1, phase: 'discard', turn: P1, concealed: [[], [], [], []], melds: [[], [], [], []], flowers: [[], [], [], []], gaps: [[], [], [], []], stock: cards('2S 3S 4S 5S 6S'), firstDiscard: false, mayExchange: false, locked: [], claim: null, ...p };
}

function play(s: DsState, ...moves: DsMove[]): DsState {
  for (const m of moves) {
    const r = applyDs(s, m);
    if (!r.ok) throw new Error(`${JSON.stringify(m)} refused: ${r.message.en}`);
    s = r.state;
  }
  return s;
}

const chi = (a: string): Meld => ({ type: 'chi', cards: cards(a) });
const types = (s: DsState, seat: number) => legalDs(s, seat).map((m) => m.type);

describe('斗十四 §14 scenarios', () => {
  it('D-01 red points of ♥Q, ♦10, ♠10, joker', () => {
    expect([...cards('QH TD TS'), JK].map(redOf)).toEqual([1, 10, 0, 0]);
  });

  it('D-02 the 56-card deck holds 116 red points', () => {
    expect(deckOf(4)).toHaveLength(56);
    expect(redPoints(deckOf(4))).toBe(116);
  });

  it('D-03 sum-14 pairs', () => {
    const [a, k, s1, s2, x1, x2, k2] = cards('AS KH 7C 7D 6S 6H KD');
    expect([isFourteenPair(a!, k!), isFourteenPair(s1!, s2!), isFourteenPair(x1!, x2!), isFourteenPair(JK, k2!)]).toEqual([true, true, false, false]);
  });

  it('D-04 ♠3 ♦J ♥5 ♣9 ♦7 + ♠7 pairs up', () => {
    const w = winCheck(cards('3S JD 5H 9C 7D 7S'), [chi('4H TS'), { type: 'peng', cards: cards('TH TD TC') }], [], DEFAULT_OPTIONS, false);
    expect(w).toMatchObject({ ok: true, red: 37 });
  });

  it('D-05 the same structure with 15 red points fails the red rule', () => {
    const w = winCheck(cards('3S JD 5H 9C 7D 7S'), [chi('2H QS')], [], DEFAULT_OPTIONS, false);
    expect(w).toMatchObject({ ok: false, reason: 'red', red: 15 });
  });

  it('D-06 all black: 全黑 wins with 0 red, fan = cap', () => {
    const w = winCheck(cards('3S JC 5S 9C 7C 7S'), [chi('4S TC')], [], DEFAULT_OPTIONS, false);
    expect(w).toMatchObject({ ok: true, red: 0, allBlack: true });
    expect(scoreWin({ melds: [chi('4S TC')], flowers: [] }, w, 'discard', false, DEFAULT_OPTIONS)).toMatchObject({ fan: 4, counted: 4, value: 16 });
  });

  it('D-07 all red with 12 red points: 全红, fan = cap', () => {
    const w = winCheck(cards('3H JD 3D JH AH KD AD KH'), [], [], DEFAULT_OPTIONS, false);
    expect(w).toMatchObject({ ok: true, red: 12, allRed: true });
    expect(scoreWin({ melds: [], flowers: [] }, w, 'flip', false, DEFAULT_OPTIONS).counted).toBe(4);
  });

  it('D-08 a joker in the concealed hand never wins', () => {
    expect(winCheck([...cards('3S JD TH'), JK], [], [], DEFAULT_OPTIONS, false)).toMatchObject({ ok: false, reason: 'structure' });
  });

  it('D-09 only the discarder’s 下家 may 吃 a discard', () => {
    let s = at({ concealed: [cards('6H 2S'), cards('8C 3D 4D'), cards('8D 5C 5D'), cards('AS')] });
    s = play(s, { type: 'discard', seat: P1, card: cards('6H')[0]! });
    expect(legalDs(s, P2)).toContainEqual({ type: 'chi', seat: P2, card: cards('8C')[0] });
    expect(types(s, P3)).not.toContain('chi');
  });

  it('D-10 on a flip the flipper and its 下家 may 吃; the flipper first', () => {
    let s = at({ phase: 'flip', turn: P2, concealed: [cards('4C'), cards('9H 2C 3C'), cards('9C 2D 3D'), cards('AD')], stock: cards('6S 5S') });
    s = play(s, { type: 'flip', seat: P2 });
    expect(types(s, P2)).toContain('chi');
    expect(types(s, P3)).toContain('chi');
    s = play(s, { type: 'chi', seat: P3, card: cards('9C')[0]! }, { type: 'chi', seat: P2, card: cards('9H')[0]! });
    expect(s.melds[P2]).toEqual([chi('9H 5S')]);
    expect(s.melds[P3]).toEqual([]);
    expect(s).toMatchObject({ phase: 'discard', turn: P2 });
  });

  it('D-11 碰 beats 吃', () => {
    let s = at({ concealed: [cards('QC 5S'), cards('2H 3C 4C'), cards('AC'), cards('QH QD 9C')] });
    s = play(s, { type: 'discard', seat: P1, card: cards('QC')[0]! }, { type: 'chi', seat: P2, card: cards('2H')[0]! }, { type: 'peng', seat: P4, cards: cards('QH QD') });
    expect(s.melds[P4]).toEqual([{ type: 'peng', cards: cards('QH QD QC') }]);
    expect(s.melds[P2]).toEqual([]);
    expect(s).toMatchObject({ phase: 'discard', turn: P4 });
  });

  it('D-12 糊 beats 碰', () => {
    let s = at({ concealed: [cards('7S 2S'), cards('AC'), cards('7H 7D 2C'), cards('7C')], melds: [[], [], [], [chi('TH 4H'), chi('9D 5D')]] });
    s = play(s, { type: 'discard', seat: P1, card: cards('7S')[0]! }, { type: 'peng', seat: P3, cards: cards('7H 7D') }, { type: 'hu', seat: P4 });
    expect(s.results[0]).toMatchObject({ winner: P4, winType: 'discard', red: 28 });
  });

  it('D-13 two 糊 claims: the first after the discarder wins', () => {
    let s = at({ concealed: [cards('7S 2S'), cards('7C'), cards('AC'), cards('7D')], melds: [[], [chi('TH 4H'), chi('9D 5D')], [], [chi('TD 4D'), chi('9H 5H')]] });
    s = play(s, { type: 'discard', seat: P1, card: cards('7S')[0]! }, { type: 'hu', seat: P4 }, { type: 'hu', seat: P2 });
    expect(s.results[0]).toMatchObject({ winner: P2 });
  });

  it('D-14 碰: the triple exposed, one stock card, then a discard; the next seat flips if unclaimed', () => {
    let s = at({ concealed: [cards('9D QH'), cards('KC'), cards('9S 9H 2C 3C 4C'), cards('AS')], stock: cards('6S 5S') });
    s = play(s, { type: 'discard', seat: P1, card: cards('9D')[0]! }, { type: 'peng', seat: P3, cards: cards('9S 9H') });
    expect(s.melds[P3]).toEqual([{ type: 'peng', cards: cards('9S 9H 9D') }]);
    expect(s.concealed[P3]).toEqual(cards('2C 3C 4C 5S'));
    expect(s).toMatchObject({ phase: 'discard', turn: P3, mayExchange: true });
    s = play(s, { type: 'discard', seat: P3, card: cards('2C')[0]! });
    expect(s.concealed[P3]).toHaveLength(3);
    expect(s).toMatchObject({ phase: 'flip', turn: P4 });
    expect(s.gaps[P3]).toEqual(cards('2C'));
  });

  it('D-15 杠 on a discard: four exposed, two stock cards, one discard, the hand stays odd', () => {
    let s = at({ concealed: [cards('4C QH'), cards('KC'), cards('4S 4H 4D 2C 3C'), cards('AS')], stock: cards('6S 5S 8S') });
    s = play(s, { type: 'discard', seat: P1, card: cards('4C')[0]! }, { type: 'gang', seat: P3 });
    expect(s.melds[P3]).toEqual([{ type: 'gang', cards: cards('4S 4H 4D 4C') }]);
    expect(s.concealed[P3]).toHaveLength(4);
    s = play(s, { type: 'discard', seat: P3, card: cards('2C')[0]! });
    expect(s.concealed[P3]!.length % 2).toBe(1);
  });

  it('D-16 a flipped joker goes to the flipper’s flowers; the flipper takes a card, may exchange, discards', () => {
    let s = at({ phase: 'flip', turn: P2, concealed: [cards('QH'), cards('2C 3C 4C'), cards('KC'), cards('AS')], stock: [...cards('6S 5S'), JK] });
    s = play(s, { type: 'flip', seat: P2 });
    expect(s.flowers[P2]).toEqual([JK]);
    expect(s.concealed[P2]).toEqual(cards('2C 3C 4C 5S'));
    expect(s).toMatchObject({ phase: 'discard', turn: P2, mayExchange: true });
    s = play(s, { type: 'discard', seat: P2, card: cards('5S')[0]! });
    expect(s.concealed[P2]).toHaveLength(3);
  });

  it('D-17 the dealer’s exchanges: a joker and a triple leave 6 cards', () => {
    let s = at({ phase: 'exchange', firstDiscard: true, concealed: [[JK, ...cards('5S 5H 5D 2C 3C 4C 6C')], cards('KC QC JC TC 9C 8C 7C'), cards('KD QD JD TD 9D 8D 7D'), cards('KH QH JH TH 9H 8H 7H')], stock: cards('8S 9S') });
    s = play(s, { type: 'exchange', seat: P1, kind: 'joker', cards: [JK] }, { type: 'exchange', seat: P1, kind: 'triple', cards: cards('5S 5H 5D') });
    expect(s.flowers[P1]).toEqual([JK]);
    expect(s.melds[P1]).toEqual([{ type: 'peng', cards: cards('5S 5H 5D') }]);
    expect(s.concealed[P1]).toHaveLength(6);
    expect(s).toMatchObject({ phase: 'discard', turn: P1 });
  });

  it('D-18 after the next player’s window an earlier player may not exchange', () => {
    const s = at({ phase: 'exchange', turn: P3, firstDiscard: true, concealed: [[JK, ...cards('2C 3C 4C 6C 7C 8C 9C')], cards('KC QC JC TC 9D 8D 7D'), [JK + 1, ...cards('2D 3D 4D 6D 7D 8H')], cards('KH QH JH TH 9H 8S 7H')] });
    const r = applyDs(s, { type: 'exchange', seat: P1, kind: 'joker', cards: [JK] });
    expect(r.ok).toBe(false);
  });

  it('D-19 天走: the dealer’s complete hand before the first discard, red waived, +2 fan', () => {
    let s = at({ firstDiscard: true, concealed: [cards('AD KH 2C QD 6S 8C'), cards('KC'), cards('AC'), cards('AS')], flowers: [[JK], [], [], []] });
    expect(types(s, P1)).toContain('tianzou');
    s = play(s, { type: 'tianzou', seat: P1 });
    expect(s.results[0]).toMatchObject({ winner: P1, winType: 'tianzou', red: 3, fan: 3, value: 8, payments: [24, -8, -8, -8] });
  });

  it('D-20 接地: a win on the dealer’s first discard, red waived, the dealer pays', () => {
    let s = at({ firstDiscard: true, concealed: [cards('7S 2S'), cards('KC'), cards('7H'), cards('AS')], melds: [[], [], [chi('5H 9C')], []] });
    s = play(s, { type: 'discard', seat: P1, card: cards('7S')[0]! }, { type: 'hu', seat: P3 });
    expect(s.results[0]).toMatchObject({ winner: P3, winType: 'jiedi', red: 12, fan: 2, payments: [-4, 0, 4, 0] });
  });

  it('D-21 a win on a later discard: the discarder alone pays', () => {
    let s = at({ concealed: [cards('7S 2S'), cards('KC'), cards('7H'), cards('AS')], melds: [[], [], [chi('TH 4D')], []], flowers: [[], [], [JK], []] });
    s = play(s, { type: 'discard', seat: P1, card: cards('7S')[0]! }, { type: 'hu', seat: P3 });
    expect(s.results[0]).toMatchObject({ winner: P3, winType: 'discard', red: 21, fan: 1, payments: [-2, 0, 2, 0] });
  });

  it('D-22 a win on your own flip: +1 fan, every other player pays', () => {
    let s = at({ phase: 'flip', turn: P3, concealed: [cards('QC'), cards('KC'), cards('7H'), cards('AS')], melds: [[], [], [chi('TH 4D')], []], stock: cards('6S 7S') });
    s = play(s, { type: 'flip', seat: P3 }, { type: 'hu', seat: P3 });
    expect(s.results[0]).toMatchObject({ winner: P3, winType: 'flip', fan: 1, payments: [-2, -2, 6, -2] });
  });

  it('D-23 the stock is empty when P4 must flip: 流局, no payments, the dealer stays', () => {
    let s = at({ phase: 'discard', turn: P3, concealed: [cards('QH'), cards('KC'), cards('5H 2C'), cards('AS')], stock: [] }, { hands: 2 });
    s = play(s, { type: 'discard', seat: P3, card: cards('2C')[0]! });
    expect(s.results[0]).toMatchObject({ winner: null, winType: null, payments: [0, 0, 0, 0] });
    expect(s.dealer).toBe(P1);
    expect(s.hand).toBe(1);
  });

  it('D-24 no 碰 when the stock is empty', () => {
    let s = at({ concealed: [cards('5S 2S'), cards('5H 5D 2C'), cards('AC'), cards('AS')], stock: [] });
    s = play(s, { type: 'discard', seat: P1, card: cards('5S')[0]! });
    expect(types(s, P2)).not.toContain('peng');
    expect(applyDs(s, { type: 'peng', seat: P2, cards: cards('5H 5D') }).ok).toBe(false);
  });

  it('D-25 the first dealer: seat 0 turns a 6 with 4 players → seat 1 deals', () => {
    expect(countDealer(6, 4)).toBe(1);
    for (let i = 0; i < 20; i++) {
      const { state, events } = startDs(`dealer/${i}`, 4, DEFAULT_OPTIONS);
      const turned = events.filter((e) => e.type === 'dealer-flip').map((e) => e.card as number);
      const last = turned[turned.length - 1]!;
      expect(turned.slice(0, -1).every((c) => c >= JK)).toBe(true);
      expect(state.dealer).toBe(countDealer((last >> 2) + 1, 4));
      expect(state.dealt[state.dealer]).toHaveLength(8);
    }
  });

  it('D-26 the winner deals the next hand with 8 cards', () => {
    let s = at({ concealed: [cards('7S 2S'), cards('KC'), cards('7H'), cards('AS')], melds: [[], [], [chi('TH 4D')], []] }, { hands: 2 });
    s = play(s, { type: 'discard', seat: P1, card: cards('7S')[0]! }, { type: 'hu', seat: P3 });
    expect(s.dealer).toBe(P3);
    expect(s.dealt.map((h) => h.length)).toEqual([7, 7, 8, 7]);
  });

  it('D-27 3 jokers, 2 gangs, red 31: fan 6 capped at 4 → 16', () => {
    const melds: Meld[] = [{ type: 'gang', cards: cards('5S 5H 5C 5D') }, { type: 'gang', cards: cards('9S 9H 9C 9D') }];
    const sc = scoreWin({ melds, flowers: [JK, JK + 1, JK + 2] }, { red: 31, allRed: false, allBlack: false }, 'discard', false, DEFAULT_OPTIONS);
    expect(sc).toMatchObject({ fan: 6, counted: 4, value: 16 });
  });
});
