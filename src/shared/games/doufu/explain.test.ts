// Every refusal names its real cause: one case per refusal code, each checked for its code and for
// words of its cause in both languages (so a voided skill never says "one skill per turn").
import { describe, expect, it } from 'vitest';
import { ENGINE_ERRORS } from '../../engine/errors';
import { DOUFU_ERRORS } from './explain';
import { doufu } from './game';
import { dealSizes } from './state';
import { play, playAll, table } from './testing';
import type { DoufuMove, DoufuState } from './types';

const skill = (seat: number, card: string, extra: Record<string, unknown> = {}): DoufuMove => ({ type: 'skill', seat, card, ...extra }) as DoufuMove;

/** A state, a move it refuses, and words of the cause its message must carry. */
interface Case {
  code: string;
  state: () => DoufuState;
  move: DoufuMove;
  zh: RegExp;
  en: RegExp;
}

const jadePig = (yuzhu = {}) =>
  table({
    areas: { 0: ['PIG-YU', 'PIG-HE'], 1: [{ code: 'TIG-FU', skill: 'used' }, 'TIG-Y1', 'OX-FU', 'OX-Y1'] },
    hands: { 0: ['RAT-Y1'] },
    yuzhu,
  });

/** The Fortune Monkey voided by the Jade Pig's lock: its owner eats the Jade Pig, then tries the Monkey next turn. */
const lockedMonkey = () => {
  const s = table({ areas: { 0: ['MON-FU', 'MON-Y1'] }, hands: { 0: ['PIG-HE', 'HOR-Y1'] }, pool: ['PIG-YU'] });
  return playAll(s, [{ type: 'eat', seat: 0, card: 'PIG-HE', take: 'PIG-YU' }, { type: 'draw', seat: 1 }, { type: 'draw', seat: 2 }]);
};

/** Seat 1 holds an unused Fortune Rooster (and an Ox); seat 2 has just stacked, so seat 1 is asked about Cockcrow Peek. */
const roosterWindow = () => play(table({ turn: 2, areas: { 1: ['ROO-FU', 'ROO-Y1', 'OX-FU', 'OX-Y1'] }, hands: { 2: ['DRA-Y2'] } }), { type: 'stack', seat: 2, card: 'DRA-Y2' });

