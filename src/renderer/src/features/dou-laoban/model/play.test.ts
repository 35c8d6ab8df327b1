import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../../../shared/games/dou-laoban/cards';
import { classify } from '../../../../../shared/games/dou-laoban/classify';
import { douLaoban, legalDl, viewDl, type DealResult, type DlState } from '../../../../../shared/games/dou-laoban/game';
import { DEFAULT_OPTIONS } from '../../../../../shared/games/dou-laoban/options';
import { dlLines } from './log';
import { formulaLine, formulaOf, hintsOf, nextHint, passRefusal, paymentLines, refusal } from './play';

const cards = (...codes: string[]) => codes.map(parseCard);

/** A deal in play: seat 0 the Boss with `hand`, the trick's top `top` played by seat 2, seat 0 to act. */
function playing(hand: number[], top: number[] | null): DlState {
  const s = douLaoban.setup({ seed: 'play-test', players: 3, options: DEFAULT_OPTIONS });
  return { ...s, phase: 'play', boss: 0, highest: { seat: 0, bid: 1 }, turn: 0, hands: [hand, s.hands[1]!, s.hands[2]!], trick: top ? { top: classify(top)!, topBy: 2, passes: 0 } : { top: null, topBy: 0, passes: 0 } };
}

describe('hints', () => {
  it('offers every legal play that beats the table, ordinary plays first, bombs last', () => {
    const s = playing(cards('4S', '4H', '9S', '9H', 'KS', 'KH', 'KD', 'KC', 'SJ', 'BJ'), cards('8S', '8H'));
    const hints = hintsOf(legalDl(s, 0));
    expect(hints.map((h) => h.length)).toEqual([2, 2, 4, 2]);
    expect(hints[0]).toEqual(cards('9S', '9H'));
    expect(hints[1]).toEqual(cards('KS', 'KH'));
    expect(classify(hints[2]!)!.type).toBe('BOMB');
    expect(classify(hints[3]!)!.type).toBe('ROCKET');
  });

  it('cycles, and looks only among plays with the picked cards when some play has them', () => {
    const hints = [cards('3S'), cards('5S'), cards('5S', '5H')];
    expect(nextHint(hints, [], -1)).toEqual({ at: 0, cards: cards('3S') });
    expect(nextHint(hints, cards('3S'), 0)).toEqual({ at: 1, cards: cards('5S') });
    expect(nextHint(hints, cards('5S'), 1)).toEqual({ at: 2, cards: cards('5S', '5H') });
    expect(nextHint(hints, cards('5S', '5H'), 2)).toEqual({ at: 0, cards: cards('3S') });
    expect(nextHint(hints, cards('5H'), 0)).toEqual({ at: 2, cards: cards('5S', '5H') });
    expect(nextHint([], [], -1)).toBeNull();
  });
});

describe('refusals name the reason', () => {
  const hand = cards('3S', '5S', '5H', '6S', '7S', '8S', '9S', 'TS', '2S', '2H', '2D', '2C');
  it('no combination', () => {
    const v = viewDl(playing(hand, null), 0);
    expect(refusal(v, 0, cards('3S', '5S'))!.en).toContain('form no combination');
    expect(refusal(v, 0, [])!.en).toContain('Pick the cards');
    expect(refusal(v, 0, cards('5S', '6S', '7S', '8S', '9S'))).toBeNull();
  });
  it('another type, another length, not high enough; a bomb over anything ordinary', () => {
    const v = viewDl(playing(hand, cards('4S', '4H')), 0);
    expect(refusal(v, 0, cards('3S'))!.en).toContain('play the same type');
    expect(refusal(v, 0, cards('5S', '5H'))).toBeNull();
    expect(refusal(v, 0, cards('2S', '2H', '2D', '2C'))).toBeNull();
    const low = viewDl(playing(cards('3S', '3H', '4S', '5S', '6S', '7S', '8S', '9S'), cards('8H', '9H', 'TH', 'JH', 'QH')), 0);
    expect(refusal(low, 0, cards('3S', '3H'))!.zh).toContain('順子');
    expect(refusal(low, 0, cards('4S', '5S', '6S', '7S', '8S', '9S'))!.en).toContain('Different length');
    expect(refusal(low, 0, cards('4S', '5S', '6S', '7S', '8S'))!.en).toContain('Not high enough');
  });
  it('a leader may not pass; a follower may', () => {
    expect(passRefusal(viewDl(playing(hand, null), 0), 0)!.en).toContain('cannot pass');
    expect(passRefusal(viewDl(playing(hand, cards('4S')), 0), 0)).toBeNull();
  });
});

