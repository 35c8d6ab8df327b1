/**
 * How a score-area chip is marked besides its turn: a skill that is spent (used, 横置) or void
 * (作废) gets a written label next to the chip, so its state never rests on colour or rotation
 * alone.
 */
import type { AreaCard, YuzhuState } from '../../../../../shared/games/doufu/types';

/** A chip's written mark. */
export type ChipMark = 'used' | 'void' | null;

/**
 * The mark of a card in a score area: a 福 card's used or void skill; 玉猪 once both its
 * use-skills are spent (one spent shows as its turn: sideways or upside down).
 */
export function chipMark(card: Pick<AreaCard, 'code' | 'skill'>, yuzhu: Pick<YuzhuState, 'useSkills' | 'sideways' | 'inverted'>): ChipMark {
  if (card.code === 'PIG-YU') return yuzhu.useSkills && yuzhu.sideways && yuzhu.inverted ? 'used' : null;
  return card.skill === 'used' ? 'used' : card.skill === 'void' ? 'void' : null;
}