const CASES: Case[] = [
  { code: ENGINE_ERRORS.NOT_YOUR_TURN, state: () => table(), move: { type: 'draw', seat: 1 }, zh: /等待座位 0/, en: /Waiting for seat 0/ },
  { code: ENGINE_ERRORS.ILLEGAL, state: () => table({ hands: { 0: ['RAT-Y1'] } }), move: { type: 'pass', seat: 0 }, zh: /跳过/, en: /pass only when/ },
  { code: DOUFU_ERRORS.WRONG_STEP, state: () => table(), move: { type: 'flip', seat: 0, index: 0 }, zh: /现在需要/, en: /Now you must act/ },
  {
    code: DOUFU_ERRORS.HAND_FULL,
    state: () => {
      const L = dealSizes(table()).L;
      return table({ hands: { 0: ['RAT-Y1', 'OX-Y1', 'TIG-Y1', 'RAB-Y1', 'DRA-Y1', 'HOR-Y1', 'GOA-Y1', 'DOG-Y1', 'PIG-Y1'].slice(0, L) } });
    },
    move: { type: 'draw', seat: 0 },
    zh: /手牌已满/,
    en: /hand is full/,
  },
  { code: DOUFU_ERRORS.DECK_EMPTY, state: () => table({ hands: { 0: ['OX-Y1'] }, pool: ['OX-HONG'], deck: [], exactDeck: true }), move: { type: 'draw', seat: 0 }, zh: /牌库已空/, en: /deck is empty/ },
  {
    code: DOUFU_ERRORS.RESTRICTED,
    state: () => table({ hands: { 0: ['TIG-Y1'] }, pending: { 0: [{ kind: 'onlyStack', seq: 5, by: 1 }] } }),
    move: { type: 'draw', seat: 0 },
    zh: /只能叠蒙/,
    en: /restricts you to stack-and-flip/,
  },
  { code: DOUFU_ERRORS.NOT_IN_HAND, state: () => table({ hands: { 0: ['OX-Y1'] }, pool: ['OX-HONG'] }), move: { type: 'eat', seat: 0, card: 'OX-Y2', take: 'OX-HONG' }, zh: /手牌中没有 OX-Y2/, en: /OX-Y2 is not in your hand/ },
  { code: DOUFU_ERRORS.NOT_IN_POOL, state: () => table({ hands: { 0: ['OX-Y1'] }, pool: ['OX-HONG'] }), move: { type: 'eat', seat: 0, card: 'OX-Y1', take: 'OX-Y2' }, zh: /池中没有/, en: /not in the pool/ },
  { code: DOUFU_ERRORS.NO_MATCH, state: () => table({ hands: { 0: ['OX-Y1', 'TIG-Y1'] }, pool: ['OX-HONG'] }), move: { type: 'eat', seat: 0, card: 'TIG-Y1', take: 'OX-HONG' }, zh: /同一生肖/, en: /same zodiac/ },
  { code: DOUFU_ERRORS.ZODIAC_IN_POOL, state: () => table({ hands: { 0: ['OX-Y1'] }, pool: ['OX-HONG'] }), move: { type: 'stack', seat: 0, card: 'OX-Y1' }, zh: /池中已有该生肖/, en: /already has that zodiac/ },
  {
    code: DOUFU_ERRORS.SANTIE,
    state: () => table({ hands: { 0: ['OX-Y1'] }, pool: [['OX-HONG', 'OX-Y2', 'OX-FU']] }),
    move: { type: 'eat', seat: 0, card: 'OX-Y1', take: 'OX-HONG', split: true } as DoufuMove,
    zh: /三叠不能拆开/,
    en: /cannot be split/,
  },
  { code: DOUFU_ERRORS.SKILL, state: () => jadePig(), move: skill(0, 'PIG-YU', { imitate: 'TIG-FU', annul: 'OX-FU' }), zh: /之一/, en: /one of the two/ },
  { code: DOUFU_ERRORS.SKILL_NOT_NOW, state: roosterWindow, move: skill(1, 'OX-FU', { target: 2 }), zh: /只能发动闻鸡起舞/, en: /Only Cockcrow Peek/ },
  {
    code: DOUFU_ERRORS.SKILL_ONCE,
    state: () => play(table({ areas: { 0: ['RAT-FU', 'RAT-Y1', 'OX-FU', 'OX-Y1'] } }), skill(0, 'RAT-FU', { target: 1 })),
    move: skill(0, 'OX-FU', { target: 1 }),
    zh: /本回合已经发动过技能/,
    en: /already used a skill this turn/,
  },
  { code: DOUFU_ERRORS.SKILL_BANNED, state: () => table({ areas: { 0: ['OX-FU', 'OX-Y1'] }, fujiBan: { 0: 5 } }), move: skill(0, 'OX-FU', { target: 1 }), zh: /闻鸡起舞/, en: /used Cockcrow Peek/ },
  { code: DOUFU_ERRORS.SKILL_NOT_YOURS, state: () => table({ areas: { 1: ['OX-FU', 'OX-Y1'] } }), move: skill(0, 'OX-FU', { target: 1 }), zh: /福牛不在你的得分区/, en: /Fortune Ox is not in your score area/ },
  { code: DOUFU_ERRORS.SKILL_SPENT, state: () => table({ areas: { 0: [{ code: 'OX-FU', skill: 'used' }, 'OX-Y1'] } }), move: skill(0, 'OX-FU', { target: 1 }), zh: /已经用过/, en: /already used this hand/ },
  { code: DOUFU_ERRORS.SKILL_VOID, state: lockedMonkey, move: skill(0, 'MON-FU', { target: 1 }), zh: /福猴的技能已被玉猪作废/, en: /Fortune Monkey's skill is void/ },
  { code: DOUFU_ERRORS.SKILL_ROOSTER, state: () => table({ areas: { 0: ['ROO-FU', 'ROO-Y1'] } }), move: skill(0, 'ROO-FU', { target: 1 }), zh: /其他玩家叠蒙之后/, en: /right after another player stacks/ },
  {
    code: DOUFU_ERRORS.SKILL_NO_TARGET,
    state: () => table({ areas: { 0: ['SNA-FU', 'SNA-Y1'], 1: ['RAT-Y1'], 2: ['OX-Y1'] } }),
    move: skill(0, 'SNA-FU', { target: 0, target2: 1, take: 'SNA-Y1', take2: 'RAT-Y1' }),
    zh: /福蛇现在无法发动.*同一生肖/,
    en: /no use now: no two players of different sides have scored cards of the same zodiac/,
  },
  { code: DOUFU_ERRORS.SKILL_TARGET, state: () => table({ areas: { 0: ['OX-FU', 'OX-Y1'] } }), move: skill(0, 'OX-FU', { target: 0 }), zh: /另一位玩家/, en: /another player, not yourself/ },
  { code: DOUFU_ERRORS.JADE_PIG, state: () => jadePig({ sideways: true }), move: skill(0, 'PIG-YU', { imitate: 'TIG-FU' }), zh: /照猫画虎本局已用过/, en: /Imitate is already used/ },
];

describe('refusals name their real cause', () => {
  it('covers every 斗福 refusal code', () => {
    const covered = new Set(CASES.map((c) => c.code));
    expect(Object.values(DOUFU_ERRORS).filter((c) => !covered.has(c))).toEqual([]);
  });

  for (const c of CASES)
    it(c.code, () => {
      const r = doufu.apply(c.state(), c.move);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.code).toBe(c.code);
      expect(r.message.zh).toMatch(c.zh);
      expect(r.message.en).toMatch(c.en);
      // "One skill per turn" is the cause only when a skill was already used this turn.
      if (c.code !== DOUFU_ERRORS.SKILL_ONCE) expect(r.message.en).not.toMatch(/one skill per turn/);
    });

  it('more causes: an empty deck for the Horse, a Gold card for the Dragon, an unused card to imitate, a Pig got by the Snake', () => {
    const horse = doufu.apply(table({ areas: { 0: ['HOR-FU', 'HOR-Y1'] }, hands: { 0: ['OX-Y1'] }, pool: ['OX-HONG'], deck: [], exactDeck: true }), skill(0, 'HOR-FU', { target: 1 }));
    expect(!horse.ok && [horse.code, horse.message.en]).toEqual([DOUFU_ERRORS.SKILL_NO_TARGET, 'Fortune Horse has no use now: the deck is empty.']);
    const dragon = doufu.apply(table({ areas: { 0: ['DRA-FU', 'DRA-Y1'], 1: [{ code: 'TIG-JIN', attr: '金' }, 'RAT-Y1'] } }), skill(0, 'DRA-FU', { target: 1, take: 'TIG-JIN' }));
    expect(!dragon.ok && [dragon.code, dragon.message.en]).toEqual([DOUFU_ERRORS.SKILL_TARGET, 'The Fortune Dragon cannot take a Gold or Jade card.']);
    const unused = doufu.apply(jadePig(), skill(0, 'PIG-YU', { imitate: 'OX-FU', target: 1 }));
    expect(!unused.ok && [unused.code, unused.message.en]).toEqual([DOUFU_ERRORS.SKILL_TARGET, "Imitate copies only a Fortune card whose skill has been used; Fortune Ox's skill is not used yet."]);
    const bySnake = doufu.apply(jadePig({ useSkills: false }), skill(0, 'PIG-YU', { annul: 'OX-FU' }));
    expect(!bySnake.ok && bySnake.code).toBe(DOUFU_ERRORS.JADE_PIG);
    const wrongStacker = doufu.apply(roosterWindow(), skill(1, 'ROO-FU', { target: 0 }));
    expect(!wrongStacker.ok && [wrongStacker.code, wrongStacker.message.en]).toEqual([DOUFU_ERRORS.SKILL_TARGET, 'Cockcrow Peek targets the player who just stacked.']);
  });
});
