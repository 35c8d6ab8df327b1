/**
 * Why a skill activation is refused, by its real cause: not the moment, a skill already used this
 * turn, the 福鸡 ban, a card that is not yours, spent or void, a skill with no use at all now, or a
 * target it may not take. Only called for activations that are not legal (explain.ts), so each
 * check below names the first rule the activation breaks, in the order a player would look.
 */
import { engineError } from '../../engine/errors';
import type { EngineError } from '../../engine/types';
import { CARD_BY_CODE, type CardCode } from './cards';
import { DOUFU_ERRORS } from './refusal-codes';
import { fulongMay, hasEffect } from './skills';
import { dealSizes, isIn, sideOf, skillBanned, ZOD } from './state';
import { PHASE, SKILL, type AreaCard, type DoufuState, type SkillMove } from './types';

/** A card's name in both languages (the code itself for an unknown one). */
function names(code: CardCode): [string, string] {
  const c = CARD_BY_CODE.get(code);
  return c ? [c.name, c.en] : [code, code];
}

const err = (code: string, zh: string, en: string): EngineError => engineError(code, zh, en);

/** The refusal of an illegal skill activation `m` in state `s`. */
export function explainSkill(s: DoufuState, m: SkillMove): EngineError {
  if (typeof m.card !== 'string') return err(DOUFU_ERRORS.SKILL, '技能须指明发动哪一张牌。', 'A skill must name the card whose skill is used.');
  if (s.step.k === 'fuji') return explainFuji(s, m, s.step.stacker);
  if (s.phase !== PHASE.NORMAL)
    return err(DOUFU_ERRORS.SKILL_NOT_NOW, '现在不能发动技能：轮盘蒙打阶段没有技能。', 'No skill now: skills are not used during Roulette.');
  if (s.skillUsed[m.seat])
    return err(DOUFU_ERRORS.SKILL_ONCE, '本回合已经发动过技能：每回合只能在开始阶段发动一次技能。', 'You already used a skill this turn: one skill per turn, in the start phase.');
  if (skillBanned(s, m.seat))
    return err(DOUFU_ERRORS.SKILL_BANNED, '上回合发动了闻鸡起舞：本回合不能发动技能，也不能宣胜。', 'You used Cockcrow Peek: this turn you may use no skill (and may not declare).');
  if (m.card === 'PIG-YU') return explainJadePig(s, m);
  const [zh, en] = names(m.card);
  const own = s.areas[sideOf(s, m.seat)]!.find((c) => c.code === m.card);
  if (!own) return err(DOUFU_ERRORS.SKILL_NOT_YOURS, `${zh}不在你的得分区，不能发动它的技能。`, `${en} is not in your score area, so you cannot use its skill.`);
  const state = cardState(own, zh, en);
  if (state) return state;
  if (m.card === 'ROO-FU')
    return err(DOUFU_ERRORS.SKILL_ROOSTER, '闻鸡起舞只能在其他玩家叠蒙之后发动，不在回合开始时。', 'Cockcrow Peek is used right after another player stacks-and-flips, not in the start phase.');
  if (CARD_BY_CODE.get(m.card)?.skill == null || !m.card.endsWith('-FU'))
    return err(DOUFU_ERRORS.SKILL_NOT_YOURS, `${zh}没有可以发动的技能。`, `${en} has no skill to use.`);
  return explainEffect(s, m, m.card, zh, en);
}

/** A scored 福 card whose skill cannot be used: spent this hand, or void. */
function cardState(c: AreaCard, zh: string, en: string): EngineError | null {
  if (c.skill === SKILL.VOID)
    return err(DOUFU_ERRORS.SKILL_VOID, `${zh}的技能已被玉猪作废（福祸相依或废文任武），但这张牌照常计分。`, `${en}'s skill is void — the Jade Pig's Lock or Annul voided it — though the card still scores.`);
  if (c.skill === SKILL.USED) return err(DOUFU_ERRORS.SKILL_SPENT, `${zh}的技能本局已经用过（横置）。`, `${en}'s skill is already used this hand (the card is turned sideways).`);
  return null;
}

