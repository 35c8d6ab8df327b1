/**
 * Why a move is refused: a specific code and a message in both languages (for the table's toast
 * and for bug reports). Only called for moves that are not in the legal list.
 */
import { ENGINE_ERRORS, engineError } from '../../engine/errors';
import type { EngineError } from '../../engine/types';
import { dealSizes, latestMod, poolMask, ZOD } from './state';
import { DOUFU_ERRORS } from './refusal-codes';
import { explainSkill } from './skill-refusal';
import { MOD, type DoufuMove, type DoufuState, type Step } from './types';

export { DOUFU_ERRORS };

/** What each decision asks for, in both languages (the engine's messages quote it). */
export const STEP_TEXT: Record<Step['k'], [string, string]> = {
  chooseFirst: ['选择先手玩家', 'choose the first player'],
  reshuffle: ['决定是否重新洗牌', 'decide whether to reshuffle'],
  dealWindow: ['决定是否宣胜（天时/地利）', "decide whether to declare Heaven's Timing or Earth's Advantage"],
  turn: ['行动（摸牌、吃牌、叠蒙或发动技能）', 'act (draw, eat, stack-and-flip or use a skill)'],
  fuji: ['决定是否发动闻鸡起舞', 'decide whether to use Cockcrow Peek'],
  arrange: ['安排查看的牌', 'arrange the peeked cards'],
  pick: ['选择取走哪一张', 'choose which card to take'],
  attr: ['选择双色牌的属性', "choose the dual card's attribute"],
  steal: ['决定是否抢一张单运', 'decide whether to steal a single-luck card'],
  swap: ['决定是否蒙换', 'decide whether to flip-swap'],
  ox: ['决定是否与目标交换一张手牌', "decide whether to swap a card with the target's hand"],
  gift: ['决定是否接受', 'accept or refuse'],
  window: ['决定是否宣胜', 'decide whether to declare victory'],
  roulette: ['翻一张牌', 'flip a card'],
  over: ['（比赛已结束）', '(the match is over)'],
  run: ['（引擎处理中）', '(engine working)'],
};

/** Move types that answer each decision. */
const STEP_MOVES: Record<Step['k'], readonly DoufuMove['type'][]> = {
  chooseFirst: ['chooseFirst'],
  reshuffle: ['reshuffle', 'decline'],
  dealWindow: ['declare', 'decline'],
  turn: ['draw', 'eat', 'stack', 'skill', 'pass'],
  fuji: ['skill', 'decline'],
  arrange: ['arrange'],
  pick: ['pick'],
  attr: ['chooseAttr'],
  steal: ['steal', 'skipSteal'],
  swap: ['swap', 'skipSwap'],
  ox: ['swap', 'skipSwap'],
  gift: ['accept', 'decline'],
  window: ['declare', 'decline'],
  roulette: ['flip'],
  over: [],
  run: [],
};

/** The refusal for a move that is not legal now. */
export function explain(s: DoufuState, m: DoufuMove): EngineError {
  const st = s.step;
  const seats = st.k === 'chooseFirst' ? st.seats : 'seat' in st ? [st.seat] : [];
  const [zh, en] = STEP_TEXT[st.k];
  if (!seats.includes(m.seat))
    return engineError(ENGINE_ERRORS.NOT_YOUR_TURN, `现在等待座位 ${seats.join('、')}：${zh}。`, `Waiting for seat ${seats.join(' or ')} to ${en}.`);
  const types = STEP_MOVES[st.k];
  if (!types.includes(m.type))
    return engineError(DOUFU_ERRORS.WRONG_STEP, `现在需要：${zh}（可用：${types.join('、')}）。`, `Now you must ${en}; allowed moves: ${types.join(', ')}.`);
  const hand = s.hands[m.seat] ?? [];
  const mod = latestMod(s, m.seat)?.kind;
  switch (m.type) {
    case 'draw':
      if (mod) return restricted(mod === MOD.ONLY_EAT ? '吃牌' : '叠蒙');
      if (!s.deck.length) return engineError(DOUFU_ERRORS.DECK_EMPTY, '牌库已空。', 'The deck is empty.');
      if (hand.length >= dealSizes(s).L) return engineError(DOUFU_ERRORS.HAND_FULL, '手牌已满，不能摸牌。', 'Your hand is full; you cannot draw.');
      break;
    case 'eat':
      if (mod === MOD.ONLY_STACK) return restricted('叠蒙');
      if (!hand.includes(m.card)) return notInHand(m.card);
      if (!s.pool.some((e) => e.includes(m.take))) return engineError(DOUFU_ERRORS.NOT_IN_POOL, `池中没有 ${m.take}。`, `${m.take} is not in the pool.`);
      if (ZOD[m.card] !== ZOD[m.take]) return engineError(DOUFU_ERRORS.NO_MATCH, '吃牌须为同一生肖。', 'You can only eat a pool card of the same zodiac.');
      if (m.split) return engineError(DOUFU_ERRORS.SANTIE, '三叠不能拆开。', 'A triple stack cannot be split (option santie_splittable is off).');
      break;
    case 'stack':
      if (mod === MOD.ONLY_EAT) return restricted('吃牌');
      if (!hand.includes(m.card)) return notInHand(m.card);
      if (!s.deck.length) return engineError(DOUFU_ERRORS.DECK_EMPTY, '牌库已空，不能叠蒙。', 'The deck is empty; you cannot stack-and-flip.');
      if (poolMask(s)[ZOD[m.card] ?? -1]) return engineError(DOUFU_ERRORS.ZODIAC_IN_POOL, '池中已有该生肖，不能叠。', 'The pool already has that zodiac; stack a card whose zodiac is not in the pool.');
      break;
    case 'swap':
      if (!hand.includes(m.give)) return notInHand(m.give);
      if (st.k === 'swap' && s.pool.some((e) => e.length > 1 && e.includes(m.take)))
        return engineError(DOUFU_ERRORS.SANTIE, '不能从三叠中换走单张。', 'You cannot swap a card out of a triple stack.');
      break;
    case 'pass':
      return engineError(ENGINE_ERRORS.ILLEGAL, '有可行的行动时不能跳过。', 'You can pass only when no action is legal.');
    case 'skill':
      return explainSkill(s, m);
    default:
      break;
  }
  return engineError(ENGINE_ERRORS.ILLEGAL, `该操作不合规则：${zh}。`, `That move is not legal now; you must ${en}.`);
}

function restricted(only: string): EngineError {
  return engineError(DOUFU_ERRORS.RESTRICTED, `本回合只能${only}（技能限制）。`, `A skill restricts you to ${only === '叠蒙' ? 'stack-and-flip' : 'eat'} this turn.`);
}
function notInHand(card: string): EngineError {
  return engineError(DOUFU_ERRORS.NOT_IN_HAND, `手牌中没有 ${card}。`, `${card} is not in your hand.`);
}
