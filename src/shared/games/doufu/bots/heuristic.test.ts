// The heuristic in seeded situations: it uses 福虎 / 福羊 / 福猴 where they gain (and not where they
// do not), builds toward 四海平生 / 金玉满堂 / 万紫千红 when the cards it needs are still to be had
// (holding its declaration one card away, filing 金龙 as 紫气, taking the card that completes the
// 搭子), and declares at once when the missing card is gone or an opponent can declare.
import { describe, expect, it } from 'vitest';
import { doufu } from '../game';
import { play, table, type TableSpec } from '../testing';
import type { DoufuMove, DoufuState } from '../types';
import { heuristicScores } from './heuristic';

/** The heuristic's best move for the seat to act (ties: the first). */
function best(s: DoufuState): DoufuMove {
  const seat = doufu.status(s).toAct[0]!;
  const legal = doufu.legalMoves(s, seat);
  const sc = heuristicScores(doufu.view(s, seat), legal);
  return legal[sc.indexOf(Math.max(...sc))]!;
}
/** Whether the heuristic declares at the window it is offered. */
function declares(s: DoufuState): boolean {
  expect(s.step.k).toBe('window');
  return best(s).type === 'declare';
}

describe('heuristic: 福虎, 福羊, 福猴 where they gain', () => {
  const strong = ['RAT-FU', 'OX-HONG', 'RAB-ZI', 'HOR-FU'] as const;
  it('§4.5 福虎: resets a pool that fits none of its (good) hand', () => {
    const s = table({ areas: { 0: ['TIG-FU', 'TIG-Y1'] }, hands: { 0: [...strong] }, pool: ['DOG-Y1', 'PIG-Y1', 'GOA-Y1', 'MON-Y1', 'ROO-Y1', 'SNA-Y1', 'DRA-Y1'] });
    expect(best(s)).toMatchObject({ type: 'skill', card: 'TIG-FU' });
  });

  it('§4.5 福虎: keeps a pool that fits its hand', () => {
    const s = table({ areas: { 0: ['TIG-FU', 'TIG-Y1'] }, hands: { 0: [...strong] }, pool: ['RAT-Y2', 'OX-Y2', 'RAB-Y2', 'HOR-Y2', 'ROO-Y1', 'SNA-Y1', 'DRA-Y1'] });
    expect(best(s)).not.toMatchObject({ type: 'skill', card: 'TIG-FU' });
  });

  it('§4.10 福羊: redraws its own hand when none of it fits the pool', () => {
    const s = table({ areas: { 0: ['GOA-FU', 'GOA-Y1'] }, hands: { 0: ['RAT-Y1', 'OX-Y1', 'RAB-Y1', 'HOR-Y1', 'DRA-Y1'] }, pool: ['DOG-Y1', 'PIG-Y1', 'MON-Y1', 'ROO-Y1', 'SNA-Y1', 'TIG-Y1', 'GOA-Y2'] });
    expect(best(s)).toMatchObject({ type: 'skill', card: 'GOA-FU', target: 0 });
  });

  it('§4.10 福羊: keeps a hand that fits the pool', () => {
    const s = table({ areas: { 0: ['GOA-FU', 'GOA-Y1'] }, hands: { 0: [...strong, 'DRA-JIN'] }, pool: ['RAT-Y2', 'OX-Y2', 'RAB-Y2', 'HOR-Y2', 'DRA-Y2', 'TIG-Y1', 'GOA-Y2'] });
    expect(best(s)).not.toMatchObject({ type: 'skill', card: 'GOA-FU' });
  });

  // 2 players: P1 has 12 运 of near-金 cards and a hand of one card; the pool holds only 2 zodiacs,
  // so P1 probably cannot 吃 and 福猴 costs it its turn.
  const monkey: TableSpec = {
    players: 2,
    areas: { 0: ['MON-FU', 'MON-Y1'], 1: ['TIG-JIN', 'TIG-Y1', 'DRA-JIN', 'DRA-Y1', 'ROO-JIN', 'ROO-Y1'] },
    hands: { 0: ['RAT-Y1', 'OX-Y1', 'RAB-Y1', 'HOR-Y1', 'SNA-Y1', 'PIG-Y1'], 1: ['DOG-Y1'] },
    pool: [['GOA-Y1', 'GOA-Y2', 'GOA-ZI'], ['SNA-Y2', 'SNA-ZI', 'SNA-FU']],
  };
  it('§4.9 福猴: takes the turn of a dangerous opponent who likely cannot 吃', () => {
    expect(best(table(monkey))).toMatchObject({ type: 'skill', card: 'MON-FU', target: 1 });
  });

  it('§4.9 福猴: not against an opponent who likely can 吃 (a forced 吃 is a gift)', () => {
    // The view does not show P1's hand: with 4 cards against a pool of 7 zodiacs it likely can 吃.
    const s = table({ ...monkey, hands: { ...monkey.hands, 1: ['DOG-Y1', 'DOG-Y2', 'PIG-HE', 'RAT-HE'] }, pool: ['GOA-Y1', 'SNA-Y2', 'DOG-HE', 'PIG-FU', 'RAT-Y2', 'OX-Y2', 'HOR-Y2'] });
    expect(best(s)).not.toMatchObject({ type: 'skill', card: 'MON-FU' });
  });
});