/** The 福鸡 window: only 闻鸡起舞 (or 玉猪 imitating it), on the player who stacked. */
function explainFuji(s: DoufuState, m: SkillMove, stacker: number): EngineError {
  const rooster = m.card === 'ROO-FU' || (m.card === 'PIG-YU' && m.imitate === 'ROO-FU');
  if (!rooster) return err(DOUFU_ERRORS.SKILL_NOT_NOW, '现在只能发动闻鸡起舞（或不发动）。', 'Only Cockcrow Peek can be used now (or decline).');
  if (s.skillUsed[m.seat])
    return err(DOUFU_ERRORS.SKILL_ONCE, '本回合已经发动过技能：每回合只能发动一次技能。', 'You already used a skill this turn: one skill per turn.');
  if (m.seat === s.active && skillBanned(s, m.seat))
    return err(DOUFU_ERRORS.SKILL_BANNED, '上回合发动了闻鸡起舞：本回合不能发动技能。', 'You used Cockcrow Peek last turn: no skill this turn.');
  if (!s.deck.length) return err(DOUFU_ERRORS.SKILL_NO_TARGET, '牌库已空：闻鸡起舞无牌可看。', 'The deck is empty: Cockcrow Peek has no cards to look at.');
  const side = sideOf(s, m.seat);
  if (m.card === 'PIG-YU') {
    const y = s.yuzhu;
    if (y.holder !== side) return err(DOUFU_ERRORS.SKILL_NOT_YOURS, '玉猪不在你的得分区。', 'The Jade Pig is not in your score area.');
    if (!y.useSkills || y.sideways) return jadePigSpent(y.useSkills, 'imitate');
    if (!s.areas.some((a, o) => o !== side && a.some((c) => c.code === 'ROO-FU' && c.skill === SKILL.USED)))
      return err(DOUFU_ERRORS.SKILL_TARGET, '照猫画虎只能模仿其他玩家已用过的福鸡。', "Imitate copies only another player's Fortune Rooster that has been used.");
  } else {
    const own = s.areas[side]!.find((c) => c.code === 'ROO-FU');
    if (!own) return err(DOUFU_ERRORS.SKILL_NOT_YOURS, '福鸡不在你的得分区。', 'The Fortune Rooster is not in your score area.');
    const state = cardState(own, '福鸡', 'Fortune Rooster');
    if (state) return state;
  }
  if (m.target !== stacker) return err(DOUFU_ERRORS.SKILL_TARGET, '闻鸡起舞的对象是刚才叠蒙的玩家。', 'Cockcrow Peek targets the player who just stacked.');
  return err(DOUFU_ERRORS.SKILL, '闻鸡起舞只需指明刚才叠蒙的玩家。', 'Cockcrow Peek takes only the player who just stacked.');
}

