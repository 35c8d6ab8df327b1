/**
 * Why a move is refused, in Chinese and English: the table shows this when a person tries an
 * illegal action (a transform off a star, a power of the wrong zodiac, a cost they cannot pay…).
 */
import type { LocalText } from '../../engine/types';
import { isStar, squareOf, zodiacFree } from './board';
import type { DecisionKind } from './legal';
import { canPay } from './tokens';
import { POWER_ZODIAC, ZODIAC_NAMES, ZODIACS, type ZrMove, type ZrState } from './types';

const t = (zh: string, en: string): LocalText => ({ zh, en });

const WAITING: Record<DecisionKind, LocalText> = {
  choose: t('现在要选择起始生肖。', 'Choose a starting animal now.'),
  main: t('现在是主阶段：掷骰、发动效果、变换或结束回合。', 'It is the main phase: roll, use a power, transform or end the turn.'),
  bonus: t('先决定奖励掷骰：掷或放弃。', 'First take or skip the bonus roll.'),
  dog: t('现在只能决定是否用狗的效果无效对方（negate / pass）。', 'Now you can only decide whether your Dog negates (negate / pass).'),
  pig: t('现在只能决定是否形成脂肪壁垒（barrier / pass）。', 'Now you can only decide whether to raise the fat wall (barrier / pass).'),
  attach: t('现在只能决定是否附随（attach / go）。', 'Now you can only decide whether to attach (attach / go).'),
  star: t('现在只能决定是否停在变换格（stop / go）。', 'Now you can only decide whether to stop on the star (stop / go).'),
  gallop: t('现在只能决定是否因超越而再掷（gallop / go）。', 'Now you can only decide whether to take the overtaking roll (gallop / go).'),
  grab: t('现在只能决定是否夺走超越者的一个代币（grab / pass）。', 'Now you can only decide whether to grab a token from the passer (grab / pass).'),
  mods: t('现在要选择使用哪些被动效果（mods）。', 'Choose which passive powers to use on this roll (mods).'),
  discard: t('代币超过 12 个：先选一个放回。', 'More than 12 tokens: return one first.'),
  steal: t('现在选择要抢的代币，或结束（done）。', 'Pick a token to steal, or done.'),
  swap: t('现在选择要交换的代币；至少换一个之后才能结束（done）。', 'Pick tokens to swap; you may stop (done) after at least one swap.'),
  monkeyStart: t('回合开始：继续附随（continue）或解除（detach）。', 'Start of turn: continue riding (continue) or detach.'),
  offer: t('队友提议交换代币：同意（accept）或谢绝（decline）。', 'A teammate offers an exchange: accept or decline.'),
};

/** The reason a well-formed move by the deciding seat is not legal now. */
export function explainRefusal(s: ZrState, m: ZrMove, kind: DecisionKind): LocalText {
  const mainTypes = ['roll', 'end', 'transform', 'power', 'give', 'exchange'];
  if (kind !== 'main' && mainTypes.includes(m.type)) return WAITING[kind];
  const p = s.pieces[m.seat]!;
  const tr = s.turn;
  switch (m.type) {
    case 'roll':
      return tr.rolled ? t('本回合已经掷过骰子（或已宣言不掷）。', 'You have already rolled this turn (or declared not to).') : WAITING[kind];
    case 'end':
      return t('结束回合前必须先掷骰子一次。', 'You must roll once before ending your turn.');
    case 'transform': {
      if (tr.transformed) return t('每回合只能变换一次生肖。', 'You can transform only once per turn.');
      if (!isStar(s, squareOf(s, p.prog))) return t('只有站在变换格（★）上才能变换生肖（猴的效果除外）。', 'You can transform only on a star square (★), unless you use the Monkey.');
      if (!ZODIACS.includes(m.to) || m.to === p.zodiac) return t('请选择另一个生肖。', 'Choose a different animal.');
      if (!zodiacFree(s, m.seat, m.to)) return t('队友正在使用这个生肖。', 'A teammate shows that animal.');
      return t('变换生肖需要消耗一个你持有的代币。', 'Transforming costs one token that you hold.');
    }
    case 'power': {
      const z = POWER_ZODIAC[m.power as keyof typeof POWER_ZODIAC];
      if (!z) return t('没有这个效果。', 'There is no such power.');
      const name = ZODIAC_NAMES[z];
      if (p.zodiac !== z) return t(`你现在不是${name.zh}。`, `You are not the ${name.en} now.`);
      if (p.roared || p.poisonedBy >= 0) return t('胆怯或中毒时不能发动效果。', 'You cannot use powers while roared or poisoned.');
      if (tr.locked && tr.locked !== z) return t(`本回合已发动过${ZODIAC_NAMES[tr.locked].zh}的效果，只能继续用它的效果。`, `This turn is locked to the ${ZODIAC_NAMES[tr.locked].en}: you used its power first.`);
      if (['R2', 'O2', 'T2', 'RB'].includes(m.power) && tr.once.includes(m.power)) return t('此效果一回合只能发动一次。', 'This power can be used only once per turn.');
      if (m.power === 'RB' && tr.rolled) return t('兔的宣言必须在掷骰子之前。', "The Rabbit's declaration comes before rolling.");
      if ('target' in m && (m.target === m.seat || s.pieces[m.target]?.proud)) return t('不能指定这个棋子（自己或骄傲中的兔）。', 'You cannot target that piece (yourself, or a proud Rabbit).');
      if ('pay' in m && Array.isArray(m.pay) && !canPay(p.tok, m.pay)) return t('你没有这些代币。', 'You do not hold those tokens.');
      if (m.power === 'R2') return t('全场每位玩家都要持有这个点数的代币。', 'Every player must hold a token of that value.');
      if (m.power === 'S1' && tr.once.includes('S2')) return t('本回合已用过“一个红色当两个蓝色”。', 'You already counted a red token as two blue this turn.');
      return t('这个效果的费用或条件不符合。', "That power's cost or condition is not met.");
    }
    default:
      return WAITING[kind];
  }
}