describe('the settlement', () => {
  const r: DealResult = { deal: 0, boss: 1, bid: 2, winner: 1, bombs: 2, spring: true, antiSpring: false, robs: 0, doubled: [false, false, false], shown: false, multiplier: 16, unit: 16, scores: [-16, 32, -16] };
  it('spells the formula out as the rules multiply it', () => {
    const f = formulaOf(r, 1, 0, 2);
    expect(formulaLine(f.factors, f.unit, 'zh')).toBe('底分 1 × 叫分 2 × 炸彈 ×4 × 春天 ×2 = 16');
    expect(formulaLine(f.factors, f.unit, 'en')).toBe('Base 1 × Bid 2 × Bombs ×4 × Spring ×2 = 16');
    const capped = formulaOf({ ...r, spring: false, unit: 4 }, 1, 1, 2);
    expect(formulaLine(capped.factors, capped.unit, 'en')).toBe('Base 1 × Bid 2 × Bombs ×2 × Spring ×1 = 4');
  });
  it('gives each seat its role and payment', () => {
    const lines = paymentLines(r, 'zero_sum');
    expect(lines.map((l) => [l.role.zh, l.score, l.why.zh])).toEqual([
      ['員工', -16, '付给老闆 16 份'],
      ['老闆', 32, '两位員工各付 16 份'],
      ['員工', -16, '付给老闆 16 份'],
    ]);
    expect(paymentLines({ ...r, winner: 0 }, 'zero_sum')[1]!.why.en).toBe('16 to each Employee');
  });
});

describe('the log', () => {
  it('narrates bids, the Boss with the kitty, plays with bombs called out, and the settlement', () => {
    expect(dlLines({ type: 'bid', seat: 1, bid: 2 }, 0)[0]!.text).toEqual({ zh: '座位 2：兩倍', en: 'Seat 2 bids 2×' });
    expect(dlLines({ type: 'boss', seat: 0, bid: 3, cards: cards('3S', 'SJ', 'BJ'), reveal: 'all' }, 1)[0]!.text.zh).toBe('座位 1 当老闆（三倍），拿走底牌：♠3 小怪 大怪');
    expect(dlLines({ type: 'boss', seat: 0, bid: 3, cards: cards('3S'), reveal: [0] }, 1)[0]!.text.en).toBe('Seat 1 is the Boss (3×) and takes the kitty');
    const bomb = dlLines({ type: 'play', seat: 2, cards: cards('7S', '7H', '7D', '7C'), combo: 'BOMB', left: 5 }, 4)[0]!;
    expect(bomb.kind).toBe('score');
    expect(bomb.text.en).toBe('Seat 3 plays a bomb: ♠7 ♥7 ♦7 ♣7, multiplier ×2 (5 left)');
    expect(dlLines({ type: 'deal', seat: 1, deal: 0, firstBidder: 0, cards: [] }, -1)).toEqual([]);
    const settle = dlLines({ type: 'settle', seat: 1, boss: 1, winner: 1, spring: true, antiSpring: false, scores: [-4, 8, -4] }, 9)[0]!;
    expect(settle.text.zh).toBe('座位 2 出完了，老闆赢，春天：座位 1 -4，座位 2 +8，座位 3 -4');
  });
});