/** 玉猪's 照猫画虎 (copy a USED 福 card of another side) or 废文任武 (void an UNUSED one). */
function explainJadePig(s: DoufuState, m: SkillMove): EngineError {
  const side = sideOf(s, m.seat);
  const y = s.yuzhu;
  if (y.holder !== side) return err(DOUFU_ERRORS.SKILL_NOT_YOURS, '玉猪不在你的得分区。', 'The Jade Pig is not in your score area.');
  if ((m.imitate === undefined) === (m.annul === undefined))
    return err(DOUFU_ERRORS.SKILL, '玉猪须选择照猫画虎（模仿）或废文任武（作废）之一。', 'The Jade Pig either copies a skill (Imitate) or voids one (Annul), one of the two.');
  const mode = m.imitate !== undefined ? 'imitate' : 'annul';
  if (!y.useSkills || (mode === 'imitate' ? y.sideways : y.inverted)) return jadePigSpent(y.useSkills, mode);
  const named = (m.imitate ?? m.annul)!;
  const [zh, en] = names(named);
  const c = s.areas.flatMap((a, o) => (o !== side && !s.out[o] ? a : [])).find((x) => x.code === named);
  if (!c) return err(DOUFU_ERRORS.SKILL_TARGET, `${zh}不在其他玩家的得分区。`, `${en} is not in another player's score area.`);
  if (mode === 'annul')
    return c.skill === SKILL.UNUSED
      ? err(DOUFU_ERRORS.SKILL, '废文任武只需指明要作废的牌。', 'Annul takes only the card to void.')
      : err(DOUFU_ERRORS.SKILL_TARGET, `废文任武只能作废未用过的福牌；${zh}的技能${c.skill === SKILL.VOID ? '已作废' : '已用过'}。`, `Annul voids only an unused Fortune card; ${en}'s skill is already ${c.skill === SKILL.VOID ? 'void' : 'used'}.`);
  if (c.skill !== SKILL.USED)
    return err(DOUFU_ERRORS.SKILL_TARGET, `照猫画虎只能模仿已用过（横置）的福牌；${zh}的技能${c.skill === SKILL.VOID ? '已作废' : '还没用过'}。`, `Imitate copies only a Fortune card whose skill has been used; ${en}'s skill is ${c.skill === SKILL.VOID ? 'void' : 'not used yet'}.`);
  if (named === 'ROO-FU')
    return err(DOUFU_ERRORS.SKILL_ROOSTER, '模仿闻鸡起舞只能在其他玩家叠蒙之后。', 'Copying Cockcrow Peek is possible only right after another player stacks-and-flips.');
  return explainEffect(s, m, named, zh, en);
}

function jadePigSpent(useSkills: boolean, mode: 'imitate' | 'annul'): EngineError {
  if (!useSkills)
    return err(DOUFU_ERRORS.JADE_PIG, '这只玉猪是由福蛇换来的（或在轮盘蒙打中得到），不能发动照猫画虎与废文任武。', 'This Jade Pig came by the Fortune Snake (or in Roulette): it brings no Imitate or Annul.');
  return mode === 'imitate'
    ? err(DOUFU_ERRORS.JADE_PIG, '玉猪的照猫画虎本局已用过（玉猪已横置）。', "The Jade Pig's Imitate is already used this hand (it is turned sideways).")
    : err(DOUFU_ERRORS.JADE_PIG, '玉猪的废文任武本局已用过（玉猪已倒置）。', "The Jade Pig's Annul is already used this hand (it is turned upside down).");
}