describe('heuristic: building 四海平生 / 金玉满堂 / 姹紫嫣红 / 万紫千红', () => {
  // P0 holds 4 紫气 and 2 红气 and eats the 3rd 红 (红猴): 姹紫嫣红 (4, 3), W = 11, with 红鸡 (the 4th
  // 红, 万紫千红 = 14) still to be had and the deck full.
  const purple: TableSpec = {
    players: 2,
    areas: { 0: ['RAB-ZI', 'SNA-ZI', 'GOA-ZI', { code: 'DRA-JIN', attr: '紫气' }, 'OX-HONG', 'TIG-HONG'] },
    hands: { 0: ['MON-HONG', 'RAT-Y1'] },
    pool: ['MON-Y1', 'DOG-Y1'],
  };
  const eatRed: DoufuMove = { type: 'eat', seat: 0, card: 'MON-HONG', take: 'MON-Y1' };

  it('§5.3 row 10: holds 姹紫嫣红 while the 4th 红 of 万紫千红 is still to be had', () => {
    expect(declares(play(table(purple), eatRed))).toBe(false);
  });

  it('declares 姹紫嫣红 at once when the 4th 红 is in the opponent’s area', () => {
    expect(declares(play(table({ ...purple, areas: { ...purple.areas, 1: ['ROO-HONG', 'ROO-Y1'] } }), eatRed))).toBe(true);
  });

  it('declares at once when the opponent can declare itself', () => {
    const s = table({ ...purple, areas: { ...purple.areas, 1: ['TIG-JIN', 'DRA-Y1', 'MON-JIN', 'ROO-JIN', 'PIG-Y1'] } });
    expect(s.step.k).toBe('turn');
    expect(declares(play(s, eatRed))).toBe(true);
  });

  it('declares at once late in the hand (the deck nearly spent)', () => {
    expect(declares(play(table({ ...purple, deck: ['RAT-Y2', 'OX-Y2'], exactDeck: true }), eatRed))).toBe(true);
  });

  it('takes the card that completes 万紫千红 over another 吃', () => {
    const s = table({ ...purple, areas: { 0: [...purple.areas![0]!, 'MON-HONG'] }, hands: { 0: ['ROO-HONG', 'RAT-FU'] }, pool: ['ROO-Y1', 'RAT-Y1', 'OX-Y1'] });
    expect(best(s)).toMatchObject({ type: 'eat', card: 'ROO-HONG' });
  });

  it('files 金龙 as 紫气 when that completes 万紫千红 (and as 金 toward 四海平生 otherwise)', () => {
    const reds = ['OX-HONG', 'TIG-HONG', 'MON-HONG', 'ROO-HONG'] as const;
    const s = play(table({ players: 2, areas: { 0: ['RAB-ZI', 'SNA-ZI', 'GOA-ZI', ...reds] }, hands: { 0: ['DRA-JIN'] }, pool: ['DRA-Y1'] }), { type: 'eat', seat: 0, card: 'DRA-JIN', take: 'DRA-Y1' });
    expect(s.step.k).toBe('attr');
    expect(best(s)).toMatchObject({ type: 'chooseAttr', attr: '紫气' });
    const g = play(table({ players: 2, areas: { 0: ['TIG-JIN', 'MON-JIN', 'ROO-JIN'] }, hands: { 0: ['DRA-JIN'] }, pool: ['DRA-Y1'] }), { type: 'eat', seat: 0, card: 'DRA-JIN', take: 'DRA-Y1' });
    expect(best(g)).toMatchObject({ type: 'chooseAttr', attr: '金' });
  });

  it('§5.3 row 9: holds 紫气东来 while the 3rd 红 of 姹紫嫣红 can be eaten next turn; declares once it is gone', () => {
    // P0 has 2 红气 in its area and eats the 3rd 紫 (紫羊): 紫气东来 (3, 2), W = 7. 红猴 is in its hand
    // with a 猴 in the pool, so 姹紫嫣红 (W = 10) is one 吃 away.
    const spec: TableSpec = {
      players: 2,
      areas: { 0: ['RAB-ZI', 'SNA-ZI', 'OX-HONG', 'TIG-HONG'] },
      hands: { 0: ['GOA-ZI', 'MON-HONG', 'RAT-Y1'] },
      pool: ['GOA-Y1', 'MON-Y1', 'DOG-Y1'],
    };
    const eat: DoufuMove = { type: 'eat', seat: 0, card: 'GOA-ZI', take: 'GOA-Y1' };
    expect(declares(play(table(spec), eat))).toBe(false);
    const gone = { ...spec, hands: { 0: ['GOA-ZI', 'RAT-Y1'] }, pool: ['GOA-Y1', 'DOG-Y1'], areas: { ...spec.areas, 1: ['MON-HONG', 'ROO-HONG', 'MON-Y1', 'ROO-Y1'] } } satisfies TableSpec;
    expect(declares(play(table(gone), eat))).toBe(true);
  });

  it('§5.3 row 3: holds 连中三元 while the 4th 金 of 四海平生 is to be had; declares once it is gone', () => {
    const spec: TableSpec = { hands: { 0: ['ROO-JIN'] }, pool: ['ROO-Y1'], areas: { 0: ['TIG-JIN', 'TIG-Y1', 'MON-JIN', 'MON-Y1'] } };
    const eat: DoufuMove = { type: 'eat', seat: 0, card: 'ROO-JIN', take: 'ROO-Y1' };
    expect(declares(play(table(spec), eat))).toBe(false);
    expect(declares(play(table({ ...spec, areas: { ...spec.areas, 1: ['DRA-JIN', 'DRA-Y1'] } }), eat))).toBe(true);
  });
});