/** A skill that is usable in principle: no use at all now, or not on the seat or card named. */
function explainEffect(s: DoufuState, m: SkillMove, skill: CardCode, zh: string, en: string): EngineError {
  if (!hasEffect(s, m.seat, skill)) return noUse(s, skill, zh, en);
  const t = m.target;
  const needsSeat = skill !== 'TIG-FU';
  if (needsSeat && (typeof t !== 'number' || !Number.isInteger(t) || !isIn(s, t)))
    return err(DOUFU_ERRORS.SKILL_TARGET, `${zh}须选择一位仍在局中的玩家。`, `${en} needs a player who is still in the hand.`);
  const target = t!;
  switch (skill) {
    case 'OX-FU':
      if (target === m.seat) return err(DOUFU_ERRORS.SKILL_TARGET, '庖丁解牛须选另一位玩家。', 'The Fortune Ox targets another player, not yourself.');
      break;
    case 'RAB-FU':
      if (s.hands[target]!.length >= dealSizes(s).L) return err(DOUFU_ERRORS.SKILL_TARGET, '该玩家手牌已满，不能再摸牌。', "That player's hand is full: it cannot draw.");
      break;
    case 'DOG-FU':
      if (target === m.seat && !s.hands[target]!.includes(m.take!)) return err(DOUFU_ERRORS.SKILL_TARGET, '福狗对自己时须选你手中的一张牌。', 'Aimed at yourself, the Fortune Dog takes a card from your own hand.');
      if (target !== m.seat && !(typeof m.index === 'number' && m.index >= 0 && m.index < s.hands[target]!.length))
        return err(DOUFU_ERRORS.SKILL_TARGET, '该玩家手中没有这张牌可抽。', "That player's hand has no such card to take.");
      break;
    case 'DRA-FU': {
      if (sideOf(s, target) === sideOf(s, m.seat)) return err(DOUFU_ERRORS.SKILL_TARGET, '画龙点睛只能从对手的得分区取牌。', "The Fortune Dragon takes from an opponent's score area only.");
      const c = s.areas[sideOf(s, target)]!.find((x) => x.code === m.take);
      if (!c) return err(DOUFU_ERRORS.SKILL_TARGET, '该玩家的得分区没有这张牌。', "That player's score area has no such card.");
      if (!fulongMay(s, c)) return err(DOUFU_ERRORS.SKILL_TARGET, '福龙不能取金或玉属性的牌。', 'The Fortune Dragon cannot take a Gold or Jade card.');
      break;
    }
    case 'SNA-FU': {
      const t2 = m.target2;
      if (typeof t2 !== 'number' || !isIn(s, t2) || sideOf(s, t2) === sideOf(s, target))
        return err(DOUFU_ERRORS.SKILL_TARGET, '打草惊蛇须在两位不同阵营的玩家之间交换。', 'The Fortune Snake swaps between two players of different sides.');
      const a = s.areas[sideOf(s, Math.min(target, t2))]!.find((x) => x.code === m.take);
      const b = s.areas[sideOf(s, Math.max(target, t2))]!.find((x) => x.code === m.take2);
      if (!a || !b) return err(DOUFU_ERRORS.SKILL_TARGET, '交换的两张牌须分别在这两位玩家的得分区。', "Each swapped card must be in its player's score area.");
      if (s.opts.fushe_swap_rule !== 'any_cards' && ZOD[a.code] !== ZOD[b.code])
        return err(DOUFU_ERRORS.SKILL_TARGET, '打草惊蛇只能交换同一生肖的两张牌。', 'The Fortune Snake swaps only two cards of the same zodiac.');
      break;
    }
    default:
      break;
  }
  return err(DOUFU_ERRORS.SKILL, `${zh}的技能不接受这样的选择。`, `${en}'s skill does not take those choices.`);
}

/** A skill with no legal use now, by what is missing. */
function noUse(s: DoufuState, skill: CardCode, zh: string, en: string): EngineError {
  const code = DOUFU_ERRORS.SKILL_NO_TARGET;
  switch (skill) {
    case 'RAB-FU':
      return s.deck.length ? err(code, `${zh}现在无法发动：所有玩家手牌都已满。`, `${en} has no use now: every hand is full.`) : err(code, `${zh}现在无法发动：牌库已空。`, `${en} has no use now: the deck is empty.`);
    case 'HOR-FU':
      return err(code, `${zh}现在无法发动：牌库已空。`, `${en} has no use now: the deck is empty.`);
    case 'DOG-FU':
      return err(code, `${zh}现在无法发动：所有玩家都没有手牌。`, `${en} has no use now: no player has a card in hand.`);
    case 'DRA-FU':
      return err(code, `${zh}现在无法发动：对手的得分区没有可取的牌（福龙不能取金、玉）。`, `${en} has no use now: no opponent has a card it may take (not Gold or Jade).`);
    case 'SNA-FU':
      return s.opts.fushe_swap_rule === 'any_cards'
        ? err(code, `${zh}现在无法发动：没有两个对立阵营都有牌可换。`, `${en} has no use now: no two opposing players both have scored cards to swap.`)
        : err(code, `${zh}现在无法发动：没有两位不同阵营的玩家在得分区有同一生肖的牌可换。`, `${en} has no use now: no two players of different sides have scored cards of the same zodiac to swap.`);
    default:
      return err(code, `${zh}现在无法发动：没有合规则的对象。`, `${en} has no use now: nothing it may target.`);
  }
}
